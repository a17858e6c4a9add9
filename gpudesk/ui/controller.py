"""ConnectionController: the GUI thread's view of one session's live connection.

The connection itself (connecting with the provider fallback, questions, drops, reconnecting by
itself on the core clock, the single IO thread) is the live core's
:class:`~gpudesk.core.live.link.Link`, ``server.link``. This object keeps the GUI thread's copy of
the link's ``state``/``connection``/``last_error``, taken from ``link.transition`` (heard through
:mod:`gpudesk.ui.bridge`), and drops news that a newer change overtook (a click's change shown before
an older one from another thread). The views (the connection tab, quick connect, the rent watch)
hear the link's transitions and questions through the bridge themselves, ask :meth:`shows` before
showing a change, and call the link directly.

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
from gpudesk.core.live.server import LiveServer
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.telemetry.summary import GpuSummary
from gpudesk.ui import bridge
from gpudesk.ui.background import deliver_in_gui
from gpudesk.ui.qt import QObject, shiboken6


class ConnectionController(QObject):
    """The GUI thread's view of a server's link, and the one check that drops overtaken news.

    It has no signals. Alone (a test, a benchmark) it hears ``link.transition`` itself; a connection tab
    hears it through :mod:`gpudesk.ui.bridge` and hands each change to :meth:`take` before showing it
    (:meth:`heard_by`), so the state read here is never ahead of what the tab showed. Views that hear the
    change after the tab (quick connect) ask :meth:`shows` whether it is still the newest one.
    """

    def __init__(
        self,
        session: Session,
        host_keys: HostKeyStore | None = None,
        parent: QObject | None = None,
        server: LiveServer | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        #: the live core's object for this server (owns what runs)
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
        self._closed = False  # after close(), results of work still running are nobody's news
        self._hear_alone = bridge.connect(link.transition, self.take, self)

    # -- lifecycle (the link's settings and its connect/cancel/reconnect are the link's own: ``self.link``) --
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
    def heard_by(self, view: QObject) -> None:
        """``view`` hears ``link.transition`` from now on and hands each change to :meth:`take` first."""
        self._hear_alone()

    def take(self, change: Transition) -> bool:
        """Take ``change`` into this view; False (and nothing taken) when a newer change was taken already."""
        if change.seq <= self._seq:
            return False  # overtaken: a change made on this thread (a click) was shown already
        self._seq = change.seq
        self.state = change.state.value
        self.connection = change.connection
        self.last_error = change.error
        self.via_fallback = change.via_fallback
        self.reconnect_attempt = change.attempt
        return True

    def shows(self, change: Transition) -> bool:
        """``change`` is the newest one this view took: a view that hears it after this one may show it."""
        return change.seq == self._seq


def summary_text(summary: GpuSummary | None) -> str:
    """The GPU line a view shows for the feed's summary ("" when there is none)."""
    return summary.text if summary is not None else ""
