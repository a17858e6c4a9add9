"""AutoDL Pro against its local stub: SSH from snapshots, release after power-off, states, balance, hostile replies."""

from __future__ import annotations

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers.autodl import MAX_SNAPSHOTS, AutoDLProvider
from tests.helpers_providers.autodl_stub import ROW, AutoDLStub
from tests.helpers_providers.base import Fault


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def server():
    stub = AutoDLStub().start()
    yield stub
    stub.stop()


def make(server: AutoDLStub, **kw) -> AutoDLProvider:
    kw.setdefault("sleep", Sleeps())
    return AutoDLProvider("adl", server.token, server.url, **kw)


def paths(server: AutoDLStub) -> list[str]:
    return [r.path.rsplit("/", 1)[1] for r in server.requests]


def envelope(data) -> Fault:
    return Fault(200, {"code": "Success", "msg": "", "data": data})


# -- listing -------------------------------------------------------------------------------


def test_running_rows_get_ssh_and_price_from_their_snapshot(server):
    [inst] = make(server).list_instances()
    assert (inst.id, inst.status, inst.name) == ("pro-1", "running", "train-4090")
    assert (inst.ssh_host, inst.ssh_port, inst.ssh_user) == ("connect.westa.seetacloud.com", 41234, "root")
    assert inst.ssh_password_available
    assert inst.price_per_hour == pytest.approx(1.88) and inst.currency == "CNY"
    assert inst.gpu_type == "RTX 4090"
    assert "not-a-real-pw" not in repr(inst) and "not-a-real-pw" not in str(inst.to_json())
    snap = [r for r in server.requests if r.path.endswith("/snapshot")]
    assert [r.query["instance_uuid"] for r in snap] == [["pro-1"]]


def test_stopped_rows_are_listed_without_a_snapshot_call(server):
    server.instances["pro-1"]["status"] = "shutdown"
    [inst] = make(server).list_instances()
    assert (inst.status, inst.ssh_host) == ("stopped", "")
    assert "snapshot" not in paths(server)


def test_snapshot_without_ssh_command_uses_proxy_host_and_port(server):
    server.off_spec = "port and price as strings, on purpose"
    server.snapshot = {"proxy_host": "region-9.example.com", "ssh_port": "30022", "payg_price": "990"}
    [inst] = make(server).list_instances()
    assert (inst.ssh_host, inst.ssh_port) == ("region-9.example.com", 30022)
    assert inst.price_per_hour == pytest.approx(0.99) and not inst.ssh_password_available


def test_a_failing_snapshot_leaves_the_row_without_an_address(server):
    server.instances["pro-2"] = dict(ROW, uuid="pro-2", name="second")
    server.snapshots["pro-2"] = {"ssh_command": "ssh -p 40000 root@other.example.com"}
    server.fail_next(envelope({"list": list(server.instances.values())}), Fault(200, {"code": "StubBusy", "msg": "busy"}))
    found = {i.id: i for i in make(server).list_instances()}
    assert found["pro-1"].ssh_host == "" and found["pro-1"].status == "running"
    assert (found["pro-2"].ssh_host, found["pro-2"].ssh_port) == ("other.example.com", 40000)


@pytest.mark.parametrize("raw, status", [("released", "terminated"), ("failed", "error"), ("shutting_down", "stopping")])
def test_released_and_failed_are_named(server, raw, status):
    # Pro status values besides "running" are NOT FOUND in the reference (§6.2); these are set here.
    server.instances["pro-1"]["status"] = raw
    [inst] = make(server).list_instances()
    assert (inst.status, inst.raw_status) == (status, raw)
    server.bare_status = True
    assert make(server).get_instance("pro-1").status == status


# -- release after power-off ---------------------------------------------------------------------


def test_terminate_powers_off_waits_for_shutdown_then_releases(server):
    server.power_off_polls = 3
    sleeps = Sleeps()
    p = make(server, sleep=sleeps)
    p.terminate("pro-1")
    assert paths(server) == ["status", "power_off", "status", "status", "status", "release"]
    assert sleeps == [p.power_off_poll_s] * 3
    assert server.instances == {}


