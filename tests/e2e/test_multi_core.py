"""Several servers at once, against the real sshd: two connections to it, and one port where nothing listens."""

from __future__ import annotations

import hashlib
import os
import socket
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from gpudesk.core.multi import MultiRun, MultiUpload, Server
from gpudesk.core.multi import run as R
from gpudesk.core.multi import upload as U
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from tests.helpers.sshd import free_port


def wait_until(cond: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.02)


@pytest.fixture
def servers(connect, trusting_store) -> list[Server]:
    port = free_port()  # nothing listens here

    def dead() -> Connection:
        return Connection(Target("127.0.0.1", port, "nobody", timeout_s=5), Credentials("password", password="x"), trusting_store)

    return [Server("gpu-a", connect()), Server("gpu-b", connect()), Server("gone", make=dead)]


def test_one_command_on_all_servers_reports_each_one(servers, sshd) -> None:
    updates: list[tuple[str, str]] = []
    run = MultiRun(servers, "hostname; echo $SSH_CONNECTION", timeout_s=30, on_update=lambda r: updates.append((r.server, r.state)))
    assert run.start().wait(60)
    a, b, gone = (run.results[n] for n in ("gpu-a", "gpu-b", "gone"))
    for res in (a, b):
        assert res.state == R.DONE and res.exit_code == 0 and res.ok, res
        host, conn_line = res.out.strip().splitlines()
        assert host == socket.gethostname()
        assert conn_line.split()[3] == str(sshd.port)
        assert res.duration_s > 0
    # Two separate SSH connections: the client ports differ.
    assert a.out.split()[2] != b.out.split()[2]
    assert gone.state == R.FAILED and gone.exit_code is None
    assert "refused" in gone.error and "port" in gone.error
    assert ("gpu-a", R.RUNNING) in updates and ("gone", R.CONNECTING) in updates
    assert run.finished


def test_a_failing_command_keeps_its_exit_code_and_both_streams(servers) -> None:
    run = MultiRun(servers[:2], "echo to-out; echo to-err >&2; ls /nonexistent-dir-xyz; exit 7", timeout_s=30)
    assert run.start().wait(60)
    for res in run.results.values():
        assert res.state == R.DONE and res.exit_code == 7 and not res.ok
        assert res.out == "to-out\n"
        assert res.err.startswith("to-err\n") and "nonexistent-dir-xyz" in res.err


def test_a_slow_server_times_out_alone(servers) -> None:
    # The same command on both; only gpu-b finds a marker named after its own client port, so only it hangs.
    home = servers[1].connection.exec("echo $HOME").out.strip()
    client_port = servers[1].connection.exec("set -- $SSH_CLIENT; echo $2").out.strip()
    marker = f"{home}/slow-{uuid.uuid4().hex}"
    servers[1].connection.exec(f"touch {marker}-{client_port}")
    started = time.monotonic()
    run = MultiRun(servers[:2], f"set -- $SSH_CLIENT; if [ -e {marker}-$2 ]; then sleep 60; fi; echo finished", timeout_s=4)
    run.start()
    # gpu-a finishes even though gpu-b hangs …
    wait_until(lambda: run.results["gpu-a"].state == R.DONE, 30)
    assert run.results["gpu-a"].out == "finished\n"
    assert run.results["gpu-b"].state not in R.FINISHED
    assert run.wait(30)
    servers[1].connection.exec(f"rm -f {marker}-{client_port}")
    b = run.results["gpu-b"]
    # … and gpu-b is stopped by its own timeout.
    assert b.state == R.TIMEOUT and b.exit_code is None and "4 s" in b.error
    assert 3.5 <= b.duration_s < 20
    assert time.monotonic() - started < 25


def test_two_sleeps_overlap_in_time(servers) -> None:
    run = MultiRun(servers[:2], "sleep 3; echo done", timeout_s=30)
    started = time.monotonic()
    assert run.start().wait(60)
    took = time.monotonic() - started
    assert all(r.out == "done\n" for r in run.results.values())
    assert took < 5.5, f"took {took:.1f} s: the servers ran one after another"


def test_cancel_stops_every_running_server(servers) -> None:
    run = MultiRun(servers, "echo started; sleep 120", timeout_s=300)
    run.start()
    wait_until(lambda: all(run.results[n].state == R.RUNNING and run.results[n].out for n in ("gpu-a", "gpu-b")))
    started = time.monotonic()
    run.cancel()
    assert run.wait(15)
    assert time.monotonic() - started < 10
    for name in ("gpu-a", "gpu-b"):
        res = run.results[name]
        assert res.state == R.CANCELLED and res.out == "started\n" and res.exit_code is None
    assert run.results["gone"].state in (R.FAILED, R.CANCELLED)
    # The connections that were lent to the run stay usable.
    assert servers[0].connection.exec("echo alive").out == "alive\n"


def test_cancel_before_connect_finishes_aborts_the_connect(trusting_store) -> None:
    # A listener that never speaks SSH: the connect would wait for its timeout.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]

        def make() -> Connection:
            return Connection(Target("127.0.0.1", port, "x", timeout_s=60), Credentials("password", password="x"), trusting_store)

        run = MultiRun([Server("mute", make=make)], "true").start()
        wait_until(lambda: run.results["mute"].state == R.CONNECTING)
        run.cancel()
        assert run.wait(15)
        assert run.results["mute"].state == R.CANCELLED


def test_a_command_killed_by_a_signal_has_no_exit_code(servers) -> None:
    run = MultiRun(servers[:1], "echo before; kill -9 $$", timeout_s=30)
    assert run.start().wait(60)
    res = run.results["gpu-a"]
    assert res.state == R.FAILED and res.exit_code is None and res.out == "before\n"
    assert "signal" in res.error
    assert servers[0].connection.is_alive


