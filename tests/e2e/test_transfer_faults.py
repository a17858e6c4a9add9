"""Transfers under faults, through the fault proxy to the real sshd.

A link that goes silent for longer than the transfer timeout kills that SFTP channel (nothing
is sent on it again) and the item goes on over a fresh channel of the same connection once
the link answers; a cut right after the server renamed the finished file re-sends nothing;
and a series of cuts at random byte offsets always resumes from the partial copy.

How faults are observed: ``Recorder`` is the real :class:`RawSftp` with its channel's
``sendall`` wrapped, so a test sees every SFTP packet type a channel was asked to send and
how many file bytes went in WRITE requests. The proxy counts the bytes it forwards.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import struct
import threading
import time
from pathlib import Path

import pytest

from gpudesk.core.transfer import DONE, PAUSED, TransferQueue
from gpudesk.core.transfer import queue as queue_module
from gpudesk.core.transfer.errors import TransferError
from gpudesk.core.transfer.names import PART_SUFFIX
from gpudesk.core.transfer.rawsftp import CLOSE, WRITE, RawSftp
from tests.helpers.proxy import DOWN, UP, FaultProxy

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


def check_text(text: str) -> None:
    """A text a user sees: words, never empty, never an empty "()"."""
    assert text.strip(), "an empty error text"
    assert not text.rstrip(" .").endswith("()"), text


class RenameTrap:
    """Cuts the link after the server renamed ``final`` into place, before its answer arrives.

    Just before the client sends the rename, the proxy holds the server-to-client direction;
    the request still goes up, the server renames (seen on disk: the sshd runs on this
    machine), and the proxy then cuts every connection. The reply is never delivered, so the
    client learns of the cut while it waits for the answer, exactly the window of a real
    network drop between RENAME and its STATUS.
    """

    def __init__(self, proxy: FaultProxy, final: Path) -> None:
        self.proxy, self.final = proxy, final
        self.armed = True
        self.inode: int | None = None
        self.fired = threading.Event()

    def before_rename(self, new: str) -> None:
        if not self.armed or new != str(self.final):
            return
        self.armed = False
        self.proxy.hold(DOWN)
        threading.Thread(target=self._cut_when_renamed, daemon=True).start()

    def _cut_when_renamed(self) -> None:
        try:
            wait_for(self.final.exists, 30, "the server renames the partial copy")
            self.inode = self.final.stat().st_ino
        finally:
            self.proxy.cut()
            self.proxy.release(DOWN)
            self.fired.set()


class Recorder(RawSftp):
    """The real SFTP client; its channel's sends are recorded (packet type, WRITE bytes)."""

    opened: list[Recorder] = []
    attempts = 0
    trap: RenameTrap | None = None

    def __init__(self, *args, **kwargs) -> None:
        type(self).attempts += 1
        super().__init__(*args, **kwargs)
        self.kinds: list[int] = []
        self.write_bytes = 0
        send = self.chan.sendall

        def sendall(data: bytes) -> None:
            kind = data[4]
            self.kinds.append(kind)
            if kind == WRITE:
                (hlen,) = struct.unpack_from(">I", data, 9)
                (dlen,) = struct.unpack_from(">I", data, 13 + hlen + 8)
                self.write_bytes += dlen
            return send(data)

        self.chan.sendall = sendall
        type(self).opened.append(self)

    def rename(self, old: str, new: str) -> None:
        if self.trap is not None:
            self.trap.before_rename(new)
        super().rename(old, new)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> type[Recorder]:
    """Every SFTP channel the transfer queue opens is a Recorder (a fresh class per test)."""
    cls = type("Recorder", (Recorder,), {"opened": [], "attempts": 0, "trap": None})
    monkeypatch.setattr(queue_module, "RawSftp", cls)
    return cls


# -- 1. a stalled channel is dropped at once ----------------------------------------------


