"""Lambda Cloud against its local stub: terminate's availability, filesystems as storage, no stop, hostile replies."""

from __future__ import annotations

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers.base import Storage
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from tests.helpers_providers.base import Fault
from tests.helpers_providers.lambda_stub import BOOTING_ACTIONS, FILESYSTEM, INSTANCE, SPARE_FILESYSTEM, LambdaStub

ID = INSTANCE["id"]


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def server():
    stub = LambdaStub().start()
    yield stub
    stub.stop()


def make(server: LambdaStub, **kw) -> LambdaProvider:
    kw.setdefault("sleep", Sleeps())
    return LambdaProvider("lam", server.token, server.url, **kw)


def posts(server: LambdaStub) -> list[str]:
    return [r.path for r in server.requests if r.method == "POST"]


# -- terminate honours actions.terminate -------------------------------------------------------


def test_terminate_unavailable_is_refused_in_words_without_calling_the_api(server):
    server.instances[ID].update(status="booting", actions=dict(BOOTING_ACTIONS))
    with pytest.raises(E.Unsupported) as info:
        make(server).terminate(ID)
    text = str(info.value)
    assert "cannot terminate" in text and "has not finished launching" in text and "(string)" in text
    assert posts(server) == []
    assert server.instances[ID]["status"] == "booting"


@pytest.mark.parametrize(
    "action, words",
    [
        ({"available": False, "reason_code": "vm-is-terminating"}, "already terminating"),
        ({"available": False, "reason_code": "vm-is-too-old"}, "too old"),
        ({"available": False, "reason_code": "some-new-code"}, "some-new-code"),
        ({"available": False}, "gave no reason"),
    ],
)
def test_every_documented_reason_has_words(server, action, words):
    server.instances[ID]["actions"]["terminate"] = action
    with pytest.raises(E.Unsupported, match=words):
        make(server).terminate(ID)
    assert posts(server) == []


@pytest.mark.parametrize("actions", [None, "all", {"terminate": "yes"}, {}])
def test_terminate_with_unreadable_actions_lets_the_api_decide(server, actions):
    server.off_spec = "unreadable actions, on purpose"
    server.instances[ID]["actions"] = actions
    make(server).terminate(ID)
    assert posts(server) == ["/api/v1/instance-operations/terminate"]


def test_terminate_of_an_unknown_instance_is_not_found(server):
    with pytest.raises(E.NotFound):
        make(server).terminate("no-such-id")
    assert posts(server) == []


def test_terminate_is_not_repeated_after_a_server_error(server):
    server.fail_next(Fault(200, {"data": dict(INSTANCE)}), server.server_error_fault())
    with pytest.raises(E.ServerError):
        make(server).terminate(ID)
    assert posts(server) == ["/api/v1/instance-operations/terminate"]


def test_lambda_offers_no_stop():
    assert "stop" not in LambdaProvider.actions


# -- filesystems -----------------------------------------------------------------------------


def test_filesystems_are_storage_that_keeps_billing(server):
    found = {s.name: s for s in make(server).list_storage()}
    assert sorted(found) == ["my-filesystem", "spare-data"]
    mine = found["my-filesystem"]
    assert (mine.id, mine.kind, mine.region, mine.provider) == (FILESYSTEM["id"], "filesystem", "us-west-1", "lam")
    assert mine.size_gb == pytest.approx(5.0)  # GiB, as Lambda bills
    assert mine.price_per_hour is None and mine.price_per_month is None  # the API gives no rate
    assert not mine.deletable  # mounted on the active instance
    assert found["spare-data"].deletable
    assert server.requests[-1].path == "/api/v1/file-systems"


