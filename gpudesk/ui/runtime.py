"""The Python runtime as the GUI wants it: no frame stalled by garbage collection or by another thread.

Measured on the terminal benchmark (tests/benchmarks/bench_terminal_e2e.py: 20 MB of training log into the
widget over a real sshd, two cores). Two things stall a frame while output floods:

- **Garbage collection.** A flood makes ~180 young collections that together find a few hundred cyclic objects
  (reference counting frees the rest), and now and then a full one over every live object — the scrollback's
  10 000 lines are tens of thousands of lists — for 20–70 ms in the middle of a frame. Raising the young
  threshold only made each collection longer. So: objects alive after start-up are frozen out of collections,
  full collections come rarer, and while a terminal floods (:func:`flood`) the collector waits; it runs again
  half a second after the last flood frame (and at least every :data:`MAX_HOLD_S` during an endless one).
- **The GIL.** The SSH threads (paramiko's transport decrypting, the shell's reader) want it as much as the GUI
  thread; CPython hands it over every 5 ms, so a 10 ms paint could take 20–30 ms. It is handed over every
  millisecond instead, at the same throughput.

Worst frame with both (five runs): 17–31 ms, median 20 ms; with CPython's defaults 24–64 ms.
"""

from __future__ import annotations

import gc
import sys
import time

GEN_THRESHOLDS = (700, 10, 100)  # CPython's young and middle pace; full collections ten times rarer
SWITCH_INTERVAL_S = 0.001
HOLD_S = 0.5  # the collector waits this long after a flood's last frame
MAX_HOLD_S = 20.0  # an endless flood still gets a young collection this often

_tuned = False
_held_since: float | None = None
_hold_until = 0.0


def tune() -> None:
    """Call once the window is up (everything start-up made is then long-lived). Idempotent."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    gc.collect()  # what start-up left as garbage goes now, not into the frozen set
    gc.freeze()
    gc.set_threshold(*GEN_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL_S)


def flood() -> None:
    """A terminal is parsing a flood (call on the GUI thread, each flood frame): no collection until it calms."""
    global _held_since, _hold_until
    now = time.monotonic()
    _hold_until = now + HOLD_S
    if _held_since is None:
        if not gc.isenabled():
            return  # someone else turned the collector off (a test, a profiler): not ours to turn on
        gc.disable()
        _held_since = now
        _schedule(HOLD_S)
    elif now - _held_since >= MAX_HOLD_S:
        gc.collect(0)  # an endless flood: a short young collection now and then, never a full one
        _held_since = now


def held() -> bool:
    return _held_since is not None


def release() -> bool:
    """Give the collector back now (the app quitting, a test ending); True when it was held."""
    global _held_since
    if _held_since is None:
        return False
    _held_since = None
    gc.enable()
    return True


def _schedule(seconds: float) -> None:
    from gpudesk.ui.qt import QtCore

    QtCore.QTimer.singleShot(max(1, int(seconds * 1000)), _check)


def _check() -> None:
    global _held_since
    if _held_since is None:
        return
    left = _hold_until - time.monotonic()
    if left > 0:
        _schedule(left)
        return
    _held_since = None
    gc.enable()
