"""Four live charts (utilization, memory, temperature, power) for all GPUs of one connection.

Curves are created once and fed with ``setData`` (pyqtgraph's scrolling-plot pattern); the
history (core, numpy) already folds long windows into min/max pairs, and pyqtgraph's peak
down-sampling and clip-to-view keep each redraw to what the screen can show.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pyqtgraph as pg

from gpudesk.core.telemetry.history import History
from gpudesk.ui import plaintext
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QtCore, QtGui, QtWidgets, Signal

MIN_SPAN_S = 60.0  # a chart never shows less time than this

# (metric, title, unit, scale): memory is charted in GiB
CHARTS: tuple[tuple[str, str, str, float], ...] = (
    ("util_gpu", QT_TRANSLATE_NOOP("GpuCharts", "Utilization"), "%", 1.0),
    ("mem_used_mib", QT_TRANSLATE_NOOP("GpuCharts", "Memory"), "GiB", 1 / 1024),
    ("temp_c", QT_TRANSLATE_NOOP("GpuCharts", "Temperature"), "°C", 1.0),
    ("power_w", QT_TRANSLATE_NOOP("GpuCharts", "Power"), "W", 1.0),
)
COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac")


def colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


class _Curve(pg.PlotCurveItem):
    """A curve whose bounds are set with its data: the time it spans and its chart's fixed y range.

    PlotCurveItem finds its bounds by scanning every point (nanmin/nanmax, twice per axis) each
    time the data changes; with 32 curves that was about a third of a redraw. The charts do not
    auto-range, so the cheap rectangle is all the scene needs.
    """

    _bounds: QtCore.QRectF | None = None

    def set_bounds(self, rect: QtCore.QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = rect

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 - Qt API
        return self._bounds if self._bounds is not None else super().boundingRect()


class GpuCharts(QtWidgets.QWidget):
    """The chart grid. Call :meth:`refresh` (a QTimer does) to redraw from the history."""

    hovered = Signal(str)  # the crosshair read-out text
    DEFAULT_Y = {"util_gpu": (0, 100), "mem_used_mib": (0, 80), "temp_c": (20, 100), "power_w": (0, 700)}

    def __init__(self, history: History, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.history = history
        self.span_s = 600.0
        self._keys: list[str] = []
        self._refreshes = 0
        self._first_t: float | None = None  # the oldest sample shown so far
        self._curves: dict[str, list[pg.PlotCurveItem]] = {m: [] for m, *_ in CHARTS}
        self._plots: dict[str, pg.PlotItem] = {}
        self._lines: list[pg.InfiniteLine] = []
        layout = QtWidgets.QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Which colour is which GPU: the same colours as the curves and the cards' swatches.
        self.legend = QtWidgets.QLabel(self)
        plaintext.rich(self.legend)  # every outside string in it goes through plaintext.escape
        self.legend.setWordWrap(True)
        self.legend.setAccessibleName(QtCore.QCoreApplication.translate("GpuCharts", "Chart colours"))
        layout.addWidget(self.legend, 0, 0)
        self.graphics = pg.GraphicsLayoutWidget()
        # Two rows of charts that stay readable: an axis, a title and some curve each.
        self.graphics.setMinimumHeight(2 * (4 * self.fontMetrics().height() + 12))
        layout.addWidget(self.graphics, 1, 0)
        layout.setRowStretch(1, 1)
        self.readout = QtWidgets.QLabel(self)
        plaintext.rich(self.readout)  # every outside string in it goes through plaintext.escape
        self.readout.setWordWrap(True)  # eight GPUs' values never widen the window
        layout.addWidget(self.readout, 2, 0)
        for n, (metric, title, unit, _) in enumerate(CHARTS):
            plot = self.graphics.addPlot(row=n // 2, col=n % 2, axisItems={"bottom": pg.DateAxisItem()})
            plot.setTitle(f"{QtCore.QCoreApplication.translate('GpuCharts', title)} ({unit})", size="9pt")
            plot.setDownsampling(auto=True, mode="peak")
            plot.setClipToView(True)
            # No grid: translucent grid lines cost more to paint than all the curves together;
            # the crosshair read-out gives exact values instead.
            plot.setMenuEnabled(False)
            plot.hideButtons()
            # Fixed y ranges (from what the GPUs report as their limits): steady axes to read,
            # and no bounds scan of every curve on every redraw.
            plot.disableAutoRange()
            plot.setYRange(*self.DEFAULT_Y[metric], padding=0.02)
            # Every chart labelled alike: its own time axis, and y axes of one width so the
            # charts of a column line up (a "100" and a "600" would shift them apart).
            plot.getAxis("left").setWidth(self.fontMetrics().horizontalAdvance("8888") + 12)
            line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#888", width=1, style=QtCore.Qt.PenStyle.DashLine))
            line.setVisible(False)
            plot.addItem(line, ignoreBounds=True)
            self._lines.append(line)
            self._plots[metric] = plot
        self._columns = 2
        self.follow_palette()
        self._proxy = pg.SignalProxy(self.graphics.scene().sigMouseMoved, rateLimit=30, slot=self._mouse_moved)

    def arrange(self, columns: int) -> None:
        """The charts in a 2×2 grid, or side by side (1×4) when the window leaves them little height."""
        if columns == self._columns:
            return
        self._columns = columns
        plots = list(self._plots.values())
        for plot in plots:
            self.graphics.ci.removeItem(plot)
        for n, plot in enumerate(plots):
            self.graphics.ci.addItem(plot, row=n // columns, col=n % columns)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        # Below about nine lines of text per row a chart is all title and axis: put the four side by side.
        short = self.graphics.height() < 2 * 9 * self.fontMetrics().height()
        wide = self.graphics.width() >= 4 * 14 * self.fontMetrics().horizontalAdvance("8")
        self.arrange(4 if short and wide else 2)

    def set_span(self, span_s: float) -> None:
        self.span_s = span_s
        self.refresh()

    def _ensure_curves(self) -> None:
        keys = self.history.keys()
        if keys == self._keys:
            return
        for metric, plot in self._plots.items():
            curves = self._curves[metric]
            while len(curves) < len(keys):
                pen = pg.mkPen(colour(len(curves)), width=1)  # cosmetic 1 px lines paint several times faster
                # The history hands over a min/max envelope of about one pair per 4 px, so the
                # bare curve item is enough: PlotDataItem's own down-sampling and clipping layer
                # would cost ~40 % of every redraw for nothing.
                curve = _Curve(pen=pen, connect="finite", name=f"GPU {len(curves)}")
                plot.addItem(curve)
                curves.append(curve)
        self._keys = keys
        self._fit_y()
        self.legend.setText(self.legend_html())

    def legend_html(self) -> str:
        """"● GPU 0  ● GPU 1 …" in the curves' colours."""
        return "&nbsp;&nbsp; ".join(
            f"<span style='color:{colour(n)}; font-size:large'>●</span>&nbsp;GPU&nbsp;{index}"
            for n, index in enumerate(self._indexes())
        )

    def _indexes(self) -> list[int]:
        """The GPUs' own indexes, in the order of the curves (the history's keys)."""
        by_key = {g.key: g.index for g in self.history.gpus()}
        return [by_key.get(key, n) for n, key in enumerate(self._keys)]

    def _fit_y(self) -> None:
        """Memory up to the largest GPU's size, power up to the highest limit, temperature to 100 °C or more."""
        gpus = self.history.gpus()
        mem = max((g.mem_total_mib or 0 for g in gpus), default=0) / 1024 or self.DEFAULT_Y["mem_used_mib"][1]
        power = max((g.power_limit_w or g.power_w or 0 for g in gpus), default=0) or self.DEFAULT_Y["power_w"][1]
        temp = max(100.0, max((g.temp_c or 0 for g in gpus), default=0) + 5)
        self._plots["mem_used_mib"].setYRange(0, mem, padding=0.02)
        self._plots["power_w"].setYRange(0, power * 1.05, padding=0.02)
        self._plots["temp_c"].setYRange(20, temp, padding=0.02)

    def refresh(self, now: float | None = None) -> None:
        """Redraw every curve for the current window (one setData per curve)."""
        self._ensure_curves()
        if self._refreshes % 60 == 0:
            self._fit_y()  # a driver may report limits late, or a GPU runs hotter than 100 °C
        self._refreshes += 1
        end = now if now is not None else (self.history.latest_t or time.time())
        # about one min/max pair per 5 px of a chart (two charts side by side): the envelope keeps
        # every spike visible, and painting cost grows with the points drawn
        width = max(120, self.graphics.width() // 10)
        for metric, _, _, scale in CHARTS:
            _, t, lo, hi = self.history.windows(metric, self.span_s, now=end, max_points=width)
            if len(t):
                self._first_t = float(t[0]) if self._first_t is None else min(self._first_t, float(t[0]))
            pairs = lo is not hi and len(t) > 0
            x = np.repeat(t, 2) if pairs else t
            y_lo, y_hi = self._plots[metric].vb.state["viewRange"][1]
            bounds = QtCore.QRectF(float(t[0]), y_lo, float(t[-1] - t[0]), y_hi - y_lo) if len(t) else QtCore.QRectF()
            for n, curve in enumerate(self._curves[metric][: len(lo)]):
                if pairs:
                    # min/max pairs: draw the envelope so short spikes stay visible
                    y = np.empty(2 * len(t))
                    y[0::2], y[1::2] = lo[n], hi[n]
                else:
                    y = lo[n]
                curve.setData(x, y * scale if scale != 1.0 else y)
                curve.set_bounds(bounds)
        # A young history fills the chart (at least a minute shown) instead of a dot at the right edge;
        # it grows until it spans the chosen window.
        start = end - self.span_s
        if self._first_t is not None:
            start = max(start, min(self._first_t, end - MIN_SPAN_S))
        # Each chart gets the range itself: linked views of different widths would not line up.
        for plot in self._plots.values():
            plot.setXRange(start, end, padding=0)

    def _mouse_moved(self, event: tuple[QtCore.QPointF]) -> None:
        pos = event[0]
        for plot in self._plots.values():
            if plot.sceneBoundingRect().contains(pos):
                x = plot.vb.mapSceneToView(pos).x()
                for line in self._lines:
                    line.setPos(x)
                    line.setVisible(True)
                self.readout.setText(self.readout_at(x))
                self.hovered.emit(self.readout.text())
                return

    def readout_at(self, x: float) -> str:
        """Every GPU's values at time ``x`` (the crosshair read-out)."""
        parts = [time.strftime("%H:%M:%S", time.localtime(x))]
        span = min(self.span_s, 3600.0)
        for n, key in enumerate(self._keys):
            values = []
            for metric, _, unit, scale in CHARTS:
                t, lo, hi = self.history.window(key, metric, span, now=x + 1, max_points=10**6)
                if not len(t):
                    continue
                i = int(np.clip(np.searchsorted(t, x), 0, len(t) - 1))
                v = hi[i] if not math.isnan(hi[i]) else lo[i]
                if not math.isnan(v):
                    values.append(f"{v * scale:.0f} {unit}" if unit != "GiB" else f"{v * scale:.1f} {unit}")
            if values:
                parts.append(f"<span style='color:{colour(n)}'>GPU {n}</span> " + " · ".join(values))
        return "&nbsp;&nbsp;".join(parts)

    def export_png(self, path: str) -> bool:
        return self.grab().save(path, "PNG")

    def follow_palette(self) -> None:
        """Chart background and axes in the palette's colours (light and dark themes)."""
        pal = self.palette()
        self.graphics.setBackground(pal.color(QtGui.QPalette.ColorRole.Base))
        text = pal.color(QtGui.QPalette.ColorRole.Text)
        for plot in self._plots.values():
            for name in ("left", "bottom"):
                axis = plot.getAxis(name)
                axis.setPen(pg.mkPen(text))
                axis.setTextPen(pg.mkPen(text))
            plot.titleLabel.setText(plot.titleLabel.text, color=text.name(), size="9pt")

    def changeEvent(self, event: QtCore.QEvent) -> None:
        if event.type() == QtCore.QEvent.Type.PaletteChange:
            self.follow_palette()
        super().changeEvent(event)
