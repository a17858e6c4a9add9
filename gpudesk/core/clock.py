"""The live core's clock: one thread that runs timed work (reconnect waits, polls, the billing tick).

Widgets' timers are no clock for billing: a closed cost bar, a hidden window or a busy GUI thread
must not stop the guard from counting. Callbacks run on the clock's thread and must be quick; IO
goes to the server's executor.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

_log = logging.getLogger("gpudesk.live")


@dataclass(order=True)
class _Entry:
    due: float
    seq: int
    fn: Callable[[], None] = field(compare=False)
    every: float | None = field(compare=False, default=None)
    cancelled: bool = field(compare=False, default=False)
    ran: bool = field(compare=False, default=False)


class Handle:
    """A scheduled call; ``cancel()`` is safe from any thread, twice, and after it ran."""

    def __init__(self, clock: Clock, entry: _Entry) -> None:
        self._clock = clock
        self._entry = entry

    def cancel(self) -> None:
        self._entry.cancelled = True
        self._clock._wake()

    @property
    def active(self) -> bool:
        """True until it ran (a one-shot) or was cancelled."""
        return not self._entry.cancelled and (self._entry.every is not None or not self._entry.ran)


class Clock:
    """Runs ``call_later``/``every`` callbacks on one daemon thread, in due order."""

    def __init__(self, name: str = "gpudesk-clock", monotonic: Callable[[], float] = time.monotonic) -> None:
        self._now = monotonic
        self._heap: list[_Entry] = []
        self._seq = itertools.count()
        self._cv = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def call_later(self, delay_s: float, fn: Callable[[], None]) -> Handle:
        return self._add(_Entry(self._now() + max(0.0, delay_s), next(self._seq), fn))

    def every(self, interval_s: float, fn: Callable[[], None], first_s: float | None = None) -> Handle:
        first = interval_s if first_s is None else first_s
        return self._add(_Entry(self._now() + max(0.0, first), next(self._seq), fn, every=max(0.01, interval_s)))

    def stop(self, wait_s: float = 1.0) -> None:
        with self._cv:
            self._stopped = True
            self._cv.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(wait_s)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _add(self, entry: _Entry) -> Handle:
        with self._cv:
            heapq.heappush(self._heap, entry)
            self._cv.notify_all()
        return Handle(self, entry)

    def _wake(self) -> None:
        with self._cv:
            self._cv.notify_all()

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._stopped:
                    while self._heap and self._heap[0].cancelled:
                        heapq.heappop(self._heap)
                    if self._heap and self._heap[0].due <= self._now():
                        break
                    timeout = (self._heap[0].due - self._now()) if self._heap else None
                    self._cv.wait(timeout)
                if self._stopped:
                    return
                entry = heapq.heappop(self._heap)
                if entry.every is not None:
                    entry.due = max(entry.due + entry.every, self._now())
                    entry.seq = next(self._seq)
                    heapq.heappush(self._heap, entry)
                else:
                    entry.ran = True
            try:
                entry.fn()
            except Exception:  # noqa: BLE001 - one failing callback must not stop the clock
                _log.exception("a timed callback failed")


_shared: Clock | None = None
_shared_lock = threading.Lock()


def shared_clock() -> Clock:
    """The process's clock (started on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None or not _shared.running:
            _shared = Clock()
        return _shared
