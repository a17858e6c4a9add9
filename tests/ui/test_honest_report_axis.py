"""The spending report's axis says money plainly: "$0.40", not "USD (x0.001)" with ticks to 400 for $0.47."""

from __future__ import annotations

import time

import pytest

from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.ui.billing.report import SpendingReport
from tests.helpers.chart_axes import axis_title, clipped, overlapping, tick_labels

pytestmark = pytest.mark.gui


def _amount(text: str) -> float:
    return float(text.lstrip("-").lstrip("$¥").replace(",", ""))


def _report(qtbot, meter: Meter) -> SpendingReport:
    dialog = SpendingReport(meter)
    qtbot.addWidget(dialog)
    dialog.resize(760, 560)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.table.rowCount() >= 1, timeout=5000)
    qtbot.waitUntil(lambda: bool(tick_labels(dialog.plot.getAxis("left"))), timeout=5000)
    return dialog


def test_forty_seven_cents_reads_as_cents(qtbot) -> None:
    meter = Meter()
    meter.configure("a", "small-box", Price(0.47, "hour", "USD"))
    now = time.time()
    meter.start("a", now - 3600)
    meter.stop("a", now)
    dialog = _report(qtbot, meter)
    axis = dialog.plot.getAxis("left")
    title = axis_title(axis)
    assert "(x" not in title and title == "USD", title
    labels = tick_labels(axis)
    texts = [text for _rect, text in labels]
    assert texts and all(t.startswith("$") for t in texts), texts
    # The ticks span the money there is (under a dollar), not a thousand times it.
    assert max(_amount(t) for t in texts) <= 1.0, texts
    assert any("." in t for t in texts), texts  # cents, as in the table
    assert not overlapping(labels) and not clipped(axis, labels)


def test_two_currencies_share_plain_amounts(qtbot) -> None:
    meter = Meter()
    meter.configure("a", "usd-box", Price(0.47, "hour", "USD"))
    meter.configure("b", "cny-box", Price(0.6, "hour", "CNY"))
    now = time.time()
    for sid in ("a", "b"):
        meter.start(sid, now - 3600)
        meter.stop(sid, now)
    dialog = _report(qtbot, meter)
    axis = dialog.plot.getAxis("left")
    title = axis_title(axis)
    assert "(x" not in title and "USD" in title and "CNY" in title, title
    texts = [text for _rect, text in tick_labels(axis)]
    # Neither symbol on a shared axis: a tick is an amount of either currency.
    assert texts and not any(t[0] in "$¥" for t in texts), texts
    assert max(_amount(t) for t in texts) <= 1.0, texts
