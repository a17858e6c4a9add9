"""The demo server's stop ends its threads: the detached demo host stops and starts servers for hours."""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.demo.server import DemoConfig, DemoServer


@pytest.mark.posix_only(reason="the demo's shell runs POSIX commands")
def test_stop_ends_the_accept_thread_blocked_in_accept(tmp_path) -> None:
    before = set(threading.enumerate())
    server = DemoServer(DemoConfig(gpus=1, sandbox=tmp_path / "demo")).start()
    accept = [t for t in threading.enumerate() if t not in before and t.name == "demo-accept"]
    assert len(accept) == 1
    server.stop()
    accept[0].join(5)
    assert not accept[0].is_alive(), "stop() left the accept thread blocked on a closed socket"
