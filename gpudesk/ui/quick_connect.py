"""Quick connect: the toolbar's login line, from Enter to a saved session and an open tab.

Enter reaches the server and checks its key, then asks for the password (``connect_prompt.QuickConnect``).
A line that matches a saved session opens it. Otherwise the session is saved only once the login worked
(or the user clicked Save); what failed is said under the box, which keeps the line for a correction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core import secrets
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login
from gpudesk.core.sessions.model import ValidationError
from gpudesk.ui import session_secrets
from gpudesk.ui.connect_prompt import QuickConnect, QuickNote, session_from_line
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.errors_text import explain
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication

if TYPE_CHECKING:
    from gpudesk.ui.connection_tab import ConnectionTab
    from gpudesk.ui.main_window import MainWindow


def start(window: MainWindow) -> None:
    """Enter in Quick connect: open the saved session the line names, or start a login flow for it."""
    text = window.quick.text()
    if not text.strip():
        return
    try:
        line = parse_login(text)
    except LoginLineError as exc:
        note(window, tr_msg(exc))
        return
    store = window.store
    existing = next(
        (s for s in store if s.host == line.host and s.port == line.port and s.username == line.username), None
    )
    if existing:
        window.quick.clear()
        window.open_session(existing.id)
        return
    running = window.quick_flow
    if running is not None and not running.done:
        running.prompt.raise_()
        return
    if window.quick_note is not None:
        window.quick_note.hide()
    session = session_from_line(line, store.unique_name(line.host if line.port == 22 else f"{line.host}:{line.port}"))
    controller = ConnectionController(session, parent=window, server=window.workspace.open(session))
    tab = window._make_tab(session, controller=controller, shown=False)
    # Until the login worked, failures are the prompt's (or the note's), not the hidden tab's banner.
    tab.tells_failures = False
    flow = QuickConnect(controller, text, window)
    window.quick_flow = flow
    flow.succeeded.connect(lambda: _succeeded(window, flow, tab))
    flow.failed_early.connect(lambda exc: _ended(window, flow, tab, exc))
    flow.given_up.connect(lambda: _ended(window, flow, tab, None))
    flow.save_requested.connect(lambda: save(window, flow))
    connecting = QCoreApplication.translate("MainWindow", "Connecting to %1…")
    window.statusBar().showMessage(connecting.replace("%1", flow.target), 10000)
    flow.start()


def note(window: MainWindow, text: str) -> None:
    """Say under the box what was wrong with the line, and select it for a correction."""
    if window.quick_note is None:
        window.quick_note = QuickNote(window.quick)
    window.quick_note.show_text(text)
    window.quick.setFocus()
    window.quick.selectAll()


def save(window: MainWindow, flow: QuickConnect) -> bool:
    """Keep the quick session in the list (once); False, with the reason shown, if it cannot be."""
    if flow.saved:
        return True
    session = flow.session
    try:
        session.name = window.store.unique_name(session.name)
        window.store.add(session)
    except ValidationError as exc:
        flow.prompt.show_message(tr_msg(exc), error=True)
        return False
    flow.saved = True
    flow.prompt.saved()
    window._on_state(session.id, flow.controller.state)
    return True


def _succeeded(window: MainWindow, flow: QuickConnect, tab: ConnectionTab) -> None:
    session = flow.session
    tab.tells_failures = True
    window._show_tab(tab)
    save(window, flow)
    if flow.remember and flow.secret and flow.saved:
        entry = secrets.passphrase_entry(session.identity_file) if session.auth == "key_file" else session.secret_key
        session_secrets.keep([(entry, session.username, flow.secret)], window._say_briefly)
    flow.secret = None
    window._on_state(session.id, tab.controller.state)
    window.quick.clear()
    window.statusBar().clearMessage()
    _dispose(window, flow)


def _ended(window: MainWindow, flow: QuickConnect, tab: ConnectionTab, exc: BaseException | None) -> None:
    """Failed before the prompt opened (``exc``) or cancelled: nothing stays but a saved session the user asked for."""
    if window.costbar is not None:
        window.costbar.detach(tab.controller)
    tab.close_tab()
    tab.deleteLater()
    window.workspace.close(flow.session.id)
    flow.secret = None
    window.statusBar().clearMessage()
    if flow.saved:
        window.sidebar.set_state(flow.session.id, "idle")
    _dispose(window, flow)
    if exc is not None:
        note(window, explain(exc))


def _dispose(window: MainWindow, flow: QuickConnect) -> None:
    flow.prompt.deleteLater()
    flow.deleteLater()
    if window.quick_flow is flow:
        window.quick_flow = None


def end(window: MainWindow) -> None:
    """At shutdown: a quick connect waiting for its password ends, or its thread waits on."""
    if window.quick_flow is not None:
        window.quick_flow.controller.close()
