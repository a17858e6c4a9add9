"""Per-server progress of an "upload to all": a bar and a result line per server."""

from __future__ import annotations

from gpudesk.core.multi import upload as U
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication, QtWidgets


def _size(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def result_text(result: U.UploadResult) -> str:
    if result.state == U.DONE:
        text = QCoreApplication.translate("MultiUploads", "Done: %1").replace("%1", result.remote_path)
        return text + ("" if not result.warnings else " · " + " ".join(tr_msg(w) for w in result.warnings))
    if result.state == U.FAILED:
        return tr_msg(result.error) or QCoreApplication.translate("MultiUploads", "Failed")
    if result.state == U.CANCELLED:
        return QCoreApplication.translate("MultiUploads", "Cancelled")
    if result.state == U.RUNNING:
        return QCoreApplication.translate("MultiUploads", "%1 of %2 · %3/s").replace("%1", _size(result.done)).replace(
            "%2", _size(result.total)
        ).replace("%3", _size(result.speed))
    if result.state == U.CONNECTING:
        return QCoreApplication.translate("MultiUploads", "Connecting…")
    return QCoreApplication.translate("MultiUploads", "Waiting")


class UploadTable(QtWidgets.QTableWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels([self.tr("Server"), self.tr("Progress"), self.tr("Result")])
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.setColumnWidth(1, 180)
        self.rows: dict[str, int] = {}
        self.results: dict[str, U.UploadResult] = {}

    def reset(self, servers: list[str]) -> None:  # type: ignore[override]  # a new list of rows, not Qt's reset()
        self.setRowCount(0)
        self.rows = {}
        self.results = {}
        for name in servers:
            row = self.rowCount()
            self.insertRow(row)
            self.rows[name] = row
            self.setItem(row, 0, QtWidgets.QTableWidgetItem(name))
            bar = QtWidgets.QProgressBar()
            bar.setRange(0, 1000)
            self.setCellWidget(row, 1, bar)
            self.setItem(row, 2, QtWidgets.QTableWidgetItem(self.tr("Waiting")))

    def update_from(self, result: U.UploadResult) -> None:
        row = self.rows.get(result.server)
        if row is None:
            return
        self.results[result.server] = result
        bar = self.cellWidget(row, 1)
        if isinstance(bar, QtWidgets.QProgressBar):
            bar.setValue(int(result.fraction * 1000) if result.total or result.state == U.DONE else 0)
        status = self.item(row, 2)
        assert status is not None  # reset() gave every row its status cell
        status.setText(result_text(result))
        status.setToolTip(result_text(result))
