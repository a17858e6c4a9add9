"""After a normal stop every view says the same "billing now", from the one ledger (issue #33, item 7).

Real parts: the RunPod stub (its pod keeps a 20 GB volume disk when stopped, and a network volume),
the main window's cost bar, Guide and Providers page. After Stop: the cost bar says the compute
stopped and the disk's storage rate (never "not billing" while storage bills), its tooltip says
"Billing now: compute … + storage …", the Guide's step 4 drops its older "still running" answer by
itself and says the same figures, and "Release the server…" opens Providers with that server's row
selected.
"""

from __future__ import annotations

import pytest

from gpudesk.core.billing.price import hourly
from gpudesk.core.billing.storage import billing_now
from gpudesk.core.live.billing import BillingState
from tests.helpers_providers.runpod_stub import POD
from tests.ui.test_billing_consistency import pod  # noqa: F401 - pod is a fixture

pytestmark = pytest.mark.gui


def rate(rates: dict[str, float]) -> str:
    return ", ".join(f"{hourly(v, k)}/h" for k, v in sorted(rates.items()))


def test_after_a_stop_cost_bar_guide_and_providers_say_one_billing_now(window, qtbot, pod) -> None:  # noqa: F811
    _stub, session, controller, tracker, page = pod
    billing = controller.server.billing
    from gpudesk.core.billing import audit

    audit.record(f"rp:{POD['id']}", "launch", "rent dialog", "ok", automatic=False)  # rented from gpudesk
    window.show_guide(True)
    guide = window.guide_dock.widget()
    guide.check_release()
    qtbot.waitUntil(lambda: not guide.release_running and guide.release is not None, timeout=20000)
    # Before the stop the Guide's answer names the running pod; its words say where Stop is.
    assert "Still running at the provider" in guide.release_text()
    assert "Costs ▸ Stop this server…" in guide.release_text()

    # Release the server…: Providers, that server's row selected.
    page.table.clearSelection()
    guide.release_server()
    assert window.tabs.currentWidget() is page
    qtbot.waitUntil(lambda: page.selected() is not None and page.selected().id == POD["id"], timeout=10000)

    billing.act("stop")
    qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=10000)
    meter = billing.meter
    sid = session.id
    # The stopped pod's volume disk bills at its storage rate: the ledger knows it without Providers' Refresh.
    qtbot.waitUntil(lambda: bool(billing.billing_now().storage), timeout=10000)
    mine = billing_now(meter, [sid], account="rp", instance_id=POD["id"])
    assert not mine.compute and mine.storage
    bar = window.costbar
    bar.focus(sid) if hasattr(bar, "focus") else None
    qtbot.waitUntil(lambda: f"compute stopped · storage {rate(mine.storage)}" in bar.label.text(), timeout=10000)
    assert "not billing" not in bar.label.text()
    tip = bar.label.toolTip()
    assert f"Billing now: compute $0.00/h + storage {rate(mine.storage)}" in tip, tip
    # The Guide: its older "still running" answer is asked again by itself after the stop; the figures are the ledger's.
    qtbot.waitUntil(lambda: not guide.release_running and "Still running" not in guide.release_text(), timeout=20000)
    everything = billing_now(meter)
    text = guide.billing_text()
    assert "Still billing at the provider" not in text and "$0.31/h" not in text
    assert f"compute $0.00/h + storage {rate(everything.storage)}" in text, text  # as the cost bar says it
    # Providers says it in the same words, with the same figures (its listing is the provider's word).
    page.refresh()
    qtbot.waitUntil(
        lambda: f"billing now: compute $0.00/h + storage {rate(everything.storage)}" in page.summary.text(), timeout=10000
    )
    # The bar's tooltip says this server's billing and, below it, everything's: the figure Providers and the Guide add up.
    from gpudesk.core.billing.storage import track
    from gpudesk.core.providers.base import Storage

    track(meter, "other", [Storage("vol9", "network_volume", "datasets", 100, 0.01)])  # a volume elsewhere bills too
    everything = billing_now(meter)
    assert everything.rates != mine.rates, (everything, mine)
    all_line = f"Billing now, all servers and storage: compute $0.00/h + storage {rate(everything.storage)}"
    qtbot.waitUntil(lambda: all_line in bar.label.toolTip(), timeout=5000)
