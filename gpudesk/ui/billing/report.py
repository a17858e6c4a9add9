"""The spending report (per day and session: table, bar chart, CSV) and the audit log view."""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta
from pathlib import Path

from gpudesk.core import atomic
from gpudesk.core.billing import audit
from gpudesk.core.billing import report as core_report
from gpudesk.core.billing.meter import DayRow, Meter
from gpudesk.core.billing.price import duration, money
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import Qt, QtWidgets, shiboken6


class SpendingReport(QtWidgets.QDialog):
    def __init__(self, meter: Meter, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Spending report"))
        self.resize(760, 560)
        self.meter = meter
        self.rows: list[DayRow] = []
        self.range = QtWidgets.QComboBox()
        for label, days in ((self.tr("Last 7 days"), 7), (self.tr("Last 30 days"), 30), (self.tr("Everything"), 0)):
            self.range.addItem(label, days)
        self.range.setCurrentIndex(1)
        self.range.currentIndexChanged.connect(self.reload)
        self.export_button = QtWidgets.QPushButton(self.tr("Export CSV…"))
        self.export_button.clicked.connect(self.export_csv)
        self.total = QtWidgets.QLabel()
        self.total.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Preferred)
        self.total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(QtWidgets.QLabel(self.tr("Show:")))
        top.addWidget(self.range)
        top.addWidget(self.total, 1)
        top.addWidget(self.export_button)
        self.chart = self._make_chart()
        self.table = QtWidgets.QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Day"), self.tr("Session"), self.tr("Billed time"), self.tr("Cost")]
        )
        self.table.horizontalHeader().setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.chart, 2)
        layout.addWidget(self.table, 3)
        self.reload()

    def _make_chart(self) -> QtWidgets.QWidget:
        import pyqtgraph as pg

        from gpudesk.ui.money_axis import MoneyAxis

        # Ticks read as money ("$0.40"), never as "USD (x0.001)" with ticks to 400.
        plot = pg.PlotWidget(axisItems={"left": MoneyAxis("left")})
        plot.setBackground(self.palette().color(self.backgroundRole()))
        plot.showGrid(y=True, alpha=0.3)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        plot.setMinimumHeight(180)
        self.legend = plot.addLegend(offset=(-10, 10))
        self.plot = plot
        chart: QtWidgets.QWidget = plot
        return chart

    def since(self) -> date | None:
        days = int(self.range.currentData() or 0)
        return (datetime.now() - timedelta(days=days - 1)).date() if days else None

    def reload(self) -> None:
        since, meter = self.since(), self.meter
        run_in_background(lambda: meter.day_rows(since, time.time()), self.show_rows)

    def show_rows(self, rows: list[DayRow]) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        self.rows = rows
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            for col, text in enumerate((r.day, r.name or r.session_id, tr_msg(duration(r.seconds)), money(r.cost, r.currency))):
                item = QtWidgets.QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, col, item)
        by_day = core_report.totals_by_day(rows)
        totals: dict[str, float] = {}
        for r in rows:
            totals[r.currency] = totals.get(r.currency, 0.0) + r.cost
        self.total.setText(self.tr("Total: %1").replace("%1", ", ".join(money(v, k) for k, v in totals.items()) or "–"))
        self.export_button.setEnabled(bool(rows))
        self._draw(by_day)

    def _draw(self, by_day: dict[str, dict[str, float]]) -> None:
        import pyqtgraph as pg

        self.plot.clear()
        if self.legend is not None:
            self.legend.clear()
        days = sorted(by_day)
        currencies = sorted({c for v in by_day.values() for c in v})
        if not days:
            return
        width = 0.8 / max(1, len(currencies))
        colours = ["#1e88e5", "#43a047", "#fb8c00"]
        for n, currency in enumerate(currencies):
            xs = [i - 0.4 + width * (n + 0.5) for i in range(len(days))]
            heights = [by_day[d].get(currency, 0.0) for d in days]
            bars = pg.BarGraphItem(x=xs, height=heights, width=width * 0.9, brush=colours[n % 3])
            self.plot.addItem(bars)
            if self.legend is not None:
                self.legend.addItem(bars, currency)
        axis = self.plot.getAxis("bottom")
        step = max(1, len(days) // 10)
        axis.setTicks([[(i, d[5:]) for i, d in enumerate(days) if i % step == 0]])
        from gpudesk.core.billing.price import SYMBOLS

        left = self.plot.getAxis("left")
        # One currency: its symbol on every tick; several share the axis: plain amounts, the codes in its name.
        left.set_symbol(SYMBOLS.get(currencies[0].upper(), "") if len(currencies) == 1 else "")
        self.plot.setLabel("left", " / ".join(currencies))  # the codes alone: a longer name is cut on a short chart
        self.plot.setXRange(-0.6, len(days) - 0.4, padding=0)

    def export_csv(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QtWidgets.QFileDialog.getSaveFileName(
                self,
                self.tr("Export spending"),
                str(Path.home() / "gpudesk-spending.csv"),
                self.tr("CSV files (*.csv)"),
            )
        if not path:
            return
        text = core_report.to_csv(self.rows)
        run_in_background(
            lambda: atomic.write_text(Path(path), text, 0o644),
            lambda _r: self.total.setToolTip(self.tr("Saved %1").replace("%1", path)),
            lambda exc: QtWidgets.QMessageBox.warning(self, self.tr("Export spending"), str(exc)),
        )


class AuditLog(QtWidgets.QDialog):
    """Every automatic action and every answer to a prompt, newest last."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Automatic actions log"))
        self.resize(720, 400)
        self.table = QtWidgets.QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Time"), self.tr("Session"), self.tr("Action"), self.tr("Why"), self.tr("Result")]
        )
        self.table.horizontalHeader().setSectionResizeMode(4, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.table)
        self.names: dict[str, str] = {}
        run_in_background(lambda: (audit.read(500), audit.session_names()), lambda r: self.show_entries(*r))

    def show_entries(self, entries: list[dict[str, object]], names: dict[str, str] | None = None) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        self.names = names or {}
        self.table.setRowCount(len(entries))
        for i, e in enumerate(entries):
            try:
                when = datetime.fromtimestamp(float(e.get("t", 0))).strftime("%Y-%m-%d %H:%M:%S")  # type: ignore[arg-type]
            except (TypeError, ValueError, OverflowError, OSError):
                when = "?"  # a damaged line still shows what it says
            values = (
                when,
                self._session(e),
                f"{e.get('action', '')} ({self._who(e)})",
                str(e.get("reason", "")),
                self._result(e),
            )
            for col, text in enumerate(values):
                self.table.setItem(i, col, QtWidgets.QTableWidgetItem(text))

    def _session(self, e: dict[str, object]) -> str:
        """The session's name (an unlinked instance: its provider account and id), never a bare id."""
        sid = str(e.get("session", ""))
        if sid in self.names:
            return self.names[sid]
        account, instance = e.get("account"), e.get("instance")
        if isinstance(account, str) and isinstance(instance, str) and instance:
            return f"{account}: {instance}"
        return sid

    def _who(self, e: dict[str, object]) -> str:
        by = str(e.get("by") or "")
        if by in ("server-guard", "server guard"):
            return self.tr("the server guard")
        if e.get("automatic"):
            return self.tr("automatic")
        return self.tr("you")

    def _result(self, e: dict[str, object]) -> str:
        result = str(e.get("result", ""))
        if result == "requested" and e.get("instance"):
            return self.tr("requested — waiting for the provider to confirm")
        if result == "ok" and e.get("provider_state"):
            return self.tr("confirmed by the provider (%1)").replace("%1", str(e.get("provider_state")))
        return result
