"""A live server's transfers and jobs, Qt-free, against the real sshd: no view is needed for any of it.

The link is driven the way the connection layer tells its parts (state, connection, events), so what
is tested is the work part: it owns the queue, follows the link, asks conflicts as questions, and
says when the server is busy.
"""

from __future__ import annotations

import hashlib
import os
import queue as stdqueue
import shlex
import threading
from pathlib import Path

import pytest

from gpudesk.core.jobs import JobSpec
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session
from gpudesk.core.transfer import DONE, PAUSED
from gpudesk.core.transfer.conflict import SKIP


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def link_up(server, conn) -> None:  # type: ignore[no-untyped-def]
    """What the connection layer does when a connection works: state first, then the connection."""
    link = server.link
    link.state = LinkState.CONNECTED
    link.connection = conn
    link.state_changed.emit(link.state)
    link.connected.emit(conn)


def link_down(server, state: LinkState = LinkState.DROPPED) -> None:  # type: ignore[no-untyped-def]
    link = server.link
    link.state = state
    link.connection = None
    link.state_changed.emit(state)


class Waiter:
    """Collects an event's values; ``until(pred)`` waits for a value that matches (no fixed sleeps)."""

    def __init__(self, event) -> None:  # type: ignore[no-untyped-def]
        self.values: list = []
        self._cv = threading.Condition()
        event.subscribe(self._add)

    def _add(self, value) -> None:  # type: ignore[no-untyped-def]
        with self._cv:
            self.values.append(value)
            self._cv.notify_all()

    def until(self, pred, timeout: float = 60.0):  # type: ignore[no-untyped-def]
        with self._cv:
            assert self._cv.wait_for(lambda: any(pred(v) for v in self.values), timeout), self.values[-5:]
            return next(v for v in self.values if pred(v))


@pytest.fixture
def workspace():
    ws = Workspace()
    yield ws
    ws.close_all()


def session_for(sshd) -> Session:  # type: ignore[no-untyped-def]
    return Session(name="live", host=sshd.host, port=sshd.port, username=sshd.username)


def test_upload_and_download_run_through_the_server_and_say_when_it_is_busy(
    workspace, sshd, connect, remote_dir: str, tmp_path: Path
) -> None:
    server = workspace.open(session_for(sshd))
    busy = Waiter(server.work.busy_changed)
    items = Waiter(server.work.item_changed)
    src = tmp_path / "model.bin"
    src.write_bytes(os.urandom(3 * 1024 * 1024 + 7))
    # Queued before the link is up: it waits, and starts once the server is connected.
    up = server.work.upload(str(src), remote_dir)
    assert busy.until(lambda v: v == ("transfer", True))
    link_up(server, connect())
    items.until(lambda i: i is up and i.state == DONE)
    assert busy.until(lambda v: v == ("transfer", False))
    dest = tmp_path / "back"
    dest.mkdir()
    down = server.work.download(f"{remote_dir}/model.bin", str(dest))
    items.until(lambda i: i is down and i.state == DONE)
    assert sha(dest / "model.bin") == sha(src)
    assert [v for v in busy.values if v[0] == "transfer"] == [("transfer", True), ("transfer", False)] * 2
    assert not server.work.transfers_busy


def test_the_queue_holds_when_the_link_drops_and_goes_on_when_it_is_back(
    workspace, sshd, connect, proxy, remote_dir: str, tmp_path: Path
) -> None:
    server = workspace.open(session_for(sshd))
    work = server.work
    work.transfers.progress_interval = 0  # every acknowledged request reports: the cut lands mid-file
    src = tmp_path / "data.bin"
    src.write_bytes(os.urandom(32 * 1024 * 1024))
    stalled = threading.Event()

    def stall_once(item) -> None:  # type: ignore[no-untyped-def]
        if item.done > 4 * 1024 * 1024 and not stalled.is_set():
            stalled.set()
            proxy.stall()

    work.item_changed.subscribe(stall_once)
    items = Waiter(work.item_changed)
    link_up(server, connect(port=proxy.port))
    item = work.upload(str(src), remote_dir)
    assert stalled.wait(60)
    link_down(server)  # the connection layer saw the drop: the queue must hold, not fail the item
    proxy.cut()
    proxy.resume()
    items.until(lambda i: i is item and i.state == PAUSED)
    assert work.transfers.suspended and 0 < item.done < src.stat().st_size
    assert work.busy("transfer")  # a paused transfer still keeps the server busy
    link_up(server, connect())  # reconnected (directly this time)
    items.until(lambda i: i is item and i.state == DONE)
    direct = connect()
    remote_sha = direct.exec(f"sha256sum {shlex.quote(remote_dir)}/data.bin").out.split()[0]
    assert remote_sha == sha(src)


