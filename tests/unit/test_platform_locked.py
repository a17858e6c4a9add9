"""Locked files (antivirus, OneDrive, an open editor on Windows): one retry after a short wait,
then an error that says another program holds the file. The lock is real: an immutable file
(``chattr +i``) refuses to be replaced even by root, as a held file does on Windows."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.core.transfer import DONE, FAILED, TransferQueue, locked
from gpudesk.core.transfer.errors import describe_local
from gpudesk.core.transfer.locked import retry_locked

pytestmark = pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr (e2fsprogs)")


def lock(path: Path) -> None:
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("this file system has no immutable flag")


def unlock(path: Path) -> None:
    subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.fixture
def held(tmp_path: Path):
    target = tmp_path / "checkpoint.pt"
    target.write_bytes(b"old")
    lock(target)
    yield target
    unlock(target)


def test_a_file_released_during_the_wait_is_replaced_on_the_retry(held: Path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    part = held.with_name("checkpoint.pt.gpudesk-part")
    part.write_bytes(b"new")
    waits: list[int] = []
    retry_locked(lambda: part.replace(held), wait=lambda: (waits.append(1), unlock(held)))  # the scan ends meanwhile
    assert waits == [1] and held.read_bytes() == b"new"


def test_off_windows_a_permission_error_is_not_retried(held: Path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    part = held.with_name("x.part")
    part.write_bytes(b"new")
    with pytest.raises(PermissionError):
        retry_locked(lambda: part.replace(held), wait=lambda: pytest.fail("retried"))


def test_a_download_onto_a_held_file_retries_once_then_says_why(connect, remote_dir: str, held: Path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(locked, "RETRY_WAIT_S", 0.05)
    conn = connect()
    conn.exec(f"printf 'fresh weights' > {shlex.quote(remote_dir)}/checkpoint.pt")
    q = TransferQueue(conn)
    try:
        item = q.add_download(f"{remote_dir}/checkpoint.pt", held.parent)
        assert q.wait_idle(60)
        assert item.state == FAILED
        assert "in use by another program" in item.error and str(held) in item.error
        assert held.read_bytes() == b"old"
        unlock(held)  # the antivirus let go: a retry of the item succeeds
        q.retry(item)
        assert q.wait_idle(60)
        assert item.state == DONE and held.read_bytes() == b"fresh weights"
    finally:
        q.close()


def test_the_sentence_for_a_sharing_violation() -> None:
    exc = OSError(13, "The process cannot access the file because it is being used by another process")
    exc.winerror = 32  # type: ignore[attr-defined] - what Windows sets on such an error
    text = describe_local(exc, r"C:\Users\me\OneDrive\run\log.txt")
    assert "in use by another program" in text and "OneDrive" in text
