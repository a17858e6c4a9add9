"""Local paths past Windows' 260 characters, without the user turning long paths on.

A deep run folder (``D:\\experiments\\<date>\\<sweep>\\<trial>\\checkpoints\\...``) passes MAX_PATH quickly. Windows
opens such a path when it carries the extended-length prefix ``\\\\?\\``: the path must then be absolute, with
backslashes and no ``.``/``..`` (the system no longer tidies it). The transfer entry points wrap the local path
once with :func:`extended`; every path made from it keeps the prefix. A folder whose files are yet to come (a
tree, a sync root) is wrapped whatever its length, as the files below it may pass the limit. What a user reads goes through
:func:`shown`, which takes it off again. Elsewhere both are the identity.
"""

from __future__ import annotations

import ntpath
import os
from pathlib import Path

PREFIX = "\\\\?\\"
UNC_PREFIX = PREFIX + "UNC\\"
#: Below this the classic calls work: MAX_PATH is 260 with the NUL, a folder's own limit is 12 less, and a file is
#: first written as ``name.gpudesk-part`` (13 more). Wider than needed on purpose: the prefix costs nothing.
LIMIT = 200


def extended_str(path: str, *, nt: bool | None = None, root: bool = False) -> str:
    """``path`` in extended-length form on Windows when it (or, for a ``root``, what is below it) may need it."""
    if not (os.name == "nt" if nt is None else nt) or path.startswith(PREFIX):
        return path
    full = ntpath.normpath(ntpath.abspath(path) if os.name == "nt" else path)  # backslashes, no . or ..
    if (len(full) < LIMIT and not root) or not ntpath.isabs(full):
        return path
    if full.startswith("\\\\"):  # \\server\share\... -> \\?\UNC\server\share\...
        return UNC_PREFIX + full[2:]
    return PREFIX + full


def extended(path: Path, *, root: bool = False) -> Path:
    """:func:`extended_str` for a :class:`~pathlib.Path` (on Windows a WindowsPath keeps the prefix as its drive)."""
    text = str(path)
    wide = extended_str(text, root=root)
    return path if wide == text else Path(wide)


def shown(path: str | Path) -> str:
    """The path as the user typed and reads it: without the extended-length prefix."""
    text = str(path)
    if text.startswith(UNC_PREFIX):
        return "\\\\" + text[len(UNC_PREFIX) :]
    if text.startswith(PREFIX):
        return text[len(PREFIX) :]
    return text
