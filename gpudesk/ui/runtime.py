"""The Python runtime as the GUI wants it: garbage collection that does not stall a frame.

Measured on the terminal benchmark (tests/benchmarks/bench_terminal_e2e.py, 20 MB of training log into the
widget): CPython's default thresholds (700, 10, 10) ran ~180 young collections per flood that together
found a few hundred cyclic objects, ~150 ms of pauses, some of them 20–30 ms, and a full collection over
every object the imports made (another 18–50 ms, in the middle of a frame). Objects alive after start-up
(modules, classes, Qt wrappers) are frozen out of collections, and young collections come every 20 000
allocations instead of 700: reference counting frees nearly all of a flood's garbage anyway.
"""

from __future__ import annotations

import gc

GEN0_THRESHOLD = 20_000
GEN1_THRESHOLD = 10
GEN2_THRESHOLD = 100
_tuned = False


def tune() -> None:
    """Call once the window exists (everything the start-up made is then long-lived). Idempotent."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    gc.collect()  # what start-up left as garbage goes now, not into the frozen set
    gc.freeze()
    # A full collection walks every live container: a terminal's 10 000 lines of scrollback are tens of
    # thousands of them. It comes after GEN2 middle ones (and CPython's own 25 % rule) instead of 10.
    gc.set_threshold(GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)
