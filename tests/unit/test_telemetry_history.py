"""History: bounded memory, spikes survive down-sampling, gaps, CSV export."""

from __future__ import annotations

import csv
import io

import numpy as np

from gpudesk.core.telemetry.history import History
from gpudesk.core.telemetry.model import Frame, GpuSample

T0 = 1_780_000_000.0


def frame(t: float, n: int = 2, util: float = 40.0, **kw: float) -> Frame:
    return Frame(t, [GpuSample(i, f"GPU-{i}", "NVIDIA H100 80GB HBM3", util_gpu=util + i, mem_used_mib=1000.0 * (i + 1), **kw)
                     for i in range(n)])


def test_memory_is_bounded_for_8_gpus_and_a_day() -> None:
    h = History()
    for i in range(3):
        h.add(frame(T0 + i, n=8))
    before = h.nbytes()
    for i in range(3, 2 * 3600):
        h.add(frame(T0 + i, n=8))
    assert h.nbytes() == before  # preallocated rings: more samples, not more memory
    assert before <= 50 * 1024 * 1024


def test_a_one_second_spike_survives_in_the_24h_view() -> None:
    h = History()
    spike_at = 5 * 3600 + 17
    for i in range(26 * 3600):
        h.add(frame(T0 + i, n=1, util=100.0 if i == spike_at else 10.0))
    t, lo, hi = h.window("GPU-0", "util_gpu", 24 * 3600)
    assert len(t) <= 1200
    assert np.nanmax(hi) == 100.0 and np.nanmin(lo) == 10.0
    assert t[0] >= T0 + 2 * 3600 - 60 and t[-1] >= T0 + 26 * 3600 - 90  # a folded point is stamped at its start
    # the last minute comes from raw samples, one per second
    t, lo, hi = h.window("GPU-0", "util_gpu", 60)
    assert len(t) in (60, 61) and np.all(lo == hi)


def test_raw_ring_wraps_and_keeps_order() -> None:
    h = History(raw_capacity=100)
    for i in range(250):
        h.add(frame(T0 + i, n=1, util=float(i % 50)))
    t, _ = h.raw.ordered()
    assert len(t) == 100 and np.all(np.diff(t) == 1) and t[-1] == T0 + 249


def test_gaps_break_the_line_and_new_gpus_get_slots() -> None:
    h = History()
    for i in range(30):
        h.add(frame(T0 + i, n=2))
    for i in range(100, 130):  # the sampler was away for 70 s
        h.add(frame(T0 + i, n=10))  # and 8 more GPUs appeared (grows past the first 8 slots)
    t, lo, _ = h.window("GPU-0", "util_gpu", 300, now=T0 + 130)
    assert np.isnan(lo).sum() == 1
    assert len(h.keys()) == 10 and [g.index for g in h.gpus()] == list(range(10))
    t9, lo9, _ = h.window("GPU-9", "mem_used_mib", 300, now=T0 + 130)
    seen = lo9[~np.isnan(lo9)]
    assert len(seen) == 30 and np.all(seen == 10000.0)


def test_missing_values_are_nan_not_zero() -> None:
    h = History()
    h.add(Frame(T0, [GpuSample(0, "GPU-0", "GTX 1650", util_gpu=3.0, power_w=None)]))
    _, lo, _ = h.window("GPU-0", "power_w", 60)
    assert np.isnan(lo).all()


def test_csv_export_covers_raw_and_older_buckets_without_overlap() -> None:
    h = History(raw_capacity=600)
    for i in range(1800):
        h.add(frame(T0 + i, n=1, util=float(i % 7)))
    buf = io.StringIO()
    rows = h.to_csv(buf)
    data = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert len(data) == rows
    raw = [r for r in data if r["stat"] == "sample"]
    buckets = [r for r in data if r["stat"] == "mean"]
    assert len(raw) == 600 and raw[-1]["util_gpu"] == str(1799 % 7)
    assert buckets and all(r["resolution_s"] == "10" for r in buckets)
    assert buckets[-1]["time_utc"] < raw[0]["time_utc"]
