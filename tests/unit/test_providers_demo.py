"""The built-in demo provider API (RunPod REST v2 shapes), driven by the real RunPod client."""

from __future__ import annotations

import time

import pytest

from gpudesk.core.billing import config
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI, billed_seconds
from gpudesk.core.providers import errors as E
from gpudesk.core.providers.accounts import AccountStore, provider_for, remove_transient
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.sessions.model import Session


@pytest.fixture
def api():
    changes: list[str] = []
    server = DemoProviderAPI("127.0.0.1", 40022, phase_s=0.3, on_change=changes.append).start()
    server.changes = changes
    yield server
    server.stop()
    remove_transient(DEMO_ACCOUNT)


def wait_status(p: RunPodProvider, pod_id: str, want: str, timeout: float = 10.0) -> list[str]:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        inst = p.get_instance(pod_id)
        if not seen or seen[-1] != inst.raw_status:
            seen.append(inst.raw_status)
        if inst.raw_status == want:
            return seen
        time.sleep(0.05)
    raise AssertionError(f"never reached {want}: {seen}")


def test_stop_and_start_walk_the_v2_lifecycle(api):
    p = RunPodProvider("demo", api.token, api.url)
    (inst,) = p.list_instances()
    assert (inst.status, inst.ssh_host, inst.ssh_port, inst.gpu_count) == ("running", "127.0.0.1", 40022, 8)
    assert inst.price_per_hour == pytest.approx(2.49)
    p.stop(inst.id)
    stopped = p.get_instance(inst.id)
    assert (stopped.status, stopped.ssh_host, stopped.price_per_hour) == ("stopped", "", 0.0)
    with pytest.raises(E.Conflict):
        p.stop(inst.id)  # 409: not valid for an EXITED pod
    p.start(inst.id)
    starting = p.get_instance(inst.id)
    assert starting.status == "starting" and starting.ssh_host == "" and starting.extra["waiting_for_ssh"]
    assert wait_status(p, inst.id, "RUNNING") in (["PROVISIONING", "STARTING", "RUNNING"], ["STARTING", "RUNNING"])
    assert p.get_instance(inst.id).ssh_port == 40022
    assert api.changes == ["stopped", "running"]
    with pytest.raises(E.BadToken):
        RunPodProvider("demo", "wrong", api.url).list_instances()


def test_the_demo_answers_the_retired_v1_with_410_and_shows_storage(api):
    p = RunPodProvider("demo", api.token, api.url)
    with pytest.raises(E.VersionRetired):
        p.api.request("GET", "/v1/pods")
    (volume,) = p.list_storage()  # running: only the network volume bills on its own
    assert (volume.kind, volume.size_gb) == ("network_volume", 50)
    p.stop(api.pod_id)
    assert {s.kind for s in p.list_storage()} == {"network_volume", "volume_disk"}


def test_bad_resumes_are_played(api):
    p = RunPodProvider("demo", api.token, api.url)
    p.stop(api.pod_id)
    api.resume_fails = True
    with pytest.raises(E.ProviderError, match="not enough free GPUs"):
        p.start(api.pod_id)
    api.resume_fails, api.resume_zero_gpus = False, True
    with pytest.raises(E.ProviderError, match="without any GPU"):
        p.start(api.pod_id)


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


def test_stopping_the_demo_api_ends_the_connections_a_client_keeps_alive():
    """The app's provider client keeps its connection open between polls: the demo's end must end it too,
    not leave a handler thread waiting for a next request that never comes."""
    import threading

    import requests

    server = DemoProviderAPI("127.0.0.1", 40022).start()
    before = {t for t in threading.enumerate() if "process_request_thread" in t.name}
    client = requests.Session()
    try:
        url = f"{server.url}/v2/pods"
        client.get(url, timeout=5)  # any answer: the connection stays open afterwards
        handlers = {t for t in threading.enumerate() if "process_request_thread" in t.name} - before
        assert handlers, "the keep-alive connection holds a handler thread while the demo runs"
        server.stop()
        deadline = time.monotonic() + 5
        while any(t.is_alive() for t in handlers) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not any(t.is_alive() for t in handlers)
    finally:
        client.close()
        remove_transient(DEMO_ACCOUNT)


def test_the_ledger_records_every_state_change_and_outlives_the_demo_host(tmp_path) -> None:
    state = tmp_path / "pod.json"
    api = DemoProviderAPI("127.0.0.1", 40022, phase_s=0.2, state_file=state)
    pod_id = api.pod_id
    with api._lock:
        api._act("stop")
        api._act("stop")  # refused (409): no change, nothing recorded
        api._act("start")
        _status, rented = api._rent({"name": "r", "image": "i", "gpu": {"id": api.pod["gpu"]["id"], "count": 1}})
    for _ in range(2):
        time.sleep(0.25)
        with api._lock:
            api._advance()  # PROVISIONING → STARTING → RUNNING
    with api._lock:
        api._rented_view(rented["id"])  # RUNNING, dated when it changed (not when it was seen)
    ledger = [(e["pod"], e["status"]) for e in api.ledger]
    assert ledger[:4] == [
        (pod_id, "RUNNING"),
        (pod_id, "EXITED"),
        (pod_id, "PROVISIONING"),
        (rented["id"], "PROVISIONING"),
    ]
    assert (rented["id"], "RUNNING") in ledger and (pod_id, "RUNNING") in ledger[4:]
    times = {(e["pod"], e["status"]): e["t"] for e in api.ledger}
    assert times[(rented["id"], "RUNNING")] == pytest.approx(times[(rented["id"], "PROVISIONING")] + 0.4)
    api._httpd.server_close()
    again = DemoProviderAPI("127.0.0.1", 40022, state_file=state)  # the demo host starts again
    assert again.ledger == api.ledger
    again._httpd.server_close()


def test_billed_seconds_counts_what_the_ledger_has_billing() -> None:
    ledger = [
        {"t": 100.0, "pod": "a", "status": "PROVISIONING"},
        {"t": 102.0, "pod": "a", "status": "RUNNING"},
        {"t": 150.0, "pod": "b", "status": "RUNNING"},
        {"t": 160.0, "pod": "a", "status": "EXITED"},
        {"t": 200.0, "pod": "a", "status": "PROVISIONING"},
        {"t": 230.0, "pod": "a", "status": "TERMINATED"},
    ]
    assert billed_seconds(ledger, "a", 300.0) == 60.0 + 30.0
    assert billed_seconds(ledger, "a", 210.0) == 60.0 + 10.0
    assert billed_seconds(ledger, "a", 300.0, since=150.0) == 10.0 + 30.0
    assert billed_seconds(ledger, "b", 300.0) == 150.0
    assert billed_seconds(ledger, "c", 300.0) == 0.0
