"""Sync at a distance: how many round trips a sync waits for, against the real sshd.

A far server costs a round trip each time the client must hear back before it can go on.
:class:`TurnProxy` makes those waits countable without a clock: it holds what one side
sends until that side has gone quiet, then lets it through, so bytes sent without waiting
(pipelined requests, a whole tar stream) pass as one flight, and every further flight from
the client is one more round trip it waited for. The count is an upper bound (a pause in the
client's own work also splits a flight), so the limits below leave room; one request per
changed file would be far over them.
"""

from __future__ import annotations

import os
import shlex
import socket
import threading
import time
from pathlib import Path

import pytest

from gpudesk.core.sync import make_plan, run_plan
from gpudesk.core.transfer.names import PART_SUFFIX

pytestmark = pytest.mark.e2e

T0 = 1_700_000_000
QUIET_S = 0.08  # a side that sent nothing for this long has said what it had to say


class TurnProxy:
    """A loopback TCP proxy that forwards in flights and counts the client's."""

    def __init__(self, host: str, port: int) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._target = (host, port)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self.flights = 0  # client flights since the last reset
        self._conns: list[tuple[socket.socket, socket.socket]] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def reset(self) -> None:
        with self._lock:
            self.flights = 0

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self._target)
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._conns.append((client, server))
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, up: bool) -> None:
        held = bytearray()
        last = [0.0]
        cond = threading.Condition()
        done = threading.Event()

        def read() -> None:
            try:
                while data := src.recv(1 << 20):
                    with cond:
                        held.extend(data)
                        last[0] = time.monotonic()
                        cond.notify()
            except OSError:
                pass
            done.set()
            with cond:
                cond.notify()

        threading.Thread(target=read, daemon=True).start()
        try:
            while True:
                with cond:
                    while not held and not done.is_set():
                        cond.wait()
                    if not held and done.is_set():
                        break
                    wait = last[0] + QUIET_S - time.monotonic()
                    if wait > 0 and not done.is_set():
                        cond.wait(wait)
                        continue
                    data = bytes(held)
                    held.clear()
                if up:
                    with self._lock:
                        self.flights += 1
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._closed.set()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() thread
        except OSError:
            pass
        self._listener.close()
        for a, b in self._conns:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)  # wakes the pumps blocked in recv()
                except OSError:
                    pass
                s.close()


@pytest.fixture
def turns(sshd):  # type: ignore[no-untyped-def]
    p = TurnProxy(sshd.host, sshd.port)
    yield p
    p.close()


def write(path: Path, data: bytes, mtime: int = T0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))
    return path


def make_tree(root: Path, count: int) -> list[Path]:
    files = []
    for i in range(count):
        folder = root / f"pkg{i % 7}" / f"mod{i % 13}"
        files.append(write(folder / f"file{i}.py", f"# file {i}\n".encode() * (1 + i % 40)))
    return files


def files_under(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def change(files: list[Path], step: int, tick: int) -> list[str]:
    """Every ``step``-th file: half keep their size (only a hash can tell), half grow."""
    picked = files[::step]
    for n, path in enumerate(picked):
        data = path.read_bytes()
        new = data.upper() if n % 2 else data + b"# edit\n"
        if new == data:
            new = data.lower()
        write(path, new, mtime=T0 + tick)
    return [p.as_posix() for p in picked]


def test_a_one_percent_sync_of_2000_files_waits_a_few_round_trips_not_one_per_file(
    connect, turns: TurnProxy, remote_dir: str, tmp_path: Path
) -> None:
    src = tmp_path / "proj"
    files = make_tree(src, 2000)
    dest = remote_dir + "/proj"
    direct = connect()
    run_plan(direct, make_plan(direct, src, dest))
    assert files_under(Path(dest)) == files_under(src)

    far = connect(port=turns.port)
    picked = change(files, 100, tick=10)  # 1 %: 20 files
    turns.reset()
    plan = make_plan(far, src, dest)
    result = run_plan(far, plan)
    flights = turns.flights
    assert len(plan.changed) == 20 and plan.hashed == 10 and not plan.new
    assert sorted(result.sent) == sorted(Path(p).relative_to(src).as_posix() for p in picked)
    assert files_under(Path(dest)) == files_under(src)
    assert not any(PART_SUFFIX in k for k in files_under(Path(dest)))
    # A listing, a hash pass and one stream: each an exec (channel, request, answer).
    assert flights <= 14, flights

    # Five times as many changes wait no longer: the count does not grow with the files.
    change(files, 20, tick=20)  # 100 files
    turns.reset()
    result = run_plan(far, make_plan(far, src, dest))
    assert len(result.sent) == 100 and turns.flights <= 14, turns.flights
    assert files_under(Path(dest)) == files_under(src)


def test_a_download_and_a_delete_wait_a_few_round_trips_too(connect, turns: TurnProxy, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "proj"
    make_tree(src, 600)
    direct = connect()
    run_plan(direct, make_plan(direct, src, remote_dir))
    here = tmp_path / "results"
    run_plan(direct, make_plan(direct, here, remote_dir, "download"))
    assert files_under(here) == files_under(src)
    # The job changes results on the server; the user removed a few files here.
    direct.exec(f"cd {shlex.quote(remote_dir)} && for f in pkg1/mod1/*.py; do echo more >> \"$f\"; done && touch -d @{T0 + 5} pkg2/mod2/*.py")
    for path in list((here / "pkg3").rglob("*.py"))[:30]:
        path.unlink()
    far = connect(port=turns.port)
    turns.reset()
    plan = make_plan(far, here, remote_dir, "download")
    assert plan.changed and plan.hashed and len(plan.new) == 30
    result = run_plan(far, plan)
    assert turns.flights <= 14, turns.flights
    assert files_under(here) == files_under(Path(remote_dir))
    assert result.streamed == len(result.sent) == len(plan.new) + len(plan.changed)

    # Upload with delete: many remote-only files go in the same exec as the sends.
    for path in list((here / "pkg4").rglob("*.py"))[:40]:
        path.unlink()
    write(here / "pkg0" / "new.txt", b"new")
    turns.reset()
    plan = make_plan(far, here, remote_dir, delete=True)
    result = run_plan(far, plan)
    assert len(result.deleted) == 40 and result.sent == ["pkg0/new.txt"]
    assert turns.flights <= 10, turns.flights
    assert files_under(Path(remote_dir)) == files_under(here)
