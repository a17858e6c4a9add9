"""Big uploads over several SFTP channels: ranges written in place, and resume never trusts a hole.

Against the real sshd, directly, through the fault proxy (cuts) and through the delay proxy
(a far link). Which channels wrote is seen by wrapping the real ``RawSftp.upload_ranges``
(each session that sends ranges is counted); the partial copy is read straight from disk
(the sshd runs on this machine).
"""

from __future__ import annotations

import hashlib
import os
import random
import stat
import time
from pathlib import Path

import pytest

from gpudesk.core.transfer import DONE, FAILED, PAUSED, TransferQueue, parallel
from gpudesk.core.transfer.names import PART_SUFFIX
from gpudesk.core.transfer.parallel import MARK, SPAN, SPLIT_MIN
from gpudesk.core.transfer.rawsftp import RawSftp
from tests.helpers.delay_proxy import DelayProxy
from tests.helpers.proxy import UP, FaultProxy

pytestmark = pytest.mark.e2e

MiB = 1024 * 1024


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wait_for(cond, timeout: float = 60.0, what: object = "") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met in time {what}")
        time.sleep(0.02)  # polling another thread's state, not a fixed delay


def first_difference(a: Path, b: Path) -> int:
    """The first offset where ``a`` differs from ``b`` (or the length of ``a`` if it is a prefix)."""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        pos = 0
        while True:
            x, y = fa.read(MiB), fb.read(MiB)
            if not x:
                return pos
            if x != y[: len(x)]:
                return pos + next(i for i in range(len(x)) if i >= len(y) or x[i] != y[i])
            pos += len(x)


