"""A few daemon threads for blocking work that must never hold the app's exit (provider calls, a dialog's work).

Threads start on demand and end after ``idle_s`` without work, so an object that is forgotten (a
dialog closed without ``shutdown``) leaves nothing running for the rest of the process.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Workers(Executor):
    def __init__(self, name: str, size: int = 2, idle_s: float = 30.0) -> None:
        self._name, self._size, self._idle_s = name, size, idle_s
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._idle = 0
        self._shut = False

    def submit(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        future: Future[R] = Future()
        call = (lambda: fn(*args, **kwargs)) if args or kwargs else fn
        with self._lock:
            if self._shut:
                raise RuntimeError(f"{self._name}: shut down")
            self._queue.put((future, call))
            self._threads = [t for t in self._threads if t.is_alive()]
            if self._idle == 0 and len(self._threads) < self._size:
                thread = threading.Thread(target=self._run, name=f"{self._name}_{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
        return future

    def _run(self) -> None:
        me = threading.current_thread()
        while True:
            with self._lock:
                self._idle += 1
            try:
                item = self._queue.get(timeout=self._idle_s)
            except queue.Empty:
                item = None
            with self._lock:
                self._idle -= 1
                if item is None:
                    # Work queued between the timeout and this lock saw this thread as idle and started
                    # none: stay for it. A shutdown's None (or a quiet queue) ends the thread.
                    if not self._shut and not self._queue.empty():
                        continue
                    if me in self._threads:
                        self._threads.remove(me)
                    return
            future, fn = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits on the future
                future.set_exception(exc)

    def shutdown(self, wait: bool = False, *, cancel_futures: bool = True) -> None:
        """Drop what has not started; running work finishes on its own (daemon threads)."""
        with self._lock:
            self._shut = True
            threads = list(self._threads)
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in threads:
            self._queue.put(None)
        if wait:
            for thread in threads:
                if thread is not threading.current_thread():
                    thread.join()

    @property
    def threads(self) -> list[threading.Thread]:
        with self._lock:
            return [t for t in self._threads if t.is_alive()]
