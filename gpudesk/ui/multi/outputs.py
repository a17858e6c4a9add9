"""The command's output, one column per server side by side, with the exit code in colour."""

from __future__ import annotations

import codecs

from gpudesk.core.multi import run as R
from gpudesk.ui import plaintext
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication, Qt, QtGui, QtWidgets

OK_COLOUR = "#2e7d32"
FAIL_COLOUR = "#c62828"
WAIT_COLOUR = "#ef6c00"


def status_text(result: R.RunResult) -> tuple[str, str]:
    """The header line of a column and its colour."""
    if result.state == R.DONE:
        text = QCoreApplication.translate("MultiOutputs", "exit %1 · %2 s").replace("%1", str(result.exit_code)).replace(
            "%2", f"{result.duration_s:.1f}"
        )
        return text, OK_COLOUR if result.exit_code == 0 else FAIL_COLOUR
    names = {
        R.PENDING: QCoreApplication.translate("MultiOutputs", "waiting"),
        R.CONNECTING: QCoreApplication.translate("MultiOutputs", "connecting…"),
        R.RUNNING: QCoreApplication.translate("MultiOutputs", "running…"),
        R.FAILED: QCoreApplication.translate("MultiOutputs", "failed"),
        R.TIMEOUT: QCoreApplication.translate("MultiOutputs", "timed out"),
        R.CANCELLED: QCoreApplication.translate("MultiOutputs", "cancelled"),
    }
    colour = FAIL_COLOUR if result.state in (R.FAILED, R.TIMEOUT) else WAIT_COLOUR
    return names.get(result.state, result.state), colour


class OutputColumn(QtWidgets.QFrame):
    """One server: a header (name, status) and its stdout, with stderr below when there is any."""

    def __init__(self, server: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        head = QtWidgets.QHBoxLayout()
        self.name = QtWidgets.QLabel(f"<b>{plaintext.escape(server)}</b>")
        plaintext.rich(self.name)  # every outside string in it goes through plaintext.escape
        self.status = QtWidgets.QLabel()
        head.addWidget(self.name, 1)
        head.addWidget(self.status)
        layout.addLayout(head)
        font = QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
        self.stdout = QtWidgets.QPlainTextEdit()
        self.stdout.setReadOnly(True)
        self.stdout.setFont(font)
        self.stdout.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.NoWrap)
        self.stderr = QtWidgets.QPlainTextEdit()
        self.stderr.setReadOnly(True)
        self.stderr.setFont(font)
        self.stderr.setMaximumHeight(120)
        self.stderr.setStyleSheet(f"color: {FAIL_COLOUR};")
        self.stderr.setPlaceholderText(self.tr("stderr"))
        self.stderr.hide()
        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {FAIL_COLOUR};")
        self.error.hide()
        layout.addWidget(self.stdout, 1)
        layout.addWidget(self.stderr)
        layout.addWidget(self.error)
        self.exit_code: int | None = None
        self.state = R.PENDING
        self._shown = [0, 0]
        self._decoders = [codecs.getincrementaldecoder("utf-8")("replace") for _ in range(2)]

    def update_from(self, result: R.RunResult) -> None:
        self.state = result.state
        self.exit_code = result.exit_code
        for i, (data, view) in enumerate(((result.stdout, self.stdout), (result.stderr, self.stderr))):
            if len(data) > self._shown[i]:
                text = self._decoders[i].decode(data[self._shown[i] :], final=result.state in R.FINISHED)
                self._shown[i] = len(data)
                view.moveCursor(QtGui.QTextCursor.MoveOperation.End)
                view.insertPlainText(text)
                view.setVisible(True)
        if result.truncated and result.state in R.FINISHED:
            self.stdout.appendPlainText(self.tr("[output cut: only the first %1 MB is kept]").replace("%1", str(R.MAX_OUTPUT // 2**20)))
        text, colour = status_text(result)
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.error.setText(tr_msg(result.error))
        self.error.setVisible(bool(result.error))


class OutputColumns(QtWidgets.QScrollArea):
    """Columns side by side; each keeps a readable minimum width and the area scrolls sideways."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        self.setWidget(self.splitter)
        self.columns: dict[str, OutputColumn] = {}

    def reset(self, servers: list[str]) -> None:
        for column in self.columns.values():
            column.setParent(None)
            column.deleteLater()
        self.columns = {}
        for name in servers:
            column = OutputColumn(name)
            column.setMinimumWidth(260)
            self.splitter.addWidget(column)
            self.columns[name] = column

    def update_from(self, result: R.RunResult) -> None:
        column = self.columns.get(result.server)
        if column is not None:
            column.update_from(result)
