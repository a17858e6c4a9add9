"""A small SFTP v3 client on its own channel, built for throughput.

paramiko's ``SFTPFile`` sends 32 KiB requests and searches its prefetch buffers linearly,
which caps it at about half of OpenSSH here. This client packs requests with ``struct``,
keeps many large requests in flight, and reads the channel in big slices, so one Python
loop moves about as many bytes per second as OpenSSH's ``sftp``. Metadata calls are
plain request/response; it is used by one thread at a time.

A timeout or error in the middle of a request or reply leaves the byte stream out of step
(half a packet sent, or half a reply read), so the session is then dead: the channel is
closed at once and every later call raises :class:`ConnectionLost` without touching it. The
caller continues on a fresh session, from the partial copy.
"""

from __future__ import annotations

import stat as st
import struct
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, Protocol

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.errors import reason
from gpudesk.core.transfer.errors import FX_EOF, FX_OK, ConnectionLost, RemoteError, connection_lost
from gpudesk.core.transfer.fastpipe import FastPipe

if TYPE_CHECKING:
    from gpudesk.core.transfer.parallel import Stripe

INIT, VERSION, OPEN, CLOSE, READ, WRITE, LSTAT, FSTAT, SETSTAT = 1, 2, 3, 4, 5, 6, 7, 8, 9
OPENDIR, READDIR, REMOVE, MKDIR, RMDIR, REALPATH, STAT, RENAME, READLINK = 11, 12, 13, 14, 15, 16, 17, 18, 19
STATUS, HANDLE, DATA, NAME, ATTRS, EXTENDED, EXTENDED_REPLY = 101, 102, 103, 104, 105, 200, 201

O_READ, O_WRITE, O_APPEND, O_CREAT, O_TRUNC, O_EXCL = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20
A_SIZE, A_UIDGID, A_PERM, A_TIME, A_EXT = 0x1, 0x2, 0x4, 0x8, 0x80000000

# 16 MiB of reads in flight fill a loopback or WAN pipe; the channel window is larger so the
# server never waits on us.
WINDOW = 64 * 1024 * 1024
# The biggest SSH packet OpenSSH accepts is 256 KiB; large packets cut paramiko's per-packet cost.
MAX_PACKET = 256 * 1024 - 4096
DEFAULT_CHUNK = 32 * 1024  # what every server must accept when it does not state its limits
IN_FLIGHT_BYTES = 16 * 1024 * 1024
_POLL_S = 2.0
_U32 = struct.Struct(">I")
_U64 = struct.Struct(">Q")


@dataclass
class Attrs:
    size: int | None = None
    mode: int | None = None
    mtime: int | None = None
    uid: int | None = None
    gid: int | None = None

    @property
    def is_dir(self) -> bool:
        return self.mode is not None and st.S_ISDIR(self.mode)

    @property
    def is_link(self) -> bool:
        return self.mode is not None and st.S_ISLNK(self.mode)

    @property
    def is_file(self) -> bool:
        return self.mode is not None and st.S_ISREG(self.mode)


def _string(data: bytes) -> bytes:
    return _U32.pack(len(data)) + data


def _path(path: str) -> bytes:
    return _string(path.encode("utf-8", "surrogateescape"))


class _Reader:
    """Cursor over one response body."""

    __slots__ = ("data", "pos")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def u32(self) -> int:
        (v,) = _U32.unpack_from(self.data, self.pos)
        self.pos += 4
        return int(v)

    def u64(self) -> int:
        (v,) = _U64.unpack_from(self.data, self.pos)
        self.pos += 8
        return int(v)

    def string(self) -> bytes:
        n = self.u32()
        v = self.data[self.pos : self.pos + n]
        self.pos += n
        return v

    def attrs(self) -> Attrs:
        flags = self.u32()
        a = Attrs()
        if flags & A_SIZE:
            a.size = self.u64()
        if flags & A_UIDGID:
            a.uid, a.gid = self.u32(), self.u32()
        if flags & A_PERM:
            a.mode = self.u32()
        if flags & A_TIME:
            self.u32()
            a.mtime = self.u32()
        if flags & A_EXT:
            for _ in range(self.u32()):
                self.string()
                self.string()
        return a


