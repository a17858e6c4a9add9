"""Plain-words advice from the samples, and the compact summary for the sidebar/status bar."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core.telemetry.model import GpuProcess, GpuSample

_MODEL = re.compile(r"(RTX\s*(?:PRO\s*)?\w+|GTX\s*\w+|Quadro\s*\w+|[A-Z]{1,2}\d{1,4}[A-Za-z]*)")


@dataclass(frozen=True)
class Hint:
    kind: str  # batch | oom | thermal | power | idle
    gpus: tuple[int, ...]
    text: str


def short_model(name: str) -> str:
    """'NVIDIA H100 80GB HBM3' -> 'H100'; 'Tesla V100-SXM2-16GB' -> 'V100'."""
    stripped = re.sub(r"^(NVIDIA\s+)?(Tesla\s+|GeForce\s+)?", "", name.strip())
    m = _MODEL.search(stripped)
    return m.group(1) if m else (stripped.split()[0] if stripped else "GPU")


def summary(gpus: list[GpuSample]) -> str:
    """'8× H100 · 73% · 61 GB' (count and model, mean utilization, memory in use)."""
    if not gpus:
        return ""
    models = {short_model(g.name) for g in gpus}
    model = models.pop() if len(models) == 1 else "GPU"
    utils = [g.util_gpu for g in gpus if g.util_gpu is not None]
    used = [g.mem_used_mib for g in gpus if g.mem_used_mib is not None]
    parts = [f"{len(gpus)}× {model}"]
    if utils:
        parts.append(f"{sum(utils) / len(utils):.0f}%")
    if used:
        parts.append(f"{sum(used) / 1024:.0f} GB")
    return " · ".join(parts)


def _frac(used: float | None, total: float | None) -> float | None:
    if used is None or not total:
        return None
    return used / total


#: How long a GPU's state (working, or not) must last before tuning advice about it: a job's first
#: minutes load data, compile and ramp up, so "utilization is low" then would be wrong.
WARMUP_S = 120.0
#: Advice about how the GPUs are used, which waits for the warm-up. Memory nearly full and running
#: hot are risks now and are said at once.
TUNING = ("batch", "power", "idle")


def has_work(g: GpuSample, busy_uuids: set[str]) -> bool:
    mem = _frac(g.mem_used_mib, g.mem_total_mib)
    return g.uuid in busy_uuids or (mem is not None and mem > 0.05)


class Warmup:
    """Since when each GPU has been in its current state (working or not), from the samples' times."""

    def __init__(self, warmup_s: float = WARMUP_S) -> None:
        self.warmup_s = warmup_s
        self._since: dict[str, tuple[bool, float]] = {}  # GPU key -> (working, since)

    def update(self, gpus: list[GpuSample], processes: list[GpuProcess] | None, now: float) -> None:
        busy = {p.gpu_uuid for p in processes or []}
        for g in gpus:
            working = has_work(g, busy)
            state = self._since.get(g.key)
            if state is None or state[0] != working:
                self._since[g.key] = (working, now)

    def settled(self, g: GpuSample, now: float) -> bool:
        state = self._since.get(g.key)
        return state is not None and now - state[1] >= self.warmup_s

    def reset(self) -> None:
        self._since.clear()


def hints(
    gpus: list[GpuSample], processes: list[GpuProcess] | None = None, settled: Callable[[GpuSample], bool] | None = None
) -> list[Hint]:
    """Advice that applies now. ``gpus`` should be smoothed (e.g. means over the last minutes).

    ``settled(gpu)`` says whether the GPU is past its warm-up (see :class:`Warmup`); tuning advice
    (:data:`TUNING`) names only GPUs that are. Without it every GPU counts as settled.
    """
    out: list[Hint] = []
    busy_uuids = {p.gpu_uuid for p in processes or []}
    low, full, hot, capped, idle = [], [], [], [], []
    for g in gpus:
        mem = _frac(g.mem_used_mib, g.mem_total_mib)
        util = g.util_gpu
        working = has_work(g, busy_uuids)
        ready = settled is None or settled(g)
        if util is not None and util < 5 and not working:
            if ready:
                idle.append(g.index)
        elif util is not None and util < 50 and mem is not None and mem < 0.5 and working and ready:
            low.append(g.index)
        if mem is not None and mem >= 0.92:
            full.append(g.index)
        if g.temp_c is not None and g.temp_c >= 83:
            hot.append(g.index)
        if g.power_w is not None and g.power_limit_w and g.power_w >= 0.97 * g.power_limit_w and ready:
            capped.append(g.index)

    def names(ids: list[int]) -> str:
        return ", ".join(f"GPU {i}" for i in ids)

    if low:
        out.append(
            Hint(
                "batch",
                tuple(low),
                f"{names(low)}: utilization is low while most memory is free. "
                "Raise the batch size (or use more data-loader workers) to keep the GPU busy.",
            )
        )
    if full:
        out.append(
            Hint(
                "oom",
                tuple(full),
                f"{names(full)}: memory is nearly full (OOM risk). Use a smaller batch with "
                "gradient accumulation, activation checkpointing, or mixed precision (bf16/fp16).",
            )
        )
    if hot:
        out.append(
            Hint(
                "thermal",
                tuple(hot),
                f"{names(hot)}: running hot; the GPU slows its clocks to protect itself. "
                "Check the fans/airflow, or ask the provider.",
            )
        )
    if capped:
        out.append(
            Hint(
                "power",
                tuple(capped),
                f"{names(capped)}: drawing its full power limit, so clocks are capped. "
                "That is normal under full load; if speed matters, pick a GPU with a higher limit.",
            )
        )
    if idle and len(idle) == len(gpus):
        out.append(
            Hint(
                "idle",
                tuple(idle),
                "All GPUs are idle while the server is billed. Start your job, or stop the instance to save money.",
            )
        )
    elif idle:
        out.append(
            Hint(
                "idle",
                tuple(idle),
                f"{names(idle)}: idle while billed. Use them (e.g. torchrun "
                "--nproc_per_node) or rent fewer GPUs next time.",
            )
        )
    return out
