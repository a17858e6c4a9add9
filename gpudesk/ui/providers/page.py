"""The Providers page: accounts, their instances with status and price, lifecycle actions, and the
storage that keeps billing after a stop (with what it costs and a way to delete it).

A view of the one actions path: a start, stop or terminate made anywhere (the cost bar, the idle
prompt, an automatic policy, ``gpudesk instances`` in another process) re-lists that account, so
the page says what the cost bar and each server's billing say."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from gpudesk.core.billing import storage as storage_billing
from gpudesk.core.billing.confirm import book
from gpudesk.core.billing.meter import shared_meter
from gpudesk.core.billing.price import hourly as per_hour
from gpudesk.core.billing.price import money
from gpudesk.core.providers.accounts import Account, AccountStore, provider_for
from gpudesk.core.providers.base import Balance, Instance, Storage
from gpudesk.core.providers.errors import ProviderError
from gpudesk.core.sessions.model import Session
from gpudesk.ui import plaintext
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, Qt, QtGui, QtWidgets, Signal, shiboken6

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
STORAGE_COLUMNS = (
    QT_TRANSLATE_NOOP("ProvidersPage", "Account"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Storage"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Kind"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Size"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Per month"),
    QT_TRANSLATE_NOOP("ProvidersPage", "Belongs to"),
)
STORAGE_KINDS = {
    "volume_disk": QT_TRANSLATE_NOOP("ProvidersPage", "volume disk of a stopped pod"),
    "network_volume": QT_TRANSLATE_NOOP("ProvidersPage", "network volume"),
    "instance_disk": QT_TRANSLATE_NOOP("ProvidersPage", "disk of a stopped instance"),
    "filesystem": QT_TRANSLATE_NOOP("ProvidersPage", "persistent filesystem"),
    "data_disk": QT_TRANSLATE_NOOP("ProvidersPage", "data disk"),
}
#: warn when the credit left lasts less than this many hours at the account's current rate
LOW_BALANCE_HOURS = 24.0


@dataclass
class AccountView:
    """One account's answer: instances, storage that bills, credit, and what failed."""

    instances: list[Instance] = field(default_factory=list)
    storage: list[Storage] = field(default_factory=list)
    balance: Balance | None = None
    storage_error: BaseException | None = None


