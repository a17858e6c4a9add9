"""``nvidia-smi -q`` (text) → :class:`~.facts.GpuFacts` per GPU.

The text is an indented tree (``Section`` lines, ``Key : value`` leaves, leaves with children
such as ``HW Slowdown``). It is flattened into ``section/key`` paths, lower case, and read from
there. Older drivers say ``Clocks Throttle Reasons`` where newer ones say ``Clocks Event Reasons``;
pre-R470 ECC counters are ``Single Bit``/``Double Bit`` sections with a ``Total``.
"""

from __future__ import annotations

import re

from gpudesk.core.health.facts import (
    NA,
    GpuFacts,
    Reading,
    classify,
    lookup,
    lost_gpus,
    to_bool,
    to_int,
    total,
    under,
)

_GPU = re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s*$")
_LEAF = re.compile(r"^( *)([^:]+?)\s*:(?:\s(.*))?$")
_SECTION = re.compile(r"^( *)(\S[^:]*?)\s*$")
MAX_GPUS = 64
MAX_LINES = 200_000


def flatten(lines: list[str]) -> dict[str, str]:
    """One GPU block → ``{"pci/gpu link info/link width/current": "16x", …}``."""
    flat: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in lines:
        if not line.strip():
            continue
        m = _LEAF.match(line)
        section = None if m else _SECTION.match(line)
        if m is None and section is None:
            continue
        found = m or section
        assert found is not None
        indent, key = len(found.group(1)), found.group(2).strip().lower()
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = "/".join([k for _, k in stack] + [key])
        if m is not None:
            flat.setdefault(path, (m.group(3) or "").strip())
        stack.append((indent, key))
    return flat


def _ecc(flat: dict[str, str], scope: str) -> tuple[Reading[int], Reading[int]]:
    """(uncorrectable, correctable) counts of ``volatile`` or ``aggregate``."""
    base = "ecc errors/" + scope
    old_unc = lookup(flat, base + "/double bit/total")
    if old_unc is not None or base + "/double bit/total" in flat:
        return to_int(old_unc), to_int(lookup(flat, base + "/single bit/total"))
    leaves = under(flat, base)
    if not leaves and base in flat:  # "Volatile : N/A" as one leaf
        return to_int(flat[base]), to_int(flat[base])
    unc = total(to_int(v) for k, v in leaves.items() if "uncorrectable" in k)
    cor = total(to_int(v) for k, v in leaves.items() if "correctable" in k and "uncorrectable" not in k)
    return unc, cor


def _reasons(flat: dict[str, str]) -> dict[str, Reading[bool]]:
    out: dict[str, Reading[bool]] = {}
    for section in ("clocks event reasons", "clocks throttle reasons"):
        names = {
            "idle": "idle",
            "applications clocks setting": "app_clocks",
            "sw power cap": "sw_power_cap",
            "hw slowdown": "hw_slowdown",
            "hw thermal slowdown": "hw_thermal",
            "hw power brake slowdown": "hw_power_brake",
            "sw thermal slowdown": "sw_thermal",
        }
        for key, value in flat.items():
            if key.startswith(section + "/"):
                leaf = key.rsplit("/", 1)[1]
                if leaf in names:
                    out[names[leaf]] = to_bool(value)
        if out:
            break
    return out


def facts_of(index: int, bus: str, flat: dict[str, str]) -> GpuFacts:
    """The readings the rules use, from one flattened GPU block."""
    f = GpuFacts(index=index, bus_id=bus)
    f.name = classify(flat.get("product name"))
    f.uuid = classify(flat.get("gpu uuid"))
    f.persistence = to_bool(flat.get("persistence mode"))
    f.mig = to_bool(lookup(flat, "mig mode/current"))
    f.ecc_mode = to_bool(lookup(flat, "ecc mode/current"))
    f.ecc_volatile_uncorrectable, f.ecc_volatile_correctable = _ecc(flat, "volatile")
    f.ecc_aggregate_uncorrectable, f.ecc_aggregate_correctable = _ecc(flat, "aggregate")
    f.retired_pending = to_bool(lookup(flat, "retired pages/pending page blacklist", "retired pages/pending"))
    f.retired_dbe = to_int(lookup(flat, "retired pages/double bit ecc", "retired pages/double bit ecc/count"))
    f.remap_pending = to_bool(lookup(flat, "remapped rows/pending", "remapped rows"))
    f.remap_failure = to_bool(lookup(flat, "remapped rows/remapping failure occurred", "remapped rows"))
    f.remap_uncorrectable = to_int(lookup(flat, "remapped rows/uncorrectable error", "remapped rows"))
    f.remap_correctable = to_int(lookup(flat, "remapped rows/correctable error", "remapped rows"))
    link = "pci/gpu link info/"
    f.pcie_gen = to_int(lookup(flat, link + "pcie generation/current"))
    f.pcie_gen_max = to_int(lookup(flat, link + "pcie generation/max"))
    f.pcie_width = to_int(lookup(flat, link + "link width/current"))
    f.pcie_width_max = to_int(lookup(flat, link + "link width/max"))
    f.reasons = _reasons(flat)
    f.util_gpu = to_int(lookup(flat, "utilization/gpu"))
    f.pstate = classify(flat.get("performance state"))
    f.sm_clock = to_int(lookup(flat, "clocks/sm"))
    f.sm_clock_max = to_int(lookup(flat, "max clocks/sm"))
    f.mem_total_mib = to_int(lookup(flat, "fb memory usage/total"))
    return f


def parse_q_text(text: str) -> list[GpuFacts]:
    """Every GPU block of ``nvidia-smi -q``, and a lost GPU for each "GPU is lost" line."""
    blocks: list[tuple[str, list[str]]] = []
    for line in text.splitlines()[:MAX_LINES]:
        m = _GPU.match(line)
        if m is not None:
            if len(blocks) >= MAX_GPUS:
                break
            blocks.append((m.group(1), []))
        elif blocks and line.startswith(" "):
            blocks[-1][1].append(line[:1000])
    gpus = [facts_of(i, bus, flatten(lines)) for i, (bus, lines) in enumerate(blocks)]
    for bus, words in lost_gpus(text)[:MAX_GPUS]:
        gpus.append(GpuFacts(index=len(gpus), bus_id=bus, lost=True, lost_text=words, name=None, uuid=None))
    return gpus


__all__ = ["NA", "flatten", "parse_q_text"]
