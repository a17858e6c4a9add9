"""The smoke test's proof that the windowed app showed its window does not need stdout (a windowed exe has none)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_window_shown_is_written_to_the_named_file_with_no_stdout(tmp_path: Path) -> None:
    pytest.importorskip("PySide6", reason="starts the windowed app: needs Qt (the headless CI job has none)")
    shown = tmp_path / "shown.txt"
    code = "import sys; sys.stdout = None; from gpudesk.cli import main; sys.exit(main([]))"  # as in a windowed exe
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "GPUDESK_HOME": str(tmp_path / "home"),
           "GPUDESK_EXIT_AFTER_SHOW": "1", "GPUDESK_SHOWN_FILE": str(shown)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert shown.read_text(encoding="utf-8") == "window-shown\n"
