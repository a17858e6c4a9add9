"""A server's billing, Qt-free: meter, guard, provider link, own clock. (Filled in by the billing work.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer


class LiveBilling:
    def __init__(self, server: LiveServer) -> None:
        self.server = server

    def close(self) -> None:
        pass