def test_terminate_of_a_powered_off_instance_releases_at_once(server):
    server.instances["pro-1"]["status"] = "shutdown"
    make(server).terminate("pro-1")
    assert paths(server) == ["status", "release"]


def test_terminate_gives_up_after_a_bounded_wait_without_releasing(server):
    server.power_off_polls = 10**6  # never finishes powering off
    sleeps = Sleeps()
    p = make(server, sleep=sleeps)
    p.power_off_wait_s, p.power_off_poll_s = 12.0, 3.0
    with pytest.raises(E.ProviderError, match="did not power off within 12 s"):
        p.terminate("pro-1")
    assert sum(sleeps) == 12.0
    assert "release" not in paths(server)
    assert server.instances["pro-1"]["status"] == "shutting_down"


def test_release_of_a_running_instance_is_refused_by_the_stub(server):
    # The stub refuses as AutoDL's community clients say it does ("power off first").
    with pytest.raises(E.ProviderError, match="power off"):
        make(server)._call("POST", "/api/v1/dev/instance/pro/release", {"instance_uuid": "pro-1"})


def test_power_off_is_not_repeated_after_a_server_error(server):
    p = make(server)
    server.fail_next(Fault(200, {"code": "Success", "data": "running"}), server.server_error_fault())
    with pytest.raises(E.ServerError):
        p.terminate("pro-1")
    assert paths(server).count("power_off") == 1 and "release" not in paths(server)


# -- balance and storage ------------------------------------------------------------------------


def test_balance_is_assets_over_a_thousand_in_yuan(server):
    server.balance["assets"] = 123456
    bal = make(server).balance()
    assert (bal.amount, bal.currency, bal.provider) == (pytest.approx(123.456), "CNY", "adl")


@pytest.mark.parametrize("data", [{"assets": "lots"}, {"assets": None}, {}, None, "1000", {"assets": True}])
def test_balance_of_the_wrong_shape_is_a_clear_error(server, data):
    server.fail_next(envelope(data))
    with pytest.raises(E.ProviderError, match="balance"):
        make(server).balance()


def test_storage_after_power_off_is_not_guessed(server):
    # What a powered-off Pro instance's disk costs is NOT FOUND in the reference (§6.3).
    server.instances["pro-1"]["status"] = "shutdown"
    assert make(server).list_storage() == []


# -- hostile lists ------------------------------------------------------------------------------


def test_rows_of_the_wrong_shape_are_skipped(server):
    server.fail_next(
        envelope({"list": [
            "a string", None, 7,
            {"status": "running"},  # no uuid
            {"uuid": ["pro-x"], "status": "running"},
            {"uuid": "pro-3", "status": {"status": "shutdown"}, "name": 5, "req_gpu_amount": "two", "payg_price": "free"},
            dict(ROW, uuid="pro-3"),  # the same id again
        ], "max_page": "many"})
    )  # fmt: skip
    found = make(server).list_instances()
    assert [(i.id, i.status, i.name, i.gpu_count, i.price_per_hour) for i in found] == [("pro-3", "stopped", "", 0, None)]


@pytest.mark.parametrize("data", [{"list": "rows"}, {"list": 3}, "list", [1, 2]])
def test_a_list_of_the_wrong_type_is_a_clear_error(server, data):
    server.fail_next(envelope(data))
    with pytest.raises(E.ProviderError, match="instance list"):
        make(server).list_instances()


def test_a_snapshot_of_the_wrong_shape_leaves_the_row_as_listed(server):
    server.off_spec = "a snapshot of the wrong shape, on purpose"
    server.snapshot = {"ssh_command": "ssh -p notaport root@", "proxy_host": 42, "ssh_port": 99999999, "payg_price": [1]}
    [inst] = make(server).list_instances()
    assert (inst.ssh_host, inst.ssh_port, inst.price_per_hour) == ("", None, None)


def test_a_huge_list_of_running_rows_asks_for_a_bounded_number_of_snapshots(server):
    many = [dict(ROW, uuid=f"pro-{n}") for n in range(5000)]
    server.fail_next(envelope({"list": many, "max_page": 1}))
    found = make(server).list_instances()
    assert 0 < len(found) <= 50
    assert paths(server).count("snapshot") <= MAX_SNAPSHOTS
