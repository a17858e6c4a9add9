"""A server's billing, Qt-free: meter, guard, provider link, own clock. (Filled in by the billing work.)

CONTRACT: ``billing.state`` (BillingState), ``billing.changed: Event[LiveBilling]`` (any change a view
shows: instance state, idle minutes, cost, guard), ``billing.close()``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from gpudesk.core.live.events import Event

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer


class BillingState(StrEnum):
    """Whether this server costs money now, as far as anyone knows."""

    UNKNOWN = "unknown"  # no price and no provider link: nobody knows
    BILLING = "billing"  # running (or a manual meter running)
    STOPPED = "stopped"  # stopped: compute no longer billed (storage may be)
    TERMINATED = "terminated"  # released: billed no more


class LiveBilling:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.state = BillingState.UNKNOWN
        self.changed: Event[LiveBilling] = Event("billing changed")

    def close(self) -> None:
        pass
