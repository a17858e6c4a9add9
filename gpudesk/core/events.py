"""Typed publish/subscribe points, the live core's only way to tell anyone anything.

An :class:`Event` calls its subscribers on the thread that emits (an IO thread, the clock's thread,
the caller's). The UI never subscribes directly: ``gpudesk.ui.bridge.connect`` hops to the GUI thread.
A subscriber that raises is logged and does not stop the others (one broken view must not silence
the billing guard).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
_log = logging.getLogger("gpudesk.live")


class Event(Generic[T]):
    """One kind of news, with its value type; ``subscribe`` returns the function that unsubscribes."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self._lock = threading.Lock()
        self._subscribers: list[Callable[[T], None]] = []

    def subscribe(self, fn: Callable[[T], None]) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(fn)

        def unsubscribe() -> None:
            with self._lock:
                if fn in self._subscribers:
                    self._subscribers.remove(fn)

        return unsubscribe

    def emit(self, value: T) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for fn in subscribers:
            try:
                fn(value)
            except Exception:  # noqa: BLE001 - one subscriber's bug must not silence the others
                _log.exception("a subscriber of %s failed", self.name or "an event")

    def clear(self) -> None:
        with self._lock:
            self._subscribers.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._subscribers)
