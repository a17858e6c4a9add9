"""The session editor: paste a login line or fill in the fields; validated with plain messages."""

from __future__ import annotations

from gpudesk.core import secrets
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login
from gpudesk.core.sessions.model import Session, ValidationError
from gpudesk.core.ssh.agent import forwarding_problem
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtWidgets


def demo_login(demo, host: str, port: int):  # type: ignore[no-untyped-def]
    """``demo`` (the running demo server, or None) when ``host:port`` is its address, else None.

    The demo server has ``username`` and ``password``. Callers pass it explicitly (the window's
    ``workspace.demo``).
    """
    server = demo
    if server is None or (getattr(server, "host", None), getattr(server, "port", None)) != (host, port):
        return None
    return server


class SessionDialog(QtWidgets.QDialog):
    """Create or edit a session. ``password``/``passphrase`` are what the user typed (to save in the keyring).

    For the demo server (its address) the user, port and password are filled in and shown, so a
    newcomer sees how a login looks and can use it in another program too; ``view_only`` shows a
    session that is not saved (the demo's) without offering to save it.
    """

    AUTH_LABELS = {  # translated when shown: the translator is installed after this module is imported
        "password": QT_TRANSLATE_NOOP("SessionDialog", "Password"),
        "key_file": QT_TRANSLATE_NOOP("SessionDialog", "Private key file"),
        "stored_key": QT_TRANSLATE_NOOP("SessionDialog", "Key stored in the app (keyring)"),
        "agent": QT_TRANSLATE_NOOP("SessionDialog", "SSH agent / Pageant"),
    }

    def __init__(  # type: ignore[no-untyped-def]
        self, session: Session | None = None, folders: list[str] | None = None, parent=None, view_only: bool = False,
        demo=None,
    ) -> None:
        super().__init__(parent)
        self.demo = demo  # the running demo server, if any: its own login is filled in for its address
        self.setWindowTitle(self.tr("Edit session") if session else self.tr("New session"))
        self.setMinimumWidth(480)
        self.session = session or Session(name="", host="")
        self.password: str | None = None
        self.passphrase: str | None = None
        self.save_secret = True

        form = QtWidgets.QFormLayout()
        self.paste = QtWidgets.QLineEdit()
        self.paste.setPlaceholderText(self.tr("Paste your provider's login, e.g. ssh -p 34567 root@region-9.example.com"))
        self.paste.textChanged.connect(self._on_paste)
        form.addRow(self.tr("Login command"), self.paste)
        self.name = QtWidgets.QLineEdit(self.session.name)
        form.addRow(self.tr("Name"), self.name)
        self.folder = QtWidgets.QComboBox()
        self.folder.setEditable(True)
        self.folder.addItems(["", *(folders or [])])
        self.folder.setCurrentText(self.session.folder)
        form.addRow(self.tr("Folder"), self.folder)
        self.host = QtWidgets.QLineEdit(self.session.host)
        self.host.setPlaceholderText("region-9.example.com")
        form.addRow(self.tr("Host"), self.host)
        self.port = QtWidgets.QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(self.session.port)
        form.addRow(self.tr("Port"), self.port)
        self.username = QtWidgets.QLineEdit(self.session.username)
        form.addRow(self.tr("User"), self.username)
        self.auth = QtWidgets.QComboBox()
        for key, label in self.AUTH_LABELS.items():
            self.auth.addItem(QCoreApplication.translate("SessionDialog", label), key)
        self.auth.setCurrentIndex(max(0, self.auth.findData(self.session.auth)))
        self.auth.currentIndexChanged.connect(self._update_auth)
        form.addRow(self.tr("Log in with"), self.auth)
        self.password_edit = QtWidgets.QLineEdit()
        self.password_edit.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText(self.tr("leave empty to be asked when connecting"))
        form.addRow(self.tr("Password"), self.password_edit)
        key_row = QtWidgets.QHBoxLayout()
        self.identity = QtWidgets.QLineEdit(self.session.identity_file)
        browse = QtWidgets.QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        key_row.addWidget(self.identity)
        key_row.addWidget(browse)
        self.key_widget = QtWidgets.QWidget()
        self.key_widget.setLayout(key_row)
        key_row.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Key file"), self.key_widget)
        self.passphrase_edit = QtWidgets.QLineEdit()
        self.passphrase_edit.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.passphrase_edit.setPlaceholderText(self.tr("only if the key has one"))
        form.addRow(self.tr("Passphrase"), self.passphrase_edit)
        self.save_box = QtWidgets.QCheckBox(self.tr("Save password / passphrase in the system keyring"))
        self.save_box.setChecked(secrets.available())
        self.save_box.setEnabled(secrets.available())
        if not secrets.available():
            self.save_box.setToolTip(self.tr("No system keyring was found; secrets will be asked for each time."))
        form.addRow("", self.save_box)
        self.price = QtWidgets.QDoubleSpinBox()
        self.price.setRange(0, 10000)
        self.price.setDecimals(2)
        self.price.setSpecialValueText(self.tr("not set"))
        self.price.setAccessibleName(self.tr("Price per hour"))
        self.price.setValue(self.session.hourly_price or 0)
        self.currency = QtWidgets.QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(self.session.currency or "USD")
        price_row = QtWidgets.QHBoxLayout()
        price_row.setContentsMargins(0, 0, 0, 0)
        price_row.addWidget(self.price)
        price_row.addWidget(self.currency)
        price_widget = QtWidgets.QWidget()
        price_widget.setLayout(price_row)
        form.addRow(self.tr("Price per hour"), price_widget)
        self.provider = QtWidgets.QLineEdit(self.session.provider)
        self.provider.setPlaceholderText(self.tr("e.g. lambda, runpod, vast, autodl (optional)"))
        form.addRow(self.tr("Provider"), self.provider)
        self.instance_id = QtWidgets.QLineEdit(self.session.provider_instance_id)
        form.addRow(self.tr("Instance ID"), self.instance_id)

        # Advanced: jump host and proxy, folded away for novices.
        self.advanced = QtWidgets.QGroupBox(self.tr("Jump host, proxy and agent"))
        self.advanced.setCheckable(True)
        has_advanced = bool(self.session.jump_host or self.session.proxy_kind or self.session.forward_agent)
        self.advanced.setChecked(has_advanced)
        adv = QtWidgets.QFormLayout(self.advanced)
        self.jump = QtWidgets.QLineEdit(self.session.jump_host)
        self.jump.setPlaceholderText(self.tr("user@bastion:22 (several: comma-separated)"))
        adv.addRow(self.tr("Jump host"), self.jump)
        self.proxy_kind = QtWidgets.QComboBox()
        for key, label in (("", self.tr("No proxy")), ("http", "HTTP CONNECT"), ("socks5", "SOCKS5"), ("command", "ProxyCommand")):
            self.proxy_kind.addItem(label, key)
        self.proxy_kind.setCurrentIndex(max(0, self.proxy_kind.findData(self.session.proxy_kind)))
        adv.addRow(self.tr("Proxy"), self.proxy_kind)
        self.proxy_host = QtWidgets.QLineEdit(self.session.proxy_host)
        self.proxy_port = QtWidgets.QSpinBox()
        self.proxy_port.setRange(0, 65535)
        self.proxy_port.setValue(int(self.session.proxy_port or 0))
        proxy_row = QtWidgets.QHBoxLayout()
        proxy_row.setContentsMargins(0, 0, 0, 0)
        proxy_row.addWidget(self.proxy_host, 1)
        proxy_row.addWidget(self.proxy_port)
        self.proxy_addr = QtWidgets.QWidget()
        self.proxy_addr.setLayout(proxy_row)
        adv.addRow(self.tr("Proxy address"), self.proxy_addr)
        self.proxy_user = QtWidgets.QLineEdit(self.session.proxy_username)
        adv.addRow(self.tr("Proxy user"), self.proxy_user)
        self.proxy_password = QtWidgets.QLineEdit()
        self.proxy_password.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.proxy_password.setPlaceholderText(self.tr("kept in the keyring"))
        adv.addRow(self.tr("Proxy password"), self.proxy_password)
        self.proxy_command = QtWidgets.QLineEdit(self.session.proxy_command)
        self.proxy_command.setPlaceholderText("nc -X connect -x proxy:3128 %h %p")
        adv.addRow(self.tr("ProxyCommand"), self.proxy_command)
        self.proxy_kind.currentIndexChanged.connect(self._update_proxy)
        self.forward_agent = QtWidgets.QCheckBox(self.tr("Forward my SSH agent (git/ssh on the server use my keys)"))
        self.forward_agent.setChecked(self.session.forward_agent)
        if problem := forwarding_problem():  # Windows: paramiko cannot forward Pageant or the agent pipe
            self.forward_agent.setEnabled(False)
            self.forward_agent.setToolTip(tr_msg(problem))
        adv.addRow("", self.forward_agent)
        self._adv_form = adv
        self.proxy_secret: str | None = None

        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.advanced)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._form = form
        self._update_auth()
        self._update_proxy()
        (self.paste if session is None else self.name).setFocus()
        if session is not None:
            self._fill_demo_login()
        if view_only:
            self._view_only()

    def _fill_demo_login(self) -> None:
        """The demo server's own user and password (a provider's template says root and a key)."""
        server = demo_login(self.demo, self.session.host, self.session.port)
        if server is None:
            return
        self.username.setText(server.username)
        self.auth.setCurrentIndex(self.auth.findData("password"))
        self.password_edit.setText(server.password)
        # A throw-away password of a server on this computer: shown, to be tried in any ssh client.
        self.password_edit.setEchoMode(QtWidgets.QLineEdit.EchoMode.Normal)

    def _view_only(self) -> None:
        """Show a session that is not saved (the demo's): every field readable, nothing to save."""
        self.setWindowTitle(self.tr("Session (not saved)"))
        self._form.setRowVisible(self.paste, False)
        for edit in self.findChildren(QtWidgets.QLineEdit):
            edit.setReadOnly(True)
        for kind in (QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox, QtWidgets.QCheckBox, QtWidgets.QPushButton):
            for widget in self.findChildren(kind):
                if widget.parent() is not self.buttons:
                    widget.setEnabled(False)
        self.advanced.setEnabled(False)
        self.buttons.setStandardButtons(QtWidgets.QDialogButtonBox.StandardButton.Close)

    def _row_visible(self, widget: QtWidgets.QWidget, visible: bool) -> None:
        self._form.setRowVisible(widget, visible)

    def _update_auth(self) -> None:
        method = self.auth.currentData()
        self._row_visible(self.password_edit, method == "password")
        self._row_visible(self.key_widget, method == "key_file")
        self._row_visible(self.passphrase_edit, method in ("key_file", "stored_key"))

    def _update_proxy(self) -> None:
        kind = self.proxy_kind.currentData()
        for widget in (self.proxy_addr, self.proxy_user, self.proxy_password):
            self._adv_form.setRowVisible(widget, kind in ("http", "socks5"))
        self._adv_form.setRowVisible(self.proxy_command, kind == "command")

    def _browse(self) -> None:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(self, self.tr("Choose a private key"), self.identity.text() or "~/.ssh")
        if path:
            self.identity.setText(path)

    def _on_paste(self, text: str) -> None:
        if not text.strip():
            self._show_error("")
            return
        try:
            line = parse_login(text)
        except LoginLineError as exc:
            self._show_error(tr_msg(exc))
            return
        self._show_error("")
        self.host.setText(line.host)
        self.port.setValue(line.port)
        self.username.setText(line.username)
        if line.jump_host:
            self.jump.setText(line.jump_host)
            self.advanced.setChecked(True)
        if line.identity_file:
            self.identity.setText(line.identity_file)
            self.auth.setCurrentIndex(self.auth.findData("key_file"))
        if not self.name.text().strip() or self.name.property("auto"):
            self.name.setText(f"{line.host}" if line.port == 22 else f"{line.host}:{line.port}")
            self.name.setProperty("auto", True)

    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def result_session(self) -> Session:
        s = self.session
        s.name = self.name.text().strip()
        s.folder = self.folder.currentText().strip()
        s.host = self.host.text().strip()
        s.port = self.port.value()
        s.username = self.username.text().strip()
        s.auth = self.auth.currentData()
        s.identity_file = self.identity.text().strip()
        s.hourly_price = self.price.value() or None
        s.currency = self.currency.currentText().strip()
        s.provider = self.provider.text().strip()
        s.provider_instance_id = self.instance_id.text().strip()
        advanced = self.advanced.isChecked()
        s.jump_host = self.jump.text().strip() if advanced else ""
        s.proxy_kind = self.proxy_kind.currentData() if advanced else ""
        s.proxy_host = self.proxy_host.text().strip()
        s.proxy_port = self.proxy_port.value()
        s.proxy_username = self.proxy_user.text().strip()
        s.proxy_command = self.proxy_command.text().strip()
        s.forward_agent = advanced and self.forward_agent.isChecked()
        return s

    def _accept(self) -> None:
        original = Session.from_json(self.session.to_json())
        session = self.result_session()
        try:
            session.validate()
        except ValidationError as exc:
            self._show_error(tr_msg(exc))
            field = {"name": self.name, "host": self.host, "port": self.port, "username": self.username}.get(exc.field)
            if exc.field == "identity_file":
                field = self.identity
            if field is not None:
                field.setFocus()
            # Keep the dialog's session object unchanged until the input is valid.
            self.session.__dict__.update(original.__dict__)
            return
        if session.auth == "key_file":
            from gpudesk.core.ssh import errors as E
            from gpudesk.core.ssh.keys import load_key_file

            try:
                load_key_file(session.identity_file, self.passphrase_edit.text() or None)
            except E.PassphraseRequired:
                self._show_error(self.tr("This key needs a passphrase. Enter it above (it is kept in the keyring)."))
                self.passphrase_edit.setFocus()
                return
            except E.ConnectError as exc:
                self._show_error(tr_msg(exc))
                return
        self.proxy_secret = self.proxy_password.text() or None
        self.password = self.password_edit.text() or None
        self.passphrase = self.passphrase_edit.text() or None
        self.save_secret = self.save_box.isChecked()
        self.accept()


def ask_secret(parent, title: str, text: str, can_save: bool) -> tuple[str, bool] | None:  # type: ignore[no-untyped-def]
    """A small password/passphrase prompt. Returns ``(secret, save)`` or ``None`` if cancelled."""
    dialog = QtWidgets.QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QtWidgets.QVBoxLayout(dialog)
    label = QtWidgets.QLabel(text)
    label.setWordWrap(True)
    layout.addWidget(label)
    edit = QtWidgets.QLineEdit()
    edit.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
    layout.addWidget(edit)
    save = QtWidgets.QCheckBox(QtWidgets.QApplication.translate("SessionDialog", "Save in the system keyring"))
    save.setChecked(can_save)
    save.setEnabled(can_save)
    layout.addWidget(save)
    buttons = QtWidgets.QDialogButtonBox(
        QtWidgets.QDialogButtonBox.StandardButton.Ok | QtWidgets.QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    edit.setFocus(Qt.FocusReason.OtherFocusReason)
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return None
    return edit.text(), save.isChecked()
