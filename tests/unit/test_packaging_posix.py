"""The test suite can start on Windows: no POSIX-only module at import time, POSIX-only tests skipped with a reason."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POSIX_MODULES = ("pwd", "grp", "fcntl", "termios", "pty", "tty", "resource")


def test_helpers_and_conftest_import_without_posix_modules() -> None:
    """As on Windows: importing pwd/fcntl/termios/pty fails; the helpers and conftest must still import."""
    qt = importlib.util.find_spec("PySide6") is not None  # without Qt (the headless CI job): the Qt-free helpers
    helpers = sorted(
        p.stem
        for p in (ROOT / "tests" / "helpers").glob("*.py")
        if p.stem != "__init__" and (qt or "gpudesk.ui" not in p.read_text(encoding="utf-8"))
    )
    code = textwrap.dedent(f"""
        import importlib, sys
        for name in {POSIX_MODULES!r}:
            sys.modules[name] = None  # `import name` now raises ImportError, as on Windows
        importlib.import_module("tests.conftest")
        for name in {helpers!r}:
            importlib.import_module("tests.helpers." + name)
        print("imported")
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert run.returncode == 0 and "imported" in run.stdout, run.stderr[-3000:]


def _run_suite(tmp_path: Path, os_name: str) -> str:
    """Run a small suite through tests/conftest.py's collection hook with the OS it sees set to ``os_name``."""
    (tmp_path / "conftest.py").write_text(textwrap.dedent(f"""
        import os, types
        import pytest
        import tests.conftest as real

        @pytest.fixture
        def sshd():
            return "server"

        def pytest_collection_modifyitems(config, items):
            real.os = types.SimpleNamespace(name={os_name!r}, environ=os.environ)  # only the hook's view
            real.pytest_collection_modifyitems(config, items)
    """))
    (tmp_path / "test_sample.py").write_text(textwrap.dedent("""
        import pytest

        @pytest.mark.posix_only(reason="makes a FIFO")
        def test_fifo():
            pass

        def test_uses_the_server(sshd):
            assert sshd == "server"

        def test_plain():
            pass
    """))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestUnknownMarkWarning",
                          "--rootdir", str(tmp_path), str(tmp_path)], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout


def test_posix_only_tests_skip_with_their_reason_on_windows(tmp_path: Path) -> None:
    out = _run_suite(tmp_path, "nt")
    assert "1 passed, 2 skipped" in out, out
    assert "POSIX only: makes a FIFO" in out and "POSIX only: needs the real OpenSSH sshd" in out


def test_posix_only_tests_run_on_posix(tmp_path: Path) -> None:
    out = _run_suite(tmp_path, "posix")
    assert "3 passed" in out, out
