"""The GUI's garbage-collection tuning: start-up objects frozen, young collections rare, once only."""

from __future__ import annotations

import gc
import subprocess
import sys


def test_tune_freezes_start_up_and_raises_the_thresholds() -> None:
    # In a fresh interpreter: the test process's own collector stays as pytest set it.
    code = (
        "import gc; from gpudesk.ui import runtime; before = gc.get_freeze_count(); runtime.tune(); runtime.tune(); "
        "print(before, gc.get_freeze_count() > 1000, gc.get_threshold())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout
    before, frozen, threshold = out.split(" ", 2)
    assert before == "0" and frozen == "True"
    assert threshold.strip() == "(20000, 10, 100)"
    assert gc.isenabled()  # collection stays on: only its pace changes
