"""Transfers against the real sshd: round trips, verification, conflicts, cancel, errors."""

from __future__ import annotations

import hashlib
import itertools
import os
import shlex
import threading
from pathlib import Path

import pytest

from gpudesk.core.transfer import CANCELLED, DONE, FAILED, Conflict, TransferQueue
from gpudesk.core.transfer.names import PART_SUFFIX


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree_hashes(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): sha(p) for p in sorted(root.rglob("*")) if p.is_file()}


def make_tree(root: Path, small: int = 40) -> Path:
    root.mkdir(parents=True)
    (root / "big.bin").write_bytes(os.urandom(3 * 1024 * 1024 + 17))
    (root / "empty.dat").write_bytes(b"")
    for i in range(small):
        sub = root / f"d{i % 4}" / f"e{i % 3}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"f{i}.bin").write_bytes(os.urandom(4096 + i))
    (root / "emptydir").mkdir()
    return root


def run_queue(conn, **kwargs) -> TransferQueue:
    return TransferQueue(conn, **kwargs)


@pytest.mark.parametrize("verify", [False, True])
def test_tree_round_trip_is_identical(connect, remote_dir: str, tmp_path: Path, verify: bool) -> None:
    src = make_tree(tmp_path / "project")
    conn = connect()
    q = run_queue(conn)
    try:
        up = q.add_upload(src, remote_dir, verify=verify)
        assert q.wait_idle(60)
        assert up.state == DONE, up.error
        # Nothing is left under a partial name, and the folder arrived under its real name.
        listing = conn.exec(f"cd {shlex.quote(remote_dir)} && find . | sort").out
        assert PART_SUFFIX not in listing
        assert "./project/emptydir" in listing
        back = tmp_path / "back"
        back.mkdir()
        down = q.add_download(f"{remote_dir}/project", back, verify=verify)
        assert q.wait_idle(60)
        assert down.state == DONE, down.error
        assert tree_hashes(back / "project") == tree_hashes(src)
        assert (back / "project" / "emptydir").is_dir()
        assert up.done == up.total == sum(p.stat().st_size for p in src.rglob("*") if p.is_file())
    finally:
        q.close()


