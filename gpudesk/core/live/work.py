"""A server's transfers and jobs, owned by the live server (not by the Files and Jobs views).

CONTRACT: ``work.busy_changed: Event[tuple[str, bool]]`` (("transfer" | "job", busy) — the billing guard
counts a busy server as not idle), ``work.changed: Event[LiveWork]`` (queue or jobs changed),
``work.ran_a_job`` / ``work.collected_any`` (the guide's progress), ``work.close()``.

Also: ``work.transfers`` (the :class:`~gpudesk.core.transfer.queue.TransferQueue`, made on first use),
``item_changed: Event[TransferItem]``, ``conflict_asked: Event[Conflict]`` (a typed question: the view
calls ``conflict.resolve(choice)`` from any thread; with no view listening it is answered by the
queue's own rule, overwrite), ``jobs`` with ``jobs_changed`` / ``job_started`` / ``job_finished``,
``refresh_jobs()``, ``start_job(spec)``, ``submit(fn) -> Future``, ``mark_collected()``.

Threads: the queue reports from its worker; job IO runs on this part's own IO thread; the jobs poll
is the server's clock. Every event is emitted on the thread that found the news.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from gpudesk.core import settings
from gpudesk.core.events import Event
from gpudesk.core.jobs.costs import pin_jobs
from gpudesk.core.jobs.model import RUNNING
from gpudesk.core.jobs.runner import list_jobs
from gpudesk.core.jobs.runner import start_job as run_job
from gpudesk.core.live.state import LinkState
from gpudesk.core.ssh.errors import Disconnected
from gpudesk.core.transfer.conflict import OVERWRITE
from gpudesk.core.transfer.queue import TransferQueue

if TYPE_CHECKING:
    from gpudesk.core.clock import Clock, Handle
    from gpudesk.core.jobs.model import JobInfo, JobSpec
    from gpudesk.core.jobs.watch import JobWatch
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.connection import Connection
    from gpudesk.core.transfer.conflict import Conflict
    from gpudesk.core.transfer.queue import TransferItem

_log = logging.getLogger("gpudesk.live")
R = TypeVar("R")

TRANSFER, JOB = "transfer", "job"
#: transfer states that keep a server busy (a paused item will go on; the guard must not stop the server under it)
_BUSY_STATES = frozenset({"queued", "running", "paused"})


class LiveWork:
    """Transfers and jobs of one live server.

    Wired by the server: ``connected``/``state_changed`` are the link's news, ``link_state`` and
    ``connection`` read the link now, ``activity`` hears that the server is in use.
    """

    def __init__(
        self,
        session: Session,
        clock: Clock,
        *,
        connected: Event[Connection],
        state_changed: Event[LinkState],
        link_state: Callable[[], LinkState],
        connection: Callable[[], Connection | None],
        activity: Event[str],
    ) -> None:
        self.session = session
        self._clock = clock
        self._link_state = link_state
        self._connection = connection
        self._activity = activity
        self.busy_changed: Event[tuple[str, bool]] = Event("busy")
        self.changed: Event[LiveWork] = Event("work changed")
        #: one transfer item changed (from the queue's worker thread)
        self.item_changed: Event[TransferItem] = Event("transfer item")
        #: a transfer's target exists: answer with ``conflict.resolve(choice)`` (any thread)
        self.conflict_asked: Event[Conflict] = Event("transfer conflict")
        self.jobs_changed: Event[list[JobInfo]] = Event("jobs listed")
        self.job_started: Event[JobInfo] = Event("job started")
        self.job_finished: Event[JobInfo] = Event("job finished")  # seen running, now ended
        self.jobs_failed: Event[BaseException] = Event("jobs failed")  # listing or starting failed
        #: a port on the server a job serves (TensorBoard): the Forwards view forwards it and opens the browser
        self.service_wanted: Event[int] = Event("service wanted")
        self.ran_a_job = False
        self.collected_any = False
        self.jobs: list[JobInfo] = []
        #: log scanners per job id (metrics, progress, findings): kept while the server is open
        self.watches: dict[str, JobWatch] = {}
        self._seen_running: set[str] = set()
        self._busy = {TRANSFER: False, JOB: False}
        self._lock = threading.RLock()
        self._queue: TransferQueue | None = None
        self._io: ThreadPoolExecutor | None = None
        self._poll: Handle | None = None
        self._closed = False
        self._unsubscribe = [
            connected.subscribe(self._on_connected),
            state_changed.subscribe(self._on_state),
        ]

    # -- transfers -------------------------------------------------------------
    @property
    def transfers(self) -> TransferQueue:
        """The server's transfer queue (its worker starts on first use)."""
        with self._lock:
            if self._queue is None:
                self._queue = TransferQueue(
                    None,
                    on_update=self._item_updated,
                    ask=self._ask,
                    policy=settings.get("transfer.conflict_policy"),
                    stall_timeout=float(settings.get("transfer.stall_timeout_s")),
                )
                if self._closed:
                    self._queue.close()
                else:
                    conn = self._connection()
                    if self._link_state() == LinkState.CONNECTED and conn is not None:
                        self._queue.set_connection(conn)
            return self._queue

    @property
    def transfers_busy(self) -> bool:
        queue = self._queue
        return queue is not None and any(item.state in _BUSY_STATES for item in list(queue.items))

    def upload(self, local: str, remote_dir: str, verify: bool = False) -> TransferItem:
        return self.transfers.add_upload(local, remote_dir, verify=verify)

    def download(self, remote: str, local_dir: str, verify: bool = False, urgent: bool = False) -> TransferItem:
        return self.transfers.add_download(remote, local_dir, verify=verify, urgent=urgent)

    def _item_updated(self, item: TransferItem) -> None:
        self.item_changed.emit(item)
        self._set_busy(TRANSFER, self.transfers_busy)
        if item.state in ("running", "done"):
            self._activity.emit("transfer")
        self.changed.emit(self)

    def _ask(self, conflict: Conflict) -> None:
        if len(self.conflict_asked) == 0:
            conflict.resolve(OVERWRITE)  # nobody to ask: the queue's rule without a question
            return
        self.conflict_asked.emit(conflict)

    # -- jobs ----------------------------------------------------------------
    def submit(self, fn: Callable[[Connection], R]) -> Future[R]:
        """Run ``fn(connection)`` on this part's IO thread; the future fails with Disconnected when not connected."""
        conn = self._connection()
        if conn is None or self._closed:
            failed: Future[R] = Future()
            failed.set_exception(Disconnected("Not connected."))
            return failed
        with self._lock:
            if self._io is None:
                self._io = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"work-io {self.session.host}")
            return self._io.submit(fn, conn)

    def job(self, job_id: str | None) -> JobInfo | None:
        return next((j for j in list(self.jobs) if j.id == job_id), None)

    def refresh_jobs(self) -> Future[list[JobInfo]]:
        """List the server's jobs again; ``jobs_changed`` tells everyone (``job_finished`` for each one that ended)."""
        future = self.submit(list_jobs)
        future.add_done_callback(self._listed)
        return future

    def _listed(self, future: Future[list[JobInfo]]) -> None:
        exc = future.exception()
        if exc is not None:
            if self._link_state() == LinkState.CONNECTED:
                self.jobs_failed.emit(exc)
            return
        jobs = future.result()
        pin_jobs(self.session, jobs)  # before anyone hears: a view shows the pinned price
        ended = []
        with self._lock:
            self.jobs = jobs
            for job in jobs:
                if job.status == RUNNING:
                    self._seen_running.add(job.id)
                elif job.id in self._seen_running:
                    self._seen_running.discard(job.id)
                    ended.append(job)
        running = any(j.status == RUNNING for j in jobs)
        if running:
            self._activity.emit("job")  # a running job counts as use of the server
        self._set_busy(JOB, running)
        # The new list first: whoever hears that a job ended finds it ended in the list (exit code, run time).
        self.jobs_changed.emit(jobs)
        self.changed.emit(self)
        for job in ended:
            self.job_finished.emit(job)

    def start_job(self, spec: JobSpec) -> Future[JobInfo]:
        """Start ``spec`` on the server; ``job_started`` follows (and the list is read again)."""
        # The caller's future completes after the job is recorded here (listed, busy, pinned), so whoever
        # waits on it finds the job known: the IO future's waiters would otherwise run before its callbacks.
        started: Future[JobInfo] = Future()

        def done(future: Future[JobInfo]) -> None:
            if future.cancelled():
                started.cancel()
                return
            try:
                self._started(future)
            finally:
                exc = future.exception()
                if exc is not None:
                    started.set_exception(exc)
                else:
                    started.set_result(future.result())

        self.submit(lambda conn: run_job(conn, spec)).add_done_callback(done)
        return started

    def _started(self, future: Future[JobInfo]) -> None:
        exc = future.exception()
        if exc is not None:
            self.jobs_failed.emit(exc)
            return
        info = future.result()
        pin_jobs(self.session, [info])
        with self._lock:
            self.ran_a_job = True
            self._seen_running.add(info.id)
            if info.id not in {j.id for j in self.jobs}:
                self.jobs = [info, *self.jobs]
        self._set_busy(JOB, True)
        self.job_started.emit(info)
        self.changed.emit(self)
        self.refresh_jobs()

    def forget_job(self, job_id: str) -> None:
        """A removed job: its scanner goes too."""
        with self._lock:
            self.watches.pop(job_id, None)
            self._seen_running.discard(job_id)

    def mark_collected(self) -> None:
        """A job's results were downloaded (the guide's last step)."""
        if not self.collected_any:
            self.collected_any = True
            self.changed.emit(self)

    # -- the link --------------------------------------------------------------
    def _on_connected(self, conn: Connection) -> None:
        with self._lock:
            if self._closed:
                return
            queue = self._queue
            if self._poll is not None:
                self._poll.cancel()
            every = max(2.0, float(settings.get("jobs.refresh_s")))
            self._poll = self._clock.every(every, self._tick)
        if queue is not None:
            queue.set_connection(conn)
        self.refresh_jobs()

    def _on_state(self, state: LinkState) -> None:
        if state == LinkState.CONNECTED:
            return
        with self._lock:
            poll, self._poll = self._poll, None
            queue = self._queue
        if poll is not None:
            poll.cancel()
        if queue is not None:
            queue.connection_lost()  # held until the link is back; items go on from their partial copies

    def _tick(self) -> None:
        if any(j.status == RUNNING for j in list(self.jobs)):
            self.refresh_jobs()

    def _set_busy(self, kind: str, busy: bool) -> None:
        with self._lock:
            if self._busy[kind] == busy:
                return
            self._busy[kind] = busy
        self.busy_changed.emit((kind, busy))

    def busy(self, kind: str) -> bool:
        return self._busy.get(kind, False)

    def close(self) -> None:
        """Stop the queue (running items pause and keep their partial copies) and the jobs poll."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            poll, self._poll = self._poll, None
            queue, io = self._queue, self._io
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        if poll is not None:
            poll.cancel()
        if queue is not None:
            queue.on_update = None  # late reports reach nobody
            queue.close()
        if io is not None:
            io.shutdown(wait=False, cancel_futures=True)
        for kind in (TRANSFER, JOB):
            self._set_busy(kind, False)
