"""The rent path ends what it rented through the one action path: the provider is asked and read back, the
rented session's meter stops, ``acted`` is sent, and a rental gone before it was used leaves no session."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.actions import Acted, acted
from gpudesk.core.billing.meter import shared_meter
from gpudesk.core.billing.price import Price
from gpudesk.core.providers import rent
from gpudesk.core.providers.accounts import Account
from gpudesk.core.providers.launchspec import LaunchSpec, Quote
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from tests.helpers_providers.runpod_stub import POD, RunPodStub


@pytest.fixture
def stub():
    server = RunPodStub().start()
    yield server
    server.stop()


def choice(stub: RunPodStub) -> rent.Choice:
    provider = RunPodProvider("rp", stub.token, stub.url, sleep=lambda _s: None)
    quote = Quote("rp", "runpod", LaunchSpec(gpu="RTX 4090"), 0.44)
    return rent.Choice(Account("rp", "runpod", stub.url), provider, quote, None, "RTX 4090")


def test_ending_a_rental_goes_through_instance_action_stops_its_meter_and_says_so(stub) -> None:
    session = SessionStore().add(
        Session(name="pod", host="h", username="root", provider="rp", provider_instance_id=POD["id"], hourly_price=0.44)
    )
    meter = shared_meter()
    meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
    meter.start(session.id)
    heard: list[Acted] = []
    unsubscribe = acted.subscribe(heard.append)
    try:
        assert rent.end(choice(stub), POD["id"], "rent dialog: the user asked")
    finally:
        unsubscribe()
    assert [(a.account, a.instance_id, a.action, a.session_ids) for a in heard] == [
        ("rp", POD["id"], "terminate", (session.id,))
    ]
    assert not shared_meter().is_running(session.id)
    assert SessionStore().get(session.id) is None  # gone before it was used: not listed
    entries = [e for e in audit.read() if e["action"] == "terminate" and e.get("instance") == POD["id"]]
    assert [(e["reason"], e["result"]) for e in entries] == [
        ("rent dialog: the user asked", "requested"),
        ("rent dialog: the user asked", "ok"),
    ]


def test_a_catalog_row_and_a_planner_pick_are_read_through_the_offer_protocol() -> None:
    from gpudesk.core.catalog.data import load
    from gpudesk.core.catalog.planner import Recommendation
    from gpudesk.core.providers import launch

    offer = next(o for o in load().offers if o.provider == "RunPod" and o.gpu_count == 1)
    pick = Recommendation(offer, 2, 1, 1.5, "USD", offer.billing, 1.0, 1.5, 1.5, None, [])
    assert launch.offer_of(pick) is offer and launch.offer_of(offer) is offer
    assert (launch.count_of(pick), launch.count_of(offer)) == (2, 1)
    row, picked = rent.picked_of(offer), rent.picked_of(pick)
    assert (row.provider, row.count, row.price_per_hour) == ("RunPod", 1, offer.price_per_hour)
    assert (picked.count, picked.price_per_hour, picked.currency) == (2, 1.5, "USD")
    assert launch.spec_from_offer(pick)[1].count == 2
