"""The transfer queue: items with states, one worker thread, pause/resume/cancel/retry.

The queue owns no Qt and opens no window: it reports through ``on_update(item)`` (from its
worker thread, progress at most ~10 times a second per item) and hands conflicts to
``ask(conflict)``, which the UI answers with :meth:`Conflict.resolve` from any thread. A dropped
connection pauses the queue; :meth:`TransferQueue.set_connection` with a new one resumes it,
and each interrupted file continues from its partial copy.

A link that only goes silent (no answer for ``stall_timeout`` while the connection itself is
still up) kills the item's SFTP channel, never the connection: the queue opens a fresh channel
on the same connection, which waits until the link answers again or ``dead_link_timeout`` has
passed since it went silent; only then does the queue pause for a new connection.
"""

from __future__ import annotations

import itertools
import logging
import os
import shlex
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.errors import reason
from gpudesk.core.transfer import conflict as C
from gpudesk.core.transfer.errors import Cancelled, ConnectionLost, Paused, TransferError, describe_local, renamed_note
from gpudesk.core.transfer.files import Job, download_file, upload_file
from gpudesk.core.transfer.names import PART_SUFFIX, rbase, rjoin, safe_name
from gpudesk.core.transfer.parallel import ChannelPool, channels_for
from gpudesk.core.transfer.progress import Meter, Progress
from gpudesk.core.transfer.rawsftp import RawSftp
from gpudesk.core.transfer.trees import download_tree, upload_tree

_log = logging.getLogger("gpudesk.transfer")

QUEUED, RUNNING, PAUSED, DONE, FAILED, CANCELLED = "queued", "running", "paused", "done", "failed", "cancelled"
FINISHED = (DONE, FAILED, CANCELLED)

STALL_TIMEOUT_S = 60.0  # no answer for this long: the item's SFTP channel is dead
DEAD_LINK_S = 120.0  # a link silent for this long (from the first timeout): the connection is lost


@dataclass
class TransferItem:
    """One thing the user asked to copy (a file or a folder)."""

    id: int
    direction: str  # "upload" | "download"
    source: str
    target_dir: str
    verify: bool = False
    state: str = QUEUED
    done: int = 0
    total: int = 0
    speed: float = 0.0
    eta_s: float | None = None
    error: str = ""  # a Msg where the text is gpudesk's own (gpudesk.ui.i18n.tr_msg shows it translated)
    warnings: list[str] = field(default_factory=list)  # Msgs too
    result: str = ""  # "done" | "skipped" once finished
    resumed: bool = False
    started_at: float = 0.0
    finished_at: float = 0.0
    waiting_for_connection: bool = False
    urgent: bool = False  # taken before other queued items (a drop on the desktop is waiting for it)
    _request: str = ""  # "pause" | "cancel", read by the worker
    _completed: set[str] = field(default_factory=set)  # files of a folder item already copied

    @property
    def name(self) -> str:
        return rbase(self.source) if self.direction == "download" else Path(self.source).name

    @property
    def fraction(self) -> float:
        return 1.0 if self.total <= 0 else min(1.0, self.done / self.total)


