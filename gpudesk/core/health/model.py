"""The health report: findings per GPU, a verdict per GPU and for the server.

Verdicts: ``faulty`` (a ``fail`` finding: ask the provider for a refund, terminate and rent the
next best offer), ``degraded`` (a ``warn``: it works, slower or less safely than paid for),
``unknown`` (no problem found, but a signal the GPU should report could not be read) and
``healthy``. ``info`` findings never change a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import Msg, msg

#: The fixed vocabulary of finding codes (DESIGN §3, the GPU-health contract).
CODES = (
    "gpu_lost",
    "ecc_uncorrectable",
    "ecc_correctable_high",
    "retired_pages_pending",
    "row_remap_pending",
    "row_remap_failure",
    "pcie_link_degraded",
    "throttle_thermal",
    "throttle_hw_slowdown",
    "throttle_power_brake",
    "xid_recent",
    "clocks_capped",
    "model_mismatch",
    "memory_mismatch",
    "persistence_off",
    "mig_enabled",
)
SEVERITIES = ("info", "warn", "fail")
VERDICTS = ("healthy", "unknown", "degraded", "faulty")  # worst last


@dataclass
class Finding:
    code: str
    severity: str  # info | warn | fail
    detail: str
    fix: str = ""

    def __post_init__(self) -> None:
        if self.code not in CODES or self.severity not in SEVERITIES:
            raise ValueError(f"unknown finding {self.code}/{self.severity}")

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "severity": self.severity, "detail": str(self.detail), "fix": str(self.fix)}


@dataclass
class GpuHealth:
    index: int | None  # None: a GPU the kernel log names that nvidia-smi does not list
    uuid: str | None
    name: str | None
    bus_id: str = ""
    findings: list[Finding] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # signals that could not be read, in words

    @property
    def verdict(self) -> str:
        severities = {f.severity for f in self.findings}
        if "fail" in severities:
            return "faulty"
        if "warn" in severities:
            return "degraded"
        return "unknown" if self.unknown else "healthy"

    def to_json(self) -> JSONObject:
        return {
            "index": self.index,
            "uuid": self.uuid,
            "name": self.name,
            "bus_id": self.bus_id,
            "verdict": self.verdict,
            "findings": [f.to_json() for f in self.findings],
            "unknown": [str(u) for u in self.unknown],
        }


@dataclass
class HealthReport:
    gpus: list[GpuHealth] = field(default_factory=list)
    kernel_log: str = "unknown"  # read | unreadable | unknown
    kernel_log_detail: str = ""
    bench: JSONObject | None = None
    error: str = ""  # nvidia-smi gave nothing to judge, in words

    @property
    def verdict(self) -> str:
        if not self.gpus:
            return "unknown"
        return max((g.verdict for g in self.gpus), key=VERDICTS.index)

    @property
    def faulty(self) -> bool:
        return self.verdict == "faulty"

    def summary(self) -> Msg:
        """One sentence for the whole server, with what to do."""
        return verdict_text(self.verdict)

    def to_json(self) -> JSONObject:
        return {
            "verdict": self.verdict,
            "summary": str(self.summary()),
            "gpus": [g.to_json() for g in self.gpus],
            "kernel_log": {"status": self.kernel_log, "detail": str(self.kernel_log_detail)},
            "error": str(self.error) or None,
            "bench": self.bench,
        }


def verdict_text(verdict: str) -> Msg:
    """What a verdict means, in plain words, with what to do."""
    if verdict == "faulty":
        return msg(
            "Health",
            "Faulty: not the GPU you paid for. Ask the provider for a refund; terminate the "
            "instance and rent the next best offer.",
        )
    if verdict == "degraded":
        return msg(
            "Health",
            "Degraded: the GPU works, but slower or less safely than it should. Read the findings; if "
            "the provider cannot fix it soon, terminate and rent another.",
        )
    if verdict == "unknown":
        return msg(
            "Health",
            "Unknown: no problem found, but some signals could not be read (see below). Check again "
            "under load or as root.",
        )
    return msg("Health", "Healthy: no hardware problem found.")


__all__ = ["CODES", "Finding", "GpuHealth", "HealthReport", "verdict_text"]
