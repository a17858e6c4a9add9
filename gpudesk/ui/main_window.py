"""The main window: toolbar, session tree, connection tabs, status bar.

What runs for each open server lives in ``self.workspace`` (the live core): every connection tab's
controller is the Qt face of a server the workspace opened, and closing the tab closes that server.
Views get what they need from the workspace; what only this window can do (open a page, say a line
in the status bar) they ask for through ``workspace.requests``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core import secrets
from gpudesk.core.live.workspace import Request, Workspace
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.ui import a11y, bridge, plaintext, shortcuts
from gpudesk.ui import state as ui_state
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.icons import icon
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets
from gpudesk.ui.sidebar import SessionTree

if TYPE_CHECKING:
    from gpudesk.ui.connection_tab import ConnectionTab


def _has(module: str) -> bool:
    """Whether an optional part of the app is present (checked without importing it)."""
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def available_area(widget: QtWidgets.QWidget) -> QtCore.QRect | None:
    """The available area (without task bars) of the screen ``widget`` is on, else the primary screen's."""
    screen = widget.screen() or QtGui.QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


class MainWindow(QtWidgets.QMainWindow):
    def __init__(self, store: SessionStore | None = None) -> None:
        super().__init__()
        plaintext.install()  # no label, message box or tooltip reads server text as markup
        self.setWindowTitle("gpudesk")
        self.resize(1280, 800)
        self.store = store or SessionStore()
        #: every open server, live (views read it; the tabs below are its views)
        self.workspace = Workspace(store=self.store)
        bridge.connect(self.workspace.requests, self._on_request, self)
        self.tabs_by_session: dict[str, ConnectionTab] = {}
        # The app (run_gui) runs the demo in a detached demo host that outlives it, so the server
        # guard can be shown; a bare window (tests, screenshots) keeps the demo in-process.
        self.demo_detached = False

        self._build_toolbar()
        self.sidebar = SessionTree(self.store)
        self.sidebar.watch(self.workspace)  # a server stopped at the provider says so in the list too
        self.sidebar.connect_requested.connect(self.open_session)
        self.sidebar.edit_requested.connect(self.edit_session)
        self.sidebar.new_requested.connect(self.new_session)
        self.sidebar.key_setup_requested.connect(self.set_up_key_login)
        self.sidebar.multi_requested.connect(self.open_multi)
        self.tabs = a11y.TabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._update_status)
        self.welcome = self._build_welcome()
        self.stack = QtWidgets.QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(self.tabs)
        self.splitter = QtWidgets.QSplitter()
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 1020])
        self.setCentralWidget(self.splitter)
        self.state_label = QtWidgets.QLabel(self.tr("Not connected"))
        self.gpu_label = QtWidgets.QLabel()
        self.statusBar().addWidget(self.state_label)
        self.statusBar().addPermanentWidget(self.gpu_label)
        self.transfer_label = QtWidgets.QLabel()
        self.statusBar().addPermanentWidget(self.transfer_label)
        self.pages: dict[str, QtWidgets.QWidget] = {}
        self.costbar = None
        if _has("gpudesk.ui.billing.costbar"):
            from gpudesk.ui.billing.costbar import CostBar

            self.costbar = CostBar(self)
            self.statusBar().addPermanentWidget(self.costbar)
        self._show_damaged_files()
        if not secrets.available():
            self.statusBar().showMessage(
                self.tr("No system keyring found: passwords will be asked for each time, not saved."), 15000
            )
        self._restore_state()
        self._build_shortcuts()
        self._recheck_providers()

    def _recheck_providers(self) -> None:
        """At start: every linked session's provider is asked again (off the GUI thread); the meter takes its word."""
        from gpudesk.core.billing.meter import shared_meter
        from gpudesk.core.billing.recheck import recheck_all
        from gpudesk.ui.background import run_in_background

        sessions = [s for s in self.store if s.provider and s.provider_instance_id]
        if sessions:
            run_in_background(lambda: recheck_all(sessions, shared_meter()), lambda _r: None, lambda _e: None)

    @property
    def demo_server(self):  # type: ignore[no-untyped-def]
        """The demo server this run started or found (kept by the workspace)."""
        return self.workspace.demo

    @demo_server.setter
    def demo_server(self, server) -> None:  # type: ignore[no-untyped-def]
        self.workspace.demo = server

    def _on_request(self, request: Request) -> None:
        """What a view asked of the window through the workspace."""
        if request.kind == "status":
            self.statusBar().showMessage(str(request.value), 30_000)
        elif request.kind == "page":
            title, spec = request.value
            self.open_page(title, spec)

    def _show_damaged_files(self) -> None:
        """Say which data files were damaged and where each was kept (not modal: the app starts anyway)."""
        from gpudesk.core import settings
        from gpudesk.core.billing import config as billing_config
        from gpudesk.core.billing.meter import shared_meter
        from gpudesk.core.providers.accounts import AccountStore

        found = [self.store.load_error, settings.load_problem(), AccountStore().load_error]
        found += [shared_meter().load_error, billing_config.load_problem()]
        problems = list(dict.fromkeys(p for p in found if p))
        self.damaged_files_box = None
        if problems:
            box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Warning, "gpudesk", "\n\n".join(tr_msg(p) for p in problems), parent=self)
            box.setModal(False)
            self.damaged_files_box = box
            QtCore.QTimer.singleShot(0, box.show)

    # -- layout ----------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = self.addToolBar(self.tr("Main"))
        bar.setObjectName("main-toolbar")
        a11y.name_toolbar_extension(bar)
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        new = QtWidgets.QToolButton()
        new.setText(self.tr("New session"))
        new.setIcon(icon("new-session"))
        new.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        new.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        new.clicked.connect(self.new_session)
        menu = QtWidgets.QMenu(new)
        menu.addAction(self.tr("New session…"), self.new_session)
        menu.addAction(self.tr("Open the demo server"), self.start_demo)
        if _has("gpudesk.ui.importer.dialog"):
            menu.addSeparator()
            menu.addAction(self.tr("Import sessions…"), self.import_sessions)
        menu.addSeparator()
        quit_action = menu.addAction(self.tr("Quit gpudesk"), self.quit_app)
        quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)  # macOS: the app menu's Quit (Cmd+Q)
        shortcuts.bind_action(quit_action, "window.quit")
        self.addAction(quit_action)  # its keys work anywhere in the window
        self.quit_action = quit_action
        new.setMenu(menu)
        bar.addWidget(new)
        bar.addSeparator()
        self.quick = QtWidgets.QLineEdit()
        self.quick.setPlaceholderText(self.tr('Quick connect: paste "ssh -p 34567 root@host" and press Enter'))
        self.quick.setMinimumWidth(420)
        self.quick.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.quick)
        self.quick.returnPressed.connect(self.quick_connect)
        self.quick.setAccessibleName(self.tr("Quick connect"))
        bar.addWidget(self.quick)
        for title, spec, icon_name in (
            (self.tr("Catalog"), "gpudesk.ui.catalog.page:CatalogPage", "catalog"),
            (self.tr("Providers"), "gpudesk.ui.providers.page:ProvidersPage", "providers"),
        ):
            if _has(spec.partition(":")[0]):
                action = bar.addAction(icon(icon_name), title)
                action.triggered.connect(lambda _=False, t=title, sp=spec: self.open_page(t, sp))
        if _has("gpudesk.ui.guide.panel"):
            guide = bar.addAction(icon("guide"), self.tr("Guide"))
            guide.setCheckable(True)
            guide.toggled.connect(self.show_guide)
            self.guide_action = guide
        spacer = QtWidgets.QWidget()
        spacer.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        settings_action = bar.addAction(icon("settings"), self.tr("Settings"))
        settings_action.triggered.connect(self.open_settings)
        help_button = QtWidgets.QToolButton()
        help_button.setText(self.tr("Help"))
        help_button.setIcon(icon("help"))
        help_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        help_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        help_menu = QtWidgets.QMenu(help_button)
        help_menu.addAction(self.tr("Keyboard shortcuts"), self.show_shortcuts)
        help_menu.addAction(self.tr("Open log folder"), self.open_log_folder)
        help_menu.addAction(self.tr("Create diagnostics bundle…"), self.create_diagnostics)
        help_menu.addAction(self.tr("Check for updates…"), lambda: self.check_updates(quiet=False))
        help_menu.addSeparator()
        help_menu.addAction(self.tr("About gpudesk"), self.show_about)
        help_button.setMenu(help_menu)
        bar.addWidget(help_button)

    def _build_welcome(self) -> QtWidgets.QWidget:
        page = QtWidgets.QWidget()
        layout = QtWidgets.QVBoxLayout(page)
        layout.addStretch(1)
        title = QtWidgets.QLabel(self.tr("Welcome to gpudesk"))
        font = title.font()
        font.setPointSize(font.pointSize() + 8)
        font.setBold(True)
        title.setFont(font)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QtWidgets.QLabel(
            self.tr(
                "Paste the SSH command your GPU provider shows into Quick connect above,\n"
                "or double-click a saved session on the left. No server yet? Try the demo."
            )
        )
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        new = QtWidgets.QPushButton(self.tr("New session…"))
        new.clicked.connect(self.new_session)
        demo = QtWidgets.QPushButton(self.tr("Try the demo GPU server"))
        demo.clicked.connect(self.start_demo)
        demo.setDefault(True)
        row.addWidget(new)
        if _has("gpudesk.ui.importer.dialog"):
            importer = QtWidgets.QPushButton(self.tr("Import from MobaXterm, Xshell, PuTTY…"))
            importer.clicked.connect(self.import_sessions)
            row.addWidget(importer)
        if _has("gpudesk.ui.guide.panel"):
            guide = QtWidgets.QPushButton(self.tr("Show the four-step guide"))
            guide.clicked.connect(lambda: self.guide_action.setChecked(True))
            row.addWidget(guide)
        row.addWidget(demo)
        row.addStretch(1)
        layout.addWidget(title)
        layout.addSpacing(8)
        layout.addWidget(text)
        layout.addSpacing(16)
        layout.addLayout(row)
        layout.addStretch(2)
        return page

    def _build_shortcuts(self) -> None:
        # Keys come from the registry, which updates these QShortcuts when the user changes them.
        shortcuts.make_shortcut("window.new_session", self, self.new_session)
        shortcuts.make_shortcut("window.quick_connect", self, lambda: self.quick.setFocus())
        shortcuts.make_shortcut("window.close_tab", self, lambda: self.close_tab(self.tabs.currentIndex()))
        shortcuts.make_shortcut("window.search_sessions", self.sidebar, lambda: self.sidebar.search.setFocus())

    # -- sessions --------------------------------------------------------------
    def new_session(self, prefill: str = "") -> None:
        from gpudesk.ui.session_dialog import SessionDialog

        dialog = SessionDialog(folders=self.store.folders, parent=self, demo=self.demo_server)
        if prefill:
            dialog.paste.setText(prefill)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            session = dialog.result_session()
            session.name = self.store.unique_name(session.name)
            self.store.add(session)
            self._store_dialog_secrets(session, dialog)
            self.open_session(session.id, password=None if dialog.save_secret else dialog.password)

    def edit_session(self, session_id: str | Session) -> None:
        from gpudesk.ui.session_dialog import SessionDialog

        session = session_id if isinstance(session_id, Session) else self.sidebar.session(session_id)
        if session is None:
            return
        if session.id in self.sidebar.transient:  # the demo's: shown (user, port, password), never saved
            SessionDialog(Session.from_json(session.to_json()), self.store.folders, self, view_only=True, demo=self.demo_server).exec()
            return
        dialog = SessionDialog(Session.from_json(session.to_json()), self.store.folders, self, demo=self.demo_server)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            updated = dialog.result_session()
            self.store.update(updated)
            self._store_dialog_secrets(updated, dialog)
            tab = self.tabs_by_session.get(updated.id)
            if tab is not None:
                tab.controller.session = updated

    def _store_dialog_secrets(self, session: Session, dialog) -> None:  # type: ignore[no-untyped-def]
        if not dialog.save_secret:
            return
        try:
            if dialog.password:
                secrets.set_secret(session.secret_key, session.username, dialog.password)
            if dialog.proxy_secret and session.proxy_username:
                secrets.set_secret(
                    secrets.proxy_entry(session.proxy_host, session.proxy_port), session.proxy_username, dialog.proxy_secret
                )
            if dialog.passphrase and session.auth == "key_file":
                secrets.set_secret(secrets.passphrase_entry(session.identity_file), session.username, dialog.passphrase)
        except secrets.SecretsUnavailable as exc:
            self.statusBar().showMessage(str(exc), 10000)

    def quick_connect(self) -> None:
        """Enter in Quick connect: reach the server and check its key, then ask for the password.

        A line that matches a saved session opens it. Otherwise the session is saved only once
        the login worked (or the user clicked Save); what failed is said under the box, which
        keeps the line for a correction.
        """
        from gpudesk.ui.connect_prompt import QuickConnect, session_from_line
        from gpudesk.ui.controller import ConnectionController

        text = self.quick.text()
        if not text.strip():
            return
        try:
            line = parse_login(text)
        except LoginLineError as exc:
            self._quick_note(tr_msg(exc))
            return
        existing = next(
            (s for s in self.store if s.host == line.host and s.port == line.port and s.username == line.username), None
        )
        if existing:
            self.quick.clear()
            self.open_session(existing.id)
            return
        running = getattr(self, "quick_flow", None)
        if running is not None and not running.done:
            running.prompt.raise_()
            return
        note = getattr(self, "quick_note", None)
        if note is not None:
            note.hide()
        session = session_from_line(line, self.store.unique_name(line.host if line.port == 22 else f"{line.host}:{line.port}"))
        controller = ConnectionController(session, parent=self, server=self.workspace.open(session))
        tab = self._make_tab(session, controller=controller, shown=False)
        # Until the login worked, failures are the prompt's (or the note's), not the hidden tab's banner.
        controller.failed.disconnect(tab._on_failed)
        flow = QuickConnect(controller, text, self)
        self.quick_flow = flow
        flow.succeeded.connect(lambda: self._quick_succeeded(flow, tab))
        flow.failed_early.connect(lambda exc: self._quick_ended(flow, tab, exc))
        flow.given_up.connect(lambda: self._quick_ended(flow, tab, None))
        flow.save_requested.connect(lambda: self._quick_save(flow))
        self.statusBar().showMessage(self.tr("Connecting to %1…").replace("%1", flow.target), 10000)
        flow.start()

    def _quick_note(self, text: str) -> None:
        from gpudesk.ui.connect_prompt import QuickNote

        if getattr(self, "quick_note", None) is None:
            self.quick_note = QuickNote(self.quick)
        self.quick_note.show_text(text)
        self.quick.setFocus()
        self.quick.selectAll()

    def _quick_save(self, flow) -> bool:  # type: ignore[no-untyped-def]
        """Keep the quick session in the list (once); False, with the reason shown, if it cannot be."""
        from gpudesk.core.sessions.model import ValidationError

        if flow.saved:
            return True
        session = flow.session
        try:
            session.name = self.store.unique_name(session.name)
            self.store.add(session)
        except ValidationError as exc:
            flow.prompt.show_message(tr_msg(exc), error=True)
            return False
        flow.saved = True
        flow.prompt.saved()
        self._on_state(session.id, flow.controller.state)
        return True

    def _quick_succeeded(self, flow, tab) -> None:  # type: ignore[no-untyped-def]
        session = flow.session
        tab.controller.failed.connect(tab._on_failed)
        self._show_tab(tab)
        self._quick_save(flow)
        if flow.remember and flow.secret and flow.saved:
            entry = secrets.passphrase_entry(session.identity_file) if session.auth == "key_file" else session.secret_key
            try:
                secrets.set_secret(entry, session.username, flow.secret)
            except secrets.SecretsUnavailable as exc:
                self.statusBar().showMessage(str(exc), 10000)
        flow.secret = None
        self._on_state(session.id, tab.controller.state)
        self.quick.clear()
        self.statusBar().clearMessage()
        self._quick_dispose(flow)

    def _quick_ended(self, flow, tab, exc) -> None:  # type: ignore[no-untyped-def]
        """Failed before the prompt opened (``exc``) or cancelled: nothing stays but a saved session the user asked for."""
        if self.costbar is not None:
            self.costbar.detach(tab.controller)
        tab.close_tab()
        tab.deleteLater()
        self.workspace.close(flow.session.id)
        flow.secret = None
        self.statusBar().clearMessage()
        if flow.saved:
            self.sidebar.set_state(flow.session.id, "idle")
        self._quick_dispose(flow)
        if exc is not None:
            from gpudesk.ui.errors_text import explain

            self._quick_note(explain(exc))

    def _quick_dispose(self, flow) -> None:  # type: ignore[no-untyped-def]
        flow.prompt.deleteLater()
        flow.deleteLater()
        if getattr(self, "quick_flow", None) is flow:
            self.quick_flow = None

    def open_session(self, session_id: str, password: str | None = None) -> ConnectionTab | None:
        """Open (or bring forward and reconnect) ``session_id``'s tab; returns it (None: no such session)."""
        tab = self.tabs_by_session.get(session_id)
        if tab is not None:
            self.tabs.setCurrentWidget(tab)
            if tab.controller.state in ("failed", "closed", "idle", "dropped"):
                tab.controller.reconnect() if tab.controller.state == "dropped" else tab.start()
            return tab
        session = self.sidebar.session(session_id)
        if session is None:
            return None
        tab = self._make_tab(session, password)
        tab.start()
        return tab

    def _make_tab(  # type: ignore[no-untyped-def]
        self, session: Session, password: str | None = None, host_keys=None, controller=None, shown: bool = True
    ) -> ConnectionTab:
        """A connection tab for ``session``; ``shown=False`` keeps it out of the tabs until :meth:`_show_tab`."""
        from gpudesk.ui.connection_tab import ConnectionTab
        from gpudesk.ui.controller import ConnectionController

        if controller is None:
            server = self.workspace.open(session, host_keys)
            controller = ConnectionController(session, host_keys=host_keys, parent=self, server=server)
        if password is not None:
            controller.set_password(password)
        tab = ConnectionTab(controller)
        controller.state_changed.connect(lambda state, sid=session.id: self._on_state(sid, state))
        controller.summary_changed.connect(lambda text, sid=session.id: self._on_summary(sid, text))
        # A stop made anywhere (cost bar, prompt, Providers page, the command line) shows in the tab's title
        # and the status bar as it does in the tab and the session list.
        bridge.connect(controller.server.billing.changed,
                       lambda _b, sid=session.id, c=controller: self._on_state(sid, c.state), tab)
        tab.edit_requested.connect(lambda s: self.edit_session(s.id))
        if self.costbar is not None:
            self.costbar.attach(controller)
        for panel in tab.panels:
            if hasattr(panel, "overall_changed"):  # the Files tab's transfer queue
                panel.overall_changed.connect(lambda text, p=panel, sid=session.id: self._on_transfers(sid, p, text))
        if shown:
            self._show_tab(tab)
        else:
            tab.setParent(self)  # its questions (a new host key) open over this window
            tab.hide()
        return tab

    def _show_tab(self, tab: ConnectionTab) -> None:
        session = tab.controller.session
        self.tabs_by_session[session.id] = tab
        index = self.tabs.addTab(tab, session.label)
        self.tabs.setCurrentIndex(index)
        self.stack.setCurrentWidget(self.tabs)
        tab.show()

    def _on_transfers(self, session_id: str, panel, text: str) -> None:  # type: ignore[no-untyped-def]
        """Overall transfer progress in the status bar (the server itself tells the idle guard it is busy)."""
        server = self.workspace.get(session_id)
        busy = server is not None and server.work.transfers_busy
        self.transfer_label.setText(text if busy else "")

    def _on_state(self, session_id: str, state: str) -> None:
        self.sidebar.set_state(session_id, state)
        tab = self.tabs_by_session.get(session_id)
        if tab is not None:
            index = self.tabs.indexOf(tab)
            dot = {"connected": "● ", "connecting": "◌ ", "dropped": "◍ ", "failed": "✕ "}.get(state, "○ ")
            if _stopped_at_provider(tab.controller):
                dot = "■ "
            self.tabs.setTabText(index, dot + tab.controller.session.label)
            self.tabs.name_close_buttons()
        self._update_status()

    def _on_summary(self, session_id: str, text: str) -> None:
        self.sidebar.set_summary(session_id, text)
        self._update_status()

    def _update_status(self) -> None:
        tab = self.tabs.currentWidget()
        if getattr(tab, "controller", None) is None:
            # A page such as the catalog: say how many servers are connected, not "Not connected".
            live = sum(1 for t in self.tabs_by_session.values() if t.controller.state == "connected")
            self.state_label.setText(self.tr("%n server(s) connected", "", live) if live else self.tr("Not connected"))
            self.gpu_label.setText("")
            return
        c = tab.controller
        if self.costbar is not None:
            self.costbar.focus(c.session.id)  # the cost bar details the server in front
        names = {
            "connecting": self.tr("Connecting…"),
            "connected": self.tr("Connected"),
            "dropped": self.tr("Connection lost"),
            "failed": self.tr("Failed"),
            "closed": self.tr("Not connected"),
            "idle": self.tr("Not connected"),
        }
        said = names.get(c.state, c.state)
        billing_state = _stopped_at_provider(c)
        if billing_state == "stopped":
            said = self.tr("Stopped at the provider (not billing)")
        elif billing_state == "terminated":
            said = self.tr("Released at the provider")
        self.state_label.setText(f"{c.session.label} · {said}")
        self.gpu_label.setText(c.summary)

    def close_tab(self, index: int) -> None:
        tab = self.tabs.widget(index)
        if tab is None:
            return
        self.tabs.removeTab(index)
        if getattr(tab, "controller", None) is None:  # a page (catalog, providers)
            self.pages = {k: v for k, v in self.pages.items() if v is not tab}
            tab.deleteLater()
            if self.tabs.count() == 0:
                self.stack.setCurrentWidget(self.welcome)
            return
        if self.costbar is not None:
            self.costbar.detach(tab.controller)
        session_id = tab.controller.session.id
        self.tabs_by_session.pop(session_id, None)
        tab.close_tab()
        tab.deleteLater()
        self.workspace.close(session_id)  # what ran for the server (transfers, jobs poll) ends with its tab
        self.sidebar.set_state(session_id, "idle")
        if self.tabs.count() == 0:
            self.stack.setCurrentWidget(self.welcome)
        self._update_status()

    def set_up_key_login(self, session_id: str) -> None:
        tab = self.tabs_by_session.get(session_id)
        session = self.store.get(session_id)
        if tab is None or session is None or tab.controller.state != "connected":
            return
        answer = QtWidgets.QMessageBox.question(
            self,
            self.tr("Set up key login"),
            self.tr(
                "Create a new ed25519 key, add it to ~/.ssh/authorized_keys on %1 and log in with it from now on?\n"
                "The private key is kept in the system keyring."
            ).replace("%1", session.host),
        )
        if answer != QtWidgets.QMessageBox.StandardButton.Yes:
            return
        from gpudesk.core.ssh.keysetup import set_up_key_login

        def done(_public: str) -> None:
            self.store.update(session)
            tab.controller.session = session
            self.statusBar().showMessage(self.tr("Key login is set up for %1.").replace("%1", session.name), 10000)

        tab.controller.submit(
            lambda conn: set_up_key_login(conn, session),
            done,
            lambda exc: QtWidgets.QMessageBox.warning(self, self.tr("Set up key login"), tr_msg(exc)),
        )

    def _show_instance(self, account: str, instance_id: str) -> None:
        """Providers, with this instance's row selected (the Guide's "Release the server")."""
        spec = "gpudesk.ui.providers.page:ProvidersPage"
        self.open_page(self.tr("Providers"), spec)
        page = self.pages.get(spec)
        if page is not None and hasattr(page, "show_instance"):
            page.show_instance(account, instance_id)

    def open_page(self, title: str, spec: str) -> None:
        """Open (or focus) a page such as the catalog as a tab of its own."""
        page = self.pages.get(spec)
        if page is None:
            import importlib

            module_name, _, class_name = spec.partition(":")
            page = getattr(importlib.import_module(module_name), class_name)(self)
            if hasattr(page, "new_session_requested"):
                page.new_session_requested.connect(self.new_session_from)
            if hasattr(page, "instance_acted") and self.costbar is not None:
                page.instance_acted.connect(self.costbar.instance_acted)
            a11y.name_clear_buttons(page)
            self.pages[spec] = page
            self.tabs.addTab(page, title)
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(page)

    def open_multi(self, session_ids: list[str]) -> None:
        """Several servers at once: connect all, run a command on all, upload to all, one GPU dashboard."""
        from gpudesk.ui.multi.page import MultiServerPage

        key = "multi:" + ",".join(sorted(session_ids))
        page = self.pages.get(key)
        if page is None:
            page = MultiServerPage(self, list(session_ids))
            self.pages[key] = page
            self.tabs.addTab(page, self.tr("%1 servers").replace("%1", str(len(session_ids))))
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(page)

    def new_session_from(self, template: Session) -> None:
        """Open the session editor pre-filled from a template (an offer, a provider instance)."""
        from gpudesk.ui.session_dialog import SessionDialog

        dialog = SessionDialog(template, self.store.folders, self, demo=self.demo_server)
        dialog.setWindowTitle(self.tr("New session"))
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            session = dialog.result_session()
            session.name = self.store.unique_name(session.name)
            self.store.add(session)
            self._store_dialog_secrets(session, dialog)
            self.open_session(session.id, password=None if dialog.save_secret else dialog.password)

    def show_panel(self, class_name: str) -> QtWidgets.QWidget | None:
        """Bring a connected server's sub-tab (``"JobsPanel"``, ``"FilesPanel"``…) forward: the current
        tab's when it is connected, else the first connected one's. Returns the panel, or None."""
        current = self.tabs.currentWidget()
        tabs = list(self.tabs_by_session.values())
        if current in tabs:
            tabs.remove(current)
            tabs.insert(0, current)
        # The live server's state, which the guide reads too: the controller's copy may arrive a moment later.
        tab = next((t for t in tabs if t.controller.server.state == "connected"), None)
        if tab is None:
            return None
        self.tabs.setCurrentWidget(tab)
        for panel in tab.panels:
            if type(panel).__name__ == class_name:
                tab.tabs.setCurrentWidget(panel)
                return panel
        return None

    def show_guide(self, visible: bool = True) -> None:
        """The four-step guide, docked on the right (experts just leave it closed).

        The dock takes its room from the pages, never from the screen or the session list: the
        window keeps its size (where the pages cannot give enough, the guide floats beside them),
        and closing the guide gives the pages back exactly the room they had.
        """
        dock = getattr(self, "guide_dock", None)
        opening = visible and (dock is None or dock.isHidden())
        if opening:
            self._before_guide = (self.size(), self.splitter.sizes())
        if dock is None:
            if not visible:
                return
            from gpudesk.ui.guide.panel import GuidePanel, GuideShell

            shell = GuideShell(
                open_page=self.open_page,
                new_session=self.new_session,
                start_demo=self.start_demo,
                show_panel=self.show_panel,
                status=lambda text: self.statusBar().showMessage(text, 8000),
                meter=lambda: getattr(self.costbar, "meter", None),
                show_instance=self._show_instance,
            )
            dock = QtWidgets.QDockWidget(self.tr("Guide"), self)
            dock.setObjectName("guide-dock")
            dock.setWidget(GuidePanel(self.workspace, shell))
            dock.visibilityChanged.connect(self._guide_visibility)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.guide_dock = dock
        dock.setVisible(visible)
        if opening:
            self._fit_guide(dock)
        elif not visible:
            self._restore_after_guide()

    def _fit_guide(self, dock: QtWidgets.QDockWidget) -> None:
        size, sizes = self._before_guide
        QtWidgets.QApplication.sendPostedEvents()
        self.layout().activate()
        if not self.isMaximized() and not self.isFullScreen() and (self.width() > size.width() or self.height() > size.height()):
            # The pages cannot give up enough width: float the guide over the window's right edge.
            dock.setFloating(True)
            QtWidgets.QApplication.sendPostedEvents()
            self.layout().activate()  # the window's minimum no longer counts the dock
            self.resize(size)
            geo = self.geometry()
            width = max(dock.minimumSizeHint().width(), min(440, geo.width() // 3))  # as wide as it docks
            # Between the toolbar and the status bar: the Guide button and the cost bar stay in sight.
            pages = self.centralWidget().geometry()
            dock.setGeometry(geo.right() - width, geo.top() + pages.top(), width, pages.height())
        else:
            wanted = max(dock.minimumSizeHint().width(), min(440, self.width() // 3))
            self.resizeDocks([dock], [wanted], Qt.Orientation.Horizontal)
        self.splitter.setSizes([sizes[0], max(0, self.splitter.width() - sizes[0] - self.splitter.handleWidth())])
        self._after_guide = self.size()

    def _restore_after_guide(self) -> None:
        before = getattr(self, "_before_guide", None)
        if before is None:
            return
        size, sizes = before
        self._before_guide = None
        if getattr(self, "_after_guide", None) == self.size() and self.size() != size:
            self.resize(size)
        self.splitter.setSizes(sizes)

    def _guide_visibility(self, shown: bool) -> None:
        try:
            self.guide_action.setChecked(shown)
        except RuntimeError:
            pass  # the window is being torn down

    def import_sessions(self) -> None:
        from gpudesk.ui.importer.dialog import ImportDialog

        ImportDialog(self.store, self).exec()

    def show_shortcuts(self) -> None:
        """The cheat sheet: every command's current keys, with the editor one click away."""
        from gpudesk.ui.shortcuts_dialog import ShortcutSheet

        sheet = ShortcutSheet(self)
        sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        sheet.exec()

    def open_log_folder(self) -> None:
        from gpudesk.core import logs

        QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(logs.log_dir())))

    def create_diagnostics(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, self.tr("Save diagnostics bundle"), str(QtCore.QDir.homePath() + "/gpudesk-diagnostics.zip"), "Zip (*.zip)"
        )
        if not path:
            return
        from pathlib import Path

        from gpudesk.core import diagnostics
        from gpudesk.ui.background import run_in_background

        extra = {"qt": QtCore.qVersion(), "screens": str(len(QtGui.QGuiApplication.screens()))}
        run_in_background(
            lambda: diagnostics.build(Path(path), extra, self.store),
            lambda out: self.statusBar().showMessage(
                self.tr("Diagnostics bundle saved to %1 (no passwords or host names inside).").replace("%1", str(out)), 15000
            ),
            lambda exc: QtWidgets.QMessageBox.warning(self, self.tr("Diagnostics"), str(exc)),
        )

    def check_updates(self, quiet: bool = True) -> None:
        from gpudesk.core import updates
        from gpudesk.ui.background import run_in_background

        if quiet and not updates.due():
            return

        def done(release) -> None:  # type: ignore[no-untyped-def]
            if release is None:
                if not quiet:
                    QtWidgets.QMessageBox.information(self, self.tr("Updates"), self.tr("gpudesk is up to date."))
                return
            QtWidgets.QMessageBox.information(
                self,
                self.tr("Updates"),
                self.tr("gpudesk %1 is available.\n\n%2\n\nDownload: %3")
                .replace("%1", release.version)
                .replace("%2", release.notes)
                .replace("%3", release.url),
            )

        def failed(exc: BaseException) -> None:
            if not quiet:
                QtWidgets.QMessageBox.warning(self, self.tr("Updates"), str(exc))

        run_in_background(updates.check, done, failed)

    def show_about(self) -> None:
        from gpudesk import __version__

        QtWidgets.QMessageBox.about(
            self,
            self.tr("About gpudesk"),
            self.tr("gpudesk %1\nRent, use and release cloud GPU servers from one window.").replace("%1", __version__),
        )

    def open_settings(self) -> None:
        from gpudesk.ui.settings_dialog import SettingsDialog

        SettingsDialog(self).exec()

    # -- demo ------------------------------------------------------------------
    def start_demo(self) -> None:
        """Start the built-in demo server off the GUI thread, then open its session."""
        for session in self.sidebar.transient.values():
            self.open_session(session.id)
            return
        import sys

        if sys.platform == "win32":
            # The demo's server runs a POSIX shell, nvidia-smi stand-in and training job; Windows
            # would run them through cmd.exe, and every panel would show errors instead.
            self._demo_box = QtWidgets.QMessageBox(
                QtWidgets.QMessageBox.Icon.Information,
                self.tr("Demo"),
                self.tr(
                    "The demo GPU server is not available on Windows: it simulates a Linux server with a POSIX "
                    "shell and tools that Windows does not have. Everything else works: connect to your own "
                    "server with New session, or import your sessions from MobaXterm or Xshell."
                ),
                QtWidgets.QMessageBox.StandardButton.Ok,
                self,
            )
            self._demo_box.open()
            return
        self.statusBar().showMessage(self.tr("Starting the demo GPU server…"))
        from gpudesk.ui.background import run_in_background

        detached = self.demo_detached and _has("gpudesk.core.demo.host")

        def start():  # type: ignore[no-untyped-def]
            from gpudesk.core.ssh.hostkeys import HostKeyStore

            store = HostKeyStore()
            if detached:
                from gpudesk.core.demo import host as demo_host

                server = demo_host.find_or_spawn(train_s=demo_host.timing()["train_s"])
                demo_host.wake(server)  # stopped by its guard while the app was away: start it again
                store.trust_once(server.host, server.port, server.host_key)  # we started it: its key is known
                return server, store, None
            from gpudesk.core.demo.server import DemoConfig, DemoServer

            # The demo's training run ends after 6 minutes; a minute later the idle prompt asks
            # whether to stop the (demo) instance.
            server = DemoServer(DemoConfig(train_s=360)).start()
            store.trust_once(server.host, server.port, server.host_key)  # we started it: its key is known
            api = None
            if _has("gpudesk.core.demo.provider_api"):
                from gpudesk.core.demo.provider_api import DemoProviderAPI

                api = DemoProviderAPI(server.host, server.port).start()  # so Stop in the idle prompt works
            return server, store, api

        def started(result) -> None:  # type: ignore[no-untyped-def]
            server, store, api = result
            self.demo_server = server
            self.demo_api = api
            session = Session(name=self.tr("Demo GPU server"), host=server.host, port=server.port, username=server.username)
            session.hourly_price = 2.49
            session.currency = "USD"
            if api is not None:
                api.link(session, idle_minutes=1.0)  # a short idle threshold, so the demo shows the prompt
            elif detached:
                self._link_demo_host(session, server)
            api_url = api.url if api is not None else getattr(server, "api_url", "")
            if api_url and _has("gpudesk.ui.demo_phone"):
                from gpudesk.ui import demo_phone

                demo_phone.attach(self, api_url)  # where the demo's alerts arrive
            self.sidebar.transient[session.id] = session
            self.sidebar.refresh()
            tab = self._make_tab(session, password=server.password, host_keys=store)
            tab.start()
            self.statusBar().clearMessage()

        def failed(exc: BaseException) -> None:
            QtWidgets.QMessageBox.warning(self, self.tr("Demo"), self.tr("The demo server could not start: %1").replace("%1", str(exc)))

        run_in_background(start, started, failed)

    def _link_demo_host(self, session: Session, server) -> None:  # type: ignore[no-untyped-def]
        """The demo host's session: the same id every run (its meter and audit log carry over), tied
        to the demo pod, with the server guard on where the demo server can run it."""
        import os
        import shutil

        from gpudesk.core.demo import host as demo_host
        from gpudesk.core.demo.provider_api import link

        times = demo_host.timing()
        session.id = server.session_id
        guard = "on" if os.name == "posix" and (shutil.which("curl") or shutil.which("wget")) else "off"
        link(session, server.api_url, server.token, server.pod_id, 2.49, idle_minutes=times["idle_minutes"],
             answer_minutes=times["answer_minutes"], policy="stop", server_guard=guard)
        if guard == "on":
            self.statusBar().showMessage(
                self.tr("The demo server is guarded: quit gpudesk and the demo instance stops by itself after %1 min without work.").replace("%1", f"{times['idle_minutes'] + times['answer_minutes']:g}"),
                60_000,
            )

    # -- state -----------------------------------------------------------------
    def _fit_to_screen(self) -> None:
        """Clamp the window (frame included) into the available area of the screen it is on."""
        area = available_area(self)
        if area is None or self.isMaximized() or self.isFullScreen():
            return
        frame = self.frameGeometry()
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()
        width = max(1, min(self.width(), area.width() - extra_w))
        height = max(1, min(self.height(), area.height() - extra_h))
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        frame = self.frameGeometry()
        x = min(max(frame.x(), area.x()), area.x() + max(0, area.width() - frame.width()))
        y = min(max(frame.y(), area.y()), area.y() + max(0, area.height() - frame.height()))
        if (x, y) != (frame.x(), frame.y()):
            self.move(x, y)

    def _restore_state(self) -> None:
        data = ui_state.load()
        if "geometry" in data:
            self.restoreGeometry(QtCore.QByteArray(ui_state.decode(data["geometry"])))
            self._fit_to_screen()  # saved on a larger screen (or a docked laptop): never larger than this one
            QtCore.QTimer.singleShot(0, self, self._fit_to_screen)  # again once shown, with its frame known
        else:  # first start: most of the screen, centred
            screen = QtGui.QGuiApplication.primaryScreen()
            if screen is not None:
                area = screen.availableGeometry()
                width, height = min(1400, int(area.width() * 0.92)), min(900, int(area.height() * 0.92))
                self.setGeometry(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2, width, height)
        if "window_state" in data:
            self.restoreState(QtCore.QByteArray(ui_state.decode(data["window_state"])))
        if "splitter" in data:
            self.splitter.restoreState(QtCore.QByteArray(ui_state.decode(data["splitter"])))
        self.sidebar.expanded = set(data.get("expanded_folders", []))
        self.sidebar.refresh()

    def save_state(self) -> None:
        ui_state.save(
            {
                "geometry": ui_state.encode(bytes(self.saveGeometry())),
                "window_state": ui_state.encode(bytes(self.saveState())),
                "splitter": ui_state.encode(bytes(self.splitter.saveState())),
                "expanded_folders": sorted(self.sidebar.expanded),
            }
        )

    def billing_trackers(self) -> list:  # type: ignore[type-arg]
        """The cost bar's sessions whose meter runs: quitting the app does not stop their bill."""
        if self.costbar is None:
            return []
        return [t for t in self.costbar.trackers.values() if t.meter.is_running(t.session.id)]

    def billing_now(self) -> list[str]:
        """Each server still billing, with its rate ("pod ($2.49/h)")."""
        from gpudesk.core.billing.price import money

        names = []
        for tracker in self.billing_trackers():
            rate = tracker.meter.rate_per_hour(tracker.session.id)
            currency = tracker.meter.currency(tracker.session.id)
            names.append(f"{tracker.session.label} ({money(rate, currency)}/h)" if rate else tracker.session.label)
        return names

    def confirm_quit(self) -> bool:
        """True to quit now: at once when nothing bills, else after the user saw what still bills.

        "Stop and quit" stops every server the app can stop (through its provider) and quits once
        they all stopped; one that fails keeps the app open with the reason in the status bar.
        """
        trackers = self.billing_trackers()
        if not trackers:
            return True
        box = QtWidgets.QMessageBox(self)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Quit gpudesk"))
        text = self.tr("Still billing: %1.").replace("%1", ", ".join(self.billing_now()))
        meter = getattr(self.costbar, "meter", None)
        if meter is not None:  # the one ledger's words, as the cost bar, the Guide and Providers say them
            from gpudesk.core.billing.price import hourly
            from gpudesk.core.billing.storage import billing_now

            ledger = billing_now(meter)

            def each(found: dict[str, float], bill: str = min(ledger.rates or {"USD": 0.0})) -> str:
                found = found or {bill: 0.0}  # nothing: a zero in the bill's currency, as the cost bar says it
                return ", ".join(self.tr("%1/h").replace("%1", hourly(v, k)) for k, v in sorted(found.items()))

            text += "\n" + self.tr("Billing now: compute %1 + storage %2").replace("%1", each(ledger.compute)).replace(
                "%2", each(ledger.storage))
        box.setText(text)
        box.setInformativeText(
            self.tr("Quitting gpudesk does not stop the bill. Stop the server first, or quit anyway: where the guard on the server is on, it stops an idle server by itself.")
        )
        stoppable = [t for t in trackers if t.can("stop")]
        stop_quit = None
        if stoppable:
            stop_quit = box.addButton(self.tr("Stop and quit"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        quit_anyway = box.addButton(self.tr("Quit anyway"), QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box
        box.exec()
        if stop_quit is not None and box.clickedButton() is stop_quit:
            self._stop_then_quit(stoppable)
            return False
        return box.clickedButton() is quit_anyway

    def _stop_then_quit(self, trackers: list) -> None:  # type: ignore[type-arg]
        waiting = {id(t) for t in trackers}
        failures: list[str] = []

        def one_done(tracker, action: str, ok: bool, message: str) -> None:  # type: ignore[no-untyped-def]
            if action != "stop" or id(tracker) not in waiting:
                return
            waiting.discard(id(tracker))
            if not ok:
                failures.append(f"{tracker.session.label}: {message}")
            if waiting:
                return
            if failures:
                self.statusBar().showMessage(self.tr("Not quitting: %1").replace("%1", "; ".join(failures)), 60_000)
            else:
                self._quit_confirmed = True
                self.quit_application()

        self.statusBar().showMessage(self.tr("Stopping %1 server(s) before quitting…").replace("%1", str(len(trackers))))
        for tracker in trackers:
            tracker.action_done.connect(lambda a, ok, m, t=tracker: one_done(t, a, ok, m))
            tracker.act("stop")

    def quit_app(self) -> None:
        if self.confirm_quit():
            self._quit_confirmed = True
            self.quit_application()

    def quit_application(self) -> None:
        """The app's end (run_gui then shuts the window down); tests watch this one."""
        QtWidgets.QApplication.quit()

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 - Qt API
        # The user closing the window (not a program's close()) hears what still bills first.
        if event.spontaneous() and not getattr(self, "_quit_confirmed", False) and not self.confirm_quit():
            event.ignore()
            return
        self.save_state()
        super().closeEvent(event)

    def shutdown(self) -> None:
        flow = getattr(self, "quick_flow", None)
        if flow is not None:  # a quick connect waiting for its password: end it, or its thread waits on
            flow.controller.close()
        sync = getattr(self, "session_sync", None)
        if sync is not None:
            sync.flush(5)
            sync.detach()
        for tab in list(self.tabs_by_session.values()):
            tab.close_tab()
        self.tabs_by_session.clear()
        self.workspace.close_all()
        if self.demo_server is not None:
            if not self.demo_detached:  # a detached demo host lives on: it ends itself (see core.demo.host)
                self.demo_server.stop()
            self.demo_server = None
        if getattr(self, "demo_api", None) is not None:
            from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
            from gpudesk.core.providers.accounts import remove_transient

            self.demo_api.stop()
            self.demo_api = None
            remove_transient(DEMO_ACCOUNT)  # the demo's provider account lives for one run only


def _stopped_at_provider(controller) -> str:  # type: ignore[no-untyped-def]
    """"stopped" / "terminated" when the server's billing says so (whatever the SSH link still does), else ""."""
    state = str(controller.server.billing.state)
    return state if state in ("stopped", "terminated") else ""
