"""One server's connection, Qt-free: connect, questions, drops and reconnecting by itself.

CONTRACT (the rest of the live core and the UI bridge rely on these names):

- ``Link(session, host_keys=None, clock=None)``; ``link.session``, ``link.state`` (LinkState),
  ``link.connection`` (core Connection or None), ``link.last_error``, ``link.via_fallback``,
  ``link.reconnect_attempt``.
- Events: ``state_changed: Event[LinkState]``, ``connected: Event[Connection]``,
  ``dropped: Event[str]`` (the drop message), ``failed: Event[ConnectError]``,
  ``reconnect_scheduled: Event[Retry]``, ``question: Event[Question]`` (typed questions from
  ``gpudesk.core.live.questions``; answered with ``question.answer(...)`` from any thread).
- ``connect(passphrase=None)``, ``cancel()``, ``reconnect()``, ``stop_reconnecting()``, ``close()``,
  ``submit(fn) -> Future`` (runs ``fn(connection)`` on the link's single IO thread; the future fails
  with Disconnected when not connected), ``set_password(pw)``.

Also: ``transition: Event[Transition]``, each state change with what came with it (the connection, the
drop message, the failure, the retry) and a sequence number, for a view that must show them in order
and drop news that a newer change overtook (the Qt controller does). Settings: ``auto_reconnect``,
``reconnect_delays_s``, ``reconnect_attempts``, ``ask_password_late``.

Threads: ``connect``/``cancel``/``close`` may be called from any thread and never block on the network.
Connecting (reading the keyring, the key file, the handshake) runs on the link's one IO thread; a
question waits there until answered. A drop is heard on the connection's monitor thread; the waits
between tries run on ``link.clock``. Events are emitted on whichever thread made the change, never
while the link's lock is held.
"""

from __future__ import annotations

import dataclasses
import logging
import socket
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from gpudesk.core.clock import Clock, Handle, shared_clock
from gpudesk.core.events import Event
from gpudesk.core.i18n import msg
from gpudesk.core.live.credentials import SessionSecrets
from gpudesk.core.live.questions import HostKeyAsk, PasswordAsk, PromptAsk, Question
from gpudesk.core.live.state import LinkState
from gpudesk.core.providers.fallback import UNREACHABLE, fallback_for
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.ssh.open import connection_for

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.connection import Connection, PromptQuestion
    from gpudesk.core.ssh.hostkeys import HostKeyQuestion

_log = logging.getLogger("gpudesk.connection")
R = TypeVar("R")

# Pause before each automatic reconnect after a drop; the last value repeats.
RECONNECT_DELAYS_S: tuple[float, ...] = (1, 2, 4, 8, 16, 30)
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


@dataclass(frozen=True)
class Retry:
    """A try by itself is due: its number, the seconds until it, and why (drop message or ConnectError)."""

    attempt: int
    delay_s: float
    reason: object


@dataclass(frozen=True)
class Transition:
    """One state change and what came with it; ``seq`` grows with every change of this link."""

    seq: int
    state: LinkState
    attempt: int  # reconnect_attempt right after the change
    connection: Connection | None  # the Connection when CONNECTED, else None
    error: E.ConnectError | None  # last_error right after the change
    via_fallback: str
    dropped: str | None = None  # the drop message, when this change is a drop
    failed: E.ConnectError | None = None  # the failure this change ends in (also Cancelled)
    retry: Retry | None = None  # the try by itself this change scheduled


class _Attempt:
    """One connect in progress: cancelled as a whole, whatever step it is at."""

    def __init__(self, passphrase: str | None) -> None:
        self.passphrase = passphrase
        self.cancelled = False
        self.conns: list[Connection] = []
        self.asks: set[Question] = set()
        self.via = ""  # the fallback address used, if any
        self.typed_password: str | None = None


