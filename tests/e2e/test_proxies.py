"""Connecting to the real sshd through HTTP CONNECT and SOCKS5 proxies (with auth) and a ProxyCommand."""

from __future__ import annotations

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.open import connection_for
from tests.helpers.proxies import HttpConnectProxy, Socks5Proxy

pytestmark = pytest.mark.e2e


def _session(sshd, **proxy) -> Session:
    return Session(name="p", host="127.0.0.1", port=sshd.port, username=sshd.username, auth="key_file",
                   identity_file=str(sshd.key_path), **proxy)


@pytest.mark.parametrize("cls,kind", [(HttpConnectProxy, "http"), (Socks5Proxy, "socks5")])
def test_through_a_proxy_with_a_password_from_the_keyring(sshd, trusting_store, cls, kind) -> None:
    proxy = cls(user="corp", password="proxy-Pw-42")
    try:
        secrets.set_secret(secrets.proxy_entry("127.0.0.1", proxy.port), "corp", "proxy-Pw-42")
        session = _session(sshd, proxy_kind=kind, proxy_host="127.0.0.1", proxy_port=proxy.port, proxy_username="corp")
        with connection_for(session, host_keys=trusting_store).connect() as conn:
            assert conn.exec("echo via-proxy").out.strip() == "via-proxy"
        assert proxy.requests == [("127.0.0.1", sshd.port)]
    finally:
        proxy.close()


@pytest.mark.parametrize("cls,kind", [(HttpConnectProxy, "http"), (Socks5Proxy, "socks5")])
def test_wrong_proxy_password_is_explained(sshd, trusting_store, cls, kind) -> None:
    proxy = cls(user="corp", password="right-one-1")
    try:
        secrets.set_secret(secrets.proxy_entry("127.0.0.1", proxy.port), "corp", "wrong-one-2")
        session = _session(sshd, proxy_kind=kind, proxy_host="127.0.0.1", proxy_port=proxy.port, proxy_username="corp")
        with pytest.raises(E.AuthenticationFailed, match="proxy") as info:
            connection_for(session, host_keys=trusting_store).connect()
        assert "wrong-one-2" not in str(info.value)
    finally:
        proxy.close()


def test_proxy_that_cannot_reach_the_server(sshd, trusting_store) -> None:
    from tests.helpers.sshd import free_port

    proxy = Socks5Proxy()
    try:
        session = _session(sshd, proxy_kind="socks5", proxy_host="127.0.0.1", proxy_port=proxy.port)
        session.port = free_port()
        with pytest.raises(E.ConnectionRefused, match="could not reach"):
            connection_for(session, host_keys=trusting_store).connect()
    finally:
        proxy.close()


def test_refused_proxy_port(sshd, trusting_store) -> None:
    from tests.helpers.sshd import free_port

    session = _session(sshd, proxy_kind="http", proxy_host="127.0.0.1", proxy_port=free_port())
    with pytest.raises(E.ConnectionRefused, match="proxy"):
        connection_for(session, host_keys=trusting_store).connect()


def test_proxy_command(sshd, trusting_store) -> None:
    import shutil

    nc = shutil.which("nc") or shutil.which("ncat") or shutil.which("socat")
    if nc is None:
        cmd = "python3 -c \"import socket,sys,threading;s=socket.create_connection(('%h',%p));threading.Thread(target=lambda:[sys.stdout.buffer.write(d) or sys.stdout.buffer.flush() for d in iter(lambda:s.recv(65536),b'')],daemon=True).start();[s.sendall(d) for d in iter(lambda:sys.stdin.buffer.read1(65536),b'')]\""
    elif nc.endswith("socat"):
        cmd = f"{nc} - TCP:%h:%p"
    else:
        cmd = f"{nc} %h %p"
    session = _session(sshd, proxy_kind="command", proxy_command=cmd)
    with connection_for(session, host_keys=trusting_store).connect() as conn:
        assert conn.exec("echo via-command").out.strip() == "via-command"
