"""Run blocking work off the GUI thread and get the result back on it.

``run_in_background(fn, on_done, on_error)`` is the one way the UI does IO. ``fn`` runs on
an executor thread and must never touch a widget; ``on_done``/``on_error`` run on the GUI
thread through a queued signal.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from gpudesk.ui.qt import QCoreApplication, QObject, Signal

_shared_pool: ThreadPoolExecutor | None = None


def shared_pool() -> ThreadPoolExecutor:
    """A pool for work that is not tied to one connection (provider HTTP, local disk)."""
    global _shared_pool
    if _shared_pool is None:
        _shared_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="gpudesk-bg")
    return _shared_pool


class _Relay(QObject):
    done = Signal(object, object)  # (callback, value)

    def __init__(self) -> None:
        super().__init__()
        self.done.connect(self._call)

    def _call(self, callback: Callable[[Any], object], value: Any) -> None:
        try:
            callback(value)
        except RuntimeError as exc:
            # The widget that asked for the result was closed while the work ran: nothing
            # is left to update, which is not an error.
            if "already deleted" not in str(exc):
                raise


_relay: _Relay | None = None


def _get_relay() -> _Relay:
    global _relay
    if _relay is None:
        relay = _Relay()
        # It must live on the GUI thread even when the first call comes from an IO thread (a core
        # event): a queued signal runs its slot in the receiver's thread.
        app = QCoreApplication.instance()
        if app is not None and relay.thread() is not app.thread():
            relay.moveToThread(app.thread())
        _relay = relay
    return _relay


def _emit(relay: _Relay, callback: Callable[[Any], object], value: Any) -> None:
    try:
        relay.done.emit(callback, value)
    except RuntimeError:
        pass  # the application is shutting down: nobody is left to receive it


def call_in_gui(callback: Callable[[Any], object], value: Any = None) -> None:
    """Call ``callback(value)`` on the GUI thread, from any thread."""
    _emit(_get_relay(), callback, value)


def run_in_background(
    fn: Callable[[], Any],
    on_done: Callable[[Any], object] | None = None,
    on_error: Callable[[BaseException], object] | None = None,
    executor: Executor | None = None,
) -> Future[Any]:
    _get_relay()  # made on the GUI thread (this call comes from there) before the work can finish
    future = (executor or shared_pool()).submit(fn)
    deliver_in_gui(future, on_done, on_error)
    return future


def deliver_in_gui(
    future: Future[Any],
    on_done: Callable[[Any], object] | None = None,
    on_error: Callable[[BaseException], object] | None = None,
    alive: Callable[[], bool] | None = None,
) -> None:
    """When ``future`` ends, call ``on_done(result)`` or ``on_error(exc)`` on the GUI thread.

    A cancelled future says nothing. ``alive`` is asked on the GUI thread just before the call: False (the
    view that asked was closed meanwhile) drops the answer.
    """
    relay = _get_relay()

    def deliver(callback: Callable[[Any], object], value: Any) -> None:
        if alive is None or alive():
            callback(value)

    def finished(fut: Future[Any]) -> None:
        if fut.cancelled():
            return
        exc = fut.exception()
        if exc is not None:
            if on_error is not None:
                _emit(relay, lambda value: deliver(on_error, value), exc)
        elif on_done is not None:
            _emit(relay, lambda value: deliver(on_done, value), fut.result())

    future.add_done_callback(finished)
