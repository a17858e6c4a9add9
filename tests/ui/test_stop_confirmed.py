"""A stop is done when the provider says so, in every view.

The demo provider accepts a stop once without carrying it out (its switch, GPUDESK_DEMO_IGNORE_STOPS): the cost
bar, its tooltip, the Providers page and the audit log say "stop requested — not yet confirmed", the meter keeps
counting, the alert comes once the request is overdue, and the retry from the cost bar's menu is confirmed by the
provider's own state before anything says "stopped".
"""

from __future__ import annotations

import pytest

from gpudesk.core.billing import audit, confirm
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, STOPS_IGNORED_ENV, DemoProviderAPI
from gpudesk.core.providers.accounts import remove_transient
from gpudesk.core.sessions.model import Session
from gpudesk.core.shell import Page
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets
from tests.helpers.dialogs import answer_box

pytestmark = pytest.mark.gui


@pytest.fixture
def stubborn_demo(monkeypatch):
    monkeypatch.setenv(STOPS_IGNORED_ENV, "1")  # the switch, as a user would set it for `gpudesk --demo`
    api = DemoProviderAPI("127.0.0.1", 2222).start()
    yield api
    api.stop()
    remove_transient(DEMO_ACCOUNT)


def test_an_unconfirmed_stop_is_said_everywhere_then_confirmed_after_the_retry(window, qtbot, stubborn_demo, monkeypatch):
    api = stubborn_demo
    assert api.stops_ignored == 1
    session = window.store.add(Session(name="Demo GPU server", host="127.0.0.1", port=2222))
    api.link(session)
    window.store.update(session)
    controller = ConnectionController(session)
    bar = window.costbar
    tracker = bar.attach(controller)
    bar.focus(session.id)
    meter = bar.meter
    qtbot.waitUntil(lambda: tracker.instance is not None and meter.is_running(session.id), timeout=20000)
    page = window.show_page(Page.PROVIDERS)
    qtbot.waitUntil(lambda: page.table.rowCount() >= 1, timeout=10000)

    bar._update_menu()
    assert bar.stop_action.isEnabled() and bar.stop_action.text() == "Stop this server…"
    answer_box(bar, QtWidgets.QMessageBox.StandardButton.Yes)
    bar.ask_action("stop")
    # Accepted, not done: the bar says so in place of "not billing", and the pod bills on.
    qtbot.waitUntil(lambda: "stop requested — not yet confirmed" in bar.label.text(), timeout=10000)
    assert "stop requested — not yet confirmed by Demo provider" in bar.label.toolTip()
    assert api.status == "RUNNING" and meter.is_running(session.id)
    assert "not billing" not in bar.label.text()
    assert "Stopped" not in window.statusBar().currentMessage()
    mine = [e for e in audit.read() if e.get("instance") == api.pod_id]
    assert [(e["action"], e["result"]) for e in mine] == [("stop", "requested")]
    # The Providers page lists the row with the same words (its listing follows the news).
    row = next(r for r in range(page.table.rowCount()) if page.table.item(r, 1).text() == api.pod_id)
    qtbot.waitUntil(lambda: "requested" in page.table.item(row, 3).text(), timeout=10000)
    # Still not confirmed once overdue: one loud alert, which names what the provider reports.
    monkeypatch.setattr(confirm, "ALERT_S", 1.0)  # a minute for users; a test does not wait that long
    qtbot.waitUntil(lambda: "not confirmed" in bar.last_alert, timeout=15000)
    assert "RUNNING" in bar.last_alert and "may still bill" in bar.last_alert
    assert meter.is_running(session.id)

    # The retry, from the same menu, now says what it is.
    bar._update_menu()
    assert bar.stop_action.text() == "Retry the stop…"
    answer_box(bar, QtWidgets.QMessageBox.StandardButton.Yes)
    bar.ask_action("stop")
    qtbot.waitUntil(lambda: not meter.is_running(session.id), timeout=15000)
    assert api.status == "EXITED"
    # Compute stopped; the demo pod's volume disk bills at its storage rate: the bar says so, never "not billing".
    qtbot.waitUntil(lambda: "compute stopped · storage $" in bar.label.text(), timeout=10000)
    assert "requested" not in bar.label.text()
    qtbot.waitUntil(lambda: ("stop", "ok") in [(e["action"], e["result"]) for e in audit.read()], timeout=5000)
    confirmed = [e for e in audit.read() if e.get("instance") == api.pod_id and e["result"] == "ok"]
    assert confirmed[-1]["provider_state"] == "EXITED"
    qtbot.waitUntil(lambda: "requested" not in page.table.item(row, 3).text(), timeout=10000)
    assert confirm.book().get(DEMO_ACCOUNT, api.pod_id) is None
    bar.detach(controller)
    controller.close()


