import subprocess
import sys
from pathlib import Path

from tests.helpers.tools import LINT_IMPORTS

ROOT = Path(__file__).resolve().parents[2]


def test_core_never_imports_qt_or_ui() -> None:
    """The import-linter contract in pyproject.toml: core stays usable without Qt."""
    result = subprocess.run(LINT_IMPORTS, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "KEPT" in result.stdout


def test_version_and_help_are_fast_and_do_not_import_qt() -> None:
    code = "import sys; from gpudesk.cli import main; main(['--version']) if False else None; print('PySide6' in sys.modules, 'paramiko' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
    result = subprocess.run([sys.executable, "-m", "gpudesk", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("gpudesk ")


def test_every_import_contract_is_checked_and_kept() -> None:
    """The ui's layers, the panels' independence and a Qt-free command line are contracts, not hopes."""
    result = subprocess.run(LINT_IMPORTS, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    text = " ".join(result.stdout.split())  # long contract names wrap in the report
    for name in (
        "the command line never imports Qt",
        "panels never import each other",
        "ui layers:",
        "only gpudesk.ui.qt imports Qt",
        "the core's packages and modules import each other without cycles",
    ):
        assert name in text, text
    assert " broken" not in text.replace("0 broken", "")


# Views get what they need handed to them (the workspace, the store, a callback), never by walking the
# widget tree. What may stay: the main window's own tabs, a window handed over explicitly, and the few
# places noted here with their reason.
REACH_THROUGH = ("window().", "getattr(self.window", "tabs_by_session")
ALLOWED = {
    "gpudesk/ui/main_window.py",  # the window's own dict of its tabs
    "gpudesk/ui/rent/dialog.py",  # the window it was given at construction (it opens the rented tab there)
}


def test_no_view_walks_the_window_to_find_another() -> None:
    found = []
    for path in sorted((ROOT / "gpudesk" / "ui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(needle in line for needle in REACH_THROUGH):
                found.append(f"{rel}:{number}: {line.strip()}")
    assert found == []
