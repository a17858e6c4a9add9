"""The permission bits an uploaded file gets on the server.

Never world- or group-writable: a local ``0o666``/``0o777`` would otherwise arrive as is, since
the upload sets the mode explicitly (``chmod`` ignores the server's umask, and ``tar`` run as
root keeps member modes). Windows has no execute bit and reports every file as ``0o666``
(``0o444`` when read-only), so there the mode is derived: ``0o755`` for a script that starts
with ``#!``, ``0o644`` for anything else.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

#: Bits an upload never sets: write for group and others.
MASK = 0o022
FILE = 0o644
SCRIPT = 0o755


def derives_modes() -> bool:
    """Whether local permission bits mean nothing here (Windows), so the mode comes from content."""
    return sys.platform == "win32"


def upload_mode(st_mode: int, head: bytes = b"") -> int:
    """The mode for a file with local ``st_mode`` whose first bytes are ``head``."""
    if derives_modes():
        return SCRIPT if head.startswith(b"#!") else FILE
    return st_mode & 0o777 & ~MASK


def mode_of_path(path: Path, st_mode: int) -> int:
    """:func:`upload_mode` for a file by name; its first bytes are read only where they count."""
    head = b""
    if derives_modes():
        try:
            with open(path, "rb") as fh:
                head = fh.read(2)
        except OSError:
            head = b""  # the upload itself reports an unreadable file
    return upload_mode(st_mode, head)


def mode_of_open(fh: BinaryIO, st_mode: int) -> int:
    """:func:`upload_mode` for a file open at its start; it is left at its start."""
    head = b""
    if derives_modes():
        head = fh.read(2)
        fh.seek(0)
    return upload_mode(st_mode, head)
