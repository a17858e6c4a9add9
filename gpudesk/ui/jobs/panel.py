"""The Jobs sub-tab: the server's jobs (rebuilt from the server on every connect), one job in detail.

The job list, its poll while a job runs, who ran or collected what, and the log scanners are the
server's (``server.work`` in the live core): this panel is their view and hears of them
through ``gpudesk.ui.bridge``. Stopping and removing run on the connection's IO thread
(:func:`gpudesk.ui.panels.submit`); the selected job's log streams over its own channel, read by a follower
thread whose chunks come back to the GUI thread through ``call_in_gui``.
"""

from __future__ import annotations

import re
import time
import webbrowser

from gpudesk.core import settings
from gpudesk.core.jobs.model import RUNNING, JobInfo, format_duration
from gpudesk.core.jobs.runner import LogFollower, remove_job, stop_job
from gpudesk.core.jobs.script import attach_command
from gpudesk.core.jobs.tensorboard import ensure_tensorboard
from gpudesk.core.jobs.watch import JobWatch
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.workspace import Workspace
from gpudesk.ui import bridge, plaintext
from gpudesk.ui.background import call_in_gui
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.jobs.collect_dialog import CollectDialog
from gpudesk.ui.jobs.detail import STATUS_COLOURS, JobDetail, money, run_time, status_text
from gpudesk.ui.jobs.run_dialog import NodeChoice, RunJobDialog
from gpudesk.ui.panels import submit
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtCore, QtGui, QtWidgets, Signal, shiboken6

TAIL_BYTES = 16 * 2**20


