"""Vast.ai against its local stub: SSH address rules, disk storage, credit, per-GPU prices, hostile replies."""

from __future__ import annotations

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers.base import Storage
from gpudesk.core.providers.vast import MAX_INSTANCES, VastProvider
from tests.helpers_providers.base import Fault
from tests.helpers_providers.vast_stub import INSTANCE, VastStub


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def server():
    stub = VastStub(count=2).start()  # 312 publishes 22/tcp; 313 does not
    yield stub
    stub.stop()


def make(server: VastStub, **kw) -> VastProvider:
    kw.setdefault("sleep", Sleeps())
    return VastProvider("vast", server.token, server.url, **kw)


def rows(*items: dict) -> Fault:
    return Fault(200, {"success": True, "next_token": None, "instances": list(items)})


# -- SSH address ---------------------------------------------------------------------------


def test_jupyter_runtype_without_direct_mapping_uses_ssh_port_plus_one(server):
    server.instances[313]["image_runtype"] = "jupyter jupyter_direc"  # the stub's own value; the CLI checks "jupyter" in it
    inst = make(server).get_instance("313")
    assert (inst.ssh_host, inst.ssh_port) == ("ssh123.vast.ai", 10601)
    assert "ssh_fallback" not in inst.extra  # the proxy is already the address


def test_ssh_runtype_without_direct_mapping_uses_the_proxy_port(server):
    inst = make(server).get_instance("313")
    assert (inst.ssh_host, inst.ssh_port) == ("ssh123.vast.ai", 10600)


def test_direct_address_first_and_the_proxy_as_fallback(server):
    inst = make(server).get_instance("312")
    assert (inst.ssh_host, inst.ssh_port, inst.ssh_user) == ("192.0.2.45", 20000, "root")
    assert inst.extra["ssh_fallback"] == {"host": "ssh123.vast.ai", "port": 10600, "user": "root"}
    listed = {i.id: i for i in make(server).list_instances()}
    assert listed["312"].extra["ssh_fallback"]["host"] == "ssh123.vast.ai"


def test_jupyter_direct_keeps_the_direct_port_and_offers_the_jupyter_proxy_port(server):
    server.instances[312]["image_runtype"] = "jupyter jupyter_direc"
    inst = make(server).get_instance("312")
    assert (inst.ssh_host, inst.ssh_port) == ("192.0.2.45", 20000)
    assert inst.extra["ssh_fallback"]["port"] == 10601


# -- storage -------------------------------------------------------------------------------


def test_stopped_instance_lists_its_disk_at_the_documented_rate(server):
    p = make(server)
    assert p.list_storage() == []  # both running: their disk is inside dph_total
    p.stop("313")
    [disk] = p.list_storage()
    assert (disk.kind, disk.instance_id, disk.provider, disk.deletable) == ("instance_disk", "313", "vast", True)
    assert disk.size_gb == pytest.approx(10.08)
    # storage_cost 0.15 $/GB/month × 10.08 GB over 720 h = the example's storage_total_cost 0.0021
    assert disk.price_per_hour == pytest.approx(0.15 * 10.08 / 720)
    assert disk.price_per_month == pytest.approx(1.512)
    assert disk.region == "California, United States"


@pytest.mark.parametrize("raw", ["exited", "unknown", "offline", "something-new"])
def test_exited_unknown_and_offline_instances_still_bill_their_disk(server, raw):
    server.instances[313]["actual_status"] = raw
    assert [s.instance_id for s in make(server).list_storage()] == ["313"]


@pytest.mark.parametrize("raw", ["loading", "running", "frozen", None])
def test_loading_and_running_instances_list_no_disk(server, raw):
    server.instances[313]["actual_status"] = raw
    assert make(server).list_storage() == []


def test_disk_price_falls_back_to_storage_total_cost_then_to_none(server):
    server.off_spec = "disk_space of the wrong type, on purpose"
    inst = server.instances[313]
    inst["actual_status"] = "stopped"
    del inst["storage_cost"]
    assert make(server).list_storage()[0].price_per_hour == pytest.approx(0.0021)
    del inst["storage_total_cost"]
    inst["disk_space"] = "lots"
    [disk] = make(server).list_storage()
    assert disk.price_per_hour is None and disk.size_gb is None


def test_deleting_the_disk_destroys_the_instance(server):
    p = make(server)
    p.stop("313")
    [disk] = p.list_storage()
    assert "lost" in p.storage_delete_note(disk) and "313" in p.storage_delete_note(disk)
    p.delete_storage(disk)
    assert server.requests[-1].method == "DELETE" and server.requests[-1].path == "/api/v0/instances/313/"
    assert 313 not in server.instances
    with pytest.raises(E.Unsupported):
        p.delete_storage(Storage(id="x", kind="network_volume"))


# -- credit --------------------------------------------------------------------------------


def test_balance_reads_credit_in_usd(server):
    bal = make(server).balance()
    assert (bal.amount, bal.currency, bal.provider) == (25.0, "USD", "vast")
    assert bal.low(30) and not bal.low(10)


@pytest.mark.parametrize("credit", ["plenty", [25], {"usd": 25}, True])
def test_balance_of_the_wrong_type_is_a_clear_error(server, credit):
    server.fail_next(Fault(200, {"id": 1, "credit": credit}))
    with pytest.raises(E.ProviderError, match="credit balance"):
        make(server).balance()


