"""One open server, live: its link, GPU feed, transfers, jobs and billing, owned here and not by views.

The parts are wired once, here: each gets the events it listens to and the calls it makes (the link's
news and IO thread, the server's activity, the clock, the meter), never the server itself, so a part
cannot reach a sibling by name. A view, the CLI and a test see the same running objects. ``close()``
ends them in reverse order, the link last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from gpudesk.core.billing.meter import Meter, shared_meter
from gpudesk.core.clock import Clock, shared_clock
from gpudesk.core.events import Event
from gpudesk.core.live.billing import LiveBilling
from gpudesk.core.live.forwards import LiveForwards
from gpudesk.core.live.link import Link
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.telemetry import TelemetryFeed
from gpudesk.core.live.work import LiveWork

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore


class LiveServer:
    """Everything that runs for one open session. Create through :class:`~gpudesk.core.live.workspace.Workspace`.

    ``meter``: the workspace's meter (default: the process's); ``saved_sessions``: the workspace's saved
    sessions (a jump host named like one, the sessions an action follows); ``save_forwards``: keeps the
    session's forwards where sessions are kept (the workspace's store), called with the session whose list
    changed.
    """

    def __init__(
        self,
        session: Session,
        host_keys: HostKeyStore | None = None,
        clock: Clock | None = None,
        meter: Meter | None = None,
        save_forwards: Callable[[Session], None] | None = None,
        saved_sessions: Callable[[], Iterable[Session]] | None = None,
    ) -> None:
        self.session = session
        self.clock = clock or shared_clock()
        #: user or job activity on this server ("user", "terminal", "job", …): feeds idle detection
        self.activity: Event[str] = Event("activity")
        #: anything a summary view shows changed (state, GPU summary, billing)
        self.changed: Event[LiveServer] = Event("server changed")
        link = self.link = Link(session, host_keys=host_keys, clock=self.clock, saved_sessions=saved_sessions)
        self.telemetry = TelemetryFeed(link.connected, link.state_changed, on_summary=self._emit_changed)
        self.work = LiveWork(  # transfers and jobs
            session,
            self.clock,
            connected=link.connected,
            state_changed=link.state_changed,
            link_state=lambda: link.state,
            connection=lambda: link.connection,
            activity=self.activity,
        )
        self.forwards = LiveForwards(  # port forwards (TensorBoard, Jupyter, yours)
            session,
            connected=link.connected,
            state_changed=link.state_changed,
            connection=lambda: link.connection,
            submit=link.submit,
            save=save_forwards,
        )
        self.billing = LiveBilling(
            session,
            self.clock,
            connected=link.connected,
            state_changed=link.state_changed,
            link_state=lambda: link.state,
            connection=lambda: link.connection,
            submit=link.submit,
            activity=self.activity,
            frames=self.telemetry.frame,
            busy_changed=self.work.busy_changed,
            meter=meter or shared_meter(),
            saved_sessions=saved_sessions,
        )
        # The idle advice says the server "is billed": the feed hears each billing state.
        self.telemetry.follow_billing(self.billing.state)
        self.billing.state_changed.subscribe(self.telemetry.follow_billing)
        self._closed = False
        link.state_changed.subscribe(lambda _state: self._emit_changed())

    def _emit_changed(self) -> None:
        self.changed.emit(self)

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
