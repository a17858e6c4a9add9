"""The built-in demo provider API, driven by the real RunPod client."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import config
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
from gpudesk.core.providers.accounts import AccountStore, provider_for, remove_transient
from gpudesk.core.providers.errors import BadToken
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.sessions.model import Session


@pytest.fixture
def api():
    changes: list[str] = []
    server = DemoProviderAPI("127.0.0.1", 40022, on_change=changes.append).start()
    server.changes = changes
    yield server
    server.stop()
    remove_transient(DEMO_ACCOUNT)


def test_stop_and_start_flip_the_demo_pod(api):
    p = RunPodProvider("demo", api.token, api.url)
    (inst,) = p.list_instances()
    assert (inst.status, inst.ssh_host, inst.ssh_port, inst.gpu_count) == ("running", "127.0.0.1", 40022, 8)
    assert inst.price_per_hour == pytest.approx(2.49)
    p.stop(inst.id)
    assert p.get_instance(inst.id).status == "stopped" and api.status == "EXITED"
    p.start(inst.id)
    assert p.get_instance(inst.id).status == "running"
    assert api.changes == ["stopped", "running"]
    with pytest.raises(BadToken):
        RunPodProvider("demo", "wrong", api.url).list_instances()


def test_link_makes_a_transient_account_and_a_short_guard(api):
    session = Session(name="Demo", host="127.0.0.1", port=40022)
    api.link(session, idle_minutes=0.5, policy="stop")
    assert (session.provider, session.provider_instance_id, session.hourly_price) == (DEMO_ACCOUNT, api.pod_id, 2.49)
    store = AccountStore()
    assert store.get(DEMO_ACCOUNT) is not None and store.is_transient(DEMO_ACCOUNT)
    assert not store.path.exists()  # never written to disk
    provider = provider_for(store.get(DEMO_ACCOUNT))
    assert provider.get_instance(api.pod_id).status == "running"
    guard = config.guard_config(session.id)
    assert guard.idle.minutes == 0.5 and guard.policy == "stop"
