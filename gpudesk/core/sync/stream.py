"""Changed files in bulk: tar streams over exec channels instead of round trips per file.

Up: the files travel into a staging folder (``.gpudesk-sync-TOKEN.gpudesk-part`` in the sync
root); the last member of the stream is a small shell script that deletes what the plan
deletes, moves the staged files into place (one ``mv`` per folder, a new folder in one
rename), fixes times and removes the staging folder. The server runs it only when ``tar`` read
the whole stream without an error, so a cut leaves every old file as it was. A file that
changed while it was read is padded to the size its header promised and left in the staging
folder (so it is removed, and goes with the next sync).

Down: ``tar`` on the server packs the files we name (on stdin, NUL-separated); each member we
asked for is written here under its partial name, and renamed once the stream ended well.
"""

from __future__ import annotations

import os
import secrets
import stat
import tarfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.remote import nul_list, quote
from gpudesk.core.transfer.errors import ConnectionLost, TransferError, connection_lost, describe_local
from gpudesk.core.transfer.fastpipe import FastPipe
from gpudesk.core.transfer.modes import mode_of_open
from gpudesk.core.transfer.names import PART_SUFFIX

_BLOCK = 512
_RECORD = 20 * _BLOCK
_CHUNK = 256 * 1024
_WINDOW = 16 * 1024 * 1024  # our receive window for downloads: the server never waits on us
_MAX_PACKET = 256 * 1024 - 4096
_SEND_TIMEOUT = 120.0  # no window space for this long: the link is dead
_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
_SYNC_FROM = 1024 * 1024  # files from this size are flushed to disk before they take their name


class Progress:
    """Thread-safe byte counting and stop checks for the streams of one run."""

    def __init__(self, add: Callable[[int], None], check: Callable[[], None]) -> None:
        self._add = add
        self._check = check
        self._lock = threading.Lock()

    def add(self, n: int) -> None:
        with self._lock:
            self._add(n)

    def check(self) -> None:
        self._check()


@dataclass
class UpResult:
    sent: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    delete_failed: bool = False


def _pad(n: int) -> bytes:
    return b"\0" * (-n % _BLOCK)


def _header(name: str, size: int, mtime: int, mode: int, kind: bytes = tarfile.REGTYPE) -> bytes:
    info = tarfile.TarInfo(name)
    info.size = size if kind == tarfile.REGTYPE else 0
    info.mtime = max(0, mtime)
    info.mode = mode & 0o777
    info.type = kind
    return info.tobuf(tarfile.GNU_FORMAT, "utf-8", "surrogateescape")


class _Refused(Exception):
    """The server closed the channel while the link is fine: the command there ended early."""


class _Wire:
    """Collects the stream and sends it in large slices."""

    def __init__(self, chan: paramiko.Channel) -> None:
        self.chan = chan
        self.parts: list[bytes] = []
        self.size = 0
        self.total = 0

    def write(self, data: bytes) -> None:
        self.parts.append(data)
        self.size += len(data)
        self.total += len(data)
        if self.size >= _CHUNK:
            self.flush()

    def flush(self) -> None:
        if not self.parts:
            return
        data = b"".join(self.parts)
        self.parts, self.size = [], 0
        try:
            self.chan.sendall(data)
        except TimeoutError:
            raise ConnectionLost(msg("TransferError", "The server stopped taking data for {seconds:.0f} s while sending (timed out).",
                                     seconds=_SEND_TIMEOUT), silent=True) from None  # fmt: skip
        except (OSError, EOFError, paramiko.SSHException) as exc:
            transport = self.chan.get_transport()
            if transport is not None and transport.is_active() and self.chan.closed:
                raise _Refused() from None
            raise ConnectionLost(connection_lost(exc)) from None


