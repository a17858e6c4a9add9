"""All open servers, the demo server and the session-sync folder: what the app (or a CLI run) has live.

The main window keeps one :class:`Workspace`; views ask it (never the widget tree) which servers are
open, which is billing, and how far the user got (the guide). The CLI builds its own for one run.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gpudesk.core.live.clock import Clock, shared_clock
from gpudesk.core.live.events import Event
from gpudesk.core.live.server import LiveServer

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore


class Workspace:
    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock or shared_clock()
        self._lock = threading.Lock()
        self._servers: dict[str, LiveServer] = {}
        self.opened: Event[LiveServer] = Event("server opened")
        self.closed: Event[LiveServer] = Event("server closed")
        self.demo: Any = None  # the demo host the app started or found (core.demo.host), if any
        self.sync_folder: Any = None  # the session-sync folder in use, if any

    def open(self, session: Session, host_keys: HostKeyStore | None = None) -> LiveServer:
        """The live server for ``session``: the open one, or a new one (not yet connecting)."""
        with self._lock:
            server = self._servers.get(session.id)
            if server is not None and not server.closed:
                return server
            server = LiveServer(session, host_keys=host_keys, clock=self.clock)
            self._servers[session.id] = server
        self.opened.emit(server)
        return server

    def get(self, session_id: str) -> LiveServer | None:
        with self._lock:
            return self._servers.get(session_id)

    @property
    def servers(self) -> list[LiveServer]:
        with self._lock:
            return list(self._servers.values())

    def close(self, session_id: str) -> None:
        with self._lock:
            server = self._servers.pop(session_id, None)
        if server is not None:
            server.close()
            self.closed.emit(server)

    def close_all(self) -> None:
        for server in self.servers:
            self.close(server.id)
