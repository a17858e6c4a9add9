"""After the rent: the gpudesk key pair (keyring only), the session made for the server, the demo rental."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gpudesk.core import secrets, settings
from gpudesk.core.billing import config
from gpudesk.core.billing.meter import Meter
from gpudesk.core.demo.provider_api import DemoProviderAPI
from gpudesk.core.providers import errors as E
from gpudesk.core.providers import launch, launch_key
from gpudesk.core.providers.base import Instance
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from gpudesk.core.providers.launchspec import LaunchSpec
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.sessions.store import SessionStore


@pytest.fixture(autouse=True)
def fresh_launch_key():
    secrets.delete_secret(launch_key.ENTRY, launch_key.ACCOUNT)
    yield
    secrets.delete_secret(launch_key.ENTRY, launch_key.ACCOUNT)


def test_the_launch_key_is_made_once_and_its_private_half_is_only_in_the_keyring(gpudesk_home: Path):
    assert launch_key.public_key() is None
    public = launch_key.ensure()
    assert public.startswith("ssh-ed25519 ") and public.endswith(" gpudesk-launch")
    assert launch_key.ensure() == public  # the same pair next time
    private = secrets.get_secret(launch_key.ENTRY, launch_key.ACCOUNT)
    assert private and "OPENSSH PRIVATE KEY" in private
    body = private.splitlines()[1]
    for path in gpudesk_home.rglob("*"):
        if path.is_file():
            assert body not in path.read_text(errors="replace"), path


def test_a_damaged_launch_key_is_replaced_not_used():
    secrets.set_secret(launch_key.ENTRY, launch_key.ACCOUNT, "-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n")
    assert launch_key.public_key() is None
    assert launch_key.ensure().startswith("ssh-ed25519 ")


def ready_instance(sshd, user: str, provider: str = "rp") -> Instance:
    return Instance(id="rent0001x9", name="train-box", status="running", raw_status="RUNNING", price_per_hour=0.88,
                    currency="USD", ssh_host=sshd.host, ssh_port=sshd.port, ssh_user=user, provider=provider,
                    extra={"launched_at": 1_700_000_000.0})


def test_the_session_for_a_rented_server_logs_in_with_the_launch_key_and_meters_from_the_launch(sshd, trusting_store):
    public = launch_key.ensure()
    auth = sshd.workdir / "authorized_keys"
    before = auth.read_text()
    auth.write_text(before + public + "\n")  # what the provider does with the registered key
    try:
        p = RunPodProvider("rp", "t", "http://127.0.0.1:9")
        session = launch.create_session(ready_instance(sshd, sshd.username), provider=p)
        saved = SessionStore().get(session.id)
        assert saved is not None and (saved.host, saved.port, saved.auth) == (sshd.host, sshd.port, "stored_key")
        assert (saved.provider, saved.provider_instance_id, saved.hourly_price) == ("rp", "rent0001x9", 0.88)
        assert saved.name == "train-box"
        meter = Meter()
        assert meter.is_running(session.id) and meter.rate_per_hour(session.id) == 0.88
        assert meter.seconds(session.id, now=1_700_000_060.0) == pytest.approx(60.0)  # from the launch, not from now
        from gpudesk.core.ssh.open import connection_for

        conn = connection_for(saved, host_keys=trusting_store)
        conn.connect()
        try:
            assert conn.exec("echo key-login-works", timeout=20).out.strip() == "key-login-works"
        finally:
            conn.close()
    finally:
        auth.write_text(before)


def test_the_idle_guard_of_a_rented_server_uses_an_action_the_provider_has(sshd):
    launch_key.ensure()
    settings.set("billing.idle_policy", "stop")
    rp = launch.create_session(ready_instance(sshd, "root"), provider=RunPodProvider("rp", "t", "http://127.0.0.1:9"))
    la = launch.create_session(ready_instance(sshd, "ubuntu", "la"), provider=LambdaProvider("la", "t", "http://127.0.0.1:9"))
    assert config.guard_config(rp.id).policy == "stop"
    assert config.guard_config(la.id).policy == "remind"  # Lambda Cloud has no stop


def test_no_session_without_the_launch_key_or_without_an_address(sshd):
    with pytest.raises(secrets.SecretsUnavailable):
        launch.create_session(ready_instance(sshd, "root"))
    assert not list(SessionStore())
    launch_key.ensure()
    inst = ready_instance(sshd, "root")
    inst.ssh_host = "host\nProxyCommand evil"
    with pytest.raises(E.ProviderError, match="no SSH address"):
        launch.create_session(inst)


def test_a_newcomer_rents_a_demo_server_offline(sshd):
    api = DemoProviderAPI(sshd.host, sshd.port, phase_s=0.0).start()
    try:
        p = RunPodProvider("Demo provider", api.token, api.url)
        quote = launch.quote(p, LaunchSpec(gpu="H100", count=2))
        assert quote.price_per_hour == pytest.approx(2.49 / 8 * 2, abs=1e-3)
        inst = launch.launch(p, quote.spec, launch_key.ensure(), quote=quote)
        assert inst.status == "starting" and inst.id in api.rented
        ready = launch.wait_usable(p, inst.id, timeout_s=30, poll_s=0.01)
        assert (ready.ssh_host, ready.ssh_port) == (sshd.host, sshd.port) and ready.gpu_count == 2
        assert {i.id for i in p.list_instances()} == {api.pod_id, inst.id}
        p.terminate(inst.id)
        assert {i.id for i in p.list_instances()} == {api.pod_id}
        with pytest.raises(E.NotFound):
            p.get_instance(inst.id)
        with pytest.raises(E.ProviderError):
            launch.quote(p, LaunchSpec(gpu="RTX 4090"))  # the demo has only its own GPU
        with pytest.raises(E.CapacityError):
            launch.launch(p, quote.spec.with_(count=9), "ssh-ed25519 AAAA x")  # more than the demo machine has
    finally:
        api.stop()


def test_the_private_key_never_reaches_a_provider(sshd):
    """Only the public line goes out: the RunPod env, Vast.ai and Lambda key bodies carry no private key."""
    from tests.helpers_providers.runpod_stub import RunPodStub

    stub = RunPodStub().start()
    try:
        p = RunPodProvider("rp", stub.token, stub.url)
        public = launch_key.ensure()
        launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, public)
        sent = repr([r.body for r in stub.requests])
        private = secrets.get_secret(launch_key.ENTRY, launch_key.ACCOUNT)
        assert public in sent and private.splitlines()[1] not in sent and "PRIVATE" not in sent
    finally:
        stub.stop()
    assert os.environ.get("GPUDESK_HOME")
