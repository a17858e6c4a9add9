"""The typed GPU summary: the data behind "8× H100 · 73% · 61 GB", and exactly that line."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from gpudesk.core.telemetry.hints import summary
from gpudesk.core.telemetry.model import GpuSample
from gpudesk.core.telemetry.summary import GpuSummary


def h100(i: int, util: float | None, mem: float | None) -> GpuSample:
    return GpuSample(i, f"GPU-{i}", "NVIDIA H100 80GB HBM3", util_gpu=util, mem_used_mib=mem, mem_total_mib=81559.0)


CASES = [
    [h100(i, u, m) for i, (u, m) in enumerate([(73.0, 62000.0), (72.4, 61000.0), (74.6, 1.0), (72.0, None)])],
    [h100(0, None, None)],  # a MIG GPU reports no utilization
    [h100(1, 0.5, 0.4), GpuSample(0, "GPU-x", "Tesla V100-SXM2-16GB", util_gpu=100.0, mem_used_mib=3085.0)],
    [h100(i, 99.5, 80000.0) for i in range(8)],
]


@pytest.mark.parametrize("gpus", CASES)
def test_text_is_the_summary_line(gpus) -> None:  # type: ignore[no-untyped-def]
    got = GpuSummary.of(gpus)
    assert got is not None and got.text == summary(gpus) and str(got) == got.text


def test_fields_are_typed_values_by_gpu_index() -> None:
    mixed = GpuSummary.of(CASES[2])
    assert mixed is not None
    assert (mixed.count, mixed.model) == (2, "GPU")  # different models
    assert mixed.utils == (100.0, 0.5) and mixed.mems_mib == (3085.0, 0.4)  # ordered by index
    assert mixed.util_mean == pytest.approx(50.25) and mixed.mem_used_gb == pytest.approx(3085.4 / 1024)
    mig = GpuSummary.of(CASES[1])
    assert mig is not None and mig.util_mean is None and mig.mem_used_gb is None and mig.text == "1× H100"
    assert GpuSummary.of([]) is None
    with pytest.raises(FrozenInstanceError):
        mig.count = 3  # type: ignore[misc]
    assert GpuSummary.of(CASES[3]) == GpuSummary.of(list(reversed(CASES[3])))  # equal data, equal summaries
