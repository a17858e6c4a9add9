"""The live core's plumbing: typed events, the one clock thread, and the workspace of open servers."""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.clock import Clock
from gpudesk.core.events import Event
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session


def test_a_subscriber_that_raises_does_not_silence_the_others(caplog: pytest.LogCaptureFixture) -> None:
    event: Event[int] = Event("guard feed")
    seen: list[int] = []
    event.subscribe(lambda v: 1 / 0)  # a broken view
    event.subscribe(seen.append)  # the billing guard
    event.emit(7)
    assert seen == [7]
    assert "guard feed" in caplog.text


def test_unsubscribing_inside_a_callback_is_safe_and_final() -> None:
    event: Event[str] = Event()
    seen: list[str] = []
    unsubscribe: list = []

    def once(value: str) -> None:
        seen.append(value)
        unsubscribe[0]()

    unsubscribe.append(event.subscribe(once))
    event.emit("a")
    event.emit("b")
    assert seen == ["a"] and len(event) == 0
    unsubscribe[0]()  # twice is harmless


def test_link_state_is_a_closed_set_that_still_compares_as_text() -> None:
    assert LinkState("connected") is LinkState.CONNECTED
    assert LinkState.CONNECTED == "connected" and LinkState.CONNECTED.up and not LinkState.DROPPED.up
    with pytest.raises(ValueError):
        LinkState("Connected ")  # free text from a view is not a state


def test_the_clock_runs_calls_in_due_order_and_skips_cancelled_ones() -> None:
    clock = Clock("test-clock")
    try:
        order: list[str] = []
        done = threading.Event()
        clock.call_later(0.06, lambda: (order.append("last"), done.set()))
        clock.call_later(0.02, lambda: order.append("first"))
        cancelled = clock.call_later(0.03, lambda: order.append("cancelled"))
        cancelled.cancel()
        assert done.wait(5)
        assert order == ["first", "last"]
        assert not cancelled.active
    finally:
        clock.stop()
    assert not clock.running


def test_a_failing_timed_call_does_not_stop_the_clock() -> None:
    clock = Clock("test-clock")
    try:
        ticks: list[int] = []
        ten = threading.Event()

        def tick() -> None:
            ticks.append(1)
            if len(ticks) == 3:
                raise RuntimeError("a bug in one tick")
            if len(ticks) >= 10:
                ten.set()

        handle = clock.every(0.005, tick, first_s=0)
        assert ten.wait(5), "the clock stopped after a failing call"
        handle.cancel()
        assert not handle.active
    finally:
        clock.stop()


def test_the_workspace_keeps_one_live_server_per_session_and_closes_it_once() -> None:
    clock = Clock("test-clock")
    workspace = Workspace(clock)
    try:
        session = Session(name="a100", host="10.0.0.1", username="root")
        opened: list = []
        closed: list = []
        workspace.opened.subscribe(opened.append)
        workspace.closed.subscribe(closed.append)
        first = workspace.open(session)
        assert workspace.open(session) is first  # a second tab for the same server shares its live object
        assert opened == [first] and workspace.get(session.id) is first
        assert first.state is LinkState.IDLE and first.clock is clock
        workspace.close(session.id)
        workspace.close(session.id)  # twice: nothing more
        assert closed == [first] and first.closed and workspace.servers == []
        again = workspace.open(session)
        assert again is not first and not again.closed
    finally:
        workspace.close_all()
        clock.stop()
