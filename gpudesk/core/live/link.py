"""One server's connection, Qt-free: connect, questions, drops and reconnecting by itself.

CONTRACT (the rest of the live core and the UI bridge rely on these names):

- ``Link(session, host_keys=None, clock=None)``; ``link.session``, ``link.state`` (LinkState),
  ``link.connection`` (core Connection or None), ``link.last_error``, ``link.via_fallback``,
  ``link.reconnect_attempt``.
- Events: ``state_changed: Event[LinkState]``, ``connected: Event[Connection]``,
  ``dropped: Event[object]`` (the drop message), ``failed: Event[ConnectError]``,
  ``reconnect_scheduled: Event[Retry]``, ``question: Event[Question]`` (typed questions from
  ``gpudesk.core.live.questions``; answered with ``question.answer(...)`` from any thread).
- ``connect(passphrase=None)``, ``cancel()``, ``reconnect()``, ``stop_reconnecting()``, ``close()``,
  ``submit(fn) -> Future`` (runs ``fn(connection)`` on the link's single IO thread; the future fails
  with Disconnected when not connected), ``set_password(pw)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gpudesk.core.live.events import Event
from gpudesk.core.live.state import LinkState

if TYPE_CHECKING:
    from gpudesk.core.live.clock import Clock
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore


class Link:
    """(Stub: the connection work moves the controller's state machine here.)"""

    def __init__(self, session: Session, host_keys: HostKeyStore | None = None, clock: Clock | None = None) -> None:
        self.session = session
        self.host_keys = host_keys
        self.clock = clock
        self.state = LinkState.IDLE
        self.connection: Any = None
        self.state_changed: Event[LinkState] = Event("link state")
        self.connected: Event[Any] = Event("connected")
        self.dropped: Event[object] = Event("dropped")
        self.failed: Event[Any] = Event("failed")

    def close(self) -> None:
        self.state = LinkState.CLOSED
