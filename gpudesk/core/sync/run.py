"""Carrying out a sync plan: changed files go together, not one round trip after another.

Files below :data:`BIG` travel in tar streams over exec channels (:mod:`gpudesk.core.sync.stream`):
uploads into a staging folder, downloads under ``.gpudesk-part`` names, and renamed into place
only once their stream arrived whole, so a cut leaves the old copy in place. Bigger files go one by one through the transfer engine
(partial copy, resume, verification), where a few round trips are nothing beside the bytes.
A server without ``tar`` (or the setting turned off) gets everything file by file. Deletes
happen only when the plan says ``delete``.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync import stream
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.plan import UPLOAD, SyncPlan
from gpudesk.core.sync.scan import probe_remote, remote_prefix_hashes, walk_remote
from gpudesk.core.transfer import conflict as C
from gpudesk.core.transfer import tarpath
from gpudesk.core.transfer.errors import RemoteError, TransferError, describe_local
from gpudesk.core.transfer.files import Job, download_file, upload_file
from gpudesk.core.transfer.locked import is_locked, retry_locked
from gpudesk.core.transfer.longpath import shown
from gpudesk.core.transfer.names import inside, rjoin
from gpudesk.core.transfer.progress import Meter, Progress
from gpudesk.core.transfer.rawsftp import Attrs, RawSftp
from gpudesk.core.transfer.verify import local_sha256

BIG = 8 * 1024 * 1024  # files from this size go one by one (resumable, verified) instead of in a stream
STREAMS = 3  # parallel streams for a large send: the far side creates files on several processes
_SPLIT_FILES = 64
_SPLIT_BYTES = 32 * 1024 * 1024
_FX_NO_SUCH_FILE = 2


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


class _Engine:
    """The transfer engine's job for files that go one by one; its SFTP session (a few round
    trips to start) is opened only when the first such file comes."""

    def __init__(self, conn: Connection, sftp: RawSftp | None, meter: Meter, stop: Callable[[], BaseException | None],
                 warn: Callable[[str], None]) -> None:  # fmt: skip
        self.conn, self.meter, self.stop, self.warn = conn, meter, stop, warn
        self._sftp = sftp
        self._own = sftp is None
        self._job: Job | None = None

    @property
    def job(self) -> Job:
        if self._job is None:
            if self._sftp is None:
                if self.conn.transport is None:
                    raise SyncError(msg("SyncError", "Not connected."))
                self._sftp = RawSftp(self.conn.transport)
            self._job = Job(self.conn, self._sftp, self.meter, self.stop, self.warn, lambda _c: C.OVERWRITE)
        return self._job

    @property
    def resumed(self) -> list[str]:
        return list(self._job.resumed) if self._job is not None else []

    def check(self) -> None:
        err = self.stop()
        if err is not None:
            raise err

    def progress(self) -> stream.Progress:
        return stream.Progress(self.meter.add, self.check)

    def close(self) -> None:
        if self._own and self._sftp is not None:
            self._sftp.shutdown()


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
        sftp: an SFTP session for the files that go one by one (default: one of its own, opened
            only if needed).
        on_progress: called with byte progress, at most ~10 times a second.
        stop: polled between requests; returning an exception (e.g. ``Cancelled``) ends the run with it.
        tar: allow tar streams (the server needs ``tar``); without them every file goes one by one.
    """
    if conn.transport is None:
        raise SyncError(msg("SyncError", "Not connected."))
    result = SyncResult()
    meter = Meter(plan.bytes, on_progress or (lambda _p: None), interval=progress_interval)
    engine = _Engine(conn, sftp, meter, stop, lambda text: result.warnings.append(text))
    started = time.monotonic()
    try:
        if plan.direction == UPLOAD:
            _upload(engine, plan, result, tar)
        else:
            _download(engine, plan, result, tar)
        meter.flush()
    finally:
        engine.close()
    result.bytes = meter.done
    result.resumed = engine.resumed
    result.seconds = time.monotonic() - started
    return result


def _has_tar(conn: Connection, plan: SyncPlan, tar: bool) -> bool:
    if not tar:
        return False
    if plan.tools == "?":
        return tarpath.remote_has_tar(conn)
    return "t" in plan.tools