def test_a_conflict_is_a_question_the_view_answers_from_its_own_thread(
    workspace, sshd, connect, remote_dir: str, tmp_path: Path
) -> None:
    server = workspace.open(session_for(sshd))
    conn = connect()
    conn.exec(f"printf old > {shlex.quote(remote_dir)}/notes.txt")
    src = tmp_path / "notes.txt"
    src.write_text("new and longer")
    asked: stdqueue.Queue = stdqueue.Queue()
    server.work.conflict_asked.subscribe(asked.put)  # the view: it answers later, on its own thread
    items = Waiter(server.work.item_changed)
    link_up(server, conn)
    item = server.work.upload(str(src), remote_dir)
    conflict = asked.get(timeout=60)
    assert conflict.target.endswith("/notes.txt") and conflict.direction == "upload"
    threading.Thread(target=conflict.resolve, args=(SKIP,)).start()
    items.until(lambda i: i is item and i.state == DONE)
    assert item.result == "skipped"
    assert conn.exec(f"cat {shlex.quote(remote_dir)}/notes.txt").out == "old"


def test_a_job_started_through_the_server_is_tracked_until_it_ends(workspace, sshd, connect) -> None:
    server = workspace.open(session_for(sshd))
    progress = Waiter(workspace.progress_changed)
    busy = Waiter(server.work.busy_changed)
    finished = Waiter(server.work.job_finished)
    listed: list = []  # the newest list each view was told of, when it heard a job ended
    seen_at_end: list = []
    server.work.jobs_changed.subscribe(lambda jobs: listed.append(jobs))
    server.work.job_finished.subscribe(lambda job: seen_at_end.append([j.status for j in listed[-1] if j.id == job.id]))
    conn = connect()
    conn.exec("rm -rf ~/live-jobs && mkdir -p ~/live-jobs")
    link_up(server, conn)
    progress.until(lambda p: p.connected and not p.ran_job)
    info = server.work.start_job(JobSpec("sleep 1; echo done", name="live", workdir="~/live-jobs")).result(30)
    try:
        assert server.work.ran_a_job
        assert busy.until(lambda v: v == ("job", True))
        assert progress.until(lambda p: p.ran_job)
        # Nobody refreshes by hand: the server's clock polls while a job runs.
        ended = finished.until(lambda j: j.id == info.id)
        assert ended.exit_code == 0
        # A view that hears "ended" already has the list that shows it ended (exit code, run time).
        assert seen_at_end == [[ended.status]] and ended.status != "running"
        assert busy.until(lambda v: v == ("job", False))
        server.work.mark_collected()
        assert progress.until(lambda p: p.collected)
    finally:
        conn.exec(f"rm -rf ~/.gpudesk/jobs/{info.id} ~/live-jobs")


def test_closing_the_server_in_the_workspace_ends_its_work(workspace, sshd, connect, tmp_path: Path) -> None:
    server = workspace.open(session_for(sshd))
    closed = Waiter(workspace.closed)
    queue = server.work.transfers
    link_up(server, connect())
    workspace.close(server.id)
    closed.until(lambda s: s is server)
    assert workspace.get(server.id) is None and server.closed
    assert not queue._worker.is_alive()  # the worker thread is gone with the server
    with pytest.raises(Exception, match="Not connected"):
        server.work.submit(lambda c: c).result(5)
    link_down(server, LinkState.CLOSED)
    assert Workspace.of(server) is workspace
