"""What the demo and the rest of the core share about it: the demo account's name and the demo's timing.

The demo (``core/demo``) sits at the top of the core; the server guard and billing recognise a demo
session and use its short timing through this module, without importing the demo itself.
"""

from __future__ import annotations

import json
import os

DEMO_ACCOUNT = "Demo provider"

TIMING = {"train_s": 360.0, "idle_minutes": 1.0, "answer_minutes": 1.0, "interval_s": 15.0, "grace_s": 150.0}
TIMING_ENV = "GPUDESK_DEMO_TIMING"  # JSON with some of TIMING's keys: tests make the demo fast


def timing() -> dict[str, float]:
    """TIMING, with the overrides a test put in the environment (unknown keys and bad values ignored)."""
    values = dict(TIMING)
    try:
        extra = json.loads(os.environ.get(TIMING_ENV) or "{}")
    except ValueError:
        extra = {}
    if isinstance(extra, dict):
        for key, value in extra.items():
            if key in values and isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e6:
                values[key] = float(value)
    return values