class TransferQueue:
    """Runs transfers one after another on their own SFTP channel of the connection."""

    def __init__(
        self,
        connection: Connection | None = None,
        on_update: Callable[[TransferItem], None] | None = None,
        ask: Callable[[C.Conflict], None] | None = None,
        policy: str = "ask",
        progress_interval: float = 0.1,
        stall_timeout: float = STALL_TIMEOUT_S,
        dead_link_timeout: float = DEAD_LINK_S,
        upload_channels: int | None = None,
    ) -> None:
        self.on_update = on_update
        self.progress_interval = progress_interval  # seconds between progress reports of one item
        self.stall_timeout = stall_timeout  # no answer for this long: the channel is dead
        self.dead_link_timeout = dead_link_timeout  # silent this long: the connection counts as lost
        self.upload_channels = upload_channels  # SFTP channels per big upload; None: by the link's round trip
        self.ask = ask
        self.policy = policy  # "ask" or a fixed choice; without an ``ask`` callback "ask" means overwrite
        self.items: list[TransferItem] = []
        self._ids = itertools.count(1)
        self._cv = threading.Condition()
        self._conn = connection
        self._sftp: RawSftp | None = None
        self._sftp_conn: Connection | None = None
        self._pool: ChannelPool | None = None  # spare channels for big uploads far away, kept between items
        self._rtt: float | None = None  # the last session's round trip
        self._prepared: Connection | None = None  # the connection whose channel was opened ahead
        self._silent: tuple[Connection, float] | None = None  # the connection whose link went quiet, and since when
        self._sticky: str | None = None
        self._cleanup: list[TransferItem] = []  # cancelled items whose partial copies must go
        self._closed = False
        self.suspended = False
        self._worker = threading.Thread(target=self._run, name="gpudesk-transfers", daemon=True)
        self._worker.start()

    # -- adding --------------------------------------------------------------
    def add_upload(self, local: str | Path, remote_dir: str, verify: bool = False) -> TransferItem:
        return self._add(TransferItem(next(self._ids), "upload", str(local), remote_dir, verify))

    def add_download(
        self, remote: str, local_dir: str | Path, verify: bool = False, urgent: bool = False
    ) -> TransferItem:
        return self._add(TransferItem(next(self._ids), "download", remote, str(local_dir), verify, urgent=urgent))

    def _add(self, item: TransferItem) -> TransferItem:
        with self._cv:
            self.items.append(item)
            self._cv.notify_all()
        self._emit(item)
        return item

    # -- control -------------------------------------------------------------
    def pause(self, item: TransferItem) -> None:
        with self._cv:
            if item.state == QUEUED:
                item.state = PAUSED
            elif item.state == RUNNING and not item._request:
                item._request = "pause"
                return  # the worker reports the pause once it has stopped
            else:
                return
        self._emit(item)

    def resume(self, item: TransferItem) -> None:
        with self._cv:
            if item.state != PAUSED:
                return
            item.state = QUEUED
            item._request = ""
            item.waiting_for_connection = False
            self._cv.notify_all()
        self._emit(item)

    def cancel(self, item: TransferItem) -> None:
        with self._cv:
            if item.state in (QUEUED, PAUSED):
                if item.started_at:  # it ran before and may have left a partial copy
                    self._cleanup.append(item)
                item.state = CANCELLED
                item.waiting_for_connection = False
                item._completed.clear()
                self._cv.notify_all()
            elif item.state == RUNNING and item._request != "cancel":
                item._request = "cancel"
                return  # the worker reports it once the partial copy is gone
            else:
                return
        self._emit(item)

    def retry(self, item: TransferItem) -> None:
        with self._cv:
            if item.state not in (FAILED, CANCELLED, PAUSED):
                return
            item.state = QUEUED
            item.error = ""
            item._request = ""
            item.done = 0
            self._cv.notify_all()
        self._emit(item)

    def clear_finished(self) -> None:
        with self._cv:
            self.items = [i for i in self.items if i.state not in FINISHED]

    def set_connection(self, conn: Connection | None) -> None:
        """Use ``conn`` from now on; items paused by a dropped connection continue."""
        with self._cv:
            self._conn = conn
            if conn is not None:
                self.suspended = False
                for item in self.items:
                    if item.waiting_for_connection and item.state == PAUSED:
                        item.waiting_for_connection = False
                        item.state = QUEUED
                        item.error = ""
            self._cv.notify_all()
        for item in list(self.items):
            self._emit(item)

    def connection_lost(self) -> None:
        """The UI saw the connection drop: hold the queue until :meth:`set_connection`."""
        with self._cv:
            self.suspended = True
            self._cv.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until nothing is queued or running (for scripts and tests)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cv:
            while any(i.state in (QUEUED, RUNNING) for i in self.items) and not self.suspended:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cv.wait(left if left is None else min(left, 0.5))
        return True

    def close(self) -> None:
        with self._cv:
            self._closed = True
            for item in self.items:
                if item.state == RUNNING:
                    item._request = "pause"
            self._cv.notify_all()
        # Short: this may run on the GUI thread at exit; the worker is a daemon and stops at
        # the next request boundary anyway.
        self._worker.join(2)

    # -- worker --------------------------------------------------------------
    def _emit(self, item: TransferItem) -> None:
        callback = self.on_update  # read once: the owner may drop it from another thread
        if callback is not None:
            callback(item)

    def _next(self) -> tuple[TransferItem | None, Connection] | None:
        """The next item to run (None for the item: open the channel ahead), or None to stop."""
        with self._cv:
            while True:
                if self._closed:
                    return None
                conn = self._conn
                if conn is not None and not self.suspended:
                    if self._cleanup:
                        return self._cleanup.pop(0), conn
                    for item in sorted(self.items, key=lambda i: not i.urgent):  # stable: urgent first, else in order
                        if item.state == QUEUED:
                            item.state = RUNNING
                            item._request = ""
                            return item, conn
                    if self._prepared is not conn:
                        # A new connection: its channel opens now, so the first transfer does
                        # not wait the round trips of the opening (a second or more far away).
                        self._prepared = conn
                        return None, conn
                if not any(i.state in (QUEUED, RUNNING) for i in self.items):
                    self._sticky = None  # "apply to all" lasts for one batch
                    if self._pool is not None:  # idle: give the server its sessions back (off the lock)
                        threading.Thread(target=self._pool.close, daemon=True).start()
                        self._pool = None
                self._cv.notify_all()
                self._cv.wait()

    def _run(self) -> None:
        while (got := self._next()) is not None:
            item, conn = got
            if item is None:
                try:
                    self._session(conn)
                except Exception:  # noqa: BLE001 - the first transfer tries again and reports
                    pass
                continue
            if item.state == CANCELLED:  # cancelled while paused: its partial copy goes now
                self._discard_partial(item, conn)
                continue
            self._run_item(item, conn)
            with self._cv:
                self._cv.notify_all()

    def _session(self, conn: Connection) -> RawSftp:
        if self._sftp is None or self._sftp_conn is not conn or self._sftp.dead is not None:
            if self._sftp is not None:
                self._sftp.shutdown()
            self._sftp = None
            if conn.transport is None:
                raise ConnectionLost(msg("TransferError", "Not connected."))
            wait = self.stall_timeout
            silent = self._silent
            if silent is not None and silent[0] is conn:
                # The last channel died of silence: wait for the link as long as the deadline
                # allows (one request, answered as soon as the link is back).
                wait = max(1.0, silent[1] + self.dead_link_timeout - time.monotonic())
            self._sftp = RawSftp(conn.transport, self.stall_timeout, open_timeout=wait)
            self._sftp_conn = conn
            self._rtt = self._sftp.rtt
            self._silent = None  # the link answers again
        return self._sftp

    def _drop_session(self) -> None:
        if self._sftp is not None:
            self._sftp.shutdown()
        self._sftp = None
        self._sftp_conn = None
        self._close_pool()

    def _close_pool(self) -> None:
        if self._pool is not None:
            self._pool.close()
        self._pool = None

    def _pool_for(self, conn: Connection) -> ChannelPool | None:
        transport = conn.transport
        if self._pool is not None and self._pool.transport is not transport:
            self._close_pool()
        if self._pool is None and transport is not None:
            self._pool = ChannelPool(transport, self.stall_timeout)
        return self._pool

    def _early_channels(self, item: TransferItem, conn: Connection) -> None:
        """A big file to upload far away: its spare channels start opening with the item's own."""
        if item.direction != "upload" or self._closed:
            return
        try:
            size = os.stat(item.source).st_size
        except OSError:
            return
        # Before the first session the distance is unknown: taken as far (a spare channel is cheap).
        wanted = channels_for(1.0 if self._rtt is None else self._rtt, size, self.upload_channels)
        if wanted > 1 and (pool := self._pool_for(conn)) is not None:
            pool.want(wanted - 1)

    def _run_item(self, item: TransferItem, conn: Connection) -> None:
        item.started_at = time.time()
        item.error = ""
        self._emit(item)

        def report(p: Progress) -> None:
            item.done, item.total, item.speed, item.eta_s = p.done, p.total, p.speed, p.eta_s
            self._emit(item)

        def stop() -> BaseException | None:
            req = item._request
            if req == "cancel":
                return Cancelled("Cancelled.")
            if req == "pause" or self._closed:
                return Paused("Paused.")
            return None

        meter = Meter(0, report, interval=self.progress_interval)
        job: Job | None = None
        try:
            self._early_channels(item, conn)
            sftp = self._session(conn)
            job = Job(
                conn, sftp, meter, stop, self._warner(item), lambda c: self._ask(item, c), item.verify,
                completed=item._completed, channels=self.upload_channels, pool=self._pool_for(conn),
            )  # fmt: skip
            self._perform(item, job)
            meter.flush()
            item.state = DONE
            item.resumed = bool(job.resumed)
        except Cancelled:
            item.state = CANCELLED
            item.error = ""
            item._completed.clear()  # a cancelled folder copy starts over if retried
            self._discard_partial(item, conn)
        except Paused:
            item.state = PAUSED
        except ConnectionLost as exc:
            self._drop_session()
            with self._cv:
                item.error = message_of(exc)
                replaced = self._conn is not None and self._conn is not conn and not item._request
                if replaced or self._link_may_return(exc, conn, item):
                    item.state = QUEUED  # again, on a fresh channel, from the partial copy
                else:
                    item.state = PAUSED
                    item.waiting_for_connection = True
                    self.suspended = True
        except TransferError as exc:
            item.state = FAILED
            item.error = message_of(exc)
        except OSError as exc:
            item.state = FAILED
            item.error = describe_local(exc, str(exc.filename or ""))
        except Exception as exc:  # noqa: BLE001 - one broken item must not stop the queue
            self._drop_session()
            if not conn.is_alive:
                with self._cv:
                    item.state, item.waiting_for_connection, self.suspended = PAUSED, True, True
                    item.error = msg("TransferError", "The connection was lost.")
            else:
                item.state = FAILED
                item.error = msg("TransferError", "Unexpected error: {error}", error=reason(exc))
        item._request = ""
        item.done = meter.done  # the last throttled report may lag behind what was acknowledged
        _log.info(
            "%s %s: %s (%d of %d bytes%s)%s",
            item.direction,
            item.state,
            item.name,
            item.done,
            item.total,
            ", resumed" if item.resumed else "",
            f": {item.error}" if item.error else "",
        )
        item.finished_at = time.time()
        item.speed = 0.0 if item.state != DONE else item.speed
        self._emit(item)

    def _link_may_return(self, exc: ConnectionLost, conn: Connection, item: TransferItem) -> bool:
        """Whether a lost channel is worth a fresh one on the same connection.

        Only when the link went silent (a timeout) while the connection is still up, and not
        for longer than ``dead_link_timeout``; a closed connection, a refused channel or a
        request the user made (pause, cancel, close) waits for a new connection as before.
        """
        now = time.monotonic()
        if not exc.silent or not conn.is_alive or self._closed or conn is not self._conn or item._request:
            self._silent = None
            return False
        if self._silent is None or self._silent[0] is not conn:
            self._silent = (conn, now)
        if now - self._silent[1] >= self.dead_link_timeout:
            self._silent = None
            return False
        return True

    @staticmethod
    def _warner(item: TransferItem) -> Callable[[str], None]:
        def warn(text: str) -> None:
            if text not in item.warnings:  # a resumed item walks its tree again
                item.warnings.append(text)

        return warn

    def _perform(self, item: TransferItem, job: Job) -> None:
        sftp = job.sftp
        if item.direction == "upload":
            local = Path(item.source)
            if local.is_dir():
                upload_tree(job, local, item.target_dir)
                item.result = "done"
                return
            job.meter.total = local.stat().st_size if local.exists() else 0
            item.result = upload_file(job, local, rjoin(item.target_dir, local.name))
            return
        attrs = sftp.stat(item.source)
        if attrs.is_dir:
            download_tree(job, item.source, Path(item.target_dir))
            item.result = "done"
            return
        name = safe_name(rbase(item.source))
        if name != rbase(item.source):
            job.warn(renamed_note(rbase(item.source), name))
        job.meter.total = attrs.size or 0
        item.result = download_file(job, item.source, attrs, Path(item.target_dir) / name)

    def _ask(self, item: TransferItem, conflict: C.Conflict) -> str:
        if self._sticky is not None:
            return C.OVERWRITE if self._sticky == C.RESUME and not conflict.can_resume else self._sticky
        if self.policy != "ask" or self.ask is None:
            return self.policy if self.policy != "ask" else C.OVERWRITE
        self.ask(conflict)
        while not conflict._answered.wait(0.2):
            if item._request or self._closed:
                return C.CANCEL if item._request == "cancel" else conflict.choice or C.CANCEL
        choice = conflict.choice or C.CANCEL
        if conflict.apply_to_all and choice != C.CANCEL:
            self._sticky = choice
        return choice

    def _discard_partial(self, item: TransferItem, conn: Connection) -> None:
        """A cancel leaves nothing behind: remove the partial copy (file or folder)."""
        try:
            if item.direction == "download":
                base = Path(item.target_dir) / (safe_name(rbase(item.source)) + PART_SUFFIX)
                if base.is_dir():
                    shutil.rmtree(base, ignore_errors=True)
                elif base.exists():
                    os.unlink(base)
            else:
                part = rjoin(item.target_dir, Path(item.source).name) + PART_SUFFIX
                conn.exec(f"rm -rf -- {shlex.quote(part)}", timeout=120)
        except Exception:  # noqa: BLE001 - best effort; the part name never shadows a real file
            pass
