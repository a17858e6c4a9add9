"""Carrying out a sync plan on the transfer engine.

Many small new files go as tar streams (the engine's fast path); everything else goes file by
file through ``.gpudesk-part`` + rename, so a cut leaves the old copy in place and the next run
resumes the partial one. Deletes happen only when the plan says ``delete``, in one exec.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.plan import UPLOAD, SyncPlan
from gpudesk.core.sync.scan import SyncError
from gpudesk.core.transfer import conflict as C
from gpudesk.core.transfer import tarpath
from gpudesk.core.transfer.errors import RemoteError, TransferError
from gpudesk.core.transfer.files import Job, download_file, upload_file
from gpudesk.core.transfer.names import inside, rbase, rjoin, rparent
from gpudesk.core.transfer.progress import Meter, Progress
from gpudesk.core.transfer.rawsftp import Attrs, RawSftp
from gpudesk.core.transfer.trees import SMALL, TAR_MIN_FILES, LocalFile, RemoteFile


@dataclass
class SyncResult:
    sent: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    streamed: int = 0  # files that went by the tar fast path
    resumed: list[str] = field(default_factory=list)  # files continued from a partial copy
    bytes: int = 0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"sent": self.sent, "deleted": self.deleted, "streamed": self.streamed, "resumed": self.resumed,
                "bytes": self.bytes, "seconds": round(self.seconds, 3), "warnings": self.warnings}  # fmt: skip


def _never() -> BaseException | None:
    return None


def run_plan(
    conn: Connection,
    plan: SyncPlan,
    sftp: RawSftp | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    stop: Callable[[], BaseException | None] = _never,
    tar: bool = True,
    progress_interval: float = 0.1,
) -> SyncResult:
    """Send what ``plan`` lists (blocking; call off the GUI thread).

    Args:
        on_progress: called with byte progress, at most ~10 times a second.
        stop: polled between requests; returning an exception (e.g. ``Cancelled``) ends the run with it.
        tar: allow the tar fast path for many small new files.
    """
    if conn.transport is None:
        raise SyncError(msg("SyncError", "Not connected."))
    own = sftp is None
    sftp = sftp or RawSftp(conn.transport)
    result = SyncResult()
    meter = Meter(plan.bytes, on_progress or (lambda _p: None), interval=progress_interval)
    job = Job(conn, sftp, meter, stop, lambda text: result.warnings.append(text), lambda _c: C.OVERWRITE)
    started = time.monotonic()
    try:
        if plan.direction == UPLOAD:
            _upload(job, plan, result, tar)
        else:
            _download(job, plan, result, tar)
        meter.flush()
    finally:
        if own:
            sftp.shutdown()
    result.bytes = meter.done
    result.resumed = list(job.resumed)
    result.seconds = time.monotonic() - started
    return result


def _xargs(conn: Connection, root: str, command: str, names: list[str], timeout: float = 600) -> int:
    """Run ``command NAME…`` in ``root`` for every name, fed on stdin (one exec, any count)."""
    data = b"".join(n.encode("utf-8", "surrogateescape") + b"\0" for n in names)
    return conn.exec(f"cd -- {shlex.quote(root)} && xargs -0 {command}", timeout=timeout, stdin=data).exit_code


def _upload(job: Job, plan: SyncPlan, result: SyncResult, tar: bool) -> None:
    conn, sftp, root = job.conn, job.sftp, plan.remote_root
    if not plan.target_exists:
        made = conn.exec(f"mkdir -p -- {shlex.quote(root)}", timeout=60)
        if made.exit_code != 0:
            raise SyncError(msg("SyncError", "Could not create {path} on the server: {error}", path=root, error=made.err.strip()))
    if plan.new_dirs and _xargs(conn, root, "mkdir -p --", plan.new_dirs) != 0:
        raise SyncError(msg("SyncError", "Could not create folders under {path} on the server.", path=root))
    counted: set[str] = set()
    small = [LocalFile(r, plan.local_root / r, plan.source[r].size) for r in plan.new if plan.source[r].size <= SMALL]
    if tar and len(small) >= TAR_MIN_FILES and tarpath.remote_has_tar(conn):
        try:
            tarpath.upload(job, root, small, counted)
        except TransferError as exc:
            if exc.__class__ is not TransferError:
                raise  # cancelled, paused or cut: not a reason to fall back
            job.warn(msg("TransferError", "The fast path for small files failed ({error}); sending them one by one.",
                         error=message_of(exc)))
    result.sent.extend(r for r in plan.new if r in counted)
    result.streamed = len(counted)
    for rel in (*plan.new, *plan.changed):
        if rel in counted:
            continue
        job.check()
        upload_file(job, plan.local_root / rel, rjoin(root, rel), overwrite=True)
        result.sent.append(rel)
    for rel in plan.touch:
        with contextlib.suppress(RemoteError):  # the next sync hashes it again; nothing is lost
            sftp.setstat(rjoin(root, rel), mtime=plan.source[rel].mtime)
    if plan.delete and plan.deleted:
        job.check()
        if _xargs(conn, root, "rm -f --", plan.deleted) != 0:
            job.warn(msg("SyncError", "Some files could not be deleted on the server."))
        result.deleted.extend(plan.deleted)
        if plan.gone_dirs:  # deepest first; folders that still hold excluded files stay
            _xargs(conn, root, "rmdir --", plan.gone_dirs)


def _blocked(root: Path, rel: str, cache: dict[str, bool]) -> bool:
    """Whether writing ``rel`` under ``root`` would go through a link or leave ``root``.

    The local scan does not enter links, so a link (to anywhere) where the server has a folder
    or a file looks like a new name; writing through it could put the server's file anywhere
    on this computer. Such a target is skipped (a link at the file itself is replaced, as rsync
    does; a link at a folder above it is left alone and its files are skipped).
    """
    parent = rel.rpartition("/")[0]
    if not parent:
        return False
    if parent not in cache:  # one answer per folder, not per file
        cache[parent] = (root / parent).is_symlink() or _blocked(root, parent, cache) or not inside(root, root / parent)
    return cache[parent]


def _download(job: Job, plan: SyncPlan, result: SyncResult, tar: bool) -> None:
    root, remote = plan.local_root, plan.remote_root
    skipped: set[str] = set()
    cache: dict[str, bool] = {}
    try:
        root.mkdir(parents=True, exist_ok=True)
        for d in plan.new_dirs:  # local names, parents first
            target = root / d
            if target.is_symlink() or _blocked(root, d, cache):
                skipped.add(d)
                continue
            target.mkdir(exist_ok=True)
    except OSError as exc:
        raise SyncError(msg("SyncError", "Could not create {path}: {error}", path=str(exc.filename), error=str(exc.strerror))) from None
    for d in sorted(skipped):
        if not any(d.startswith(s + "/") for s in skipped):
            job.warn(msg("SyncError", "Skipped {path}: a link is in the way here, and downloads never write through one.",
                         path=d))  # fmt: skip
    counted: set[str] = set()

    def remote_file(rel: str) -> RemoteFile:
        e = plan.source[rel]
        return RemoteFile(rjoin(remote, rel), rel, plan.local(rel), Attrs(size=e.size, mtime=e.mtime))

    wanted = []
    for rel in (*plan.new, *plan.changed):
        lrel = plan.local(rel)
        if _blocked(root, lrel, cache):
            if not any(lrel.startswith(s + "/") for s in skipped):
                job.warn(msg("SyncError", "Skipped {path}: it would be written outside {folder}.", path=lrel, folder=str(root)))
            continue
        wanted.append(rel)
    new = set(plan.new)
    # The tar path writes files in place: a file name that is a link here goes by SFTP, whose
    # rename replaces the link instead of writing through it.
    small = [remote_file(r) for r in wanted if r in new and plan.source[r].size <= SMALL and not (root / plan.local(r)).is_symlink()]
    if tar and len(small) >= TAR_MIN_FILES and remote != "/" and tarpath.remote_has_tar(job.conn):
        try:
            tarpath.download(job, rparent(remote), rbase(remote), root, small, counted)
        except TransferError as exc:
            if exc.__class__ is not TransferError:
                raise
            job.warn(msg("TransferError", "The fast path for small files failed ({error}); fetching them one by one.",
                         error=message_of(exc)))
        for rel in counted:  # tar keeps the bytes; the time is ours to set, as SFTP does
            e = plan.source[rel]
            with contextlib.suppress(OSError):
                os.utime(root / plan.local(rel), (e.mtime, e.mtime))
    result.sent.extend(r for r in plan.new if r in counted)
    result.streamed = len(counted)
    for rel in wanted:
        if rel in counted:
            continue
        job.check()
        f = remote_file(rel)
        download_file(job, f.remote, f.attrs, root / f.local_rel, overwrite=True)
        result.sent.append(rel)
    for rel in plan.touch:
        e = plan.source[rel]
        with contextlib.suppress(OSError):
            os.utime(root / plan.local(rel), (e.mtime, e.mtime))
    if plan.delete and plan.deleted:
        # Local names from the local scan: used as they are (never re-mapped, which could
        # name another file).
        for rel in plan.deleted:
            try:
                (root / rel).unlink()
                result.deleted.append(rel)
            except OSError as exc:
                job.warn(msg("SyncError", "Could not delete {path}: {error}", path=rel, error=str(exc.strerror)))
        for d in plan.gone_dirs:
            with contextlib.suppress(OSError):  # still holds excluded files
                (root / d).rmdir()


def plan_summary(plan: SyncPlan) -> str:
    keep = "" if plan.delete or not plan.deleted else " (kept: run with delete to remove them)"
    return f"{len(plan.new)} new, {len(plan.changed)} changed, {len(plan.deleted)} deleted{keep}, {plan.unchanged} unchanged"


__all__ = ["SyncResult", "plan_summary", "run_plan"]
