import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.helpers.tools import pyside_tool

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import gen_core_strings  # noqa: E402  (packaging/ is not a package)

LUPDATE = pyside_tool("lupdate")


def test_core_texts_are_offered_to_translators() -> None:
    """The generated list must match the declarations (run packaging/gen_core_strings.py after changing one)."""
    current = (ROOT / "gpudesk" / "ui" / "core_strings.py").read_text(encoding="utf-8")
    assert current == gen_core_strings.render(), "run: python packaging/gen_core_strings.py"


def test_every_msg_template_in_core_is_collected() -> None:
    found = gen_core_strings.core_messages()
    assert len(found) == len(set(found)) and len(found) > 150
    for expected in (
        ("Planner", "Fits: {need} of {vram:.0f} GB per GPU"),
        ("Planner", "VRAM estimate: {estimate}; {assumptions}"),
        ("Estimate", "needs ≈{need:.0f} GB ({parts} GB, + overhead)"),
        ("BillingChart", "Pay for the hours used; stop any time."),
        ("EnvCheck", "{name} {version}: {why} (environment conflict)."),
        ("ProviderError", "{provider} ({status}): server error. Try again later."),
        ("ProviderNote", "Destroy deletes the instance with all its data and ends all billing for it."),
        ("Duration", "{hours} h {minutes:02d} min"),
    ):
        assert expected in found, expected
    generated = (ROOT / "gpudesk" / "ui" / "core_strings.py").read_text(encoding="utf-8")
    assert "QT_TRANSLATE_NOOP(\"Planner\", 'Fits: {need} of {vram:.0f} GB per GPU')," in generated


def test_the_scan_reads_literal_msg_calls_in_source_order() -> None:
    source = (
        "from gpudesk.core import i18n\n"
        "from gpudesk.core.i18n import msg\n"
        "def f(n):\n"
        "    b = msg('Ctx', 'second {n:.1f} h', n=n)\n"
        "    return [msg('Ctx', 'first' ' joined'), b, i18n.msg('Other', 'third {a}{b}', **{'a': 1, 'b': 2})]\n"
        "other = dict(msg='not a call')\n"
    )
    assert gen_core_strings.messages_in(source) == [
        ("Ctx", "second {n:.1f} h"),
        ("Ctx", "first joined"),
        ("Other", "third {a}{b}"),
    ]


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("msg('Ctx', f'{x} GPUs')", "literal"),
        ("msg(CONTEXT, 'text')", "literal"),
        ("msg('Ctx', 'a {count} b')", "not given"),
        ("msg('Ctx', 'a b', count=2)", "does not use"),
        ("msg('Ctx', 'a {} b', 2)", "literal"),
        ("msg('Ctx', 'a {0} b', **v)", "name every field"),
        ("msg('Ctx', 'a {oops b', oops=1)", "not a format template"),
        ("msg('two words', 'text')", "must be a name"),
    ],
)
def test_calls_lupdate_could_not_see_are_refused(source: str, why: str) -> None:
    with pytest.raises(gen_core_strings.MessageError, match=why):
        gen_core_strings.messages_in(source)


@pytest.mark.skipif(LUPDATE is None, reason="PySide6 (with its lupdate) is not installed")
def test_lupdate_reads_every_template_back_unchanged(tmp_path: Path) -> None:
    """Quotes, backslashes and braces survive the trip through the generated file and lupdate."""
    ts = tmp_path / "core.ts"
    subprocess.run(
        [*(LUPDATE or []), "-silent", "-extensions", "py", "-locations", "none",
         str(ROOT / "gpudesk" / "ui" / "core_strings.py"), "-ts", str(ts)],
        check=True,
    )  # fmt: skip
    seen = {
        (context.findtext("name"), message.findtext("source"))
        for context in ET.parse(ts).getroot().iter("context")
        for message in context.iter("message")
    }
    missing = set(gen_core_strings.core_messages()) - seen
    assert not missing, sorted(missing)[:5]
