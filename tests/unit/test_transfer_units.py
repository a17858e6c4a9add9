"""Pure-Python parts of the transfer engine: safe names, progress throttling, conflicts."""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.transfer.conflict import Conflict
from gpudesk.core.transfer.names import rjoin, rparent, safe_name, unique_name
from gpudesk.core.transfer.progress import Meter


@pytest.mark.parametrize(
    ("raw", "safe"),
    [
        ("..", "_"),
        (".", "_"),
        ("", "_"),
        ("a/b", "a_b"),
        ("x\x00y\x1bz", "x_y_z"),
        ("CON", "_CON"),
        ("lpt1.txt", "_lpt1.txt"),
        ("what?.txt", "what_.txt"),
        ("dots...", "dots"),
        ("ok name.tar.gz", "ok name.tar.gz"),
        ("日本語.txt", "日本語.txt"),
    ],
)
def test_safe_name(raw: str, safe: str) -> None:
    assert safe_name(raw) == safe


def test_safe_name_is_bounded() -> None:
    assert len(safe_name("x" * 400).encode()) <= 200


def test_unique_name() -> None:
    assert unique_name("a.txt", {"a (1).txt"}) == "a (2).txt"
    assert unique_name(".bashrc", set()) == ".bashrc (1)"


def test_remote_paths() -> None:
    assert rjoin("/", "a") == "/a"
    assert rjoin("/x/", "a") == "/x/a"
    assert rparent("/x/a") == "/x"
    assert rparent("/a") == "/"


def test_meter_throttles_and_estimates() -> None:
    now = [0.0]
    seen = []
    m = Meter(1000, seen.append, clock=lambda: now[0])
    for _ in range(100):
        now[0] += 0.01
        m.add(5)
    # One second of adds at 100 calls/s gives about ten reports, not a hundred.
    assert 9 <= len(seen) <= 12
    last = seen[-1]
    assert last.done >= 450 and 400 < last.speed < 600
    assert last.eta_s is not None and 0.8 < last.eta_s < 1.3


def test_conflict_resolved_from_another_thread() -> None:
    c = Conflict("upload", "a", "b", 10, 5, None, can_resume=True)
    threading.Timer(0.05, c.resolve, args=("resume", True)).start()
    assert c.wait() == "resume" and c.apply_to_all
    d = Conflict("upload", "a", "b", 10, 50, None, can_resume=False)
    d.resolve("resume")
    assert d.choice == "overwrite"  # resume is offered only for a shorter target
    with pytest.raises(ValueError):
        d.resolve("explode")
