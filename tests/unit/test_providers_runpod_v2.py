"""RunPod on its REST v2 API: the real lifecycle, 409/410, failed resumes, storage, no retried POSTs."""

from __future__ import annotations

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers.base import HOURS_PER_MONTH
from gpudesk.core.providers.runpod import RunPodProvider, v2_base
from tests.helpers_providers.base import Fault
from tests.helpers_providers.runpod_stub import RunPodStub

POD_ID = "7h9k2m4n6p"


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def stub():
    server = RunPodStub().start()
    yield server
    server.stop()


def client(stub: RunPodStub, **kw) -> RunPodProvider:
    kw.setdefault("sleep", Sleeps())
    return RunPodProvider("rp", stub.token, stub.url, **kw)


def test_an_account_saved_with_the_retired_v1_address_moves_to_v2():
    assert v2_base("https://rest.runpod.io/v1") == "https://api.runpod.io"
    assert v2_base("") == "https://api.runpod.io"
    assert v2_base("https://api.runpod.io/v2/") == "https://api.runpod.io"
    assert v2_base("http://127.0.0.1:5000/v1") == "http://127.0.0.1:5000"


def test_the_retired_v1_path_answers_410_and_says_so(stub):
    p = client(stub)
    with pytest.raises(E.VersionRetired, match="no longer served"):
        p.api.request("GET", "/v1/pods")  # what gpudesk 0.1 asked, against today's RunPod


def test_stop_then_resume_walks_the_documented_lifecycle(stub):
    p = client(stub)
    p.stop(POD_ID)
    stopped = p.get_instance(POD_ID)
    assert (stopped.status, stopped.ssh_host, stopped.price_per_hour) == ("stopped", "", 0.0)
    assert not stopped.billing
    p.start(POD_ID)
    seen = []
    for _ in range(3):
        inst = p.get_instance(POD_ID)
        seen.append((inst.raw_status, inst.ssh_host, inst.extra.get("waiting_for_ssh", False)))
    # SSH details are absent until the pod runs: the app says "no SSH address yet" meanwhile.
    assert seen == [("STARTING", "", True), ("RUNNING", "195.26.233.3", False), ("RUNNING", "195.26.233.3", False)]
    assert p.get_instance(POD_ID).started_at is not None


def test_an_action_the_status_does_not_allow_is_a_409_in_words(stub):
    p = client(stub)
    p.stop(POD_ID)
    with pytest.raises(E.Conflict, match="refused to stop the pod in its current state"):
        p.stop(POD_ID)


def test_a_resume_without_free_gpus_and_one_with_zero_gpus_are_explained(stub):
    p = client(stub)
    p.stop(POD_ID)
    stub.resume_fails = True
    with pytest.raises(E.ProviderError, match="not enough free GPUs on its host"):
        p.start(POD_ID)
    stub.resume_fails, stub.resume_zero_gpus = False, True
    with pytest.raises(E.ProviderError, match="without any GPU"):
        p.start(POD_ID)


def test_a_state_changing_post_is_not_sent_twice_after_a_500(stub):
    p = client(stub)
    stub.fail_next(stub.server_error_fault())
    with pytest.raises(E.ServerError):
        p.stop(POD_ID)
    assert sum(1 for r in stub.requests if r.method == "POST") == 1  # RunPod may have stopped it already
    stub.fail_next(stub.rate_limit_fault(retry_after="3"))  # 429: refused before any work, safe to resend
    sleeps = Sleeps()
    client(stub, sleep=sleeps).stop(POD_ID)
    assert sleeps == [3.0] and sum(1 for r in stub.requests if r.method == "POST") == 3


def test_list_follows_a_cursor(stub):
    for i in range(5):
        stub.add_pod(f"extra{i}")
    stub.page_size = 2
    ids = [i.id for i in client(stub).list_instances()]
    assert sorted(ids) == sorted([POD_ID] + [f"extra{i}" for i in range(5)])
    assert [r.query.get("cursor") for r in stub.requests if r.path == "/v2/pods"] == [None, ["c-2"], ["c-4"]]


def test_storage_that_keeps_billing_is_listed_priced_and_deletable(stub):
    p = client(stub)
    stub.volumes.append({"id": "vstd", "name": "datasets", "size": 200, "dataCenter": "EU-RO-1", "type": "STANDARD"})
    assert [s.kind for s in p.list_storage()] == ["network_volume", "network_volume"]  # the running pod's disk is in its cost
    p.stop(POD_ID)
    items = {s.id: s for s in p.list_storage()}
    volume = items[f"volume:{POD_ID}"]
    assert (volume.kind, volume.size_gb, volume.instance_id) == ("volume_disk", 20, POD_ID)
    assert volume.price_per_hour == pytest.approx(20 * 0.20 / HOURS_PER_MONTH)
    assert volume.price_per_month == pytest.approx(4.0)
    assert items["vstd"].price_per_month == pytest.approx(200 * 0.07)
    assert items["2q9m7x4c"].price_per_hour is None  # HIGH_PERFORMANCE: no published rate
    assert "/workspace" in p.storage_delete_note(volume)
    p.delete_storage(items["vstd"])
    p.delete_storage(volume)  # a volume disk goes only with its pod
    assert {s.id for s in p.list_storage()} == {"2q9m7x4c"}
    assert p.list_instances() == []


@pytest.mark.parametrize(
    "body",
    [{"pods": "x"}, ["a", "list"], {"pods": None}, "text"],
)
def test_a_list_of_the_wrong_shape_is_a_clear_error(stub, body):
    stub.fail_next(Fault(200, body))
    with pytest.raises(E.ProviderError, match="does not understand"):
        client(stub).list_instances()


def test_hostile_field_types_in_a_pod_do_not_crash(stub):
    stub.off_spec = "hostile field types, on purpose"
    pod = stub.add_pod("odd")
    pod.update(gpu="H100", cost="cheap", ssh=[], runtime={"ports": "22"}, startedAt=12, mounts=None, actions="all")
    stub.pods["odd2"] = {"id": "odd2"}  # the bare minimum
    found = {i.id: i for i in client(stub).list_instances()}
    odd = found["odd"]
    assert (odd.gpu_type, odd.price_per_hour, odd.ssh_host, odd.extra["actions"]) == ("", None, "", None)
    assert found["odd2"].status == "unknown"
