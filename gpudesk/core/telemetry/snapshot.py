"""One telemetry snapshot over one exec channel (``gpudesk gpus``, the environment check)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from gpudesk.core.datafile import JSONObject
from gpudesk.core.telemetry.model import Frame, GpuProcess, GpuSample, SmiState, SmiStatus, Versions
from gpudesk.core.telemetry.parse import classify
from gpudesk.core.telemetry.remote import Decoder, snapshot_command

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import ExecResult


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ...) -> ExecResult: ...


@dataclass
class Snapshot:
    gpus: list[GpuSample] = field(default_factory=list)
    processes: list[GpuProcess] = field(default_factory=list)
    versions: Versions = field(default_factory=Versions)
    status: SmiStatus = field(default_factory=lambda: SmiStatus(SmiState.OK))
    lost: list[str] = field(default_factory=list)

    def to_json(self) -> list[JSONObject]:
        """The ``gpudesk gpus --json`` list (DESIGN §3): unreported fields are ``null``."""
        out = []
        for g in self.gpus:
            out.append(
                {
                    "index": g.index,
                    "uuid": g.uuid or None,
                    "name": g.name,
                    "util_gpu": g.util_gpu,
                    "util_mem": g.util_mem,
                    "mem_used_mib": g.mem_used_mib,
                    "mem_total_mib": g.mem_total_mib,
                    "temp_c": g.temp_c,
                    "power_w": g.power_w,
                    "power_limit_w": g.power_limit_w,
                    "sm_clock_mhz": g.sm_clock_mhz,
                    "fan_pct": g.fan_pct,
                    "processes": [
                        {"pid": p.pid, "name": p.name, "used_mib": p.used_mib}
                        for p in self.processes
                        if p.gpu_uuid == g.uuid
                    ],
                }
            )
        return out


def parse_snapshot(output: str, exit_code: int = 0) -> Snapshot:
    """Decode the tagged output of :func:`snapshot_command`."""
    snap = Snapshot()
    frames: list[Frame] = []

    def on_procs(procs: list[GpuProcess]) -> None:
        snap.processes = procs

    decoder = Decoder(frames.append, on_procs)
    # Only newlines end the tagged lines: a carriage return (or form feed …) inside nvidia-smi's
    # text is part of its line, and cleaned when shown.
    for line in output.split("\n"):
        decoder.feed(line)
    decoder.finish()
    snap.versions = decoder.versions
    for frame in frames:
        snap.gpus.extend(frame.gpus)
        snap.lost.extend(frame.lost)
    if decoder.status is not None:
        snap.status = decoder.status
    elif exit_code == 127:  # the shell could not even start the script's first command
        snap.status = classify("", 127)
    return snap


def take_snapshot(conn: _Execs, timeout: float = 60.0) -> Snapshot:
    """Run the snapshot script on ``conn`` (a core Connection) and decode it."""
    result = conn.exec(snapshot_command(), timeout=timeout)
    return parse_snapshot(result.out, result.exit_code)
