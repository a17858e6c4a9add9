"""A server's GPU feed: one sampler, its history, and a typed summary. (Filled in by the telemetry work.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer


class TelemetryFeed:
    def __init__(self, server: LiveServer) -> None:
        self.server = server

    def close(self) -> None:
        pass
