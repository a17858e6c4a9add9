"""Typed transfer errors with messages a user can act on."""

from __future__ import annotations

import errno


class TransferError(Exception):
    """One item failed; the rest of the queue goes on."""


class Cancelled(TransferError):
    """The user cancelled the item."""


class Paused(TransferError):
    """The item was paused (by the user or because the connection dropped); its partial file stays."""


class ConnectionLost(TransferError):
    """The connection dropped mid-transfer; the queue pauses until a new connection arrives."""


class VerifyFailed(TransferError):
    """The size or SHA-256 of the copy does not match the source."""


class RemoteError(TransferError):
    """An SFTP status error from the server."""

    def __init__(self, code: int, message: str, path: str = "") -> None:
        self.code = code
        self.path = path
        super().__init__(describe_remote(code, message, path))


# SFTP v3 status codes.
FX_OK = 0
FX_EOF = 1
FX_NO_SUCH_FILE = 2
FX_PERMISSION_DENIED = 3
FX_FAILURE = 4


def describe_remote(code: int, message: str, path: str) -> str:
    where = f" ({path})" if path else ""
    if code == FX_NO_SUCH_FILE:
        return f"The remote file or folder does not exist{where}; it may have been moved or deleted."
    if code == FX_PERMISSION_DENIED:
        return f"Permission denied on the server{where}. Check the folder's owner and permissions."
    if code == FX_FAILURE and "space" in message.lower():
        return f"The server's disk is full{where}. Free some space and retry."
    text = message or "the server reported a failure"
    return f"The server could not complete the request{where}: {text}."


def describe_local(exc: OSError, path: str = "") -> str:
    """A plain sentence for a local disk error."""
    where = f" ({path})" if path else ""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"The local disk is full{where}. Free some space and retry."
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"Permission denied on this computer{where}. Choose a folder you can write to."
    if exc.errno == errno.ENOENT:
        return f"The local file or folder does not exist{where}; it may have been moved or deleted."
    return f"A local disk error occurred{where}: {exc.strerror or exc}."
