"""A provider's gateway is the same server or none: it never passes as a "new server" and gets no password."""

from __future__ import annotations

import socket
import sys

import paramiko
import pytest

from gpudesk.core import secrets
from gpudesk.core.live.questions import HostKeyAsk
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.providers.fallback import fallback_for
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.ssh.proxy import ProxySpec, command_argv, expand_argv, open_via_proxy
from gpudesk.ui import bridge
from gpudesk.ui.controller import ConnectionController
from tests.helpers_providers.vast_stub import VastStub

pytestmark = pytest.mark.gui


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gateway(sshd):
    """Instance 312: its direct port is dead, its gateway is the real sshd."""
    stub = VastStub().start()
    inst = stub.instances[312]
    dead = closed_port()
    inst.update(public_ipaddr="127.0.0.1", ssh_host=sshd.host, ssh_port=sshd.port)
    inst["ports"]["22/tcp"][0]["HostPort"] = str(dead)
    AccountStore().save(Account("vast", "vast", stub.url), token=stub.token)
    session = Session(
        name="vast box",
        host="127.0.0.1",
        port=dead,
        username=sshd.username,
        provider="vast",
        provider_instance_id="312",
    )
    yield stub, session
    stub.stop()


def _connect(qtbot, session, store):
    asked = []
    controller = ConnectionController(session, host_keys=store)
    # a host-key question, as the tab hears it (on the GUI thread)
    bridge.connect(
        controller.link.question, lambda ask: asked.append(ask) if isinstance(ask, HostKeyAsk) else None, controller
    )
    controller.link.connect()
    qtbot.waitUntil(lambda: controller.state in ("connected", "failed") or bool(asked), timeout=30000)
    return controller, asked


def _server_key(sshd) -> paramiko.PKey:
    kind, blob = sshd.host_key_line.split()[:2]
    return paramiko.PKey.from_type_string(kind, __import__("base64").b64decode(blob))


def test_a_gateway_with_another_key_is_a_changed_key_and_gets_no_password(qtbot, tmp_path, sshd, gateway):
    _stub, session = gateway
    secrets.set_secret(session.secret_key, session.username, "the saved password")
    store = HostKeyStore(tmp_path / "known_hosts", extra_files=[])
    store.add(session.host, session.port, paramiko.Ed25519Key.from_private_key_file(str(sshd.key_path)))  # another key
    controller, asked = _connect(qtbot, session, store)
    assert controller.state == "failed"
    assert controller.last_error.kind == "host_key_changed", controller.last_error
    assert "gateway" in str(controller.last_error) and not asked
    assert controller.connection is None
    controller.close()


def test_a_gateway_never_seen_is_not_a_new_server(qtbot, tmp_path, sshd, gateway):
    _stub, session = gateway
    controller, asked = _connect(qtbot, session, HostKeyStore(tmp_path / "known_hosts", extra_files=[]))
    assert controller.state == "failed" and controller.last_error.kind == "host_key_changed"
    assert not asked
    controller.close()


def test_a_gateway_showing_the_key_trusted_for_the_direct_address_is_let_in(qtbot, tmp_path, sshd, gateway):
    _stub, session = gateway
    store = HostKeyStore(tmp_path / "known_hosts", extra_files=[])
    store.add(session.host, session.port, _server_key(sshd))  # trusted under the direct address only
    session.auth = "key_file"
    session.identity_file = str(sshd.key_path)
    controller, _asked = _connect(qtbot, session, store)
    assert controller.state == "connected", controller.last_error
    assert controller.via_fallback == f"{sshd.username}@{sshd.host}:{sshd.port}"
    # trusted for this connection only: nothing was written for the gateway's address
    assert [k.fingerprint for k in store.known_keys(sshd.host, sshd.port)] == []
    controller.close()


@pytest.mark.parametrize("host", ["a:1 -oProxyCommand=touch\\ M -oUser=", "-oProxyCommand=x", "a;b", "a\nb", "$(x)"])
def test_a_gateway_host_that_is_not_a_host_is_never_used(gateway, host):
    stub, session = gateway
    stub.instances[312]["ssh_host"] = host
    assert fallback_for(session) is None


def test_proxycommand_fills_each_word_and_a_host_adds_none(tmp_path):
    assert expand_argv(command_argv("nc %h %p"), "a b -oX=y", 22, "u") == ["nc", "a b -oX=y", "22"]
    assert expand_argv(["%%h", "%r@%h"], "h", 1, "u") == ["%h", "u@h"]
    # end to end: a host with a space and a second path makes one word, never a second file
    spec = ProxySpec("command", "", 0, "", command=f"{sys.executable} -c 'import sys; open(sys.argv[1], \"w\")' %h")
    pipe = open_via_proxy(spec, f"{tmp_path}/one {tmp_path}/injected", 22, "u", 5.0)
    pipe.process.wait(10)
    pipe.close()
    assert (tmp_path / f"one {tmp_path}").exists() is False
    assert not (tmp_path / "injected").exists()
