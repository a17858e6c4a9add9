"""Forwards panel: local / remote / SOCKS forwards, saved with the session, one-click TensorBoard and Jupyter."""

from __future__ import annotations

from gpudesk.core.live.server import LiveServer
from gpudesk.core.ssh.forward import Forward, ForwardSpec
from gpudesk.ui import bridge, shortcuts
from gpudesk.ui.background import call_in_gui
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QtCore, QtGui, QtWidgets, shiboken6

PRESETS = {
    "TensorBoard": 6006,
    "Jupyter": 8888,
}


class ForwardDialog(QtWidgets.QDialog):
    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add port forward"))
        form = QtWidgets.QFormLayout(self)
        self.kind = QtWidgets.QComboBox()
        self.kind.addItem(self.tr("Local: a server port on this computer (-L)"), "local")
        self.kind.addItem(self.tr("Remote: a local port on the server (-R)"), "remote")
        self.kind.addItem(self.tr("Dynamic: SOCKS5 proxy through the server (-D)"), "dynamic")
        self.kind.currentIndexChanged.connect(self._update)
        form.addRow(self.tr("Type"), self.kind)
        self.bind_port = QtWidgets.QSpinBox()
        self.bind_port.setRange(0, 65535)
        self.bind_port.setSpecialValueText(self.tr("any free port"))
        form.addRow(self.tr("Listen on port"), self.bind_port)
        self.host = QtWidgets.QLineEdit("127.0.0.1")
        form.addRow(self.tr("Destination host"), self.host)
        self.port = QtWidgets.QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(8080)
        form.addRow(self.tr("Destination port"), self.port)
        self.save = QtWidgets.QCheckBox(self.tr("Start it every time this session connects"))
        self.save.setChecked(True)
        form.addRow("", self.save)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._form = form

    def _update(self) -> None:
        dynamic = self.kind.currentData() == "dynamic"
        self._form.setRowVisible(self.host, not dynamic)
        self._form.setRowVisible(self.port, not dynamic)

    def spec(self) -> ForwardSpec:
        return ForwardSpec(self.kind.currentData(), self.bind_port.value(), self.host.text().strip(), self.port.value())


