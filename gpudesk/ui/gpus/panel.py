"""The "GPUs" sub-tab: live cards and charts, processes with kill, hints, and the environment check.

A view of the server's :class:`~gpudesk.core.live.telemetry.TelemetryFeed`: the feed (in the core)
owns the one sampler, the history, warm-up, processes, status and advice, and this panel subscribes
to its events through :func:`gpudesk.ui.bridge.connect` and redraws from its history. A panel made
after samples arrived shows them at once. Kill and the environment check run on the connection's
threads, never on the GUI thread.
"""

from __future__ import annotations

import time
from typing import Any

from gpudesk.core import settings
from gpudesk.core.envcheck import Report, gpu_line
from gpudesk.core.health.collect import run_health
from gpudesk.core.health.model import GpuHealth, HealthReport
from gpudesk.core.health.rules import Claim
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.telemetry import TelemetryFeed
from gpudesk.core.telemetry.hints import Hint, Warmup
from gpudesk.core.telemetry.history import History
from gpudesk.core.telemetry.model import GpuProcess, GpuSample, SmiStatus, Versions
from gpudesk.core.telemetry.sampler import Sampler
from gpudesk.core.telemetry.summary import GpuSummary
from gpudesk.ui import plaintext
from gpudesk.ui.background import run_in_background
from gpudesk.ui.bridge import connect
from gpudesk.ui.fit import keep_rows
from gpudesk.ui.gpus.cards import GpuCard
from gpudesk.ui.gpus.charts import GpuCharts
from gpudesk.ui.gpus.envreport import EnvReportDialog, EnvReportView
from gpudesk.ui.gpus.health import report_line
from gpudesk.ui.gpus.processes import ProcessTable, kill_command
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.panels import submit
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QtCore, QTimer, QtWidgets, Signal

WINDOWS: tuple[tuple[int, str], ...] = (
    (60, QT_TRANSLATE_NOOP("GpuPanel", "1 min")),
    (600, QT_TRANSLATE_NOOP("GpuPanel", "10 min")),
    (3600, QT_TRANSLATE_NOOP("GpuPanel", "1 h")),
    (6 * 3600, QT_TRANSLATE_NOOP("GpuPanel", "6 h")),
    (24 * 3600, QT_TRANSLATE_NOOP("GpuPanel", "24 h")),
)


