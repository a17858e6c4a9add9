"""A live server's parts are wired once by the server: no part holds the server, and an edit kept in the
workspace's store survives a change of the open server's forwards."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

from gpudesk.core.clock import Clock
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.ssh.forward import ForwardSpec
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.ssh.open import connection_for


def test_an_edit_of_an_open_session_survives_a_change_of_its_forwards(tmp_path: Path) -> None:
    clock = Clock("test-clock")
    store = SessionStore(tmp_path / "sessions.json")
    session = store.add(Session(name="a100", host="10.0.0.1", port=22, username="root"))
    spec = ForwardSpec("local", 6006, "127.0.0.1", 6006, label="tb")
    session.forwards = [dataclasses.asdict(spec)]
    store.update(session)
    workspace = Workspace(clock, store=store)
    try:
        server = workspace.open(store.get(session.id) or session)
        edited = dataclasses.replace(server.session, name="renamed", host="10.0.0.2", port=2222, forwards=[])
        edited.forwards = [dict(f) for f in server.session.forwards]
        store.update(edited)
        forward = next(iter(server.forwards.saved_specs()))
        assert forward.port == 6006
        # A forward removed from the open server: only the forwards are written back.
        server.forwards.remove(_FakeForward(forward))  # type: ignore[arg-type]
        saved = SessionStore(tmp_path / "sessions.json").get(session.id)
        assert saved is not None
        assert (saved.name, saved.host, saved.port) == ("renamed", "10.0.0.2", 2222)
        assert saved.forwards == []
        # The open server follows the edit: a reconnect goes to the new address.
        assert (server.session.host, server.session.port, server.link.session.host) == ("10.0.0.2", 2222, "10.0.0.2")
    finally:
        workspace.close_all()
        clock.stop()


class _FakeForward:
    def __init__(self, spec: ForwardSpec) -> None:
        self.spec = spec

    def close(self) -> None:
        pass


def test_no_part_of_a_live_server_holds_the_server() -> None:
    clock = Clock("test-clock")
    workspace = Workspace(clock)
    try:
        server = workspace.open(Session(name="s", host="10.0.0.3", username="root"))
        for part in (server.link, server.telemetry, server.work, server.forwards, server.billing):
            assert not any(value is server for value in vars(part).values()), part
    finally:
        workspace.close_all()
        clock.stop()


def test_billing_state_reaches_the_gpu_advice() -> None:
    clock = Clock("test-clock")
    workspace = Workspace(clock)
    try:
        server = workspace.open(Session(name="s", host="10.0.0.4", username="root"))
        assert server.telemetry.billed  # nobody knows yet: it may cost money
        server.telemetry.follow_billing("stopped")
        assert not server.telemetry.billed
        server.telemetry.follow_billing("billing")
        assert server.telemetry.billed
    finally:
        workspace.close_all()
        clock.stop()


def test_answers_counted_from_many_threads_leave_no_answer_pending() -> None:
    clock = Clock("test-clock")
    workspace = Workspace(clock)
    try:
        billing = workspace.open(Session(name="s", host="10.0.0.5", username="root")).billing
        futures: list = []
        lock = threading.Lock()

        def answer() -> None:
            for _ in range(25):
                future = billing.answer("keep")
                with lock:
                    futures.append(future)

        threads = [threading.Thread(target=answer) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for future in futures:
            if future is not None:
                try:
                    future.result(timeout=10)
                except Exception:  # noqa: BLE001 - the guard's answer may fail without a prompt; counted off all the same
                    pass
        assert billing._answering == 0
    finally:
        workspace.close_all()
        clock.stop()


def test_a_jump_host_named_like_a_saved_session_is_found_in_the_workspace_store(tmp_path: Path) -> None:
    clock = Clock("test-clock")
    store = SessionStore(tmp_path / "sessions.json")
    store.add(Session(name="bastion", host="10.9.9.9", port=2200, username="jump"))
    target = store.add(Session(name="gpu", host="10.0.0.6", username="root", jump_host="bastion"))
    workspace = Workspace(clock, store=store)
    try:
        server = workspace.open(target)
        keys = HostKeyStore(tmp_path / "known_hosts", extra_files=[])
        conn = connection_for(target, keys, saved=workspace.servers[0].link._saved_sessions() or ())
        assert server.link._saved_sessions is not None
        assert conn.via is not None and (conn.via.target.host, conn.via.target.port) == ("10.9.9.9", 2200)
        unnamed = connection_for(target, keys)  # no saved sessions handed in: an unknown bastion of that name
        assert unnamed.via is not None and unnamed.via.target.host == "bastion"
    finally:
        workspace.close_all()
        clock.stop()
