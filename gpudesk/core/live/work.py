"""A server's transfers and jobs, owned by the live server. (Filled in by the transfers/jobs work.)

CONTRACT: ``work.busy_changed: Event[tuple[str, bool]]`` (("transfer" | "job", busy) — the billing guard
counts a busy server as not idle), ``work.changed: Event[LiveWork]`` (queue or jobs changed),
``work.ran_a_job`` / ``work.collected_any`` (the guide's progress), ``work.close()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.live.events import Event

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer


class LiveWork:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.busy_changed: Event[tuple[str, bool]] = Event("busy")
        self.changed: Event[LiveWork] = Event("work changed")
        self.ran_a_job = False
        self.collected_any = False

    def close(self) -> None:
        pass
