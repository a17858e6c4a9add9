"""A restart reads every linked provider again before the bill is believed (issue #33, items 2 and 5).

Real parts: the RunPod stub, the session store, the meter on disk, the main window. The last run
of the app saw the pod running (an open run in the meter); while the app was away the pod was
stopped. A new window, with no tab open for it, asks RunPod at once: the meter closes the run, so
the cost bar's today, the spending report and the Guide stop counting it as billing.
"""

from __future__ import annotations

import time

import pytest

from gpudesk.core.billing.meter import Meter, shared_meter
from gpudesk.core.billing.price import Price
from gpudesk.core.billing.storage import billing_now
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from tests.helpers_providers.runpod_stub import POD, RunPodStub

pytestmark = pytest.mark.gui


def test_a_new_window_asks_the_provider_and_the_meter_follows_without_opening_the_session(qtbot) -> None:
    from gpudesk.ui.main_window import MainWindow

    stub = RunPodStub().start()
    try:
        AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
        session = SessionStore().add(
            Session(name="pod", host="127.0.0.1", port=1, username="root", provider="rp",
                    provider_instance_id=POD["id"], hourly_price=0.44)
        )  # fmt: skip
        meter = Meter()
        meter.configure(session.id, session.name, Price(0.44, currency="USD"), source="api")
        meter.start(session.id, time.time() - 3600)  # the last run saw it running
        stub._set(stub.pods[POD["id"]], "EXITED")  # stopped while the app was away
        shared_meter().reload()
        assert "pod" in billing_now(shared_meter()).compute_names
        window = MainWindow()
        qtbot.addWidget(window)
        window.show()
        try:
            qtbot.waitUntil(lambda: not shared_meter().is_running(session.id), timeout=10000)
            assert window.tabs_by_session == {}  # nobody opened it: the start-up read did
            now = billing_now(shared_meter())
            assert "pod" not in now.compute_names and not now.compute
            assert any(r.method == "GET" and POD["id"] in r.path for r in stub.requests)
        finally:
            window.shutdown()
    finally:
        stub.stop()
