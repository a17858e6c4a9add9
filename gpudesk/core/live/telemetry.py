"""A server's GPU feed: one sampler, its history, and a typed summary, owned by the live server.

CONTRACT: ``feed.frame: Event[Frame]`` (each sampling round), ``feed.summary_changed: Event[GpuSummary | None]``
(None once the link is down: nobody knows the GPUs then), ``feed.status_changed: Event[SmiStatus]``,
``feed.processes_changed: Event[list[GpuProcess]]``, ``feed.versions_changed: Event[Versions]``,
``feed.hints_changed: Event[list[Hint]]``, ``feed.report_changed: Event[Report]``;
``feed.summary`` (the last GpuSummary or None), ``feed.history``, ``feed.hints``, ``feed.processes``,
``feed.versions``, ``feed.status``, ``feed.warmup``, ``feed.report``.
``GpuSummary`` (``gpudesk.core.telemetry.summary``) is a frozen dataclass with ``count``, ``model``,
``util_mean``, ``mem_used_gb``, per-GPU ``utils``/``mems_mib`` and a ``text`` property: the short line
"8× H100 · 73% · 61 GB" for the sidebar/status bar.

The feed starts ONE sampler when the link's ``connected`` fires (its value is the core Connection)
and stops it as soon as the link leaves CONNECTED or the server closes: closing the channel ends the
remote nvidia-smi loop. Events come from the sampler's thread (frames, processes, status) or from
whoever changed the link or the billing state. The idle advice says the server "is billed": it is
only given while the billing state the server hands in (:meth:`TelemetryFeed.follow_billing`) is
BILLING or UNKNOWN.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from gpudesk.core import settings
from gpudesk.core.envcheck import Report, evaluate, facts_command, parse_facts
from gpudesk.core.events import Event
from gpudesk.core.i18n import msg
from gpudesk.core.live.state import LinkState
from gpudesk.core.ssh.errors import Disconnected
from gpudesk.core.telemetry.hints import Hint, Warmup, hints
from gpudesk.core.telemetry.history import History
from gpudesk.core.telemetry.model import Frame, GpuProcess, GpuSample, SmiStatus, Versions
from gpudesk.core.telemetry.sampler import Sampler
from gpudesk.core.telemetry.snapshot import Snapshot, take_snapshot
from gpudesk.core.telemetry.summary import GpuSummary

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

#: billing states in which "idle while billed" is true (or may be: nobody knows)
BILLED_STATES = frozenset({"billing", "unknown"})
#: seconds of samples the advice averages, so one quiet second does not flip it
ADVICE_WINDOW_S = 60


class TelemetryFeed:
    """The GPU telemetry of one live server: sampler, history, warm-up, processes, status and advice."""

    def __init__(
        self,
        connected: Event[Connection] | None = None,
        state_changed: Event[LinkState] | None = None,
        on_summary: Callable[[], None] | None = None,
    ) -> None:
        """The feed of a link: its ``connected`` and ``state_changed`` news; ``on_summary`` is told after
        each new summary. ``TelemetryFeed(None)`` is a detached feed for one-shot reads (the CLI's
        :meth:`snapshot`/:meth:`check`): no link to follow, and billing unknown."""
        self._on_summary = on_summary
        self._billing_state: object | None = None  # as last handed in; None: nobody knows
        self.history = History()
        #: tuning advice waits until each GPU's work (or idleness) has settled
        self.warmup = Warmup()
        self.sampler: Sampler | None = None
        self.connection: Connection | None = None  # the core Connection the sampler streams from
        self.status: SmiStatus | None = None
        self.versions = Versions()
        self.processes: list[GpuProcess] = []
        self.hints: list[Hint] = []  # the advice shown now (billing-aware)
        self.summary: GpuSummary | None = None
        self.report: Report | None = None  # the last environment check
        self.frame: Event[Frame] = Event("gpu frame")
        self.summary_changed: Event[GpuSummary | None] = Event("gpu summary")
        self.status_changed: Event[SmiStatus] = Event("nvidia-smi status")
        self.processes_changed: Event[list[GpuProcess]] = Event("gpu processes")
        self.versions_changed: Event[Versions] = Event("driver versions")
        self.hints_changed: Event[list[Hint]] = Event("gpu hints")
        self.report_changed: Event[Report] = Event("environment report")
        self._lock = threading.RLock()
        self._summary_lock = threading.RLock()  # held while a summary is told: its subscribers must be quick
        self._gen = 0  # bumped on every start/stop: a stopped sampler's late callbacks are dropped
        self._advice: list[Hint] = []  # every hint that applies, before the billing filter
        self._closed = False
        self._unsubscribe: list[Callable[[], None]] = []
        if connected is not None:
            self._unsubscribe.append(connected.subscribe(self._on_connected))
        if state_changed is not None:
            self._unsubscribe.append(state_changed.subscribe(self._on_state))

    # -- the link ------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while a sampler streams (it may be between tries of a broken nvidia-smi)."""
        sampler = self.sampler
        return sampler is not None and sampler.running

    def _on_connected(self, conn: Connection) -> None:
        self.start(conn)

    def _on_state(self, state: LinkState) -> None:
        if state != LinkState.CONNECTED:
            self.stop()

    def start(self, conn: Connection | None) -> None:
        """Stream from ``conn``; a second call for the same connection keeps the one stream."""
        with self._lock:
            if self._closed or conn is None:
                return
            current = self.sampler
            if current is not None and current.conn is conn and current.running:
                return  # one stream per connection
            self._gen += 1
            gen = self._gen
            self.connection = conn
            self.sampler = Sampler(
                conn,
                on_frame=lambda frame: self._on_frame(gen, frame),
                on_processes=lambda procs: self._on_processes(gen, procs),
                on_versions=lambda versions: self._on_versions(gen, versions),
                on_status=lambda status: self._on_status(gen, status),
                interval_ms=settings.get("telemetry.interval_ms"),
                apps_s=settings.get("telemetry.processes_interval_s"),
            )
            sampler = self.sampler
        if current is not None:
            current.stop()
        sampler.start()

    def stop(self) -> None:
        """Stop streaming (never waits: closing the channel ends the reader and the remote loop)."""
        with self._lock:
            self._gen += 1
            sampler, self.sampler = self.sampler, None
            self.connection = None
        if sampler is not None:
            sampler.stop()
        self._set_summary(None, None)

    def close(self) -> None:
        """End the stream and every subscription (idempotent)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            unsubscribe, self._unsubscribe = self._unsubscribe, []
        for fn in unsubscribe:
            fn()
        self.stop()

    # -- what the sampler says ---------------------------------------------------
    def _on_frame(self, gen: int, frame: Frame) -> None:
        if gen != self._gen:
            return
        self._absorb_frame(frame, gen)

    def _absorb_frame(self, frame: Frame, gen: int) -> None:
        self.history.add(frame)
        self.frame.emit(frame)
        with self._lock:
            if gen != self._gen:
                return
            gpus = self.history.gpus()
            self._advice = self._compute_advice(gpus, self.history.latest_t or frame.t)
        self._set_summary(GpuSummary.of(gpus), gen)
        self._publish_hints()

    def _on_processes(self, gen: int, procs: list[GpuProcess]) -> None:
        if gen != self._gen:
            return
        self.processes = procs
        self.processes_changed.emit(procs)

    def _on_versions(self, gen: int, versions: Versions) -> None:
        if gen != self._gen:
            return
        self.versions = versions
        self.versions_changed.emit(versions)

    def _on_status(self, gen: int, status: SmiStatus) -> None:
        if gen != self._gen:
            return
        self.status = status
        self.status_changed.emit(status)

    def _set_summary(self, summary: GpuSummary | None, gen: int | None) -> None:
        """Keep and tell a new summary; ``gen`` None clears it (the link is down).

        Set and told under one lock, so a round that was being read while the link went down can
        never be told after the "no summary" that followed it.
        """
        with self._summary_lock:
            if gen is not None and gen != self._gen:
                return
            if summary == self.summary:
                return
            self.summary = summary
            self.summary_changed.emit(summary)
        if self._on_summary is not None:
            self._on_summary()

    # -- advice ------------------------------------------------------------------
    def _compute_advice(self, gpus: list[GpuSample], now: float) -> list[Hint]:
        """Advice from the last minute's means, past each GPU's warm-up (the caller holds the lock)."""
        means: dict[str, dict[str, float]] = {}
        for metric in ("util_gpu", "mem_used_mib"):
            keys, _, lo, hi = self.history.windows(metric, ADVICE_WINDOW_S)
            with np.errstate(all="ignore"):
                means[metric] = dict(zip(keys, np.nanmean((lo + hi) / 2, axis=-1) if lo.size else [], strict=False))
        smooth = []
        for g in gpus:
            util = means["util_gpu"].get(g.key)
            mem = means["mem_used_mib"].get(g.key)
            smooth.append(GpuSample(
                g.index, g.uuid, g.name,
                util_gpu=None if util is None or np.isnan(util) else float(util),
                mem_used_mib=None if mem is None or np.isnan(mem) else float(mem),
                mem_total_mib=g.mem_total_mib, temp_c=g.temp_c, power_w=g.power_w, power_limit_w=g.power_limit_w,
            ))  # fmt: skip
        warmup = self.warmup
        warmup.update(gpus, self.processes, now)
        return hints(smooth, self.processes, settled=lambda g: warmup.settled(g, now))

    @property
    def billed(self) -> bool:
        """Whether the server may cost money now (BILLING, or UNKNOWN: nobody knows)."""
        state = self._billing_state
        return state is None or str(state) in BILLED_STATES

    def follow_billing(self, state: object) -> None:
        """The server's billing state now (a BillingState): the advice follows it at once."""
        with self._lock:
            if self._closed:
                return
            self._billing_state = state
        self._publish_hints()

    def _publish_hints(self) -> None:
        with self._lock:
            billed = self.billed
            # "Idle while billed" must not be said of a stopped or released server.
            shown = [h for h in self._advice if h.kind != "idle" or billed]
            if shown == self.hints:
                return
            self.hints = shown
        self.hints_changed.emit(shown)

    # -- one-shot reads (the CLI, the environment check) ----------------------------
    def snapshot(self, conn: Connection | None = None, timeout: float = 60.0) -> Snapshot:
        """One nvidia-smi snapshot over ``conn`` (default: the streaming connection).

        Without a stream (the CLI) the snapshot becomes the feed's state: history, processes,
        versions, status, summary and advice, as a stream's round would. While a stream runs, the
        stream alone writes the history (its rounds are in order), and the snapshot is only returned.
        """
        conn = self._conn(conn)
        snap = take_snapshot(conn, timeout=timeout)
        with self._lock:
            absorb = self.sampler is None and not self._closed
            gen = self._gen
        if not absorb:
            return snap
        if snap.versions.driver or snap.versions.cuda:
            self._on_versions(gen, snap.versions)
        self._on_processes(gen, snap.processes)
        self._on_status(gen, snap.status)
        if snap.gpus:
            latest = {g.key: g for g in snap.gpus}  # one sample per GPU in a round
            self._absorb_frame(Frame(time.time(), list(latest.values()), list(snap.lost)), gen)
        return snap

    def check(self, conn: Connection | None = None, timeout: float = 180.0) -> Report:
        """The environment check (driver, CUDA, frameworks, disks, tmux) over ``conn``; blocks.

        Not on the link's IO thread: importing PyTorch on the server can take a while, and file
        transfers should not wait for it (channels work from any thread).
        """
        conn = self._conn(conn)
        snap = self.snapshot(conn)
        result = conn.exec(facts_command(), timeout=timeout)
        report = evaluate(snap, parse_facts(result.out))
        self.report = report
        self.report_changed.emit(report)
        return report

    def _conn(self, conn: Connection | None) -> Connection:
        conn = conn if conn is not None else self.connection
        if conn is None:
            raise Disconnected(msg("TelemetryFeed", "Not connected."))
        return conn

    def __repr__(self) -> str:
        return f"<TelemetryFeed {'streaming' if self.running else 'idle'} {self.summary.text if self.summary else ''}>"
