"""The typed provider errors, defined in :mod:`gpudesk.core.provider_errors` (below the billing and the providers)."""

from __future__ import annotations

from gpudesk.core.provider_errors import (
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
    "BadToken",
    "CapacityError",
    "Conflict",
    "NotFound",
    "ProviderError",
    "ProviderTimeout",
    "RateLimited",
    "ServerError",
    "Unsupported",
    "VersionRetired",
]