class GpuPanel(QtWidgets.QWidget):
    """Live GPU telemetry for one connection."""

    report_ready = Signal(object)  # the environment Report
    health_ready = Signal(object)  # the GPU HealthReport (after the environment check)
    processes_changed = Signal()

    def __init__(self, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.feed: TelemetryFeed = self.server.telemetry
        self.report: Report | None = self.feed.report
        self.health: HealthReport | None = None
        self.claim: Claim | None = None  # what the provider promised (set for a rented server)
        self.cards: list[GpuCard] = []
        self._checked_once = False
        self._indexed = 0
        self._columns = 0  # cards per row, as last laid out
        self._split_moved = False  # the user dragged the divider between cards, charts and processes
        self._charted = 0.0
        self.interval_ms = max(250, settings.get("telemetry.interval_ms"))
        self._build()
        # Frames queue up while the GUI is busy: one redraw reads the latest history for all of them.
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setSingleShot(True)
        self._redraw_timer.setInterval(0)
        self._redraw_timer.timeout.connect(self.redraw)
        feed = self.feed
        connect(feed.frame, self._on_frame, self)
        connect(feed.status_changed, self._on_status, self)
        connect(feed.versions_changed, self._on_versions, self)
        connect(feed.processes_changed, self._on_processes, self)
        connect(feed.hints_changed, lambda _hints: self._show_hints(), self)
        connect(self.server.link.state_changed, self._on_state, self)
        # What the feed already knows (a panel made after the samples came) shows at once.
        if self.report is not None:
            self._show_report_line(self.report)
        if self.connected:
            self._on_connected()
        if self.history.gpus():
            self.redraw()
            self._on_processes(self.processes)
        elif self.connected and self.status is not None:
            self._show_state()  # nvidia-smi's trouble, said before this panel existed

    # -- what the feed owns (read here, never kept twice) --------------------------
    @property
    def connected(self) -> bool:
        return self.server.link.state == LinkState.CONNECTED

    @property
    def history(self) -> History:
        return self.feed.history

    @property
    def sampler(self) -> Sampler | None:
        return self.feed.sampler

    @property
    def status(self) -> SmiStatus | None:
        return self.feed.status

    @property
    def versions(self) -> Versions:
        return self.feed.versions

    @property
    def processes(self) -> list[GpuProcess]:
        return self.feed.processes

    @property
    def current_hints(self) -> list[Hint]:
        return self.feed.hints

    @property
    def summary(self) -> GpuSummary | None:
        return self.feed.summary

    @property
    def warmup(self) -> Warmup:
        return self.feed.warmup

    @warmup.setter
    def warmup(self, warmup: Warmup) -> None:
        self.feed.warmup = warmup

    # -- layout --------------------------------------------------------------
    def _build(self) -> None:
        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        bar = QtWidgets.QHBoxLayout()
        self.state_label = QtWidgets.QLabel(self.tr("Not connected."), self)
        self.state_label.setWordWrap(True)
        # It quotes what the server printed: never let that be read as rich text (links, images).
        self.state_label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.state_label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        bar.addWidget(self.state_label, 1)
        bar.addWidget(QtWidgets.QLabel(self.tr("Window:"), self))
        self.window_box = QtWidgets.QComboBox(self)
        for seconds, label in WINDOWS:
            self.window_box.addItem(QtCore.QCoreApplication.translate("GpuPanel", label), seconds)
        start = settings.get("telemetry.chart_window_s")
        self.window_box.setCurrentIndex(min(range(len(WINDOWS)), key=lambda i: abs(WINDOWS[i][0] - start)))
        self.window_box.currentIndexChanged.connect(self._window_changed)
        bar.addWidget(self.window_box)
        self.pause_button = QtWidgets.QToolButton(self)
        self.pause_button.setText(self.tr("Pause"))
        self.pause_button.setCheckable(True)
        self.pause_button.setToolTip(self.tr("Freeze the charts (sampling and history continue)"))
        bar.addWidget(self.pause_button)
        export = QtWidgets.QToolButton(self)
        export.setText(self.tr("Export"))
        export.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QtWidgets.QMenu(export)
        menu.addAction(self.tr("History as CSV…"), self._export_csv)
        menu.addAction(self.tr("Charts as PNG…"), self._export_png)
        export.setMenu(menu)
        bar.addWidget(export)
        self.check_button = QtWidgets.QPushButton(self.tr("Check environment"), self)
        self.check_button.clicked.connect(self.check_environment)
        bar.addWidget(self.check_button)
        outer.addLayout(bar)

        self.check_label = plaintext.rich(QtWidgets.QLabel(self))  # the GPU's name in it is escaped
        self.check_label.setWordWrap(True)
        self.check_label.setVisible(False)
        self.check_label.linkActivated.connect(lambda _: self.show_report())
        outer.addWidget(self.check_label)
        # The GPU health verdict for the whole server (it may quote the server: plain text).
        self.health_label = QtWidgets.QLabel(self)
        self.health_label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.health_label.setWordWrap(True)
        self.health_label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.health_label.setVisible(False)
        outer.addWidget(self.health_label)

        split = QtWidgets.QSplitter(QtCore.Qt.Orientation.Vertical, self)
        self.split = split
        top = QtWidgets.QWidget(split)
        top_layout = QtWidgets.QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        self.cards_area = QtWidgets.QScrollArea(top)
        self.cards_area.setWidgetResizable(True)
        self.cards_holder = QtWidgets.QWidget()
        self.cards_grid = QtWidgets.QGridLayout(self.cards_holder)
        self.cards_grid.setContentsMargins(0, 0, 0, 0)
        self.cards_area.setWidget(self.cards_holder)
        top_layout.addWidget(self.cards_area)
        self.hints_label = QtWidgets.QLabel(top)
        self.hints_label.setWordWrap(True)
        self.hints_label.setVisible(False)
        top_layout.addWidget(self.hints_label)
        split.addWidget(top)

        self.charts = GpuCharts(self.feed.history, split)
        self.charts.span_s = float(self.window_box.currentData())
        split.addWidget(self.charts)

        procs = QtWidgets.QWidget(split)
        self.procs = procs
        procs_layout = QtWidgets.QVBoxLayout(procs)
        procs_layout.setContentsMargins(0, 0, 0, 0)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel(self.tr("Processes on the GPUs"), procs), 1)
        self.kill_button = QtWidgets.QPushButton(self.tr("Kill…"), procs)
        self.kill_button.setEnabled(False)
        self.kill_button.clicked.connect(self.kill_selected)
        row.addWidget(self.kill_button)
        procs_layout.addLayout(row)
        self.table = ProcessTable(procs)
        self.table.setAccessibleName(self.tr("Processes on the GPUs"))
        self.table.itemSelectionChanged.connect(self._selection_changed)
        keep_rows(self.table)
        procs_layout.addWidget(self.table)
        split.addWidget(procs)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        split.setStretchFactor(2, 2)
        split.splitterMoved.connect(lambda *_: setattr(self, "_split_moved", True))
        # Cards, charts and processes fill the height; where the window is too short for their minimums (1024×700
        # with a banner above the tabs) they scroll instead of making the window taller than the screen.
        self.split_area = QtWidgets.QScrollArea(self)
        self.split_area.setWidgetResizable(True)
        self.split_area.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.split_area.setWidget(split)
        self.split_area.setMinimumHeight(self.fontMetrics().height() * 12)
        outer.addWidget(self.split_area, 1)

    # -- the link and the feed's news ---------------------------------------------
    def _on_connected(self) -> None:
        self.state_label.setText(self.tr("Reading the GPUs…"))
        if not self._checked_once and settings.get("telemetry.check_on_connect"):
            self._checked_once = True
            self.check_environment(quiet=True)

    def check_once(self) -> None:
        """Run the environment check quietly unless it already ran for this panel (a rented server's step 2)."""
        if not self._checked_once:
            self._checked_once = True
            self.check_environment(quiet=True)

    def _on_state(self, state: str) -> None:
        # The sidebar's GPU line is the feed's summary (cleared when the link is down).
        if state == LinkState.CONNECTED:
            self._on_connected()
        elif state == LinkState.DROPPED:
            self.state_label.setText(self.tr("Disconnected — the charts resume after reconnecting."))

    def shutdown(self) -> None:
        """The view closes; the feed (and its sampler) belong to the server and go on until it closes."""
        self._redraw_timer.stop()

    def _on_frame(self, _frame: object) -> None:
        if not self._redraw_timer.isActive():
            self._redraw_timer.start()

    def _on_processes(self, procs: list[GpuProcess]) -> None:
        gpu_index = {g.uuid: g.index for g in self.history.gpus()}
        self.table.set_processes(procs, gpu_index)
        self.processes_changed.emit()

    def _on_versions(self, _versions: Versions) -> None:
        if self.connected:
            self._show_state()

    def _on_status(self, _status: SmiStatus) -> None:
        if self.connected:
            self._show_state()

    def _show_state(self) -> None:
        status = self.status
        if status is not None and not status.ok:
            self.state_label.setText(tr_msg(status.report()))
            return
        gpus = self.history.gpus()
        versions = self.versions
        text = self.tr("%1 GPU(s)").replace("%1", str(len(gpus)))
        if versions.driver:
            text += self.tr(" · driver %1 · CUDA %2").replace("%1", versions.driver).replace("%2", versions.cuda or "?")
        self.state_label.setText(text)

    # -- drawing -------------------------------------------------------------
    def redraw(self) -> None:
        gpus = self.history.gpus()
        if not gpus:
            return
        self._update_cards(gpus)
        if len(gpus) != self._indexed:  # processes may have come before the first samples
            self._indexed = len(gpus)
            self.table.set_processes(self.processes, {g.uuid: g.index for g in gpus})
        self._show_hints()
        if self.connected:  # else the label says why nothing moves
            self._show_state()
        # A long window moves by less than a pixel a second: redraw it less often (CPU while idle).
        every = max(self.interval_ms / 1000, self.charts.span_s / 1200)
        due = time.monotonic() - self._charted >= every - 0.05
        if due and not self.pause_button.isChecked() and self.charts.isVisible():
            self._charted = time.monotonic()
            self.charts.refresh()

    def _update_cards(self, gpus: list[GpuSample]) -> None:
        while len(self.cards) < len(gpus):
            self.cards.append(GpuCard(len(self.cards), self.cards_holder))
            self._columns = 0  # place the new card
        for card, g in zip(self.cards, gpus, strict=False):  # cards of GPUs gone from the list are hidden below
            card.update_sample(g)
            if self.health is not None and card.health is None:
                card.set_health(self._health_of(g.index, g.uuid))
        for n, card in enumerate(self.cards):
            card.setVisible(n < len(gpus))
        self._layout_cards()

    def _layout_cards(self) -> None:
        """As many cards in a row as the width takes (at most four), and room for every row the height allows.

        Eight GPUs on a 1440×900 screen show all their cards without scrolling; a smaller window
        keeps the charts and the process list in view and lets the cards scroll.
        """
        shown = [c for c in self.cards if not c.isHidden()]
        if not shown:
            return
        spacing = max(0, self.cards_grid.spacing())
        card = max(c.minimumSizeHint().width() for c in shown)
        room = self.cards_area.viewport().width() or self.cards_area.width()
        columns = max(1, min(4, len(shown), (room + spacing) // (card + spacing)))
        if columns != self._columns:
            self._columns = columns
            for n, c in enumerate(shown):
                self.cards_grid.addWidget(c, n // columns, n % columns)
        rows = -(-len(shown) // columns)
        row_h = max(c.sizeHint().height() for c in shown)
        frame = 2 * self.cards_area.frameWidth()
        one_row = row_h + frame
        # A minimum never makes the window taller than the screen; a card with health findings may scroll.
        self.cards_area.setMinimumHeight(min(one_row, self.fontMetrics().height() * 9 + frame))
        if self._split_moved:
            return  # the user placed the divider: keep it there
        # Every row of cards while the charts and the process list keep their own minimum; else
        # as many rows as fit, and the rest scroll.
        needed = rows * row_h + (rows - 1) * spacing + frame
        hints = self.hints_label.sizeHint().height() + 4 if self.hints_label.isVisible() else 0
        sizes = self.split.sizes()
        total = sum(sizes)
        rest_min = self.charts.minimumSizeHint().height() + self.procs.minimumSizeHint().height() + 2 * self.split.handleWidth()
        top = max(one_row + hints, min(needed + hints, total - rest_min))
        if total <= 0 or abs(sizes[0] - top) <= 2:
            return
        rest = max(0, total - top)
        charts_min, procs_min = self.charts.minimumSizeHint().height(), self.procs.minimumSizeHint().height()
        charts = max(charts_min, min(rest - procs_min, rest * 5 // 7))
        self.split.setSizes([top, charts, max(procs_min, rest - charts)])

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.cards:
            self._layout_cards()

    def _show_hints(self) -> None:
        """The feed's advice (from the last minute's means, past the warm-up, billing-aware)."""
        shown = self.current_hints
        count = len(self.history.gpus())
        self.hints_label.setVisible(bool(shown))
        self.hints_label.setText("\n".join("• " + self._hint_text(h, count) for h in shown))

    def _hint_text(self, hint: Hint, gpu_count: int) -> str:
        """The hint in the UI language, built from its kind and GPUs (core's text is the English fallback)."""
        names = ", ".join(f"GPU {i}" for i in hint.gpus)
        if hint.kind == "idle" and len(hint.gpus) == gpu_count:
            return self.tr(
                "All GPUs are idle while the server is billed. Start your job, or stop the instance to save money."
            )
        texts = {
            "batch": self.tr(
                "%1: utilization is low while most memory is free. "
                "Raise the batch size (or use more data-loader workers) to keep the GPU busy."
            ),
            "oom": self.tr(
                "%1: memory is nearly full (OOM risk). Use a smaller batch with "
                "gradient accumulation, activation checkpointing, or mixed precision (bf16/fp16)."
            ),
            "thermal": self.tr(
                "%1: running hot; the GPU slows its clocks to protect itself. Check the fans/airflow, or ask the provider."
            ),
            "power": self.tr(
                "%1: drawing its full power limit, so clocks are capped. "
                "That is normal under full load; if speed matters, pick a GPU with a higher limit."
            ),
            "idle": self.tr(
                "%1: idle while billed. Use them (e.g. torchrun --nproc_per_node) or rent fewer GPUs next time."
            ),
        }
        return texts[hint.kind].replace("%1", names) if hint.kind in texts else hint.text

    def _window_changed(self) -> None:
        self._charted = time.monotonic()
        self.charts.set_span(float(self.window_box.currentData()))

    # -- processes -----------------------------------------------------------
    def _selection_changed(self) -> None:
        proc = self.table.selected()
        own = proc is not None and proc.user in (None, self.server.session.username)
        self.kill_button.setEnabled(own)
        self.kill_button.setToolTip("" if own or proc is None else self.tr("This process belongs to another user."))

    def kill_selected(self, confirm: bool = True) -> None:
        proc = self.table.selected()
        if proc is None:
            return
        if confirm:
            answer = QtWidgets.QMessageBox.question(
                self,
                self.tr("Kill process"),
                self.tr("Stop process %1 (%2)? It gets SIGTERM first, then SIGKILL after 5 s.")
                .replace("%1", str(proc.pid))
                .replace("%2", proc.name),
            )
            if answer != QtWidgets.QMessageBox.StandardButton.Yes:
                return
        pid = proc.pid

        def done(result: Any) -> None:
            if result.exit_code == 0:
                self.state_label.setText(self.tr("Process %1 stopped.").replace("%1", str(pid)))
            else:
                self.state_label.setText(self.tr("Could not stop process %1: %2").replace("%1", str(pid)).replace("%2", result.err.strip()))

        submit(self.server, lambda conn: conn.exec(kill_command(pid), timeout=30), done,
               lambda exc: self.state_label.setText(tr_msg(exc)), owner=self)

    # -- environment check ---------------------------------------------------
    def check_environment(self, quiet: bool = False) -> None:
        self.check_button.setEnabled(False)
        self.check_label.setText(self.tr("Checking the environment and the GPUs' health (driver, CUDA, PyTorch, disk, tmux, ECC, PCIe, clocks)…"))
        self.check_label.setVisible(True)

        def done(result: tuple[Report, HealthReport | BaseException]) -> None:
            report, health = result
            self.check_button.setEnabled(True)
            self.report = report
            self._show_report_line(report)
            self.report_ready.emit(report)
            self._show_health(health)
            if not quiet:  # after login the line above says it; a window pops up only when asked for
                self.show_report()

        def failed(exc: BaseException) -> None:
            self.check_button.setEnabled(True)
            self.check_label.setText(self.tr("The environment check failed: %1").replace("%1", tr_msg(exc)))

        conn = self.server.link.connection
        if conn is None:
            failed(ConnectionError(self.tr("Not connected.")))
            return
        # Not on the connection's IO thread: importing PyTorch on the server can take a while,
        # and file transfers should not wait for it (paramiko channels work from any thread).
        feed, claim = self.feed, self.claim

        def work() -> tuple[Report, HealthReport | BaseException]:
            report = feed.check(conn)
            try:  # the environment report stands even when the health check cannot run
                health: HealthReport | BaseException = run_health(conn, claim=claim)
            except Exception as exc:  # noqa: BLE001 - shown as the health check's failure
                health = exc
            return report, health

        run_in_background(work, done, failed)

    def _health_of(self, index: int, uuid: str) -> GpuHealth | None:
        """This GPU's part of the health report (by UUID, else by index)."""
        if self.health is None:
            return None
        found: list[GpuHealth | None] = [g for g in self.health.gpus if g.uuid and g.uuid == uuid]
        return (found or [g for g in self.health.gpus if g.index == index] or [None])[0]

    def _show_health(self, health: HealthReport | BaseException) -> None:
        if isinstance(health, BaseException):
            self.health_label.setText(self.tr("The GPU health check failed: %1").replace("%1", tr_msg(health)))
            self.health_label.setVisible(True)
            return
        self.health = health
        self.health_label.setText(report_line(health))
        self.health_label.setProperty("verdict", health.verdict)
        self.health_label.setVisible(True)
        for card, g in zip(self.cards, self.history.gpus(), strict=False):
            card.set_health(self._health_of(g.index, g.uuid))
        self._columns = 0  # the cards grew: lay them out again
        self._layout_cards()
        self.health_ready.emit(health)

    def _show_report_line(self, report: Report) -> None:
        counts = {s: sum(c.status == s for c in report.checks) for s in ("fail", "warn")}
        text = self.tr("Environment (%1): %2 problem(s), %3 warning(s). <a href='#'>Show report</a>")
        self.check_label.setText(
            text.replace("%1", plaintext.escape(tr_msg(gpu_line(report)))).replace("%2", str(counts["fail"])).replace("%3", str(counts["warn"]))
        )
        self.check_label.setVisible(True)

    def show_report(self) -> None:
        if self.report is None:
            return
        dialog = EnvReportDialog(self.report, self.server.session.name, self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    # -- export --------------------------------------------------------------
    def _export_csv(self) -> None:
        name = f"gpus-{self.server.session.name}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, self.tr("Export history"), name, self.tr("CSV files (*.csv)"))
        if path:
            self.export_csv(path)

    def export_csv(self, path: str) -> int:
        with open(path, "w", newline="", encoding="utf-8") as fh:
            return self.history.to_csv(fh)

    def _export_png(self) -> None:
        name = f"gpus-{self.server.session.name}-{time.strftime('%Y%m%d-%H%M%S')}.png"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(self, self.tr("Export charts"), name, self.tr("PNG images (*.png)"))
        if path:
            self.charts.export_png(path)


__all__ = ["EnvReportView", "GpuPanel"]
