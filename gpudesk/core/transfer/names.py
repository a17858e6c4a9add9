"""Safe local names for names that come from a server.

A remote name may hold ``/``, ``..``, control characters or characters that Windows
forbids. Such a name is rewritten (never dropped) so the copy lands inside the folder the
user chose, on any operating system, and the caller warns about the change.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

PART_SUFFIX = ".gpudesk-part"
_BAD = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
_MAX_BYTES = 200  # leaves room for the part suffix under the usual 255-byte limit


def safe_name(name: str) -> str:
    """``name`` made safe as one path component on Windows, macOS and Linux."""
    out = _BAD.sub("_", name)
    # Names the server sent as undecodable bytes come through as surrogates; keep them visible.
    out = out.encode("utf-8", "surrogateescape").decode("utf-8", "replace").replace("\ufffd", "_")
    out = out.rstrip(" .")  # Windows drops trailing dots and spaces silently
    if out in ("", ".", ".."):
        out = "_" + out.replace(".", "_") if out else "_"
    stem = out.split(".", 1)[0].upper()
    if stem in _RESERVED:
        out = "_" + out
    while len(out.encode("utf-8")) > _MAX_BYTES:
        out = out[:-1]
    return out


def inside(root: Path, candidate: Path) -> bool:
    """Whether ``candidate`` stays inside ``root`` once both are resolved."""
    root_r = os.path.realpath(root)
    cand_r = os.path.realpath(candidate)
    return cand_r == root_r or cand_r.startswith(root_r.rstrip(os.sep) + os.sep)


def unique_name(name: str, taken: set[str] | None = None, exists: object = None) -> str:
    """``name (1).ext``, ``name (2).ext`` … the first one ``exists(candidate)`` says is free."""
    stem, dot, ext = name.partition(".") if not name.startswith(".") else (name, "", "")
    check = exists if callable(exists) else (lambda c: taken is not None and c in taken)
    for i in range(1, 10000):
        candidate = f"{stem} ({i}){dot}{ext}"
        if not check(candidate):
            return candidate
    raise RuntimeError("no free name")


def rjoin(folder: str, name: str) -> str:
    """Join remote (POSIX) path parts."""
    if not folder:
        return name
    return folder.rstrip("/") + "/" + name if folder != "/" else "/" + name


def rbase(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1] or "/"


def rparent(path: str) -> str:
    p = path.rstrip("/")
    head = p.rsplit("/", 1)[0] if "/" in p else "."
    return head or "/"