def fetch_account(account: Account) -> AccountView:
    """Blocking: instances, then storage and credit (their failure does not hide the instances)."""
    provider = provider_for(account)
    view = AccountView(provider.list_instances())
    # A start/stop asked for earlier and not yet confirmed is confirmed by the listing that shows it done.
    from gpudesk.core.billing.actions import observe

    listed = {inst.id for inst in view.instances}
    for inst in view.instances:
        observe(account.name, inst.id, inst, meter=shared_meter())
    for request in book().all():
        if request.account == account.name and request.instance_id not in listed and request.action != "start":
            observe(account.name, request.instance_id, None, gone=True, meter=shared_meter())
    try:
        view.storage = provider.list_storage()
        storage_billing.track(shared_meter(), account.name, view.storage)
    except ProviderError as exc:
        view.storage_error = exc
    try:
        view.balance = provider.balance()
    except ProviderError:
        view.balance = None  # credit is a nicety; the instances matter
    return view


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
    instance_acted = Signal(str, str, str)  # account, instance id, action: done through core.billing.actions

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        # The shell that opens the page hands itself over as the parent; its workspace knows the demo server.
        self.workspace = getattr(parent, "workspace", None)
        self.store = AccountStore()
        self.instances: list[Instance] = []
        self.storage: list[Storage] = []
        self.views: dict[str, AccountView] = {}
        self.errors: dict[str, str] = {}
        self._pending = 0
        self._listing = 0  # which listing is current (answers of older ones are dropped)
        self._own: set[tuple[str, str, str]] = set()  # actions this page runs: it re-lists after them itself
        self._stale = False  # an action elsewhere arrived while a listing was on its way

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
        _table_style(self.table)
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

        # What bills right now, per account, in one line each: the newcomer's "am I still paying?"
        self.summary = QtWidgets.QLabel()
        self.summary.setObjectName("providers-summary")
        self.summary.setWordWrap(True)
        plaintext.rich(self.summary)  # every outside string in it goes through plaintext.escape
        self.storage_heading = QtWidgets.QLabel(self.tr("Storage that keeps billing without a GPU"))
        self.storage_heading.setStyleSheet("font-weight: bold;")
        self.storage_table = QtWidgets.QTableWidget(0, len(STORAGE_COLUMNS))
        self.storage_table.setHorizontalHeaderLabels([self.tr(c) for c in STORAGE_COLUMNS])
        self.storage_table.setAccessibleName(self.tr("Storage that keeps billing"))
        _table_style(self.storage_table)
        self.storage_table.itemSelectionChanged.connect(self._update_storage_buttons)
        self.delete_storage_button = QtWidgets.QPushButton(self.tr("Delete storage…"))
        self.delete_storage_button.clicked.connect(self.confirm_delete_storage)
        storage_row = QtWidgets.QHBoxLayout()
        storage_row.addWidget(self.storage_heading)
        storage_row.addStretch(1)
        storage_row.addWidget(self.delete_storage_button)

        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        self.note = QtWidgets.QLabel()
        self.note.setWordWrap(True)
        self.note.setMinimumHeight(self.note.fontMetrics().lineSpacing() * 3)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right = QtWidgets.QVBoxLayout()
        right.addLayout(actions)
        right.addWidget(self.table, 3)
        right.addWidget(self.summary)
        right.addLayout(storage_row)
        right.addWidget(self.storage_table, 2)
        right.addWidget(self.note)
        right.addWidget(self.status)
        layout = QtWidgets.QHBoxLayout(self)
        layout.addLayout(left)
        layout.addLayout(right, 1)
        self.reload_accounts()
        self.refresh()
        from gpudesk.core.billing import actions as billing_actions
        from gpudesk.ui import bridge

        bridge.connect(billing_actions.acted, self._on_acted, self)
        billing_actions.watch()

    def _on_acted(self, acted) -> None:  # type: ignore[no-untyped-def]
        """An instance was started or stopped elsewhere: list again (one refresh at a time)."""
        if (acted.account, acted.instance_id, acted.action) in self._own:
            return
        if self.store.get(acted.account) is None:
            return
        if self._pending > 0:
            self._stale = True  # a listing is on its way: one more follows it
            return
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

            def removed(_r: object) -> None:
                self.reload_accounts()
                self.refresh()

            run_in_background(lambda: store.remove(name), removed)

    # -- instances and storage ---------------------------------------------------------------------
    def refresh(self) -> None:
        accounts = list(self.store)
        self.instances = []
        self.storage = []
        self.views = {}
        self.errors = {}
        self._pending = len(accounts)
        # Answers of an older listing (a Refresh while one was on its way) are dropped, never added twice.
        self._listing = getattr(self, "_listing", 0) + 1
        listing = self._listing
        self.refresh_button.setEnabled(not accounts)
        if accounts:
            self.status.setText(self.tr("Asking %1 account(s)…").replace("%1", str(len(accounts))))
        self._fill()
        for account in accounts:

            def fetch(a: Account = account) -> AccountView:
                return fetch_account(a)

            def listed(view: AccountView, a: Account = account) -> None:
                self._listed(a, view, "", listing)

            def failed(exc: BaseException, a: Account = account) -> None:
                self._listed(a, AccountView(), tr_msg(exc), listing)

            run_in_background(fetch, listed, failed)

    def _listed(self, account: Account, view: AccountView, error: str, listing: int | None = None) -> None:
        if not shiboken6.isValid(self):
            return  # closed before the answer came
        if listing is not None and listing != self._listing:
            return  # a newer listing was asked for: its answers replace this one's
        self.views[account.name] = view
        self.instances.extend(view.instances)
        self.instances.sort(key=lambda i: (i.provider.lower(), i.name.lower(), i.id))  # answers arrive in any order
        self.storage.extend(view.storage)
        self.storage.sort(key=lambda s: (s.provider.lower(), s.kind, s.name.lower()))
        if error:
            self.errors[account.name] = error
        elif view.storage_error is not None:
            self.errors[account.name] = self.tr("storage not listed: %1").replace("%1", tr_msg(view.storage_error))
        self._pending -= 1
        if self._pending <= 0 and self._stale:
            self._stale = False
            self.refresh()  # an action elsewhere came in while this listing was asked for
            return
        if self._pending <= 0:
            self.refresh_button.setEnabled(True)
            errors = "\n".join(f"{k}: {v}" for k, v in self.errors.items())
            waiting = [
                f"{inst.name or inst.id}: {tr_msg(request.words(inst.raw_status or inst.status))}"
                for inst in self.instances
                if (request := book().get(inst.provider, inst.id)) is not None
            ]
            text = errors or self.tr("%1 instance(s).").replace("%1", str(len(self.instances)))
            self.status.setText("\n".join([text, *waiting]))
        self._fill()

    def show_instance(self, account: str, instance_id: str) -> None:
        """Select this instance's row: now if it is listed, else as soon as a listing shows it."""
        self._wanted: tuple[str, str] | None = (account, instance_id)
        self._fill()
        if self._wanted is not None and self._pending <= 0:
            self.refresh()

    def _fill(self) -> None:
        selected = self.selected()
        wanted = getattr(self, "_wanted", None)
        if wanted is not None:
            found = next((i for i in self.instances if (i.provider, i.id) == wanted), None)
            if found is not None:
                selected, self._wanted = found, None
        self.table.setRowCount(len(self.instances))
        for row, inst in enumerate(self.instances):
            gpus = f"{inst.gpu_count}× {inst.gpu_type}" if inst.gpu_count else inst.gpu_type
            price = f"{inst.price_per_hour:.2f} {inst.currency}/h" if inst.price_per_hour is not None else "–"
            if inst.ssh_host:
                ssh = f"{inst.ssh_user}@{inst.ssh_host}:{inst.ssh_port}"
            elif inst.status == "starting" or inst.extra.get("waiting_for_ssh"):
                ssh = self.tr("no SSH address yet (starting)")
            else:
                ssh = "–"
            status = self.tr(str(STATUS_NAMES[inst.status])) if inst.status in STATUS_NAMES else inst.status
            if inst.raw_status not in ("", inst.status):
                status = f"{status} ({inst.raw_status})"
            request = book().get(inst.provider, inst.id)
            if request is not None:  # accepted, not seen done: the row says so until a listing confirms it
                status = f"{status} · {tr_msg(request.words(inst.raw_status or inst.status))}"
            for col, text in enumerate((inst.provider, inst.id, inst.name, status, gpus, price, ssh)):
                item = QtWidgets.QTableWidgetItem(text)
                if col == 3 and request is not None:
                    item.setForeground(QtGui.QBrush(QtGui.QColor("#c62828" if request.overdue() else "#ef6c00")))
                elif col == 3 and inst.status in STATUS_COLOURS:
                    item.setForeground(QtGui.QBrush(QtGui.QColor(STATUS_COLOURS[inst.status])))
                self.table.setItem(row, col, item)
            if selected and (inst.provider, inst.id) == (selected.provider, selected.id):
                self.table.selectRow(row)
        self.table.resizeColumnsToContents()
        self._fill_storage()
        self._fill_summary()
        self._update_buttons()

    def _fill_storage(self) -> None:
        chosen = self.selected_storage()
        self.storage_table.setRowCount(len(self.storage))
        for row, item in enumerate(self.storage):
            kind = self.tr(str(STORAGE_KINDS[item.kind])) if item.kind in STORAGE_KINDS else item.kind
            size = _size(item.size_gb)
            month = money(item.price_per_month, item.currency) if item.price_per_month is not None else self.tr("rate not published")
            owner = item.instance_id or "–"
            for col, text in enumerate((item.provider, item.name or item.id, kind, size, month, owner)):
                self.storage_table.setItem(row, col, QtWidgets.QTableWidgetItem(text))
            if chosen and (chosen.provider, chosen.id) == (item.provider, item.id):
                self.storage_table.selectRow(row)
        self.storage_table.resizeColumnsToContents()
        header = self.storage_table.horizontalHeader()
        header.setSectionResizeMode(len(STORAGE_COLUMNS) - 1, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self._update_storage_buttons()

    def _fill_summary(self) -> None:
        lines = []
        for name in sorted(self.views, key=str.lower):
            view = self.views[name]
            running = [i for i in view.instances if i.billing]
            stopped = [i for i in view.instances if i.status == "stopped"]
            rates: dict[str, float] = {}
            compute: dict[str, float] = {}
            storage: dict[str, float] = {}
            for i in running:
                if i.price_per_hour is not None:
                    compute[i.currency] = compute.get(i.currency, 0.0) + i.price_per_hour
            for st in view.storage:
                if st.price_per_hour is not None:
                    storage[st.currency] = storage.get(st.currency, 0.0) + st.price_per_hour
            for part in (compute, storage):
                for currency, rate in part.items():
                    rates[currency] = rates.get(currency, 0.0) + rate
            parts = [self.tr("%1 running").replace("%1", str(len(running)))]
            if stopped:
                parts.append(self.tr("%1 stopped").replace("%1", str(len(stopped))))
            if view.storage:
                parts.append(self.tr("%1 storage item(s) still billing").replace("%1", str(len(view.storage))))
            if rates:

                def each(found: dict[str, float], bill: str = min(rates)) -> str:
                    found = found or {bill: 0.0}  # nothing: a zero in the bill's currency, as the cost bar says it
                    return ", ".join(self.tr("%1/h").replace("%1", per_hour(v, k)) for k, v in sorted(found.items()))

                # In the words every view uses for "billing now" (cost bar, Guide): compute + storage.
                parts.append(self.tr("billing now: compute %1 + storage %2 = %3").replace("%1", each(compute)).replace(
                    "%2", each(storage)).replace("%3", each(rates)))
            elif not running and not view.storage:
                parts.append(self.tr("nothing is billing"))
            text = f"<b>{_escape(name)}</b>: " + " · ".join(_escape(p) for p in parts)
            balance = view.balance
            if balance is not None:
                credit = self.tr("credit %1").replace("%1", money(balance.amount, balance.currency))
                hourly = rates.get(balance.currency, 0.0)
                low = balance.amount <= 0 or (hourly > 0 and balance.amount / hourly < LOW_BALANCE_HOURS)
                if low:
                    credit = self.tr("credit %1 — low: add funds, or the provider stops (and may delete) your instances").replace(
                        "%1", money(balance.amount, balance.currency)
                    )
                    text += f" · <span style='color:#c62828; font-weight:bold'>{_escape(credit)}</span>"
                else:
                    text += f" · {_escape(credit)}"
            lines.append(text)
        self.summary.setText("<br>".join(lines))
        self.summary.setVisible(bool(lines))

    def selected(self) -> Instance | None:
        return _selected_row(self.table, self.instances)

    def selected_storage(self) -> Storage | None:
        return _selected_row(self.storage_table, self.storage)

    def _provider_actions(self, inst: Instance) -> frozenset[str]:
        from gpudesk.core.providers.capabilities import actions_for

        return actions_for(self.store.get(inst.provider))

    def _update_buttons(self) -> None:
        inst = self.selected()
        actions = self._provider_actions(inst) if inst else frozenset()
        self.start_button.setEnabled(
            inst is not None and "start" in actions and inst.status in ("stopped", "error")
        )
        self.stop_button.setEnabled(
            inst is not None and "stop" in actions and inst.status in ("running", "starting", "error")
        )
        self.terminate_button.setEnabled(
            inst is not None and "terminate" in actions and inst.status not in ("terminated", "terminating")
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

    def _update_storage_buttons(self) -> None:
        self.delete_storage_button.setEnabled(self.selected_storage() is not None)
        has = bool(self.storage)
        self.storage_table.setVisible(has)
        self.delete_storage_button.setVisible(has)
        self.storage_heading.setText(
            self.tr("Storage that keeps billing without a GPU")
            if has
            else self.tr("No storage of yours is billing without a GPU.")
        )

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

        key = (account.name, inst.id, action)
        self._own.add(key)

        def work():  # type: ignore[no-untyped-def]
            from gpudesk.core.billing.actions import instance_action

            return instance_action(provider_for(account), account.name, inst.id, action, reason="Providers page",
                                   meter=shared_meter(), confirm_s=10.0)

        def done(outcome) -> None:  # type: ignore[no-untyped-def]
            if shiboken6.isValid(self):
                self._own.discard(key)
                self.instance_acted.emit(account.name, inst.id, action)
            self._done()  # the listing that follows shows the row as the provider reports it, request and all

        def failed(exc: BaseException) -> None:
            if shiboken6.isValid(self):
                self._own.discard(key)
            self._failed(exc)

        run_in_background(work, done, failed)

    def _done(self, _result: object = None) -> None:
        if shiboken6.isValid(self):
            self.refresh()

    def _failed(self, exc: BaseException) -> None:
        if shiboken6.isValid(self):
            self.status.setText(tr_msg(exc) if isinstance(exc, ProviderError) else repr(exc))

    def confirm_delete_storage(self) -> None:
        item = self.selected_storage()
        if item is None:
            return
        account = self.store.get(item.provider)
        cls = _cls(account)
        note = tr_msg(cls(item.provider).storage_delete_note(item)) if cls else ""
        box = QtWidgets.QMessageBox(self)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        title = self.tr("Delete %1?").replace("%1", item.name or item.id)
        box.setWindowTitle(title)
        box.setText(title)
        box.setInformativeText(note.replace("/", "/\u2060"))
        delete = box.addButton(self.tr("Delete for good"), QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box  # tests answer it
        box.exec()
        if box.clickedButton() is delete and account is not None:
            self.status.setText(self.tr("Deleting %1…").replace("%1", item.name or item.id))
            run_in_background(lambda: provider_for(account).delete_storage(item), self._done, self._failed)

    def create_session(self) -> None:
        inst = self.selected()
        if inst is None:
            return
        if not inst.ssh_host:
            self.status.setText(
                self.tr("This instance has no SSH address yet: it is %1. Refresh in a minute.").replace(
                    "%1", inst.raw_status or inst.status
                )
                if inst.status == "starting"
                else self.tr("This instance has no SSH address (is it running?).")
            )
            return
        username = inst.ssh_user or "root"
        auth = "password" if inst.ssh_password_available else "agent"
        from gpudesk.ui.session_dialog import demo_login

        demo = demo_login(getattr(self.workspace, "demo", None), inst.ssh_host, inst.ssh_port or 22)
        if demo is not None:
            # The demo pod is this app's demo server: its own user and password log in (the session
            # editor fills the password in), not the root-and-agent a RunPod pod would want.
            username, auth = demo.username, "password"
        session = Session(
            name=inst.name or inst.id,
            host=inst.ssh_host,
            port=inst.ssh_port or 22,
            username=username,
            auth=auth,
            hourly_price=inst.price_per_hour,
            currency=inst.currency,
            provider=inst.provider,
            provider_instance_id=inst.id,
        )
        self.new_session_requested.emit(session)


_Row = TypeVar("_Row")


def _selected_row(table: QtWidgets.QTableWidget, rows: list[_Row]) -> _Row | None:
    """The one selected row's object, or None."""
    picked = {i.row() for i in table.selectedIndexes()}
    if len(picked) != 1:
        return None
    row = picked.pop()
    return rows[row] if row < len(rows) else None


def _table_style(table: QtWidgets.QTableWidget) -> None:
    table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)


def _size(gb: float | None) -> str:
    if gb is None:
        return "–"
    if 0 < gb < 1:
        return "< 1 GB"
    return f"{gb:.3g} GB" if gb < 100 else f"{gb:,.0f} GB"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _cls(account: Account | None):  # type: ignore[no-untyped-def]
    from gpudesk.core.providers.accounts import KINDS

    return KINDS.get(account.kind) if account is not None else None
