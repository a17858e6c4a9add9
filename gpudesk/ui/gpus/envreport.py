"""The step-2 environment report: one line per check, green / yellow / red, with the fix."""

from __future__ import annotations

from gpudesk.core.envcheck import Report
from gpudesk.ui import plaintext
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

STATUS_COLOUR = {"ok": "#2e7d32", "warn": "#b26a00", "fail": "#c62828"}


def status_text(status: str) -> str:
    return {
        "ok": QtCore.QCoreApplication.translate("EnvReport", "OK"),
        "warn": QtCore.QCoreApplication.translate("EnvReport", "Warning"),
        "fail": QtCore.QCoreApplication.translate("EnvReport", "Problem"),
    }.get(status, status)


class EnvReportView(QtWidgets.QTreeWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels([self.tr("Status"), self.tr("Check"), self.tr("Result and fix")])
        self.setRootIsDecorated(False)
        self.setWordWrap(True)
        self.header().setStretchLastSection(True)

    def set_report(self, report: Report) -> None:
        self.clear()
        for c in report.checks:
            detail = tr_msg(c.detail)
            text = detail if not c.fix or c.status == "ok" else f"{detail}\n→ {tr_msg(c.fix)}"
            item = QtWidgets.QTreeWidgetItem([status_text(c.status), tr_msg(c.name), text])
            item.setForeground(0, QtGui.QBrush(QtGui.QColor(STATUS_COLOUR.get(c.status, "#000"))))
            item.setData(0, QtCore.Qt.ItemDataRole.UserRole, c.status)
            # Tooltips render rich text when it looks like HTML: the server's words must stay words.
            item.setToolTip(2, plaintext.tooltip(text))
            self.addTopLevelItem(item)
        for col in (0, 1):
            self.resizeColumnToContents(col)


class EnvReportDialog(QtWidgets.QDialog):
    def __init__(self, report: Report, title: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Environment check — %1").replace("%1", title))
        self.resize(760, 420)
        layout = QtWidgets.QVBoxLayout(self)
        self.view = EnvReportView(self)
        self.view.set_report(report)
        layout.addWidget(self.view)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
