"""Safe local names for names that come from a server.

A remote name may hold ``/``, ``..``, control characters, a Windows device name or characters
that Windows forbids. Such a name is rewritten (never dropped) so the copy lands inside the
folder the user chose, on any operating system, and the caller warns about the change.

The rule is the same on every operating system: a folder downloaded on Linux keeps the same
names when it is copied to Windows later, and a sync compares the same names everywhere.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import unicodedata
from pathlib import Path

PART_SUFFIX = ".gpudesk-part"
# C0 and C1 controls (terminal escapes), DEL, separators and what Windows forbids.
_BAD = re.compile(r'[\x00-\x1f\x7f-\x9f<>:"/\\|?*]')
_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{port}{n}" for port in ("COM", "LPT") for n in (*"0123456789", "\u00b9", "\u00b2", "\u00b3")}
)
_MAX_BYTES = 200  # leaves room for the part suffix and a " (n)" under the usual 255-byte limit
_EXT = re.compile(r"(?:\.[A-Za-z0-9_-]{1,16}){1,2}$")  # ".pt", ".tar.gz": kept when a name is shortened


def is_device_name(name: str) -> bool:
    """Whether Windows takes ``name`` for a device (``CON``, ``nul.txt``, ``COM¹``, ``CON .log``…)."""
    return name.split(".", 1)[0].rstrip(" ").upper() in _DEVICES


def _shorten(name: str, limit: int) -> str:
    """``name`` cut to ``limit`` UTF-8 bytes, keeping its extension; a hash of the whole name
    keeps two long names that differ only at the end apart."""
    m = _EXT.search(name)
    ext = m.group(0) if m and m.start() > 0 else ""
    tag = "~" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    room = limit - len(ext.encode("utf-8")) - len(tag)
    stem = name[: len(name) - len(ext)].encode("utf-8")[:room].decode("utf-8", "ignore")
    return stem + tag + ext


def safe_name(name: str) -> str:
    """``name`` made safe as one path component on Windows, macOS and Linux.

    Safe names are left as they are, so ``safe_name(safe_name(x)) == safe_name(x)``.
    """
    out = _BAD.sub("_", name)
    # Names the server sent as undecodable bytes come through as surrogates; keep them visible.
    out = out.encode("utf-8", "surrogateescape").decode("utf-8", "replace").replace("\ufffd", "_")
    out = out.rstrip(" .")  # Windows drops trailing dots and spaces silently
    if not out:  # "", ".", "..", "...", " . "
        return "_"
    if len(out.encode("utf-8")) > _MAX_BYTES:
        out = _shorten(out, _MAX_BYTES - 1)  # one byte spare for the device prefix below
    if is_device_name(out):
        out = "_" + out
    return out


def valid_rel(rel: str) -> bool:
    """Whether a relative path from a server listing is one a real tree can hold: no ``..``,
    ``.`` or empty part, no leading ``/``. Anything else comes from a lying server."""
    return all(part not in ("", ".", "..") for part in rel.split("/"))


def local_rel(rel: str) -> str:
    """A remote relative POSIX path as a safe local relative path, part by part."""
    return "/".join(safe_name(p) for p in rel.split("/"))


def fold(name: str, insensitive: bool | None = None) -> str:
    """The key two local names clash on: case and Unicode form count on Windows and macOS disks."""
    if insensitive is None:
        insensitive = sys.platform in ("win32", "darwin")
    return unicodedata.normalize("NFC", name).casefold() if insensitive else name


def case_insensitive_dir(folder: Path) -> bool | None:
    """Whether ``folder``'s disk folds case, read from the disk itself; None when it cannot tell.

    The platform is only a guess: Linux reaches NTFS, exFAT and SMB shares (and WSL's
    ``/mnt/c``) that fold case, and a Mac disk may be case-sensitive. An entry whose name
    changes with case is looked up with its case swapped: the same file means the disk folds.
    """
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                swapped = entry.name.swapcase()
                if swapped == entry.name:
                    continue
                try:
                    other = os.lstat(os.path.join(folder, swapped))
                except OSError:
                    return False
                own = entry.stat(follow_symlinks=False)
                return (other.st_dev, other.st_ino) == (own.st_dev, own.st_ino) and own.st_ino != 0
    except OSError:
        return None
    return None


def inside(root: Path, candidate: Path) -> bool:
    """Whether ``candidate`` stays inside ``root`` once both are resolved."""
    root_r = os.path.realpath(root)
    cand_r = os.path.realpath(candidate)
    return cand_r == root_r or cand_r.startswith(root_r.rstrip(os.sep) + os.sep)


def local_child(folder: Path, remote_name: str) -> Path:
    """Where a remote file called ``remote_name`` goes in ``folder``: its safe name, and never a
    path that leaves ``folder`` (ValueError, e.g. when a link of that name points elsewhere)."""
    path = folder / safe_name(remote_name)
    if path.is_symlink() or not inside(folder, path):
        raise ValueError(f"{path} would lead outside {folder}")
    return path


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