class _Collector:
    """Reads a channel's stdout and stderr on threads (a command that writes much to stderr
    must never stall the stream we are sending)."""

    def __init__(self, chan: paramiko.Channel, stdout: bool = True, keep: int = 64 * 1024) -> None:
        self.out = bytearray()
        self.err = bytearray()
        self._keep = keep
        self._threads = [
            threading.Thread(target=self._pump, args=(chan.recv_stderr, self.err), daemon=True, name="gpudesk-sync-err")
        ]
        if stdout:
            self._threads.append(
                threading.Thread(target=self._pump, args=(chan.recv, self.out), daemon=True, name="gpudesk-sync-out")
            )
        for t in self._threads:
            t.start()

    def _pump(self, recv: Callable[[int], bytes], buf: bytearray) -> None:
        while True:
            try:
                chunk = recv(65536)
            except TimeoutError:
                continue
            except (OSError, EOFError, paramiko.SSHException):
                return
            if not chunk:
                return
            buf.extend(chunk)
            if len(buf) > self._keep:
                del buf[: len(buf) - self._keep]

    def join(self, timeout: float | None = None) -> None:
        for t in self._threads:
            t.join(timeout)

    @property
    def last_error(self) -> str:
        lines = bytes(self.err).decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""


def _exit_status(chan: paramiko.Channel, timeout: float) -> int:
    if not chan.status_event.wait(timeout):
        raise ConnectionLost(msg("TransferError", "The server stopped answering for {seconds:.0f} s (timed out).", seconds=timeout),
                             silent=True)  # fmt: skip
    return int(chan.recv_exit_status())


def touch_lines(items: list[tuple[str, int]]) -> bytes:
    """Set the times of files that did not change (POSIX ``touch -t``, in UTC)."""
    out = []
    for rel, mtime in items:
        if 0 <= mtime < 253402300800:  # what touch -t can say: years 1970 to 9999
            stamp = time.strftime("%Y%m%d%H%M.%S", time.gmtime(mtime)).encode()
            out.append(b"TZ=UTC0 touch -c -m -t " + stamp + b" -- " + quote(rel) + b" 2>/dev/null\n")
    return b"".join(out)


def delete_lines(files: list[str], dirs: list[str]) -> bytes:
    """Remove files (and report a failure), then folders that are empty now, deepest first."""
    out = []
    for i in range(0, len(files), 100):
        out.append(b"rm -f -- " + b" ".join(quote(f) for f in files[i : i + 100]) + b' || echo "x 0"\n')
    for d in dirs:
        out.append(b"rmdir -- " + quote(d) + b" 2>/dev/null\n")
    return b"".join(out)


@dataclass
class Unit:
    """Files that take their place together on the server.

    ``new``: a folder the server does not have; it is built in the staging folder and renamed
    into place whole. Otherwise: files of the existing folder ``path``, moved in with one ``mv``.
    """

    path: str  # relative folder, "" for the top
    new: bool
    dirs: list[str] = field(default_factory=list)  # new folders of a new unit, parents first
    files: list[str] = field(default_factory=list)
    odd: set[str] = field(default_factory=set)  # names the server holds as a link or folder: one by one
    size: int = 0


def units_for(files: list[str], size: Callable[[str], int], new_dirs: list[str], odd: set[str]) -> list[Unit]:
    """Group ``files`` by where they take their place: the topmost new folder above them, or
    the existing folder they are in. Empty new folders are units of their own."""
    new = set(new_dirs)
    units: dict[tuple[bool, str], Unit] = {}

    def top_new(rel: str) -> str | None:
        parts = rel.split("/")
        for n in range(1, len(parts) + 1):
            d = "/".join(parts[:n])
            if d in new:
                return d
        return None

    for d in new_dirs:  # parents first
        top = top_new(d)
        if top is not None:
            units.setdefault((True, top), Unit(top, True)).dirs.append(d)
    for rel in files:
        parent = rel.rpartition("/")[0]
        top = top_new(parent) if parent else None
        unit = (
            units.setdefault((True, top), Unit(top, True))
            if top is not None
            else units.setdefault((False, parent), Unit(parent, False))
        )
        unit.files.append(rel)
        unit.size += size(rel) + 4096  # creating a file costs something, whatever its size
        if rel in odd and not unit.new:
            unit.odd.add(rel)
    return list(units.values())


