"""A check that runs now and then on its own daemon thread: network reads never run on the clock's or the GUI's."""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("gpudesk.alerts")


class Watch:
    """Calls :meth:`check` every ``interval_s`` (the first time after ``first_s``) until :meth:`close`.

    A subclass sets its own attributes *before* calling ``super().__init__``: the thread starts there."""

    what = "watch"  # for the thread's name and the log

    def __init__(self, interval_s: float, first_s: float) -> None:
        self.interval_s = interval_s
        self._first_s = first_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"gpudesk-alerts-{self.what}", daemon=True)
        self._thread.start()

    def check(self) -> object:
        raise NotImplementedError

    def _run(self) -> None:
        wait = self._first_s
        while not self._stop.wait(wait):
            try:
                self.check()
            except Exception:  # noqa: BLE001 - the watch must outlive one provider's surprise
                log.exception("%s check failed", self.what)
            wait = self.interval_s

    def close(self, wait_s: float = 2.0) -> None:
        self._stop.set()
        self._thread.join(wait_s)
