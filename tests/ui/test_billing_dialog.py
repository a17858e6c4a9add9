"""The per-session billing dialog: values reach the saved config, the guard and the meter."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import config
from gpudesk.core.billing.meter import Meter
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.billing.costbar import CostBar
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets

pytestmark = pytest.mark.gui


def test_dialog_saves_price_policy_budget_and_deadline(qtbot):
    win = QtWidgets.QMainWindow()
    qtbot.addWidget(win)
    bar = CostBar(win, Meter())
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=1.0, currency="USD")
    controller = ConnectionController(session, host_keys=HostKeyStore())
    tracker = bar.attach(controller)
    dialog = bar.open_session_billing()
    qtbot.addWidget(dialog)
    assert dialog.amount.value() == 1.0 and dialog.unit.currentData() == "hour"
    dialog.amount.setValue(300)
    dialog.unit.setCurrentIndex(dialog.unit.findData("day"))
    dialog.currency.setCurrentText("cny")
    dialog.step.setCurrentIndex(dialog.step.findData("hour"))
    dialog.minutes.setValue(30)
    dialog.policy.setCurrentIndex(dialog.policy.findData("stop"))
    dialog.budget_day.setValue(200)
    dialog.deadline.setText("25:99")
    dialog.save()
    assert "not a time of day" in dialog.error.text()
    dialog.deadline.setText("23:00")
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save()
    guard = config.guard_config(session.id)
    assert (guard.idle.minutes, guard.policy, guard.budget_day, guard.deadline) == (30, "stop", 200, "23:00")
    assert guard.budget_total is None
    price = config.price_for(session)
    assert (price.amount, price.unit, price.currency, price.granularity) == (300, "day", "CNY", "hour")
    assert tracker.guard.config.policy == "stop" and tracker.guard.deadline_at is not None
    qtbot.waitUntil(lambda: bar.meter.rate_per_hour(session.id) == pytest.approx(12.5), timeout=5000)
    bar.detach(controller)
    controller.close()
