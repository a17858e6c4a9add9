"""Typed provider errors, each with a plain message that never contains the API token.

They slot into the command line's exit codes: a bad token or an unreachable API is a
connection/auth failure (3), everything else the provider refused is a remote failure (4).
"""

from __future__ import annotations

from gpudesk.core.ssh.errors import ConnectError, RemoteCommandError


class ProviderError(RemoteCommandError):
    """The provider's API refused or failed a request (exit code 4)."""

    kind = "error"
    exit_code = 4

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        #: the provider's machine-readable error code where its body has one (Lambda
        #: ``error.code``, Vast.ai ``error``); "" otherwise. Decisions key on it, not on words.
        self.code = ""
        #: the provider's own words from the error body (cleaned, at most 300 characters)
        self.detail = ""


class BadToken(ProviderError, ConnectError):
    """401/403: the token is wrong, expired, or lacks access (exit code 3)."""

    kind = "auth"
    exit_code = 3


class NotFound(ProviderError):
    """The instance (or path) does not exist at this provider."""

    kind = "not_found"


class RateLimited(ProviderError):
    """429 after all retries; ``retry_after`` is the server's hint in seconds, if it gave one."""

    kind = "rate_limited"

    def __init__(self, message: str, status: int | None = 429, retry_after: float | None = None) -> None:
        super().__init__(message, status)
        self.retry_after = retry_after


class ServerError(ProviderError):
    """5xx after all retries."""

    kind = "server"


class ProviderTimeout(ProviderError, ConnectError):
    """The API did not answer in time, or could not be reached (exit code 3)."""

    kind = "timeout"
    exit_code = 3


class VersionRetired(ProviderError):
    """410 Gone: the provider no longer serves the API version this gpudesk speaks (exit code 4)."""

    kind = "retired"


class Conflict(ProviderError):
    """409: the action is not valid in the instance's current state (e.g. stop a stopped pod)."""

    kind = "conflict"


class Unsupported(ProviderError):
    """The provider has no such operation (Lambda has no stop, manual has no API)."""

    kind = "unsupported"


class CapacityError(ProviderError):
    """The provider has no machine for this launch now (Lambda insufficient-capacity, a Vast.ai
    offer already taken, RunPod could not place the pod). ``reason`` is the provider's own words;
    the caller offers the next-best offer (:func:`gpudesk.core.providers.launch.next_best`)."""

    kind = "capacity"

    def __init__(self, message: str, reason: str = "", status: int | None = None) -> None:
        super().__init__(message, status)
        self.reason = reason
