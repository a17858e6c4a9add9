"""ConnectionController: one session's live connection, seen from the UI.

The connection itself (connecting with the provider fallback, questions, drops, reconnecting by
itself on the core clock, the single IO thread) is the live core's
:class:`~gpudesk.core.live.link.Link`, ``server.link``. This controller is its Qt face: it hears
the link's changes through :mod:`gpudesk.ui.bridge` and re-emits them as the signals the connection
tab's banner and questions, quick connect and the rent watch listen to, in the order the link made
them. Its ``state``/``connection``/``last_error`` are the GUI thread's view of the link: they change
when the matching signal is emitted, so a slot never sees a state its signal has not told yet.

Panels do not use it: they take the :class:`~gpudesk.core.live.server.LiveServer` and hear its
events through the bridge (see :mod:`gpudesk.ui.panels`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from gpudesk.core.live.link import (  # noqa: F401 - re-exported: tests and views import them from here
    PROBE_EVERY_S,
    RECONNECT_ATTEMPTS,
    RECONNECT_DELAYS_S,
    RETRYABLE_KINDS,
    Link,
    ReconnectGaveUp,
    Transition,
)
from gpudesk.core.live.questions import PasswordAsk, Question
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.telemetry.summary import GpuSummary
from gpudesk.ui import bridge
from gpudesk.ui.background import deliver_in_gui
from gpudesk.ui.qt import QObject, Signal, shiboken6


class ConnectionController(QObject):
    #: "idle" | "connecting" | "connected" | "dropped" | "failed" | "closed"
    #: (while reconnecting by itself: "dropped" between tries, "connecting" during one)
    state_changed = Signal(str)
    connected = Signal()
    dropped = Signal(object)  # the core's message (a str; a translatable Msg when it has one)
    failed = Signal(object)  # the ConnectError
    reconnect_scheduled = Signal(int, float, object)  # try number, seconds until it, why (drop message or ConnectError)
    password_question = Signal(object)  # None, or the ConnectError of a wrong one; answer with answer_password()

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
        self.link: Link = self.server.link
        link = self.link
        # The GUI thread's view of the link (see the module docstring).
        self.state: str = link.state.value
        self.connection: Connection | None = link.connection
        self.last_error: E.ConnectError | None = link.last_error
        self.via_fallback = link.via_fallback  # "user@host:port" when the provider's fallback address was used
        self.reconnect_attempt = link.reconnect_attempt  # the try in progress or next due; 0 when not reconnecting
        self._seq = 0  # the last link transition shown
        self._asks: dict[str, Question] = {}  # the open password question, as shown (the tab answers the others)
        self._closed = False  # after close(), results of work still running are nobody's news
        bridge.connect(link.transition, self._on_transition, self)
        bridge.connect(link.question, self._on_question, self)

    # -- the link's settings ------------------------------------------------------
    @property
    def host_keys(self) -> HostKeyStore:
        return self.link.host_keys

    @property
    def auto_reconnect(self) -> bool:
        return self.link.auto_reconnect

    @auto_reconnect.setter
    def auto_reconnect(self, on: bool) -> None:
        self.link.auto_reconnect = on

    @property
    def reconnect_delays_s(self) -> tuple[float, ...]:
        return self.link.reconnect_delays_s

    @reconnect_delays_s.setter
    def reconnect_delays_s(self, delays: tuple[float, ...]) -> None:
        self.link.reconnect_delays_s = tuple(delays)

    @property
    def reconnect_attempts(self) -> int:
        return self.link.reconnect_attempts

    @reconnect_attempts.setter
    def reconnect_attempts(self, count: int) -> None:
        self.link.reconnect_attempts = count

    @property
    def ask_password_late(self) -> bool:
        """Ask a missing password (password_question) once the server answered and its key checked out."""
        return self.link.ask_password_late

    @ask_password_late.setter
    def ask_password_late(self, on: bool) -> None:
        self.link.ask_password_late = on

    @property
    def has_password(self) -> bool:
        """A password was given for this run (set_password, or one typed that worked)."""
        return self.link.has_password

    # -- lifecycle ---------------------------------------------------------
    def set_password(self, password: str | None) -> None:
        """Use ``password`` for this run (not saved anywhere)."""
        self.link.set_password(password)

    def connect_(self, passphrase: str | None = None) -> None:
        self.link.connect(passphrase)

    def cancel(self) -> None:
        """Abort a connect in progress (safe from the GUI thread: it never blocks)."""
        self.link.cancel()

    def reconnect(self) -> None:
        """Reconnect now (a click); the count of tries by itself starts over."""
        self.link.reconnect()

    def stop_reconnecting(self) -> None:
        """Stop the tries by themselves; the tab then offers Reconnect."""
        self.link.stop_reconnecting()

    def close(self) -> None:
        self._closed = True
        self.link.close()
        if self._owns_server:
            self.server.close()

    # -- work on the connection's IO thread -----------------------------------
    def submit(
        self,
        fn: Callable[[Connection], Any],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> Future[Any] | None:
        """Run ``fn(connection)`` on this connection's IO thread; results come back on the GUI thread."""
        if self.connection is None:
            if on_error:
                on_error(E.Disconnected("Not connected."))
            return None
        future = self.link.submit(fn)
        # The views that asked are being torn down once this face is closed (their work ends with an
        # error as the connection closes): nobody is left to tell.
        deliver_in_gui(future, on_done, on_error, alive=lambda: not self._closed and shiboken6.isValid(self))
        return future

    @property
    def summary(self) -> str:
        """The short GPU line (sidebar, status bar): the server's feed's, "" while it has none."""
        return summary_text(self.server.telemetry.summary)

    # -- the link's news, on the GUI thread -------------------------------------
    def _on_transition(self, change: Transition) -> None:
        if change.seq <= self._seq:
            return  # overtaken: a change made on this thread (a click) was shown already
        self._seq = change.seq
        before = self.state
        self.state = change.state.value
        self.connection = change.connection
        self.last_error = change.error
        self.via_fallback = change.via_fallback
        self.reconnect_attempt = change.attempt
        if self.state != before:
            self.state_changed.emit(self.state)
        # A slot above may have started a newer change (Reconnect on "failed"): its news wins.
        if change.state is LinkState.CONNECTED and self._seq == change.seq:
            self.connected.emit()
        if change.dropped is not None and self._seq == change.seq:
            self.dropped.emit(change.dropped)
        if change.retry is not None and self._seq == change.seq:
            retry = change.retry
            self.reconnect_scheduled.emit(retry.attempt, retry.delay_s, retry.reason)
        if change.failed is not None and self._seq == change.seq:
            self.failed.emit(change.failed)

    def _on_question(self, ask: Question) -> None:
        if ask.answered:
            return  # cancelled before it could be shown
        if isinstance(ask, PasswordAsk):
            self._asks[ask.kind] = ask
            self.password_question.emit(ask.reason)

    def _answer(self, kind: str, value: Any) -> None:
        ask = self._asks.pop(kind, None)
        if ask is not None:
            ask.answer(value)

    def answer_password(self, password: str | None) -> None:
        """The answer to password_question: the password, or None to cancel the login."""
        self._answer("password", password)


def summary_text(summary: GpuSummary | None) -> str:
    """The GPU line a view shows for the feed's summary ("" when there is none)."""
    return summary.text if summary is not None else ""
