import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_description_is_offered_to_translators() -> None:
    """The generated list must match the declarations (run packaging/gen_settings_strings.py after adding one)."""
    sys.path.insert(0, str(ROOT / "packaging"))
    import gen_settings_strings

    current = (ROOT / "gpudesk" / "ui" / "settings_strings.py").read_text(encoding="utf-8")
    assert current == gen_settings_strings.render(), "run: python packaging/gen_settings_strings.py"
