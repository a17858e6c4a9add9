import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_core_never_imports_qt_or_ui() -> None:
    """The import-linter contract in pyproject.toml: core stays usable without Qt."""
    exe = shutil.which("lint-imports")
    cmd = [exe] if exe else [sys.executable, "-m", "importlinter.cli"]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "KEPT" in result.stdout


def test_version_and_help_are_fast_and_do_not_import_qt() -> None:
    code = "import sys; from gpudesk.cli import main; main(['--version']) if False else None; print('PySide6' in sys.modules, 'paramiko' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
    result = subprocess.run([sys.executable, "-m", "gpudesk", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("gpudesk ")
