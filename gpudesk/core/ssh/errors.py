"""One exception class per failure a user can meet, each with a plain message.

Messages say what happened and what to do. They never contain a secret.
"""

from __future__ import annotations

import errno as _errno
import os

from gpudesk.core.i18n import msg


class ConnectError(Exception):
    """Base class: connecting or logging in failed. ``str(exc)`` is for the user."""

    kind = "error"
    #: exit code for the command line (DESIGN §3: 3 = connection/auth failure)
    exit_code = 3


class HostNotFound(ConnectError):
    kind = "dns"


class ConnectionRefused(ConnectError):
    kind = "refused"


class ConnectTimeout(ConnectError):
    kind = "timeout"


class AuthenticationFailed(ConnectError):
    kind = "auth"


class KeyRejected(ConnectError):
    kind = "key_rejected"


class PassphraseRequired(ConnectError):
    kind = "passphrase_required"


class WrongPassphrase(ConnectError):
    kind = "wrong_passphrase"


class UnsupportedKey(ConnectError):
    kind = "unsupported_key"


class KeyFileError(ConnectError):
    kind = "key_file"


class HostKeyUnknown(ConnectError):
    """The server's key is new and nobody accepted it."""

    kind = "host_key_unknown"

    def __init__(self, message: str, fingerprint: str = "") -> None:
        super().__init__(message)
        self.fingerprint = fingerprint


class HostKeyChanged(ConnectError):
    """The server's key differs from the stored one: possibly an attack, or a reinstalled server."""

    kind = "host_key_changed"

    def __init__(self, message: str, host: str, port: int, fingerprint: str, known_fingerprint: str) -> None:
        super().__init__(message)
        self.host = host
        self.port = port
        self.fingerprint = fingerprint
        self.known_fingerprint = known_fingerprint


class HostKeyRejected(ConnectError):
    kind = "host_key_rejected"


class ServerClosed(ConnectError):
    kind = "closed"


class Cancelled(ConnectError):
    kind = "cancelled"


class Disconnected(ConnectError):
    """An established connection dropped."""

    kind = "dropped"


class RemoteCommandError(Exception):
    """A remote command failed (exit code 4 on the command line)."""

    exit_code = 4


def reason(exc: BaseException) -> str:
    """What went wrong, in words: the exception's own text, or its kind when it has none.

    Network libraries often raise with no text at all (``socket.timeout()``, ``EOFError()``);
    ``str()`` of those is empty, and a message built from it would read "... ()".
    """
    text = str(exc).strip()
    if isinstance(exc, OSError) and exc.errno is not None and not (exc.strerror or "").strip():
        text = ""  # "[Errno 32] " says nothing in words
    if text:
        return text
    if isinstance(exc, TimeoutError):
        return msg("ConnectError", "no answer in time")
    if isinstance(exc, EOFError):
        return msg("ConnectError", "the other side closed the connection")
    if isinstance(exc, ConnectionResetError):
        return msg("ConnectError", "the connection was reset")
    if isinstance(exc, (BrokenPipeError, ConnectionAbortedError)):
        return msg("ConnectError", "the connection was broken off")
    if isinstance(exc, OSError) and exc.errno is not None and exc.errno in _errno.errorcode:
        return os.strerror(exc.errno)  # the system's own words for the number
    return msg("ConnectError", "an error of kind {kind}, without further detail", kind=type(exc).__name__)
