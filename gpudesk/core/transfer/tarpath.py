"""The small-file fast path: tar streams over exec channels instead of round trips per file.

Only regular files from a list we built ourselves are written, each to a path that was made
safe beforehand; links, devices and unknown members in the stream are ignored. The files land
in the folder's ``.gpudesk-part`` staging copy, which takes its real name only once every file
has been size-checked. They are not fsynced one by one (that would cost more than the copy);
the big files that go through SFTP are.
"""

from __future__ import annotations

import os
import shlex
import tarfile
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.transfer.errors import ConnectionLost, TransferError, connection_lost, describe_local
from gpudesk.core.transfer.fastpipe import FastPipe
from gpudesk.core.transfer.modes import mode_of_open

if TYPE_CHECKING:
    from gpudesk.core.transfer.files import Job
    from gpudesk.core.transfer.trees import LocalFile, RemoteFile

_has_tar: weakref.WeakKeyDictionary[Connection, bool] = weakref.WeakKeyDictionary()
_COPY = 256 * 1024


def remote_has_tar(conn: Connection) -> bool:
    if conn not in _has_tar:
        _has_tar[conn] = conn.exec("command -v tar >/dev/null 2>&1", timeout=30).exit_code == 0
    return _has_tar[conn]


def open_channel(conn: Connection) -> paramiko.Channel:
    """An exec channel whose receive buffer does not copy its backlog on every read."""
    chan = conn.open_channel()
    chan.in_buffer = FastPipe()  # before the command starts, so no data has arrived yet
    return chan


class _ChannelWriter:
    """Collects tarfile's 10 KiB records and sends them in large slices.

    (A large ``bufsize`` in tarfile itself re-slices its buffer on every write, which costs more
    than the whole transfer of small files.)
    """

    SLICE = 256 * 1024

    def __init__(self, chan: paramiko.Channel) -> None:
        self.chan = chan
        self.parts: list[bytes] = []
        self.size = 0

    def write(self, data: bytes) -> int:
        self.parts.append(bytes(data))
        self.size += len(data)
        if self.size >= self.SLICE:
            self.flush()
        return len(data)

    def flush(self) -> None:
        if not self.parts:
            return
        data = b"".join(self.parts)
        self.parts, self.size = [], 0
        try:
            self.chan.sendall(data)
        except (OSError, EOFError, paramiko.SSHException) as exc:
            raise ConnectionLost(connection_lost(exc)) from None


def _finish(chan: paramiko.Channel) -> None:
    err = bytearray()
    try:
        while chunk := chan.recv_stderr(65536):
            err.extend(chunk)
        code = chan.recv_exit_status()
    except (OSError, EOFError, paramiko.SSHException) as exc:
        raise ConnectionLost(connection_lost(exc)) from None
    finally:
        chan.close()
    if code != 0:
        text = err.decode("utf-8", "replace").strip().splitlines()
        if text:
            raise TransferError(msg("TransferError", "tar on the server failed: {error}", error=text[-1]))
        raise TransferError(msg("TransferError", "tar on the server failed: exit code {code}", code=code))


STREAMS = 3  # parallel tar streams: the far side creates files on several processes at once
_STREAM_MIN = 64  # below this many files one stream is as fast


