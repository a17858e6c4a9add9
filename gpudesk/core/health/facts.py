"""What ``nvidia-smi -q`` says about one GPU, as typed readings.

A reading is a value, :data:`NA` (not applicable by design: ECC on GeForce, retired pages on
Ampere and newer, remapped rows under MIG, a field an older driver does not print) or ``None``
(the GPU should report it but the read failed: ``Unknown Error``, ``GPU requires reset`` …).
The rules never take ``None`` for healthy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar, Union


class NotApplicable:
    """The field does not apply to this GPU (see the module docstring)."""

    _instance: NotApplicable | None = None

    def __new__(cls) -> NotApplicable:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NA"


NA: Final = NotApplicable()
T = TypeVar("T")
Reading = Union[T, None, NotApplicable]  # noqa: UP007 - a generic alias mypy reads as one

_NA_FORMS = {"n/a", "not supported", "requested functionality has been deprecated", "not available", ""}
_UNKNOWN_FORMS = {"unknown error", "gpu requires reset", "insufficient permissions", "gpu is lost", "error"}
_LIMIT = 10**12  # counters and clocks beyond this are not a reading


def classify(raw: str | None) -> Reading[str]:
    """The text of a field, :data:`NA` or ``None`` (see the module docstring)."""
    if raw is None:
        return NA
    text = raw.strip().strip("[]").strip()
    low = text.lower()
    if low in _NA_FORMS:
        return NA
    if low in _UNKNOWN_FORMS or low.startswith("unknown"):
        return None
    return text[:200]


def to_int(raw: str | None) -> Reading[int]:
    """``"16x"``, ``"1980 MHz"``, ``"4 %"``, ``"0x3"`` → a bounded non-negative int."""
    text = classify(raw)
    if not isinstance(text, str):
        return text
    m = re.match(r"(\d{1,13})(?!\.\d)", text)
    if m is None:
        return None
    value = int(m.group(1))
    return value if value <= _LIMIT else None


_YES = {"yes", "enabled", "active", "on", "true"}
_NO = {"no", "disabled", "not active", "off", "false", "none"}


def to_bool(raw: str | None) -> Reading[bool]:
    text = classify(raw)
    if not isinstance(text, str):
        return text
    low = text.lower()
    if low in _YES:
        return True
    if low in _NO:
        return False
    return None


def total(values: Iterable[Reading[int]]) -> Reading[int]:
    """Sum of readings: ``None`` when any failed to read, :data:`NA` when none applies."""
    out: Reading[int] = NA
    for v in values:
        if v is None:
            return None
        if isinstance(v, int):
            out = v if not isinstance(out, int) else min(out + v, _LIMIT)
    return out


@dataclass
class GpuFacts:
    """One GPU as ``nvidia-smi -q`` describes it (every field a reading, see the module docstring)."""

    index: int
    bus_id: str = ""
    name: Reading[str] = NA
    uuid: Reading[str] = NA
    lost: bool = False  # "Unable to determine the device handle … GPU is lost"
    lost_text: str = ""
    persistence: Reading[bool] = NA
    mig: Reading[bool] = NA
    ecc_mode: Reading[bool] = NA
    ecc_volatile_uncorrectable: Reading[int] = NA
    ecc_volatile_correctable: Reading[int] = NA
    ecc_aggregate_uncorrectable: Reading[int] = NA
    ecc_aggregate_correctable: Reading[int] = NA
    retired_pending: Reading[bool] = NA
    retired_dbe: Reading[int] = NA
    remap_pending: Reading[bool] = NA
    remap_failure: Reading[bool] = NA
    remap_uncorrectable: Reading[int] = NA
    remap_correctable: Reading[int] = NA
    pcie_gen: Reading[int] = NA
    pcie_gen_max: Reading[int] = NA
    pcie_width: Reading[int] = NA
    pcie_width_max: Reading[int] = NA
    reasons: dict[str, Reading[bool]] = field(default_factory=dict)  # see REASONS
    util_gpu: Reading[int] = NA
    pstate: Reading[str] = NA
    sm_clock: Reading[int] = NA
    sm_clock_max: Reading[int] = NA
    mem_total_mib: Reading[int] = NA


#: The clock event (throttle) reasons the rules read, by the names used in :attr:`GpuFacts.reasons`.
REASONS = ("idle", "app_clocks", "sw_power_cap", "hw_slowdown", "hw_thermal", "hw_power_brake", "sw_thermal")

_BUS = re.compile(r"^(?:([0-9a-fA-F]{1,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})(?:\.([0-7]))?$")


def bus_key(bus: str) -> tuple[int, int, int] | None:
    """``00000000:19:00.0`` and ``0000:19:00`` (the Xid form) → the same ``(domain, bus, device)``."""
    m = _BUS.match(bus.strip())
    if m is None:
        return None
    return int(m.group(1) or "0", 16), int(m.group(2), 16), int(m.group(3), 16)


def lookup(flat: Mapping[str, str], *paths: str) -> str | None:
    """The first of ``paths`` that ``flat`` holds."""
    for p in paths:
        if p in flat:
            return flat[p]
    return None


def under(flat: Mapping[str, str], prefix: str) -> dict[str, str]:
    """The fields directly below ``prefix`` (one level), by leaf name."""
    out = {}
    for key, value in flat.items():
        if key.startswith(prefix + "/"):
            rest = key[len(prefix) + 1 :]
            if "/" not in rest:
                out[rest] = value
    return out


_LOST = re.compile(r"Unable to determine the device handle for GPU\s*([0-9A-Fa-f:.]+)\s*:\s*(.{0,160})")


def lost_gpus(text: str) -> list[tuple[str, str]]:
    """``(bus id, nvidia-smi's words)`` for each GPU nvidia-smi could not open."""
    return [(m.group(1).rstrip(":."), m.group(0).strip()[:240]) for m in _LOST.finditer(text)]
