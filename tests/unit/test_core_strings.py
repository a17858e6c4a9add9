import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_core_texts_are_offered_to_translators() -> None:
    """The generated list must match the declarations (run packaging/gen_core_strings.py after changing one)."""
    sys.path.insert(0, str(ROOT / "packaging"))
    import gen_core_strings

    current = (ROOT / "gpudesk" / "ui" / "core_strings.py").read_text(encoding="utf-8")
    assert current == gen_core_strings.render(), "run: python packaging/gen_core_strings.py"