@pytest.mark.parametrize("direction", ["upload", "download"])
def test_a_stall_longer_than_the_timeout_ends_the_channel_and_a_fresh_one_carries_on(
    connect, proxy: FaultProxy, recorder, remote_dir: str, tmp_path: Path, direction: str
) -> None:
    """The link goes silent mid-file for longer than the transfer timeout.

    The channel that timed out is closed and never sent on again (no CLOSE for the open file,
    which would wait a second time, then read a stale reply); the queue does not give up the
    connection but opens one fresh channel on it, which waits for the link. Once the proxy
    forwards again the item finishes on that channel, from its partial copy.
    """
    size = 32 * MiB
    src = tmp_path / "data.bin"
    src.write_bytes(os.urandom(size))
    remote_file = Path(remote_dir) / "data.bin"
    dest = tmp_path / "dl"
    dest.mkdir()
    if direction == "download":
        shutil.copyfile(src, remote_file)
    stalled = threading.Event()
    seen: list[tuple[str, bool, str]] = []

    def on_update(item) -> None:
        seen.append((item.state, item.waiting_for_connection, str(item.error)))
        if item.done > 4 * MiB and not stalled.is_set():
            stalled.set()
            proxy.stall()

    conn = connect(port=proxy.port)
    q = TransferQueue(conn, on_update=on_update, progress_interval=0, stall_timeout=1.0, dead_link_timeout=600)
    try:
        item = q.add_upload(src, remote_dir) if direction == "upload" else q.add_download(str(remote_file), dest)
        assert stalled.wait(60)
        # The first channel times out; the queue asks for a fresh one, which waits for the link.
        wait_for(lambda: recorder.attempts >= 2, what=(item, recorder.opened))
        first = recorder.opened[0]
        assert first.dead and first.chan.closed
        check_text(first.dead)
        proxy.resume()
        assert q.wait_idle(120)
        assert item.state == DONE, item.error
        assert item.resumed, item.warnings  # continued from the partial copy, checked by SHA-256
    finally:
        q.close()
    assert CLOSE not in first.kinds, "a packet was sent on the channel after it timed out"
    assert recorder.attempts == 2 and len(recorder.opened) == 2  # exactly one fresh channel
    assert recorder.opened[1].chan.get_transport() is first.chan.get_transport()
    assert proxy.accepted == 1, "the connection was given up"
    assert not any(waiting for _s, waiting, _e in seen) and not q.suspended
    for _s, _w, error in seen:
        if error:
            check_text(error)
    if direction == "upload":
        assert sha(remote_file) == sha(src)
        assert sorted(os.listdir(remote_dir)) == ["data.bin"]
    else:
        assert sha(dest / "data.bin") == sha(src)
        assert sorted(os.listdir(dest)) == ["data.bin"]


def test_a_link_silent_past_the_dead_link_deadline_waits_for_a_new_connection(
    connect, proxy: FaultProxy, recorder, remote_dir: str, tmp_path: Path
) -> None:
    """The fresh channel waits for the link only until the dead-link deadline: then the queue
    pauses for a new connection (as after a cut), having tried exactly one fresh channel, and
    the new connection finishes the file from its partial copy."""
    size = 32 * MiB
    src = tmp_path / "data.bin"
    src.write_bytes(os.urandom(size))
    stalled = threading.Event()

    def on_update(item) -> None:
        if item.done > 4 * MiB and not stalled.is_set():
            stalled.set()
            proxy.stall()

    q = TransferQueue(connect(port=proxy.port), on_update=on_update, progress_interval=0,
                      stall_timeout=1.0, dead_link_timeout=2.5)  # fmt: skip
    try:
        item = q.add_upload(src, remote_dir)
        assert stalled.wait(60)
        wait_for(lambda: item.state == PAUSED and item.waiting_for_connection, what=item)
        assert q.suspended
        check_text(item.error)
        assert recorder.attempts == 2 and len(recorder.opened) == 1  # one fresh channel tried, never opened
        assert CLOSE not in recorder.opened[0].kinds
        proxy.resume()
        q.set_connection(connect(port=proxy.port))
        assert q.wait_idle(120)
        assert item.state == DONE and item.resumed, (item.error, item.warnings)
    finally:
        q.close()
    assert sha(Path(remote_dir) / "data.bin") == sha(src)
    assert sorted(os.listdir(remote_dir)) == ["data.bin"]


# -- 2. a finished file is never re-sent --------------------------------------------------


