"""Add a provider account: name, kind, API address, token (tested with a cheap call, then kept in the keyring)."""

from __future__ import annotations

import json

from gpudesk.core.providers.accounts import KINDS, Account, AccountStore, provider_for
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QtWidgets, shiboken6

GENERIC_EXAMPLE = (
    '{"status_url": "/machines/{id}", "start_url": "/machines/{id}/start", '
    '"stop_url": "/machines/{id}/stop", "instance_ids": ["box1"]}'
)


class AccountDialog(QtWidgets.QDialog):
    def __init__(self, store: AccountStore, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a provider account"))
        self.store = store
        self.account: Account | None = None
        self.name = QtWidgets.QLineEdit()
        self.kind = QtWidgets.QComboBox()
        for kind, cls in KINDS.items():
            self.kind.addItem(cls.title, kind)
        self.url = QtWidgets.QLineEdit()
        self.token = QtWidgets.QLineEdit()
        self.token.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.options = QtWidgets.QPlainTextEdit()
        self.options.setPlaceholderText(GENERIC_EXAMPLE)
        self.options.setMaximumHeight(80)
        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Provider"), self.kind)
        form.addRow(self.tr("API address"), self.url)
        form.addRow(self.tr("API token"), self.token)
        self.options_label = QtWidgets.QLabel(self.tr("URL templates (JSON)"))
        form.addRow(self.options_label, self.options)
        self.buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.addButton(
            self.tr("Test and save"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.accepted.connect(self.test_and_save)
        self.buttons.rejected.connect(self.reject)
        note = QtWidgets.QLabel(self.tr("The token is kept in the system keyring, never in a file."))
        note.setEnabled(False)
        # AutoDL's developer API reaches Pro instances only; others would silently be missing.
        self.autodl_note = QtWidgets.QLabel(
            self.tr(
                "AutoDL: only Pro instances (容器实例 Pro) are supported. Other AutoDL instances do not "
                "appear in the list and cannot be started or stopped from here."
            )
        )
        self.autodl_note.setWordWrap(True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.autodl_note)
        layout.addWidget(note)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()
        self.resize(520, 0)

    def _kind_changed(self) -> None:
        cls = KINDS[self.kind.currentData()]
        self.url.setPlaceholderText(cls.default_url or self.tr("https://your-api.example.com"))
        generic = cls.kind == "generic"
        self.options.setVisible(generic)
        self.options_label.setVisible(generic)
        self.autodl_note.setVisible(cls.kind == "autodl")
        manual = cls.kind == "manual"
        self.token.setEnabled(not manual)
        self.url.setEnabled(not manual)
        if not self.name.text() or self.name.text() in [c.title for c in KINDS.values()]:
            self.name.setText(cls.title)

    def test_and_save(self) -> None:
        kind = self.kind.currentData()
        name = self.name.text().strip()
        if not name:
            self.status.setText(self.tr("Give the account a name."))
            return
        options = {}
        if kind == "generic":
            try:
                options = json.loads(self.options.toPlainText() or "{}")
                assert isinstance(options, dict)
            except (ValueError, AssertionError):
                self.status.setText(
                    self.tr("The URL templates must be a JSON object, e.g. %1").replace("%1", GENERIC_EXAMPLE)
                )
                return
            if not self.url.text().strip():
                self.status.setText(self.tr("Enter the API address."))
                return
        account = Account(name, kind, self.url.text().strip(), options)
        token = self.token.text().strip()
        if kind != "manual" and not token:
            self.status.setText(self.tr("Paste the API token from your provider's console."))
            return
        self.save_button.setEnabled(False)
        self.status.setText(self.tr("Testing the token…"))
        store = self.store

        def work() -> None:
            provider = provider_for(account, token=token, retries=1, timeout=10)
            provider.check()  # one cheap authenticated call before anything is saved
            store.save(account, token or None)

        run_in_background(work, lambda _r: self._saved(account), self._failed)

    def _saved(self, account: Account) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        self.account = account
        self.accept()

    def _failed(self, exc: BaseException) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        self.save_button.setEnabled(True)
        self.status.setText(self.tr("Not saved: %1").replace("%1", tr_msg(exc)))
