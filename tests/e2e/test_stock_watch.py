"""A GPU you want, back in stock at your price: the watch reads a real local Lambda Cloud API (its documented
instance types, with the regions that have capacity) and the alert reaches a real local receiver; once per
appearance, again after it went and came back. The command line adds, lists, checks and removes wants."""

from __future__ import annotations

import json
import subprocess

import pytest

from gpudesk.core.alerts import stock
from gpudesk.core.alerts.sender import Sender
from gpudesk.core.alerts.store import ChannelStore
from gpudesk.core.providers.accounts import Account, AccountStore
from tests.helpers.alert_receivers import HttpReceiver
from tests.helpers.cli import gpudesk
from tests.helpers_providers.lambda_stub import LambdaStub


@pytest.fixture
def lam(gpudesk_home):  # type: ignore[no-untyped-def]
    stub = LambdaStub().start()
    stub.offer_types()
    AccountStore().save(Account("lam", "lambda", stub.url), token=stub.token)
    yield stub
    stub.stop()


@pytest.fixture
def receiver():  # type: ignore[no-untyped-def]
    r = HttpReceiver().start()
    yield r
    r.stop()


def capacity(stub: LambdaStub, name: str, regions: list[str]) -> None:
    assert stub.types is not None
    stub.types[name]["regions_with_capacity_available"] = [{"name": r, "description": r} for r in regions]


def test_the_watch_alerts_when_the_gpu_comes_back_at_the_price(lam, receiver) -> None:  # type: ignore[no-untyped-def]
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", ["gpu_in_stock"])
    assert stock.add_want("h100 pcie", 2.60).gpu == "H100 PCIe"  # the catalog's name
    stock.add_want("H100 PCIe", 2.60, count=2)  # no 2-GPU machine on offer: never matches
    capacity(lam, "gpu_1x_h100_pcie", [])
    sender = Sender(max_attempts=1, min_interval_s=0)  # the test does not wait the minute between two alerts
    watch = stock.StockWatch(sender, interval_s=1e9, first_s=1e9)
    try:
        # No region has capacity: no news, whatever the price.
        assert watch.check_once() == []
        capacity(lam, "gpu_1x_h100_pcie", ["us-south-1"])
        (news,) = watch.check_once()
        assert (news.provider, news.gpu_count, news.region) == ("Lambda Cloud", 1, "us-south-1")
        (got,) = receiver.wait_for(1)
        body = got.json()
        assert body["event"] == "gpu_in_stock"
        assert body["title"] == f"H100 PCIe at Lambda Cloud: ${news.per_gpu:.2f}/GPU-h"
        assert "at or under your $2.60" in body["text"] and "/api/v1/instance-types" in body["text"]
        assert watch.check_once() == []  # still there: not news again
        capacity(lam, "gpu_1x_h100_pcie", [])
        assert watch.check_once() == []
        capacity(lam, "gpu_1x_h100_pcie", ["us-east-3"])
        assert len(watch.check_once()) == 1  # gone and back: news
        receiver.wait_for(2)
        # Over the price: nothing.
        stock.add_want("H100 PCIe", 1.00)
        stock.remove_want("H100 PCIe")
        stock.add_want("H100 PCIe", 1.00)
        capacity(lam, "gpu_1x_h100_pcie", ["us-west-2"])
        assert watch.check_once() == []
        assert [(w.gpu, w.max_price) for w in stock.wants()] == [("H100 PCIe", 1.0)]
    finally:
        watch.close()
        sender.close()


def test_hostile_wants_are_refused_or_dropped(gpudesk_home) -> None:  # type: ignore[no-untyped-def]
    for gpu, price, count in (("H100", 0, 1), ("H100", float("nan"), 1), ("H100", 2, 0), ("no such gpu", 2, 1)):
        with pytest.raises(stock.StockError):
            stock.add_want(gpu, price, count)
    stock.wants_file().parent.mkdir(parents=True, exist_ok=True)
    stock.wants_file().write_text(json.dumps({"wants": [
        {"gpu": "H100 SXM", "max_price": 2.5}, {"gpu": "x", "max_price": "cheap"}, {"gpu": "y", "max_price": -1},
        {"gpu": "z", "max_price": 1e400}, "junk", {"gpu": "w", "max_price": 1, "count": 1000}]}))  # fmt: skip
    assert stock.wants() == [stock.Want("H100 SXM", 2.5, 1)]


def test_notify_stock_on_the_command_line(lam) -> None:  # type: ignore[no-untyped-def]
    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return gpudesk("notify", "stock", *args, timeout=120)

    bad = cli("--gpu", "H100")
    assert bad.returncode == 2 and "--max-price" in bad.stderr
    bad = cli("--gpu", "warp drive", "--max-price", "1")
    assert bad.returncode == 2 and "No GPU called 'warp drive'" in bad.stderr
    assert cli("--gpu", "h100 pcie", "--max-price", "3").returncode == 0
    out = json.loads(cli("--check", "--json").stdout)
    assert out["wants"] == [{"gpu": "H100 PCIe", "max_price": 3.0, "count": 1}]
    (found,) = out["found"]
    assert found["provider"] == "Lambda Cloud" and found["region"] == "us-west-1" and found["price_per_gpu_hour"] <= 3
    assert "H100 PCIe at or under $3.00/GPU-h" in cli().stdout
    assert cli("--remove", "H100 PCIe").returncode == 0
    assert json.loads(cli("--json").stdout)["wants"] == []
