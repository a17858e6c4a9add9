"""The GUI's runtime tuning: start-up objects frozen, the GIL handed over every millisecond, and no garbage
collection while a terminal floods — back on half a second after the flood, even if nothing else happens."""

from __future__ import annotations

import gc
import subprocess
import sys


def test_tune_freezes_start_up_and_sets_the_pace() -> None:
    # In a fresh interpreter: the test process's own collector stays as pytest set it.
    code = (
        "import gc, sys; from gpudesk.ui import runtime; before = gc.get_freeze_count(); runtime.tune(); "
        "runtime.tune(); print(before, gc.get_freeze_count() > 1000, sys.getswitchinterval(), gc.get_threshold())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout
    before, frozen, switch, threshold = out.split(" ", 3)
    assert before == "0" and frozen == "True" and float(switch) == 0.001
    assert threshold.strip() == "(700, 10, 100)"


def test_a_flood_holds_the_collector_and_calm_gives_it_back(qtbot, monkeypatch) -> None:
    from gpudesk.ui import runtime

    monkeypatch.setattr(runtime, "HOLD_S", 0.2)
    runtime.release()
    assert gc.isenabled()
    try:
        runtime.flood()
        assert not gc.isenabled() and runtime.held()
        for _ in range(3):  # the flood goes on: still held
            qtbot.wait(100)
            runtime.flood()
            assert not gc.isenabled()
        qtbot.waitUntil(lambda: gc.isenabled(), timeout=2000)  # calm: back without anyone asking
        assert not runtime.held()
        # Turned off by someone else: a flood does not turn it on behind their back.
        gc.disable()
        runtime.flood()
        assert not runtime.held()
        qtbot.wait(400)
        assert not gc.isenabled()
    finally:
        gc.enable()