class JobsPanel(QtWidgets.QWidget):
    COLUMNS = (
        QT_TRANSLATE_NOOP("JobsPanel", "Name"),
        QT_TRANSLATE_NOOP("JobsPanel", "Status"),
        QT_TRANSLATE_NOOP("JobsPanel", "Started"),
        QT_TRANSLATE_NOOP("JobsPanel", "Duration"),
        QT_TRANSLATE_NOOP("JobsPanel", "Exit"),
    )

    jobs_changed = Signal()  # the list was rebuilt from the server
    job_started = Signal(object)  # JobInfo
    job_finished = Signal(object)  # JobInfo of a job seen running that has now ended
    log_updated = Signal(str)  # job id whose log view/chart just changed

    def __init__(self, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.work = server.work  # the server's jobs: this panel shows them
        self.selected_id: str | None = None
        self.follower: LogFollower | None = None
        self._follow_gen = 0
        self._following: str | None = None
        self._last_status: dict[str, str] = {}  # as the last list showed them: a watch ends with its job
        self._chart_dirty = False
        self._dialogs: list[QtWidgets.QDialog] = []

        self.run_button = QtWidgets.QPushButton(self.tr("Run a job…"))
        self.run_button.setIcon(self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MediaPlay))
        self.run_button.clicked.connect(lambda: self.run_dialog())
        self.stop_button = QtWidgets.QPushButton(self.tr("Stop"))
        self.stop_button.clicked.connect(self.stop_selected)
        self.again_button = QtWidgets.QPushButton(self.tr("Run again…"))
        self.again_button.clicked.connect(self.run_again)
        self.collect_button = QtWidgets.QPushButton(self.tr("Collect results…"))
        self.collect_button.clicked.connect(self.collect_selected)
        self.tensorboard_button = QtWidgets.QPushButton(self.tr("TensorBoard"))
        self.tensorboard_button.setToolTip(self.tr("Start TensorBoard on the server for this job's log folder and open it here"))
        self.tensorboard_button.clicked.connect(self.open_tensorboard)
        self.remove_button = QtWidgets.QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Delete this finished job's folder on the server"))
        self.remove_button.clicked.connect(self.remove_selected)
        self.refresh_button = QtWidgets.QToolButton()
        self.refresh_button.setIcon(self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_BrowserReload))
        self.refresh_button.setToolTip(self.tr("Refresh the job list"))
        self.refresh_button.setAccessibleName(self.tr("Refresh the job list"))
        self.refresh_button.clicked.connect(self.refresh)
        self.regex_button = QtWidgets.QToolButton()
        self.regex_button.setText(self.tr("Metric regex…"))
        self.regex_button.setToolTip(self.tr("Your own regular expression for metrics in the log"))
        self.regex_button.clicked.connect(self.edit_regex)
        bar = QtWidgets.QHBoxLayout()
        for w in (self.run_button, self.stop_button, self.again_button, self.collect_button, self.tensorboard_button,
                  self.remove_button):
            bar.addWidget(w)
        bar.addStretch(1)
        bar.addWidget(self.regex_button)
        bar.addWidget(self.refresh_button)

        self.message = plaintext.plain(QtWidgets.QLabel())
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        self.table = QtWidgets.QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([QCoreApplication.translate("JobsPanel", c) for c in self.COLUMNS])
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(self.COLUMNS)):
            self.table.horizontalHeader().setSectionResizeMode(col, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.empty = QtWidgets.QLabel(self.tr(
            "No jobs on this server yet.\n\nA job runs in tmux on the server: it keeps running when your "
            "connection drops or this app closes, and its log and exit code are kept."))
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: palette(mid);")
        left = QtWidgets.QWidget()
        left_layout = QtWidgets.QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.empty, 1)

        self.detail = JobDetail()
        split = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.detail)
        split.setStretchFactor(1, 1)
        split.setSizes([330, 900])
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(split, 1)

        self.refresh_timer = QtCore.QTimer(self)
        self.refresh_timer.setInterval(max(2, settings.get("jobs.refresh_s")) * 1000)
        self.refresh_timer.timeout.connect(self._tick)
        self.redraw_timer = QtCore.QTimer(self)
        self.redraw_timer.setInterval(300)  # the chart redraws at most ~3×/s however fast the log grows
        self.redraw_timer.timeout.connect(self._redraw)
        self.redraw_timer.start()
        # Running jobs' run times follow the clock between refreshes, as the log does.
        self.run_clock = QtCore.QTimer(self)
        self.run_clock.setInterval(1000)
        self.run_clock.timeout.connect(self._update_run_times)
        self.run_clock.start()
        bridge.connect(server.link.connected, lambda _conn: self._on_connected(), self)
        bridge.connect(server.link.dropped, self._on_dropped, self)
        bridge.connect(self.work.jobs_changed, self._on_list, self)
        bridge.connect(self.work.job_started, self._started, self)
        bridge.connect(self.work.job_finished, self._finished, self)
        bridge.connect(self.work.jobs_failed, self._on_error, self)
        if server.link.state == LinkState.CONNECTED:
            QtCore.QTimer.singleShot(0, self._on_connected)
        self._update_buttons()
        self._update_list()

    # -- the server's state, shown here ------------------------------------------
    @property
    def jobs(self) -> list[JobInfo]:
        return self.work.jobs

    @property
    def watches(self) -> dict[str, JobWatch]:
        return self.work.watches

    @property
    def ran_a_job(self) -> bool:
        """The guide's "a job ran" step (kept by the server)."""
        return self.work.ran_a_job

    @property
    def collected_any(self) -> bool:
        """The guide's "results collected" step (kept by the server)."""
        return self.work.collected_any

    # -- connection ------------------------------------------------------------
    def _on_connected(self) -> None:
        self.show_message("")  # the server lists its jobs by itself on connect
        self.refresh_timer.start()

    def _on_dropped(self, _message: str) -> None:
        self.refresh_timer.stop()
        self._stop_follow()
        self._update_buttons()
        self.show_message(self.tr("Connection lost. Jobs keep running on the server; the list and logs come back when you reconnect."), "warn")

    def shutdown(self) -> None:
        self.refresh_timer.stop()
        self.redraw_timer.stop()
        self.run_clock.stop()
        self.detail.clock.stop()
        self._stop_follow()

    def _tick(self) -> None:
        if any(j.status == RUNNING for j in self.jobs):
            self.server.activity.emit("user")  # a running job counts as use of the server (the server polls it)
        elif self.detail.job is not None:
            self.detail.show_job(self.detail.job, *self._price(self.detail.job))

    def _price(self, job: JobInfo) -> tuple[float | None, str]:
        """The price ``job`` ran under: pinned when the job was first seen, never the session's later price."""
        from gpudesk.core.jobs.costs import price_of

        session = self.server.session
        return price_of(session.id, session.hourly_price, session.currency, job.id)

    # -- list ----------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the server for its jobs again (the answer comes as the server's ``jobs_changed``)."""
        self.work.refresh_jobs()

    def _on_list(self, jobs: list[JobInfo]) -> None:
        jobs = self.jobs  # the newest list: an older emission may arrive after a newer one
        job: JobInfo | None
        for job in jobs:
            if self._last_status.get(job.id) == RUNNING and job.status != RUNNING and job.id in self.watches:
                self._finish_watch(job)
        self._last_status = {j.id: j.status for j in jobs}
        self._update_list()
        if self.selected_id is None and jobs:
            self.select(jobs[0].id)
        elif self.selected_id is not None:
            job = self.job(self.selected_id)
            if job is not None:
                self.detail.show_job(job, *self._price(job))
                # Follow a running job (again, after a reconnect); a finished one was read to its end already.
                if (self._following != job.id and self.server.link.connection is not None
                        and (job.status == RUNNING or job.id not in self.watches)):
                    self._start_follow(job.id)
        if any(j.status == RUNNING for j in jobs):
            self.server.activity.emit("user")
        # The cost guard hears of running jobs from the server itself (work.busy_changed).
        self._update_buttons()
        self.jobs_changed.emit()

    def _on_error(self, exc: BaseException) -> None:
        if self.server.link.state != LinkState.CONNECTED:
            return  # the drop has its own message; work cut short by it says nothing new
        self.show_message(tr_msg(exc), "error")

    def job(self, job_id: str | None) -> JobInfo | None:
        return next((j for j in self.jobs if j.id == job_id), None)

    def _update_list(self) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.jobs))
        for row, job in enumerate(self.jobs):
            started = time.strftime("%m-%d %H:%M", time.localtime(job.start)) if job.start else "–"
            values = [job.name or job.id, status_text(job.status), started, tr_msg(format_duration(run_time(job))),
                      "" if job.exit_code is None else str(job.exit_code)]
            for col, value in enumerate(values):
                item = QtWidgets.QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, job.id)
                if col == 0:
                    item.setToolTip(plaintext.tooltip(f"{job.id}\n{job.command}"))
                if col == 1:
                    item.setForeground(QtGui.QBrush(QtGui.QColor(STATUS_COLOURS.get(job.status, "#000"))))
                self.table.setItem(row, col, item)
            if job.id == self.selected_id:
                self.table.selectRow(row)
        self.table.blockSignals(False)
        self.table.setVisible(bool(self.jobs))
        self.empty.setVisible(not self.jobs)

    def _update_run_times(self) -> None:
        for row, job in enumerate(self.jobs):
            item = self.table.item(row, 3)
            if job.status == RUNNING and item is not None and item.data(Qt.ItemDataRole.UserRole) == job.id:
                item.setText(tr_msg(format_duration(run_time(job))))

    def _selection_changed(self) -> None:
        items = self.table.selectedItems()
        if items:
            self.select(items[0].data(Qt.ItemDataRole.UserRole))

    def select(self, job_id: str) -> None:
        job = self.job(job_id)
        if job is None:
            return
        changed = job_id != self.selected_id
        self.selected_id = job_id
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == job_id and self.table.currentRow() != row:
                self.table.blockSignals(True)
                self.table.selectRow(row)
                self.table.blockSignals(False)
        self.detail.show_job(job, *self._price(job))
        if changed:
            # Shown again from the start: the log is read anew and view and scanners are rebuilt from it.
            self._stop_follow()
            self.watches.pop(job_id, None)
            self._start_follow(job_id)
        self._update_buttons()

    # -- log following ------------------------------------------------------------
    def _start_follow(self, job_id: str) -> None:
        if self.server.link.connection is None:
            if job_id not in self.watches:  # nothing to show for it until we are connected again
                self.detail.log.clear()
                self.detail.chart.set_scanner(None)
                self.detail.show_findings([])
                self.detail.show_progress(None, False)
            return
        regex = settings.get("jobs.metric_regex") or None
        watch = self.watches.get(job_id)
        if watch is None:
            try:
                watch = JobWatch(job_id, regex)
            except re.error:
                watch = JobWatch(job_id)
            self.watches[job_id] = watch
            self.detail.log.clear()
            job = self.job(job_id)
            if job is not None and job.log_size > TAIL_BYTES:
                # A huge log is read from its tail: scanning it all would stall the window.
                watch.offset = job.log_size - TAIL_BYTES
                self.detail.log.feed(self.tr("… the first %1 MB of this log are not shown …\n").replace(
                    "%1", str((job.log_size - TAIL_BYTES) // 2**20)).encode())
            self.detail.chart.set_scanner(watch.metrics)
            self.detail.show_findings([])
            self.detail.show_progress(None, False)
        self._follow_gen += 1
        gen = self._follow_gen
        self._following = job_id

        def on_data(data: bytes) -> None:
            call_in_gui(self._on_log_data, (gen, job_id, data))

        def on_end(error: str | None) -> None:
            call_in_gui(self._on_follow_end, (gen, job_id, error))

        def open_follower(conn):  # type: ignore[no-untyped-def]
            return LogFollower(conn, job_id, watch.offset, on_data, on_end).open()

        def opened(follower: LogFollower) -> None:
            if gen != self._follow_gen:
                follower.stop()
                return
            self.follower = follower

        submit(self.server, open_follower, opened, self._on_error, owner=self)

    def _stop_follow(self) -> None:
        self._follow_gen += 1
        self._following = None
        follower, self.follower = self.follower, None
        if follower is not None:
            follower.stop()

    def _on_log_data(self, value: tuple[int, str, bytes]) -> None:
        gen, job_id, data = value
        if gen != self._follow_gen:
            return  # from a follower we already stopped; a new one restarts at the watch's offset
        watch = self.watches[job_id]
        update = watch.feed(data)
        if job_id == self.selected_id:
            self.detail.log.feed(data)
            if update.points:
                self._chart_dirty = True
            if update.progress is not None:
                job = self.job(job_id)
                self.detail.show_progress(update.progress, job is not None and job.status == RUNNING)
            if update.findings:
                self.detail.show_findings(watch.diagnoser.findings)
        self.server.activity.emit("user")
        self.log_updated.emit(job_id)

    def _on_follow_end(self, value: tuple[int, str, str | None]) -> None:
        gen, job_id, error = value
        if gen != self._follow_gen:
            return
        self._following = None
        self.follower = None
        if error is not None:
            return
        if job_id == self.selected_id:
            self.detail.clock.stop()  # its log ended: the job did; its end comes with the next list
        job = self.job(job_id)
        if job is not None and job.status != RUNNING:
            self._finish_watch(job)  # a finished job's log, read to its end
        else:
            self.refresh()  # the job just ended: fetch its exit code (the list then finishes the watch)

    def _finish_watch(self, job: JobInfo) -> None:
        watch = self.watches.get(job.id)
        if watch is None:
            return
        update = watch.finish(job.exit_code)
        if job.id == self.selected_id:
            self.detail.log.finish()
            self.detail.show_findings(watch.diagnoser.findings)
            self.detail.show_progress(watch.progress.current, False)
            if update.points:
                self._chart_dirty = True

    def _redraw(self) -> None:
        if self._chart_dirty:
            self._chart_dirty = False
            self.detail.chart.refresh()
            self.detail.sync_visibility()
            self.log_updated.emit(self.selected_id or "")

    # -- notifications -------------------------------------------------------------
    def _finished(self, job: JobInfo) -> None:
        session = self.server.session
        price, currency = self._price(job)
        cost = job.cost(price)
        text = self.tr("Job %1 %2 after %3").replace("%1", job.name or job.id).replace("%2", status_text(job.status)).replace(
            "%3", tr_msg(format_duration(job.duration_s())))
        if job.exit_code not in (None, 0):
            text += self.tr(" (exit code %1)").replace("%1", str(job.exit_code))
        if cost is not None:
            text += self.tr(" · cost %1").replace("%1", money(cost, currency))
        watch = self.watches.get(job.id)
        if watch is not None and job.exit_code not in (None, 0):
            watch.diagnoser.finish(job.exit_code)
            if watch.diagnoser.primary is not None:
                text += " · " + QtCore.QCoreApplication.translate("Diagnosis", watch.diagnoser.primary.rule.title)
        self.show_message(text, "ok" if job.exit_code == 0 else "error")
        if settings.get("jobs.notify"):
            workspace = Workspace.of(self.server)
            if workspace is not None and workspace.shell is not None:
                workspace.shell.say(f"{session.label}: {text}")
            QtWidgets.QApplication.alert(self.window())  # the taskbar flashes: only the window can
        self.job_finished.emit(job)

    def show_message(self, text: str, kind: str = "info") -> None:
        colours = {"info": "#e3f2fd", "warn": "#fff3e0", "error": "#ffebee", "ok": "#e8f5e9"}
        self.message.setStyleSheet(f"background: {colours.get(kind, '#e3f2fd')}; color: #222; padding: 6px; border-radius: 3px;")
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- actions ---------------------------------------------------------------
    def _update_buttons(self) -> None:
        job = self.job(self.selected_id)
        connected = self.server.link.connection is not None
        self.run_button.setEnabled(connected)
        self.refresh_button.setEnabled(connected)
        self.stop_button.setEnabled(connected and job is not None and job.status == RUNNING)
        self.again_button.setEnabled(connected and job is not None)
        self.collect_button.setEnabled(connected and job is not None)
        self.tensorboard_button.setEnabled(connected and job is not None)
        self.remove_button.setEnabled(connected and job is not None and job.status != RUNNING)

    def _nodes(self) -> tuple[NodeChoice, list[NodeChoice]]:
        session = self.server.session
        this = NodeChoice(session.label, session.host, self.server)
        workspace = Workspace.of(self.server)
        peers = workspace.connected(exclude=self.server) if workspace is not None else []
        return this, [NodeChoice(s.session.label, s.session.host, s) for s in peers]

    def run_dialog(self, prefill=None) -> RunJobDialog:  # type: ignore[no-untyped-def]
        this, others = self._nodes()
        dialog = RunJobDialog(this, others, prefill, self)
        dialog.accepted.connect(lambda: self.run_specs(dialog.specs()))
        self._dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self._dialogs.remove(d) if d in self._dialogs else None)
        dialog.open()
        return dialog

    def run_again(self) -> None:
        job = self.job(self.selected_id)
        if job is not None:
            self.run_dialog(job.to_spec())

    def run_specs(self, specs: list) -> None:  # type: ignore[type-arg]
        """Start ``[(server or None, JobSpec)]``; the first entry runs here (rank 0 for multi-node).

        Another node's job is started through its own server; its Jobs view hears of it from there.
        """
        for server, spec in specs:
            if server is None or server is self.server:
                self.start(spec)
                continue

            def failed(future, s=server) -> None:  # type: ignore[no-untyped-def]
                exc = future.exception()
                if exc is not None:
                    text = self.tr("%1: %2").replace("%1", s.session.label).replace("%2", tr_msg(exc))
                    call_in_gui(lambda t: self.show_message(t, "error") if shiboken6.isValid(self) else None, text)

            server.work.start_job(spec).add_done_callback(failed)

    def start(self, spec) -> None:  # type: ignore[no-untyped-def]
        self.show_message(self.tr("Starting %1…").replace("%1", spec.name or spec.command[:60]))
        self.work.start_job(spec)  # job_started or jobs_failed come back from the server

    def _started(self, info: JobInfo) -> None:
        self._update_list()
        self.select(info.id)
        where = (self.tr("in tmux (watch it live in a terminal: %1)").replace("%1", attach_command(info.id))
                 if info.runner == "tmux" else self.tr("with nohup (no tmux on this server)"))
        self.show_message(self.tr("Started %1 %2. It keeps running if the connection drops.").replace(
            "%1", info.name or info.id).replace("%2", where), "ok")
        self.job_started.emit(info)

    def stop_selected(self) -> None:
        job = self.job(self.selected_id)
        if job is None:
            return
        answer = QtWidgets.QMessageBox.question(
            self, self.tr("Stop job"), self.tr("Stop %1? Its processes get SIGTERM (SIGKILL after 10 s).").replace("%1", job.name or job.id))
        if answer == QtWidgets.QMessageBox.StandardButton.Yes:
            self.stop(job.id)

    def stop(self, job_id: str) -> None:
        def stopped(_: object = None) -> None:
            self.refresh()

        submit(self.server, lambda conn: stop_job(conn, job_id), stopped, self._on_error, owner=self)

    def remove_selected(self) -> None:
        job = self.job(self.selected_id)
        if job is None or job.status == RUNNING:
            return
        answer = QtWidgets.QMessageBox.question(
            self, self.tr("Remove job"), self.tr("Delete the log and record of %1 on the server?").replace("%1", job.name or job.id))
        if answer != QtWidgets.QMessageBox.StandardButton.Yes:
            return

        def removed(_: object = None) -> None:
            if self.selected_id == job.id:
                self._stop_follow()
                self.selected_id = None
                self.detail.show_job(None)
                self.detail.log.clear()
            self.work.forget_job(job.id)
            self.refresh()

        submit(self.server, lambda conn: remove_job(conn, job.id), removed, self._on_error, owner=self)

    def collect_selected(self) -> CollectDialog | None:
        job = self.job(self.selected_id)
        if job is None:
            return None
        dialog = CollectDialog(job, self.server, self)
        dialog.collected.connect(lambda _result: self.work.mark_collected())
        self._dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self._dialogs.remove(d) if d in self._dialogs else None)
        dialog.open()
        return dialog

    def edit_regex(self) -> None:
        current = settings.get("jobs.metric_regex")
        text, ok = QtWidgets.QInputDialog.getText(
            self, self.tr("Metric regex"),
            self.tr("A regular expression for your log's metrics. Named groups become series; (?P<step>…) is the step.\n"
                    "Example: reward=(?P<reward>[-\\d.]+)"), text=current)
        if not ok:
            return
        try:
            re.compile(text)
        except re.error as exc:
            self.show_message(self.tr("That regex does not compile: %1").replace("%1", str(exc)), "error")
            return
        settings.set("jobs.metric_regex", text)
        for watch in self.watches.values():
            watch.set_user_regex(text or None)

    def open_tensorboard(self) -> None:
        job = self.job(self.selected_id)
        if job is None:
            return
        self.show_message(self.tr("Starting TensorBoard for %1…").replace("%1", job.log_dir or "runs"))
        submit(self.server, lambda conn: ensure_tensorboard(conn, job), self._tensorboard_port, self._on_error, owner=self)

    def _tensorboard_port(self, port: int) -> None:
        """Forward the port through the Forwards view (it lists and closes forwards) and open the browser."""
        if len(self.work.service_wanted):  # a Forwards view of this server listens
            self.work.service_wanted.emit(port)
            self.show_message(self.tr("TensorBoard runs on the server's port %1; it opens in your browser (see Forwards).").replace("%1", str(port)), "ok")
            return
        from gpudesk.core.ssh.forward import Forward, ForwardSpec

        conn = self.server.link.connection
        if conn is None:
            return
        forward = Forward(conn, ForwardSpec("local", 0, "127.0.0.1", port, label="TensorBoard"))

        def opened(_: object = None) -> None:
            if forward.status == "listening":
                webbrowser.open(f"http://127.0.0.1:{forward.spec.bind_port}/")
                self.show_message(self.tr("TensorBoard: http://127.0.0.1:%1/").replace("%1", str(forward.spec.bind_port)), "ok")
            else:
                self.show_message(tr_msg(forward.error), "error")

        submit(self.server, lambda _conn: forward.start(), opened, self._on_error, owner=self)
