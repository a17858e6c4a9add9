"""One file up or down: partial name, resume with overlap check, size and SHA-256 verification."""

from __future__ import annotations

import errno
import io
import os
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.transfer import conflict as C
from gpudesk.core.transfer.errors import FX_FAILURE, Cancelled, RemoteError, TransferError, VerifyFailed, describe_local
from gpudesk.core.transfer.locked import is_locked, retry_locked
from gpudesk.core.transfer.longpath import extended, shown
from gpudesk.core.transfer.modes import mode_of_path
from gpudesk.core.transfer.names import PART_SUFFIX, rbase, rjoin, rparent, unique_name
from gpudesk.core.transfer.parallel import ChannelPool, channels_for, safe_resume_point, upload_parallel
from gpudesk.core.transfer.progress import Meter
from gpudesk.core.transfer.rawsftp import O_CREAT, O_READ, O_TRUNC, O_WRITE, Attrs, RawSftp
from gpudesk.core.transfer.verify import local_sha256, remote_sha256

# The tail of a partial file that is compared with the source before resuming; with the
# SHA-256 check that every resumed file gets at the end, a wrong prefix cannot slip through.
OVERLAP = 1024 * 1024


@dataclass
class Job:
    """What a running item gives the file and tree functions."""

    conn: Connection
    sftp: RawSftp
    meter: Meter
    stop: Callable[[], BaseException | None]
    warn: Callable[[str], None]
    ask: Callable[[C.Conflict], str]
    verify: bool = False
    resumed: list[str] = field(default_factory=list)
    # Files of a folder item already copied in an earlier run of the same item (paused, cut),
    # so resuming a merge into an existing folder does not ask about them again.
    completed: set[str] = field(default_factory=set)
    # SFTP channels for one big upload: None chooses by the link's round trip (several when far).
    channels: int | None = None
    # Spare channels kept between files (the queue's); without one, each big file opens its own.
    pool: ChannelPool | None = None

    def check(self) -> None:
        err = self.stop()
        if err is not None:
            raise err


def _local_error(exc: OSError, path: Path | str) -> TransferError:
    return TransferError(describe_local(exc, str(path)))  # describe_local shows the user's form of the path


