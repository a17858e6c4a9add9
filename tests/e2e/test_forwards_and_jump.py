"""Port forwards and jump hosts through the real sshd."""

from __future__ import annotations

import http.server
import socket
import struct
import threading
import urllib.request

import pytest

from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.forward import Forward, ForwardSpec
from gpudesk.core.ssh.open import connection_for, parse_jump_hosts

pytestmark = pytest.mark.e2e


@pytest.fixture
def web():
    """A TensorBoard-like HTTP server on the 'server' side (loopback)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            body = f"tensorboard at {self.path}".encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()


def test_local_forward_reaches_a_web_server_on_the_host(connect, web) -> None:
    conn = connect()
    fwd = Forward(conn, ForwardSpec("local", 0, "127.0.0.1", web)).start()
    try:
        assert fwd.status == "listening" and fwd.spec.bind_port > 0
        body = urllib.request.urlopen(f"http://127.0.0.1:{fwd.spec.bind_port}/#scalars", timeout=10).read()
        assert body == b"tensorboard at /"
        assert fwd.total == 1
    finally:
        fwd.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", fwd.spec.bind_port), timeout=2)


def test_port_in_use_is_explained(connect, web) -> None:
    busy = socket.create_server(("127.0.0.1", 0))
    port = busy.getsockname()[1]
    try:
        fwd = Forward(connect(), ForwardSpec("local", port, "127.0.0.1", web)).start()
        assert fwd.status == "failed"
        assert "already in use" in fwd.error
    finally:
        busy.close()


def test_nothing_listening_on_the_far_side_is_reported(connect) -> None:
    from tests.helpers.sshd import free_port

    fwd = Forward(connect(), ForwardSpec("local", 0, "127.0.0.1", free_port())).start()
    try:
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{fwd.spec.bind_port}/", timeout=10).read()
        assert "could not reach" in fwd.error
    finally:
        fwd.close()


def test_dynamic_socks5_forward(connect, web) -> None:
    fwd = Forward(connect(), ForwardSpec("dynamic", 0)).start()
    try:
        s = socket.create_connection(("127.0.0.1", fwd.spec.bind_port), timeout=10)
        s.sendall(b"\x05\x01\x00")
        assert s.recv(2) == b"\x05\x00"
        s.sendall(b"\x05\x01\x00\x03" + bytes([9]) + b"127.0.0.1" + struct.pack(">H", web))
        assert s.recv(10)[:2] == b"\x05\x00"
        s.sendall(b"GET /socks HTTP/1.0\r\n\r\n")
        data = b""
        while chunk := s.recv(4096):
            data += chunk
        assert data.endswith(b"tensorboard at /socks")
    finally:
        fwd.close()


def test_remote_forward_brings_a_local_service_to_the_server(connect, web) -> None:
    conn = connect()
    fwd = Forward(conn, ForwardSpec("remote", 0, "127.0.0.1", web)).start()
    try:
        assert fwd.status == "listening", fwd.error
        # The server side listens on its loopback; ask the server to fetch through it.
        out = conn.exec(
            f"python3 -c \"import urllib.request;print(urllib.request.urlopen('http://127.0.0.1:{fwd.spec.bind_port}/r').read().decode())\""
        )
        assert out.out.strip() == "tensorboard at /r", out.err
    finally:
        fwd.close()


def test_jump_host_chain(sshd, trusting_store) -> None:
    assert parse_jump_hosts("a@b:2200,[::1]:22,c") == [("b", 2200, "a"), ("::1", 22, ""), ("c", 22, "")]
    session = Session(
        name="behind-bastion",
        host="127.0.0.1",
        port=sshd.port,
        username=sshd.username,
        auth="key_file",
        identity_file=str(sshd.key_path),
        jump_host=f"{sshd.username}@127.0.0.1:{sshd.port}",
    )
    conn = connection_for(session, host_keys=trusting_store).connect()
    try:
        assert conn.via is not None and conn.via.is_alive
        assert conn.exec("echo through-the-bastion").out.strip() == "through-the-bastion"
    finally:
        conn.close()
    assert not conn.via.is_alive, "closing the target closes its jump host"


def test_jump_host_that_cannot_reach_the_target(sshd, trusting_store) -> None:
    from tests.helpers.sshd import free_port

    session = Session(
        name="x", host="127.0.0.1", port=free_port(), username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), jump_host=f"{sshd.username}@127.0.0.1:{sshd.port}",
    )
    with pytest.raises(E.ConnectionRefused, match="jump host"):
        connection_for(session, host_keys=trusting_store).connect()


def test_agent_forwarding(sshd, trusting_store, tmp_path, monkeypatch) -> None:
    """A key held only by the local agent is usable on the server when forwarding is on."""
    import os
    import subprocess

    sock = tmp_path / "agent.sock"
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(sock)], stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if sock.exists():
                break
            __import__("time").sleep(0.05)
        env = dict(os.environ, SSH_AUTH_SOCK=str(sock))
        subprocess.run(["ssh-add", "-q", str(sshd.key_path)], env=env, check=True, capture_output=True)
        monkeypatch.setenv("SSH_AUTH_SOCK", str(sock))
        base = dict(name="a", host=sshd.host, port=sshd.port, username=sshd.username, auth="agent")
        with connection_for(Session(**base, forward_agent=True), host_keys=trusting_store).connect() as conn:
            listed = conn.exec("ssh-add -l")
            assert listed.exit_code == 0 and "ED25519" in listed.out, listed.err
        with connection_for(Session(**base), host_keys=trusting_store).connect() as conn:
            assert conn.exec("ssh-add -l").exit_code != 0, "no agent on the server unless asked"
    finally:
        agent.terminate()


@pytest.fixture(scope="module")
def target_sshd():
    """A second real sshd: the target behind the bastion (the session's own sshd)."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    from tests.helpers.sshd import start_sshd

    if os.geteuid() != 0:
        pytest.skip("needs root")
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-target-"))
    server = start_sshd(workdir)
    yield server
    server.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def test_jump_through_a_bastion_to_another_sshd(sshd, target_sshd, tmp_path) -> None:
    """Bastion and target are two separate sshd instances with different host keys."""
    from gpudesk.core.ssh.hostkeys import HostKeyStore

    known = tmp_path / "kh"
    known.write_text(sshd.known_hosts.read_text() + target_sshd.known_hosts.read_text())
    session = Session(
        name="target", host="127.0.0.1", port=target_sshd.port, username=target_sshd.username, auth="key_file",
        identity_file=str(target_sshd.key_path), jump_host=f"{sshd.username}@127.0.0.1:{sshd.port}",
    )
    # The bastion only knows its own user key; the target's key is used for the bastion hop too.
    auth = sshd.workdir / "authorized_keys"
    original = auth.read_text()
    auth.write_text(original + (target_sshd.workdir / "user_ed25519.pub").read_text())
    try:
        with connection_for(session, host_keys=HostKeyStore(known, extra_files=[])).connect() as conn:
            assert conn.via is not None
            assert conn.info.host_key_fingerprint == target_sshd.host_key_fingerprint
            assert conn.via.info.host_key_fingerprint == sshd.host_key_fingerprint
            assert conn.exec("echo $SSH_CONNECTION").out.split()[-1] == str(target_sshd.port)
    finally:
        auth.write_text(original)
