"""Typed transfer errors with messages a user can act on.

Messages are :class:`~gpudesk.core.i18n.Msg` (English in the CLI, translated in the UI); read one
back from an exception with :func:`~gpudesk.core.i18n.message_of`.
"""

from __future__ import annotations

import errno
import os

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.errors import reason
from gpudesk.core.transfer.locked import is_locked
from gpudesk.core.transfer.longpath import shown


class TransferError(Exception):
    """One item failed; the rest of the queue goes on."""


class Cancelled(TransferError):
    """The user cancelled the item."""


class Paused(TransferError):
    """The item was paused (by the user or because the connection dropped); its partial file stays."""


class ConnectionLost(TransferError):
    """The connection dropped mid-transfer; the queue pauses until a new connection arrives.

    ``silent`` says the link went quiet (a timeout) rather than failing: the connection may
    still be there, and a fresh channel on it can carry on once the link answers again.
    """

    def __init__(self, message: str, silent: bool = False) -> None:
        super().__init__(message)
        self.silent = silent


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
    """A plain sentence for an SFTP status error (a Msg; the server's own words stay as they are)."""
    if code == FX_NO_SUCH_FILE:
        if path:
            return msg(
                "TransferError",
                "The remote file or folder does not exist ({path}); it may have been moved or deleted.",
                path=path,
            )
        return msg("TransferError", "The remote file or folder does not exist; it may have been moved or deleted.")
    if code == FX_PERMISSION_DENIED:
        if path:
            return msg(
                "TransferError",
                "Permission denied on the server ({path}). Check the folder's owner and permissions.",
                path=path,
            )
        return msg("TransferError", "Permission denied on the server. Check the folder's owner and permissions.")
    if code == FX_FAILURE and "space" in message.lower():
        if path:
            return msg("TransferError", "The server's disk is full ({path}). Free some space and retry.", path=path)
        return msg("TransferError", "The server's disk is full. Free some space and retry.")
    text = message.strip() or msg("TransferError", "the server reported a failure")
    if path:
        return msg(
            "TransferError", "The server could not complete the request ({path}): {error}.", path=path, error=text
        )
    return msg("TransferError", "The server could not complete the request: {error}.", error=text)


#: Windows' classic limit for a whole path (without long paths turned on), and its "name too long" error.
WINDOWS_MAX_PATH = 260
_ERROR_FILENAME_EXCED_RANGE = 206


def too_long(exc: OSError, path: str = "") -> bool:
    """The path was too long for this computer (not a missing file).

    POSIX says so (ENAMETOOLONG). Windows says "filename or extension is too long" (206), or, for a folder
    beyond 260 characters with long paths off, merely "path not found": a missing file whose full path is that
    long is taken for a path too long, which is what the user can fix.
    """
    if exc.errno == errno.ENAMETOOLONG or getattr(exc, "winerror", None) == _ERROR_FILENAME_EXCED_RANGE:
        return True
    where = path or str(getattr(exc, "filename", "") or "")
    return os.name == "nt" and exc.errno == errno.ENOENT and len(os.path.abspath(where)) >= WINDOWS_MAX_PATH


def describe_local(exc: OSError, path: str = "") -> str:
    """A plain sentence for a local disk error (a Msg; the system's own words stay as they are)."""
    path = shown(path)  # the user's path, not its extended-length form
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        if path:
            return msg("TransferError", "The local disk is full ({path}). Free some space and retry.", path=path)
        return msg("TransferError", "The local disk is full. Free some space and retry.")
    if is_locked(exc):
        if path:
            return msg("TransferError", "{path} is in use by another program (an antivirus scan, OneDrive or an open editor "
                                        "may hold it, or the folder is read-only). Close it or wait a moment, then retry.",
                       path=path)  # fmt: skip
        return msg("TransferError", "A file is in use by another program (an antivirus scan, OneDrive or an open editor may "
                                    "hold it, or the folder is read-only). Close it or wait a moment, then retry.")  # fmt: skip
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        if path:
            return msg(
                "TransferError",
                "Permission denied on this computer ({path}). Choose a folder you can write to.",
                path=path,
            )
        return msg("TransferError", "Permission denied on this computer. Choose a folder you can write to.")
    if too_long(exc, path):
        where = path or str(getattr(exc, "filename", "") or "")
        return msg(
            "TransferError",
            "The local path is too long for this computer ({length} characters: {path}). Choose a shorter folder, "
            "or on Windows turn on long paths (the LongPathsEnabled setting).",
            length=len(where),
            path=where,
        )
    if exc.errno == errno.ENOENT:
        if path:
            return msg(
                "TransferError",
                "The local file or folder does not exist ({path}); it may have been moved or deleted.",
                path=path,
            )
        return msg("TransferError", "The local file or folder does not exist; it may have been moved or deleted.")
    error = (exc.strerror or "").strip() or reason(exc)
    if path:
        return msg("TransferError", "A local disk error occurred ({path}): {error}.", path=path, error=error)
    return msg("TransferError", "A local disk error occurred: {error}.", error=error)


def renamed_note(old: str, new: str) -> str:
    """The warning for a server name changed into one this computer can store."""
    return msg(
        "TransferError", "Renamed {old} to {new}: the name is not safe on this computer.", old=repr(old), new=repr(new)
    )


def connection_lost(exc: BaseException) -> str:
    """``The connection was lost (why).``: the reason is the network library's own words."""
    return msg("TransferError", "The connection was lost ({error}).", error=reason(exc))