class _Window(io.BytesIO):
    """A memory buffer that stands for the file region starting at ``base``."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def tell(self) -> int:
        return super().tell() + self.base

    def seek(self, pos: int, whence: int = 0) -> int:
        return super().seek(pos - self.base if whence == 0 else pos, whence) + self.base


def _read_remote(sftp: RawSftp, path: str, start: int, length: int) -> bytes:
    buf = _Window(start)
    h = sftp.open(path, O_READ)
    try:
        sftp.download(h, buf, start, start + length, lambda n: None, lambda: None, path)
    finally:
        sftp.close(h)
    return buf.getvalue()


def _read_local(path: Path, start: int, length: int) -> bytes:
    with open(path, "rb") as fh:
        fh.seek(start)
        return fh.read(length)


class _EarlyWriteback:
    """A file wrapper that starts the disk writing behind the download.

    The final fsync (the copy must be on disk before it takes the real name) would otherwise
    wait for every byte at the very end; asking the kernel to write finished stretches early
    spreads that work over the transfer and keeps the page cache from filling up.
    """

    STEP = 32 * 1024 * 1024

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.fd = raw.fileno()
        self.flushed = raw.tell()
        self.enabled = hasattr(os, "posix_fadvise")

    def tell(self) -> int:
        return self.raw.tell()

    def seek(self, pos: int, whence: int = 0) -> int:
        return self.raw.seek(pos, whence)

    def write(self, data: bytes | memoryview) -> int:
        n = self.raw.write(data) or 0
        if self.enabled:
            pos = self.raw.tell()
            if pos - self.flushed >= self.STEP:
                # On Linux DONTNEED starts writeback of the dirty range without waiting for it.
                os.posix_fadvise(self.fd, self.flushed, pos - self.flushed, os.POSIX_FADV_DONTNEED)
                self.flushed = pos
        return n


def _overlap_ok(job: Job, local: Path, remote: str, length: int) -> bool:
    start = max(0, length - OVERLAP)
    n = length - start
    try:
        return _read_remote(job.sftp, remote, start, n) == _read_local(local, start, n)
    except (OSError, RemoteError):
        return False


def upload_file(job: Job, local: Path, remote: str, overwrite: bool = False) -> str:
    """Copy ``local`` to ``remote`` through ``remote.gpudesk-part``; returns "done" or "skipped"."""
    local = extended(local)  # deeper than Windows' 260 characters still opens
    try:
        st = local.stat()
    except OSError as exc:
        raise _local_error(exc, local) from None
    pool = job.pool
    if channels_for(job.sftp.rtt, st.st_size, job.channels) > 1:
        # Far away: spare channels start opening now, while this one asks its questions.
        pool = pool or ChannelPool(job.sftp.chan.get_transport(), job.sftp.timeout)
        pool.want(channels_for(job.sftp.rtt, st.st_size, job.channels) - 1)
    try:
        return _upload_file(job, local, st, remote, overwrite, pool)
    finally:
        if pool is not None and pool is not job.pool:
            pool.close()


def _upload_file(
    job: Job, local: Path, st: os.stat_result, remote: str, overwrite: bool, pool: ChannelPool | None
) -> str:
    sftp = job.sftp
    size = st.st_size
    mode = mode_of_path(local, st.st_mode)  # never world-writable; derived on Windows
    part = remote + PART_SUFFIX
    # One round trip asks about both names and opens the partial copy (never truncating it):
    # the common case then sends data at once; the rare ones below undo the open.
    t0 = time.monotonic()
    existing, pattr, spec = sftp.prepare_upload(remote, part, mode)
    rtt = min(sftp.rtt, time.monotonic() - t0)  # the lower of two round trips: less noise from a busy machine
    handle: bytes | None = None if isinstance(spec, RemoteError) else spec

    def undo() -> None:
        """Close the speculative handle; remove the part it created."""
        nonlocal handle
        if handle is not None:
            sftp.close(handle)
            handle = None
            if pattr is None:
                try:
                    sftp.remove(part)
                except RemoteError:
                    pass

    try:
        if existing is not None and _sent_before(job, local, remote, existing, size, int(st.st_mtime), pattr):
            undo()
            job.meter.add(size)
            return "done"
        if existing is not None and not overwrite:
            if existing.is_dir:
                raise TransferError(
                    msg("TransferError", "A folder with this name already exists on the server ({path}).", path=remote)
                )
            esize = existing.size or 0
            choice = job.ask(C.Conflict("upload", shown(local), remote, size, esize, existing.mtime, 0 < esize < size))
            if choice in (C.SKIP, C.RENAME, C.RESUME):
                undo()  # another name, or the old file becomes the partial copy
            if choice == C.SKIP:
                job.meter.add(size)
                return "skipped"
            if choice == C.CANCEL:
                raise Cancelled("Cancelled.")
            if choice == C.RENAME:
                folder = rparent(remote)
                remote = rjoin(
                    folder, unique_name(rbase(remote), exists=lambda c: sftp.exists(rjoin(folder, c)) is not None)
                )
                part = remote + PART_SUFFIX
                pattr = sftp.exists(part)
            elif choice == C.RESUME:
                sftp.rename(remote, part)
                pattr = sftp.exists(part)
        offset = 0
        if pattr is not None and pattr.is_file and 0 < (pattr.size or 0) <= size:
            # A copy written by several channels may hold holes near its end: resume below them.
            resume_at = safe_resume_point(pattr.size or 0, pattr.mode)
            if resume_at and _overlap_ok(job, local, part, resume_at):
                offset = resume_at
            elif resume_at:
                job.warn(
                    msg(
                        "TransferError",
                        "The partial copy of {name} on the server did not match; starting over.",
                        name=local.name,
                    )
                )
        channels = channels_for(rtt, size - offset, job.channels) if pool is not None else 1
        if handle is not None and offset == 0 and pattr is not None and (pattr.size or 0) > 0:
            sftp.close(handle)  # starting over: the old bytes must go (a reopen truncates)
            handle = None
        if handle is None:
            handle = sftp.open(part, O_WRITE | O_CREAT | (0 if offset else O_TRUNC), mode)
    except BaseException:
        undo()  # nothing was sent yet: leave no handle and no new partial copy behind
        raise
    assert handle is not None
    open_handle: bytes | None = handle
    try:
        try:
            src = retry_locked(lambda: open(local, "rb"))  # noqa: SIM115 - closed below
        except OSError as exc:
            raise _local_error(exc, local) from None
        with src:
            src.seek(offset)
            job.meter.add(offset)
            try:
                if channels > 1 and pool is not None:
                    end = upload_parallel(sftp, handle, part, mode, local, offset, size, channels, pool,
                                          job.meter.add, job.stop, remote)  # fmt: skip
                    if local.stat().st_size != size:
                        end = -1  # grew or shrank meanwhile: the size check below says so
                else:
                    end = sftp.upload(handle, src, offset, job.meter.add, job.stop, remote)
            except OSError as exc:
                raise _local_error(exc, local) from None
            except RemoteError as exc:
                if exc.code == FX_FAILURE and _remote_disk_full(job, rparent(remote), size - offset):
                    sftp.close(handle)
                    open_handle = None
                    sftp.remove(part)  # a partial that fills the disk would fail every later item
                    raise TransferError(
                        msg(
                            "TransferError",
                            "The server's disk is full ({path}). Free some space there and retry.",
                            path=rparent(remote),
                        )
                    ) from None
                raise
        open_handle = None  # closed by finish_write whatever it answers
        got = sftp.finish_write(handle).size
    finally:
        if open_handle is not None:
            sftp.close(open_handle)
    if end != size:
        raise TransferError(
            msg(
                "TransferError",
                "{name} changed size while it was being uploaded; retry when it is complete.",
                name=local.name,
            )
        )
    _finish_upload(job, local, part, remote, size, int(st.st_mtime), mode, resumed=offset > 0, got=got)
    return "done"


def _sent_before(
    job: Job, local: Path, remote: str, existing: Attrs, size: int, mtime: int, part: Attrs | None
) -> bool:
    """Whether ``remote`` is this upload, already finished: then nothing is asked and nothing sent.

    A cut after the server renamed the partial copy to its real name, but before its answer
    came back, leaves no partial copy and a final file. That file has the source's size and
    the time the upload gave it just before the rename; the SHA-256 of both sides decides
    (``sha256sum``/``shasum`` on the server). Size and time are checked first, so files that
    differ are never hashed. Without a hash tool on the server the file is not taken for
    finished, and the usual question (or overwrite) follows.
    """
    if not existing.is_file or existing.size != size or existing.mtime != mtime:
        return False
    if part is not None:
        return False  # a partial copy beside it: another transfer is (or was) at work
    have = remote_sha256(job.conn, remote)
    return have is not None and have == local_sha256(local)


def _remote_disk_full(job: Job, folder: str, need: int) -> bool:
    """SFTP v3 reports a full disk as a bare "Failure"; ask ``df`` whether that is what happened."""
    try:
        result = job.conn.exec(f"df -Pk -- {shlex.quote(folder)}", timeout=30)
        avail_kib = int(result.out.splitlines()[-1].split()[3])
    except Exception:  # noqa: BLE001 - only a better message is at stake
        return False
    return avail_kib * 1024 < need


def _finish_upload(job: Job, local: Path, part: str, remote: str, size: int, mtime: int, mode: int, resumed: bool,
                   got: int | None) -> None:  # fmt: skip
    if got != size:
        raise VerifyFailed(
            msg(
                "TransferError",
                "Size check failed for {name}: the server has {got} bytes, expected {size}.",
                name=local.name,
                got=got,
                size=size,
            )
        )
    if job.verify or resumed:
        want = local_sha256(local)
        have = remote_sha256(job.conn, part)
        if have is None:
            job.warn(
                msg(
                    "TransferError",
                    "The server has no sha256sum/shasum; {name} was checked by size only.",
                    name=local.name,
                )
            )
        elif have != want:
            job.sftp.remove(part)
            raise VerifyFailed(
                msg(
                    "TransferError",
                    "SHA-256 check failed for {name}; the copy was removed. Retry the transfer.",
                    name=local.name,
                )
            )
        if resumed:
            job.resumed.append(remote)
    # The mode also drops the parallel writers' MARK; keeping the time is a nicety, not a failure.
    job.sftp.setstat_and_rename(part, remote, mode=mode & 0o777, mtime=mtime)


def download_file(job: Job, remote: str, attrs: Attrs, local: Path, overwrite: bool = False) -> str:
    """Copy ``remote`` to ``local`` through ``local.gpudesk-part``; returns "done" or "skipped"."""
    local = extended(local)  # deeper than Windows' 260 characters still opens
    size = attrs.size or 0
    if local.exists() and not overwrite:
        if local.is_dir():
            raise TransferError(
                msg("TransferError", "A folder with this name already exists here ({path}).", path=shown(local))
            )
        est = local.stat()
        choice = job.ask(
            C.Conflict("download", remote, shown(local), size, est.st_size, int(est.st_mtime), 0 < est.st_size < size)
        )
        if choice == C.SKIP:
            job.meter.add(size)
            return "skipped"
        if choice == C.CANCEL:
            raise Cancelled("Cancelled.")
        if choice == C.RENAME:
            local = local.with_name(unique_name(local.name, exists=lambda c: (local.parent / c).exists()))
        elif choice == C.RESUME:
            os.replace(local, local.with_name(local.name + PART_SUFFIX))
    part = local.with_name(local.name + PART_SUFFIX)
    offset = 0
    try:
        if part.is_symlink():  # never write through a link, wherever it came from
            part.unlink()
        if part.is_file() and 0 < part.stat().st_size <= size:
            psize = part.stat().st_size
            if _overlap_ok(job, part, remote, psize):
                offset = psize
            else:
                job.warn(
                    msg(
                        "TransferError",
                        "The partial copy of {name} did not match the server's file; starting over.",
                        name=local.name,
                    )
                )
        handle = job.sftp.open(remote, O_READ)
        try:
            with open(part, "r+b" if offset else "wb", buffering=0) as raw:
                raw.seek(offset)
                job.meter.add(offset)
                out = _EarlyWriteback(raw)
                job.sftp.download(handle, out, offset, size, job.meter.add, job.stop, remote)
                os.fsync(raw.fileno())
        finally:
            job.sftp.close_nowait(handle)
        got = part.stat().st_size
        if got != size:
            raise VerifyFailed(
                msg(
                    "TransferError",
                    "Size check failed for {name}: got {got} bytes, expected {size}.",
                    name=local.name,
                    got=got,
                    size=size,
                )
            )
        resumed = offset > 0
        if job.verify or resumed:
            have = remote_sha256(job.conn, remote)
            if have is None:
                job.warn(
                    msg(
                        "TransferError",
                        "The server has no sha256sum/shasum; {name} was checked by size only.",
                        name=local.name,
                    )
                )
            elif have != local_sha256(part):
                part.unlink()
                raise VerifyFailed(
                    msg(
                        "TransferError",
                        "SHA-256 check failed for {name}; the copy was removed. Retry the transfer.",
                        name=local.name,
                    )
                )
            if resumed:
                job.resumed.append(str(local))
        if attrs.mtime:
            os.utime(part, (attrs.mtime, attrs.mtime))
        retry_locked(lambda: os.replace(part, local))  # an antivirus or OneDrive may hold the old copy a moment
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            # A partial that fills the disk would make every later item fail too.
            part.unlink(missing_ok=True)
        raise _local_error(exc, local if is_locked(exc) else part) from None
    return "done"
