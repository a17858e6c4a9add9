"""Storage that keeps billing after a stop stays in the running total, and leaves it when deleted."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import storage
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.providers.base import Storage
from gpudesk.core.providers.runpod import RunPodProvider
from tests.helpers_providers.runpod_stub import RunPodStub

T0 = 1_800_000_000.0


def test_a_stopped_pods_volume_keeps_the_bill_running_until_deleted():
    server = RunPodStub().start()
    try:
        server.volumes = []
        meter = Meter()
        meter.configure("pod-session", "training pod", Price(0.44))
        meter.start("pod-session", T0)
        p = RunPodProvider("rp", server.token, server.url)
        p.stop("7h9k2m4n6p")
        meter.stop("pod-session", T0 + 3600)  # the GPU bill ends with the stop ...
        storage.track(meter, "rp", p.list_storage(), T0 + 3600)
        left = storage.still_billing(meter)
        assert not left.nothing and left.rates["USD"] == pytest.approx(20 * 0.20 / 720)  # ... the volume's does not
        assert meter.cost(storage.entry_id("rp", "volume:7h9k2m4n6p"), T0 + 3600 + 720 * 3600) == pytest.approx(4.0)
        assert meter.today(T0 + 3600 + 60)  # it counts in today's total

        p.delete_storage(p.list_storage()[0])
        storage.track(meter, "rp", p.list_storage(), T0 + 7200)
        assert storage.still_billing(meter).nothing  # now it is true
        assert meter.cost(storage.entry_id("rp", "volume:7h9k2m4n6p"), T0 + 99999) == pytest.approx(4.0 / 720)
    finally:
        server.stop()


def test_unpriced_storage_is_listed_but_not_added_up_and_other_accounts_are_untouched():
    meter = Meter()
    storage.track(meter, "a", [Storage("v1", "network_volume", "x", 100, 0.01), Storage("v2", "network_volume", "y", 100, None)], T0)
    storage.track(meter, "b", [Storage("v1", "filesystem", "z", 10, 0.02)], T0)
    assert sorted(meter.entries) == ["storage:a:v1", "storage:b:v1"]
    storage.track(meter, "a", [], T0 + 10)
    assert not meter.is_running("storage:a:v1") and meter.is_running("storage:b:v1")
    assert storage.still_billing(meter).rates == {"USD": pytest.approx(0.02)}
