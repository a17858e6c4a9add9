"""The typed GPU summary of one server: what the sidebar, the status bar and the billing guard read.

Views used to pass the display line "8× H100 · 73% · 61 GB" around and parse it back; this is the
data, and :attr:`GpuSummary.text` is that line (the same as :func:`~gpudesk.core.telemetry.hints.summary`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gpudesk.core.telemetry.hints import short_model
from gpudesk.core.telemetry.model import GpuSample


@dataclass(frozen=True)
class GpuSummary:
    """Count and model of the GPUs, their mean utilization and memory in use, and each GPU's values."""

    count: int
    model: str  # "H100", or "GPU" when the models differ
    util_mean: float | None  # percent, over the GPUs that report it; None when none does
    mem_used_gb: float | None  # GiB in use on all GPUs together; None when none reports it
    utils: tuple[float | None, ...] = ()  # per GPU, by index
    mems_mib: tuple[float | None, ...] = ()  # memory in use per GPU, by index

    @classmethod
    def of(cls, gpus: Sequence[GpuSample]) -> GpuSummary | None:
        """The summary of the latest samples (None without GPUs)."""
        if not gpus:
            return None
        ordered = sorted(gpus, key=lambda g: g.index)
        models = {short_model(g.name) for g in ordered}
        utils = [g.util_gpu for g in ordered if g.util_gpu is not None]
        used = [g.mem_used_mib for g in ordered if g.mem_used_mib is not None]
        return cls(
            count=len(ordered),
            model=models.pop() if len(models) == 1 else "GPU",
            util_mean=sum(utils) / len(utils) if utils else None,
            mem_used_gb=sum(used) / 1024 if used else None,
            utils=tuple(g.util_gpu for g in ordered),
            mems_mib=tuple(g.mem_used_mib for g in ordered),
        )

    @property
    def text(self) -> str:
        """'8× H100 · 73% · 61 GB' (count and model, mean utilization, memory in use)."""
        parts = [f"{self.count}× {self.model}"]
        if self.util_mean is not None:
            parts.append(f"{self.util_mean:.0f}%")
        if self.mem_used_gb is not None:
            parts.append(f"{self.mem_used_gb:.0f} GB")
        return " · ".join(parts)

    def __str__(self) -> str:
        return self.text