def test_output_is_capped(servers, monkeypatch) -> None:
    monkeypatch.setattr(R, "MAX_OUTPUT", 100_000)
    run = MultiRun(servers[:1], "head -c 1000000 /dev/zero; echo tail >&2", timeout_s=60)
    assert run.start().wait(60)
    res = run.results["gpu-a"]
    assert res.exit_code == 0 and res.truncated
    assert len(res.stdout) == 100_000 and res.err == "tail\n"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_upload_a_file_to_all_servers(servers, sshd, tmp_path) -> None:
    local = tmp_path / "weights.bin"
    local.write_bytes(os.urandom(3 * 1024 * 1024 + 17))
    base = f"multi-{uuid.uuid4().hex[:8]}"
    progress: dict[str, list[int]] = {}

    def seen(res: U.UploadResult) -> None:
        progress.setdefault(res.server, []).append(res.done)

    # Both "servers" are the same sshd: $PPID (the session's sshd process) gives each its own folder,
    # which also shows that the target folder is expanded by each server's shell.
    up = MultiUpload(servers, local, f"~/{base}/$PPID", on_update=seen).start()
    assert up.wait(120)
    a, b, gone = (up.results[n] for n in ("gpu-a", "gpu-b", "gone"))
    paths = set()
    for res in (a, b):
        assert res.state == U.DONE, res.error
        assert res.done == res.total == local.stat().st_size and res.fraction == 1.0
        on_disk = Path(res.remote_path)
        assert on_disk.is_relative_to(sshd.home / base) and on_disk.name == "weights.bin"
        assert _sha(on_disk) == _sha(local)
        assert not list(on_disk.parent.glob("*.gpudesk-part"))
        paths.add(on_disk)
        assert progress[res.server] == sorted(progress[res.server])  # progress only goes up
    assert len(paths) == 2
    assert gone.state == U.FAILED and "refused" in gone.error


def test_upload_a_folder_and_report_a_server_that_cannot_write(servers, sshd, tmp_path) -> None:
    folder = tmp_path / "project"
    (folder / "src").mkdir(parents=True)
    for i in range(30):
        (folder / "src" / f"f{i}.py").write_text(f"print({i})\n" * (i + 1))
    (folder / "train.sh").write_text("python src/f1.py\n")
    base = f"multi-{uuid.uuid4().hex[:8]}"
    up = MultiUpload(servers[:2], folder, f"~/{base}/$PPID").start()
    assert up.wait(120)
    for res in up.results.values():
        assert res.state == U.DONE, res.error
        copy = Path(res.remote_path)
        assert sorted(p.relative_to(copy) for p in copy.rglob("*")) == sorted(p.relative_to(folder) for p in folder.rglob("*"))
        assert (copy / "src" / "f29.py").read_text() == (folder / "src" / "f29.py").read_text()
    # A folder the test user may not create: each server says so, in words.
    denied = MultiUpload(servers[:2], folder, "/root/not-yours").start()
    assert denied.wait(60)
    for res in denied.results.values():
        assert res.state == U.FAILED and "Permission denied" in res.error and "/root/not-yours" in res.error


def test_upload_of_a_missing_local_file_is_refused_up_front(servers, tmp_path) -> None:
    with pytest.raises(FileNotFoundError):
        MultiUpload(servers[:1], tmp_path / "nope.bin", "~").start()


def test_servers_sharing_one_folder_upload_once(servers, sshd, tmp_path) -> None:
    # Both connections reach the same home folder, as cluster nodes with an NFS home do: one
    # uploads, the other reports that copy, and no partial file is fought over.
    local = tmp_path / "shared.bin"
    local.write_bytes(os.urandom(4 * 1024 * 1024))
    base = f"multi-{uuid.uuid4().hex[:8]}"
    seen: list[tuple[str, str, int]] = []
    up = MultiUpload(servers, local, f"~/{base}", on_update=lambda r: seen.append((r.server, r.state, r.done))).start()
    assert up.wait(120)
    a, b, gone = (up.results[n] for n in ("gpu-a", "gpu-b", "gone"))
    assert a.state == b.state == U.DONE
    assert a.remote_path == b.remote_path == str(sshd.home / base / "shared.bin")
    assert "Same folder as gpu-a" in " ".join(b.warnings) and not a.warnings
    assert b.done == b.total == local.stat().st_size
    assert _sha(Path(a.remote_path)) == _sha(local)
    assert sorted(p.name for p in (sshd.home / base).iterdir()) == ["shared.bin"]  # no markers, no partials left
    assert gone.state == U.FAILED
    assert any(name == "gpu-b" and done > 0 for name, _, done in seen)  # it showed the shared progress


def test_cancel_an_upload_leaves_no_partial_copies(servers, sshd, tmp_path) -> None:
    local = tmp_path / "big.bin"
    with local.open("wb") as fh:
        fh.truncate(512 * 1024 * 1024)  # sparse: quick to make, slow enough to send
    base = f"multi-{uuid.uuid4().hex[:8]}"
    up = MultiUpload(servers[:2], local, f"~/{base}/$PPID").start()
    wait_until(lambda: all(r.done > 0 for r in up.results.values()), 60)
    up.cancel()
    assert up.wait(60)
    assert {r.state for r in up.results.values()} == {U.CANCELLED}
    # The cancelled items' partial copies are removed by the transfer queue.
    wait_until(lambda: not any(p.is_file() for p in (sshd.home / base).rglob("*")), 30)
