"""Plain data the telemetry code hands around: one GPU's sample, a frame, processes, states."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from gpudesk.core.i18n import join, msg

#: The ``--query-gpu`` fields the sampler asks for, in this order (DESIGN §3 lists what ``gpudesk gpus`` reports).
QUERY_FIELDS: tuple[str, ...] = (
    "timestamp",
    "index",
    "uuid",
    "name",
    "utilization.gpu",
    "utilization.memory",
    "memory.used",
    "memory.total",
    "temperature.gpu",
    "power.draw",
    "power.limit",
    "clocks.sm",
    "clocks.mem",
    "fan.speed",
    "pstate",
)
#: ``--query-compute-apps`` fields; the name goes last because only it may contain a comma.
APP_FIELDS: tuple[str, ...] = ("gpu_uuid", "pid", "used_gpu_memory", "process_name")


@dataclass(slots=True)
class GpuSample:
    """One GPU at one moment. ``None`` means the GPU did not report that value."""

    index: int
    uuid: str
    name: str
    util_gpu: float | None = None
    util_mem: float | None = None
    mem_used_mib: float | None = None
    mem_total_mib: float | None = None
    temp_c: float | None = None
    power_w: float | None = None
    power_limit_w: float | None = None
    sm_clock_mhz: float | None = None
    mem_clock_mhz: float | None = None
    fan_pct: float | None = None
    pstate: str | None = None
    timestamp: str = ""

    @property
    def key(self) -> str:
        """A stable identity: the UUID, or the index where a driver hides the UUID."""
        return self.uuid or f"index-{self.index}"


@dataclass(slots=True)
class GpuProcess:
    gpu_uuid: str
    pid: int
    name: str
    used_mib: float | None
    user: str | None = None


@dataclass
class Frame:
    """All GPUs of one sampling round, stamped with the client's clock (server clocks drift)."""

    t: float
    gpus: list[GpuSample]
    lost: list[str] = field(default_factory=list)  # lines such as "Unable to determine the device handle …"


class SmiState(enum.Enum):
    """Why there are (or are not) samples; every state has a plain explanation."""

    OK = "ok"
    MISSING = "missing"  # nvidia-smi is not on the server
    DRIVER_UNREACHABLE = "driver_unreachable"
    NVML_MISMATCH = "nvml_mismatch"
    GPU_LOST = "gpu_lost"
    NO_GPUS = "no_gpus"
    PERMISSION = "permission"
    ERROR = "error"  # anything else; the line nvidia-smi printed says what


@dataclass(frozen=True)
class SmiStatus:
    state: SmiState
    line: str = ""  # nvidia-smi's own words (first meaningful line), quoted to the user
    meaning: str = ""  # what it means and what to do, in plain words (a Msg: the UI translates it)
    exit_code: int | None = None  # nvidia-smi's exit code when it ended
    output: tuple[str, ...] = ()  # its first lines (stdout and stderr), control characters removed, capped

    @property
    def ok(self) -> bool:
        return self.state is SmiState.OK

    def message(self) -> str:
        """The status for people: nvidia-smi's own line quoted as it is, and its meaning (a Msg)."""
        if self.ok:
            return msg("EnvCheck", "nvidia-smi works.")  # the environment check's words, translated once
        if self.line:
            return msg("NvidiaSmi", 'nvidia-smi said: "{line}". {meaning}', line=self.line, meaning=self.meaning)
        return self.meaning

    def said(self) -> str:
        """What nvidia-smi did: its exit code and first lines, as it printed them ("" when nothing is known)."""
        if self.ok:
            return self.message()
        lines = self.output or ((self.line,) if self.line else ())
        failed = self.exit_code not in (None, 0)
        printed = "\n".join(f"    {line}" for line in lines)
        if lines and failed:
            return msg(
                "NvidiaSmi",
                "nvidia-smi failed with exit code {code} and printed:\n{output}",
                code=self.exit_code,
                output=printed,
            )
        if lines:
            return msg("NvidiaSmi", "nvidia-smi printed:\n{output}", output=printed)
        if self.state is SmiState.MISSING:
            code = 127 if self.exit_code is None else self.exit_code
            return msg("NvidiaSmi", "nvidia-smi was not found on the server (exit code {code}).", code=code)
        if failed:
            return msg("NvidiaSmi", "nvidia-smi failed with exit code {code} and printed nothing.", code=self.exit_code)
        return ""

    def report(self) -> str:
        """The whole story for people: exit code, nvidia-smi's first lines, then what it means and what to do."""
        said = self.said()
        if self.ok or not said:
            return self.message()
        return join("\n", [said, self.meaning]) if self.meaning else said


@dataclass
class Versions:
    driver: str | None = None
    cuda: str | None = None  # the newest CUDA the driver supports
    nvml: str | None = None
