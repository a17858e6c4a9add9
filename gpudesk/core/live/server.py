"""One open server, live: its link, GPU feed, transfers, jobs and billing, owned here and not by views.

The parts subscribe themselves to ``server.link`` in their constructors (telemetry starts when the
link is up, transfers resume, the billing guard hears of every state), so a view, the CLI and a test
see the same running objects. ``close()`` ends them in reverse order, the link last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.clock import Clock, shared_clock
from gpudesk.core.events import Event
from gpudesk.core.live.state import LinkState

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore


class LiveServer:
    """Everything that runs for one open session. Create through :class:`~gpudesk.core.live.workspace.Workspace`."""

    def __init__(self, session: Session, host_keys: HostKeyStore | None = None, clock: Clock | None = None) -> None:
        from gpudesk.core.live.billing import LiveBilling
        from gpudesk.core.live.forwards import LiveForwards
        from gpudesk.core.live.link import Link
        from gpudesk.core.live.telemetry import TelemetryFeed
        from gpudesk.core.live.work import LiveWork

        self.session = session
        self.clock = clock or shared_clock()
        #: user or job activity on this server ("user", "terminal", "job", …): feeds idle detection
        self.activity: Event[str] = Event("activity")
        #: anything a summary view shows changed (state, GPU summary, billing)
        self.changed: Event[LiveServer] = Event("server changed")
        self.link = Link(session, host_keys=host_keys, clock=self.clock)
        self.telemetry = TelemetryFeed(self)
        self.work = LiveWork(self)  # transfers and jobs
        self.forwards = LiveForwards(self)  # port forwards (TensorBoard, Jupyter, yours)
        self.billing = LiveBilling(self)
        self._closed = False
        self.link.state_changed.subscribe(lambda _state: self.changed.emit(self))

    @property
    def id(self) -> str:
        return self.session.id

    @property
    def state(self) -> LinkState:
        return self.link.state

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """End everything this server runs (idempotent)."""
        if self._closed:
            return
        self._closed = True
        for part in (self.billing, self.forwards, self.work, self.telemetry):
            part.close()
        self.link.close()

    def __repr__(self) -> str:
        return f"<LiveServer {self.session.label or self.session.host} {self.state.value}>"
