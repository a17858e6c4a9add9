"""A server's transfers and jobs, owned by the live server. (Filled in by the transfers/jobs work.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer


class LiveWork:
    def __init__(self, server: LiveServer) -> None:
        self.server = server

    def close(self) -> None:
        pass
