"""One connection's tab: a state banner (connecting / failed / dropped) above the panels."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from gpudesk.core import secrets
from gpudesk.core.live.billing import BillingState
from gpudesk.core.live.link import ReconnectGaveUp, Transition
from gpudesk.core.live.questions import HostKeyAsk, PasswordAsk, PromptAsk, Question
from gpudesk.core.live.state import LinkState
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import PromptQuestion
from gpudesk.core.ssh.hostkeys import HostKeyQuestion, HostKeyStore
from gpudesk.ui import bridge, plaintext
from gpudesk.ui.background import deliver_in_gui
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.errors_text import explain
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.icons import icon
from gpudesk.ui.panels import load_panels
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtWidgets, Signal, shiboken6
from gpudesk.ui.session_dialog import ask_secret

_PANEL_ICONS = {"Terminal": "terminal", "Files": "files", "GPUs": "gpus", "Jobs": "jobs", "Forwards": "forwards"}

_log = logging.getLogger("gpudesk.connection")


class Banner(QtWidgets.QFrame):
    """A coloured strip with a message and up to three buttons."""

    COLORS = {"info": "#e3f2fd", "warn": "#fff3e0", "error": "#ffebee", "ok": "#e8f5e9"}

    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setObjectName("banner")
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self.spinner = QtWidgets.QProgressBar()
        self.spinner.setRange(0, 0)
        self.spinner.setFixedWidth(80)
        self.spinner.setTextVisible(False)
        layout.addWidget(self.spinner)
        self.label = plaintext.plain(QtWidgets.QLabel())  # errors quote server and provider text
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label, 1)
        self.buttons: list[QtWidgets.QPushButton] = []
        self._slots: dict[int, object] = {}
        for _ in range(3):
            button = QtWidgets.QPushButton()
            button.hide()
            layout.addWidget(button)
            self.buttons.append(button)

    def show_message(
        self, kind: str, text: str, actions: list[tuple[str, object]] | None = None, busy: bool = False
    ) -> None:
        self.setStyleSheet(
            f"#banner {{ background: {self.COLORS[kind]}; border-bottom: 1px solid #ccc; }} QLabel {{ color: #222; }}"
        )
        self.label.setText(text)
        self.spinner.setVisible(busy)
        actions = actions or []
        for i, button in enumerate(self.buttons):
            old = self._slots.pop(i, None)
            if old is not None:
                button.clicked.disconnect(old)
            if i < len(actions):
                title, slot = actions[i]
                button.setText(title)
                button.clicked.connect(slot)
                self._slots[i] = slot
                button.show()
            else:
                button.hide()
        self.show()


class ConnectionTab(QtWidgets.QWidget):
    """Shows a session's connection; panels fill the sub-tabs once connected."""

    title_changed = Signal(str)
    edit_requested = Signal(object)  # the Session

    def __init__(self, controller: ConnectionController, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.controller = controller
        self.banner = Banner()
        self.tabs = QtWidgets.QTabWidget()
        self.tabs.setDocumentMode(True)
        self.panels: list[QtWidgets.QWidget] = []
        for title, cls in load_panels():
            panel = cls(controller.server, self.tabs)  # a panel works on the server, its news through the bridge
            self.panels.append(panel)
            self.tabs.addTab(panel, icon(_PANEL_ICONS.get(title, "")), QCoreApplication.translate("Panels", title))
        self.info = plaintext.plain(QtWidgets.QLabel())
        self.info.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.info.setMargin(16)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if not self.panels:
            self.tabs.addTab(self.info, self.tr("Connection"))
        from gpudesk.ui.handoff_menu import open_in_button

        self.tabs.setCornerWidget(open_in_button(self, lambda: controller.session), Qt.Corner.TopRightCorner)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.tabs, 1)
        self.link = controller.link
        #: False while quick connect's prompt tells the failures (until the login worked)
        self.tells_failures = True
        # The link's news: each change goes into the controller's view, then to the banner (_on_transition).
        bridge.connect(self.link.transition, self._on_transition, self)
        controller.heard_by(self)
        bridge.connect(self.link.question, self._on_question, self)  # a new host key, a 2FA round, a password
        self._password_ask: PasswordAsk | None = None  # the open password question, as shown
        self._prompting = False
        self._reading = False  # the keyring is being asked whether a password is saved
        self._asks_late = False  # the password is asked once the server and its key checked out
        self._to_save: str | None = None  # a typed password to keep in the keyring once it logged in
        self._billing_shown = False  # the banner says the server is stopped or released at the provider
        self._start_asked = False  # Start was clicked in the banner: reconnect once it bills again
        self.billing = controller.server.billing
        bridge.connect(self.billing.changed, self._on_billing, self)

    # -- connecting ----------------------------------------------------------
    def start(self) -> None:
        """Connect, asking first for a password that is neither saved nor known.

        Whether one is saved is asked of the keyring on the link's IO thread (a keyring may be slow
        or wait for an unlock): the window stays responsive meanwhile.
        """
        session = self.controller.session
        if session.auth != "password" or self.link.has_password:
            self.link.connect()
            return
        if self._reading:
            return
        self._reading = True
        self.banner.show_message(
            "info",
            self.tr("Looking for a saved password for %1…").replace("%1", f"{session.username}@{session.host}"),
            [],
            busy=True,
        )
        link_secrets = self.link.secrets
        self._in_background(link_secrets.has_password, self._password_known, lambda _exc: self._password_known(False))

    def _password_known(self, stored: bool) -> None:
        self._reading = False
        if stored or self.link.has_password:
            self.link.connect()
            return
        # As ssh does (and quick connect): reach the server and check its host key first, then ask for the
        # password: a wrong host or a changed key is said before anything is typed, and nothing is sent to it.
        self._asks_late = True  # from now on the link's password questions are this tab's to ask
        self.link.ask_password_late = True
        self.link.connect()

    def _answer_password(self, password: str | None) -> None:
        ask, self._password_ask = self._password_ask, None
        if ask is not None:
            ask.answer(password)

    def _on_password_question(self, reason: object) -> None:
        """The server answered and its key checked out: now the password (again, after a wrong one)."""
        session = self.controller.session
        text = self.tr("Password for %1@%2:").replace("%1", session.username).replace("%2", session.host)
        if isinstance(reason, BaseException):
            text = explain(reason) + "\n\n" + text
        answer = ask_secret(self, self.tr("Password"), text, secrets.available())
        if answer is None:
            self._answer_password(None)  # its "cancelled" ends the login; the banner offers Connect
            return
        password, save = answer
        self._to_save = password if save else None  # kept once it logged in: a wrong one is never saved
        self._answer_password(password)

    def _save_typed_password(self) -> None:
        password, self._to_save = self._to_save, None
        if password is not None:  # off the GUI thread; the link's IO thread is busy with the new connection
            from gpudesk.ui.background import run_in_background

            link_secrets = self.link.secrets
            run_in_background(lambda: link_secrets.save_password(password), None, self._not_saved)

    def _in_background(
        self,
        fn: Callable[[], Any],
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], None] | None,
    ) -> None:
        """Run ``fn`` on the link's IO thread; the answer comes back on the GUI thread while this tab lives."""
        future = self.link.run_io(fn)  # cancelled when the link closes with its tab: no answer then
        deliver_in_gui(future, on_done, on_error, alive=lambda: shiboken6.isValid(self))

    def _not_saved(self, exc: BaseException) -> None:
        """A secret could not be kept (no keyring): said in the status bar, the connection goes on."""
        from gpudesk.core.live.workspace import Workspace

        workspace = Workspace.of(self.controller.server)
        if workspace is not None and workspace.shell is not None:
            workspace.shell.say(tr_msg(exc))  # the window's status bar, asked through the workspace's shell
        else:
            _log.info("a secret was not saved: %s", exc)

    # -- the link's news, on the GUI thread -------------------------------------
    def _on_transition(self, change: Transition) -> None:
        """One link change, told in order: the state, then what came with it (a connection, a drop, a retry, a failure)."""
        c = self.controller
        before = c.state
        if not c.take(change):
            return  # overtaken: a newer change was shown already
        if c.state != before:
            self._on_state(c.state)
        # A slot above may have started a newer change (Reconnect on "failed"): its news wins.
        if change.state is LinkState.CONNECTED and c.shows(change):
            self._on_connected()
            if self._asks_late:
                self._save_typed_password()
        if change.dropped is not None and c.shows(change):
            self._on_dropped(change.dropped)
        if change.retry is not None and c.shows(change):
            retry = change.retry
            self._on_reconnect_scheduled(retry.attempt, retry.delay_s, retry.reason)
        if change.failed is not None and c.shows(change) and self.tells_failures:
            self._on_failed(change.failed)

    def _on_state(self, state: str) -> None:
        s = self.controller.session
        error = self.controller.last_error if state in ("failed", "dropped") else None
        _log.info(
            "%s (%s@%s:%s): %s%s%s",
            s.label,
            s.username,
            s.host,
            s.port,
            state,
            f" (try {self.controller.reconnect_attempt})" if self.controller.reconnect_attempt else "",
            f": {error}" if error else "",
        )
        if state == "connecting" and self.controller.reconnect_attempt:
            self.banner.show_message(
                "warn",
                self.tr("Reconnecting to %1… (%2)")
                .replace("%1", f"{s.username}@{s.host}:{s.port}")
                .replace("%2", str(self.controller.reconnect_attempt)),
                [(self.tr("Cancel"), self.link.cancel)],
                busy=True,
            )
        elif state == "connecting":
            self.banner.show_message(
                "info",
                self.tr("Connecting to %1…").replace("%1", f"{s.username}@{s.host}:{s.port}"),
                [(self.tr("Cancel"), self.link.cancel)],
                busy=True,
            )
        elif state == "closed" and not self._show_billing():
            self.banner.show_message("info", self.tr("Not connected."), [(self.tr("Connect"), self.start)])
        self.title_changed.emit(state)

    def _on_connected(self) -> None:
        conn = self.controller.connection
        self.banner.hide()
        if self._billing_out():
            # It answers, so it runs again: the billing's own look at the provider catches up.
            self.billing.refresh_instance()
            self._show_billing()
        if self.controller.via_fallback:
            self.banner.show_message(
                "info",
                self.tr(
                    "The direct address did not answer; connected through the provider's SSH gateway (%1). "
                    "It can be slower; the direct address is tried first next time."
                ).replace("%1", self.controller.via_fallback),
                [],
            )
        if conn is not None:
            info = conn.info
            self.info.setText(
                self.tr("Connected to %1\n\nHost key: %2 %3\nCipher: %4\nServer: %5")
                .replace("%1", f"{conn.target.username}@{conn.target.host}:{conn.target.port}")
                .replace("%2", info.host_key_type)
                .replace("%3", info.host_key_fingerprint)
                .replace("%4", info.cipher)
                .replace("%5", info.server_version)
            )

    def _on_failed(self, exc: E.ConnectError) -> None:
        s = self.controller.session
        if not isinstance(exc, E.Cancelled) and self._show_billing():
            return  # a stopped or released server does not answer: that, not the error, is the news
        if isinstance(exc, E.Cancelled):
            self.banner.show_message("info", self.tr("Connecting was cancelled."), [(self.tr("Connect"), self.start)])
            return
        if isinstance(exc, ReconnectGaveUp):
            self.banner.show_message(
                "error",
                "\n".join(t for t in (tr_msg(exc), _reason_text(exc.last)) if t),
                [(self.tr("Reconnect"), self.link.reconnect), (self.tr("Edit session"), self._edit)],
            )
            return
        if isinstance(exc, E.AuthenticationFailed) and s.auth == "password":
            self.link.set_password(None)
            self.banner.show_message(
                "error",
                explain(exc),
                [(self.tr("Try again"), self._retry_password), (self.tr("Edit session"), self._edit)],
            )
            return
        if isinstance(exc, (E.PassphraseRequired, E.WrongPassphrase)):
            self.banner.show_message(
                "error",
                explain(exc),
                [(self.tr("Enter passphrase"), self._ask_passphrase), (self.tr("Edit session"), self._edit)],
            )
            if not self._prompting:
                QtCore.QTimer.singleShot(0, self._ask_passphrase)
            return
        if isinstance(exc, E.HostKeyChanged):
            self.banner.show_message(
                "error",
                explain(exc),
                [
                    (self.tr("Replace stored key…"), lambda: self._replace_key(exc)),
                    (self.tr("Edit session"), self._edit),
                ],
            )
            return
        self.banner.show_message(
            "error", explain(exc), [(self.tr("Retry"), self.link.connect), (self.tr("Edit session"), self._edit)]
        )

    def _on_dropped(self, message: str) -> None:
        if self._show_billing():
            return
        self.banner.show_message(
            "warn",
            tr_msg(message) + " " + self.tr("The screen is kept; reconnect to carry on."),
            [(self.tr("Reconnect"), self.link.reconnect)],
        )

    def _on_reconnect_scheduled(self, attempt: int, delay_s: float, reason: object) -> None:
        """Between tries by itself: why, when the next try comes, and a way to try now or stop."""
        if self._billing_out():
            # Tries cannot reach a stopped or released server (a released address may even be someone else's).
            self.link.stop_reconnecting()
            self._show_billing()
            return
        text = self.tr("Reconnecting in %1 s… (%2)").replace("%1", f"{delay_s:g}").replace("%2", str(attempt))
        self.banner.show_message(
            "warn",
            f"{_reason_text(reason)} {text}".strip(),
            [(self.tr("Reconnect"), self.link.reconnect), (self.tr("Stop"), self.link.stop_reconnecting)],
            busy=True,
        )

    # -- billing: stopped or released at the provider -------------------------------------
    def _billing_out(self) -> bool:
        return self.billing.state in (BillingState.STOPPED, BillingState.TERMINATED)

    def _show_billing(self) -> bool:
        """Say plainly that the server is stopped or released at the provider; False when it is not."""
        state = self.billing.state
        if state not in (BillingState.STOPPED, BillingState.TERMINATED):
            return False
        self._billing_shown = True
        if state == BillingState.TERMINATED:
            self.banner.show_message(
                "info",
                self.tr("This server was released at the provider: it is billed no more and cannot be reconnected."),
                [(self.tr("Edit session"), self._edit)],
            )
            return True
        actions: list[tuple[str, object]] = []
        if self.billing.can("start"):
            actions.append((self.tr("Start"), self._start_instance))
        actions.append((self.tr("Reconnect"), self.link.reconnect))
        # The one ledger's "billing now" (the cost bar and Providers say the same): its disk may bill on.
        from gpudesk.core.billing.price import hourly

        storage = self.billing.billing_now().storage
        if storage:
            rates = ", ".join(self.tr("%1/h").replace("%1", hourly(v, k)) for k, v in sorted(storage.items()))
            text = self.tr(
                "This server is stopped at the provider: compute is not billing; its disk bills %1 for storage. "
                "What this tab shows is from before the stop."
            ).replace("%1", rates)
        else:
            text = self.tr(
                "This server is stopped at the provider: it is not billing now (its disk may still be). "
                "What this tab shows is from before the stop."
            )
        self.banner.show_message("warn", text, actions)
        return True

    def _on_billing(self, _billing: object) -> None:
        if self._show_billing():
            if self.controller.state == "dropped" and self.controller.reconnect_attempt:
                self.link.stop_reconnecting()  # tries by themselves cannot reach it
            return
        if not self._billing_shown:
            return
        self._billing_shown = False  # running again: the banner says what the connection does
        if self._start_asked and self.controller.state != "connected":
            self._start_asked = False
            self.link.reconnect()
            return
        self._show_link_state()

    def _start_instance(self) -> None:
        self._start_asked = True  # once it bills again, reconnect by itself
        self.banner.show_message("info", self.tr("Starting the server at the provider…"), [], busy=True)
        self.billing.act("start")

    def _show_link_state(self) -> None:
        """The banner for the connection as it is now (after the billing note went away)."""
        c = self.controller
        if c.state == "connected":
            self.banner.hide()
        elif c.state == "failed" and c.last_error is not None:
            self.banner.show_message(
                "error",
                _reason_text(c.last_error),
                [(self.tr("Reconnect"), self.link.reconnect), (self.tr("Edit session"), self._edit)],
            )
        elif c.state == "dropped":
            self.banner.show_message(
                "warn",
                self.tr("The screen is kept; reconnect to carry on."),
                [(self.tr("Reconnect"), self.link.reconnect)],
            )
        else:
            self._on_state(c.state)

    def _retry_password(self) -> None:
        # Forgotten on the IO thread, before start() asks again there: the wrong one is not found.
        link_secrets = self.link.secrets
        self._in_background(link_secrets.forget_password, None, None)
        self.start()

    def _ask_passphrase(self) -> None:
        self._prompting = True
        try:
            s = self.controller.session
            answer = ask_secret(
                self,
                self.tr("Key passphrase"),
                self.tr("The key for %1 is protected by a passphrase:").replace("%1", s.label),
                secrets.available(),
            )
        finally:
            self._prompting = False
        if answer is None:
            return
        passphrase, save = answer
        if save:
            link_secrets = self.link.secrets
            self._in_background(lambda: link_secrets.save_passphrase(passphrase), None, self._not_saved)
        self.link.connect(passphrase=passphrase)

    def _edit(self) -> None:
        self.edit_requested.emit(self.controller.session)

    # -- the link's questions ---------------------------------------------------
    def _on_question(self, ask: Question) -> None:
        if ask.answered:
            return  # cancelled before it could be shown
        if isinstance(ask, PasswordAsk):
            if self._asks_late:  # asked here once start() let the link ask late (quick connect asks its own)
                self._password_ask = ask
                self._on_password_question(ask.reason)
        elif isinstance(ask, HostKeyAsk):
            ask.answer(self._on_host_key_question(ask.question))
        elif isinstance(ask, PromptAsk):
            ask.answer(self._on_prompt(ask.question))

    # -- host keys -------------------------------------------------------------
    def _on_host_key_question(self, question: HostKeyQuestion) -> str:
        """Asks the user about a server met for the first time: "always", "once" or "reject"."""
        box = QtWidgets.QMessageBox(self)
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("New server"))
        box.setText(self.tr("This is the first connection to %1.").replace("%1", f"{question.host}:{question.port}"))
        box.setInformativeText(
            self.tr(
                "Its %1 key fingerprint is\n\n%2\n\nIf your provider shows a fingerprint, compare it. "
                "Trust this server?"
            )
            .replace("%1", question.key_type)
            .replace("%2", question.fingerprint)
        )
        always = box.addButton(self.tr("Trust always"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        once = box.addButton(self.tr("Trust once"), QtWidgets.QMessageBox.ButtonRole.YesRole)
        box.addButton(self.tr("Cancel"), QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(always)
        box.exec()
        clicked = box.clickedButton()
        return "always" if clicked is always else "once" if clicked is once else "reject"

    def _on_prompt(self, question: PromptQuestion) -> list[str] | None:
        """A keyboard-interactive round: one field per prompt, hidden unless the server asks to echo."""
        dialog = QtWidgets.QDialog(self)
        dialog.setWindowTitle(tr_msg(question.title) if question.title else self.tr("Verification"))
        layout = QtWidgets.QFormLayout(dialog)
        if question.instructions:
            label = QtWidgets.QLabel(tr_msg(question.instructions))  # a server's own words pass unchanged
            label.setWordWrap(True)
            layout.addRow(label)
        edits = []
        for text, echo in question.prompts:
            edit = QtWidgets.QLineEdit()
            if not echo:
                edit.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
            layout.addRow(tr_msg(text), edit)
            edits.append(edit)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addRow(buttons)
        accepted = dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted
        return [e.text() for e in edits] if accepted else None

    def _replace_key(self, exc: E.HostKeyChanged) -> None:
        confirm = QtWidgets.QMessageBox.warning(
            self,
            self.tr("Replace the stored host key?"),
            self.tr(
                "Only do this if you know why the key changed (for example, the server was reinstalled) "
                "and you checked the new fingerprint with your provider:\n\n%1\n\nThe old key %2 will be forgotten."
            )
            .replace("%1", exc.fingerprint)
            .replace("%2", exc.known_fingerprint),
            QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.Cancel,
            QtWidgets.QMessageBox.StandardButton.Cancel,
        )
        if confirm != QtWidgets.QMessageBox.StandardButton.Yes:
            return
        from gpudesk.ui.background import run_in_background

        run_in_background(
            lambda: _fetch_and_replace(self.link.host_keys, exc),
            lambda _: self.link.connect(),
            lambda err: self.banner.show_message("error", str(err), [(self.tr("Retry"), self.link.connect)]),
        )

    def close_tab(self) -> None:
        for panel in self.panels:
            closer = getattr(panel, "shutdown", None)
            if closer:
                closer()
        self.controller.close()


def _reason_text(reason: object) -> str:
    """A drop message or a failure, in the UI language."""
    if reason is None:
        return ""
    if isinstance(reason, E.ConnectError):
        return explain(reason)
    return tr_msg(reason)


def _fetch_and_replace(host_keys: HostKeyStore, exc: E.HostKeyChanged) -> None:
    """Store the server's current key, if it still has the fingerprint the user approved."""
    from gpudesk.core.ssh.hostkeys import fetch_server_key
    from gpudesk.core.ssh.keys import fingerprint

    # Ask for the key types this connection's own store knows, so the key read is the one the warning named.
    key = fetch_server_key(exc.host, exc.port, known_types=host_keys.known_key_types(exc.host, exc.port))
    if fingerprint(key) != exc.fingerprint:
        raise E.HostKeyChanged(
            "The server's key changed again since the warning; nothing was stored.",
            exc.host,
            exc.port,
            fingerprint(key),
            exc.fingerprint,
        )
    host_keys.replace(exc.host, exc.port, key)
