"""Cloud GPU providers: one :class:`Provider` protocol and its implementations.

Lambda Cloud, RunPod (REST v1), Vast.ai, AutoDL, a generic REST provider (URL templates +
bearer token) and manual (no API). Calls block: run them off the GUI thread.
"""

from __future__ import annotations

from gpudesk.core.providers.accounts import KINDS, Account, AccountStore, provider_for
from gpudesk.core.providers.base import Instance, Provider
from gpudesk.core.providers.errors import (
    BadToken,
    NotFound,
    ProviderError,
    ProviderTimeout,
    RateLimited,
    ServerError,
    Unsupported,
)

__all__ = [
    "KINDS",
    "Account",
    "AccountStore",
    "BadToken",
    "Instance",
    "NotFound",
    "Provider",
    "ProviderError",
    "ProviderTimeout",
    "RateLimited",
    "ServerError",
    "Unsupported",
    "provider_for",
]