def _split(units: list[stream.Unit]) -> list[list[stream.Unit]]:
    """Units spread over parallel streams, alike in bytes; one stream for a small send."""
    count = sum(len(u.files) for u in units)
    total = sum(u.size for u in units)
    n = 1 if count < _SPLIT_FILES and total < _SPLIT_BYTES else min(STREAMS, len(units))
    groups: list[list[stream.Unit]] = [[] for _ in range(max(1, n))]
    loads = [0] * len(groups)
    for unit in sorted(units, key=lambda u: -u.size):
        i = loads.index(min(loads))
        groups[i].append(unit)
        loads[i] += unit.size
    return [g for g in groups if g] or [[]]


def _xargs(conn: Connection, root: str, command: str, names: list[str], timeout: float = 600) -> int:
    """Run ``command NAME…`` in ``root`` for every name, fed on stdin (one exec, any count)."""
    data = b"".join(n.encode("utf-8", "surrogateescape") + b"\0" for n in names)
    return conn.exec(f"cd -- {shlex.quote(root)} && xargs -0 {command}", timeout=timeout, stdin=data).exit_code


def _fallback(engine: _Engine, exc: TransferError, direction: str) -> None:
    if exc.__class__ is not TransferError:
        raise exc  # cancelled, paused or cut: not a reason to go one by one
    if direction == UPLOAD:
        text = msg(
            "TransferError",
            "The fast path for small files failed ({error}); sending them one by one.",
            error=message_of(exc),
        )
    else:
        text = msg(
            "TransferError",
            "The fast path for small files failed ({error}); fetching them one by one.",
            error=message_of(exc),
        )
    engine.warn(text)


def _upload(engine: _Engine, plan: SyncPlan, result: SyncResult, tar: bool) -> None:
    files = [*plan.new, *plan.changed]

    def size(rel: str) -> int:
        return plan.source[rel].size

    big = [r for r in files if size(r) >= BIG]
    small = [r for r in files if size(r) < BIG]
    deleting = plan.delete and bool(plan.deleted)
    if not _has_tar(engine.conn, plan, tar):
        _upload_each(engine, plan, result, files, setup=True, finish=True)
        return
    before = stream.delete_lines(plan.deleted, plan.gone_dirs) if deleting else b""
    after = stream.touch_lines([(r, plan.source[r].mtime) for r in plan.touch])
    # Big files go one by one into folders that must be there first: all new folders go with
    # the streams, as units of their own where no small file is in them.
    units = stream.units_for(small, size, plan.new_dirs, plan.remote_links | set(plan.gone_dirs))
    groups = _split(units) if units or before or after or not plan.target_exists else []
    progress = engine.progress()

    def send(i: int) -> stream.UpResult:
        first = i == 0
        return stream.upload(engine.conn, plan.remote_root, plan.local_root, groups[i], before if first else b"",
                             after if first else b"", not plan.target_exists, progress)  # fmt: skip

    outcomes: list[stream.UpResult | BaseException] = []
    if len(groups) == 1:
        try:
            outcomes.append(send(0))
        except TransferError as exc:
            outcomes.append(exc)
    elif groups:
        with ThreadPoolExecutor(max_workers=len(groups), thread_name_prefix="gpudesk-sync") as pool:
            futures = [pool.submit(send, i) for i in range(len(groups))]
            outcomes = [f.exception() or f.result() for f in futures]
    again: list[str] = []
    setup = finish = False
    for i, outcome in enumerate(outcomes):
        if isinstance(outcome, BaseException):
            if not isinstance(outcome, TransferError):
                raise outcome
            _fallback(engine, outcome, UPLOAD)
            again.extend(f for unit in groups[i] for f in unit.files)
            setup = True  # its new folders are not there
            finish = finish or i == 0
            continue
        result.sent.extend(outcome.sent)
        result.streamed += len(outcome.sent)
        result.warnings.extend(outcome.warnings)
        if i == 0 and deleting:
            if outcome.delete_failed:
                engine.warn(msg("SyncError", "Some files could not be deleted on the server."))
            result.deleted.extend(plan.deleted)
    _upload_each(engine, plan, result, sorted(again) + big, setup=setup, finish=finish)


