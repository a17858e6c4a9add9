"""Idle detection: every GPU quiet and its memory flat, and nobody using the server.

Fed by plain method calls: the telemetry sampler calls :meth:`IdleDetector.feed_gpu`, the
app calls :meth:`note_activity` for terminal input and :meth:`set_busy` while a job or a
transfer runs. Times are epoch seconds passed in, so tests need no clock.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from gpudesk.core.i18n import msg

ACTIVITY_KINDS = ("terminal", "job", "transfer", "user", "ide")


def idle_minutes(idle_s: float) -> int:
    """Idle time in whole minutes, as every view shows it (at least 1 once anything is shown)."""
    return max(1, int(idle_s // 60))


@dataclass
class IdleConfig:
    threshold_pct: float = 5.0  # every GPU below this utilisation …
    minutes: float = 15.0  # … for this long, with no activity
    mem_tolerance_mib: float = 256.0  # memory moving more than this is work (a loader, a job starting)
    stale_after_s: float = 120.0  # telemetry older than this says nothing
    ide_ceiling_minutes: float = 240.0  # an IDE at work on the server holds an idle GPU off at most this long

    def __post_init__(self) -> None:
        if self.minutes <= 0 or self.threshold_pct < 0:
            raise ValueError(msg("Billing", "Idle minutes must be positive and the threshold not negative."))


class IdleDetector:
    """Answers: since when has this server been idle? Thread-safe."""

    def __init__(self, config: IdleConfig | None = None) -> None:
        self.config = config or IdleConfig()
        self._lock = threading.Lock()
        self._first_sample: float | None = None
        self._last_sample: float | None = None
        self._last_busy: float | None = None  # last time a GPU worked or something happened
        self._mem_ref: list[float] = []
        self._busy: dict[str, bool] = {}
        self._max_util = 0.0
        self._ide_last: float | None = None  # last time an IDE's server on the instance used CPU
        self._ide_name = ""

    def feed_gpu(self, util: Sequence[float | None], mem_mib: Sequence[float | None], t: float) -> None:
        """One telemetry sample: utilisation % and used memory (MiB) per GPU."""
        with self._lock:
            if self._first_sample is None:
                self._first_sample = t
            self._last_sample = t
            utils = [u for u in util if u is not None]
            self._max_util = max(utils) if utils else 0.0
            mems = [float(m) if m is not None else 0.0 for m in mem_mib]
            moved = len(mems) != len(self._mem_ref) or any(
                abs(a - b) > self.config.mem_tolerance_mib for a, b in zip(mems, self._mem_ref, strict=False)
            )
            if moved:
                self._mem_ref = mems
            if self._max_util >= self.config.threshold_pct or (moved and self._first_sample != t):
                self._last_busy = t

    def note_activity(self, kind: str, t: float) -> None:
        """Something happened: a key typed in a terminal, a job line, a transfer chunk."""
        with self._lock:
            self._last_busy = t if self._last_busy is None else max(self._last_busy, t)

    def note_ide(self, ide: str, t: float) -> None:
        """An IDE's server on the instance (VS Code, Cursor, Windsurf) used CPU: work, up to the ceiling."""
        with self._lock:
            self._ide_last = t if self._ide_last is None else max(self._ide_last, t)
            self._ide_name = ide

    def ide_in_use(self, t: float, within_s: float = 180.0) -> str:
        """The IDE seen at work in the last ``within_s`` ("" when none)."""
        with self._lock:
            return self._ide_name if self._ide_last is not None and t - self._ide_last <= within_s else ""

    def rule(self, t: float) -> str:
        """Which rule decides now: "ide" (an IDE holds the idle GPU off), "ide_ceiling" (it did, past the ceiling), "gpu"."""
        with self._lock:
            base = self._base_since_locked(t)
            if base is None or self._ide_last is None or self._ide_last <= base:
                return "gpu"
            return "ide" if self._ide_last - base < self.config.ide_ceiling_minutes * 60.0 else "ide_ceiling"

    def set_busy(self, kind: str, busy: bool, t: float) -> None:
        """A job or transfer started (``busy``) or ended; while any runs the server is not idle."""
        with self._lock:
            self._busy[kind] = busy
            self._last_busy = t if self._last_busy is None else max(self._last_busy, t)

    def busy_kinds(self) -> list[str]:
        with self._lock:
            return [k for k, v in self._busy.items() if v]

    def stale(self, t: float) -> bool:
        """No fresh telemetry: nothing can be said about the GPUs."""
        with self._lock:
            return self._last_sample is None or t - self._last_sample > self.config.stale_after_s

    def idle_since(self, t: float) -> float | None:
        """When the current idle stretch began, or None when busy or when there is no fresh telemetry.

        IDE activity moves the start, but never past the GPU's own idle start plus the IDE ceiling.
        """
        with self._lock:
            base = self._base_since_locked(t)
            if base is None or self._ide_last is None or self._ide_last <= base:
                return base
            return min(self._ide_last, base + self.config.ide_ceiling_minutes * 60.0)

    def _base_since_locked(self, t: float) -> float | None:
        if self._last_sample is None or t - self._last_sample > self.config.stale_after_s:
            return None
        if any(self._busy.values()) or self._max_util >= self.config.threshold_pct:
            return None
        start = self._first_sample if self._first_sample is not None else t
        return max(start, self._last_busy) if self._last_busy is not None else start

    def idle_seconds(self, t: float) -> float:
        since = self.idle_since(t)
        return 0.0 if since is None else max(0.0, t - since)

    def is_idle(self, t: float) -> bool:
        return self.idle_seconds(t) >= self.config.minutes * 60.0

    def reset(self, t: float) -> None:
        """Start counting afresh (after the user answered 'keep')."""
        with self._lock:
            self._last_busy = t
