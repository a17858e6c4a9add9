"""The money story through the real window and the demo provider: rent → stop → start, every view agreeing.

At each point the cost bar (text and tooltip), the server's billing state, the ledger's billing_now
and the Providers row say what the demo provider's own record of the rented pod says, within a
second or two; the rented session stays listed. (The crash part is tests/e2e/test_rent_crash.py
and tests/ui/test_billing_restart_recheck.py.)
"""

from __future__ import annotations

import pytest

from gpudesk.core.billing.price import money
from gpudesk.core.live.billing import BillingState
from gpudesk.core.sessions.store import SessionStore
from tests.ui.test_rent_flow import catalog, rent_row, wait_page

pytestmark = pytest.mark.gui
PAGE = "gpudesk.ui.providers.page:ProvidersPage"


def test_rent_stop_start_every_view_agrees_with_the_provider(window, qtbot) -> None:
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=30000)
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    session = dialog.result_.session
    pod_id = dialog.result_.instance.id
    api = window.demo_api
    tab = window.tabs_by_session[session.id]
    billing = tab.controller.server.billing
    bar = window.costbar
    rate = f"{money(session.hourly_price, 'USD')}/h"
    dialog.close()

    def provider_says() -> str:
        return str(api.rented[pod_id]["status"])

    def agree(billing_expected: bool) -> None:
        bar.focus(session.id)
        if billing_expected:
            assert provider_says() in ("PROVISIONING", "STARTING", "RUNNING")
            qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=5000)
            now = billing.billing_now()
            assert now.compute == {"USD": pytest.approx(session.hourly_price)}
            qtbot.waitUntil(lambda: rate in bar.label.text() and "stopped" not in bar.label.text(), timeout=3000)
            assert f"Billing now: compute {rate}" in bar.label.toolTip()
        else:
            assert provider_says() == "EXITED"
            qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=5000)
            now = billing.billing_now()
            assert not now.compute
            qtbot.waitUntil(
                lambda: "compute stopped" in bar.label.text() or "not billing" in bar.label.text(), timeout=3000
            )
            assert rate not in bar.label.text()
            assert "Billing now: compute $0.00/h" in bar.label.toolTip()
        window.open_page("Providers", PAGE)
        providers = window.pages[PAGE]
        providers.refresh()

        def row_status() -> str:
            for r in range(providers.table.rowCount()):
                if providers.table.item(r, 1) is not None and providers.table.item(r, 1).text() == pod_id:
                    return providers.table.item(r, 3).text()
            return ""

        want = ("running", "starting") if billing_expected else ("stopped",)
        qtbot.waitUntil(lambda: row_status().startswith(want), timeout=10000)
        assert SessionStore().get(session.id) is not None and window.store.get(session.id) is not None

    agree(True)  # rented
    billing.act("stop")
    qtbot.waitUntil(lambda: provider_says() == "EXITED", timeout=10000)
    agree(False)  # stopped
    billing.act("start")
    qtbot.waitUntil(lambda: provider_says() != "EXITED", timeout=10000)
    agree(True)  # started again
