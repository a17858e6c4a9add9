"""The spending report: table, chart and CSV export of real meter data."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing import report as core_report
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.ui.billing.report import AuditLog, SpendingReport

pytestmark = pytest.mark.gui


def test_report_table_chart_and_csv(qtbot, tmp_path):
    meter = Meter()
    meter.configure("a", "A100-node1", Price(2.0, "hour", "USD"))
    meter.configure("b", "4090-box", Price(1.5, "hour", "CNY"))
    now = time.time()
    midnight = datetime.combine(datetime.now().date(), datetime.min.time()).timestamp()
    meter.start("a", midnight - 3 * 86400 + 3600)
    meter.stop("a", midnight - 3 * 86400 + 3 * 3600)
    meter.start("b", max(midnight, now - 3600))
    dialog = SpendingReport(meter)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2, timeout=5000)
    assert dialog.table.item(0, 1).text() == "A100-node1" and dialog.table.item(0, 3).text() == "$4.00"
    assert "$4.00" in dialog.total.text() and "¥" in dialog.total.text()
    bars = [i for i in dialog.plot.getPlotItem().items if type(i).__name__ == "BarGraphItem"]
    assert len(bars) == 2  # one series per currency
    target = tmp_path / "spend.csv"
    dialog.export_csv(str(target))
    qtbot.waitUntil(target.exists, timeout=5000)
    assert target.read_text() == core_report.to_csv(dialog.rows)
    dialog.range.setCurrentIndex(0)  # last 7 days still holds both
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2, timeout=5000)


def test_audit_log_lists_automatic_actions(qtbot):
    audit.record("s1", "stop", "idle", "requested")
    audit.record("s1", "keep_1h", "idle", "answered", automatic=False)
    dialog = AuditLog()
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 2, timeout=5000)
    assert dialog.table.item(0, 2).text() == "stop (automatic)"
    assert dialog.table.item(1, 2).text() == "keep_1h (you)"


def test_audit_log_names_sessions_and_who_did_what_and_whether_the_provider_confirmed(qtbot):
    from gpudesk.core.billing.guard import Guard, GuardConfig
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.sessions.store import SessionStore

    session = SessionStore().add(Session(name="my A100 box", host="h", username="root"))
    audit.record(session.id, "stop", "Providers page", "requested", automatic=False, account="rp", instance="pod1")
    audit.record(session.id, "stop", "Providers page", "ok", automatic=False, account="rp", instance="pod1",
                 provider_state="EXITED")
    Guard(session.id, GuardConfig()).record_result("start", True, automatic=False)  # a click on Start
    audit.record("rp:pod2", "stop", "idle", "ok", by="server-guard", account="rp", instance="pod2")
    dialog = AuditLog()
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 4, timeout=5000)
    rows = [[dialog.table.item(r, c).text() for c in range(5)] for r in range(4)]
    assert [r[1] for r in rows] == ["my A100 box", "my A100 box", "my A100 box", "rp: pod2"]  # names, not ids
    assert rows[0][4] == "requested — waiting for the provider to confirm"
    assert rows[1][4] == "confirmed by the provider (EXITED)"
    assert rows[2][2] == "start (you)"  # the user's click is not logged as automatic
    assert rows[3][2] == "stop (the server guard)"
