"""Both sides of a sync as flat listings: a local walk, and the remote tree in one exec.

The remote side is listed with one ``find -printf`` (thousands of SFTP stats would cost a
round trip each); servers whose ``find`` lacks ``-printf`` (busybox, BSD) fall back to an SFTP
walk. Content hashes of many files come from one ``sha256sum`` run fed on stdin.
"""

from __future__ import annotations

import hashlib
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.excludes import ExcludeRules
from gpudesk.core.transfer.errors import RemoteError
from gpudesk.core.transfer.names import PART_SUFFIX, rjoin, valid_rel
from gpudesk.core.transfer.rawsftp import RawSftp


class SyncError(Exception):
    """A sync cannot go ahead; the message says why and what to do."""


@dataclass(frozen=True)
class Entry:
    size: int
    mtime: int  # whole seconds: what SFTP and tar keep


@dataclass
class Listing:
    """Files (relative POSIX path → size and mtime) and folders of one side."""

    files: dict[str, Entry]
    dirs: set[str]
    exists: bool = True
    links: set[str] = field(default_factory=set)  # symbolic links: never followed, never copied
    warnings: list[str] = field(default_factory=list)


def _prune(listing: Listing, rules: ExcludeRules) -> Listing:
    """Drop excluded entries; a folder's rules are checked once and hide all below it."""
    out = Listing({}, set(), listing.exists, warnings=listing.warnings)
    cut: set[str] = set()

    def hidden(rel: str) -> bool:
        parent = rel.rpartition("/")[0]
        while parent:
            if parent in cut:
                return True
            parent = parent.rpartition("/")[0]
        return False

    for rel in sorted(listing.dirs, key=lambda r: r.count("/")):
        if hidden(rel) or rules.matches(rel, True):
            cut.add(rel)
        else:
            out.dirs.add(rel)
    for rel, entry in listing.files.items():
        parent = rel.rpartition("/")[0]
        if parent and parent not in out.dirs:
            continue
        if not rules.matches(rel, False):
            out.files[rel] = entry
    for rel in listing.links:
        parent = rel.rpartition("/")[0]
        if (not parent or parent in out.dirs) and not rules.matches(rel, False):
            out.links.add(rel)
    return out


def scan_local(root: Path, rules: ExcludeRules) -> Listing:
    """Regular files and folders under ``root``; excluded folders are not entered, links skipped."""
    if not root.exists():
        return Listing({}, set(), exists=False)
    if not root.is_dir():
        raise SyncError(msg("SyncError", "{path} is not a folder.", path=str(root)))
    files: dict[str, Entry] = {}
    dirs: set[str] = set()
    stack = [(str(root), "")]
    while stack:
        folder, rel = stack.pop()
        try:
            it = os.scandir(folder)
        except OSError:
            continue  # unreadable: nothing of it can be sent
        with it:
            for entry in it:
                erel = f"{rel}/{entry.name}" if rel else entry.name
                try:
                    if entry.is_symlink():
                        continue
                    if entry.is_dir():
                        if not rules.matches(erel, True):
                            dirs.add(erel)
                            stack.append((entry.path, erel))
                    elif entry.is_file() and not rules.matches(erel, False):
                        st = entry.stat()
                        files[erel] = Entry(st.st_size, int(st.st_mtime))
                except OSError:
                    continue
    return Listing(files, dirs)


def _find_listing(conn: Connection, root: str) -> Listing | None:
    # Exit 3: the folder is not there (a first sync); another failure: no usable find.
    cmd = (
        f"cd -- {shlex.quote(root)} 2>/dev/null || exit 3; "
        "find . -mindepth 1 \\( -type f -o -type d -o -type l \\) -printf '%y/%s/%T@/%P\\0'"
    )
    result = conn.exec(cmd, timeout=600)
    if result.exit_code == 3:
        return Listing({}, set(), exists=False)
    if result.exit_code != 0:
        return None
    listing = Listing({}, set())
    for record in result.stdout.split(b"\0"):
        if not record:
            continue
        try:
            kind, size, mtime, rel_b = record.split(b"/", 3)
            rel = rel_b.decode("utf-8", "surrogateescape")
            entry = Entry(int(size), int(float(mtime)))
        except ValueError:
            return None  # not the output we asked for: walk by SFTP instead
        _add(listing, kind.decode("ascii", "replace"), rel, entry)
    return listing