def upload(job: Job, work: str, files: list[LocalFile], counted: set[str]) -> None:
    """Send ``files`` as tar streams unpacked in the remote folder ``work``.

    Creating thousands of files is what takes the time on the server, so the files are split
    over a few concurrent streams (each its own channel and ``tar`` process). The relative path
    of each file whose bytes went into progress is added to ``counted``.
    """
    n = STREAMS if len(files) >= _STREAM_MIN else 1
    groups = [files[i * len(files) // n : (i + 1) * len(files) // n] for i in range(n)]
    lock = threading.Lock()
    if n == 1:
        _upload_stream(job, work, groups[0], counted, lock)
        return
    with ThreadPoolExecutor(max_workers=n, thread_name_prefix="gpudesk-tar") as pool:
        futures = [pool.submit(_upload_stream, job, work, g, counted, lock) for g in groups]
        errors = [f.exception() for f in futures]
    for exc in errors:
        if exc is not None:
            raise exc


def _upload_stream(job: Job, work: str, files: list[LocalFile], counted: set[str], lock: threading.Lock) -> None:
    chan = open_channel(job.conn)
    chan.exec_command(f"cd -- {shlex.quote(work)} && tar xf -")
    try:
        writer = _ChannelWriter(chan)
        with tarfile.open(fileobj=writer, mode="w|", format=tarfile.GNU_FORMAT) as tf:  # type: ignore[call-overload]
            for f in files:
                job.check()
                try:
                    with open(f.path, "rb") as fh:
                        st = os.fstat(fh.fileno())
                        info = tarfile.TarInfo(f.rel)
                        info.size = st.st_size
                        info.mode = mode_of_open(fh, st.st_mode)  # tar as root keeps it: never world-writable
                        info.mtime = int(st.st_mtime)
                        tf.addfile(info, fh)
                except OSError as exc:
                    # The per-file pass after the stream sends (or reports) this one.
                    with lock:
                        job.warn(describe_local(exc, f.rel))
                    continue
                with lock:
                    job.meter.add(info.size)
                    counted.add(f.rel)
        writer.flush()
        chan.shutdown_write()
        _finish(chan)
    finally:
        chan.close()


def download(job: Job, parent: str, name: str, work: Path, files: list[RemoteFile], counted: set[str]) -> None:
    """Fetch ``files`` (under the remote ``parent/name``) as tar streams into ``work``."""
    n = STREAMS if len(files) >= _STREAM_MIN else 1
    groups = [files[i * len(files) // n : (i + 1) * len(files) // n] for i in range(n)]
    writer = _Writers()
    lock = threading.Lock()
    try:
        if n == 1:
            _download_stream(job, parent, name, work, groups[0], counted, writer, lock)
        else:
            with ThreadPoolExecutor(max_workers=n, thread_name_prefix="gpudesk-tar") as pool:
                futures = [
                    pool.submit(_download_stream, job, parent, name, work, g, counted, writer, lock) for g in groups
                ]
                errors = [f.exception() for f in futures]
            for exc in errors:
                if exc is not None:
                    raise exc
        writer.join()
        if writer.error is not None:
            raise TransferError(describe_local(writer.error, str(writer.error.filename or "")))
    finally:
        writer.join()


def _download_stream(
    job: Job, parent: str, name: str, work: Path, files: list[RemoteFile], counted: set[str], writer: _Writers,
    lock: threading.Lock,
) -> None:  # fmt: skip
    wanted = {f"{name}/{f.rel}": f for f in files}
    chan = open_channel(job.conn)
    chan.exec_command(f"cd -- {shlex.quote(parent)} && tar cf - --null -T -")
    try:
        names = b"".join(k.encode("utf-8", "surrogateescape") + b"\0" for k in wanted)
        chan.sendall(names)
        chan.shutdown_write()
        reader = chan.makefile("rb", 1 << 20)
        with tarfile.open(fileobj=reader, mode="r|", errorlevel=1) as tf:
            for member in tf:
                job.check()
                f = wanted.get(member.name)
                if f is None or not member.isreg():
                    continue  # only what we asked for, and only regular files
                target = work / f.local_rel
                src = tf.extractfile(member)
                if src is None:
                    continue
                if writer.error is not None:
                    raise TransferError(describe_local(writer.error, str(writer.error.filename or "")))
                if member.size <= _COPY:
                    writer.put(target, src.read())
                else:
                    _write_file(target, src)
                with lock:
                    job.meter.add(member.size)
                    counted.add(f.rel)
        _finish(chan)
    except (tarfile.TarError, EOFError) as exc:
        raise TransferError(msg("TransferError", "the tar stream broke off ({error})", error=str(exc))) from None
    except (OSError, paramiko.SSHException) as exc:
        if not job.conn.is_alive:
            raise ConnectionLost(msg("TransferError", "The connection was lost.")) from None
        raise TransferError(str(exc)) from None
    finally:
        chan.close()


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _create(target: Path) -> BinaryIO:
    """``target`` opened for writing, never through a link of that name (that is an error)."""
    return os.fdopen(os.open(target, _CREATE, 0o666), "wb")


def _write_file(target: Path, src: IO[bytes]) -> None:
    try:
        with _create(target) as out:
            while chunk := src.read(_COPY):
                out.write(chunk)
    except OSError as exc:
        raise TransferError(describe_local(exc, str(target))) from None


class _Writers:
    """Creates small files on a few threads: creating a file costs far more than writing 4 KiB,
    and the calls release the GIL, so the disk works while the stream is parsed."""

    def __init__(self, threads: int = 4, backlog: int = 256) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="gpudesk-untar")
        self._slots = threading.BoundedSemaphore(backlog)  # bounds the memory held in flight
        self.error: OSError | None = None

    def put(self, target: Path, data: bytes) -> None:
        self._slots.acquire()
        self._pool.submit(self._write, target, data)

    def _write(self, target: Path, data: bytes) -> None:
        try:
            if self.error is None:
                with _create(target) as out:
                    out.write(data)
        except OSError as exc:
            self.error = exc
        finally:
            self._slots.release()

    def join(self) -> None:
        self._pool.shutdown(wait=True)
