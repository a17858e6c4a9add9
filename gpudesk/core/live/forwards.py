"""A server's port forwards, owned by the live server (not by the Forwards tab that lists them).

They start when the link comes up (the session's saved forwards on a first connect; after a drop, every
forward that ran comes back on the port it had, so an open browser tab keeps working), say so when the
link drops, and end with the server. ``changed`` tells views (from any thread) that the list or a
forward's state changed.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from gpudesk.core.events import Event
from gpudesk.core.i18n import msg
from gpudesk.core.live.state import LinkState
from gpudesk.core.ssh.errors import Disconnected
from gpudesk.core.ssh.forward import Forward, ForwardSpec

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.connection import Connection


class LiveForwards:
    """Wired by the server: the link's news, its connection now, its IO thread (``submit``), and ``save``,
    which keeps a changed list where sessions are kept (none: the list lives as long as the server)."""

    def __init__(
        self,
        session: Session,
        *,
        connected: Event[Connection],
        state_changed: Event[LinkState],
        connection: Callable[[], Connection | None],
        submit: Callable[[Callable[[Connection], Any]], Future[Any]],
        save: Callable[[Session], None] | None = None,
    ) -> None:
        self.session = session
        self._connection = connection
        self._submit = submit
        self._save_session = save
        self.changed: Event[list[Forward]] = Event("forwards changed")
        self._forwards: list[Forward] = []
        self._lock = threading.Lock()
        self._closed = False
        self._unsubscribe = [
            connected.subscribe(self._on_connected),
            state_changed.subscribe(self._on_state),
        ]

    @property
    def forwards(self) -> list[Forward]:
        with self._lock:
            return list(self._forwards)

    def saved_specs(self) -> list[ForwardSpec]:
        fields = {f.name for f in dataclasses.fields(ForwardSpec)}
        return [ForwardSpec(**{k: v for k, v in data.items() if k in fields}) for data in self.session.forwards]

    # -- the link ----------------------------------------------------------------
    def _on_connected(self, conn: object) -> None:
        with self._lock:
            if self._closed:
                return
            # Forwards already made on this connection (a view was quicker than this news) stay as they are.
            old = [f for f in self._forwards if f.conn is not conn]
            self._forwards = [f for f in self._forwards if f.conn is conn]
        for forward in old:
            forward.close()
        running = {(f.spec.kind, f.spec.host, f.spec.port) for f in self.forwards}
        for spec in [f.spec for f in old] or self.saved_specs():
            if (spec.kind, spec.host, spec.port) not in running:
                self.start(spec)
        self._emit()

    def _on_state(self, state: LinkState) -> None:
        if state != LinkState.DROPPED:
            return
        for forward in self.forwards:
            forward.status = "closed"
            forward.error = msg("Forwards", "Connection lost; forwards restart on reconnect.")
        self._emit()

    # -- what a view asks ---------------------------------------------------------
    def start(self, spec: ForwardSpec, save: bool = False) -> Future[Forward]:
        """Start ``spec`` on the link's IO thread; the future gives the Forward once it listens (or failed)."""
        conn = self._connection()
        if conn is None or self._closed:
            refused: Future[Forward] = Future()
            refused.set_exception(Disconnected(msg("ConnectError", "Not connected.")))
            return refused
        forward = Forward(conn, spec, on_change=lambda _f: self._emit())
        with self._lock:
            self._forwards.append(forward)
        if save:
            self.session.forwards.append(dataclasses.asdict(spec))
            self._save()

        def run(_conn: Connection) -> Forward:
            forward.start()
            return forward

        future: Future[Forward] = self._submit(run)
        future.add_done_callback(lambda _f: self._emit())
        self._emit()
        return future

    def service(self, remote_port: int) -> Future[Forward]:
        """A local port for the server's ``remote_port`` (TensorBoard, Jupyter): the one running, or a new one."""
        running = next(
            (
                f
                for f in self.forwards
                if f.spec.kind == "local" and f.spec.port == remote_port and f.status == "listening"
            ),
            None,
        )
        if running is not None:
            done: Future[Forward] = Future()
            done.set_result(running)
            return done
        return self.start(ForwardSpec("local", 0, "127.0.0.1", remote_port, label=str(remote_port)))

    def remove(self, forward: Forward) -> None:
        """Stop ``forward`` and forget it, also from the session's saved forwards."""
        forward.close()
        with self._lock:
            if forward in self._forwards:
                self._forwards.remove(forward)
        saved = dataclasses.asdict(forward.spec)
        session = self.session
        keep = [
            f
            for f in session.forwards
            if not (
                f.get("kind") == saved["kind"] and f.get("port") == saved["port"] and f.get("host") == saved["host"]
            )
        ]
        if len(keep) != len(session.forwards):
            session.forwards = keep
            self._save()
        self._emit()

    def _save(self) -> None:
        if self._save_session is not None:
            self._save_session(self.session)

    def _emit(self) -> None:
        if not self._closed:
            self.changed.emit(self.forwards)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            forwards, self._forwards = self._forwards, []
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for forward in forwards:
            forward.close()
