"""All open servers, the demo server and the session-sync folder: what the app (or a CLI run) has live.

The main window keeps one :class:`Workspace`; views ask it (never the widget tree) which servers are
open, which is billing, and how far the user got (the guide). The CLI builds its own for one run.

A view that only has its server (a panel built as ``Panel(controller, parent)``) finds the workspace
with :meth:`Workspace.of`. What a view cannot do itself (open the Providers page, say a line in the
status bar) it asks of :attr:`Workspace.shell` (the main window; None in a CLI run or a bare test).
"""

from __future__ import annotations

import copy
import dataclasses
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpudesk.core.billing.meter import Meter, shared_meter
from gpudesk.core.clock import Clock, shared_clock
from gpudesk.core.events import Event
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState

if TYPE_CHECKING:
    from gpudesk.core.providers.rent import DemoServer
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.sessions.store import SessionStore
    from gpudesk.core.sessions.syncfolder import SyncFolder
    from gpudesk.core.shell import Shell
    from gpudesk.core.ssh.hostkeys import HostKeyStore

_of: weakref.WeakKeyDictionary[LiveServer, Workspace] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Progress:
    """How far the user got: the guide's four steps, read from live objects (no widget)."""

    has_session: bool = False
    connected: bool = False
    ran_job: bool = False
    collected: bool = False


class Workspace:
    def __init__(
        self, clock: Clock | None = None, store: SessionStore | None = None, meter: Meter | None = None
    ) -> None:
        self.clock = clock or shared_clock()
        #: the one meter of every server opened here (the cost bar and the guard read it)
        self.meter = meter or shared_meter()
        self._lock = threading.Lock()
        self._servers: dict[str, LiveServer] = {}
        self._unsubscribe: dict[str, list[Callable[[], None]]] = {}
        self.opened: Event[LiveServer] = Event("server opened")
        self.closed: Event[LiveServer] = Event("server closed")
        #: the guide's progress changed (any thread)
        self.progress_changed: Event[Progress] = Event("progress")
        #: the app's shell (the main window) views ask for what they cannot do themselves; None without one
        self.shell: Shell | None = None
        self.demo: DemoServer | None = None  # the demo host the app started or found (core.demo.host), if any
        self.sync_folder: SyncFolder | None = None  # the session-sync folder in use, if any
        self.store: SessionStore | None = None
        self._progress = Progress()
        if store is not None:
            self.attach_store(store)

    @staticmethod
    def of(server: LiveServer | None) -> Workspace | None:
        """The workspace that opened ``server`` (None for one made on its own, as tests do)."""
        return None if server is None else _of.get(server)

    def attach_store(self, store: SessionStore) -> None:
        """The saved sessions (step 1 of the guide is done once one is saved)."""
        self.store = store
        store.subscribe(self._recount)
        store.subscribe(self._follow_store)
        self._recount()

    def update_session(self, session: Session) -> None:
        """An edited session (host, port, name, …): its open server and all its parts use it from now on.

        The server's session object is updated in place, so every part that holds it (link, billing,
        forwards, work) sees the edit, and the next reconnect goes to the new address.
        """
        server = self.get(session.id)
        if server is None or server.session is session:
            return
        live = server.session
        for f in dataclasses.fields(live):
            value = getattr(session, f.name)
            setattr(live, f.name, copy.deepcopy(value) if isinstance(value, (list, dict)) else value)

    def _follow_store(self) -> None:
        store = self.store
        if store is None:
            return
        for server in self.servers:
            saved = store.get(server.id)
            if saved is not None and saved is not server.session and saved.to_json() != server.session.to_json():
                self.update_session(saved)

    def _saved_sessions(self) -> list[Session]:
        """The saved sessions (none without a store), for the servers' jump hosts and linked sessions."""
        store = self.store
        return list(store) if store is not None else []

    def _save_forwards(self, session: Session) -> None:
        """An open server's forwards changed: only they are written (the stored session may be newer)."""
        store = self.store
        saved = store.get(session.id) if store is not None else None
        if store is not None and saved is not None:
            # The stored session may be newer than the server's copy (an edit of its host or name while it
            # was open, not yet followed), and writing the whole old copy back would lose that edit.
            store.update(dataclasses.replace(saved, forwards=[dict(f) for f in session.forwards]))

    def open(self, session: Session, host_keys: HostKeyStore | None = None) -> LiveServer:
        """The live server for ``session``: the open one, or a new one (not yet connecting)."""
        with self._lock:
            server = self._servers.get(session.id)
            if server is not None and not server.closed:
                return server
            server = LiveServer(
                session,
                host_keys=host_keys,
                clock=self.clock,
                meter=self.meter,
                save_forwards=self._save_forwards,
                saved_sessions=self._saved_sessions,
            )
            self._servers[session.id] = server
            _of[server] = self
            self._unsubscribe[session.id] = [
                server.link.state_changed.subscribe(lambda _s: self._recount()),
                server.work.changed.subscribe(lambda _w: self._recount()),
            ]
        self.opened.emit(server)
        self._recount()
        return server

    def get(self, session_id: str) -> LiveServer | None:
        with self._lock:
            return self._servers.get(session_id)

    @property
    def servers(self) -> list[LiveServer]:
        with self._lock:
            return list(self._servers.values())

    def connected(self, exclude: LiveServer | None = None) -> list[LiveServer]:
        """The servers connected now (``exclude``: but this one), in the order they were opened."""
        return [s for s in self.servers if s is not exclude and s.state == LinkState.CONNECTED]

    def close(self, session_id: str) -> None:
        with self._lock:
            server = self._servers.pop(session_id, None)
            unsubscribe = self._unsubscribe.pop(session_id, [])
        for end in unsubscribe:
            end()
        if server is not None:
            server.close()
            self.closed.emit(server)
            self._recount()

    def close_all(self) -> None:
        for server in self.servers:
            self.close(server.id)

    # -- the guide's progress -------------------------------------------------
    @property
    def progress(self) -> Progress:
        return self._progress

    def read_progress(self) -> Progress:
        servers = self.servers
        store = self.store
        return Progress(
            has_session=bool(servers) or (store is not None and len(store) > 0),
            connected=any(s.state == LinkState.CONNECTED for s in servers),
            ran_job=any(s.work.ran_a_job or bool(s.work.jobs) for s in servers),
            collected=any(s.work.collected_any for s in servers),
        )

    def _recount(self) -> None:
        progress = self.read_progress()
        with self._lock:
            if progress == self._progress:
                return
            self._progress = progress
        self.progress_changed.emit(progress)