def test_single_file_verified_and_progress_throttled(connect, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "weights.bin"
    src.write_bytes(os.urandom(24 * 1024 * 1024))
    conn = connect()
    updates: list[float] = []
    import time

    q = run_queue(conn, on_update=lambda item: updates.append(time.monotonic()))
    try:
        item = q.add_upload(src, remote_dir, verify=True)
        assert q.wait_idle(60) and item.state == DONE, item.error
        remote_hash = conn.exec(f"sha256sum {shlex.quote(remote_dir)}/weights.bin").out.split()[0]
        assert remote_hash == sha(src)
        dest = tmp_path / "dl"
        dest.mkdir()
        item2 = q.add_download(f"{remote_dir}/weights.bin", dest, verify=True)
        assert q.wait_idle(60) and item2.state == DONE, item2.error
        assert sha(dest / "weights.bin") == sha(src)
        assert not list(dest.glob("*" + PART_SUFFIX))
    finally:
        q.close()
    # Progress reports are throttled: never many within one 0.1 s slot.
    rates = [b - a for a, b in itertools.pairwise(updates)]
    assert sum(1 for r in rates if r < 0.05) <= 12  # state changes may come close together


@pytest.mark.parametrize("direction", ["upload", "download"])
def test_cancel_leaves_no_file_under_real_name(connect, remote_dir: str, tmp_path: Path, direction: str) -> None:
    src = tmp_path / "big.bin"
    src.write_bytes(os.urandom(64 * 1024 * 1024))
    conn = connect()
    if direction == "download":
        q0 = run_queue(conn)
        q0.add_upload(src, remote_dir)
        assert q0.wait_idle(120)
        q0.close()
    dest = tmp_path / "dl"
    dest.mkdir()
    holder: dict[str, TransferQueue] = {}

    def on_update(item) -> None:
        if item.state == "running" and item.done > 1024 * 1024:
            holder["q"].cancel(item)

    q = run_queue(conn, on_update=on_update, progress_interval=0)
    holder["q"] = q
    try:
        if direction == "upload":
            conn.exec(f"mkdir {shlex.quote(remote_dir)}/up")
            item = q.add_upload(src, remote_dir + "/up")
        else:
            item = q.add_download(f"{remote_dir}/big.bin", dest)
        assert q.wait_idle(60)
        assert item.state == CANCELLED, item.error
    finally:
        q.close()
    if direction == "upload":
        assert conn.exec(f"ls -A {shlex.quote(remote_dir)}/up").out.strip() == ""
    else:
        assert list(dest.iterdir()) == []


def test_conflict_choices(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    src = tmp_path / "a.txt"
    data = os.urandom(300_000)
    src.write_bytes(data)
    rq = shlex.quote(remote_dir)
    conn.exec(f"printf old > {rq}/a.txt")
    answers: list[tuple[str, bool]] = []
    asked: list[Conflict] = []

    def ask(c: Conflict) -> None:
        asked.append(c)
        choice, all_ = answers.pop(0)
        # Answer from another thread, as the GUI would.
        threading.Thread(target=c.resolve, args=(choice, all_)).start()

    q = run_queue(conn, ask=ask)
    try:
        answers.append(("skip", False))
        item = q.add_upload(src, remote_dir)
        assert q.wait_idle(30) and item.state == DONE and item.result == "skipped"
        assert conn.exec(f"cat {rq}/a.txt").out == "old"
        assert asked[-1].target_size == 3 and asked[-1].source_size == len(data)

        answers.append(("rename", False))
        item = q.add_upload(src, remote_dir)
        assert q.wait_idle(30) and item.state == DONE
        assert conn.exec(f"cat {rq}/a.txt").out == "old"
        assert conn.exec(f"sha256sum {rq}/'a (1).txt'").out.split()[0] == sha(src)

        # The remote file is the first half of ours: resume appends the rest, verified by SHA-256.
        conn.exec(f"head -c 150000 {rq}/'a (1).txt' > {rq}/a.txt")
        answers.append(("resume", False))
        item = q.add_upload(src, remote_dir)
        assert q.wait_idle(30) and item.state == DONE, item.error
        assert asked[-1].can_resume
        assert item.resumed and item.done == len(data)
        assert conn.exec(f"sha256sum {rq}/a.txt").out.split()[0] == sha(src)

        conn.exec(f"printf x > {rq}/a.txt")
        answers.append(("overwrite", False))
        item = q.add_upload(src, remote_dir)
        assert q.wait_idle(30) and item.state == DONE
        assert conn.exec(f"sha256sum {rq}/a.txt").out.split()[0] == sha(src)

        # "Apply to all": one question for a batch of conflicting files.
        many = []
        for i in range(3):
            p = tmp_path / f"m{i}.txt"
            p.write_text(f"new {i}")
            conn.exec(f"printf old > {rq}/m{i}.txt")
            many.append(p)
        asked.clear()
        answers.append(("skip", True))
        items = [q.add_upload(p, remote_dir) for p in many]
        assert q.wait_idle(30)
        assert len(asked) == 1
        assert all(i.result == "skipped" for i in items)
        assert conn.exec(f"cat {rq}/m0.txt {rq}/m1.txt {rq}/m2.txt").out == "oldoldold"
    finally:
        q.close()


def test_permission_denied_fails_one_item_and_queue_goes_on(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"mkdir {rq}/ro && chmod 555 {rq}/ro")
    src = tmp_path / "x.bin"
    src.write_bytes(os.urandom(100_000))
    q = run_queue(conn)
    try:
        bad = q.add_upload(src, remote_dir + "/ro")
        missing = q.add_download(remote_dir + "/does-not-exist", tmp_path)
        vanished = q.add_upload(tmp_path / "vanished.bin", remote_dir)
        good = q.add_upload(src, remote_dir)
        assert q.wait_idle(30)
        assert bad.state == FAILED and "Permission denied" in bad.error
        assert missing.state == FAILED and "does not exist" in missing.error
        assert vanished.state == FAILED and "does not exist" in vanished.error
        assert good.state == DONE
    finally:
        q.close()


def _mount_tmpfs(path: Path, opts: str) -> None:
    import subprocess

    path.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(path)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode().strip()}")


def _umount(path: Path) -> None:
    import subprocess

    subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_local_disk_full_and_read_only(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    src = tmp_path / "four.bin"
    src.write_bytes(os.urandom(4 * 1024 * 1024))
    small = tmp_path / "small.bin"
    small.write_bytes(b"fits")
    q = run_queue(conn)
    full, ro = tmp_path / "full", tmp_path / "ro"
    _mount_tmpfs(full, "size=1m")
    try:
        _mount_tmpfs(ro, "ro,size=1m")
    except BaseException:
        _umount(full)
        raise
    try:
        q.add_upload(src, remote_dir)
        q.add_upload(small, remote_dir)
        assert q.wait_idle(30)
        too_big = q.add_download(f"{remote_dir}/four.bin", full)
        fits = q.add_download(f"{remote_dir}/small.bin", full)
        denied = q.add_download(f"{remote_dir}/small.bin", ro)
        assert q.wait_idle(30)
        assert too_big.state == FAILED and "disk is full" in too_big.error
        assert not (full / "four.bin").exists()
        assert fits.state == DONE and (full / "small.bin").read_bytes() == b"fits"
        assert denied.state == FAILED and "Permission denied" in denied.error
    finally:
        q.close()
        _umount(full)
        _umount(ro)


def test_remote_disk_full(connect, remote_dir: str, sshd, tmp_path: Path) -> None:
    conn = connect()
    full = Path(remote_dir) / "full"
    _mount_tmpfs(full, "size=1m,mode=0777")
    try:
        big = tmp_path / "big.bin"
        big.write_bytes(os.urandom(3 * 1024 * 1024))
        small = tmp_path / "small.bin"
        small.write_bytes(b"fits")
        q = run_queue(conn)
        try:
            too_big = q.add_upload(big, str(full))
            fits = q.add_upload(small, str(full))
            assert q.wait_idle(30)
        finally:
            q.close()
        assert too_big.state == FAILED and "disk is full" in too_big.error, too_big.error
        assert fits.state == DONE
        assert sorted(p.name for p in full.iterdir()) == ["small.bin"]
    finally:
        _umount(full)


def test_an_urgent_download_goes_before_the_queued_ones(connect, remote_dir: str, tmp_path: Path) -> None:
    """A drop on the desktop waits for its files: they overtake transfers that are only queued."""
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && for n in a b c; do head -c 1000 /dev/urandom > $n.bin; done")
    started: list[str] = []
    queue = TransferQueue(None, on_update=lambda item: item.state == "running" and item.name not in started and started.append(item.name))
    try:
        for name in ("a.bin", "b.bin"):
            queue.add_download(f"{remote_dir}/{name}", tmp_path)
        queue.add_download(f"{remote_dir}/c.bin", tmp_path / "drop", urgent=True)
        (tmp_path / "drop").mkdir()
        queue.set_connection(conn)  # nothing ran before: all three were waiting
        assert queue.wait_idle(30)
        assert started == ["c.bin", "a.bin", "b.bin"]
        assert all(i.state == DONE for i in queue.items)
    finally:
        queue.close()
