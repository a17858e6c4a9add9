"""Progress figures (bytes, speed, ETA), reported at most ~10 times a second."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    speed: float  # bytes per second over the last few seconds
    eta_s: float | None

    @property
    def fraction(self) -> float:
        return 1.0 if self.total <= 0 else min(1.0, self.done / self.total)


class Meter:
    """Counts bytes and calls ``report`` no more often than every ``interval`` seconds."""

    def __init__(
        self,
        total: int,
        report: Callable[[Progress], None],
        done: int = 0,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.done = done
        self._report = report
        self._interval = interval
        self._clock = clock
        now = clock()
        self._last = now - interval  # the first update goes out at once
        self._samples: deque[tuple[float, int]] = deque([(now, done)])

    def add(self, n: int) -> None:
        self.done += n
        now = self._clock()
        if now - self._last >= self._interval:
            self._emit(now)

    def flush(self) -> None:
        self._emit(self._clock())

    def snapshot(self) -> Progress:
        now = self._clock()
        return self._progress(now)

    def _progress(self, now: float) -> Progress:
        samples = self._samples
        samples.append((now, self.done))
        while len(samples) > 2 and now - samples[0][0] > 3.0:  # a 3 s window smooths bursts
            samples.popleft()
        t0, d0 = samples[0]
        speed = (self.done - d0) / (now - t0) if now > t0 else 0.0
        left = max(0, self.total - self.done)
        eta = left / speed if speed > 0 else None
        return Progress(self.done, self.total, speed, eta)

    def _emit(self, now: float) -> None:
        self._last = now
        self._report(self._progress(now))
