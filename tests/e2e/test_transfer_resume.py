"""A connection cut mid-transfer pauses the queue; a new connection resumes from the partial file."""

from __future__ import annotations

import hashlib
import os
import shlex
import threading
import time
from pathlib import Path

import pytest

from gpudesk.core.transfer import DONE, PAUSED, TransferQueue
from gpudesk.core.transfer.names import PART_SUFFIX


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wait_for(cond, timeout: float = 60.0, what: object = "") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met in time {what}")
        time.sleep(0.02)  # polling a worker thread's state, not a fixed delay


@pytest.mark.parametrize("direction", ["upload", "download"])
def test_cut_and_resume_gives_identical_file(connect, proxy, remote_dir: str, tmp_path: Path, direction: str) -> None:
    size = 48 * 1024 * 1024
    src = tmp_path / "data.bin"
    src.write_bytes(os.urandom(size))
    direct = connect()
    rq = shlex.quote(remote_dir)
    if direction == "download":
        q0 = TransferQueue(direct)
        q0.add_upload(src, remote_dir)
        assert q0.wait_idle(120)
        q0.close()
    dest = tmp_path / "dl"
    dest.mkdir()
    stalled = threading.Event()

    def on_update(item) -> None:
        # Freeze the wire once some bytes are through, so the cut lands mid-file.
        if item.done > 4 * 1024 * 1024 and not stalled.is_set():
            stalled.set()
            proxy.stall()

    via_proxy = connect(port=proxy.port)
    # Every acknowledged request reports, so the hooks fire mid-file however fast the box is.
    q = TransferQueue(via_proxy, on_update=on_update, progress_interval=0)
    try:
        if direction == "upload":
            item = q.add_upload(src, remote_dir)
        else:
            item = q.add_download(f"{remote_dir}/data.bin", dest)
        assert stalled.wait(60)
        proxy.cut()
        proxy.resume()
        wait_for(lambda: item.state == PAUSED and item.waiting_for_connection, what=item)
        assert q.suspended
        assert 0 < item.done < size
        # Nothing under the real name yet; the partial holds what arrived.
        if direction == "upload":
            names = direct.exec(f"ls -A {rq}").out.split()
            assert names == ["data.bin" + PART_SUFFIX]
            part_size = int(direct.exec(f"stat -c %s {rq}/data.bin{PART_SUFFIX}").out)
        else:
            assert [p.name for p in dest.iterdir()] == ["data.bin" + PART_SUFFIX]
            part_size = (dest / ("data.bin" + PART_SUFFIX)).stat().st_size
        assert 0 < part_size < size
        q.set_connection(connect(port=proxy.port))
        assert q.wait_idle(120)
        assert item.state == DONE, item.error
        assert item.resumed, item.warnings  # continued from the partial and verified by SHA-256
        if direction == "upload":
            assert direct.exec(f"sha256sum {rq}/data.bin").out.split()[0] == sha(src)
            assert direct.exec(f"ls -A {rq}").out.split() == ["data.bin"]
        else:
            assert sha(dest / "data.bin") == sha(src)
            assert [p.name for p in dest.iterdir()] == ["data.bin"]
    finally:
        q.close()


def test_user_pause_and_resume(connect, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "p.bin"
    src.write_bytes(os.urandom(48 * 1024 * 1024))
    holder: dict[str, TransferQueue] = {}

    def on_update(item) -> None:
        if item.state == "running" and item.done > 2 * 1024 * 1024 and not item.resumed and "paused" not in holder:
            holder["paused"] = True  # type: ignore[assignment]
            holder["q"].pause(item)

    conn = connect()
    q = TransferQueue(conn, on_update=on_update, progress_interval=0)
    holder["q"] = q
    try:
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: item.state == PAUSED, what=item)
        assert 0 < item.done < src.stat().st_size, item
        q.resume(item)
        assert q.wait_idle(120)
        assert item.state == DONE and item.resumed, item
        assert conn.exec(f"sha256sum {shlex.quote(remote_dir)}/p.bin").out.split()[0] == sha(src)
    finally:
        q.close()


def test_cancel_while_paused_removes_the_partial(connect, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "c.bin"
    src.write_bytes(os.urandom(48 * 1024 * 1024))
    holder: dict[str, TransferQueue] = {}

    def on_update(item) -> None:
        if item.state == "running" and item.done > 2 * 1024 * 1024:
            holder["q"].pause(item)

    conn = connect()
    q = TransferQueue(conn, on_update=on_update, progress_interval=0)
    holder["q"] = q
    rq = shlex.quote(remote_dir)
    try:
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: item.state == PAUSED, what=item)
        assert conn.exec(f"ls -A {rq}").out.split() == ["c.bin" + PART_SUFFIX]
        q.cancel(item)
        wait_for(lambda: conn.exec(f"ls -A {rq}").out.strip() == "")
        assert item.state == "cancelled"
    finally:
        q.close()
