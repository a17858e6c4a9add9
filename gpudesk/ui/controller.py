"""ConnectionController: one session's live connection, seen from the UI.

Owns the core :class:`~gpudesk.core.ssh.connection.Connection` and a single-worker
executor, so paramiko calls on one transport never interleave and never run on the
GUI thread. Panels (terminal, files, GPUs …) take a controller and listen to its signals.

A connection that drops (a reset, or the keepalive deadline: a link gone silent) is reconnected
by itself with growing pauses; panels simply see ``dropped`` and, later, ``connected`` again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.hostkeys import HostKeyQuestion, HostKeyStore
from gpudesk.core.ssh.open import connection_for
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QObject, QTimer, Signal

# Pause before each automatic reconnect after a drop; the last value repeats.
RECONNECT_DELAYS_S = (1, 2, 4, 8, 16, 30)
# Then the server counts as gone (a stopped instance): about two minutes of tries, not an endless loop.
RECONNECT_ATTEMPTS = 8
PROBE_EVERY_S = 1.0  # while a reconnect waits, how often the server's port is knocked on
# Failures of the network or the server are worth another try. A refused login, a changed or
# unknown host key are never retried on their own: the user must look (it may be an attack).
RETRYABLE_KINDS = frozenset({"dns", "refused", "timeout", "closed", "dropped"})


class ReconnectGaveUp(E.Disconnected):
    """Reconnecting by itself stopped (tries used up, or the user stopped it); ``last`` is the last failure."""

    def __init__(self, message: str, attempts: int, last: object = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.last = last


class ConnectionController(QObject):
    #: "idle" | "connecting" | "connected" | "dropped" | "failed" | "closed"
    #: (while reconnecting by itself: "dropped" between tries, "connecting" during one)
    state_changed = Signal(str)
    connected = Signal()
    dropped = Signal(object)  # the core's message (a str; a translatable Msg when it has one)
    failed = Signal(object)  # the ConnectError
    reconnect_scheduled = Signal(int, float, object)  # try number, seconds until it, why (drop message or ConnectError)
    host_key_question = Signal(object)  # HostKeyQuestion; answer with answer_host_key()
    prompt_question = Signal(object)  # PromptQuestion (2FA code, second password); answer with answer_prompt()
    password_question = Signal(object)  # None, or the ConnectError of a wrong one; answer with answer_password()
    summary_changed = Signal(str)  # short GPU summary for the sidebar/status bar
    activity = Signal()  # user or job activity (feeds idle detection)
    terminal_folder = Signal(str)  # a terminal's shell is in this folder now (the file browser may follow)
    terminal_folder_wanted = Signal()  # someone wants terminal_folder now (the terminal panel answers)
    terminal_cd_wanted = Signal(str)  # the file browser asks the terminal to change to this folder

    def __init__(
        self,
        session: Session,
        host_keys: HostKeyStore | None = None,
        parent: QObject | None = None,
        server: LiveServer | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        #: the live core's object for this server (owns what runs); this controller is its Qt face
        self._owns_server = server is None
        self.server = server if server is not None else LiveServer(session, host_keys=host_keys)
        self.host_keys = host_keys or HostKeyStore()
        self.connection: Connection | None = None
        self.state = "idle"
        self.last_error: E.ConnectError | None = None
        self.via_fallback = ""  # "user@host:port" when the provider's fallback address was used
        self.summary = ""
        self.follow_terminal = False  # True while the file browser follows the terminal's folder
        self.active_terminal: object | None = None  # the terminal view typed in last (its folder is followed)
        self._io = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"ssh-io {session.host}")
        self._pending: Connection | None = None
        self._answer: str | None = None
        self._answered = threading.Event()
        self._password: str | None = None  # the demo's, or one typed this run and not saved
        self._passphrase: str | None = None  # one typed this run, so a reconnect by itself needs no dialog
        # Ask for a missing password (password_question) only once the server answered and its
        # host key was checked; quick connect listens. Off, the caller asks before connecting.
        self.ask_password_late = False
        self._typed_password: str | None = None  # the last answer to password_question
        self.auto_reconnect = True
        self.reconnect_delays_s: tuple[float, ...] = RECONNECT_DELAYS_S
        self.reconnect_attempts = RECONNECT_ATTEMPTS
        self.reconnect_attempt = 0  # the try in progress or next due; 0 when not reconnecting by itself
        self._was_connected = False  # only a connection that worked is reconnected by itself
        self._retry_timer = QTimer(self)
        self._retry_timer.setSingleShot(True)
        self._retry_timer.timeout.connect(self._retry)
        # While a retry waits, knock on the server's port each second: when the network is back
        # (Wi-Fi rejoined, laptop woke) the retry starts at once instead of after the wait.
        self._probe_timer = QTimer(self)
        self._probe_timer.setInterval(int(PROBE_EVERY_S * 1000))
        self._probe_timer.timeout.connect(self._probe)
        self._probing = False

    # -- lifecycle ---------------------------------------------------------
    def set_password(self, password: str | None) -> None:
        """Use ``password`` for this run (not saved anywhere)."""
        self._password = password

    def connect_(self, passphrase: str | None = None) -> None:
        if self.state in ("connecting", "connected"):
            return
        if passphrase is not None:
            self._passphrase = passphrase
        passphrase = self._passphrase
        self._retry_timer.stop()
        self._set_state("connecting")
        conn = connection_for(
            self.session,
            host_keys=self.host_keys,
            ask_host_key=self._ask_host_key,
            on_drop=self._on_drop_from_thread,
            password=self._password,
            passphrase=passphrase,
            ask_prompt=self._ask_prompt,
            ask_password=self._ask_password if self.ask_password_late else None,
        )
        self._pending = conn
        session, factory = self.session, self._connection_to

        def connect() -> Connection:
            try:
                return conn.connect()
            except E.ConnectError as exc:
                from gpudesk.core.providers.fallback import UNREACHABLE, fallback_for

                if getattr(exc, "kind", "") not in UNREACHABLE or self.state != "connecting":
                    raise
                # The direct address does not answer: the provider may list another way in (Vast's gateway).
                other = fallback_for(session)
                if other is None:
                    raise
                second = factory(other, passphrase)
                self._pending = second
                connected = second.connect()
                self.via_fallback = str(other)
                return connected

        run_in_background(connect, self._on_connected, self._on_failed, executor=self._io)

    def _connection_to(self, address, passphrase: str | None) -> Connection:  # type: ignore[no-untyped-def]
        """A connection like this session's, to another address (same user, keys and password)."""
        import dataclasses

        password = self._password
        if password is None and self.session.auth == "password":
            from gpudesk.core.ssh.open import credentials_for

            password = credentials_for(self.session).password  # stored under the session's own address
        other = dataclasses.replace(self.session, host=address.host, port=address.port, username=address.user)
        return connection_for(
            other,
            host_keys=self.host_keys,
            ask_host_key=self._ask_host_key,
            on_drop=self._on_drop_from_thread,
            password=password,
            passphrase=passphrase,
            ask_prompt=self._ask_prompt,
            ask_password=self._ask_password if self.ask_password_late else None,
        )

    def cancel(self) -> None:
        """Abort a connect in progress (safe from the GUI thread: it never blocks)."""
        conn = self._pending
        if conn is not None:
            conn.cancel()
        self._answer = "reject"
        self._prompt_answer = None
        self._password_answer = None
        self._answered.set()

    def reconnect(self) -> None:
        """Reconnect now (a click); the count of tries by itself starts over."""
        self._retry_timer.stop()
        self._probe_timer.stop()
        self.reconnect_attempt = 0
        self._drop_connection()
        self._set_state("idle")
        self.connect_()

    def stop_reconnecting(self) -> None:
        """Stop the tries by themselves; the tab then offers Reconnect."""
        if self.reconnect_attempt and self.state == "dropped":  # a try in flight is ended by cancel()
            self._give_up(self.tr("Reconnecting was stopped."))

    def close(self) -> None:
        self._retry_timer.stop()
        self._probe_timer.stop()
        self.reconnect_attempt = 0
        self.cancel()
        self._drop_connection()
        self._set_state("closed")
        self._io.shutdown(wait=False, cancel_futures=True)
        if self._owns_server:
            self.server.close()

    def _drop_connection(self) -> None:
        conn, self.connection = self.connection, None
        if conn is not None:
            self._io.submit(conn.close)

    # -- work on the connection's IO thread -----------------------------------
    def submit(
        self,
        fn: Callable[[Connection], Any],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> Future[Any] | None:
        """Run ``fn(connection)`` on this connection's IO thread; results come back on the GUI thread."""
        conn = self.connection
        if conn is None:
            if on_error:
                on_error(E.Disconnected("Not connected."))
            return None
        return run_in_background(lambda: fn(conn), on_done, on_error, executor=self._io)

    def set_summary(self, text: str) -> None:
        if text != self.summary:
            self.summary = text
            self.summary_changed.emit(text)

    # -- callbacks -----------------------------------------------------------
    def _on_connected(self, conn: Connection) -> None:
        self._pending = None
        if self.state != "connecting":  # cancelled meanwhile
            self._io.submit(conn.close)
            return
        self.connection = conn
        self.last_error = None
        if self._typed_password is not None:
            # The password that worked serves the reconnects by themselves (kept in memory only).
            self._password, self._typed_password = self._typed_password, None
        self.reconnect_attempt = 0
        self._was_connected = True
        self._set_state("connected")
        self.server.link.connection = conn
        self.server.link.connected.emit(conn)
        self.connected.emit()

    def _on_failed(self, exc: BaseException) -> None:
        self._pending = None
        if not isinstance(exc, E.ConnectError):
            exc = E.ConnectError(self.tr("Unexpected error while connecting: %1").replace("%1", str(exc)))
        self.last_error = exc
        if (
            self.auto_reconnect and self._was_connected and self.state == "connecting"
            and getattr(exc, "kind", "") in RETRYABLE_KINDS
        ):  # fmt: skip
            self._set_state("dropped")
            self._schedule_retry(exc)
            return
        self.reconnect_attempt = 0
        self._set_state("closed" if isinstance(exc, E.Cancelled) else "failed")
        self.failed.emit(exc)

    # -- reconnecting by itself ------------------------------------------------
    def _schedule_retry(self, reason: object) -> None:
        if self.reconnect_attempt >= self.reconnect_attempts:
            self._give_up(
                self.tr("Disconnected: %1 tries to reconnect failed.").replace("%1", str(self.reconnect_attempt)), reason
            )
            return
        delays = self.reconnect_delays_s
        delay = delays[min(self.reconnect_attempt, len(delays) - 1)]
        self.reconnect_attempt += 1
        self._retry_timer.start(int(delay * 1000))
        if delay > PROBE_EVERY_S and self._probe_target() is not None:
            self._probe_timer.start()
        self.reconnect_scheduled.emit(self.reconnect_attempt, delay, reason)

    def _retry(self) -> None:
        self._probe_timer.stop()
        if self.state == "dropped" and self.reconnect_attempt:
            self.connect_()

    def _probe_target(self) -> tuple[str, int] | None:
        """Where a plain TCP knock tells that the server is reachable again (not behind a proxy or jump)."""
        s = self.session
        if s.proxy_host.strip() or s.proxy_command.strip() or s.jump_host.strip():
            return None
        return s.host, s.port

    def _probe(self) -> None:
        target = self._probe_target()
        if not self._retry_timer.isActive() or self.state != "dropped" or target is None:
            self._probe_timer.stop()
            return
        if self._probing:
            return
        self._probing = True

        def knock() -> bool:
            # An SSH banner, not only an open port: a middlebox or a stopped instance's front door
            # may accept TCP and hang up, and must not turn the wait into a burst of tries.
            import socket

            try:
                with socket.create_connection(target, timeout=PROBE_EVERY_S * 2) as sock:
                    sock.settimeout(PROBE_EVERY_S * 2)
                    return sock.recv(4) == b"SSH-"
            except OSError:
                return False

        def answered(ok: bool) -> None:
            self._probing = False
            if ok and self._retry_timer.isActive() and self.state == "dropped":
                self._retry_timer.stop()
                self._retry()

        def failed(_exc: BaseException) -> None:
            self._probing = False

        run_in_background(knock, answered, failed)

    def _give_up(self, text: str, last: object = None) -> None:
        self._retry_timer.stop()
        self._probe_timer.stop()
        error = ReconnectGaveUp(text, self.reconnect_attempt, last)
        self.reconnect_attempt = 0
        self.last_error = error
        self._set_state("failed")
        self.failed.emit(error)

    def _on_drop_from_thread(self, message: str) -> None:
        from gpudesk.ui.background import call_in_gui

        call_in_gui(self._on_dropped, message)

    def _on_dropped(self, message: str) -> None:
        if self.state != "connected":
            return
        conn, self.connection = self.connection, None
        if conn is not None:
            run_in_background(conn.close)  # its transport is dead; a jump host behind it is let go too
        self._set_state("dropped")
        self.dropped.emit(message)
        if self.auto_reconnect:
            self._schedule_retry(message)

    def _ask_host_key(self, question: HostKeyQuestion) -> str:
        """Runs on the IO thread: hand the question to the GUI and wait for its answer."""
        from gpudesk.ui.background import call_in_gui

        self._answered.clear()
        self._answer = None
        call_in_gui(self.host_key_question.emit, question)
        self._answered.wait()
        return self._answer or "reject"

    def _ask_prompt(self, question):  # type: ignore[no-untyped-def]
        """Runs on the IO thread: a keyboard-interactive round answered in the GUI."""
        from gpudesk.ui.background import call_in_gui

        self._answered.clear()
        self._prompt_answer = None
        call_in_gui(self.prompt_question.emit, question)
        self._answered.wait()
        return self._prompt_answer

    def _ask_password(self, reason: E.ConnectError | None) -> str | None:
        """Runs on the IO thread once the server's key is checked: the password, asked in the GUI."""
        from gpudesk.ui.background import call_in_gui

        self._answered.clear()
        self._password_answer = None
        call_in_gui(self.password_question.emit, reason)
        self._answered.wait()
        self._typed_password = self._password_answer
        return self._password_answer

    def answer_password(self, password: str | None) -> None:
        """The answer to password_question: the password, or None to cancel the login."""
        self._password_answer = password
        self._answered.set()

    def answer_prompt(self, answers: list[str] | None) -> None:
        self._prompt_answer = answers
        self._answered.set()

    def answer_host_key(self, answer: str) -> None:
        self._answer = answer
        self._answered.set()

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            link = self.server.link
            link.state = LinkState(state)
            if state != "connected":
                link.connection = None
            link.state_changed.emit(link.state)
            self.state_changed.emit(state)