def _script(stage: bytes, units: list[Unit], index: dict[str, int], torn: set[str], missing: set[str],
            before: bytes, after: bytes) -> bytes:  # fmt: skip
    """The shell lines that put the staged files in place (run by the server after tar)."""
    out = [
        b"S=" + stage + b"\n",
        # Report (by number) files still in the staging folder: they did not take their place.
        b'c() { while [ $# -gt 1 ]; do if [ -e "$S/$2" ] || [ -L "$S/$2" ]; then echo "r $1"; fi; shift 2; done; }\n',
        # One by one: a folder of that name stays (its files are not ours to replace), a link
        # of that name is replaced by the file, never followed.
        b'o() { if [ -d "$2" ]; then echo "d $1"; else rm -f -- "$2" 2>/dev/null; mv -f -- "$S/$2" "$2" || echo "r $1"; fi; }\n',
        before,
    ]
    for rel in sorted(torn):
        out.append(b'rm -f -- "$S"/' + quote(rel) + b"\n")
    for unit in units:
        placed = [f for f in unit.files if f not in torn and f not in missing]
        if unit.new:
            pairs = b" ".join(str(index[f]).encode() + b" " + quote(f) for f in placed)
            target = quote("./" + unit.path)
            out.append(b"if [ -e " + target + b" ] || [ -L " + target + b" ]; then c " + pairs + b"; "
                       b'else mv -f -- "$S"/' + quote(unit.path) + b" " + target + b" || c " + pairs + b"; fi\n")  # fmt: skip
            continue
        plain = [f for f in placed if f not in unit.odd]
        folder = quote("./" + unit.path + "/" if unit.path else "./")
        for i in range(0, len(plain), 200):
            chunk = plain[i : i + 200]
            pairs = b" ".join(str(index[f]).encode() + b" " + quote(f) for f in chunk)
            out.append(
                b"mv -f -- "
                + b" ".join(b'"$S"/' + quote(f) for f in chunk)
                + b" "
                + folder
                + b" 2>/dev/null || c "
                + pairs
                + b"\n"
            )
        for f in sorted(unit.odd):
            if f in placed:
                out.append(b"o " + str(index[f]).encode() + b" " + quote(f) + b"\n")
    out.append(after)
    out.append(b'rm -rf -- "$S"\n')
    # Staging folders of runs that were cut off long ago.
    out.append(
        b"find . -maxdepth 1 -name '.gpudesk-sync-*"
        + PART_SUFFIX.encode()
        + b"' -mmin +1440 -exec rm -rf -- {} + 2>/dev/null\n"
    )
    out.append(b"exit 0\n")
    return b"".join(out)


def upload(
    conn: Connection,
    root: str,
    local_root: Path,
    units: list[Unit],
    before: bytes,
    after: bytes,
    create_root: bool,
    progress: Progress,
) -> UpResult:
    """Send the files of ``units`` (relative paths under ``local_root``) into ``root`` on the
    server in one exec. ``before`` (shell lines, e.g. deletes) runs before the files take their
    place, ``after`` (e.g. times) after."""
    result = UpResult()
    token = secrets.token_hex(8)
    stage_name = f".gpudesk-sync-{token}{PART_SUFFIX}"
    script_name = f".gpudesk-sync-{token}.sh{PART_SUFFIX}"
    q = quote(root)
    command = (
        (b"mkdir -p -- " + q + b" 2>/dev/null; " if create_root else b"")
        + b"cd -- "
        + q
        + b" || exit 3; tar xf - || exit 4; "
        + b"sh ./"
        + script_name.encode()
        + b"; r=$?; rm -f ./"
        + script_name.encode()
        + b"; exit $r"
    )
    files = [f for unit in units for f in unit.files]
    index = {rel: i for i, rel in enumerate(files)}
    torn: set[str] = set()
    missing: set[str] = set()
    chan = conn.open_channel()
    try:
        chan.settimeout(_SEND_TIMEOUT)
        chan.exec_command(command)
        collector = _Collector(chan)
        wire = _Wire(chan)
        try:
            code = _send_all(wire, chan, units, stage_name, script_name, local_root, index, torn, missing, before, after,
                             progress, result)  # fmt: skip
        except _Refused:
            code = _exit_status(chan, 30)
        collector.join(30)
    finally:
        chan.close()
    return _outcome(code, root, collector, files, torn, missing, result)


