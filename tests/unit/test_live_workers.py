"""The live core's worker threads: daemon, started on demand, gone when idle, never losing queued work."""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.live.workers import Workers


def test_work_runs_on_daemon_threads_that_end_when_idle() -> None:
    workers = Workers("test-workers", size=2, idle_s=0.05)
    assert workers.submit(lambda: threading.current_thread()).result(5).daemon
    for thread in workers.threads:
        thread.join(5)  # idle: it ends by itself (a forgotten dialog leaves nothing running)
    assert workers.threads == []
    assert workers.submit(lambda x: x * 2, 21).result(5) == 42  # and a new one starts for new work


def test_work_queued_as_a_thread_times_out_still_runs() -> None:
    workers = Workers("test-workers", size=1, idle_s=0.001)  # the thread is forever on the edge of leaving
    results = [workers.submit(lambda i=i: i) for i in range(300)]
    assert [f.result(10) for f in results] == list(range(300))


def test_shutdown_drops_what_has_not_started_and_refuses_more() -> None:
    workers = Workers("test-workers", size=1)
    started, release = threading.Event(), threading.Event()
    running = workers.submit(lambda: (started.set(), release.wait(5)))
    assert started.wait(5)
    queued = workers.submit(lambda: "never")
    workers.shutdown()
    release.set()
    assert running.result(5) == (None, True) and queued.cancelled()
    with pytest.raises(RuntimeError):
        workers.submit(lambda: None)
