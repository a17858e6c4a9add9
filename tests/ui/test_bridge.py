"""The one bridge: core events from any thread reach views on the GUI thread, and never a closed view."""

from __future__ import annotations

import threading

from gpudesk.core.events import Event
from gpudesk.ui import bridge
from gpudesk.ui.qt import QObject, QtCore


def test_an_event_from_an_io_thread_reaches_the_view_on_the_gui_thread(qtbot) -> None:
    event: Event[str] = Event("state")
    owner = QObject()
    calls: list[tuple[str, bool]] = []
    gui = QtCore.QThread.currentThread()
    bridge.connect(event, lambda v: calls.append((v, QtCore.QThread.currentThread() is gui)), owner)
    worker = threading.Thread(target=event.emit, args=("connected",))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(calls), timeout=5000)
    assert calls == [("connected", True)]


def test_a_destroyed_view_hears_nothing_and_its_subscription_ends(qtbot) -> None:
    event: Event[int] = Event("summary")
    owner = QObject()
    heard: list[int] = []
    bridge.connect(event, heard.append, owner)
    witness = QObject()
    later: list[int] = []
    bridge.connect(event, later.append, witness)  # a view that stays: proves delivery had its chance
    assert len(event) == 2
    with qtbot.waitSignal(owner.destroyed, timeout=5000):
        owner.deleteLater()
    assert len(event) == 1
    event.emit(5)
    qtbot.waitUntil(lambda: later == [5], timeout=5000)
    assert heard == []


def test_news_queued_before_the_view_closed_is_dropped(qtbot) -> None:
    event: Event[int] = Event("frame")
    owner = QObject()
    heard: list[int] = []
    bridge.connect(event, heard.append, owner)
    witness = QObject()
    later: list[int] = []
    bridge.connect(event, later.append, witness)
    worker = threading.Thread(target=event.emit, args=(1,))
    worker.start()
    worker.join()  # queued for the GUI thread, not yet delivered
    import shiboken6

    shiboken6.delete(owner)  # the view goes before the queued call runs
    qtbot.waitUntil(lambda: later == [1], timeout=5000)
    assert heard == []