def _add(listing: Listing, kind: str, rel: str, entry: Entry) -> None:
    if not valid_rel(rel):
        listing.warnings.append(msg("SyncError", "Left out {path}: the server listed a name no folder can hold.", path=repr(rel)))
    elif kind == "d":
        listing.dirs.add(rel)
    elif kind == "f":
        listing.files[rel] = entry
    elif kind == "l":
        listing.links.add(rel)


def _sftp_listing(sftp: RawSftp, root: str) -> Listing:
    if sftp.exists(root) is None:
        return Listing({}, set(), exists=False)
    listing = Listing({}, set())
    stack = [(root, "")]
    while stack:
        folder, rel = stack.pop()
        for name, attrs in sftp.listdir(folder):
            erel = f"{rel}/{name}" if rel else name
            kind = "d" if attrs.is_dir else "f" if attrs.is_file else "l" if attrs.is_link else ""
            _add(listing, kind, erel, Entry(attrs.size or 0, int(attrs.mtime or 0)))
            if kind == "d" and erel in listing.dirs:
                stack.append((rjoin(folder, name), erel))
    return listing


def scan_remote(conn: Connection, sftp: RawSftp | None, root: str, rules: ExcludeRules) -> Listing:
    """The remote tree under ``root``, one exec when the server's ``find`` allows it."""
    listing = _find_listing(conn, root)
    if listing is None:
        if conn.transport is None:
            raise SyncError(msg("SyncError", "Not connected."))
        own = sftp is None
        session = sftp or RawSftp(conn.transport)
        try:
            listing = _sftp_listing(session, root)
        except RemoteError as exc:
            raise SyncError(msg("SyncError", "Could not list {path} on the server: {error}", path=root, error=message_of(exc))) from None
        finally:
            if own:
                session.shutdown()
    return _prune(listing, rules)


def local_hashes(root: Path, rels: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for rel in rels:
        h = hashlib.sha256()
        try:
            with open(root / rel, "rb") as fh:
                while chunk := fh.read(1 << 20):
                    h.update(chunk)
        except OSError:
            continue
        out[rel] = h.hexdigest()
    return out


def remote_hashes(conn: Connection, root: str, rels: list[str]) -> dict[str, str] | None:
    """SHA-256 of many remote files in ONE exec (names go on stdin), or ``None`` without a tool."""
    if not rels:
        return {}
    cmd = (
        f"cd -- {shlex.quote(root)} || exit 3; "
        "if command -v sha256sum >/dev/null 2>&1; then H=sha256sum; "
        "elif command -v shasum >/dev/null 2>&1; then H='shasum -a 256'; else exit 127; fi; "
        "xargs -0 $H --"
    )
    names = b"".join(r.encode("utf-8", "surrogateescape") + b"\0" for r in rels)
    result = conn.exec(cmd, timeout=3600, stdin=names)
    if result.exit_code in (3, 127):
        return None
    out: dict[str, str] = {}
    for line in result.stdout.decode("utf-8", "surrogateescape").splitlines():
        digest, sep, name = line.partition("  ")
        if not sep:
            digest, sep, name = line.partition(" *")
        # sha256sum escapes names with a backslash or newline and marks the line with "\".
        if digest.startswith("\\"):
            digest = digest[1:]
            name = name.replace("\\n", "\n").replace("\\\\", "\\")
        if len(digest) == 64:
            out[name] = digest.lower()
    return out


def is_part(rel: str) -> bool:
    return rel.endswith(PART_SUFFIX)