def _upload_each(
    engine: _Engine, plan: SyncPlan, result: SyncResult, files: list[str], setup: bool, finish: bool
) -> None:
    """Files one by one over SFTP; ``setup``: create the folders first, ``finish``: times and deletes."""
    conn, root = engine.conn, plan.remote_root
    if setup and not plan.target_exists:
        made = conn.exec(f"mkdir -p -- {shlex.quote(root)}", timeout=60)
        if made.exit_code != 0:
            raise SyncError(
                msg("SyncError", "Could not create {path} on the server: {error}", path=root, error=made.err.strip())
            )
    if setup and plan.new_dirs and _xargs(conn, root, "mkdir -p --", plan.new_dirs) != 0:
        raise SyncError(msg("SyncError", "Could not create folders under {path} on the server.", path=root))
    for rel in files:
        engine.check()
        try:
            upload_file(engine.job, plan.local_root / rel, rjoin(root, rel), overwrite=True)
        except TransferError as exc:
            if exc.__class__ is not TransferError or (plan.local_root / rel).exists():
                raise
            engine.warn(msg("SyncError", "Skipped {path}: it is gone here since the comparison.", path=rel))
            continue
        result.sent.append(rel)
    if not finish:
        return
    for rel in plan.touch:
        with contextlib.suppress(RemoteError):  # the next sync hashes it again; nothing is lost
            engine.job.sftp.setstat(rjoin(root, rel), mtime=plan.source[rel].mtime)
    if plan.delete and plan.deleted:
        engine.check()
        if _xargs(conn, root, "rm -f --", plan.deleted) != 0:
            engine.warn(msg("SyncError", "Some files could not be deleted on the server."))
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


def _download(engine: _Engine, plan: SyncPlan, result: SyncResult, tar: bool) -> None:
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
        raise SyncError(
            msg("SyncError", "Could not create {path}: {error}", path=str(exc.filename), error=str(exc.strerror))
        ) from None
    for d in sorted(skipped):
        if not any(d.startswith(s + "/") for s in skipped):
            engine.warn(msg("SyncError", "Skipped {path}: a link is in the way here, and downloads never write through one.",
                            path=d))  # fmt: skip
    wanted = []
    for rel in (*plan.new, *plan.changed):
        lrel = plan.local(rel)
        if _blocked(root, lrel, cache):
            if not any(lrel.startswith(s + "/") for s in skipped):
                engine.warn(
                    msg(
                        "SyncError",
                        "Skipped {path}: it would be written outside {folder}.",
                        path=lrel,
                        folder=shown(root),
                    )
                )
            continue
        wanted.append(rel)
    one_by_one = [r for r in wanted if plan.source[r].size >= BIG]
    small = [r for r in wanted if plan.source[r].size < BIG]
    if small and _has_tar(engine.conn, plan, tar):
        one_by_one = _download_stream(engine, plan, result, small) + one_by_one
    else:
        one_by_one = small + one_by_one
    for rel in one_by_one:
        engine.check()
        e = plan.source[rel]
        try:
            download_file(
                engine.job,
                rjoin(remote, rel),
                Attrs(size=e.size, mtime=e.mtime),
                root / plan.local(rel),
                overwrite=True,
            )
        except RemoteError as exc:
            if exc.code != _FX_NO_SUCH_FILE:
                raise
            engine.warn(msg("SyncError", "Skipped {path}: it is gone from the server since the comparison.", path=rel))
            continue
        result.sent.append(rel)
    for rel in plan.touch:
        e = plan.source[rel]
        with contextlib.suppress(OSError, OverflowError):
            os.utime(root / plan.local(rel), (e.mtime, e.mtime))
    if plan.delete and plan.deleted:
        # Local names from the local scan: used as they are (never re-mapped, which could
        # name another file).
        synced = _synced_files(root, plan)
        for rel in plan.deleted:
            try:
                st = (root / rel).lstat()
                if st.st_ino and (st.st_dev, st.st_ino) in synced:
                    # A disk that folds case (or accents) sees this name as a file the server
                    # still has, maybe the one just downloaded: deleting it would lose that file.
                    engine.warn(msg("SyncError", "Kept {path}: on this disk it is the same file as one on the server "
                                                 "(the names differ only in case or accents).", path=rel))  # fmt: skip
                    continue
                (root / rel).unlink()
                result.deleted.append(rel)
            except OSError as exc:
                engine.warn(msg("SyncError", "Could not delete {path}: {error}", path=rel, error=str(exc.strerror)))
        for d in plan.gone_dirs:
            with contextlib.suppress(OSError):  # still holds excluded files
                (root / d).rmdir()