class ForwardsPanel(QtWidgets.QWidget):
    COLUMNS = (
        QT_TRANSLATE_NOOP("ForwardsPanel", "Type"),
        QT_TRANSLATE_NOOP("ForwardsPanel", "Listen"),
        QT_TRANSLATE_NOOP("ForwardsPanel", "Destination"),
        QT_TRANSLATE_NOOP("ForwardsPanel", "Status"),
        QT_TRANSLATE_NOOP("ForwardsPanel", "Connections"),
        QT_TRANSLATE_NOOP("ForwardsPanel", "Message"),
    )

    def __init__(self, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        #: the server's forwards: they start, come back after a drop and end with the server, not with this tab
        self.live = server.forwards
        bridge.connect(self.live.changed, lambda _forwards: self.refresh(), self)
        # a job's service (TensorBoard) is forwarded and listed here
        bridge.connect(server.work.service_wanted, self.open_service, self)
        bar = QtWidgets.QHBoxLayout()
        add = QtWidgets.QPushButton(self.tr("Add forward…"))
        add.clicked.connect(self.add_dialog)
        bar.addWidget(add)
        for name, port in PRESETS.items():
            button = QtWidgets.QPushButton(self.tr("Open %1").replace("%1", name))
            button.setToolTip(self.tr("Forward the server's port %1 here and open it in your browser").replace("%1", str(port)))
            button.clicked.connect(lambda _=False, p=port: self.open_service(p))
            bar.addWidget(button)
        bar.addStretch(1)
        self.open_button = QtWidgets.QPushButton(self.tr("Open in browser"))
        self.open_button.clicked.connect(self.open_selected)
        self.remove_button = QtWidgets.QPushButton(self.tr("Stop and remove"))
        self.remove_button.clicked.connect(self.remove_selected)
        bar.addWidget(self.open_button)
        bar.addWidget(self.remove_button)
        self.table = QtWidgets.QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in self.COLUMNS])
        self.table.setAccessibleName(self.tr("Port forwards"))
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.doubleClicked.connect(self.open_selected)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.empty = QtWidgets.QLabel(
            self.tr("No forwards yet — press “Add forward…”, or “Open TensorBoard” / “Open Jupyter” to reach that service on the server from your browser.")
        )
        self.empty.setWordWrap(True)
        self.empty.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        hint = QtWidgets.QLabel(
            self.tr("Forwards reach services on the server (TensorBoard, Jupyter, a web demo) from this computer. "
                    "Saved forwards start when the session connects.")
        )
        hint.setWordWrap(True)
        hint.setStyleSheet("color: palette(mid);")
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.table, 1)
        layout.addWidget(hint)
        self.refresh()
        shortcuts.make_shortcut("forwards.remove", self.table, self.remove_selected)

    @property
    def forwards(self) -> list[Forward]:
        return self.live.forwards

    def shutdown(self) -> None:
        """The tab goes: its server's forwards end with it (the workspace closes the server too)."""
        self.live.close()

    def start(self, spec: ForwardSpec, save: bool = False, then=None) -> None:  # type: ignore[no-untyped-def]
        if self.server.link.connection is None:
            QtWidgets.QMessageBox.information(self, self.tr("Forwards"), self.tr("Connect first."))
            return
        future = self.live.start(spec, save=save)
        if then is not None:
            self._then(future, then)

    def _then(self, future, then) -> None:  # type: ignore[no-untyped-def]
        """Call ``then(forward)`` on the GUI thread once ``future``'s forward listens (while this view lives)."""

        def done(f) -> None:  # type: ignore[no-untyped-def]
            if f.exception() is None and f.result().status == "listening":
                call_in_gui(lambda forward: then(forward) if shiboken6.isValid(self) else None, f.result())

        future.add_done_callback(done)

    # -- actions -------------------------------------------------------------
    def add_dialog(self) -> None:
        dialog = ForwardDialog(self)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            self.start(dialog.spec(), save=dialog.save.isChecked())

    def open_service(self, remote_port: int) -> None:
        """Forward a free local port to the server's ``remote_port`` and open the browser there."""
        if self.server.link.connection is None:
            QtWidgets.QMessageBox.information(self, self.tr("Forwards"), self.tr("Connect first."))
            return
        self._then(self.live.service(remote_port), self._open)

    def _open(self, forward: Forward) -> None:
        url = f"http://127.0.0.1:{forward.spec.bind_port}/"
        if not QtGui.QDesktopServices.openUrl(QtCore.QUrl(url)):
            # No browser could be started (a bare server desktop, a broken default-app
            # setting): the forward works all the same, so give the address to copy.
            self.url_dialog = UrlDialog(url, self)
            self.url_dialog.show()

    def _selected(self) -> Forward | None:
        row = self.table.currentRow()
        forwards = self.forwards
        return forwards[row] if 0 <= row < len(forwards) else None

    def open_selected(self) -> None:
        forward = self._selected()
        if forward is not None and forward.spec.kind == "local" and forward.status == "listening":
            self._open(forward)

    def remove_selected(self) -> None:
        forward = self._selected()
        if forward is not None:
            self.live.remove(forward)

    def refresh(self) -> None:
        forwards = self.forwards
        self.table.setRowCount(len(forwards))
        colors = {"listening": "#2e7d32", "failed": "#c62828", "closed": "#757575"}
        for row, forward in enumerate(forwards):
            spec = forward.spec
            listen = f"localhost:{spec.bind_port}" if spec.kind != "remote" else f"server:{spec.bind_port}"
            dest = "SOCKS5" if spec.kind == "dynamic" else f"{spec.host}:{spec.port}"
            status = {"listening": self.tr("active"), "failed": self.tr("failed"), "closed": self.tr("stopped"), "starting": self.tr("starting…")}
            values = [spec.kind, listen, dest, status.get(forward.status, forward.status), str(forward.active), tr_msg(forward.error)]
            for col, value in enumerate(values):
                item = QtWidgets.QTableWidgetItem(value)
                if col == 3:
                    item.setForeground(QtGui.QBrush(QtGui.QColor(colors.get(forward.status, "#000"))))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.empty.setVisible(not forwards)
        self.table.setVisible(bool(forwards))
        self._update_buttons()

    def _update_buttons(self) -> None:
        """Buttons that cannot act are disabled: nothing selected, or a forward no browser can open."""
        forward = self._selected() if self.table.selectedItems() else None
        self.open_button.setEnabled(forward is not None and forward.spec.kind == "local" and forward.status == "listening")
        self.remove_button.setEnabled(forward is not None)


class UrlDialog(QtWidgets.QDialog):
    """"No browser could be opened": the address, selectable, with a Copy button (non-modal)."""

    def __init__(self, url: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open in browser"))
        self.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        layout = QtWidgets.QVBoxLayout(self)
        self.message = QtWidgets.QLabel(
            self.tr("No web browser could be started on this computer. The forward is running; open this address in a browser yourself:"),
            self,
        )
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.url = QtWidgets.QLineEdit(url, self)
        self.url.setReadOnly(True)
        self.url.setAccessibleName(self.tr("Address"))
        self.url.selectAll()
        layout.addWidget(self.url)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = buttons.addButton(self.tr("Copy address"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def copy(self) -> None:
        QtWidgets.QApplication.clipboard().setText(self.url.text())
        self.copy_button.setText(self.tr("Copied"))
