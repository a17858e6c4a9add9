"""The main window: toolbar, session tree, connection tabs, status bar; the app's :class:`Shell`.

What runs for each open server lives in ``self.workspace`` (the live core): every connection tab's
controller is the Qt face of a server the workspace opened, and closing the tab closes that server.
Views get what they need from the workspace; what only this window can do (show a page, say a line
in the status bar) they ask of ``workspace.shell``, which is this window. Its features live in rooms of
their own: quick connect (``quick_connect``), the demo (``demo_launch``), the guide's dock
(``guide.dock``), quitting while a server bills (``quit_guard``) and the Help menu (``help_menu``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gpudesk.core import secrets
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Page
from gpudesk.ui import (
    a11y,
    bridge,
    demo_launch,
    help_menu,
    plaintext,
    quick_connect,
    quit_guard,
    session_secrets,
    window_chrome,
)
from gpudesk.ui.billing.costbar import CostBar
from gpudesk.ui.connection_tab import ConnectionTab
from gpudesk.ui.files.panel import FilesPanel
from gpudesk.ui.forwards.panel import ForwardsPanel
from gpudesk.ui.gpus.panel import GpuPanel
from gpudesk.ui.guide import dock as guide_dock
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.jobs.panel import JobsPanel
from gpudesk.ui.pages import OpenPages, build_page
from gpudesk.ui.pages import title as page_title
from gpudesk.ui.providers.page import ProvidersPage
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from gpudesk.ui.session_dialog import SessionDialog
from gpudesk.ui.sidebar import SessionTree
from gpudesk.ui.terminal.panel import TerminalPanel

if TYPE_CHECKING:
    from gpudesk.core.billing.meter import Meter
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.connect_prompt import QuickConnect, QuickNote

#: the panels :meth:`MainWindow.show_panel` brings forward, by name
PANELS: dict[str, type[QtWidgets.QWidget]] = {
    "jobs": JobsPanel,
    "files": FilesPanel,
    "gpus": GpuPanel,
    "terminal": TerminalPanel,
    "forwards": ForwardsPanel,
}


class MainWindow(QtWidgets.QMainWindow):
    def __init__(self, store: SessionStore | None = None) -> None:
        super().__init__()
        plaintext.install()  # no label, message box or tooltip reads server text as markup
        self.setWindowTitle("gpudesk")
        self.resize(1280, 800)
        self.store = store or SessionStore()
        #: every open server, live (views read it; the tabs below are its views)
        self.workspace = Workspace(store=self.store)
        self.workspace.shell = self
        self.tabs_by_session: dict[str, ConnectionTab] = {}
        self.pages = OpenPages()
        # The app (run_gui) runs the demo in a detached demo host that outlives it, so the server
        # guard can be shown; a bare window (tests, screenshots) keeps the demo in-process.
        self.demo_detached = False
        self.demo_api: Any = None  # the in-process demo's provider API (core.demo.provider_api), if started
        self.demo_box: QtWidgets.QMessageBox | None = None  # "no demo on Windows"
        self.quick_flow: QuickConnect | None = None  # a quick connect waiting for its login
        self.quick_note: QuickNote | None = None  # what was wrong with the quick connect line
        self.guide_dock: QtWidgets.QDockWidget | None = None
        self.before_guide: tuple[QtCore.QSize, list[int]] | None = None  # the room the guide took it from
        self.after_guide: QtCore.QSize | None = None
        self.quit_confirmed = False  # the user saw what still bills (or nothing did)
        self._confirm_box: QtWidgets.QMessageBox | None = None  # the quit question (tests answer it)
        self.session_sync: Any = None  # the session-sync folder (ui.app.start_session_sync), if any
        self.alerts: Any = None  # the off-desk alerts (ui.alerts.install), once installed
        self.damaged_files_box: QtWidgets.QMessageBox | None = None

        self.quick, self.quit_action, self.guide_action = window_chrome.build_toolbar(self)
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
        self.welcome = window_chrome.build_welcome(self)
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
        self.costbar: CostBar | None = CostBar(self)
        self.statusBar().addPermanentWidget(self.costbar)
        self._show_damaged_files()
        if not secrets.available():
            self.statusBar().showMessage(
                self.tr("No system keyring found: passwords will be asked for each time, not saved."), 15000
            )
        window_chrome.restore_state(self)
        window_chrome.build_shortcuts(self)
        self._recheck_providers()

    def _recheck_providers(self) -> None:
        """At start: every linked session's provider is asked again (off the GUI thread); the meter takes its word."""
        from gpudesk.core.billing.meter import shared_meter
        from gpudesk.core.providers.recheck import recheck_all
        from gpudesk.ui.background import run_in_background

        sessions = [s for s in self.store if s.provider and s.provider_instance_id]
        if sessions:
            run_in_background(lambda: recheck_all(sessions, shared_meter()), lambda _r: None, lambda _e: None)

    @property
    def demo_server(self) -> Any:
        """The demo server this run started or found (kept by the workspace)."""
        return self.workspace.demo

    @demo_server.setter
    def demo_server(self, server: Any) -> None:
        self.workspace.demo = server

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
            box = QtWidgets.QMessageBox(
                QtWidgets.QMessageBox.Icon.Warning, "gpudesk", "\n\n".join(tr_msg(p) for p in problems), parent=self
            )
            box.setModal(False)
            self.damaged_files_box = box
            QtCore.QTimer.singleShot(0, box.show)

    # -- sessions --------------------------------------------------------------
    def new_session(self, prefill: str = "") -> None:
        self._new_session_dialog(SessionDialog(folders=self.store.folders, parent=self, demo=self.demo_server), prefill)

    def new_session_from(self, template: Session) -> None:
        """Open the session editor pre-filled from a template (an offer, a provider instance)."""
        dialog = SessionDialog(template, self.store.folders, self, demo=self.demo_server)
        dialog.setWindowTitle(self.tr("New session"))
        self._new_session_dialog(dialog)

    def _new_session_dialog(self, dialog: SessionDialog, prefill: str = "") -> None:
        """The editor of a new session: saved, its secrets kept (off the GUI thread), then it connects."""
        if prefill:
            dialog.paste.setText(prefill)
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return
        session = dialog.result_session()
        session.name = self.store.unique_name(session.name)
        self.store.add(session)
        tab = self._make_tab(session, None if dialog.save_secret else dialog.password)
        # The connection reads what the keyring keeps: it starts once the secrets are written.
        session_secrets.keep(
            session_secrets.from_dialog(session, dialog), self._say_briefly, lambda: self._start_if_open(tab)
        )

    def _start_if_open(self, tab: ConnectionTab) -> None:
        if tab in self.tabs_by_session.values():
            tab.start()

    def edit_session(self, session_id: str | Session) -> None:
        session = session_id if isinstance(session_id, Session) else self.sidebar.session(session_id)
        if session is None:
            return
        if session.id in self.sidebar.transient:  # the demo's: shown (user, port, password), never saved
            SessionDialog(
                Session.from_json(session.to_json()), self.store.folders, self, view_only=True, demo=self.demo_server
            ).exec()
            return
        dialog = SessionDialog(Session.from_json(session.to_json()), self.store.folders, self, demo=self.demo_server)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            updated = dialog.result_session()
            self.store.update(updated)
            session_secrets.keep(session_secrets.from_dialog(updated, dialog), self._say_briefly)
            tab = self.tabs_by_session.get(updated.id)
            if tab is not None:
                tab.controller.session = updated

    def quick_connect(self) -> None:
        """Enter in Quick connect (see :mod:`gpudesk.ui.quick_connect`)."""
        quick_connect.start(self)

    def open_session(
        self, session: Session | str, password: str | None = None, host_keys: HostKeyStore | None = None
    ) -> ConnectionTab | None:
        """Open (or bring forward and reconnect) a session's tab, by the session or its id; None: no such session."""
        tab = self.tabs_by_session.get(session if isinstance(session, str) else session.id)
        if tab is not None:
            self.tabs.setCurrentWidget(tab)
            if tab.controller.state in ("failed", "closed", "idle", "dropped"):
                tab.controller.link.reconnect() if tab.controller.state == "dropped" else tab.start()
            return tab
        found = self.sidebar.session(session) if isinstance(session, str) else session
        if found is None:
            return None
        tab = self._make_tab(found, password, host_keys)
        tab.start()
        return tab

    def _make_tab(  # type: ignore[no-untyped-def]
        self, session: Session, password: str | None = None, host_keys=None, controller=None, shown: bool = True
    ) -> ConnectionTab:
        """A connection tab for ``session``; ``shown=False`` keeps it out of the tabs until :meth:`_show_tab`."""
        from gpudesk.ui.connection_tab import ConnectionTab
        from gpudesk.ui.controller import ConnectionController, summary_text

        if controller is None:
            server = self.workspace.open(session, host_keys)
            controller = ConnectionController(session, host_keys=host_keys, parent=self, server=server)
        if password is not None:
            controller.link.set_password(password)
        tab = ConnectionTab(controller)
        tab.title_changed.connect(lambda state, sid=session.id: self._on_state(sid, state))  # the tab tells each state
        bridge.connect(
            controller.server.telemetry.summary_changed,
            lambda summary, sid=session.id: self._on_summary(sid, summary_text(summary)),
            tab,
        )
        # A stop made anywhere (cost bar, prompt, Providers page, the command line) shows in the tab's title
        # and the status bar as it does in the tab and the session list.
        bridge.connect(
            controller.server.billing.changed,
            lambda _b, sid=session.id, c=controller: self._on_state(sid, c.state),
            tab,
        )
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
        if not isinstance(tab, ConnectionTab):
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
        if not isinstance(tab, ConnectionTab):  # a page (catalog, providers)
            for key in [k for k, v in self.pages.items() if v is tab]:
                del self.pages[key]
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

    # -- the shell (gpudesk.core.shell.Shell) ---------------------------------------
    def say(self, text: str, timeout_ms: int = 30_000) -> None:
        """A line in the status bar."""
        self.statusBar().showMessage(text, timeout_ms)

    def _say_briefly(self, text: str) -> None:
        self.say(text, 10000)

    def show_page(self, page: Page) -> QtWidgets.QWidget:
        """Bring ``page`` forward as a tab of its own, building it the first time."""
        widget = self.pages.get(page)
        if widget is None:
            widget = build_page(page, self, self.workspace)
            widget.new_session_requested.connect(self.new_session_from)
            if isinstance(widget, ProvidersPage) and self.costbar is not None:
                widget.instance_acted.connect(self.costbar.instance_acted)
            a11y.name_clear_buttons(widget)
            self.pages[page] = widget
            self.tabs.addTab(widget, page_title(page))
        self.stack.setCurrentWidget(self.tabs)
        self.tabs.setCurrentWidget(widget)
        return widget

    def show_instance(self, account: str, instance_id: str) -> None:
        """Providers, with this instance's row selected (the Guide's "Release the server")."""
        page = self.show_page(Page.PROVIDERS)
        assert isinstance(page, ProvidersPage)
        page.show_instance(account, instance_id)

    def show_panel(self, name: str) -> QtWidgets.QWidget | None:
        """Bring a connected server's panel (``"jobs"``, ``"files"``, ``"gpus"``, ``"terminal"``, ``"forwards"``)
        forward: the current tab's when it is connected, else the first connected one's. Returns the panel, or None."""
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
            if isinstance(panel, PANELS[name]):
                tab.tabs.setCurrentWidget(panel)
                return panel
        return None

    def meter(self) -> Meter | None:
        """The billing meter the cost bar shows (the guide's step 4 reads it)."""
        return self.costbar.meter if self.costbar is not None else None

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

    # -- features in rooms of their own ---------------------------------------------
    def show_guide(self, visible: bool = True) -> None:
        guide_dock.show_guide(self, visible)

    def start_demo(self) -> None:
        demo_launch.start_demo(self)

    def import_sessions(self) -> None:
        from gpudesk.ui.importer.dialog import ImportDialog

        ImportDialog(self.store, self).exec()

    def open_settings(self) -> None:
        from gpudesk.ui.settings_dialog import SettingsDialog

        SettingsDialog(self).exec()

    def show_shortcuts(self) -> None:
        help_menu.show_shortcuts(self)

    def open_log_folder(self) -> None:
        help_menu.open_log_folder()

    def create_diagnostics(self) -> None:
        help_menu.create_diagnostics(self)

    def check_updates(self, quiet: bool = True) -> None:
        help_menu.check_updates(self, quiet)

    def show_about(self) -> None:
        help_menu.show_about(self)

    # -- state -----------------------------------------------------------------
    def save_state(self) -> None:
        window_chrome.save_state(self)

    def billing_trackers(self) -> list:  # type: ignore[type-arg]
        """The cost bar's sessions whose meter runs: quitting the app does not stop their bill."""
        if self.costbar is None:
            return []
        return [t for t in self.costbar.trackers.values() if t.meter.is_running(t.session.id)]

    def billing_now(self) -> list[str]:
        """Each server still billing, with its rate ("pod ($2.49/h)")."""
        return quit_guard.billing_now(self)

    def confirm_quit(self) -> bool:
        """True to quit now: at once when nothing bills, else after the user saw what still bills."""
        return quit_guard.confirm_quit(self)

    def quit_app(self) -> None:
        if self.confirm_quit():
            self.quit_confirmed = True
            self.quit_application()

    def quit_application(self) -> None:
        """The app's end (run_gui then shuts the window down); tests watch this one."""
        QtWidgets.QApplication.quit()

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 - Qt API
        # The user closing the window (not a program's close()) hears what still bills first.
        if event.spontaneous() and not self.quit_confirmed and not self.confirm_quit():
            event.ignore()
            return
        self.save_state()
        super().closeEvent(event)

    def shutdown(self) -> None:
        quick_connect.end(self)
        if self.session_sync is not None:
            self.session_sync.flush(5)
            self.session_sync.detach()
        for tab in list(self.tabs_by_session.values()):
            tab.close_tab()
        self.tabs_by_session.clear()
        self.workspace.close_all()
        demo_launch.stop_demo(self)


def _stopped_at_provider(controller) -> str:  # type: ignore[no-untyped-def]
    """ "stopped" / "terminated" when the server's billing says so (whatever the SSH link still does), else ""."""
    state = str(controller.server.billing.state)
    return state if state in ("stopped", "terminated") else ""