def _synced_files(root: Path, plan: SyncPlan) -> set[tuple[int, int]]:
    """(device, inode) of the local copy of every file the server has: never deleted by a sync."""
    out: set[tuple[int, int]] = set()
    for rel in plan.source:
        with contextlib.suppress(OSError, ValueError):
            st = (root / plan.local(rel)).lstat()
            if st.st_ino:
                out.add((st.st_dev, st.st_ino))
    return out


def _download_stream(engine: _Engine, plan: SyncPlan, result: SyncResult, rels: list[str]) -> list[str]:
    """Fetch ``rels`` in one tar stream; returns those that must still come one by one."""
    root = plan.local_root
    got = stream.download(engine.conn, plan.remote_root, root, {r: plan.local(r) for r in rels}, engine.progress())
    keep = set(got.received)
    if got.code != 0 and got.received:
        # tar said something went wrong (a file changed or vanished while it was read, or the
        # stream broke): only copies whose size and time the server still shows are kept.
        keep = _unchanged(engine.conn, plan, got)
    for rel, rec in got.received.items():
        if rel not in keep:
            rec.part.unlink(missing_ok=True)
            engine.warn(msg("SyncError", "{path} changed on the server while it was being fetched; it comes with the next sync.",
                            path=rel))  # fmt: skip
            continue
        try:
            retry_locked(lambda: os.replace(rec.part, root / plan.local(rel)))  # noqa: B023 - called at once
        except OSError as exc:
            rec.part.unlink(missing_ok=True)
            engine.warn(
                describe_local(exc, plan.local(rel))
                if is_locked(exc)
                else msg(
                    "SyncError", "Could not put {path} in place: {error}", path=plan.local(rel), error=str(exc.strerror)
                )
            )
            continue
        result.sent.append(rel)
        result.streamed += 1
    missing = [r for r in rels if r not in got.received]
    if missing and got.code != 0 and not got.received:
        engine.warn(msg("TransferError", "The fast path for small files failed ({error}); fetching them one by one.",
                        error=got.error or f"exit code {got.code}"))  # fmt: skip
    return missing


def _unchanged(conn: Connection, plan: SyncPlan, got: stream.DownResult) -> set[str]:
    """The received files that are a state the server's file really had: unchanged since, or
    (a log that grew while it was read) the first bytes of what the server holds now."""
    side = probe_remote(conn, plan.remote_root)
    listing = side.listing if side.listing is not None else walk_remote(conn, None, plan.remote_root)
    keep = set()
    grown: dict[str, stream.Received] = {}
    for rel, rec in got.received.items():
        now = listing.files.get(rel)
        if now is not None and (now.size, now.mtime) == (rec.size, rec.mtime):
            keep.add(rel)
        elif now is not None and now.size >= rec.size:
            grown[rel] = rec
    if grown:
        theirs = remote_prefix_hashes(conn, plan.remote_root, {rel: rec.size for rel, rec in grown.items()})
        for rel, rec in grown.items():
            with contextlib.suppress(OSError):
                if theirs.get(rel) is not None and theirs.get(rel) == local_sha256(rec.part):
                    keep.add(rel)
    return keep


def plan_summary(plan: SyncPlan) -> str:
    keep = "" if plan.delete or not plan.deleted else " (kept: run with delete to remove them)"
    return f"{len(plan.new)} new, {len(plan.changed)} changed, {len(plan.deleted)} deleted{keep}, {plan.unchanged} unchanged"


__all__ = ["SyncResult", "plan_summary", "run_plan"]