def _send_all(wire: _Wire, chan: paramiko.Channel, units: list[Unit], stage_name: str, script_name: str, local_root: Path,
              index: dict[str, int], torn: set[str], missing: set[str], before: bytes, after: bytes, progress: Progress,
              result: UpResult) -> int:  # fmt: skip
    """The stream itself: folders, files, the script, the end; returns the exit status."""
    now = int(time.time())
    wire.write(_header(stage_name, 0, now, 0o700, tarfile.DIRTYPE))
    for unit in units:
        for d in unit.dirs:
            wire.write(_header(f"{stage_name}/{d}", 0, now, 0o755, tarfile.DIRTYPE))
        for rel in unit.files:
            progress.check()
            changed = _send_file(wire, local_root, rel, f"{stage_name}/{rel}", progress, result)
            if changed is None:
                missing.add(rel)
            elif changed:
                torn.add(rel)
                result.warnings.append(
                    msg("SyncError", "{path} changed while it was being sent; it goes with the next sync.", path=rel)
                )
    body = _script(quote("./" + stage_name), units, index, torn, missing, before, after)
    wire.write(_header(script_name, len(body), now, 0o600))
    wire.write(body + _pad(len(body)))
    wire.write(b"\0" * (2 * _BLOCK))
    wire.write(b"\0" * (-wire.total % _RECORD))
    wire.flush()
    try:
        chan.shutdown_write()
    except (OSError, EOFError, paramiko.SSHException) as exc:
        raise ConnectionLost(connection_lost(exc)) from None
    return _exit_status(chan, 3600)


def _outcome(code: int, root: str, collector: _Collector, files: list[str], torn: set[str], missing: set[str],
             result: UpResult) -> UpResult:  # fmt: skip
    if code == 3:
        raise SyncError(
            msg("SyncError", "Could not create {path} on the server: {error}", path=root, error=collector.last_error)
        )
    if code != 0:
        error = collector.last_error or f"exit code {code}"
        raise TransferError(msg("TransferError", "tar on the server failed: {error}", error=error))
    failed: set[int] = set()
    notes: list[str] = []
    for line in bytes(collector.out).decode("ascii", "replace").splitlines():
        kind, _sep, number = line.partition(" ")
        if kind == "x":
            result.delete_failed = True
        elif kind in ("r", "d") and number.isdigit() and int(number) < len(files):
            n = int(number)
            failed.add(n)
            if kind == "d":
                notes.append(msg("SyncError", "Skipped {path}: the server has a folder of that name.", path=files[n]))
            else:
                notes.append(msg("SyncError", "Could not put {path} in place on the server.", path=files[n]))
    result.warnings.extend(notes[:20])
    if len(notes) > 20:
        result.warnings.append(
            msg("SyncError", "… and {count} more files that did not take their place.", count=len(notes) - 20)
        )
    result.sent = [rel for i, rel in enumerate(files) if i not in failed and rel not in torn and rel not in missing]
    return result


def _send_file(wire: _Wire, local_root: Path, rel: str, name: str, progress: Progress, result: UpResult) -> bool | None:
    """One member; returns whether the file changed while it was read (None: not sent)."""
    try:
        fd = os.open(local_root / rel, _OPEN)
    except OSError as exc:
        result.warnings.append(describe_local(exc, rel))
        return None
    with os.fdopen(fd, "rb", buffering=0) as fh:
        try:
            before = os.fstat(fd)
        except OSError as exc:
            result.warnings.append(describe_local(exc, rel))
            return None
        if not stat.S_ISREG(before.st_mode):
            result.warnings.append(msg("TransferError", "Skipped {path}: not a regular file.", path=rel))
            return None
        size = before.st_size
        # tar run as root keeps member modes: never world-writable, derived on Windows
        wire.write(_header(name, size, int(before.st_mtime), mode_of_open(fh, before.st_mode)))
        left = size
        torn = False
        while left > 0:
            try:
                chunk = fh.read(min(_CHUNK, left))
            except OSError:
                chunk = b""
            if not chunk:
                torn = True  # shorter than its header said: the promised size is padded
                wire.write(b"\0" * left)
                break
            wire.write(chunk)
            left -= len(chunk)
            progress.add(len(chunk))
        wire.write(_pad(size))
        try:
            after = os.fstat(fd)
        except OSError:
            torn = True
        else:
            torn = torn or after.st_size != size or after.st_mtime_ns != before.st_mtime_ns
    return torn