def test_cut_between_rename_and_its_answer_in_the_queue_sends_nothing_again(
    connect, proxy: FaultProxy, recorder, remote_dir: str, tmp_path: Path
) -> None:
    """The queue without a question callback would overwrite a conflicting file; this one is
    the transfer itself, finished, so it is marked done with no byte written again."""
    size = 8 * MiB
    src = tmp_path / "model.bin"
    src.write_bytes(os.urandom(size))
    final = Path(remote_dir) / "model.bin"
    recorder.trap = trap = RenameTrap(proxy, final)
    q = TransferQueue(connect(port=proxy.port), progress_interval=0)
    try:
        item = q.add_upload(src, remote_dir)
        wait_for(lambda: item.state == PAUSED and item.waiting_for_connection, what=item)
        assert trap.fired.wait(30) and trap.inode is not None
        assert sorted(os.listdir(remote_dir)) == ["model.bin"]  # renamed on the server; the client never heard
        check_text(item.error)
        opened, up = len(recorder.opened), proxy.bytes[UP]
        q.set_connection(connect(port=proxy.port))
        assert q.wait_idle(60)
        assert item.state == DONE and item.result == "done", item.error
        assert item.done == size
    finally:
        q.close()
    assert sum(s.write_bytes for s in recorder.opened[opened:]) == 0
    assert final.stat().st_ino == trap.inode  # the server's file was never written again
    assert proxy.bytes[UP] - up < size // 16  # a login and a few requests, no file
    assert sha(final) == sha(src)
    assert sorted(os.listdir(remote_dir)) == ["model.bin"]


def test_cut_between_rename_and_its_answer_in_sync_sends_nothing_again(
    connect, proxy: FaultProxy, remote_dir: str, tmp_path: Path
) -> None:
    """The sync window keeps its plan after a failed run and runs it again; ``gpudesk sync``
    plans anew. Neither sends the file that was finished before the cut."""
    from gpudesk.core.sync import make_plan, run_plan

    size = 8 * MiB
    project = tmp_path / "proj"
    project.mkdir()
    src = project / "model.bin"
    src.write_bytes(os.urandom(size))
    final = Path(remote_dir) / "model.bin"
    trap = RenameTrap(proxy, final)
    via_proxy = connect(port=proxy.port)
    plan = make_plan(via_proxy, project, remote_dir)
    assert plan.new == ["model.bin"]
    first = Recorder(via_proxy.transport)
    first.trap = trap
    with pytest.raises(TransferError) as failed:
        run_plan(via_proxy, plan, sftp=first)
    check_text(str(failed.value))
    assert trap.fired.wait(30) and trap.inode is not None
    again = connect(port=proxy.port)
    second = Recorder(again.transport)
    up = proxy.bytes[UP]
    result = run_plan(again, plan, sftp=second)  # the same plan, as the sync window's Sync button
    assert second.write_bytes == 0 and WRITE not in second.kinds
    assert final.stat().st_ino == trap.inode
    assert proxy.bytes[UP] - up < size // 16
    assert result.sent == ["model.bin"] and not result.resumed
    assert make_plan(again, project, remote_dir).empty  # what `gpudesk sync` would do next: nothing
    assert sha(final) == sha(src)
    assert sorted(os.listdir(remote_dir)) == ["model.bin"]