def pack_attrs(mode: int | None = None, mtime: int | None = None) -> bytes:
    flags = 0
    out = b""
    if mode is not None:
        flags |= A_PERM
        out += _U32.pack(mode & 0o7777)
    if mtime is not None:
        flags |= A_TIME
        out += _U32.pack(mtime) + _U32.pack(mtime)
    return _U32.pack(flags) + out


class Sink(Protocol):
    """Where a download writes: a file opened for writing, or a wrapper around one."""

    def tell(self) -> int: ...

    def seek(self, pos: int, whence: int = 0, /) -> int: ...

    def write(self, data: bytes | memoryview, /) -> int: ...


class RawSftp:
    """An SFTP session on a fresh channel of ``transport``."""

    def __init__(self, transport: paramiko.Transport, timeout: float = 60.0, open_timeout: float | None = None) -> None:
        """``timeout``: seconds without an answer before the session counts as dead;
        ``open_timeout``: how long to wait for the channel itself (default: ``timeout``)."""
        self.timeout = timeout
        # Reads poll in short slices, so a dead transport is noticed quickly; never longer
        # than a fraction of the timeout, or a short timeout would be overshot.
        self._poll = min(_POLL_S, max(0.05, timeout / 4))
        self.dead: str | None = None  # why the session died; set once, never cleared
        wait = timeout if open_timeout is None else open_timeout
        chan: paramiko.Channel | None = None
        try:
            chan = transport.open_session(window_size=WINDOW, max_packet_size=MAX_PACKET, timeout=wait)
            chan.in_buffer = FastPipe()  # before any data can arrive on the channel
            chan.settimeout(self._poll)
            chan.invoke_subsystem("sftp")
        except (paramiko.SSHException, EOFError, OSError) as exc:
            if chan is not None:
                chan.close()
            # paramiko says "Timeout opening channel." when the link is silent.
            silent = isinstance(exc, TimeoutError) or "timeout" in str(exc).lower()
            raise ConnectionLost(
                msg("TransferError", "Could not start SFTP: {error}.", error=reason(exc)), silent=silent
            ) from None
        self.chan = chan
        self._next_id = 1
        self.extensions: dict[str, bytes] = {}
        self._send_raw(struct.pack(">IBI", 5, INIT, 3))
        # The limits question goes out with INIT (one round trip, not two); a server without
        # the extension answers it with "unsupported", and the safe chunk size stays.
        limits_id = self._send(EXTENDED, _string(b"limits@openssh.com"))
        # The sends waited for the server's first window (OpenSSH grants it once the subsystem
        # runs); from here to the answer is one round trip: how far the server is.
        started = time.monotonic()
        t, body = self._recv()
        self.rtt = time.monotonic() - started
        if t != VERSION:
            raise ConnectionLost(msg("TransferError", "The server's SFTP subsystem did not answer as expected."))
        r = _Reader(body)
        r.u32()
        while r.pos < len(body):
            name = r.string().decode("ascii", "replace")
            self.extensions[name] = r.string()
        self.max_read = self.max_write = DEFAULT_CHUNK
        t, rid, r = self._recv_reply()
        if rid == limits_id and t == EXTENDED_REPLY and "limits@openssh.com" in self.extensions:
            r.u64()  # max packet
            self.max_read = min(r.u64() or DEFAULT_CHUNK, 1 << 20)
            self.max_write = min(r.u64() or DEFAULT_CHUNK, 1 << 20)

    # -- wire ----------------------------------------------------------------
    def _fail(self, text: str, silent: bool = False) -> ConnectionLost:
        """Mark the session dead and close its channel; returns the error to raise.

        Nothing is ever sent on it again (not even a CLOSE for an open handle: the server
        drops the handles with the channel), so no call waits a second time on a link that
        already failed, nor reads a late reply as if it answered a new request.
        """
        if self.dead is None:
            self.dead = text
            self.shutdown()
        return ConnectionLost(text, silent=silent)

    def _check_alive(self) -> None:
        if self.dead is not None:
            raise ConnectionLost(self.dead)

    def _send_raw(self, data: bytes) -> None:
        self._check_alive()
        chan = self.chan
        chan.timeout = self.timeout  # a send may wait for window space; reads poll (settimeout, inlined)
        try:
            chan.sendall(data)
        except TimeoutError:
            # No window space for the whole timeout: the server took nothing; part of this
            # packet may be on its way, so the stream is out of step.
            raise self._fail(
                msg(
                    "TransferError",
                    "The server stopped taking data for {seconds:.0f} s while sending (timed out).",
                    seconds=self.timeout,
                ),
                silent=True,
            ) from None
        except (OSError, EOFError, paramiko.SSHException) as exc:
            raise self._fail(
                msg("TransferError", "The connection was lost while sending ({error}).", error=reason(exc))
            ) from None
        finally:
            chan.timeout = self._poll

    def _send(self, kind: int, payload: bytes, data: bytes = b"") -> int:
        rid = self._next_id
        self._next_id = (rid + 1) & 0xFFFFFFFF
        head = struct.pack(">IBI", len(payload) + len(data) + 5, kind, rid)
        # One join: a write request's data is copied once on its way to the channel.
        self._send_raw(b"".join((head, payload, data)) if data else head + payload)
        return rid

    def _read(self, n: int) -> bytes:
        """Exactly ``n`` bytes from the channel (one join of the packets that hold them)."""
        self._check_alive()
        parts = []
        waited = 0.0
        while n > 0:
            try:
                chunk = self.chan.recv(n)
            except TimeoutError:
                # Short polls notice a dead transport quickly even if it never closed this channel.
                waited += self._poll
                transport = self.chan.get_transport()
                if transport is None or not transport.is_active() or self.chan.closed:
                    raise self._fail(msg("TransferError", "The connection was lost.")) from None
                if waited >= self.timeout:
                    raise self._fail(
                        msg(
                            "TransferError",
                            "The server stopped answering for {seconds:.0f} s (timed out).",
                            seconds=self.timeout,
                        ),
                        silent=True,
                    ) from None
                continue
            except (OSError, EOFError, paramiko.SSHException) as exc:
                raise self._fail(connection_lost(exc)) from None
            if not chunk:
                raise self._fail(msg("TransferError", "The connection was lost (the SFTP channel closed)."))
            parts.append(chunk)
            n -= len(chunk)
        return parts[0] if len(parts) == 1 else b"".join(parts)

    def _recv(self) -> tuple[int, bytes]:
        (n,) = _U32.unpack(self._read(4))
        kind = self._read(1)[0]
        return kind, self._read(n - 1)

    def _recv_reply(self) -> tuple[int, int, _Reader]:
        kind, body = self._recv()
        r = _Reader(body)
        return kind, r.u32(), r

    def _call(self, kind: int, payload: bytes, path: str = "") -> tuple[int, _Reader]:
        rid = self._send(kind, payload)
        while True:
            t, got, r = self._recv_reply()
            if got == rid:
                break
        if t == STATUS:
            code = r.u32()
            text = r.string().decode("utf-8", "replace")
            if code != FX_OK:
                raise RemoteError(code, text, path)
        return t, r

    def batch(self, requests: list[tuple[int, bytes, str]]) -> list[_Reader | RemoteError]:
        """Send several requests at once and read all their replies: one round trip, not many.

        Each request is ``(kind, payload, path)``; each answer is the reply's reader (after the
        status code, for an OK status) or the :class:`RemoteError` it failed with, in order.
        The server handles them one after the other, as if sent one by one.
        """
        ids = [self._send(kind, payload) for kind, payload, _path in requests]
        got: dict[int, tuple[int, _Reader]] = {}
        while len(got) < len(ids):
            t, rid, r = self._recv_reply()
            if rid in ids:
                got[rid] = (t, r)
        out: list[_Reader | RemoteError] = []
        for rid, (_kind, _payload, path) in zip(ids, requests, strict=True):
            t, r = got[rid]
            if t == STATUS:
                code = r.u32()
                text = r.string().decode("utf-8", "replace")
                if code != FX_OK:
                    out.append(RemoteError(code, text, path))
                    continue
            out.append(r)
        return out

    def stat_many(self, paths: list[str]) -> list[Attrs | None]:
        """``exists`` for several paths in one round trip."""
        out: list[Attrs | None] = []
        for answer in self.batch([(STAT, _path(p), p) for p in paths]):
            if isinstance(answer, RemoteError):
                if answer.code != 2:
                    raise answer
                out.append(None)
            else:
                out.append(answer.attrs())
        return out

    def _extended(self, name: str, payload: bytes, path: str = "") -> _Reader:
        t, r = self._call(EXTENDED, _string(name.encode()) + payload, path)
        return r

    # -- metadata ------------------------------------------------------------
    def stat(self, path: str) -> Attrs:
        return self._call(STAT, _path(path), path)[1].attrs()

    def lstat(self, path: str) -> Attrs:
        return self._call(LSTAT, _path(path), path)[1].attrs()

    def exists(self, path: str) -> Attrs | None:
        try:
            return self.stat(path)
        except RemoteError as exc:
            if exc.code == 2:
                return None
            raise

    def realpath(self, path: str) -> str:
        r = self._call(REALPATH, _path(path), path)[1]
        r.u32()
        return r.string().decode("utf-8", "surrogateescape")

    def mkdir(self, path: str, mode: int = 0o755) -> None:
        self._call(MKDIR, _path(path) + pack_attrs(mode), path)

    def remove(self, path: str) -> None:
        self._call(REMOVE, _path(path), path)

    def rmdir(self, path: str) -> None:
        self._call(RMDIR, _path(path), path)

    def setstat(self, path: str, mode: int | None = None, mtime: int | None = None) -> None:
        self._call(SETSTAT, _path(path) + pack_attrs(mode, mtime), path)

    def rename(self, old: str, new: str) -> None:
        """Rename, replacing ``new`` atomically where the server can (posix-rename)."""
        if "posix-rename@openssh.com" in self.extensions:
            self._extended("posix-rename@openssh.com", _path(old) + _path(new), new)
            return
        try:
            self.remove(new)
        except RemoteError:
            pass
        self._call(RENAME, _path(old) + _path(new), new)

    def listdir(self, path: str) -> Iterator[tuple[str, Attrs]]:
        """Entries of ``path`` (without ``.``/``..``), names as the server sent them."""
        handle = self._call(OPENDIR, _path(path), path)[1].string()
        try:
            while True:
                t, r = self._call(READDIR, _string(handle), path)
                if t == STATUS:  # EOF: _call only returns a status when it is OK
                    return
                for _ in range(r.u32()):
                    name = r.string().decode("utf-8", "surrogateescape")
                    r.string()
                    attrs = r.attrs()
                    if name not in (".", ".."):
                        yield name, attrs
        except RemoteError as exc:
            if exc.code != FX_EOF:
                raise
        finally:
            self.close(handle)

    # -- files ---------------------------------------------------------------
    def open(self, path: str, flags: int, mode: int = 0o644) -> bytes:
        return self._call(OPEN, _path(path) + _U32.pack(flags) + pack_attrs(mode), path)[1].string()

    def close(self, handle: bytes) -> None:
        """Close ``handle``; on a dead session nothing is sent (the handle went with the channel)."""
        if self.dead is not None:
            return
        try:
            self._call(CLOSE, _string(handle))
        except RemoteError:
            pass

    def close_nowait(self, handle: bytes) -> None:
        """Close a handle whose answer does not matter (a file that was read): the request goes
        out and the next call skips its reply, so no round trip is spent waiting for it. A lost
        connection is not an error here (the next call on the session reports it)."""
        if self.dead is None:
            try:
                self._send(CLOSE, _string(handle))
            except ConnectionLost:
                pass

    def fstat(self, handle: bytes) -> Attrs:
        return self._call(FSTAT, _string(handle))[1].attrs()

    def fsync(self, handle: bytes) -> None:
        if "fsync@openssh.com" in self.extensions:
            # Flushing a large file on a slow disk may take minutes; that is not a dead link.
            saved, self.timeout = self.timeout, max(self.timeout, 900.0)
            try:
                self._extended("fsync@openssh.com", _string(handle))
            finally:
                self.timeout = saved

    def prepare_upload(
        self, remote: str, part: str, mode: int
    ) -> tuple[Attrs | None, Attrs | None, bytes | RemoteError]:
        """Stat ``remote`` and ``part`` and open ``part`` for writing (created if missing, never
        truncated), in one round trip.

        Returns both stats (None: missing) and the handle or the open's error. The caller
        closes the handle, and removes a part it did not want.
        """
        requests = [
            (STAT, _path(remote), remote),
            (STAT, _path(part), part),
            (OPEN, _path(part) + _U32.pack(O_WRITE | O_CREAT) + pack_attrs(mode), part),
        ]
        answers = self.batch(requests)
        stats: list[Attrs | None] = []
        for answer in answers[:2]:
            if isinstance(answer, RemoteError):
                if answer.code != 2:
                    raise answer
                stats.append(None)
            else:
                stats.append(answer.attrs())
        opened = answers[2]
        return stats[0], stats[1], opened if isinstance(opened, RemoteError) else opened.string()

    def open_and_chmod(self, path: str, flags: int, mode: int, new_mode: int) -> tuple[bytes, bool]:
        """Open ``path`` and set its mode to ``new_mode`` in one round trip; returns the handle and
        whether the mode was set (the open's error is raised)."""
        opened, chmod = self.batch([
            (OPEN, _path(path) + _U32.pack(flags) + pack_attrs(mode), path),
            (SETSTAT, _path(path) + pack_attrs(new_mode), path),
        ])  # fmt: skip
        if isinstance(opened, RemoteError):
            raise opened
        return opened.string(), not isinstance(chmod, RemoteError)

    def setstat_and_rename(self, old: str, new: str, mode: int | None, mtime: int | None) -> None:
        """``setstat(old)``, then ``rename(old, new)``, in the round trip of the rename.

        The server handles the two in order; the answer to the setstat is read and dropped
        while the rename waits for its own (keeping the time is a nicety, not a failure).
        """
        self._send(SETSTAT, _path(old) + pack_attrs(mode, mtime))
        self.rename(old, new)

    def finish_write(self, handle: bytes) -> Attrs:
        """Flush (where the server can), stat and close ``handle`` in one round trip; returns its attributes."""
        requests = [(FSTAT, _string(handle), ""), (CLOSE, _string(handle), "")]
        if "fsync@openssh.com" in self.extensions:
            requests.insert(0, (EXTENDED, _string(b"fsync@openssh.com") + _string(handle), ""))
        # Flushing a large file on a slow disk may take minutes; that is not a dead link.
        saved, self.timeout = self.timeout, max(self.timeout, 900.0)
        try:
            answers = self.batch(requests)
        finally:
            self.timeout = saved
        for answer in answers[:-1]:  # a failed close after a good flush and stat loses nothing
            if isinstance(answer, RemoteError):
                raise answer
        return answers[-2].attrs()  # type: ignore[union-attr]

    def upload(
        self,
        handle: bytes,
        src: BinaryIO,
        offset: int,
        on_bytes: Callable[[int], None],
        should_stop: Callable[[], BaseException | None],
        path: str = "",
    ) -> int:
        """Write ``src`` (from its current position) at ``offset`` onwards; returns the end offset."""
        chunk = self.max_write
        depth = max(4, IN_FLIGHT_BYTES // chunk)
        pending: dict[int, int] = {}
        hpart = _string(handle)
        eof = False
        error: BaseException | None = None
        while True:
            while not eof and error is None and len(pending) < depth:
                data = src.read(chunk)
                if not data:
                    eof = True
                    break
                pending[self._send(WRITE, hpart + _U64.pack(offset) + _U32.pack(len(data)), data)] = len(data)
                offset += len(data)
            if not pending:
                break
            t, rid, r = self._recv_reply()
            size = pending.pop(rid, None)
            if size is None:
                continue
            code = r.u32() if t == STATUS else -1
            if code != FX_OK:
                if error is None:
                    text = r.string().decode("utf-8", "replace") if t == STATUS else ""
                    error = RemoteError(code, text, path)
            else:
                on_bytes(size)  # requests already in flight when a stop came still count
                if error is None:
                    error = should_stop()
        if error is not None:
            raise error
        return offset

    def upload_ranges(
        self, handle: bytes, stripe: Stripe, read_at: Callable[[int, int], bytes], path: str = ""
    ) -> None:
        """Write the ranges ``stripe`` hands out until it has none left; other sessions may share it.

        Every acknowledged range is reported to the stripe; the first failure goes to it too, and
        then no new range is sent, but the replies to those in flight are still read.
        """
        hpart = _string(handle)
        depth = max(4, IN_FLIGHT_BYTES // self.max_write)
        pending: dict[int, tuple[int, int]] = {}
        chan = self.chan
        while True:
            while len(pending) < depth:
                if pending and chan.out_window_size < self.max_write + 64:
                    # The send would wait for the server's window: read replies first, or
                    # the ranges they acknowledge would hold back every channel's stripe.
                    break
                got = stripe.take(self.max_write, wait=not pending)
                if got is None:
                    break
                start, length = got
                try:
                    data = read_at(start, length)
                except BaseException as exc:  # noqa: BLE001 - a local read error ends the stripe
                    stripe.fail(exc)
                    break
                pending[self._send(WRITE, hpart + _U64.pack(start) + _U32.pack(length), data)] = (start, length)
            if not pending:
                return
            t, rid, r = self._recv_reply()
            req = pending.pop(rid, None)
            if req is None:
                continue
            code = r.u32() if t == STATUS else -1
            if code == FX_OK:
                stripe.done(req[0])
            else:
                text = r.string().decode("utf-8", "replace") if t == STATUS else ""
                stripe.fail(RemoteError(code, text, path))

    def download(
        self,
        handle: bytes,
        out: Sink,
        offset: int,
        end: int,
        on_bytes: Callable[[int], None],
        should_stop: Callable[[], BaseException | None],
        path: str = "",
    ) -> None:
        """Read ``[offset, end)`` into ``out`` (positioned writes); the file must not shrink."""
        chunk = self.max_read
        depth = max(4, IN_FLIGHT_BYTES // chunk)
        hpart = _string(handle)
        pending: dict[int, tuple[int, int]] = {}
        gaps: deque[tuple[int, int]] = deque()
        error: BaseException | None = None
        pos = out.tell()
        while True:
            while error is None and len(pending) < depth and (gaps or offset < end):
                if gaps:
                    start, length = gaps.popleft()
                else:
                    start, length = offset, min(chunk, end - offset)
                    offset += length
                pending[self._send(READ, hpart + _U64.pack(start) + _U32.pack(length))] = (start, length)
            if not pending:
                break
            t, rid, r = self._recv_reply()
            req = pending.pop(rid, None)
            if req is None:
                continue
            start, length = req
            if t == DATA and error is not None and not isinstance(error, RemoteError):
                # Stopped (pause/cancel): keep the data already on its way so the partial file
                # stays contiguous, but ask for nothing more.
                if start == pos:
                    n = r.u32()
                    out.write(memoryview(r.data)[r.pos : r.pos + n])
                    pos += n
                    on_bytes(n)
                continue
            if error is not None:
                continue
            if t == DATA:
                n = r.u32()
                if pos != start:
                    out.seek(start)
                out.write(memoryview(r.data)[r.pos : r.pos + n])
                pos = start + n
                if n < length:  # a short read: ask again for the rest
                    gaps.append((start + n, length - n))
                on_bytes(n)
                error = should_stop()
            else:
                code = r.u32() if t == STATUS else -1
                text = r.string().decode("utf-8", "replace") if t == STATUS else ""
                if code == FX_EOF:
                    error = RemoteError(FX_EOF, "the remote file shrank while it was being copied", path)
                else:
                    error = RemoteError(code, text, path)
        if error is not None:
            raise error

    def shutdown(self) -> None:
        try:
            self.chan.close()
        except Exception:  # noqa: BLE001 - closing must never raise
            pass


__all__ = ["Attrs", "RawSftp"]
