"""Catalog charts: price against performance, billing modes, and rent-versus-buy over time."""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg

from gpudesk.core.catalog.billing import BillingOption, BreakEven
from gpudesk.core.catalog.money import SYMBOLS, Money
from gpudesk.core.catalog.table import OfferRow
from gpudesk.ui import plaintext
from gpudesk.ui.catalog.billing_text import mode_name, note_text
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.money_axis import MoneyAxis
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

FAMILIES = ["H200", "H100", "H800", "A100", "A800", "L40S", "L4", "A10", "T4", "V100", "RTX 4090", "RTX 3090", "RTX A6000", "RTX 6000"]
# One colour per GPU family, so the scatter reads as groups (matplotlib's tab10 + tab20 light tones).
PALETTE = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#e7969c", "#637939", "#843c39",
]  # fmt: skip


def family(model: str) -> str:
    return next((f for f in FAMILIES if model.startswith(f)), model)


def colour(model: str) -> str:
    fam = family(model)
    return PALETTE[FAMILIES.index(fam)] if fam in FAMILIES else "#888888"


def _log_ticks(low: float, high: float) -> list[tuple[float, str]]:
    """1-2-5 ticks between ``low`` and ``high`` (data units) on a log10 axis, labelled plainly."""
    ticks = []
    decade = 10.0 ** math.floor(math.log10(max(low, 1e-6)))
    while decade <= high * 10:
        for step in (1, 2, 5):
            value = step * decade
            if low / 2 <= value <= high * 2:
                ticks.append((math.log10(value), f"{value:g}"))
        decade *= 10
    return ticks


def _plot(title: str, left: str, bottom: str) -> pg.PlotWidget:
    widget = pg.PlotWidget()
    widget.setBackground(None)  # follow the palette (light and dark)
    item = widget.getPlotItem()
    item.setTitle(title)
    item.setLabel("left", left)
    item.setLabel("bottom", bottom)
    item.showGrid(x=True, y=True, alpha=0.25)
    item.setMenuEnabled(False)
    widget.setMinimumHeight(150)  # room for the legend and notes under it at 1024×700
    return widget


class PriceScatter(QtWidgets.QWidget):
    """Price per hour against dense FP16/BF16 TFLOPS, one point per on-demand offer (log-log)."""

    offer_clicked = Signal(object)  # OfferRow

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.plot = _plot(self.tr("Price vs performance"), self.tr("price per hour"), self.tr("FP16/BF16 TFLOPS (dense, whole instance)"))
        self.plot.getPlotItem().setLogMode(x=True, y=True)
        self.scatter = pg.ScatterPlotItem(size=9, pen=pg.mkPen(None), hoverable=True)
        self.scatter.sigClicked.connect(self._clicked)
        self.plot.addItem(self.scatter)
        self.highlight = pg.ScatterPlotItem(size=18, pen=pg.mkPen("#D55E00", width=2), brush=pg.mkBrush(None))
        self.plot.addItem(self.highlight)
        self.legend = plaintext.rich(QtWidgets.QLabel())
        self.legend.setWordWrap(True)
        layout.addWidget(self.plot)
        layout.addWidget(self.legend)
        self.points: list[OfferRow] = []

    def set_rows(self, rows: list[OfferRow], money: Money) -> None:
        self.points = [r for r in rows if r.tflops and r.offer.billing == "on-demand"]
        spots = [
            {
                "pos": (math.log10(r.tflops or 1), math.log10(max(r.price_per_hour, 1e-3))),
                "brush": pg.mkBrush(colour(r.gpu)),
                "data": r,
                "symbol": "o" if r.offer.usable else "x",
            }
            for r in self.points
        ]
        self.scatter.setData(spots)
        if self.points:
            # pyqtgraph labels every minor log tick (unreadable); 1-2-5 ticks instead.
            xs = [r.tflops or 1.0 for r in self.points]
            ys = [max(r.price_per_hour, 1e-3) for r in self.points]
            plot = self.plot.getPlotItem()
            plot.getAxis("bottom").setTicks([_log_ticks(min(xs), max(xs))])
            plot.getAxis("left").setTicks([_log_ticks(min(ys), max(ys))])
        self.plot.getPlotItem().setLabel("left", self.tr("price per hour (%1)").replace("%1", money.currency))
        seen = []
        for r in self.points:
            fam = family(r.gpu)
            if fam not in seen:
                seen.append(fam)
        self.legend.setText(" ".join(f'<span style="color:{colour(f)}">●</span>&nbsp;{plaintext.escape(f)}' for f in seen))

    def mark(self, row: OfferRow | None) -> None:
        if row is None or not row.tflops:
            self.highlight.setData([])
            return
        self.highlight.setData([{"pos": (math.log10(row.tflops), math.log10(max(row.price_per_hour, 1e-3)))}])

    def _clicked(self, _item: pg.ScatterPlotItem, points: list[Any], _event: object = None) -> None:
        if len(points):
            self.offer_clicked.emit(points[0].data())