@pytest.mark.gui
def test_cut_between_rename_and_its_answer_in_the_files_panel_asks_nothing(
    qtbot, sshd, proxy: FaultProxy, recorder, remote_dir: str, tmp_path: Path
) -> None:
    """The Files panel would show a conflict question for its own finished file."""
    from gpudesk.core import settings
    from gpudesk.core.sessions import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    session = Session(
        name="cut", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    settings.set("transfer.stall_timeout_s", 4)  # a half-dead link is found quickly here
    size = 8 * MiB
    src = tmp_path / "weights.bin"
    src.write_bytes(os.urandom(size))
    final = Path(remote_dir) / "weights.bin"
    recorder.trap = trap = RenameTrap(proxy, final)
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    panel = FilesPanel(controller.server)
    qtbot.addWidget(panel)
    asked: list[object] = []
    ask = panel.queue.ask
    panel.queue.ask = lambda c: (asked.append(c), ask(c))
    try:
        controller.link.connect()
        qtbot.waitUntil(lambda: panel.remote.path.startswith("/"), timeout=30000)
        [item] = panel.upload([str(src)], remote_dir)
        qtbot.waitUntil(trap.fired.is_set, timeout=60000)
        opened = len(recorder.opened)
        # Either the panel reconnects by itself (the transfer saw the cut first) or the
        # connection's monitor reports the drop and the user reconnects.
        qtbot.waitUntil(lambda: controller.state in ("dropped", "connecting", "connected") and item.state != "running",
                        timeout=60000)  # fmt: skip
        if controller.state == "dropped":
            controller.link.reconnect()
        qtbot.waitUntil(lambda: item.state == DONE or bool(asked), timeout=60000)
        assert not asked and not panel._dialogs, "the panel asked about its own finished file"
        assert item.result == "done"
    finally:
        panel.shutdown()
        controller.close()
    assert sum(s.write_bytes for s in recorder.opened[opened:]) == 0
    assert final.stat().st_ino == trap.inode
    assert sha(final) == sha(src)
    assert sorted(os.listdir(remote_dir)) == ["weights.bin"]


# -- the cut series: resume stays exact ---------------------------------------------------

# Cuts per direction; CI runs a few, the full series is GPUDESK_CUT_SERIES=30 (60 cuts).
SERIES = int(os.environ.get("GPUDESK_CUT_SERIES", "2"))


@pytest.mark.parametrize("direction", ["upload", "download"])
def test_cuts_at_random_offsets_always_resume_exactly(
    connect, proxy: FaultProxy, remote_dir: str, tmp_path: Path, direction: str
) -> None:
    """Each transfer is cut once, at a random byte offset of its data direction, then resumed
    on a new connection: never corrupt, never from zero, nothing left behind.

    The proxy forwards exactly that many bytes before it resets both sides; what the server
    had not yet taken from its socket and channel buffers (up to a few MiB) is lost, as on a
    real cut, so offsets start past that. "From zero" means a partial copy with data in it
    was thrown away.
    """
    size = 12 * MiB
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    corrupt: list[int] = []
    restarted: list[tuple[int, int, list[str]]] = []
    leftovers: list[str] = []
    parts: list[int] = []
    local_dir = tmp_path / "local"
    local_dir.mkdir()
    for n in range(SERIES):
        name = f"f{n}.bin"
        src = tmp_path / name
        src.write_bytes(rng.randbytes(size))
        if direction == "download":
            shutil.copyfile(src, Path(remote_dir) / name)
        offset = rng.randrange(4 * MiB, size - MiB)
        q = TransferQueue(connect(port=proxy.port), progress_interval=0, stall_timeout=10)
        try:
            proxy.cut_after(UP if direction == "upload" else DOWN, offset)
            item = q.add_upload(src, remote_dir) if direction == "upload" else q.add_download(f"{remote_dir}/{name}", local_dir)
            wait_for(lambda item=item: item.state == PAUSED and item.waiting_for_connection, what=(n, offset, item))
            check_text(item.error)
            part = (Path(remote_dir) if direction == "upload" else local_dir) / (name + PART_SUFFIX)
            parts.append(part.stat().st_size if part.exists() else 0)  # it only grows until the resume reads it
            q.set_connection(connect(port=proxy.port))
            assert q.wait_idle(120)
            assert item.state == DONE, (n, offset, item.error)
        finally:
            q.close()
        got = Path(remote_dir) / name if direction == "upload" else local_dir / name
        if sha(got) != sha(src):
            corrupt.append(offset)
        if parts[-1] > 0 and not item.resumed:
            restarted.append((offset, parts[-1], item.warnings))
        there = os.listdir(remote_dir) if direction == "upload" else os.listdir(local_dir)
        leftovers += [p for p in there if p.endswith(PART_SUFFIX)]
    landed = sum(1 for p in parts if p > 0)
    print(f"{direction}: {SERIES} cuts, {landed} mid-file, {len(corrupt)} corrupt, {len(restarted)} restarted, "
          f"{len(leftovers)} leftovers")  # fmt: skip
    assert (corrupt, restarted, leftovers) == ([], [], [])
    assert landed * 2 >= SERIES, parts  # the cuts did land in the middle of the files
    assert proxy.cuts >= SERIES
