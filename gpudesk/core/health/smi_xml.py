"""``nvidia-smi -q -x`` (XML) → :class:`~.facts.GpuFacts` per GPU.

Read with the standard library's parser after refusing anything with a DOCTYPE or entity
declaration (the XML comes from the server; nvidia-smi's own DOCTYPE line is dropped first).
Older drivers name the clock reasons ``clocks_throttle_reason_*``, newer ``clocks_event_reason_*``;
pre-R470 ECC counters are ``single_bit``/``double_bit`` with a ``total``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from gpudesk.core.health.facts import GpuFacts, Reading, classify, lookup, lost_gpus, to_bool, to_int, total, under

MAX_GPUS = 64
MAX_BYTES = 16_000_000


class XmlError(ValueError):
    """The text is not nvidia-smi's XML (cut short, or something else)."""


def _flatten(node: ET.Element, prefix: str, out: dict[str, str]) -> None:
    for child in node:
        path = f"{prefix}/{child.tag}" if prefix else child.tag
        if len(child):
            _flatten(child, path, out)
        else:
            out.setdefault(path, (child.text or "").strip())


def _ecc(flat: dict[str, str], scope: str) -> tuple[Reading[int], Reading[int]]:
    base = "ecc_errors/" + scope
    if base + "/double_bit/total" in flat:
        return to_int(flat[base + "/double_bit/total"]), to_int(lookup(flat, base + "/single_bit/total"))
    leaves = under(flat, base)
    if not leaves and base in flat:
        return to_int(flat[base]), to_int(flat[base])
    unc = total(to_int(v) for k, v in leaves.items() if "uncorrectable" in k)
    cor = total(to_int(v) for k, v in leaves.items() if "correctable" in k and "uncorrectable" not in k)
    return unc, cor


_REASONS = {
    "gpu_idle": "idle",
    "applications_clocks_setting": "app_clocks",
    "sw_power_cap": "sw_power_cap",
    "hw_slowdown": "hw_slowdown",
    "hw_thermal_slowdown": "hw_thermal",
    "hw_power_brake_slowdown": "hw_power_brake",
    "sw_thermal_slowdown": "sw_thermal",
}


def facts_of(index: int, gpu: ET.Element) -> GpuFacts:
    flat: dict[str, str] = {}
    _flatten(gpu, "", flat)
    f = GpuFacts(index=index, bus_id=str(gpu.get("id", ""))[:40])
    f.name = classify(flat.get("product_name"))
    f.uuid = classify(flat.get("uuid"))
    f.persistence = to_bool(flat.get("persistence_mode"))
    f.mig = to_bool(flat.get("mig_mode/current_mig"))
    f.ecc_mode = to_bool(flat.get("ecc_mode/current_ecc"))
    f.ecc_volatile_uncorrectable, f.ecc_volatile_correctable = _ecc(flat, "volatile")
    f.ecc_aggregate_uncorrectable, f.ecc_aggregate_correctable = _ecc(flat, "aggregate")
    f.retired_pending = to_bool(lookup(flat, "retired_pages/pending_retirement", "retired_pages/pending_blacklist"))
    f.retired_dbe = to_int(lookup(flat, "retired_pages/double_bit_retirement/retired_count"))
    f.remap_pending = to_bool(lookup(flat, "remapped_rows/remapped_row_pending", "remapped_rows"))
    f.remap_failure = to_bool(lookup(flat, "remapped_rows/remapped_row_failure", "remapped_rows"))
    f.remap_uncorrectable = to_int(lookup(flat, "remapped_rows/remapped_row_unc", "remapped_rows"))
    f.remap_correctable = to_int(lookup(flat, "remapped_rows/remapped_row_corr", "remapped_rows"))
    link = "pci/pci_gpu_link_info/"
    f.pcie_gen = to_int(lookup(flat, link + "pcie_gen/current_link_gen"))
    f.pcie_gen_max = to_int(lookup(flat, link + "pcie_gen/max_link_gen"))
    f.pcie_width = to_int(lookup(flat, link + "link_widths/current_link_width"))
    f.pcie_width_max = to_int(lookup(flat, link + "link_widths/max_link_width"))
    for section in ("clocks_event_reasons/clocks_event_reason_", "clocks_throttle_reasons/clocks_throttle_reason_"):
        for key, name in _REASONS.items():
            if section + key in flat:
                f.reasons[name] = to_bool(flat[section + key])
        if f.reasons:
            break
    f.util_gpu = to_int(flat.get("utilization/gpu_util"))
    f.pstate = classify(flat.get("performance_state"))
    f.sm_clock = to_int(flat.get("clocks/sm_clock"))
    f.sm_clock_max = to_int(flat.get("max_clocks/sm_clock"))
    f.mem_total_mib = to_int(flat.get("fb_memory_usage/total"))
    return f


def parse_q_xml(text: str) -> list[GpuFacts]:
    """Every ``<gpu>`` of ``nvidia-smi -q -x``, and a lost GPU for each "GPU is lost" line around it."""
    text = text[:MAX_BYTES]
    start = text.find("<nvidia_smi_log")
    if start < 0:
        raise XmlError("no <nvidia_smi_log> element")
    body = text[start:]
    end = body.rfind("</nvidia_smi_log>")
    if end < 0:
        raise XmlError("the XML is cut short")
    body = body[: end + len("</nvidia_smi_log>")]
    if re.search(r"<!(DOCTYPE|ENTITY)", body):
        raise XmlError("unexpected declarations in the XML")
    try:
        root = ET.fromstring(body)
    except ET.ParseError as exc:
        raise XmlError(str(exc)) from None
    gpus = [facts_of(i, g) for i, g in enumerate(root.findall("gpu")[:MAX_GPUS])]
    for bus, words in lost_gpus(text[:start] + text[start + len(body) :])[:MAX_GPUS]:
        gpus.append(GpuFacts(index=len(gpus), bus_id=bus, lost=True, lost_text=words, name=None, uuid=None))
    return gpus


__all__ = ["XmlError", "parse_q_xml"]