class Link:
    """A server's connection and its state machine (see the module docstring)."""

    def __init__(
        self,
        session: Session,
        host_keys: HostKeyStore | None = None,
        clock: Clock | None = None,
        saved_sessions: Callable[[], Iterable[Session]] | None = None,
    ) -> None:
        """``saved_sessions``: the workspace's saved sessions, for a jump host named like one (none: no names)."""
        self._saved_sessions = saved_sessions
        self.session = session
        self.host_keys = host_keys or HostKeyStore()
        self.clock = clock or shared_clock()
        self.secrets = SessionSecrets(session)
        self.state = LinkState.IDLE
        self.connection: Connection | None = None
        self.last_error: E.ConnectError | None = None
        self.via_fallback = ""  # "user@host:port" when the provider's fallback address was used
        self.reconnect_attempt = 0  # the try in progress or next due; 0 when not reconnecting by itself
        self.auto_reconnect = True
        self.reconnect_delays_s: tuple[float, ...] = RECONNECT_DELAYS_S
        self.reconnect_attempts = RECONNECT_ATTEMPTS
        self.probe_every_s = PROBE_EVERY_S
        # Ask for a missing password (a PasswordAsk) only once the server answered and its host key
        # was checked; quick connect does. Off, the caller asks before connecting.
        self.ask_password_late = False

        self.state_changed: Event[LinkState] = Event("link state")
        self.connected: Event[Connection] = Event("connected")
        self.dropped: Event[str] = Event("dropped")
        self.failed: Event[E.ConnectError] = Event("failed")
        self.reconnect_scheduled: Event[Retry] = Event("reconnect scheduled")
        self.question: Event[Question] = Event("question")
        self.transition: Event[Transition] = Event("link transition")

        self._lock = threading.RLock()
        self._seq = 0
        self._closed = False
        self._io = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"ssh-io {session.host}")
        self._attempt: _Attempt | None = None
        self._password: str | None = None  # the demo's, or one typed this run and not saved
        self._passphrase: str | None = None  # one typed this run, so a reconnect by itself needs no dialog
        self._was_connected = False  # only a connection that worked is reconnected by itself
        self._retry_token: object | None = None  # the scheduled try by itself; a new token voids the old one
        self._retry_handle: Handle | None = None
        self._probe_handle: Handle | None = None
        self._probing = False

    # -- settings ------------------------------------------------------------------
    def set_password(self, password: str | None) -> None:
        """Use ``password`` for this run (not saved anywhere)."""
        with self._lock:
            self._password = password

    @property
    def has_password(self) -> bool:
        """A password was given for this run (the keyring is not asked)."""
        return self._password is not None

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def retry_pending(self) -> bool:
        """A try by itself is waiting on the clock."""
        with self._lock:
            handle = self._retry_handle
            return handle is not None and handle.active and self._retry_token is not None

    @property
    def pending_questions(self) -> list[Question]:
        with self._lock:
            attempt = self._attempt
            return [q for q in (attempt.asks if attempt else ()) if not q.answered]

    # -- connect ---------------------------------------------------------------------
    def connect(self, passphrase: str | None = None) -> None:
        """Start connecting (returns at once); nothing happens while connecting or connected."""
        with self._lock:
            if self._closed or self.state in (LinkState.CONNECTING, LinkState.CONNECTED):
                return
            if passphrase is not None:
                self._passphrase = passphrase
            change, attempt = self._begin_locked()
        self._publish(change)
        self._run(attempt)

    def _begin_locked(self) -> tuple[Transition, _Attempt]:
        self._cancel_retry_locked()
        attempt = _Attempt(self._passphrase)
        self._attempt = attempt
        return self._change_locked(LinkState.CONNECTING), attempt

    def _run(self, attempt: _Attempt) -> None:
        try:
            self._io.submit(self._attempt_connect, attempt)
        except RuntimeError:  # closed meanwhile: its executor takes no more work
            attempt.cancelled = True

    def _attempt_connect(self, attempt: _Attempt) -> None:
        """The IO thread: build the connection (secrets are read here), connect, maybe via the fallback."""
        try:
            conn = self._open(attempt)
        except BaseException as exc:  # noqa: BLE001 - every failure becomes a state
            self._on_failed(attempt, exc)
        else:
            self._on_connected(attempt, conn)

    def _open(self, attempt: _Attempt) -> Connection:
        self._check_cancel(attempt)
        conn = self._build(self.session, attempt, self._password)
        try:
            return conn.connect()
        except E.ConnectError as exc:
            if exc.kind not in UNREACHABLE or attempt.cancelled:
                raise
            # The direct address does not answer: the provider may list another way in (Vast's gateway).
            other = fallback_for(self.session)
            if other is None:
                raise
            self._check_cancel(attempt)
            # Same user, keys and password; a saved password is stored under the session's own address.
            password = self._password
            if password is None and self.session.auth == "password":
                password = self.secrets.password()
            elsewhere = dataclasses.replace(self.session, host=other.host, port=other.port, username=other.user)
            second = self._build(elsewhere, attempt, password)
            # The gateway is the same server or none: its key must be one already trusted for the instance.
            second.same_server_as = (self.session.host, self.session.port)
            connected = second.connect()
            attempt.via = str(other)
            return connected

    def _build(self, session: Session, attempt: _Attempt, password: str | None) -> Connection:
        holder: list[Connection] = []
        conn = connection_for(
            session,
            host_keys=self.host_keys,
            ask_host_key=lambda question: self._ask_host_key(attempt, question),
            on_drop=lambda message: self._on_drop(holder[0] if holder else None, message),
            password=password,
            passphrase=attempt.passphrase,
            ask_prompt=lambda question: self._ask_prompt(attempt, question),
            ask_password=(lambda reason: self._ask_password(attempt, reason)) if self.ask_password_late else None,
            saved=self._saved_sessions() if self._saved_sessions is not None and session.jump_host else (),
        )
        holder.append(conn)
        with self._lock:
            attempt.conns.append(conn)
            cancelled = attempt.cancelled
        if cancelled:  # cancelled while the keyring was read: the connect below ends at once
            conn.cancel()
        return conn

    @staticmethod
    def _check_cancel(attempt: _Attempt) -> None:
        if attempt.cancelled:
            raise E.Cancelled(msg("ConnectError", "Connecting was cancelled."))

    def _on_connected(self, attempt: _Attempt, conn: Connection) -> None:
        with self._lock:
            current = attempt is self._attempt and not attempt.cancelled and self.state is LinkState.CONNECTING
            if current:
                self._attempt = None
                self.connection = conn
                self.last_error = None
                self.via_fallback = attempt.via
                if attempt.typed_password is not None:
                    # The password that worked serves the reconnects by themselves (kept in memory only).
                    self._password = attempt.typed_password
                self.reconnect_attempt = 0
                self._was_connected = True
                change = self._change_locked(LinkState.CONNECTED)
        if not current:  # cancelled or closed meanwhile
            conn.close()
            return
        self._publish(change)

    def _on_failed(self, attempt: _Attempt, exc: BaseException) -> None:
        if not isinstance(exc, E.ConnectError):
            _log.warning("connecting to %s failed unexpectedly", self.session.host, exc_info=exc)
            exc = E.ConnectError(msg("ConnectError", "Unexpected error while connecting: {error}", error=str(exc)))
        if attempt.cancelled and not isinstance(exc, E.Cancelled):
            exc = E.Cancelled(msg("ConnectError", "Connecting was cancelled."))
        retry: Retry | None = None
        with self._lock:
            if attempt is not self._attempt or self.state is not LinkState.CONNECTING:
                return  # a newer connect (or close) took over; this one's end is nobody's news
            self._attempt = None
            self.last_error = exc
            if self.auto_reconnect and self._was_connected and exc.kind in RETRYABLE_KINDS:
                retry = self._plan_retry_locked(exc)
                if retry is not None:
                    change = self._change_locked(LinkState.DROPPED, retry=retry)
                else:
                    change = self._give_up_locked(self._tries_failed_text(), exc)
            else:
                self.reconnect_attempt = 0
                state = LinkState.CLOSED if isinstance(exc, E.Cancelled) else LinkState.FAILED
                change = self._change_locked(state, failed=exc)
        self._publish(change)
        if retry is not None:
            self._arm_retry(retry)

    # -- questions (the IO thread waits for the answer) -------------------------------
    def _ask(self, attempt: _Attempt, ask: Question) -> Any:
        with self._lock:
            if attempt.cancelled:
                ask.cancel()
            else:
                attempt.asks.add(ask)
        if not ask.answered:
            if len(self.question) == 0:
                ask.cancel()  # nobody to ask: the refusing answer, never an endless wait
            else:
                self.question.emit(ask)
        try:
            return ask.wait()
        finally:
            with self._lock:
                attempt.asks.discard(ask)

    def _ask_host_key(self, attempt: _Attempt, question: HostKeyQuestion) -> str:
        return self._ask(attempt, HostKeyAsk(question)) or "reject"

    def _ask_prompt(self, attempt: _Attempt, question: PromptQuestion) -> list[str] | None:
        answers: list[str] | None = self._ask(attempt, PromptAsk(question))
        return answers

    def _ask_password(self, attempt: _Attempt, reason: E.ConnectError | None) -> str | None:
        answer: str | None = self._ask(attempt, PasswordAsk(reason))
        attempt.typed_password = answer
        return answer

    # -- cancel, reconnect, close --------------------------------------------------------
    def cancel(self) -> None:
        """Abort a connect in progress and refuse its open questions (never blocks)."""
        with self._lock:
            attempt = self._attempt
            if attempt is None:
                return
            attempt.cancelled = True
            conns, asks = list(attempt.conns), list(attempt.asks)
        for ask in asks:
            ask.cancel()
        for conn in conns:
            conn.cancel()

    def reconnect(self) -> None:
        """Reconnect now (a click); the count of tries by itself starts over."""
        self.cancel()
        with self._lock:
            if self._closed:
                return
            self._cancel_retry_locked()
            self._attempt = None
            self.reconnect_attempt = 0
            old, self.connection = self.connection, None
            idle = self._change_locked(LinkState.IDLE)
            change, attempt = self._begin_locked()
        if old is not None:
            self._close_later(old)
        self._publish(idle)
        self._publish(change)
        self._run(attempt)

    def stop_reconnecting(self) -> None:
        """Stop the tries by themselves (a try in flight is ended by :meth:`cancel`)."""
        with self._lock:
            if not (self.reconnect_attempt and self.state is LinkState.DROPPED):
                return
            change = self._give_up_locked(msg("Link", "Reconnecting was stopped."), None)
        self._publish(change)

    def close(self) -> None:
        """End the connection and everything waiting on it (idempotent; never blocks)."""
        self.cancel()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._cancel_retry_locked()
            self._attempt = None
            self.reconnect_attempt = 0
            old, self.connection = self.connection, None
            change = self._change_locked(LinkState.CLOSED)
        # Queued work would only meet a closed connection; what runs now ends with its error.
        self._io.shutdown(wait=False, cancel_futures=True)
        if old is not None:
            self._close_later(old)
        self._publish(change)

    @staticmethod
    def _close_later(conn: Connection) -> None:
        # Off the caller's thread: closing a transport over a stalled link (or a jump host) may wait.
        threading.Thread(target=conn.close, name="ssh-close", daemon=True).start()

    # -- work on the IO thread ------------------------------------------------------------
    def submit(self, fn: Callable[[Connection], R]) -> Future[R]:
        """Run ``fn(connection)`` on the IO thread; fails with Disconnected when not connected."""
        conn = self.connection
        if conn is None or self._closed:
            future: Future[R] = Future()
            future.set_exception(E.Disconnected(msg("ConnectError", "Not connected.")))
            return future
        try:
            return self._io.submit(fn, conn)
        except RuntimeError:  # closed meanwhile
            future = Future()
            future.set_exception(E.Disconnected(msg("ConnectError", "Not connected.")))
            return future

    def run_io(self, fn: Callable[[], R]) -> Future[R]:
        """Run ``fn()`` on the IO thread, connected or not (e.g. a keyring read for this session)."""
        try:
            return self._io.submit(fn)
        except RuntimeError:
            future: Future[R] = Future()
            future.set_exception(E.Disconnected(msg("ConnectError", "Not connected.")))
            return future

    # -- drops and reconnecting by itself -----------------------------------------------------
    def _on_drop(self, conn: Connection | None, message: str) -> None:
        """A connection's monitor thread: the link died (a reset, or the keepalive deadline)."""
        retry: Retry | None = None
        give_up: Transition | None = None
        with self._lock:
            if self.state is not LinkState.CONNECTED or conn is not self.connection:
                return
            self.connection = None
            if self.auto_reconnect:
                retry = self._plan_retry_locked(message)
            change = self._change_locked(LinkState.DROPPED, dropped=message, retry=retry)
            if self.auto_reconnect and retry is None:
                give_up = self._give_up_locked(self._tries_failed_text(), message)
        if conn is not None:
            self._close_later(conn)  # its transport is dead; a jump host behind it is let go too
        self._publish(change)
        if give_up is not None:
            self._publish(give_up)
        if retry is not None:
            self._arm_retry(retry)

    def _plan_retry_locked(self, reason: object) -> Retry | None:
        """The next try by itself (its number counted), or None when the tries are used up."""
        self._cancel_retry_locked()
        if self.reconnect_attempt >= self.reconnect_attempts:
            return None
        delays = self.reconnect_delays_s or RECONNECT_DELAYS_S
        delay = float(delays[min(self.reconnect_attempt, len(delays) - 1)])
        self.reconnect_attempt += 1
        retry = Retry(self.reconnect_attempt, delay, reason)
        self._retry_token = retry
        return retry

    def _arm_retry(self, retry: Retry) -> None:
        """Start the wait once the change was told, so the try's news never overtakes the drop's."""
        with self._lock:
            if self._retry_token is not retry or self.state is not LinkState.DROPPED:
                return
            self._retry_handle = self.clock.call_later(retry.delay_s, lambda: self._retry(retry))
            if retry.delay_s > self.probe_every_s and self._probe_target() is not None:
                self._probe_handle = self.clock.every(self.probe_every_s, lambda: self._probe(retry))

    def _retry(self, retry: Retry) -> None:
        """The clock thread: the wait is over (or the knock was answered)."""
        with self._lock:
            if self._closed or self._retry_token is not retry or self.state is not LinkState.DROPPED:
                return
            change, attempt = self._begin_locked()
        self._publish(change)
        self._run(attempt)

    def _cancel_retry_locked(self) -> None:
        self._retry_token = None
        for handle in (self._retry_handle, self._probe_handle):
            if handle is not None:
                handle.cancel()
        self._retry_handle = self._probe_handle = None

    def _probe_target(self) -> tuple[str, int] | None:
        """Where a plain TCP knock tells that the server is reachable again (not behind a proxy or jump)."""
        s = self.session
        if s.proxy_host.strip() or s.proxy_command.strip() or s.jump_host.strip():
            return None
        return s.host, s.port

    def _probe(self, retry: Retry) -> None:
        """The clock thread, each second of a wait: knock (on a thread of its own, the clock stays quick)."""
        target = self._probe_target()
        with self._lock:
            if self._retry_token is not retry or self.state is not LinkState.DROPPED or target is None:
                return  # a stale knock: its wait was cancelled or replaced (its handle went with it)
            if self._probing:
                return
            self._probing = True
        threading.Thread(target=self._knock, args=(retry, target), name="ssh-knock", daemon=True).start()

    def _knock(self, retry: Retry, target: tuple[str, int]) -> None:
        # An SSH banner, not only an open port: a middlebox or a stopped instance's front door
        # may accept TCP and hang up, and must not turn the wait into a burst of tries.
        timeout = self.probe_every_s * 2
        try:
            with socket.create_connection(target, timeout=timeout) as sock:
                sock.settimeout(timeout)
                ok = sock.recv(4) == b"SSH-"
        except OSError:
            ok = False
        with self._lock:
            self._probing = False
        if ok:
            self._retry(retry)

    def _give_up_locked(self, text: str, last: object) -> Transition:
        error = ReconnectGaveUp(text, self.reconnect_attempt, last)
        self._cancel_retry_locked()
        self.reconnect_attempt = 0
        self.last_error = error
        return self._change_locked(LinkState.FAILED, failed=error)

    def _tries_failed_text(self) -> str:
        return msg("Link", "Disconnected: {count} tries to reconnect failed.", count=self.reconnect_attempt)

    # -- telling -------------------------------------------------------------------------------
    def _change_locked(
        self,
        state: LinkState,
        dropped: str | None = None,
        failed: E.ConnectError | None = None,
        retry: Retry | None = None,
    ) -> Transition:
        self._seq += 1
        self.state = state
        if state is not LinkState.CONNECTED:
            self.connection = None
        return Transition(
            seq=self._seq,
            state=state,
            attempt=self.reconnect_attempt,
            connection=self.connection,
            error=self.last_error,
            via_fallback=self.via_fallback,
            dropped=dropped,
            failed=failed,
            retry=retry,
        )

    def _publish(self, change: Transition) -> None:
        """Tell a change (outside the lock): the plain events first, then the whole transition."""
        self.state_changed.emit(change.state)
        if change.state is LinkState.CONNECTED and change.connection is not None:
            self.connected.emit(change.connection)
        if change.dropped is not None:
            self.dropped.emit(change.dropped)
        if change.retry is not None:
            self.reconnect_scheduled.emit(change.retry)
        if change.failed is not None:
            self.failed.emit(change.failed)
        self.transition.emit(change)

    def __repr__(self) -> str:
        return f"<Link {self.session.username}@{self.session.host}:{self.session.port} {self.state.value}>"
