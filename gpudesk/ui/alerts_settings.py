"""Settings → Alerts: the channels alerts go to when you are away, their events, and "Send a test".

A view of :class:`gpudesk.core.alerts.store.ChannelStore`; every read, write and send runs in the
background (files, the keyring and the network are IO). Answers from outside are shown as plain text.
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.alerts.model import EVENTS, KINDS, ChannelError, event_title
from gpudesk.ui import plaintext
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, QtCore, QtWidgets

KIND_NAMES = {
    "desktop": QT_TRANSLATE_NOOP("AlertsDialog", "Desktop notification"),
    "ntfy": QT_TRANSLATE_NOOP("AlertsDialog", "ntfy (phone push)"),
    "webhook": QT_TRANSLATE_NOOP("AlertsDialog", "Webhook (JSON)"),
    "smtp": QT_TRANSLATE_NOOP("AlertsDialog", "Email (SMTP)"),
    "telegram": QT_TRANSLATE_NOOP("AlertsDialog", "Telegram bot"),
    "feishu": QT_TRANSLATE_NOOP("AlertsDialog", "Feishu / Lark group bot"),
    "dingtalk": QT_TRANSLATE_NOOP("AlertsDialog", "DingTalk group bot"),
    "wecom": QT_TRANSLATE_NOOP("AlertsDialog", "WeCom group bot"),
}
URL_HINTS = {
    "desktop": QT_TRANSLATE_NOOP("AlertsDialog", "(no address: the app shows it)"),
    "ntfy": "https://ntfy.sh/your-topic",
    "webhook": "https://example.com/hooks/gpudesk",
    "smtp": "smtps://you@mail.example.com:465?to=you@example.com",
    "telegram": "https://api.telegram.org/?chat_id=123456789",
    "feishu": "https://open.feishu.cn/open-apis/bot/v2/hook/…",
    "dingtalk": "https://oapi.dingtalk.com/robot/send?access_token=…",
    "wecom": "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…",
}


def _kind_name(kind: str) -> str:
    return QCoreApplication.translate("AlertsDialog", KIND_NAMES.get(kind, kind))


def _setting(name: str) -> Any:
    from gpudesk.core import settings

    return settings.get(name)


def _store() -> Any:
    from gpudesk.core.alerts.store import ChannelStore

    return ChannelStore()


class EventPicker(QtWidgets.QWidget):
    """A check box per kind of news."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[str, QtWidgets.QCheckBox] = {}
        for i, event in enumerate(EVENTS):
            box = QtWidgets.QCheckBox(tr_msg(event_title(event)))
            box.setChecked(True)
            grid.addWidget(box, i // 2, i % 2)
            self.boxes[event] = box

    def events(self) -> list[str]:
        return [e for e, box in self.boxes.items() if box.isChecked()]

    def set_events(self, events: list[str]) -> None:
        for e, box in self.boxes.items():
            box.setChecked(e in events)


class AddChannelDialog(QtWidgets.QDialog):
    """Name, kind, address, secret (kept in the keyring) and events of a new channel."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add an alert channel"))
        self.name = QtWidgets.QLineEdit()
        self.name.setAccessibleName(self.tr("Channel name"))
        self.kind = QtWidgets.QComboBox()
        self.kind.setAccessibleName(self.tr("Kind"))
        for kind in KINDS:
            self.kind.addItem(_kind_name(kind), kind)
        self.url = QtWidgets.QLineEdit()
        self.url.setAccessibleName(self.tr("Address"))
        self.secret = QtWidgets.QLineEdit()
        self.secret.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName(self.tr("Token, password or signing key"))
        self.secret.setPlaceholderText(self.tr("kept in the system keyring only (optional)"))
        self.events = EventPicker()
        self.error = plaintext.plain(QtWidgets.QLabel())
        self.error.setWordWrap(True)
        self.error.hide()
        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Kind"), self.kind)
        form.addRow(self.tr("Address"), self.url)
        form.addRow(self.tr("Secret"), self.secret)
        form.addRow(self.tr("Send"), self.events)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        self.save_button = buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Save)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        hint = URL_HINTS.get(kind, "")
        self.url.setPlaceholderText(QCoreApplication.translate("AlertsDialog", hint) if kind == "desktop" else hint)
        self.url.setEnabled(kind != "desktop")
        self.secret.setEnabled(kind != "desktop")

    def _save(self) -> None:
        name, kind, url = self.name.text().strip(), self.kind.currentData(), self.url.text().strip()
        secret = self.secret.text() or None
        events = self.events.events()
        if not events:
            self._show_error(self.tr("Pick at least one kind of news."))
            return
        if sorted(events) == sorted(EVENTS):
            events = []
        self.save_button.setEnabled(False)
        run_in_background(lambda: _store().add(name, kind, url, events, secret), self._saved, self._failed)

    def _saved(self, _channel: Any) -> None:
        self.secret.clear()
        self.accept()

    def _failed(self, exc: BaseException) -> None:
        self.save_button.setEnabled(True)
        self._show_error(tr_msg(exc.args[0]) if isinstance(exc, ChannelError) and exc.args else tr_msg(str(exc)))

    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()


class AlertsDialog(QtWidgets.QDialog):
    """The list of channels with Add, Remove, the selected channel's events, and Send a test."""

    def __init__(self, parent: QtWidgets.QWidget | None = None, desktop: Any = None) -> None:
        super().__init__(parent)
        self._desktop = desktop  # the running app's desktop-alert event (its tray listens), if any
        self.setWindowTitle(self.tr("Alerts when you are away"))
        self.resize(760, 520)
        intro = plaintext.plain(
            QtWidgets.QLabel(
                self.tr(
                    "gpudesk can tell you on your phone, by email or in a group chat when a job ends or fails, "
                    "a server sits idle and billing, a stop is not confirmed or credit runs low."
                )
            )
        )
        intro.setWordWrap(True)
        self.table = QtWidgets.QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Kind"), self.tr("Address"), self.tr("Events")])
        self.table.setAccessibleName(self.tr("Alert channels"))
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selected)
        self.add_button = QtWidgets.QPushButton(self.tr("Add…"))
        self.remove_button = QtWidgets.QPushButton(self.tr("Remove"))
        self.test_button = QtWidgets.QPushButton(self.tr("Send a test"))
        self.add_button.clicked.connect(self.add_channel)
        self.remove_button.clicked.connect(self.remove_channel)
        self.test_button.clicked.connect(self.send_test)
        row = QtWidgets.QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.test_button):
            row.addWidget(button)
        row.addStretch(1)
        self.events = EventPicker()
        self.save_events = QtWidgets.QPushButton(self.tr("Save events"))
        self.save_events.clicked.connect(self._save_events)
        events_box = QtWidgets.QGroupBox(self.tr("News sent to the selected channel"))
        events_layout = QtWidgets.QVBoxLayout(events_box)
        events_layout.addWidget(self.events)
        events_layout.addWidget(self.save_events, 0, QtCore.Qt.AlignmentFlag.AlignRight)
        self.events_box = events_box
        self.credit_on = QtWidgets.QCheckBox(self.tr("Alert when a provider's credit is below"))
        self.credit_amount = QtWidgets.QDoubleSpinBox()
        self.credit_amount.setRange(0, 1_000_000)
        self.credit_amount.setDecimals(2)
        self.credit_amount.setValue(5.0)
        self.credit_amount.setAccessibleName(self.tr("Credit threshold"))
        self.credit_save = QtWidgets.QPushButton(self.tr("Save"))
        self.credit_save.setAccessibleName(self.tr("Save the credit threshold"))
        self.credit_save.clicked.connect(self._save_credit)
        credit_row = QtWidgets.QHBoxLayout()
        credit_row.addWidget(self.credit_on)
        credit_row.addWidget(self.credit_amount)
        credit_row.addWidget(self.credit_save)
        credit_row.addStretch(1)
        self.from_server = QtWidgets.QCheckBox(
            self.tr(
                "Also send from the guard on each server, so its news arrives while this computer is off "
                "(ntfy, webhook, Telegram, WeCom, unsigned Feishu/DingTalk)"
            )
        )
        self.from_server.setToolTip(
            self.tr(
                "The guard sends what it did, a deadline or daily cap 30 and 5 minutes away, and jobs that ended "
                "while the app was away. The channel's address and token are kept on the server in a file only "
                "your account can read. Applied when the app next connects to each server."
            )
        )
        self.from_server.toggled.connect(self._save_from_server)
        self.answer = plaintext.plain(QtWidgets.QLabel())
        self.answer.setWordWrap(True)
        self.answer.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(events_box)
        layout.addLayout(credit_row)
        layout.addWidget(self.from_server)
        layout.addWidget(self.answer)
        layout.addWidget(buttons)
        self._channels: list[Any] = []
        self._selected()
        self.reload()

    # -- the list -----------------------------------------------------------------------------------
    def reload(self) -> None:
        from gpudesk.core.alerts.credit import credit_threshold

        run_in_background(lambda: _store().channels(), self._show, self._error)
        run_in_background(credit_threshold, self._show_credit, self._error)
        run_in_background(lambda: _setting("alerts.from_server"), self._show_from_server, self._error)

    def _show_from_server(self, on: bool) -> None:
        self.from_server.blockSignals(True)
        self.from_server.setChecked(bool(on))
        self.from_server.blockSignals(False)

    def _save_from_server(self, on: bool) -> None:
        from gpudesk.core import settings

        run_in_background(
            lambda: settings.set("alerts.from_server", bool(on)),
            lambda _r: self.answer.setText(self.tr("Saved.")),
            self._error,
        )

    def _show_credit(self, limit: float | None) -> None:
        self.credit_on.setChecked(limit is not None)
        if limit is not None:
            self.credit_amount.setValue(limit)

    def _save_credit(self) -> None:
        from gpudesk.core.alerts.credit import set_credit_threshold

        value = self.credit_amount.value() if self.credit_on.isChecked() else None
        run_in_background(
            lambda: set_credit_threshold(value), lambda _r: self.answer.setText(self.tr("Saved.")), self._error
        )

    def _show(self, channels: list[Any]) -> None:
        self._channels = channels
        self.table.setRowCount(len(channels))
        for r, channel in enumerate(channels):
            events = channel.to_json()["events"]
            shown = (
                self.tr("all")
                if sorted(events) == sorted(EVENTS)
                else ", ".join(tr_msg(event_title(e)) for e in events)
            )
            for c, text in enumerate((channel.name, _kind_name(channel.kind), channel.url or "—", shown)):
                item = QtWidgets.QTableWidgetItem(text)
                item.setToolTip(plaintext.tooltip(text))
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self._selected()

    def _current(self) -> Any:
        rows = self.table.selectionModel().selectedRows()
        return self._channels[rows[0].row()] if rows and rows[0].row() < len(self._channels) else None

    def _selected(self) -> None:
        channel = self._current()
        self.remove_button.setEnabled(channel is not None)
        self.events_box.setEnabled(channel is not None)
        self.test_button.setEnabled(bool(self._channels))
        if channel is not None:
            self.events.set_events(channel.to_json()["events"])

    # -- actions ------------------------------------------------------------------------------------
    def add_channel(self) -> None:
        dialog = AddChannelDialog(self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(self.reload)
        dialog.open()

    def remove_channel(self) -> None:
        channel = self._current()
        if channel is None:
            return
        name = channel.name
        run_in_background(lambda: _store().remove(name), lambda _ok: self.reload(), self._error)

    def _save_events(self) -> None:
        channel = self._current()
        events = self.events.events()
        if channel is None or not events:
            self.answer.setText(self.tr("Pick at least one kind of news."))
            return
        name = channel.name
        run_in_background(lambda: _store().set_events(name, events), lambda _r: self.reload(), self._error)

    def send_test(self) -> None:
        """A test message to the selected channel (or to every channel), sent in the background."""
        from gpudesk.core.alerts.sender import send_test

        channel = self._current()
        names = [channel.name] if channel is not None else [c.name for c in self._channels]
        self.test_button.setEnabled(False)
        self.answer.setText(self.tr("Sending a test…"))
        desktop = self._desktop
        run_in_background(lambda: send_test(_store(), names, desktop), self._tested, self._error)

    def _tested(self, results: list[tuple[str, Any]]) -> None:
        self.test_button.setEnabled(True)
        lines = []
        for name, answer in results:
            status = self.tr("accepted") if answer.ok else self.tr("failed")
            lines.append(f"{name}: {status} — {tr_msg(answer.detail)}")
        self.answer.setText("\n".join(lines) or self.tr("No channel to test."))

    def _error(self, exc: BaseException) -> None:
        self.test_button.setEnabled(bool(self._channels))
        self.answer.setText(tr_msg(exc.args[0]) if exc.args else tr_msg(str(exc)))
