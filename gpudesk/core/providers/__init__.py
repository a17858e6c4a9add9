"""Cloud GPU providers: one :class:`Provider` protocol and its implementations.

Renting a new server (RunPod, Vast.ai, Lambda Cloud): see :mod:`gpudesk.core.providers.launch`.

Lambda Cloud, RunPod (REST v2), Vast.ai, AutoDL, a generic REST provider (URL templates +
bearer token) and manual (no API). Calls block: run them off the GUI thread.
"""

from __future__ import annotations

from gpudesk.core.providers.accounts import KINDS, Account, AccountStore, provider_for
from gpudesk.core.providers.base import Instance, Provider
from gpudesk.core.providers.errors import (
    BadToken,
    CapacityError,
    Conflict,
    NotFound,
    ProviderError,
    ProviderTimeout,
    RateLimited,
    ServerError,
    Unsupported,
    VersionRetired,
)

__all__ = [
    "KINDS",
    "Account",
    "AccountStore",
    "BadToken",
    "CapacityError",
    "Conflict",
    "Instance",
    "NotFound",
    "Provider",
    "ProviderError",
    "ProviderTimeout",
    "RateLimited",
    "ServerError",
    "Unsupported",
    "VersionRetired",
    "provider_for",
]
