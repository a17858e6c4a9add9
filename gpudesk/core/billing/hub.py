"""The process-wide registry of guards, so any part of the app can feed them by session id.

The telemetry sampler calls ``hub.feed_gpu(session.id, utils, mems)``; the terminal calls
``hub.note_activity(session.id, "terminal")``; the job runner and transfer queue call
``hub.set_busy(session.id, "job"|"transfer", busy)``. Calls for a session with no guard are
ignored, so the callers need not know whether billing is on.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from gpudesk.core.billing.guard import Guard

_lock = threading.Lock()
_guards: dict[str, Guard] = {}


def register(guard: Guard) -> None:
    with _lock:
        _guards[guard.session_id] = guard


def unregister(session_id: str) -> None:
    with _lock:
        _guards.pop(session_id, None)


def guard(session_id: str) -> Guard | None:
    with _lock:
        return _guards.get(session_id)


def feed_gpu(
    session_id: str, util: Sequence[float | None], mem_mib: Sequence[float | None], t: float | None = None
) -> None:
    g = guard(session_id)
    if g is not None:
        g.detector_fed_by_hub = True
        g.feed_gpu(list(util), list(mem_mib), time.time() if t is None else t)


def note_activity(session_id: str, kind: str = "user", t: float | None = None) -> None:
    g = guard(session_id)
    if g is not None:
        g.note_activity(kind, t)


def set_busy(session_id: str, kind: str, busy: bool, t: float | None = None) -> None:
    g = guard(session_id)
    if g is not None:
        g.set_busy(kind, busy, t)
