"""The "Open in…" submenu: a session (or a remote folder of it) in VS Code, Cursor, Windsurf or the terminal.

The core does the work (``core/sessions/ssh_export.py``, ``core/handoff.py``); this asks the user first where
something outside gpudesk's own files changes (the ``Include`` line in ``~/.ssh/config``, a key added to the
SSH agent) and runs every file and process step off the GUI thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gpudesk.core import handoff
from gpudesk.core.sessions.model import Session
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtWidgets

AGENT_LIFETIME_S = 3600
_found: tuple[float, list[str]] = (0.0, [])


def installed_tools() -> list[str]:
    """The tools found on this computer (PATH lookups only; kept for a minute)."""
    global _found
    if time.monotonic() - _found[0] > 60.0:
        _found = (time.monotonic(), handoff.available())
    return _found[1]


class OpenIn(QtCore.QObject):
    """Builds the submenu and carries one hand-off through its questions and background steps."""

    def __init__(self, parent: QtWidgets.QWidget, session: Callable[[], Session | None], path: str = "") -> None:
        super().__init__(parent)
        self.widget = parent
        self.session = session
        self.path = path

    def tool_label(self, tool: str) -> str:
        return {
            "code": self.tr("VS Code"),
            "cursor": self.tr("Cursor"),
            "windsurf": self.tr("Windsurf"),
            "terminal": self.tr("Terminal (ssh)"),
        }[tool]

    def fill(self, menu: QtWidgets.QMenu) -> QtWidgets.QMenu:
        sub = menu.addMenu(self.tr("Open in…"))
        sub.setObjectName("open_in_menu")
        self.populate(sub)
        return sub

    def populate(self, menu: QtWidgets.QMenu) -> None:
        """One action per tool; those not installed are shown disabled, and a line says when none is."""
        found = installed_tools()
        for tool in handoff.TOOLS:

            def open_tool(t: str = tool) -> None:
                self.open(t)

            action = menu.addAction(self.tool_label(tool), open_tool)
            action.setObjectName(f"open_in_{tool}")
            if tool not in found:
                action.setEnabled(False)
                action.setText(self.tr("%1 (not installed)").replace("%1", self.tool_label(tool)))
        if not found:
            menu.addSeparator()
            none = menu.addAction(self.tr("No editor or terminal was found: install VS Code, Cursor or Windsurf"))
            none.setEnabled(False)

    # -- one hand-off ---------------------------------------------------------------------------
    def open(self, tool: str) -> None:
        session = self.session()
        if session is None:
            return
        from gpudesk.core.sessions import ssh_export

        run_in_background(
            lambda: (ssh_export.include_present(), ssh_export.include_line(), str(ssh_export.user_config_path())),
            lambda found: self._asked(tool, session, *found),
            self._failed,
        )

    def _asked(self, tool: str, session: Session, included: bool, line: str, user_config: str) -> None:
        add_include = False
        if tool in handoff.EDITORS and not included:
            text = self.tr(
                "%1 finds servers through ~/.ssh/config. gpudesk keeps its sessions in its own file and will "
                "add this one line at the top of %2:\n\n%3\n\nNothing else in that file changes. You can take "
                "the line out again with: gpudesk sessions export-ssh-config --remove-include"
            )
            text = text.replace("%1", self.tool_label(tool)).replace("%2", user_config).replace("%3", line)
            if not self._ask(self.tr("Add gpudesk's hosts to ~/.ssh/config?"), text):
                return
            add_include = True
        add_key = False
        if session.auth == "stored_key":
            text = self.tr(
                "This session's key is kept in gpudesk's password store. Add it to your SSH agent for one "
                "hour so %1 can log in? It goes to ssh-add through a pipe and is not written to disk."
            ).replace("%1", self.tool_label(tool))
            add_key = self._ask(self.tr("Add the key to the SSH agent?"), text)
        run_in_background(lambda: self._hand_off(tool, session, add_include, add_key), self._opened, self._failed)

    def _opened(self, note: str) -> None:
        """Started; a server whose host key gpudesk has not trusted yet is refused by OpenSSH: say so."""
        if note:
            self._failed(handoff.HandoffError(note))

    def _hand_off(self, tool: str, session: Session, add_include: bool, add_key: bool) -> str:
        """Write the config, add what the user agreed to, start the tool; returns a note for the user ("" if none)."""
        from gpudesk.core.sessions import ssh_export
        from gpudesk.core.sessions.store import SessionStore
        from gpudesk.core.ssh.hostkeys import untrusted_note

        saved = list(SessionStore())
        sessions = [session if s.id == session.id else s for s in saved]
        if all(s.id != session.id for s in saved):
            sessions.append(session)  # the demo's session: shown, never saved
        ssh_export.write_config(sessions)
        if add_include:
            ssh_export.add_include()
        if add_key:
            ssh_export.add_stored_key_to_agent(session, AGENT_LIFETIME_S)
            ssh_export.write_config(sessions)
        entry = next(e for e in ssh_export.entries(sessions) if e.session_id == session.id)
        if entry.skipped:
            raise handoff.HandoffError(entry.skipped)
        included = ssh_export.include_present()
        launch = handoff.plan(tool, entry.alias, self.path, None if included else ssh_export.config_path())
        handoff.start(launch)
        return untrusted_note(session)

    def _ask(self, title: str, text: str) -> bool:
        box = QtWidgets.QMessageBox(self.widget)
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(text)
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No)
        return box.exec() == QtWidgets.QMessageBox.StandardButton.Yes

    def _failed(self, exc: BaseException) -> None:
        from gpudesk.ui.qt import shiboken6

        if not shiboken6.isValid(self.widget):
            return
        box = QtWidgets.QMessageBox(self.widget)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Open in…"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(tr_msg(exc) if str(exc) else exc.__class__.__name__)
        box.open()


def add_open_in(
    menu: QtWidgets.QMenu, parent: QtWidgets.QWidget, session: Callable[[], Session | None], path: str = ""
) -> QtWidgets.QMenu:
    """Add the "Open in…" submenu to ``menu`` (the helper lives as long as ``parent``)."""
    helper = OpenIn(parent, session, path)
    helper.setParent(menu)  # lives as long as the menu; dialogs still open on ``parent``
    return helper.fill(menu)


def open_in_button(parent: QtWidgets.QWidget, session: Callable[[], Session | None]) -> QtWidgets.QToolButton:
    """A tool button "Open in…" whose menu is built when it opens (the tools found may change)."""
    button = QtWidgets.QToolButton(parent)
    button.setObjectName("open_in_button")
    button.setAutoRaise(True)
    button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QtWidgets.QMenu(button)
    button.setMenu(menu)
    helper = OpenIn(parent, session)
    helper.setParent(button)
    text = QCoreApplication.translate("OpenIn", "Open in…")
    button.setText(text)
    button.setAccessibleName(text)

    def rebuild() -> None:
        menu.clear()
        helper.populate(menu)

    menu.aboutToShow.connect(rebuild)
    return button
