"""The session tree: folders, search, status dots and the context menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.ui import a11y, bridge
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

if TYPE_CHECKING:
    from gpudesk.core.live.billing import LiveBilling
    from gpudesk.core.live.server import LiveServer
    from gpudesk.core.live.workspace import Workspace

ID_ROLE = Qt.ItemDataRole.UserRole
#: billing states in which a server is not running, whatever its connection last said
_NOT_RUNNING = ("stopped", "terminated")
FOLDER_ROLE = Qt.ItemDataRole.UserRole + 1


class SessionTree(QtWidgets.QWidget):
    connect_requested = Signal(str)  # session id
    edit_requested = Signal(str)
    new_requested = Signal()
    key_setup_requested = Signal(str)
    multi_requested = Signal(list)  # several session ids
    folders_changed = Signal()

    def __init__(self, store: SessionStore, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.transient: dict[str, Session] = {}  # e.g. the demo: shown, never saved
        self.states: dict[str, str] = {}
        self.summaries: dict[str, str] = {}
        self.billing: dict[str, str] = {}  # session id → BillingState value of its open server
        self.expanded: set[str] = set()
        self.search = QtWidgets.QLineEdit()
        self.search.setPlaceholderText(self.tr("Search sessions"))
        self.search.setAccessibleName(self.tr("Search sessions"))
        self.search.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.search)
        self.search.textChanged.connect(self._apply_filter)
        self.tree = QtWidgets.QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(self.tr("Sessions"))
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemExpanded.connect(lambda item: self._remember(item, True))
        self.tree.itemCollapsed.connect(lambda item: self._remember(item, False))
        self.tree.setIndentation(14)
        self.tree.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        # Names like "Demo GPU server" stay readable however the window is split.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 26))
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 0, 6)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        store.subscribe(self.refresh)
        self.refresh()

    def session(self, session_id: str) -> Session | None:
        return self.transient.get(session_id) or self.store.get(session_id)

    def selected_id(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, ID_ROLE) if item else None

    # -- building ------------------------------------------------------------
    def refresh(self) -> None:
        current = self.selected_id()
        self.tree.clear()
        folders: dict[str, QtWidgets.QTreeWidgetItem] = {}
        folder_icon = self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_DirIcon)
        for folder in self.store.folders:
            item = QtWidgets.QTreeWidgetItem([folder])
            item.setIcon(0, folder_icon)
            item.setData(0, FOLDER_ROLE, folder)
            self.tree.addTopLevelItem(item)
            folders[folder] = item
        sessions = list(self.transient.values()) + list(self.store)
        for session in sessions:
            item = QtWidgets.QTreeWidgetItem([self._label(session)])
            item.setData(0, ID_ROLE, session.id)
            item.setToolTip(0, f"{session.username}@{session.host}:{session.port}")
            parent = folders.get(session.folder)
            (parent.addChild(item) if parent else self.tree.addTopLevelItem(item))
            if session.id == current:
                self.tree.setCurrentItem(item)
        for folder, item in folders.items():
            item.setExpanded(folder in self.expanded)
        self._apply_filter()

    def _label(self, session: Session) -> str:
        billing = self.billing.get(session.id, "")
        if billing in _NOT_RUNNING:
            # The provider's word beats a connection not yet noticed as gone (and a stale GPU summary).
            note = self.tr("stopped at the provider") if billing == "stopped" else self.tr("released at the provider")
            return f"■  {session.label}   {note}"
        state = self.states.get(session.id, "idle")
        dot = {"connected": "●", "connecting": "◌", "dropped": "◍", "failed": "✕"}.get(state, "○")
        summary = self.summaries.get(session.id, "")
        return f"{dot}  {session.label}" + (f"   {summary}" if summary else "")

    def set_state(self, session_id: str, state: str) -> None:
        self.states[session_id] = state
        self._relabel(session_id)

    def set_summary(self, session_id: str, summary: str) -> None:
        self.summaries[session_id] = summary
        self._relabel(session_id)

    def set_billing(self, session_id: str, state: str | None) -> None:
        """The open server's billing state (None: no server open)."""
        if state:
            self.billing[session_id] = str(state)
        else:
            self.billing.pop(session_id, None)
        self._relabel(session_id)

    def watch(self, workspace: Workspace) -> None:
        """Follow the workspace's open servers: a stopped or released one says so here, as its tab does."""
        for server in workspace.servers:
            self._watch_server(server)
        bridge.connect(workspace.opened, self._watch_server, self)
        bridge.connect(workspace.closed, lambda server: self.set_billing(server.id, None), self)

    def _watch_server(self, server: LiveServer) -> None:
        sid, billing = server.id, server.billing

        def news(b: LiveBilling, sid: str = sid) -> None:
            self._billing_news(sid, server, b)

        bridge.connect(billing.changed, news, self)
        self.set_billing(sid, billing.state)

    def _billing_news(self, session_id: str, server: LiveServer, billing: LiveBilling) -> None:
        if not server.closed:
            self.set_billing(session_id, str(billing.state))

    def _relabel(self, session_id: str) -> None:
        session = self.session(session_id)
        if session is None:
            return
        it = QtWidgets.QTreeWidgetItemIterator(self.tree)
        while it.value():
            item = it.value()
            if item.data(0, ID_ROLE) == session_id:
                item.setText(0, self._label(session))
                state = self.states.get(session_id, "")
                color = {"connected": "#2e7d32", "failed": "#c62828", "dropped": "#ef6c00"}.get(state)
                if self.billing.get(session_id) in _NOT_RUNNING:
                    color = "#757575"
                item.setForeground(0, QtGui.QBrush(QtGui.QColor(color)) if color else QtGui.QBrush())
            it += 1

    def _remember(self, item: QtWidgets.QTreeWidgetItem, expanded: bool) -> None:
        folder = item.data(0, FOLDER_ROLE)
        if folder:
            (self.expanded.add if expanded else self.expanded.discard)(folder)

    def _apply_filter(self) -> None:
        needle = self.search.text().strip().lower()
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            assert top is not None  # i < topLevelItemCount()
            if top.data(0, FOLDER_ROLE):
                any_visible = False
                for j in range(top.childCount()):
                    child = top.child(j)
                    assert child is not None  # j < childCount()
                    visible = self._matches(child, needle)
                    child.setHidden(not visible)
                    any_visible = any_visible or visible
                top.setHidden(bool(needle) and not any_visible and needle not in top.text(0).lower())
                if needle and any_visible:
                    top.setExpanded(True)
            else:
                top.setHidden(not self._matches(top, needle))

    def _matches(self, item: QtWidgets.QTreeWidgetItem, needle: str) -> bool:
        if not needle:
            return True
        session = self.session(item.data(0, ID_ROLE))
        hay = f"{session.name} {session.host} {session.username} {session.folder}".lower() if session else ""
        return needle in hay

    # -- actions -------------------------------------------------------------
    def _activated(self, item: QtWidgets.QTreeWidgetItem) -> None:
        session_id = item.data(0, ID_ROLE)
        if session_id:
            self.connect_requested.emit(session_id)

    def _menu(self, pos: QtCore.QPoint) -> None:
        item = self.tree.itemAt(pos)
        menu = QtWidgets.QMenu(self)
        chosen = [i.data(0, ID_ROLE) for i in self.tree.selectedItems() if i.data(0, ID_ROLE)]
        if len(chosen) > 1 and item is not None and item.data(0, ID_ROLE) in chosen:

            def connect_all() -> None:
                for sid in chosen:
                    self.connect_requested.emit(sid)

            menu.addAction(self.tr("Connect all %1").replace("%1", str(len(chosen))), connect_all)
            menu.addAction(self.tr("Work on the selected servers…"), lambda: self.multi_requested.emit(chosen))
            menu.exec(self.tree.viewport().mapToGlobal(pos))
            return
        if item is None:
            menu.addAction(self.tr("New session…"), self.new_requested.emit)
            menu.addAction(self.tr("New folder…"), self._new_folder)
        elif item.data(0, FOLDER_ROLE):
            folder = item.data(0, FOLDER_ROLE)
            menu.addAction(self.tr("Rename folder…"), lambda: self._rename_folder(folder))
            menu.addAction(self.tr("Remove folder (keeps its sessions)"), lambda: self.store.remove_folder(folder))
        else:
            session_id = item.data(0, ID_ROLE)
            transient = session_id in self.transient
            menu.addAction(self.tr("Connect"), lambda: self.connect_requested.emit(session_id))
            # The demo's session (not saved) opens read-only: its user, port and password to see.
            menu.addAction(self.tr("Edit…"), lambda: self.edit_requested.emit(session_id))
            from gpudesk.ui.handoff_menu import add_open_in

            add_open_in(menu, self, lambda: self.session(session_id))
            if not transient:
                menu.addAction(self.tr("Duplicate"), lambda: self.duplicate(session_id))
                move = menu.addMenu(self.tr("Move to folder"))
                move.addAction(self.tr("(top level)"), lambda: self.store.move(session_id, ""))
                for folder in self.store.folders:

                    def move_to(f: str = folder) -> None:
                        self.store.move(session_id, f)

                    move.addAction(folder, move_to)
                move.addSeparator()
                move.addAction(self.tr("New folder…"), lambda: self._new_folder(session_id))
                key = menu.addAction(self.tr("Set up key login…"), lambda: self.key_setup_requested.emit(session_id))
                key.setEnabled(self.states.get(session_id) == "connected")
                menu.addSeparator()
                menu.addAction(self.tr("Delete"), lambda: self._delete(session_id))
        menu.exec(self.tree.viewport().mapToGlobal(pos))

    def _new_folder(self, session_id: str | None = None) -> None:
        name, ok = QtWidgets.QInputDialog.getText(self, self.tr("New folder"), self.tr("Folder name:"))
        name = name.strip()
        if not ok or not name:
            return
        self.expanded.add(name)
        self.store.add_folder(name)
        if session_id:
            self.store.move(session_id, name)

    def _rename_folder(self, folder: str) -> None:
        name, ok = QtWidgets.QInputDialog.getText(self, self.tr("Rename folder"), self.tr("Folder name:"), text=folder)
        name = name.strip()
        if not ok or not name or name == folder:
            return
        self.store.add_folder(name)
        for session in list(self.store):
            if session.folder == folder:
                self.store.move(session.id, name)
        self.store.remove_folder(folder)
        if folder in self.expanded:
            self.expanded.add(name)

    def duplicate(self, session_id: str) -> str | None:
        """Copy a session; a key kept in the keyring under the session's id is copied for the copy too."""
        original = self.store.get(session_id)
        if original is None:
            return None
        copy = self.store.duplicate(session_id)
        if original.auth == "stored_key":
            from gpudesk.core import secrets
            from gpudesk.ui.background import run_in_background

            def copy_key() -> bool:  # the keyring may be slow or ask the user: never on the GUI thread
                try:
                    return secrets.copy_secret(
                        secrets.stored_key_entry(original.id), original.username,
                        secrets.stored_key_entry(copy.id), copy.username,
                    )  # fmt: skip
                except secrets.SecretsUnavailable:
                    return False

            run_in_background(copy_key, lambda copied: None if copied else self._key_not_copied(copy.name))
        return copy.id

    def _key_not_copied(self, name: str) -> None:
        from gpudesk.ui.qt import shiboken6

        if not shiboken6.isValid(self):
            return
        QtWidgets.QMessageBox.warning(
            self,
            self.tr("Duplicate"),
            self.tr(
                "The copy '%1' was made, but the login key of the original could not be copied from the "
                "password store. Use 'Set up key login…' on the copy once it is connected with a password."
            ).replace("%1", name),
        )

    def _delete(self, session_id: str) -> None:
        session = self.store.get(session_id)
        if session is None:
            return
        answer = QtWidgets.QMessageBox.question(
            self,
            self.tr("Delete session"),
            self.tr("Delete the session '%1'? Its saved password is removed too.").replace("%1", session.name),
        )
        if answer != QtWidgets.QMessageBox.StandardButton.Yes:
            return
        from gpudesk.core import secrets

        try:
            secrets.delete_secret(session.secret_key, session.username)
            secrets.delete_secret(secrets.stored_key_entry(session.id), session.username)
        except secrets.SecretsUnavailable:
            pass
        self.store.remove(session_id)
