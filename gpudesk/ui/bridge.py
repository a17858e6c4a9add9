"""The one place where the live core's events become GUI-thread calls.

``connect(event, slot, owner)`` subscribes ``slot`` to a core :class:`~gpudesk.core.events.Event`;
each emission (from any thread) reaches ``slot`` on the GUI thread, and the subscription ends when
``owner`` (a QObject, usually the view) is destroyed, so a closed view never hears late news.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from gpudesk.core.events import Event
from gpudesk.ui.background import call_in_gui
from gpudesk.ui.qt import QObject, shiboken6

T = TypeVar("T")


def connect(event: Event[T], slot: Callable[[T], Any], owner: QObject) -> Callable[[], None]:
    """Deliver ``event`` to ``slot`` on the GUI thread while ``owner`` lives; returns the unsubscribe."""
    alive = [True]

    def deliver(value: T) -> None:
        if alive[0] and shiboken6.isValid(owner):
            slot(value)

    def hop(value: T) -> None:
        if alive[0]:
            call_in_gui(deliver, value)

    unsubscribe = event.subscribe(hop)

    def end(*_args: object) -> None:
        alive[0] = False
        unsubscribe()

    owner.destroyed.connect(end)
    return end