def test_balance_in_a_string_or_absent(server):
    server.fail_next(Fault(200, {"credit": "12.5"}), Fault(200, {"id": 1}), Fault(200, ["not", "an", "object"]))
    p = make(server)
    assert p.balance().amount == 12.5
    assert p.balance() is None
    with pytest.raises(E.ProviderError):
        p.balance()


# -- prices --------------------------------------------------------------------------------


def test_per_gpu_query_keeps_the_multi_gpu_offers(server):
    server.offers += [
        {"id": 100 + n, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.30 + n / 1000, "rentable": True, "rented": False}
        for n in range(80)
    ]
    server.offers.append({"id": 999, "gpu_name": "RTX 4090", "num_gpus": 8, "dph_total": 2.9, "rentable": True, "rented": False})
    got = make(server).prices("RTX 4090")
    assert got == {"1× RTX 4090": pytest.approx(0.30), "8× RTX 4090": 2.9}
    sent = server.requests[-1].body
    assert sent["gpu_name"] == {"eq": "RTX 4090"} and sent["rented"] == {"eq": False}


def test_per_gpu_query_ignores_other_models_the_server_sends(server):
    server.fail_next(
        Fault(200, {"offers": [
            {"gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 19.2},
            {"gpu_name": "rtx 4090", "num_gpus": 2, "dph_total": "0.9"},
        ]})
    )  # fmt: skip
    assert make(server).prices("RTX 4090") == {"2× rtx 4090": 0.9}


def test_per_gpu_query_for_one_count(server):
    assert make(server).prices("H100 SXM", num_gpus=8) == {"8× H100 SXM": 19.2}
    assert server.requests[-1].body["num_gpus"] == {"eq": 8}
    assert make(server).prices("H100 SXM", num_gpus=1) == {}


@pytest.mark.parametrize("offers", [5, "offers", True])
def test_offers_of_the_wrong_type_are_a_clear_error(server, offers):
    server.fail_next(Fault(200, {"offers": offers}))
    with pytest.raises(E.ProviderError, match="offers"):
        make(server).prices("RTX 4090")


def test_offers_with_bad_fields_are_skipped(server):
    server.fail_next(
        Fault(200, {"offers": [
            {"gpu_name": "RTX 4090", "num_gpus": "many", "dph_total": 0.1},
            {"gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": "cheap"},
            {"gpu_name": None, "num_gpus": 1, "dph_total": 0.2},
            {"gpu_name": "RTX 4090", "num_gpus": 1.5, "dph_total": 0.2},
            {"gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": -1},
            "not an offer",
            {"gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.33},
        ]})
    )  # fmt: skip
    assert make(server).prices() == {"1× RTX 4090": 0.33}


# -- state changes are sent once ---------------------------------------------------------------


@pytest.mark.parametrize("action", ["stop", "start", "terminate"])
def test_state_changes_are_not_repeated_after_a_server_error(server, action):
    server.fail_next(server.server_error_fault())
    p = make(server)
    with pytest.raises(E.ServerError):
        getattr(p, action)("312")
    assert [r.method for r in server.requests].count("PUT" if action != "terminate" else "DELETE") == 1
    assert server.instances[312]["actual_status"] == "running"


def test_price_search_is_retried_after_a_server_error(server):
    server.fail_next(server.server_error_fault())
    assert make(server).prices("H100 SXM") == {"8× H100 SXM": 19.2}


# -- hostile instance lists ----------------------------------------------------------------------


def test_rows_of_the_wrong_shape_are_skipped_not_a_traceback(server):
    good = dict(INSTANCE, id=400)
    server.fail_next(
        rows(
            dict(INSTANCE, id=401, ports={"22/tcp": ["not a mapping"]}),
            dict(INSTANCE, id=402, ports={"22/tcp": [{"HostPort": "99999"}]}),
            dict(INSTANCE, id=403, ports=None, ssh_port="port", num_gpus="x", dph_total="dear", label=["x"], image_runtype=7),
            dict(INSTANCE, id=None),
            dict(INSTANCE, id=True),
            "a string",
            None,
            good,
        )
    )
    found = {i.id: i for i in make(server).list_instances()}
    assert sorted(found) == ["400", "401", "402", "403"]
    assert (found["401"].ssh_host, found["401"].ssh_port) == ("ssh123.vast.ai", 10600)
    assert (found["402"].ssh_host, found["402"].ssh_port) == ("ssh123.vast.ai", 10600)
    odd = found["403"]
    assert (odd.ssh_port, odd.gpu_count, odd.price_per_hour, odd.name) == (None, 0, None, "")


@pytest.mark.parametrize("body", [{"instances": None}, {"instances": "none"}, [], "text", {"success": True}])
def test_no_instance_list_is_a_clear_error(server, body):
    server.fail_next(Fault(200, body))
    with pytest.raises(E.ProviderError, match="instance list"):
        make(server).list_instances()


def test_a_cursor_that_repeats_does_not_loop(server):
    looping = {"success": True, "next_token": "same", "instances": [dict(INSTANCE)]}
    server.fail_next(*[Fault(200, looping) for _ in range(5)])
    found = make(server).list_instances()
    assert [i.id for i in found] == ["312"]
    assert sum(1 for r in server.requests if r.path == "/api/v1/instances/") == 2


def test_a_huge_list_is_cut(server):
    huge = [dict(INSTANCE, id=1000 + n) for n in range(MAX_INSTANCES + 500)]
    server.fail_next(Fault(200, {"success": True, "next_token": "more", "instances": huge}))
    found = make(server).list_instances()
    assert len(found) == MAX_INSTANCES
    assert sum(1 for r in server.requests if r.path == "/api/v1/instances/") == 1
