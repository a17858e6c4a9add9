"""Both sides of a sync as flat listings: a local walk, and the remote tree in one exec.

The remote side is listed with one ``find -printf`` (thousands of SFTP stats would cost a
round trip each); servers whose ``find`` lacks ``-printf`` (busybox, BSD) fall back to an SFTP
walk. Content hashes of many files come from one ``sha256sum`` run fed on stdin.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import paramiko

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.excludes import ExcludeRules
from gpudesk.core.sync.remote import nul_list, quote, run
from gpudesk.core.transfer.errors import RemoteError
from gpudesk.core.transfer.longpath import shown
from gpudesk.core.transfer.names import PART_SUFFIX, rjoin, valid_rel
from gpudesk.core.transfer.rawsftp import RawSftp


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


def prune(listing: Listing, rules: ExcludeRules) -> Listing:
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
        raise SyncError(msg("SyncError", "{path} is not a folder.", path=shown(root)))
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


PROBE_TAG = b"gpudesk-sync1"
_MTIME_MAX = 1 << 40  # seconds; beyond any real clock, and within what os.utime and tar take


@dataclass
class RemoteSide:
    """What one exec tells about the server: its tree, its tools and where ``~`` is."""

    root: str  # the folder, ``~`` and relative paths resolved
    listing: Listing | None  # None: the listing could not be read that way (walk by SFTP)
    tools: str = ""  # "t": tar, "h": a SHA-256 tool; "?" unknown
    gitignore: bytes | None = None


def _root_word(remote: str) -> tuple[bytes, str | None]:
    """The shell word to ``cd`` to, and the rest below the home folder (None: absolute)."""
    remote = remote.strip()
    if remote.startswith("/"):
        return quote(remote), None
    rest = remote[1:].lstrip("/") if remote.startswith("~") else remote
    return (quote(rest) if rest else b"."), rest


def probe_command(remote: str, gitignore: bool) -> bytes:
    """One exec: tools, home, the whole tree (``find -printf``, NUL-separated) and the
    ``.gitignore`` text, framed so no file name can pass for the frame."""
    word, _rest = _root_word(remote)
    return (
        b"H=$(pwd); C=; command -v tar >/dev/null 2>&1 && C=t; "
        b"if command -v sha256sum >/dev/null 2>&1 || command -v shasum >/dev/null 2>&1; then C=${C}h; fi; "
        b"printf '" + PROBE_TAG + b'/%s/%s\\0\' "$C" "$H"; '
        b"cd -- " + word + b" 2>/dev/null || exit 3; "
        b"find . -mindepth 1 \\( -type f -o -type d -o -type l \\) -printf '%y/%s/%T@/%P\\0'; "
        b"printf '=/%s\\0' $?; "
        + (b"head -c " + str(GITIGNORE_MAX + 1).encode() + b" -- .gitignore 2>/dev/null; " if gitignore else b"")
        + b"exit 0"
    )


GITIGNORE_MAX = 1024 * 1024  # git, too, refuses pattern files beyond a size


def parse_probe(remote: str, code: int, out: bytes) -> RemoteSide:
    """Read a probe's output as hostile: any record that is not what ``find`` prints makes the
    listing unusable (an SFTP walk follows); names are checked by :func:`_add`."""
    head, _sep, rest = out.partition(b"\0")
    _word, below = _root_word(remote)
    parts = head.split(b"/", 2)
    if len(parts) != 3 or parts[0] != PROBE_TAG:
        return RemoteSide(remote.strip(), None, "?")
    tools = "".join(c for c in parts[1].decode("ascii", "replace") if c in "th")
    home = parts[2].decode("utf-8", "surrogateescape").strip() or "."
    root = remote.strip() if below is None else (f"{home.rstrip('/')}/{below}".rstrip("/") if below else home)
    if code == 3:
        return RemoteSide(root, Listing({}, set(), exists=False), tools)
    if code != 0:
        return RemoteSide(root, None, tools)
    pos = 0 if rest.startswith(b"=/") else rest.find(b"\0=/") + 1
    if pos == 0 and not rest.startswith(b"=/"):
        return RemoteSide(root, None, tools)
    body, trailer = rest[:pos], rest[pos:]
    status, _sep, gitignore = trailer[2:].partition(b"\0")
    if status != b"0":
        return RemoteSide(root, None, tools, gitignore)  # no usable find: walk by SFTP
    listing = Listing({}, set())
    for record in body.split(b"\0"):
        if not record:
            continue
        fields = record.split(b"/", 3)
        if len(fields) != 4 or not fields[1].isdigit():
            return RemoteSide(root, None, tools, gitignore)
        kind, size, mtime_b, rel_b = fields
        try:
            mtime = float(mtime_b)
        except ValueError:
            return RemoteSide(root, None, tools, gitignore)
        if not -_MTIME_MAX < mtime < _MTIME_MAX:  # also NaN
            return RemoteSide(root, None, tools, gitignore)
        _add(
            listing,
            kind.decode("ascii", "replace"),
            rel_b.decode("utf-8", "surrogateescape"),
            Entry(int(size), int(mtime)),
        )
    return RemoteSide(root, listing, tools, gitignore)


def probe_remote(
    conn: Connection, remote: str, gitignore: bool = False, chan: paramiko.Channel | None = None
) -> RemoteSide:
    """The remote side in one exec (``gitignore``: also bring the folder's ``.gitignore``)."""
    result = run(conn, probe_command(remote, gitignore), timeout=600, chan=chan)
    return parse_probe(remote, result.code, result.stdout)


def _add(listing: Listing, kind: str, rel: str, entry: Entry) -> None:
    if not valid_rel(rel):
        listing.warnings.append(
            msg("SyncError", "Left out {path}: the server listed a name no folder can hold.", path=repr(rel))
        )
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


def walk_remote(conn: Connection, sftp: RawSftp | None, root: str) -> Listing:
    """The tree under ``root`` by SFTP, one request per folder (for servers without GNU find)."""
    if conn.transport is None:
        raise SyncError(msg("SyncError", "Not connected."))
    own = sftp is None
    session = sftp or RawSftp(conn.transport)
    try:
        return _sftp_listing(session, root)
    except RemoteError as exc:
        raise SyncError(
            msg("SyncError", "Could not list {path} on the server: {error}", path=root, error=message_of(exc))
        ) from None
    finally:
        if own:
            session.shutdown()


def scan_remote(conn: Connection, sftp: RawSftp | None, root: str, rules: ExcludeRules) -> Listing:
    """The remote tree under ``root``, one exec when the server's ``find`` allows it."""
    listing = probe_remote(conn, root).listing
    if listing is None:
        listing = walk_remote(conn, sftp, root)
    return prune(listing, rules)


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


_INLINE_MAX = 32 * 1024  # bytes of names put in a command line (the limit of one argument is 128 KiB)
_UNESCAPE = {b"n": b"\n", b"r": b"\r", b"\\": b"\\"}


def _unescape(name: bytes) -> bytes:
    """Undo sha256sum's escapes of a name (``\\n``, ``\\r``, ``\\\\``); other bytes stay."""
    out = bytearray()
    i = 0
    while i < len(name):
        if name[i : i + 1] == b"\\" and name[i + 1 : i + 2] in _UNESCAPE:
            out += _UNESCAPE[name[i + 1 : i + 2]]
            i += 2
        else:
            out += name[i : i + 1]
            i += 1
    return bytes(out)


def parse_hashes(stdout: bytes) -> dict[str, str]:
    """``sha256sum`` lines (names may hold any byte but NUL; a name with a newline, carriage
    return or backslash is escaped and its line starts with ``\\``)."""
    out: dict[str, str] = {}
    for line in stdout.split(b"\n"):
        escaped = line.startswith(b"\\")
        if escaped:
            line = line[1:]
        digest, sep, name = line.partition(b"  ")
        if not sep:
            digest, sep, name = line.partition(b" *")
        if not sep or len(digest) != 64 or not all(c in b"0123456789abcdefABCDEF" for c in digest):
            continue
        if escaped:
            name = _unescape(name)
        out[name.decode("utf-8", "surrogateescape")] = digest.decode("ascii").lower()
    return out


def remote_hashes(
    conn: Connection, root: str, rels: list[str], chan: paramiko.Channel | None = None
) -> dict[str, str] | None:
    """SHA-256 of many remote files in ONE exec (names go on stdin), or ``None`` without a tool."""
    if not rels:
        if chan is not None:
            chan.close()
        return {}
    words = [quote(r) for r in rels]
    inline = sum(len(w) + 1 for w in words) <= _INLINE_MAX
    cmd = (
        b"cd -- " + quote(root) + b" || exit 3; "
        b"if command -v sha256sum >/dev/null 2>&1; then H=sha256sum; "
        b"elif command -v shasum >/dev/null 2>&1; then H='shasum -a 256'; else exit 127; fi; "
        # A short list rides in the command itself: no wait for the server's go-ahead to send it.
         + (b"printf '%s\\0' " + b" ".join(words) + b" | " if inline else b"") + b"xargs -0 $H --"
    )
    # Each name is asked for once; the answer has at most one line of bounded length per name.
    limit = sum(len(w) * 2 + 80 for w in words) + 4096
    result = run(conn, cmd, stdin=None if inline else nul_list(rels), timeout=3600, limit=limit, chan=chan)
    if result.code in (3, 127):
        return None
    return parse_hashes(result.stdout)


def remote_prefix_hashes(conn: Connection, root: str, sizes: dict[str, int]) -> dict[str, str]:
    """SHA-256 of the first ``size`` bytes of each named remote file (one exec; names in the
    command line, as many as fit); empty without a hash tool."""
    lines = []
    names = list(sizes)
    total = 0
    for i, rel in enumerate(names):
        word = quote(rel)
        total += len(word) + 32
        if total > _INLINE_MAX:
            break
        lines.append(b"h " + str(i).encode() + b" " + str(max(0, sizes[rel])).encode() + b" " + word + b"\n")
    cmd = (
        b"cd -- " + quote(root) + b" || exit 3\n"
        b"if command -v sha256sum >/dev/null 2>&1; then H=sha256sum; "
        b"elif command -v shasum >/dev/null 2>&1; then H='shasum -a 256'; else exit 127; fi\n"
        b'h() { d=$(head -c "$2" -- "$3" 2>/dev/null | $H) && echo "$1 ${d%% *}"; }\n' + b"".join(lines) + b"exit 0\n"
    )
    result = run(conn, cmd, timeout=3600, limit=len(lines) * 100 + 4096)
    out: dict[str, str] = {}
    if result.code != 0:
        return out
    for line in result.stdout.decode("ascii", "replace").splitlines():
        number, _sep, digest = line.partition(" ")
        if number.isdigit() and int(number) < len(names) and len(digest) == 64:
            out[names[int(number)]] = digest.lower()
    return out


def is_part(rel: str) -> bool:
    return rel.endswith(PART_SUFFIX)
