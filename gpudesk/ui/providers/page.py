"""The Providers page: accounts, their instances with status and price, lifecycle actions."""

from __future__ import annotations

import shiboken6

from gpudesk.core.providers.accounts import Account, AccountStore, provider_for
from gpudesk.core.providers.base import Instance
from gpudesk.core.providers.errors import ProviderError
from gpudesk.core.sessions.model import Session
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, Qt, QtGui, QtWidgets, Signal

COLUMNS = (
    QT_TRANSLATE_NOOP("ProvidersPage", "Account"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Instance"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Name"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Status"),
    QT_TRANSLATE_NOOP("ProvidersPage", "GPUs"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Price"),
    QT_TRANSLATE_NOOP("ProvidersPage", "SSH"),
)
# The normalised instance states (core/providers/base.py STATES) in the UI language; the provider's own word follows.
STATUS_NAMES = {
    "starting": QT_TRANSLATE_NOOP("ProvidersPage", "starting"),
    "running": QT_TRANSLATE_NOOP("ProvidersPage", "running"),
    "stopping": QT_TRANSLATE_NOOP("ProvidersPage", "stopping"),
    "stopped": QT_TRANSLATE_NOOP("ProvidersPage", "stopped"),
    "terminating": QT_TRANSLATE_NOOP("ProvidersPage", "terminating"),
    "terminated": QT_TRANSLATE_NOOP("ProvidersPage", "terminated"),
    "error": QT_TRANSLATE_NOOP("ProvidersPage", "error"),
    "unknown": QT_TRANSLATE_NOOP("ProvidersPage", "unknown"),
}
STATUS_COLOURS = {
    "running": "#2e7d32",
    "starting": "#ef6c00",
    "stopping": "#ef6c00",
    "stopped": "#757575",
    "error": "#c62828",
    "terminating": "#c62828",
    "terminated": "#9e9e9e",
}


class ProvidersPage(QtWidgets.QWidget):
    new_session_requested = Signal(object)  # a Session template

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = AccountStore()
        self.instances: list[Instance] = []
        self.errors: dict[str, str] = {}
        self._pending = 0

        self.accounts = QtWidgets.QListWidget()
        self.accounts.setMaximumWidth(240)
        self.accounts.setAccessibleName(self.tr("Accounts"))
        add = QtWidgets.QPushButton(self.tr("Add account…"))
        add.clicked.connect(self.add_account)
        self.remove_button = QtWidgets.QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove_account)
        left = QtWidgets.QVBoxLayout()
        left.addWidget(QtWidgets.QLabel(self.tr("Accounts")))
        left.addWidget(self.accounts, 1)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(add)
        row.addWidget(self.remove_button)
        left.addLayout(row)

        self.table = QtWidgets.QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.setAccessibleName(self.tr("Instances"))
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(6, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.doubleClicked.connect(lambda _i: self.create_session())
        self.refresh_button = QtWidgets.QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        self.start_button = QtWidgets.QPushButton(self.tr("Start"))
        self.stop_button = QtWidgets.QPushButton(self.tr("Stop"))
        self.terminate_button = QtWidgets.QPushButton(self.tr("Terminate"))
        self.session_button = QtWidgets.QPushButton(self.tr("Create session"))
        self.start_button.clicked.connect(lambda: self.confirm_action("start"))
        self.stop_button.clicked.connect(lambda: self.confirm_action("stop"))
        self.terminate_button.clicked.connect(lambda: self.confirm_action("terminate"))
        self.session_button.clicked.connect(self.create_session)
        actions = QtWidgets.QHBoxLayout()
        for b in (self.refresh_button, self.start_button, self.stop_button, self.terminate_button):
            actions.addWidget(b)
        actions.addStretch(1)
        actions.addWidget(self.session_button)
        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        self.note = QtWidgets.QLabel()
        self.note.setWordWrap(True)
        self.note.setMinimumHeight(self.note.fontMetrics().lineSpacing() * 3)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right = QtWidgets.QVBoxLayout()
        right.addLayout(actions)
        right.addWidget(self.table, 1)
        right.addWidget(self.note)
        right.addWidget(self.status)
        layout = QtWidgets.QHBoxLayout(self)
        layout.addLayout(left)
        layout.addLayout(right, 1)
        self.reload_accounts()
        self.refresh()

    # -- accounts -----------------------------------------------------------------------------
    def reload_accounts(self) -> None:
        self.store = AccountStore()
        self.accounts.clear()
        for account in self.store:
            suffix = self.tr(" (this run)") if self.store.is_transient(account.name) else ""
            item = QtWidgets.QListWidgetItem(f"{account.name} — {account.title}{suffix}")
            item.setData(Qt.ItemDataRole.UserRole, account.name)
            self.accounts.addItem(item)
        if self.store.load_error:
            self.status.setText(tr_msg(self.store.load_error))
        elif not self.accounts.count():
            self.status.setText(
                self.tr("No provider accounts yet. Add one with its API token to list and control your instances.")
            )

    def add_account(self) -> None:
        from gpudesk.ui.providers.account_dialog import AccountDialog

        dialog = AccountDialog(self.store, self)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            self.reload_accounts()
            self.refresh()

    def remove_account(self) -> None:
        item = self.accounts.currentItem()
        if item is None:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        answer = QtWidgets.QMessageBox.question(
            self,
            self.tr("Remove account"),
            self.tr("Remove the account '%1' and its token from the keyring? Instances are not touched.").replace(
                "%1", name
            ),
        )
        if answer == QtWidgets.QMessageBox.StandardButton.Yes:
            store = self.store
            run_in_background(lambda: store.remove(name), lambda _r: (self.reload_accounts(), self.refresh()))

    # -- instances -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        accounts = list(self.store)
        self.instances = []
        self.errors = {}
        self._pending = len(accounts)
        self.refresh_button.setEnabled(not accounts)
        if accounts:
            self.status.setText(self.tr("Asking %1 account(s)…").replace("%1", str(len(accounts))))
        self._fill()
        for account in accounts:
            run_in_background(
                lambda a=account: provider_for(a).list_instances(),
                lambda found, a=account: self._listed(a, found, ""),
                lambda exc, a=account: self._listed(a, [], tr_msg(exc)),
            )

    def _listed(self, account: Account, found: list[Instance], error: str) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        self.instances.extend(found)
        self.instances.sort(key=lambda i: (i.provider.lower(), i.name.lower(), i.id))  # answers arrive in any order
        if error:
            self.errors[account.name] = error
        self._pending -= 1
        if self._pending <= 0:
            self.refresh_button.setEnabled(True)
            errors = "\n".join(f"{k}: {v}" for k, v in self.errors.items())
            self.status.setText(errors or self.tr("%1 instance(s).").replace("%1", str(len(self.instances))))
        self._fill()

    def _fill(self) -> None:
        selected = self.selected()
        self.table.setRowCount(len(self.instances))
        for row, inst in enumerate(self.instances):
            gpus = f"{inst.gpu_count}× {inst.gpu_type}" if inst.gpu_count else inst.gpu_type
            price = f"{inst.price_per_hour:.2f} {inst.currency}/h" if inst.price_per_hour is not None else "–"
            ssh = f"{inst.ssh_user}@{inst.ssh_host}:{inst.ssh_port}" if inst.ssh_host else "–"
            status = self.tr(str(STATUS_NAMES[inst.status])) if inst.status in STATUS_NAMES else inst.status
            if inst.raw_status not in ("", inst.status):
                status = f"{status} ({inst.raw_status})"
            for col, text in enumerate((inst.provider, inst.id, inst.name, status, gpus, price, ssh)):
                item = QtWidgets.QTableWidgetItem(text)
                if col == 3 and inst.status in STATUS_COLOURS:
                    item.setForeground(QtGui.QBrush(QtGui.QColor(STATUS_COLOURS[inst.status])))
                self.table.setItem(row, col, item)
            if selected and (inst.provider, inst.id) == (selected.provider, selected.id):
                self.table.selectRow(row)
        self.table.resizeColumnsToContents()
        self._update_buttons()

    def selected(self) -> Instance | None:
        rows = {i.row() for i in self.table.selectedIndexes()}
        if len(rows) != 1:
            return None
        row = rows.pop()
        return self.instances[row] if row < len(self.instances) else None

    def _provider_actions(self, inst: Instance) -> frozenset[str]:
        account = self.store.get(inst.provider)
        from gpudesk.core.providers.accounts import KINDS

        if account is None or account.kind not in KINDS:
            return frozenset()
        actions = KINDS[account.kind].actions
        return actions if isinstance(actions, frozenset) else frozenset({"start", "stop", "terminate"})

    def _update_buttons(self) -> None:
        inst = self.selected()
        actions = self._provider_actions(inst) if inst else frozenset()
        self.start_button.setEnabled(bool(inst) and "start" in actions and inst.status in ("stopped",))
        self.stop_button.setEnabled(
            bool(inst) and "stop" in actions and inst.status in ("running", "starting", "error")
        )
        self.terminate_button.setEnabled(
            bool(inst) and "terminate" in actions and inst.status not in ("terminated", "terminating")
        )
        self.session_button.setEnabled(bool(inst and inst.ssh_host))
        self.stop_button.setToolTip("" if not inst or "stop" in actions else self.tr("This provider has no stop."))
        if inst is not None:
            account = self.store.get(inst.provider)
            cls = _cls(account)
            note = tr_msg(cls(inst.provider).stop_note()) if cls else ""
            note = note.replace("/", "/\u2060")  # keep "/workspace" whole when the label wraps
            self.note.setText(self.tr("What stop keeps billing: %1").replace("%1", note) if note else "")
        else:
            self.note.setText("")

    def confirm_action(self, action: str) -> None:
        inst = self.selected()
        if inst is None:
            return
        account = self.store.get(inst.provider)
        cls = _cls(account)
        note = ""
        if cls is not None:
            helper = cls(inst.provider)
            note = helper.stop_note() if action == "stop" else helper.terminate_note() if action == "terminate" else ""
            note = tr_msg(note)
        titles = {"start": self.tr("Start %1?"), "stop": self.tr("Stop %1?"), "terminate": self.tr("Terminate %1?")}
        box = QtWidgets.QMessageBox(self)
        box.setIcon(
            QtWidgets.QMessageBox.Icon.Warning if action == "terminate" else QtWidgets.QMessageBox.Icon.Question
        )
        box.setWindowTitle(titles[action].replace("%1", inst.name or inst.id))
        box.setText(titles[action].replace("%1", f"{inst.name or inst.id} ({inst.provider})"))
        box.setInformativeText(note)
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box  # tests answer it
        if box.exec() == QtWidgets.QMessageBox.StandardButton.Yes:
            self.run_action(action, inst)

    def run_action(self, action: str, inst: Instance) -> None:
        account = self.store.get(inst.provider)
        if account is None:
            return
        busy = {"start": self.tr("Starting %1…"), "stop": self.tr("Stopping %1…"), "terminate": self.tr("Terminating %1…")}
        self.status.setText(busy[action].replace("%1", inst.name or inst.id))

        def work() -> None:
            getattr(provider_for(account), action)(inst.id)

        def failed(exc: BaseException) -> None:
            self.status.setText(tr_msg(exc) if isinstance(exc, ProviderError) else repr(exc))

        run_in_background(work, lambda _r: self.refresh(), failed)

    def create_session(self) -> None:
        inst = self.selected()
        if inst is None:
            return
        if not inst.ssh_host:
            self.status.setText(self.tr("This instance has no SSH address yet (is it running?)."))
            return
        session = Session(
            name=inst.name or inst.id,
            host=inst.ssh_host,
            port=inst.ssh_port or 22,
            username=inst.ssh_user or "root",
            auth="password" if inst.ssh_password_available else "agent",
            hourly_price=inst.price_per_hour,
            currency=inst.currency,
            provider=inst.provider,
            provider_instance_id=inst.id,
        )
        self.new_session_requested.emit(session)


def _cls(account: Account | None):  # type: ignore[no-untyped-def]
    from gpudesk.core.providers.accounts import KINDS

    return KINDS.get(account.kind) if account is not None else None