def test_delete_a_filesystem_that_is_not_mounted(server):
    p = make(server)
    spare = next(s for s in p.list_storage() if s.name == "spare-data")
    assert "erases every file" in p.storage_delete_note(spare)
    p.delete_storage(spare)
    assert (server.requests[-1].method, server.requests[-1].path) == ("DELETE", f"/api/v1/filesystems/{SPARE_FILESYSTEM['id']}")
    assert SPARE_FILESYSTEM["id"] not in server.filesystems


def test_a_mounted_filesystem_is_refused_before_any_call(server):
    p = make(server)
    mine = next(s for s in p.list_storage() if s.name == "my-filesystem")
    with pytest.raises(E.ProviderError, match="while it is mounted"):
        p.delete_storage(mine)
    assert not any(r.method == "DELETE" for r in server.requests)


def test_a_filesystem_mounted_since_the_listing_is_refused_in_words(server):
    stale = Storage(id=FILESYSTEM["id"], kind="filesystem", name="my-filesystem", deletable=True)
    with pytest.raises(E.ProviderError, match="while it is mounted") as info:
        make(server).delete_storage(stale)
    assert info.value.status == 400
    assert sum(1 for r in server.requests if r.method == "DELETE") == 1  # not retried
    assert FILESYSTEM["id"] in server.filesystems


def test_a_filesystem_can_go_once_its_instance_is_terminated(server):
    p = make(server)
    p.terminate(ID)
    p.list_instances()  # the stub finishes terminating on the next poll
    mine = next(s for s in p.list_storage() if s.name == "my-filesystem")
    assert mine.deletable
    p.delete_storage(mine)
    assert FILESYSTEM["id"] not in server.filesystems


def test_deleting_other_storage_is_unsupported(server):
    with pytest.raises(E.Unsupported):
        make(server).delete_storage(Storage(id="x", kind="instance_disk"))


def test_filesystems_of_the_wrong_shape_are_skipped(server):
    server.fail_next(
        Fault(200, {"data": [
            "fs", None, {"name": "no-id"}, {"id": 7},
            {"id": "odd", "name": 3, "bytes_used": "big", "region": "us", "is_in_use": "no"},
        ]})
    )  # fmt: skip
    [odd] = make(server).list_storage()
    assert (odd.id, odd.name, odd.size_gb, odd.region, odd.deletable) == ("odd", "", None, "", False)


@pytest.mark.parametrize("body", [{"data": None}, {"data": {"id": "x"}}, [], {"error": {"code": "x"}}])
def test_a_filesystem_list_of_the_wrong_type_is_a_clear_error(server, body):
    server.fail_next(Fault(200, body))
    with pytest.raises(E.ProviderError, match="does not understand"):
        make(server).list_storage()


# -- hostile instance lists --------------------------------------------------------------------


def test_instances_of_the_wrong_shape_are_skipped_not_a_traceback(server):
    server.fail_next(
        Fault(200, {"data": [
            "an instance", None, {"status": "active"},
            dict(INSTANCE, id="bad-types", instance_type="gpu_8x", region="us-west-1", ip=5, status=["active"], name={}),
            dict(INSTANCE, id="bad-specs", instance_type={"specs": "8 gpus", "price_cents_per_hour": "3592"}),
        ]})
    )  # fmt: skip
    found = {i.id: i for i in make(server).list_instances()}
    assert sorted(found) == ["bad-specs", "bad-types"]
    bad = found["bad-types"]
    assert (bad.status, bad.gpu_type, bad.ssh_host, bad.ssh_port, bad.name) == ("unknown", "", "", None, "headnode1")
    assert (found["bad-specs"].gpu_count, found["bad-specs"].price_per_hour) == (0, None)


def test_instance_types_of_the_wrong_shape_are_skipped(server):
    server.fail_next(
        Fault(200, {"data": {
            "odd": "text", "none": None, "no_type": {"instance_type": "x"},
            "gpu_1x_a10": {"instance_type": {"price_cents_per_hour": 75}},
        }})
    )  # fmt: skip
    assert make(server).prices() == {"gpu_1x_a10": 0.75}
