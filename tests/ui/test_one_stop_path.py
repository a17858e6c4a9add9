"""A stop from the Providers page is the same stop as everywhere: the cost bar's meter ends at once and
the audit log names the page (no minute of lag, no silent stop)."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.price import Price
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.model import Session
from gpudesk.core.shell import Page
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets
from tests.helpers.dialogs import answer_box
from tests.helpers_providers.runpod_stub import POD, RunPodStub

pytestmark = pytest.mark.gui


def test_a_stop_on_the_providers_page_ends_the_cost_bars_meter_and_is_audited(window, qtbot) -> None:
    stub = RunPodStub().start()
    try:
        AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
        session = window.store.add(Session(name="pod", host="127.0.0.1", port=1, username="root", provider="rp",
                                           provider_instance_id=POD["id"], hourly_price=0.44))
        controller = ConnectionController(session)
        tracker = window.costbar.attach(controller)
        meter = window.costbar.meter
        meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
        meter.start(session.id)
        assert tracker.linked and meter.is_running(session.id)
        page = window.show_page(Page.PROVIDERS)
        qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=10000)
        page.table.selectRow(0)
        answer_box(page, QtWidgets.QMessageBox.StandardButton.Yes)
        page.stop_button.click()
        qtbot.waitUntil(lambda: not meter.is_running(session.id), timeout=10000)
        assert stub.pods[POD["id"]]["status"] == "EXITED"
        # The meter moves the moment the provider accepted; the audit line follows it (fsynced).
        qtbot.waitUntil(lambda: ("stop", "Providers page", "ok") in [
            (e["action"], e["reason"], e["result"]) for e in audit.read() if e["session"] == session.id], timeout=5000)
        qtbot.waitUntil(lambda: tracker.instance is not None and not tracker.instance.billing, timeout=10000)
        window.costbar.detach(controller)
        controller.close()
    finally:
        stub.stop()