class BillingChart(QtWidgets.QWidget):
    """Bars: the cost of the chosen configuration under each billing mode.

    The bars run sideways, one row per mode with its name and total at the left: the names never
    share a line however narrow the window or long the translation, and a cheap mode that is a
    sliver next to a reserved term still says its number. The notes scroll below the chart.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # No title: the tab says "Billing comparison", and the rows need the height.
        self.money_axis = MoneyAxis("bottom")
        self.plot = pg.PlotWidget(axisItems={"bottom": self.money_axis})
        self.plot.setBackground(None)  # follow the palette (light and dark)
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=False, alpha=0.25)
        item.setMenuEnabled(False)
        item.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        item.invertY(True)  # the first mode on top, as in the notes
        self.plot.setMinimumHeight(130)  # six rows of names and the money axis
        self.bars = pg.BarGraphItem(x0=[], y=[], width=[], height=0.6, brushes=[])
        self.plot.addItem(self.bars)
        self.note = plaintext.rich(QtWidgets.QLabel())
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notes = QtWidgets.QScrollArea()
        self.notes.setWidgetResizable(True)
        self.notes.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.notes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.notes.setWidget(self.note)
        self.notes.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        layout.addWidget(self.plot, 3)
        layout.addWidget(self.notes, 2)
        self.options: list[BillingOption] = []

    def set_options(self, options: list[BillingOption], money: Money, hours: float) -> None:
        order = ["hourly", "daily", "monthly", "spot", "reserved-1y", "reserved-3y"]
        self.options = sorted((o for o in options if o.available), key=lambda o: order.index(o.mode))
        best = min((o.total for o in self.options if o.mode != "spot"), default=0.0)
        rows = list(range(len(self.options)))
        totals = [o.total for o in self.options]
        brushes = [pg.mkBrush("#009E73" if o.total == best else ("#E69F00" if o.mode == "spot" else "#0072B2")) for o in self.options]
        self.bars.setOpts(x0=[0.0] * len(rows), y=rows, width=totals, height=0.6, brushes=brushes)
        item = self.plot.getPlotItem()
        item.getAxis("left").setTicks([[(i, self.row_label(o, money)) for i, o in enumerate(self.options)]])
        self.money_axis.set_symbol(SYMBOLS.get(money.currency, ""))
        total = self.tr("total (%1)").replace("%1", money.currency)
        use = self.tr("for %1 h of use").replace("%1", f"{hours:,.0f}")
        item.setLabel("bottom", f"{total} · {use}")
        item.setXRange(0, max(totals, default=1.0) * 1.05, padding=0)
        item.setYRange(-0.5, max(len(rows), 1) - 0.5, padding=0)
        lines = [f"<b>{mode_name(o.mode)}</b>: {money.format(o.total)} — {plaintext.escape(note_text(o.note))}" for o in self.options]
        missing = [o for o in options if not o.available]
        lines += [f"<b>{mode_name(o.mode)}</b>: {plaintext.escape(note_text(o.note))}" for o in missing]
        self.note.setText("<br>".join(lines))
        self._fit_notes()

    def _fit_notes(self) -> None:
        """The notes take the height they need up to two fifths of the chart (the layout's stretch); more scrolls.

        Only a maximum: a minimum from the current size would keep the window from shrinking.
        """
        needed = self.note.heightForWidth(max(1, self.notes.viewport().width())) + 2 * self.notes.frameWidth()
        self.notes.setMaximumHeight(max(self.notes.minimumHeight(), needed))

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit_notes()

    def row_label(self, option: BillingOption, money: Money) -> str:
        """A row's name at the left of its bar: the mode and its total."""
        return f"{mode_name(option.mode)} · {money.format(option.total, 0)}"


class BreakEvenChart(QtWidgets.QWidget):
    """Cumulative cost of renting against buying the same GPUs, with the break-even marked."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.plot = _plot(self.tr("Rent or buy"), self.tr("cumulative cost"), self.tr("hours of use"))
        self.plot.getPlotItem().addLegend(offset=(10, 10))
        self.rent = self.plot.plot([], [], pen=pg.mkPen("#0072B2", width=2), name=self.tr("rent on demand"))
        self.buy = self.plot.plot([], [], pen=pg.mkPen("#D55E00", width=2), name=self.tr("buy + electricity"))
        self.line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#009E73", style=QtCore.Qt.PenStyle.DashLine))
        self.plot.addItem(self.line)
        self.note = QtWidgets.QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.plot)
        layout.addWidget(self.note)
        self.result: BreakEven | None = None

    def set_result(self, be: BreakEven, money: Money, hours_per_day: float = 24.0) -> None:
        self.result = be
        span = (be.hours or 8760.0) * 1.6
        xs = [span * i / 50 for i in range(51)]
        self.rent.setData(xs, [be.cost_after(x)[0] for x in xs])
        if be.purchase:
            self.buy.setData(xs, [be.cost_after(x)[1] for x in xs])
        else:
            self.buy.setData([], [])
        self.plot.getPlotItem().setLabel("left", self.tr("cumulative cost (%1)").replace("%1", money.currency))
        if be.hours is not None:
            self.line.setPos(be.hours)
            self.line.show()
            months = be.hours / max(hours_per_day, 1e-9) / 30.4
            head = self.tr("Buying pays off after %1 h of use (≈%2 months at %3 h a day).")
            head = head.replace("%1", f"{be.hours:,.0f}").replace("%2", f"{months:,.1f}").replace("%3", f"{hours_per_day:g}")
        else:
            self.line.hide()
            head = self.tr("No break-even: renting stays cheaper, or no purchase price is known.")
        self.note.setText(f"{head} {tr_msg(be.note)}")
