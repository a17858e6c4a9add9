"""GPU telemetry: nvidia-smi parsing, a long-lived remote sampler, bounded history, hints."""

from gpudesk.core.telemetry.history import METRICS, History
from gpudesk.core.telemetry.model import Frame, GpuProcess, GpuSample, SmiState, SmiStatus, Versions
from gpudesk.core.telemetry.sampler import Sampler
from gpudesk.core.telemetry.snapshot import Snapshot, parse_snapshot, take_snapshot

__all__ = [
    "METRICS",
    "Frame",
    "GpuProcess",
    "GpuSample",
    "History",
    "Sampler",
    "SmiState",
    "SmiStatus",
    "Snapshot",
    "Versions",
    "parse_snapshot",
    "take_snapshot",
]
