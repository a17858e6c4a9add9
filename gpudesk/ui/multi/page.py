"""The multi-server page: the chosen sessions as rows, connect all, run on all, upload to all.

Connections are the main window's own connection tabs (one per session), so a server
connected here is the same one its tab shows, with its terminal, GPU telemetry and cost
guard. Commands and uploads run in :mod:`gpudesk.core.multi` on a thread per server, next to
the tab's own IO thread: paramiko multiplexes channels on one transport safely, and a long
command here must not queue behind (or hold up) the tab's work.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gpudesk.core.multi import MultiRun, MultiUpload, RunResult, Server, UploadResult
from gpudesk.core.multi import run as R
from gpudesk.core.multi import upload as U
from gpudesk.core.sessions.model import Session
from gpudesk.ui import a11y, bridge
from gpudesk.ui.background import call_in_gui
from gpudesk.ui.fit import keep_rows
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.multi.dashboard import (
    COST,
    GPUS,
    IDLE,
    MEMORY,
    SERVER,
    STATE,
    UTIL,
    Dashboard,
    cost_text,
    idle_text,
    split_summary,
    state_text,
)
from gpudesk.ui.multi.outputs import OutputColumns
from gpudesk.ui.multi.uploads import UploadTable
from gpudesk.ui.qt import QtCore, QTimer, QtWidgets, Signal


class MultiServerPage(QtWidgets.QWidget):
    """Work on several servers at once. Opened by ``MainWindow.open_multi(ids)`` as a tab.

    It has no ``controller`` attribute on purpose: the main window tells pages from connection
    tabs by that name.
    """

    run_finished = Signal()
    upload_finished = Signal()

    def __init__(self, main_window: Any, session_ids: list[str], parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.main_window = main_window  # opens sessions' tabs and knows the saved sessions
        self.workspace = main_window.workspace  # the servers, live: state, GPU summary, connection
        self.session_ids = list(dict.fromkeys(session_ids))
        self.run: MultiRun | None = None
        self.upload: MultiUpload | None = None
        self._bound: set[int] = set()
        self._bound_servers: list[Any] = []
        self._build()
        self.timer = QTimer(self)
        self.timer.setInterval(1000)  # idle time and late-created tabs; states come by signal
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()
        # Core objects, not widgets: safe to reach from this hook after the page is gone.
        holder: dict[str, Any] = {}
        self.destroyed.connect(lambda *_: _stop(holder))
        self._holder = holder
        self._run_states: dict[str, str] = {}
        self._upload_states: dict[str, str] = {}

    # -- layout ----------------------------------------------------------------
    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        top = QtWidgets.QHBoxLayout()
        self.title = QtWidgets.QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSize(font.pointSize() + 2)
        self.title.setFont(font)
        top.addWidget(self.title, 1)
        self.connect_button = QtWidgets.QPushButton(self.tr("Connect all"))
        self.connect_button.clicked.connect(self.connect_all)
        self.upload_button = QtWidgets.QPushButton(self.tr("Upload file to all…"))
        self.upload_button.clicked.connect(lambda: self.choose_upload(folder=False))
        self.upload_folder_button = QtWidgets.QPushButton(self.tr("Upload folder to all…"))
        self.upload_folder_button.clicked.connect(lambda: self.choose_upload(folder=True))
        self.cancel_upload_button = QtWidgets.QPushButton(self.tr("Cancel upload"))
        self.cancel_upload_button.clicked.connect(self.cancel_upload)
        self.cancel_upload_button.setEnabled(False)
        for button in (self.connect_button, self.upload_button, self.upload_folder_button, self.cancel_upload_button):
            top.addWidget(button)
        layout.addLayout(top)

        self.dashboard = Dashboard()
        self.dashboard.cellDoubleClicked.connect(self._open_row)
        self.dashboard.setToolTip(self.tr("Double-click a server to open its own tab (terminal, files, GPUs, login questions)."))
        self.dashboard.setRowCount(len(self.session_ids))

        run_row = QtWidgets.QHBoxLayout()
        self.command = QtWidgets.QLineEdit()
        self.command.setPlaceholderText(self.tr("A command to run on every connected server, e.g. nvidia-smi -L"))
        self.command.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.command)
        self.command.returnPressed.connect(self.run_on_all)
        self.timeout = QtWidgets.QSpinBox()
        self.timeout.setRange(1, 24 * 3600)
        self.timeout.setValue(60)
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setToolTip(self.tr("Stop the command on a server that takes longer than this"))
        self.run_button = QtWidgets.QPushButton(self.tr("Run on all"))
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run_on_all)
        self.cancel_button = QtWidgets.QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_run)
        run_row.addWidget(self.command, 1)
        run_row.addWidget(QtWidgets.QLabel(self.tr("Timeout")))
        run_row.addWidget(self.timeout)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)

        self.results = QtWidgets.QTabWidget()
        self.outputs = OutputColumns()
        self.uploads = UploadTable()
        self.results.addTab(self.outputs, self.tr("Output"))
        self.results.addTab(self.uploads, self.tr("Uploads"))

        lower = QtWidgets.QWidget()
        lower_layout = QtWidgets.QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addLayout(run_row)
        lower_layout.addWidget(self.results, 1)
        split = QtWidgets.QSplitter(QtCore.Qt.Orientation.Vertical)
        split.addWidget(self.dashboard)
        split.addWidget(lower)
        split.setStretchFactor(1, 2)
        # The table as tall as its rows (up to ~10), the rest for the outputs.
        rows = min(len(self.session_ids), 10)
        split.setSizes([self.dashboard.horizontalHeader().sizeHint().height() + rows * 30 + 8, 600])
        self.split = split
        keep_rows(self.dashboard)
        layout.addWidget(split, 1)
        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

    # -- sessions and their connection tabs ------------------------------------------
    def session(self, session_id: str) -> Session | None:
        found: Session | None = self.main_window.sidebar.session(session_id)
        return found

    def server_of(self, session_id: str) -> Any:
        """The session's live server in the workspace (None while it has no tab)."""
        return self.workspace.get(session_id)

    def connect_all(self) -> None:
        """Open (or reconnect) every chosen session's connection tab, then come back here."""
        for sid in self.session_ids:
            server = self.server_of(sid)
            if server is not None and server.state in ("connected", "connecting"):
                continue
            self.main_window.open_session(sid)
        tabs = self.main_window.tabs
        if tabs.indexOf(self) >= 0:
            tabs.setCurrentWidget(self)
        self.refresh()

    def _bind(self) -> None:
        if not self._bound:
            bridge.connect(self.workspace.opened, self._on_server_change, self)
            self._bound.add(0)
        for sid in self.session_ids:
            server = self.server_of(sid)
            if server is None or any(server is seen for seen in self._bound_servers):
                continue
            self._bound_servers.append(server)  # the object itself: a closed server's id may be reused
            bridge.connect(server.changed, self._on_server_change, self)  # state, billing
            bridge.connect(server.telemetry.summary_changed, self._on_server_change, self)  # the GPU summary

    def _on_server_change(self, *_: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        self._bind()
        connected = 0
        for row, sid in enumerate(self.session_ids):
            session = self.session(sid)
            server = self.server_of(sid)
            state = str(server.state) if server is not None else "idle"
            connected += state == "connected"
            gpu = server.telemetry.summary if server is not None and state == "connected" else None
            summary = split_summary(gpu.text if gpu is not None else "")
            if session is None:
                values = {SERVER: self.tr("(deleted session)"), STATE: "", GPUS: "", UTIL: "", MEMORY: "", COST: "", IDLE: ""}
            else:
                values = {
                    SERVER: session.label,
                    STATE: state_text(state),
                    GPUS: summary.gpus,
                    UTIL: summary.util,
                    MEMORY: summary.memory,
                    COST: cost_text(session),
                    IDLE: idle_text(server.billing if server is not None else None, state == "connected"),
                }
            self.dashboard.set_row(row, values, state)
            item = self.dashboard.item(row, STATE)
            if item is not None:
                error = getattr(server.link, "last_error", None) if server is not None else None
                item.setToolTip(tr_msg(error) if state == "failed" and error is not None else "")
        self.title.setText(
            self.tr("%1 servers · %2 connected").replace("%1", str(len(self.session_ids))).replace("%2", str(connected))
        )

    def _open_row(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.session_ids):
            self.main_window.open_session(self.session_ids[row])

    def servers(self) -> list[Server]:
        """The chosen sessions as core servers, each with its tab's live connection (if any)."""
        out = []
        for sid in self.session_ids:
            session = self.session(sid)
            if session is None:
                continue
            server = self.server_of(sid)
            connection = server.link.connection if server is not None and server.state == "connected" else None
            out.append(Server(session.label, connection))
        return out

    # -- run on all --------------------------------------------------------------------
    def run_on_all(self, command: str | None = None) -> None:
        command = (command if isinstance(command, str) else self.command.text()).strip()
        if not command or (self.run is not None and not self.run.finished):
            return
        run = MultiRun(self.servers(), command, timeout_s=self.timeout.value(), on_update=self._run_update_from_thread)
        self.run = run
        self._holder["run"] = run
        self.outputs.reset([s.name for s in run.servers])
        self._run_states = {s.name: R.PENDING for s in run.servers}
        self.results.setCurrentWidget(self.outputs)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(self.tr("Running on %1 servers…").replace("%1", str(len(run.servers))))
        run.start()
        if not run.servers:
            self._run_done()

    def _run_update_from_thread(self, result: RunResult) -> None:
        call_in_gui(self._on_run_update, replace(result))

    def _on_run_update(self, result: RunResult) -> None:
        if result.server not in self._run_states:
            return  # from an earlier run
        self.outputs.update_from(result)
        self._run_states[result.server] = result.state
        # Judged by what arrived here, so every column is final when run_finished fires.
        if all(st in R.FINISHED for st in self._run_states.values()) and self.cancel_button.isEnabled():
            self._run_done()

    def _run_done(self) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        results = list(self.run.results.values()) if self.run is not None else []
        ok = sum(r.ok for r in results)
        self.status.setText(self.tr("Finished: %1 of %2 servers succeeded.").replace("%1", str(ok)).replace("%2", str(len(results))))
        self.run_finished.emit()

    def cancel_run(self) -> None:
        if self.run is not None:
            self.run.cancel()

    # -- upload to all ------------------------------------------------------------------
    def choose_upload(self, folder: bool = False) -> None:
        if folder:
            local = QtWidgets.QFileDialog.getExistingDirectory(self, self.tr("Upload a folder to every server"))
        else:
            local, _ = QtWidgets.QFileDialog.getOpenFileName(self, self.tr("Upload a file to every server"))
        if not local:
            return
        remote, ok = QtWidgets.QInputDialog.getText(
            self,
            self.tr("Upload to all"),
            self.tr("Folder on each server (~ is the home folder; $HOSTNAME and other variables work):"),
            text="~",
        )
        if ok and remote.strip():
            self.upload_to_all(local, remote.strip())

    def upload_to_all(self, local: str, remote_dir: str) -> None:
        if self.upload is not None and not self.upload.finished:
            return
        upload = MultiUpload(self.servers(), local, remote_dir, on_update=self._upload_update_from_thread)
        try:
            upload.start()
        except OSError as exc:
            QtWidgets.QMessageBox.warning(self, self.tr("Upload to all"), str(exc))
            return
        self.upload = upload
        self._holder["upload"] = upload
        self.uploads.reset([s.name for s in upload.servers])
        self._upload_states = {s.name: U.PENDING for s in upload.servers}
        self.results.setCurrentWidget(self.uploads)
        self.cancel_upload_button.setEnabled(True)
        self.upload_button.setEnabled(False)
        self.upload_folder_button.setEnabled(False)

    def _upload_update_from_thread(self, result: UploadResult) -> None:
        call_in_gui(self._on_upload_update, replace(result))

    def _on_upload_update(self, result: UploadResult) -> None:
        if result.server not in self._upload_states:
            return
        self.uploads.update_from(result)
        self._upload_states[result.server] = result.state
        if all(st in U.FINISHED for st in self._upload_states.values()) and self.cancel_upload_button.isEnabled():
            self.cancel_upload_button.setEnabled(False)
            self.upload_button.setEnabled(True)
            self.upload_folder_button.setEnabled(True)
            results = list(self.uploads.results.values())
            ok = sum(r.state == U.DONE for r in results)
            self.status.setText(
                self.tr("Upload finished: %1 of %2 servers have the copy.").replace("%1", str(ok)).replace("%2", str(len(results)))
            )
            self.upload_finished.emit()

    def cancel_upload(self) -> None:
        if self.upload is not None:
            self.upload.cancel()


def _stop(holder: dict[str, Any]) -> None:
    """The page is gone: stop what it started (the connections belong to their tabs)."""
    for key in ("run", "upload"):
        job = holder.get(key)
        if job is not None:
            job.cancel()
