"""The loss chart: one curve per metric series found in the log, created once and fed with setData."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from gpudesk.core.jobs.metrics import MetricScanner
from gpudesk.ui.qt import QtCore, QtWidgets

COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f")


class LossChart(QtWidgets.QWidget):
    """Shows the loss series of a :class:`MetricScanner` (or one chosen metric)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.scanner: MetricScanner | None = None
        self._curves: dict[str, pg.PlotDataItem] = {}
        self.plot = pg.PlotWidget()
        self.plot.setBackground(self.palette().color(self.backgroundRole()))
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.2)
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setLabel("bottom", self.tr("log entry"))
        item.setDownsampling(auto=True, mode="peak")
        item.setClipToView(True)
        self.legend = item.addLegend(offset=(-10, 10))
        self.which = QtWidgets.QComboBox()
        self.which.setToolTip(self.tr("Which metric to plot"))
        self.which.setAccessibleName(self.tr("Which metric to plot"))
        self.which.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.which.currentIndexChanged.connect(lambda _i: self._rebuild())
        self.log_y = QtWidgets.QCheckBox(self.tr("Log scale"))
        self.log_y.setToolTip(self.tr("A logarithmic loss axis: late, small improvements stay visible"))
        self.log_y.toggled.connect(lambda on: self.plot.getPlotItem().setLogMode(y=on))
        self.empty = QtWidgets.QLabel(self.tr("No loss found in the log yet."))
        self.empty.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: palette(mid);")
        top = QtWidgets.QHBoxLayout()
        title = QtWidgets.QLabel(self.tr("Metrics"))
        title.setStyleSheet("font-weight: bold;")
        top.addWidget(title)
        top.addStretch(1)
        top.addWidget(self.log_y)
        top.addWidget(self.which)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        self.stack = QtWidgets.QStackedLayout()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.plot)
        layout.addLayout(self.stack, 1)

    def set_scanner(self, scanner: MetricScanner | None) -> None:
        self.scanner = scanner
        self._rebuild()

    def _selected_names(self) -> list[str]:
        if self.scanner is None:
            return []
        key = self.which.currentData()
        if key in (None, "__losses__"):
            return self.scanner.loss_names or list(self.scanner.series)[:1]
        return [key] if key in self.scanner.series else []

    def _sync_choices(self) -> None:
        names = list(self.scanner.series) if self.scanner else []
        have = [self.which.itemData(i) for i in range(self.which.count())]
        wanted = ["__losses__", *names]
        if have == wanted:
            return
        current = self.which.currentData()
        self.which.blockSignals(True)
        self.which.clear()
        self.which.addItem(self.tr("All losses"), "__losses__")
        for name in names:
            self.which.addItem(name, name)
        index = self.which.findData(current)
        self.which.setCurrentIndex(max(0, index))
        self.which.blockSignals(False)

    def _rebuild(self) -> None:
        for curve in self._curves.values():
            self.plot.removeItem(curve)
        self._curves.clear()
        self.legend.clear()
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the scanner's series (call on a timer; cheap when nothing changed)."""
        self._sync_choices()
        names = self._selected_names()
        self.stack.setCurrentWidget(self.plot if names else self.empty)
        # The step the log names is the x axis when every plotted series has one; else the ordinal.
        steps = {name: self.scanner.step_axis(name) for name in names} if self.scanner else {}
        by_step = bool(names) and all(steps.get(name) for name in names)
        self.plot.getPlotItem().setLabel("bottom", self.tr("step") if by_step else self.tr("log entry"))
        self.by_step = by_step
        for i, name in enumerate(names):
            xs, ys = self.scanner.series[name] if self.scanner else ([], [])
            if by_step:
                xs = steps[name] or xs
            curve = self._curves.get(name)
            if curve is None:
                pen = pg.mkPen(COLOURS[i % len(COLOURS)], width=2)
                curve = self.plot.plot([], [], pen=pen, name=name, symbol="o" if len(xs) < 40 else None, symbolSize=4,
                                       symbolBrush=COLOURS[i % len(COLOURS)])
                self._curves[name] = curve
            if len(xs) >= 40 and curve.opts.get("symbol") is not None:
                curve.setSymbol(None)  # dots help a short curve; on thousands of points they only cost redraw time
            curve.setData(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float))
        self.plot.getPlotItem().setLabel("left", names[0] if len(names) == 1 else self.tr("loss"))