@dataclass
class Received:
    part: Path
    size: int
    mtime: int


@dataclass
class DownResult:
    received: dict[str, Received] = field(default_factory=dict)  # remote relative path -> its partial copy here
    code: int = 0
    error: str = ""


def download(conn: Connection, root: str, local_root: Path, files: dict[str, str], progress: Progress) -> DownResult:
    """Fetch ``files`` (remote relative path -> local relative path) from ``root`` as one tar
    stream into partial copies here; the caller renames them. Members we did not ask for,
    and anything but regular files, are ignored."""
    transport = conn.transport
    if transport is None:
        raise SyncError(msg("SyncError", "Not connected."))
    result = DownResult()
    wanted = {rrel: lrel for rrel, lrel in files.items()}
    try:
        chan = transport.open_session(window_size=_WINDOW, max_packet_size=_MAX_PACKET, timeout=60)
    except (paramiko.SSHException, EOFError, OSError) as exc:
        raise ConnectionLost(connection_lost(exc)) from None
    chan.in_buffer = FastPipe()  # before the command starts, so no data has arrived yet
    try:
        chan.settimeout(_SEND_TIMEOUT)
        chan.exec_command(b"cd -- " + quote(root) + b" || exit 3; tar cf - --null -T -")
        # "./" first: a name that starts with "-" is never read as an option.
        try:
            chan.sendall(nul_list(["./" + r for r in files]))
            chan.shutdown_write()
        except TimeoutError:
            raise
        except OSError as exc:
            # The command ended before it read the list (a server whose tar cannot run): the channel is
            # closed, the link is not. Nothing comes in this stream; the files come one by one.
            if not (chan.closed and transport.is_active()):
                raise ConnectionLost(connection_lost(exc)) from None
        err = _Collector(chan, stdout=False)
        reader = chan.makefile("rb", 1 << 20)
        with tarfile.open(fileobj=reader, mode="r|", errorlevel=1) as tf:
            for member in tf:
                progress.check()
                name = member.name[2:] if member.name.startswith("./") else member.name
                lrel = wanted.pop(name, None)
                if lrel is None or not member.isreg():
                    continue  # only what we asked for, once, and only regular files
                src = tf.extractfile(member)
                if src is None:
                    continue
                part = local_root / (lrel + PART_SUFFIX)
                _write(part, src, member.size, progress)
                with_time = max(0, int(member.mtime))
                try:
                    os.utime(part, (with_time, with_time))
                except (OSError, OverflowError):
                    pass
                result.received[name] = Received(part, member.size, with_time)
        result.code = _exit_status(chan, 3600)
        err.join(30)
        result.error = err.last_error
    except (tarfile.TarError, EOFError) as exc:
        if not conn.is_alive:
            raise ConnectionLost(msg("TransferError", "The connection was lost.")) from None
        result.code = -1
        result.error = str(exc)
    except TimeoutError:
        raise ConnectionLost(msg("TransferError", "The server stopped answering for {seconds:.0f} s (timed out).",
                                 seconds=_SEND_TIMEOUT), silent=True) from None  # fmt: skip
    except (paramiko.SSHException, ConnectionError) as exc:
        raise ConnectionLost(connection_lost(exc)) from None
    finally:
        chan.close()
    return result


def _write(part: Path, src: object, size: int, progress: Progress) -> None:
    try:
        if part.is_symlink():  # never write through a link, wherever it came from
            part.unlink()
        with os.fdopen(os.open(part, _CREATE, 0o666), "wb") as out:
            while chunk := src.read(_CHUNK):  # type: ignore[attr-defined]
                out.write(chunk)
                progress.add(len(chunk))
            if size >= _SYNC_FROM:
                out.flush()
                os.fsync(out.fileno())
    except OSError as exc:
        raise TransferError(describe_local(exc, str(part))) from None
