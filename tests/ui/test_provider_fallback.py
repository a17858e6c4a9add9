"""When a Vast.ai instance's direct address does not answer, the connection goes through its SSH gateway."""

from __future__ import annotations

import socket

import pytest

from gpudesk.core import secrets
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.providers.fallback import fallback_for
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.controller import ConnectionController
from tests.helpers_providers.vast_stub import VastStub

pytestmark = pytest.mark.gui


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # nothing listens once the socket closes


@pytest.fixture
def vast_with_gateway(sshd):
    """The instance's direct port is dead; its gateway (ssh_host/ssh_port) is the real sshd."""
    stub = VastStub().start()
    inst = stub.instances[312]
    inst.update(public_ipaddr="127.0.0.1", ssh_host=sshd.host, ssh_port=sshd.port)
    inst["ports"]["22/tcp"][0]["HostPort"] = str(closed_port())
    AccountStore().save(Account("vast", "vast", stub.url), token=stub.token)
    yield stub, int(inst["ports"]["22/tcp"][0]["HostPort"])
    stub.stop()


def test_the_direct_address_first_the_gateway_when_it_does_not_answer(qtbot, sshd, vast_with_gateway):
    stub, dead_port = vast_with_gateway
    session = Session(
        name="vast box", host="127.0.0.1", port=dead_port, username=sshd.username, provider="vast", provider_instance_id="312"
    )
    assert str(fallback_for(session)) == f"{sshd.username}@{sshd.host}:{sshd.port}"  # same user, other door
    secrets.set_secret(session.secret_key, session.username, sshd.password)  # stored under the direct address
    controller = ConnectionController(session, host_keys=HostKeyStore(extra_files=[sshd.known_hosts]))
    controller.link.connect()
    qtbot.waitUntil(lambda: controller.state in ("connected", "failed"), timeout=30000)
    assert controller.state == "connected", controller.last_error
    assert controller.via_fallback == f"{sshd.username}@{sshd.host}:{sshd.port}"
    assert controller.connection.exec("echo through-the-gateway").stdout.strip() == b"through-the-gateway"
    controller.close()


def test_a_wrong_password_is_not_retried_elsewhere(qtbot, sshd, vast_with_gateway):
    session = Session(name="v", host=sshd.host, port=sshd.port, username=sshd.username, provider="vast", provider_instance_id="312")
    controller = ConnectionController(session, host_keys=HostKeyStore(extra_files=[sshd.known_hosts]))
    controller.link.set_password("not the password")
    controller.link.connect()
    qtbot.waitUntil(lambda: controller.state == "failed", timeout=30000)
    assert controller.last_error.kind == "auth" and controller.via_fallback == ""
    controller.close()