def test_the_users_own_stop_on_the_providers_page_is_not_reported_as_a_preemption(window, qtbot, monkeypatch):
    """A rented session watches for the provider taking its instance back; a stop the user made elsewhere
    (the Providers page, the command line) is the user's, never 'Instance taken back … Relaunch?'."""
    from types import SimpleNamespace

    from gpudesk.core.billing.actions import instance_action
    from gpudesk.core.providers.accounts import AccountStore, provider_for
    from gpudesk.ui.rent.watch import RentedWatch

    monkeypatch.delenv(STOPS_IGNORED_ENV, raising=False)
    api = DemoProviderAPI("127.0.0.1", 2222).start()
    try:
        session = window.store.add(Session(name="rented", host="127.0.0.1", port=2222))
        api.link(session)
        window.store.update(session)
        tab = window._make_tab(session)
        account = AccountStore().get(DEMO_ACCOUNT)
        choice = SimpleNamespace(account=account, spec=SimpleNamespace(spot=False), item=None)
        launched = SimpleNamespace(instance=SimpleNamespace(id=api.pod_id))
        watch = RentedWatch(window, tab, choice, launched)  # type: ignore[arg-type]
        billing = tab.controller.server.billing
        qtbot.waitUntil(lambda: billing.instance is not None, timeout=20000)
        outcome = instance_action(provider_for(account), DEMO_ACCOUNT, api.pod_id, "stop", reason="Providers page")
        assert outcome.confirmed
        qtbot.waitUntil(lambda: watch.released, timeout=5000)
        billing.refresh_instance()
        qtbot.waitUntil(lambda: billing.instance is not None and billing.instance.status == "stopped", timeout=10000)
        # A later read of the stopped instance (the next poll) came and went: nothing was said.
        billing.refresh_instance()
        qtbot.waitUntil(lambda: billing.instance is not None and billing.instance.status == "stopped", timeout=10000)
        assert watch.said is None
    finally:
        api.stop()
        remove_transient(DEMO_ACCOUNT)


def test_a_refresh_while_a_listing_is_on_its_way_never_lists_an_instance_twice(window, qtbot, monkeypatch):
    monkeypatch.delenv(STOPS_IGNORED_ENV, raising=False)
    api = DemoProviderAPI("127.0.0.1", 2222).start()
    try:
        session = Session(name="Demo GPU server", host="127.0.0.1", port=2222)
        api.link(session)
        page = window.show_page(Page.PROVIDERS)
        qtbot.waitUntil(lambda: page._pending <= 0, timeout=15000)  # the page's own first listing
        answers: list[str] = []
        listed = page._listed
        monkeypatch.setattr(page, "_listed", lambda account, *rest: (answers.append(account.name), listed(account, *rest)))
        page.refresh()
        page.refresh()  # clicked again before the first answer came
        page.refresh()
        qtbot.waitUntil(lambda: len(answers) == 3, timeout=15000)  # every listing answered: the old ones too
        ids = [page.table.item(r, 1).text() for r in range(page.table.rowCount())]
        assert ids.count(api.pod_id) == 1, ids
        assert [s.id for s in page.storage].count("demovol01") == 1
    finally:
        api.stop()
        remove_transient(DEMO_ACCOUNT)
