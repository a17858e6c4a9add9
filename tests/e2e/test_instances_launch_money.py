"""``gpudesk instances launch`` on the money paths: a rental the provider made but did not start, a new
instance that answers null for a while, and --wait that returns only once the registered key logs in.

Real processes, the local provider servers, the real sshd and the file keyring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpudesk.core.providers.accounts import Account, AccountStore
from tests.helpers.cli import gpudesk
from tests.helpers_providers.vast_stub import VastStub

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def vast():
    server = VastStub().start()
    AccountStore().save(Account("va", "vast", server.url), token=server.token)
    yield server
    server.stop()


def test_vast_bid_too_low_says_an_instance_exists_and_bills_its_disk_and_offers_destroy(vast):
    vast.bid_floor = 0.3
    out = gpudesk("instances", "launch", "--provider", "va", "--offer", "2", "--spot", "--bid", "0.19", "--yes", "--json")
    assert out.returncode == 4, out.stderr
    made = json.loads(out.stdout)
    assert made["status"] == "stopped" and int(made["id"]) in vast.instances
    assert "Nothing was rented" not in out.stderr
    assert "bills for its disk" in out.stderr
    assert f"gpudesk instances terminate {made['id']} --provider va --yes" in out.stderr
    # asked to end what fails: destroyed, and read again to confirm it is gone
    out = gpudesk("instances", "launch", "--provider", "va", "--offer", "1", "--spot", "--bid", "0.21", "--yes",
                  "--terminate-on-timeout", "--json")
    assert out.returncode == 4, out.stderr
    second = json.loads(out.stdout)
    assert second["status"] == "terminated" and int(second["id"]) not in vast.instances
    assert "no longer lists it" in out.stderr


def test_wait_does_not_return_on_a_banner_while_the_server_refuses_the_key(sshd):
    from tests.helpers_providers.runpod_stub import RunPodStub

    stub = RunPodStub().start()
    AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
    auth = sshd.workdir / "authorized_keys"
    before = auth.read_text()
    stub.launch_ssh, stub.launch_user, stub.authorized_keys = (sshd.host, sshd.port), sshd.username, auth
    stub.key_delay_looks = 2  # SSH answers first; the key is in place two looks later
    try:
        out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--name", "keyed", "--yes", "--wait",
                      "--json")
    finally:
        auth.write_text(before)
        stub.stop()
    assert out.returncode == 0, out.stderr
    assert "does not take gpudesk's key yet" in out.stderr and "Logged in on" in out.stderr
    assert out.stderr.index("does not take gpudesk's key yet") < out.stderr.index("Logged in on")
    data = json.loads(out.stdout)
    assert data["session"] == "keyed" and data["ssh"]["user"] == sshd.username
