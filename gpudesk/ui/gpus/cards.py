"""One card per GPU: name, utilization, memory bar, temperature, power vs limit, clocks, fan, pstate."""

from __future__ import annotations

from gpudesk.core.health.model import GpuHealth
from gpudesk.core.telemetry.model import GpuSample
from gpudesk.ui import plaintext
from gpudesk.ui.fit import ElidedLabel
from gpudesk.ui.gpus.charts import colour
from gpudesk.ui.gpus.health import HealthBadge, card_lines
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets


def _n(x: float | None, fmt: str = "{:.0f}") -> str:
    return "–" if x is None else fmt.format(x)


class GpuCard(QtWidgets.QFrame):
    def __init__(self, index: int, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.setVerticalSpacing(3)
        # The GPU's colour in the charts, as a swatch before its name (the charts' legend uses the same).
        self.swatch = QtWidgets.QFrame(self)
        side = self.fontMetrics().height() - 4
        self.swatch.setFixedSize(side, side)
        self.swatch.setAutoFillBackground(True)
        palette = self.swatch.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor(colour(index)))
        self.swatch.setPalette(palette)
        # Plain text (the GPU name comes from the server), shortened with "…" on a narrow card
        # (the full name in its tooltip) instead of being cut off.
        self.title = ElidedLabel(parent=self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        head = QtWidgets.QHBoxLayout()
        head.setSpacing(6)
        head.addWidget(self.swatch)
        head.addWidget(self.title, 1)
        self.badge = HealthBadge(self)  # the health check's verdict for this GPU
        head.addWidget(self.badge)
        grid.addLayout(head, 0, 0, 1, 3)
        self.util = QtWidgets.QProgressBar(self)
        self.mem = QtWidgets.QProgressBar(self)
        self.util_text = QtWidgets.QLabel(self)
        self.mem_text = QtWidgets.QLabel(self)
        for row, (label, bar, text) in enumerate(
            ((self.tr("Util"), self.util, self.util_text), (self.tr("Memory"), self.mem, self.mem_text)), start=1
        ):
            # The figures sit beside the bar, not on it: drawn over the fill, their first digits
            # vanished into its colour.
            bar.setTextVisible(False)
            bar.setMaximumHeight(12)
            text.setAlignment(QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(QtWidgets.QLabel(label, self), row, 0)
            grid.addWidget(bar, row, 1)
            grid.addWidget(text, row, 2)
        grid.setColumnStretch(1, 1)
        widest = self.fontMetrics().horizontalAdvance("888.8 / 888 GiB")
        self.mem_text.setMinimumWidth(widest)
        self.util_text.setMinimumWidth(self.fontMetrics().horizontalAdvance("100 %"))
        self.details = QtWidgets.QLabel(self)
        self.details.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.details.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(self.details, 3, 0, 1, 3)
        # The health findings in words (they quote nvidia-smi and the kernel log: plain text).
        self.findings = QtWidgets.QLabel(self)
        self.findings.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.findings.setWordWrap(True)
        self.findings.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.findings.setVisible(False)
        grid.addWidget(self.findings, 4, 0, 1, 3)
        grid.setRowStretch(5, 1)  # a card taller than its content (its row's tallest) keeps it at the top
        self.health: GpuHealth | None = None
        self.setMinimumWidth(max(230, self.minimumSizeHint().width()))

    def set_health(self, health: GpuHealth | None) -> None:
        """Show the health check's verdict and findings for this GPU (None: no check yet)."""
        self.health = health
        if health is None:
            self.badge.setVisible(False)
            self.findings.setVisible(False)
            return
        shown, tip = card_lines(health)
        self.badge.set_verdict(health.verdict, tip)
        self.findings.setText(shown)
        self.findings.setToolTip(plaintext.tooltip(tip))
        self.findings.setVisible(bool(shown))
        self.findings.setProperty("verdict", health.verdict)

    def update_sample(self, g: GpuSample) -> None:
        self.title.setText(self.tr("GPU %1 · %2").replace("%1", str(g.index)).replace("%2", g.name))
        self.util.setRange(0, 100)
        self.util.setValue(int(g.util_gpu or 0))
        self.util.setFormat(f"{_n(g.util_gpu)} %" if g.util_gpu is not None else self.tr("n/a"))
        total = g.mem_total_mib or 0
        self.mem.setRange(0, max(1, int(total)))
        self.mem.setValue(int(min(g.mem_used_mib or 0, total or 0)))
        self.mem.setFormat(f"{_n((g.mem_used_mib or 0) / 1024, '{:.1f}')} / {_n(total / 1024, '{:.0f}')} GiB")
        self.mem.setProperty("danger", bool(total and (g.mem_used_mib or 0) / total >= 0.92))
        self.util_text.setText(self.util.format())
        self.mem_text.setText(self.mem.format())
        power = f"{_n(g.power_w)} / {_n(g.power_limit_w)} W"
        clocks = self.tr("SM %1 MHz · Mem %2 MHz").replace("%1", _n(g.sm_clock_mhz)).replace("%2", _n(g.mem_clock_mhz))
        fan = self.tr("Fan %1 · %2").replace("%1", "–" if g.fan_pct is None else f"{g.fan_pct:.0f} %").replace("%2", g.pstate or "–")
        lines = [self.tr("Temp %1 °C · Power %2").replace("%1", _n(g.temp_c)).replace("%2", power), f"{clocks} · {fan}"]
        self.details.setText("\n".join(lines))
