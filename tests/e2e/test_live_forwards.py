"""Port forwards belong to the live server: they start with the link, come back after a drop, end with the server."""

from __future__ import annotations

import socket
import threading

from gpudesk.core import paths
from gpudesk.core.clock import Clock
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.forward import ForwardSpec
from tests.helpers.waits import WAIT_S


def trust(sshd) -> None:
    paths.known_hosts_file().parent.mkdir(parents=True, exist_ok=True)
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text())


def wait_for(condition, event, timeout: float = WAIT_S) -> bool:
    """Wait until ``condition()`` holds, waking on each emission of ``event``."""
    woke = threading.Event()
    unsubscribe = event.subscribe(lambda _v: woke.set())
    try:
        while not condition():
            if not woke.wait(timeout):
                return condition()
            woke.clear()
        return True
    finally:
        unsubscribe()


def echo_server() -> tuple[socket.socket, int]:
    """A loopback service that answers 'ok' (stands for TensorBoard on the server)."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"ok")

    threading.Thread(target=serve, daemon=True, name="echo").start()
    return listener, listener.getsockname()[1]


def stop(listener: socket.socket) -> None:
    listener.shutdown(socket.SHUT_RDWR)  # wakes its accept() thread
    listener.close()


def test_saved_forwards_start_with_the_link_and_come_back_on_the_same_port(sshd, proxy) -> None:
    trust(sshd)
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    listener, port = echo_server()
    clock = Clock("test-clock")
    session = Session(name="fw", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
                      identity_file=str(sshd.key_path))  # fmt: skip
    session.forwards = [{"kind": "local", "bind_port": 0, "host": "127.0.0.1", "port": port, "label": "svc"}]
    server = LiveServer(session, clock=clock)
    server.link.reconnect_delays_s = (0.2,)
    forwards = server.forwards
    try:
        server.link.connect()
        assert wait_for(lambda: [f.status for f in forwards.forwards] == ["listening"], forwards.changed)
        first = forwards.forwards[0]
        local = first.spec.bind_port
        with socket.create_connection(("127.0.0.1", local), timeout=10) as sock:
            assert sock.recv(2) == b"ok"

        proxy.cut()  # the link drops: the forward says so, then comes back by itself on the same port
        assert wait_for(lambda: server.link.state == LinkState.CONNECTED and forwards.forwards
                        and forwards.forwards[0] is not first and forwards.forwards[0].status == "listening",
                        forwards.changed)  # fmt: skip
        assert forwards.forwards[0].spec.bind_port == local
        with socket.create_connection(("127.0.0.1", local), timeout=10) as sock:
            assert sock.recv(2) == b"ok"
    finally:
        server.close()
        clock.stop()
        stop(listener)
    assert forwards.forwards == []
    try:
        socket.create_connection(("127.0.0.1", local), timeout=2).close()
        still_listening = True
    except OSError:
        still_listening = False
    assert not still_listening, "the server closed, yet its forward still listens"


def test_a_forward_added_and_removed_is_saved_and_unsaved_with_the_session(sshd) -> None:
    trust(sshd)
    listener, port = echo_server()
    clock = Clock("test-clock")
    session = Session(name="fw2", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                      identity_file=str(sshd.key_path))  # fmt: skip
    server = LiveServer(session, clock=clock)
    try:
        assert (
            server.forwards.start(ForwardSpec("local", 0, "127.0.0.1", port)).exception(5) is not None
        )  # not connected
        server.link.connect()
        assert wait_for(lambda: server.link.state == LinkState.CONNECTED, server.link.state_changed)
        forward = server.forwards.start(ForwardSpec("local", 0, "127.0.0.1", port), save=True).result(WAIT_S)
        assert forward.status == "listening" and session.forwards[0]["port"] == port
        same = server.forwards.service(port).result(WAIT_S)
        assert same is forward  # TensorBoard asked twice: one forward
        server.forwards.remove(forward)
        assert server.forwards.forwards == [] and session.forwards == []
    finally:
        server.close()
        clock.stop()
        stop(listener)
