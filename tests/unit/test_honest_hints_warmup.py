"""Tuning hints wait for the warm-up: nothing like "utilization is low" in a job's first minutes.

The samples' own times drive it (a Warmup fed as the GPUs tab feeds it); risks that are real at
once (memory nearly full, running hot) are said at once.
"""

from __future__ import annotations

from gpudesk.core.telemetry.hints import TUNING, WARMUP_S, Warmup, hints
from gpudesk.core.telemetry.model import GpuProcess, GpuSample


def gpu(i: int, **kw: float) -> GpuSample:
    return GpuSample(i, f"u{i}", "H100", mem_total_mib=80000, power_limit_w=700, **kw)


def kinds_at(warmup: Warmup, gpus: list[GpuSample], procs: list[GpuProcess], t: float) -> set[str]:
    warmup.update(gpus, procs, t)
    return {h.kind for h in hints(gpus, procs, settled=lambda g: warmup.settled(g, t))}


def test_the_first_minute_of_a_job_gets_no_tuning_advice() -> None:
    assert WARMUP_S >= 60
    warmup = Warmup()
    ramping = [gpu(0, util_gpu=20, mem_used_mib=10000)]  # loading data: low utilization, little memory
    procs = [GpuProcess("u0", 1, "python", 10000)]
    for t in range(0, int(WARMUP_S), 5):
        assert kinds_at(warmup, ramping, procs, 1000.0 + t) == set(), t
    assert kinds_at(warmup, ramping, procs, 1000.0 + WARMUP_S) == {"batch"}  # still low after the warm-up: say it


def test_idle_gpus_are_idle_only_once_the_warmup_passed() -> None:
    warmup = Warmup()
    idle = [gpu(0, util_gpu=0, mem_used_mib=1), gpu(1, util_gpu=0, mem_used_mib=1)]
    assert kinds_at(warmup, idle, [], 0.0) == set()
    assert kinds_at(warmup, idle, [], 30.0) == set()
    assert kinds_at(warmup, idle, [], WARMUP_S + 1) == {"idle"}
    # A job starts: its own warm-up begins, whatever the GPU did before.
    busy = [gpu(0, util_gpu=30, mem_used_mib=9000), gpu(1, util_gpu=30, mem_used_mib=9000)]
    start = WARMUP_S + 10
    assert kinds_at(warmup, busy, [], start) == set()
    assert kinds_at(warmup, busy, [], start + WARMUP_S / 2) == set()
    assert kinds_at(warmup, busy, [], start + WARMUP_S) == {"batch"}


def test_risks_are_said_at_once() -> None:
    warmup = Warmup()
    full_and_hot = [gpu(0, util_gpu=99, mem_used_mib=79000, temp_c=88, power_w=699)]
    kinds = kinds_at(warmup, full_and_hot, [], 0.0)
    assert kinds == {"oom", "thermal"} and not kinds & set(TUNING)
    assert kinds_at(warmup, full_and_hot, [], WARMUP_S) == {"oom", "thermal", "power"}
