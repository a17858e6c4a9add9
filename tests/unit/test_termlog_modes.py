"""Terminal logs can hold secrets typed at prompts: owner-only files, rotated ones too."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from gpudesk.core.terminal.termlog import TerminalLog

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_log_files_are_owner_only_also_after_rotation(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual desktop umask would make a plain open() world-readable
    try:
        log = TerminalLog(tmp_path / "logs", "t1", max_bytes=1024, keep=3)
        for i in range(200):
            log.write(f"line {i:04d} password typed here\r\n".encode())
        log.close()
    finally:
        os.umask(old)
    files = log.files()
    assert len(files) == 4
    assert all(_mode(p) == 0o600 for p in files), [(p.name, oct(_mode(p))) for p in files]


def test_an_existing_readable_log_is_tightened_when_appended(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "t2.log").write_bytes(b"old\n")
    os.chmod(folder / "t2.log", 0o644)
    log = TerminalLog(folder, "t2")
    log.write(b"new\n")
    log.close()
    assert _mode(folder / "t2.log") == 0o600
    assert (folder / "t2.log").read_bytes() == b"old\nnew\n"
