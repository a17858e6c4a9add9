"""The transfer queue widget: one row per item with progress, speed, ETA and state."""

from __future__ import annotations

from gpudesk.core.transfer import CANCELLED, DONE, FAILED, PAUSED, QUEUED, RUNNING, TransferItem, TransferQueue
from gpudesk.ui.files.listing import human_size
from gpudesk.ui.fit import keep_rows
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtWidgets, Signal

STATE_NAMES = {
    QUEUED: QT_TRANSLATE_NOOP("Transfers", "Queued"),
    RUNNING: QT_TRANSLATE_NOOP("Transfers", "Running"),
    PAUSED: QT_TRANSLATE_NOOP("Transfers", "Paused"),
    DONE: QT_TRANSLATE_NOOP("Transfers", "Done"),
    FAILED: QT_TRANSLATE_NOOP("Transfers", "Failed"),
    CANCELLED: QT_TRANSLATE_NOOP("Transfers", "Cancelled"),
}


def eta_text(seconds: float | None) -> str:
    if seconds is None:
        return ""
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class QueueView(QtWidgets.QWidget):
    """Shows a :class:`TransferQueue`; call :meth:`update_item` on the GUI thread."""

    overall_changed = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.queue: TransferQueue | None = None
        self._rows: dict[int, QtWidgets.QTreeWidgetItem] = {}
        self._bars: dict[int, QtWidgets.QProgressBar] = {}
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        bar = QtWidgets.QHBoxLayout()
        self.summary = QtWidgets.QLabel(self.tr("No transfers yet — drag files between the two panes to copy them."))
        self.summary.setWordWrap(True)
        self.summary.setMinimumHeight(2 * self.summary.fontMetrics().lineSpacing())  # wraps in a narrow window
        bar.addWidget(self.summary, 1)
        self.pause_btn = QtWidgets.QPushButton(self.tr("Pause"))
        self.resume_btn = QtWidgets.QPushButton(self.tr("Resume"))
        self.cancel_btn = QtWidgets.QPushButton(self.tr("Cancel"))
        self.retry_btn = QtWidgets.QPushButton(self.tr("Retry"))
        self.clear_btn = QtWidgets.QPushButton(self.tr("Clear finished"))
        for b in (self.pause_btn, self.resume_btn, self.cancel_btn, self.retry_btn, self.clear_btn):
            bar.addWidget(b)
        layout.addLayout(bar)
        self.tree = QtWidgets.QTreeWidget()
        self.tree.setAccessibleName(self.tr("Transfer queue"))
        self.tree.setRootIsDecorated(False)
        keep_rows(self.tree)
        self.tree.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setHeaderLabels(
            [self.tr("File"), self.tr("Direction"), self.tr("Progress"), self.tr("Speed"), self.tr("ETA"), self.tr("State")]
        )
        header = self.tree.header()
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for col, width in ((1, 90), (2, 240), (3, 100), (4, 70), (5, 90)):
            header.resizeSection(col, width)
        layout.addWidget(self.tree, 1)
        self.pause_btn.clicked.connect(lambda: self._each(lambda q, i: q.pause(i)))
        self.resume_btn.clicked.connect(lambda: self._each(lambda q, i: q.resume(i)))
        self.cancel_btn.clicked.connect(lambda: self._each(lambda q, i: q.cancel(i)))
        self.retry_btn.clicked.connect(lambda: self._each(lambda q, i: q.retry(i)))
        self.clear_btn.clicked.connect(self._clear)
        self.tree.itemSelectionChanged.connect(self._update_buttons)
        self._update_buttons()

    def _update_buttons(self) -> None:
        """Each button only where it can act on the selection (Clear: on what has finished)."""
        states = {i.state for i in self._selected_items()}
        self.pause_btn.setEnabled(bool(states & {QUEUED, RUNNING}))
        self.resume_btn.setEnabled(PAUSED in states)
        self.cancel_btn.setEnabled(bool(states & {QUEUED, RUNNING, PAUSED}))
        self.retry_btn.setEnabled(bool(states & {FAILED, CANCELLED}))
        items = self.queue.items if self.queue is not None else []
        self.clear_btn.setEnabled(any(i.state in (DONE, FAILED, CANCELLED) for i in items))

    def _selected_items(self) -> list[TransferItem]:
        if self.queue is None:
            return []
        ids = {row.data(0, Qt.ItemDataRole.UserRole) for row in self.tree.selectedItems()}
        return [i for i in self.queue.items if i.id in ids]

    def _each(self, action) -> None:  # type: ignore[no-untyped-def]
        for item in self._selected_items():
            action(self.queue, item)

    def _clear(self) -> None:
        if self.queue is None:
            return
        self.queue.clear_finished()
        keep = {i.id for i in self.queue.items}
        for item_id in list(self._rows):
            if item_id not in keep:
                row = self._rows.pop(item_id)
                self._bars.pop(item_id, None)
                self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(row))
        self._update_summary()

    def update_item(self, item: TransferItem) -> None:
        row = self._rows.get(item.id)
        if row is None:
            row = QtWidgets.QTreeWidgetItem([item.name])
            row.setData(0, Qt.ItemDataRole.UserRole, item.id)
            self.tree.addTopLevelItem(row)
            bar = QtWidgets.QProgressBar()
            bar.setRange(0, 1000)
            self.tree.setItemWidget(row, 2, bar)
            self._rows[item.id] = row
            self._bars[item.id] = bar
        upload = QCoreApplication.translate("Transfers", "Upload")
        row.setText(1, upload if item.direction == "upload" else QCoreApplication.translate("Transfers", "Download"))
        self._bars[item.id].setValue(int(item.fraction * 1000) if item.total else (1000 if item.state == DONE else 0))
        self._bars[item.id].setFormat(f"{human_size(item.done)} / {human_size(item.total)}")
        row.setText(3, f"{human_size(int(item.speed))}/s" if item.state == RUNNING else "")
        row.setText(4, eta_text(item.eta_s) if item.state == RUNNING else "")
        state = QCoreApplication.translate("Transfers", STATE_NAMES[item.state])
        if item.state == DONE and item.result == "skipped":
            state = QCoreApplication.translate("Transfers", "Skipped")
        row.setText(5, state)
        tip = "\n".join(tr_msg(text) for text in ([item.error] if item.error else []) + item.warnings)
        for col in range(6):
            row.setToolTip(col, tip)
        self._update_summary()

    def _update_summary(self) -> None:
        items = self.queue.items if self.queue is not None else []
        active = [i for i in items if i.state in (QUEUED, RUNNING, PAUSED)]
        if not active:
            text = self.tr("No active transfers") if items else self.tr("No transfers yet — drag files between the two panes to copy them.")
        else:
            done = sum(i.done for i in active)
            total = sum(i.total for i in active)
            pct = int(100 * done / total) if total else 0
            text = self.tr("%n transfer(s) · {0}% of {1}", "", len(active)).format(pct, human_size(total))
        self.summary.setText(text)
        self.overall_changed.emit(text)
        self._update_buttons()