@pytest.fixture
def writers(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """Ids of the SFTP sessions that wrote ranges of a parallel upload (the real method, counted)."""
    seen: set[int] = set()
    real = RawSftp.upload_ranges

    def upload_ranges(self, *args, **kwargs):
        seen.add(id(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(RawSftp, "upload_ranges", upload_ranges)
    return seen


@pytest.mark.parametrize("span", [SPAN, MiB], ids=["span", "tight-span"])
def test_cuts_at_random_offsets_of_a_parallel_upload_resume_exactly(
    connect, proxy: FaultProxy, remote_dir: str, tmp_path: Path, writers: set[int], span: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Four channels write ranges of one file; the link is cut at a random byte offset.

    Whatever the cut leaves (ranges past holes included), everything below the point the
    resume starts from is the source's data, the resume continues from there (not from zero),
    and the result is byte-identical with nothing left behind. With a span tighter than the
    channels' windows together, the span is what keeps the holes near the end.
    """
    monkeypatch.setattr(parallel, "SPAN", span)
    size = 3 * SPAN + 12345
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    for n in range(2):
        name = f"p{n}.bin"
        src = tmp_path / name
        src.write_bytes(rng.randbytes(size))
        offset = rng.randrange(2 * SPAN, size - 4 * MiB)  # past what the buffers of four channels hold
        q = TransferQueue(connect(port=proxy.port), progress_interval=0, stall_timeout=10, upload_channels=4)
        try:
            proxy.cut_after(UP, offset)
            item = q.add_upload(src, remote_dir)
            wait_for(lambda item=item: item.state == PAUSED and item.waiting_for_connection, what=(n, offset, item))
            part = Path(remote_dir) / (name + PART_SUFFIX)
            part_size = part.stat().st_size
            assert part.stat().st_mode & MARK, "a copy written by several channels is marked"
            # The invariant resume relies on: no hole below (part size - SPAN).
            assert first_difference(part, src) >= part_size - span, (offset, part_size)
            q.set_connection(connect(port=proxy.port))
            assert q.wait_idle(120)
            assert item.state == DONE, (n, offset, item.error)
            assert item.resumed, (offset, part_size, item.warnings)  # from the partial copy, checked by SHA-256
        finally:
            q.close()
        final = Path(remote_dir) / name
        assert sha(final) == sha(src)
        assert not final.stat().st_mode & MARK
    assert sorted(os.listdir(remote_dir)) == ["p0.bin", "p1.bin"]
    assert len(writers) >= 2, "the uploads did not use several channels"
    assert proxy.cuts >= 2


def _sftp_servers(user: str) -> list[int]:
    import subprocess

    out = subprocess.run(["pgrep", "-u", user, "-f", "sftp-server"], capture_output=True, text=True).stdout
    return sorted(int(pid) for pid in out.split())


def test_a_lagging_channel_holds_the_others_back_so_a_cut_leaves_no_hole_below_the_resume_point(
    connect, sshd, proxy: FaultProxy, remote_dir: str, tmp_path: Path, writers: set[int]
) -> None:
    """One channel's server process stops (a stuck disk, a descheduled process) mid-file.

    The other channels may run ahead only ``SPAN`` past its first unanswered range; the link is
    then cut. Below ``part size - SPAN`` there is no hole, and the resume gives the right file.
    """
    import signal

    size = 4 * SPAN + 999
    src = tmp_path / "lag.bin"
    src.write_bytes(os.urandom(size))
    stopped: list[int] = []
    before = set(_sftp_servers(sshd.username))

    def on_update(item) -> None:
        if item.done > 4 * MiB and not stopped and len(writers) >= 2:
            pids = [pid for pid in _sftp_servers(sshd.username) if pid not in before]
            if len(pids) >= 2:
                stopped.append(pids[-1])  # the newest: a spare channel's server
                os.kill(pids[-1], signal.SIGSTOP)

    q = TransferQueue(connect(port=proxy.port), on_update=on_update, progress_interval=0, stall_timeout=30,
                      upload_channels=4)  # fmt: skip
    try:
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: bool(stopped), what=item)
        # Let the others run until they stop (held back by the span) or the file is all sent.
        last, quiet_since = -1, time.monotonic()
        while time.monotonic() - quiet_since < 1.5 and proxy.bytes[UP] < size + 2 * SPAN:
            if proxy.bytes[UP] != last:
                last, quiet_since = proxy.bytes[UP], time.monotonic()
            time.sleep(0.05)  # watching the proxy's counter settle, not asserting on time
        proxy.cut()
        os.kill(stopped[0], signal.SIGCONT)
        wait_for(lambda: item.state == PAUSED and item.waiting_for_connection, what=item)
        part = Path(remote_dir) / ("lag.bin" + PART_SUFFIX)
        part_size = part.stat().st_size
        assert first_difference(part, src) >= part_size - SPAN, part_size
        assert part_size < size, "the others did not wait for the stuck channel"
        q.set_connection(connect(port=proxy.port))
        assert q.wait_idle(120)
        assert item.state == DONE, item.error
    finally:
        for pid in stopped:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        q.close()
    assert sha(Path(remote_dir) / "lag.bin") == sha(src)
    assert os.listdir(remote_dir) == ["lag.bin"]


@pytest.mark.parametrize("delta", [-1, 1])
def test_files_just_under_and_just_over_the_split_threshold(
    connect, remote_dir: str, tmp_path: Path, writers: set[int], delta: int
) -> None:
    size = SPLIT_MIN + delta
    src = tmp_path / "edge.bin"
    src.write_bytes(os.urandom(size))
    src.chmod(0o640)
    q = TransferQueue(connect(), progress_interval=0, upload_channels=4)
    try:
        item = q.add_upload(src, remote_dir)
        assert q.wait_idle(120)
    finally:
        q.close()
    assert item.state == DONE, item.error
    final = Path(remote_dir) / "edge.bin"
    assert sha(final) == sha(src)
    assert stat.S_IMODE(final.stat().st_mode) == 0o640  # the mark is gone, the source's mode kept
    assert os.listdir(remote_dir) == ["edge.bin"]
    if delta < 0:
        assert not writers, "a file under the threshold goes over one channel"
    else:
        assert writers, "a file over the threshold goes the parallel way"


def test_pause_and_resume_of_a_parallel_upload(connect, remote_dir: str, tmp_path: Path, writers: set[int]) -> None:
    src = tmp_path / "paused.bin"
    src.write_bytes(os.urandom(3 * SPAN + 777))
    holder: dict[str, object] = {}

    def on_update(item) -> None:
        if item.state == "running" and item.done > SPAN + 4 * MiB and "paused" not in holder:
            holder["paused"] = True
            holder["q"].pause(item)  # type: ignore[attr-defined]

    q = TransferQueue(connect(), on_update=on_update, progress_interval=0, upload_channels=3)
    holder["q"] = q
    try:
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: item.state == PAUSED, what=item)
        part = Path(remote_dir) / ("paused.bin" + PART_SUFFIX)
        assert first_difference(part, src) >= part.stat().st_size - SPAN
        q.resume(item)
        assert q.wait_idle(120)
        assert item.state == DONE and item.resumed, (item.error, item.warnings)
    finally:
        q.close()
    assert sha(Path(remote_dir) / "paused.bin") == sha(src)
    assert os.listdir(remote_dir) == ["paused.bin"]
    assert len(writers) >= 2


def test_a_far_link_chooses_several_channels_by_itself(
    connect, sshd, remote_dir: str, tmp_path: Path, writers: set[int]
) -> None:
    """Through a 100 ms round trip, with no channel count given, a big file is split."""
    src = tmp_path / "far.bin"
    src.write_bytes(os.urandom(SPLIT_MIN + 24 * MiB))
    with DelayProxy(sshd.host, sshd.port, delay_ms=50, rate_bytes_s=25_000_000) as far:
        q = TransferQueue(connect(port=far.port), progress_interval=0)
        try:
            item = q.add_upload(src, remote_dir)
            assert q.wait_idle(120)
        finally:
            q.close()
    assert item.state == DONE, item.error
    assert sha(Path(remote_dir) / "far.bin") == sha(src)
    assert os.listdir(remote_dir) == ["far.bin"]
    assert len(writers) >= 2


def _mount_tmpfs(path: Path, opts: str) -> None:
    import subprocess

    path.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(path)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode().strip()}")


def test_a_full_remote_disk_stops_a_parallel_upload_with_the_clear_error(
    connect, remote_dir: str, tmp_path: Path, writers: set[int]
) -> None:
    import subprocess

    full = Path(remote_dir) / "full"
    _mount_tmpfs(full, "size=8m,mode=0777")
    try:
        big = tmp_path / "big.bin"
        big.write_bytes(os.urandom(SPLIT_MIN + 8 * MiB))
        small = tmp_path / "small.bin"
        small.write_bytes(b"fits")
        q = TransferQueue(connect(), progress_interval=0, upload_channels=4)
        try:
            too_big = q.add_upload(big, str(full))
            fits = q.add_upload(small, str(full))
            assert q.wait_idle(60)
        finally:
            q.close()
        assert too_big.state == FAILED and "disk is full" in too_big.error, too_big.error
        assert fits.state == DONE
        assert sorted(p.name for p in full.iterdir()) == ["small.bin"]
        assert writers
    finally:
        subprocess.run(["umount", "-l", str(full)], capture_output=True)


def test_a_channel_refused_by_the_server_leaves_the_others_to_finish(
    connect, sshd, remote_dir: str, tmp_path: Path, writers: set[int]
) -> None:
    """Spare channels beyond what the server allows are left out, not an error."""
    src = tmp_path / "limited.bin"
    src.write_bytes(os.urandom(SPLIT_MIN + 5 * MiB))
    conn = connect()
    # Take most sessions the test server allows (MaxSessions 100) so only a few remain.
    held = []
    try:
        while len(held) < 98:
            held.append(conn.transport.open_session())
        q = TransferQueue(conn, progress_interval=0, upload_channels=4)
        try:
            item = q.add_upload(src, remote_dir)
            assert q.wait_idle(120)
        finally:
            q.close()
    finally:
        for chan in held:
            chan.close()
    assert item.state == DONE, item.error
    assert sha(Path(remote_dir) / "limited.bin") == sha(src)
    assert os.listdir(remote_dir) == ["limited.bin"]


def test_the_part_of_a_cut_plain_upload_resumes_exactly_where_it_ends(
    connect, proxy: FaultProxy, remote_dir: str, tmp_path: Path, writers: set[int]
) -> None:
    """One channel (near link): the copy is not marked and the resume loses nothing."""
    src = tmp_path / "plain.bin"
    src.write_bytes(os.urandom(2 * SPAN))
    sent_before: list[int] = []
    q = TransferQueue(connect(port=proxy.port), progress_interval=0, stall_timeout=10, upload_channels=1)
    try:
        proxy.cut_after(UP, SPAN // 2)
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: item.state == PAUSED and item.waiting_for_connection, what=item)
        part = Path(remote_dir) / ("plain.bin" + PART_SUFFIX)
        assert not part.stat().st_mode & MARK
        sent_before.append(part.stat().st_size)
        before = proxy.bytes[UP]
        q.set_connection(connect(port=proxy.port))
        assert q.wait_idle(120)
        assert item.state == DONE and item.resumed, (item.error, item.warnings)
    finally:
        q.close()
    assert not writers
    # Only what was missing went again (plus the overlap check and protocol bytes).
    assert proxy.bytes[UP] - before < 2 * SPAN - sent_before[0] + 2 * MiB
    assert sha(Path(remote_dir) / "plain.bin") == sha(src)

