"""SyncDialog: pick or reuse the session's folder pair, preview the plan, then sync with progress.

Planning and syncing run on a worker thread of the dialog's own (the connection's IO thread
stays free for the other tabs); results and progress come back through ``call_in_gui``.
"""

from __future__ import annotations

from pathlib import Path

from gpudesk.core import settings
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.workers import Workers
from gpudesk.core.sync.excludes import DEFAULT_EXCLUDES
from gpudesk.core.sync.pairs import SyncPair, SyncPairStore
from gpudesk.core.sync.plan import DOWNLOAD, UPLOAD, SyncPlan, make_plan
from gpudesk.core.sync.run import SyncResult, run_plan
from gpudesk.core.transfer.errors import Cancelled
from gpudesk.core.transfer.progress import Progress
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QtCore, QtWidgets, Signal
from gpudesk.ui.sync.table import PlanTable, size_text


class SyncDialog(QtWidgets.QDialog):
    """Sync a local folder and a remote folder of ``server``'s session."""

    planned = Signal(object)  # SyncPlan
    finished_sync = Signal(object)  # SyncResult, or an exception
    _progress = Signal(object)

    def __init__(self, server: LiveServer, local: str = "", remote: str = "",
                 parent: QtWidgets.QWidget | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.setWindowTitle(self.tr("Sync folders"))
        self.server = server
        self.store = SyncPairStore()
        self.plan: SyncPlan | None = None
        self.result: SyncResult | None = None  # type: ignore[assignment]  # hides QDialog.result(), never called here
        self._cancel = False
        self._busy = False
        self._closed = False  # results that arrive after closing are dropped
        self._pool = Workers("gpudesk-sync", size=1)
        self._pairs: list[SyncPair] = []

        self.pair_box = QtWidgets.QComboBox(self)
        self.local_edit = QtWidgets.QLineEdit(local, self)
        browse = QtWidgets.QPushButton(self.tr("Browse…"), self)
        browse.clicked.connect(self._browse)
        self.remote_edit = QtWidgets.QLineEdit(remote, self)
        self.remote_edit.setPlaceholderText(self.tr("~/project (relative to your home on the server)"))
        self.direction_box = QtWidgets.QComboBox(self)
        self.direction_box.addItem(self.tr("Upload: this computer → server"), UPLOAD)
        self.direction_box.addItem(self.tr("Download: server → this computer (results)"), DOWNLOAD)
        self.excludes_edit = QtWidgets.QLineEdit(self)
        self.excludes_edit.setPlaceholderText(
            self.tr("More patterns, e.g. data/ *.npy (always left out: %1)").replace(
                "%1", " ".join(DEFAULT_EXCLUDES[:-1])
            )
        )
        self.gitignore_box = QtWidgets.QCheckBox(self.tr("Respect .gitignore"), self)
        self.gitignore_box.setChecked(True)
        self.delete_box = QtWidgets.QCheckBox(
            self.tr("Delete files at the receiving side that the other side lacks"), self
        )

        local_row = QtWidgets.QHBoxLayout()
        local_row.addWidget(self.local_edit, 1)
        local_row.addWidget(browse)
        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Saved pair"), self.pair_box)
        form.addRow(self.tr("Local folder"), local_row)
        form.addRow(self.tr("Remote folder"), self.remote_edit)
        form.addRow(self.tr("Direction"), self.direction_box)
        form.addRow(self.tr("Exclude"), self.excludes_edit)
        form.addRow("", self.gitignore_box)
        form.addRow("", self.delete_box)

        self.table = PlanTable(self)
        self.summary = QtWidgets.QLabel(
            self.tr("Preview shows what would change; nothing is sent until you press Sync."), self
        )
        self.summary.setWordWrap(True)
        # A wrapped label gets one line's height in a box layout; two lines fit every summary.
        self.summary.setMinimumHeight(self.summary.fontMetrics().lineSpacing() * 2 + 6)
        self.progress = QtWidgets.QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.hide()
        self.preview_button = QtWidgets.QPushButton(self.tr("Preview"), self)
        self.sync_button = QtWidgets.QPushButton(self.tr("Sync"), self)
        self.sync_button.setEnabled(False)
        self.cancel_button = QtWidgets.QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setEnabled(False)
        close = QtWidgets.QPushButton(self.tr("Close"), self)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.sync_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.progress)
        layout.addLayout(buttons)
        self.resize(760, 560)

        self.preview_button.clicked.connect(self.preview)
        self.sync_button.clicked.connect(self.start_sync)
        self.cancel_button.clicked.connect(self.cancel)
        close.clicked.connect(self.reject)
        self._progress.connect(self._show_progress, QtCore.Qt.ConnectionType.QueuedConnection)
        for edit in (self.local_edit, self.remote_edit, self.excludes_edit):
            edit.textEdited.connect(self._invalidate)
        for box in (self.gitignore_box, self.delete_box):
            box.toggled.connect(self._invalidate)
        self.direction_box.currentIndexChanged.connect(self._invalidate)
        self.pair_box.activated.connect(self._pair_chosen)
        self._load_pairs(select_first=True)  # a saved pair wins over the panes' folders

    # -- pairs -------------------------------------------------------------------------
    def _load_pairs(self, select_first: bool, select: SyncPair | None = None) -> None:
        def done(pairs: list[SyncPair]) -> None:
            if self._closed:
                return
            self._pairs = pairs
            self.pair_box.clear()
            self.pair_box.addItem(self.tr("New pair"), None)
            for n, pair in enumerate(pairs):
                arrow = "→" if pair.direction == UPLOAD else "←"
                self.pair_box.addItem(f"{pair.local} {arrow} {pair.remote}", n)
            if select is not None:
                for n, pair in enumerate(pairs):
                    if (pair.local, pair.remote) == (select.local, select.remote):
                        self.pair_box.setCurrentIndex(n + 1)
            elif select_first and pairs:
                self.pair_box.setCurrentIndex(1)
                self._pair_chosen(1)

        session_id = self.server.session.id
        run_in_background(lambda: self.store.pairs(session_id), done)

    def _pair_chosen(self, index: int) -> None:
        n = self.pair_box.itemData(index)
        if n is None or not 0 <= n < len(self._pairs):
            return
        pair = self._pairs[n]
        self.local_edit.setText(pair.local)
        self.remote_edit.setText(pair.remote)
        self.direction_box.setCurrentIndex(0 if pair.direction == UPLOAD else 1)
        self.excludes_edit.setText(" ".join(pair.excludes))
        self.gitignore_box.setChecked(pair.use_gitignore)
        self.delete_box.setChecked(pair.delete)
        self._invalidate()

    def current_pair(self) -> SyncPair:
        return SyncPair(
            local=self.local_edit.text().strip(),
            remote=self.remote_edit.text().strip(),
            direction=self.direction_box.currentData(),
            excludes=self.excludes_edit.text().split(),
            use_gitignore=self.gitignore_box.isChecked(),
            delete=self.delete_box.isChecked(),
        )

    def _browse(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(self, self.tr("Local folder"), self.local_edit.text())
        if folder:
            self.local_edit.setText(folder)
            self._invalidate()

    # -- preview -----------------------------------------------------------------------
    def _invalidate(self, *_args: object) -> None:
        if not self._busy:
            self.plan = None
            self.sync_button.setEnabled(False)

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.preview_button.setEnabled(not busy)
        self.sync_button.setEnabled(not busy and self.plan is not None and not self.plan.empty)
        self.cancel_button.setEnabled(busy)

    def preview(self) -> None:
        pair = self.current_pair()
        conn = self.server.link.connection
        if not pair.local or not pair.remote:
            self.summary.setText(self.tr("Choose a local folder and a remote folder."))
            return
        if conn is None:
            self.summary.setText(self.tr("Not connected."))
            return
        self._set_busy(True)
        self.summary.setText(self.tr("Comparing…"))
        session_id = self.server.session.id

        def work() -> SyncPlan:
            self.store.save(session_id, pair)  # the pair is remembered once it was used
            # make_plan resolves "~" and relative folders in its own listing exec (no extra round trip).
            return make_plan(conn, Path(pair.local).expanduser(), pair.remote, pair.direction, pair.excludes,
                             pair.delete, pair.use_gitignore)  # fmt: skip

        run_in_background(work, self._planned, self._failed, executor=self._pool)

    def _planned(self, plan: SyncPlan) -> None:
        if self._closed:
            return
        self.plan = plan
        self.table.show_plan(plan)
        self.progress.hide()
        self._set_busy(False)
        self._load_pairs(select_first=False, select=self.current_pair())  # it was saved: show it as such
        self.summary.setText(self._counts(plan))
        self.planned.emit(plan)

    def _counts(self, plan: SyncPlan) -> str:
        if plan.empty and not plan.deleted:
            return self.tr("Up to date: %1 files unchanged.").replace("%1", str(plan.unchanged))
        text = (
            self.tr("%1 new, %2 changed, %3 deleted, %4 unchanged; %5 to send.")
            .replace("%1", str(len(plan.new)))
            .replace("%2", str(len(plan.changed)))
            .replace("%3", str(len(plan.deleted)))
            .replace("%4", str(plan.unchanged))
            .replace("%5", size_text(plan.bytes))
        )
        if plan.deleted and not plan.delete:
            text += " " + self.tr("Files only at the receiving side are kept (tick Delete to remove them).")
        return text

    def _failed(self, exc: BaseException) -> None:
        if self._closed:
            return
        self._set_busy(False)
        self.progress.hide()
        self.summary.setText(self.tr("Sync failed: %1").replace("%1", tr_msg(exc) or type(exc).__name__))
        self.finished_sync.emit(exc)

    # -- sync --------------------------------------------------------------------------
    def start_sync(self) -> None:
        plan, conn = self.plan, self.server.link.connection
        if plan is None or conn is None or self._busy:
            return
        self._cancel = False
        self._set_busy(True)
        self.progress.setValue(0)
        self.progress.show()
        self.summary.setText(self.tr("Syncing…"))
        tar = bool(settings.get("sync.tar_small_files"))

        def stop() -> BaseException | None:
            return Cancelled("Cancelled.") if self._cancel else None

        def work() -> SyncResult:
            return run_plan(conn, plan, on_progress=self._progress.emit, stop=stop, tar=tar)

        run_in_background(work, self._synced, self._sync_failed, executor=self._pool)

    def _show_progress(self, p: Progress) -> None:
        if self._closed:
            return
        self.progress.setValue(int(p.fraction * 1000))
        self.progress.setFormat(f"{size_text(p.done)} / {size_text(p.total)}")
        self.server.activity.emit("user")

    def _synced(self, result: SyncResult) -> None:
        if self._closed:
            return
        self.result = result
        self.plan = None
        self._set_busy(False)
        self.progress.setValue(1000)
        text = self.tr("Done: sent %1 files (%2), deleted %3.").replace("%1", str(len(result.sent)))
        text = text.replace("%2", size_text(result.bytes)).replace("%3", str(len(result.deleted)))
        if result.warnings:
            text += " " + tr_msg(result.warnings[0])
        self.summary.setText(text)
        self.finished_sync.emit(result)

    def _sync_failed(self, exc: BaseException) -> None:
        if self._closed:
            return
        if isinstance(exc, Cancelled):
            self._set_busy(False)
            self.plan = None
            self.sync_button.setEnabled(False)
            self.summary.setText(self.tr("Cancelled. Files already sent stay; Preview shows what is left."))
            self.finished_sync.emit(exc)
            return
        self._failed(exc)

    def cancel(self) -> None:
        self._cancel = True

    def done(self, code: int) -> None:  # noqa: D401 - Qt override
        self._cancel = True
        self._closed = True
        self._pool.shutdown(wait=False)
        super().done(code)
