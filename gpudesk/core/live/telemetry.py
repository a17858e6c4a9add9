"""A server's GPU feed: one sampler, its history, and a typed summary. (Filled in by the telemetry work.)

CONTRACT: ``feed.frame: Event[Frame]`` (each sampling round), ``feed.summary_changed: Event[GpuSummary]``,
``feed.status_changed: Event[SmiStatus]``, ``feed.processes_changed: Event[list[GpuProcess]]``,
``feed.summary`` (the last GpuSummary or None), ``feed.history``.
``GpuSummary`` is a frozen dataclass with (at least) ``count``, ``model``, ``util_mean``, ``mem_used_gb``
and a ``text`` property: the short line "8× H100 · 73% · 61 GB" for the sidebar/status bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gpudesk.core.live.events import Event

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer
    from gpudesk.core.telemetry.model import Frame


class TelemetryFeed:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.frame: Event[Frame] = Event("gpu frame")
        self.summary_changed: Event[Any] = Event("gpu summary")
        self.summary: Any = None

    def close(self) -> None:
        pass
