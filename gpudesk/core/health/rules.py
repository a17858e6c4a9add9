"""Readings → findings → verdicts (see :mod:`.model` for what each verdict means).

Traps this module keeps in mind:

* a PCIe link that runs below its maximum while the GPU idles is power saving, not a fault: the
  link is judged only while the "Idle" clock event reason is not active (and the GPU is awake:
  utilization above 0 or P0), otherwise it is reported as not judged (unknown);
* a field the GPU should report but could not be read makes the verdict ``unknown``, never
  ``healthy``; a field that is N/A by design (retired pages on Ampere and newer, remapped rows under
  MIG, ECC on GeForce) is no finding at all;
* Xid 13/31/43/45 are the application's fault (info); see :mod:`.xid` for the catalog.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from gpudesk.core.catalog.data import Catalog
from gpudesk.core.health.facts import NA, GpuFacts, bus_key
from gpudesk.core.health.identify import family
from gpudesk.core.health.model import Finding, GpuHealth, HealthReport
from gpudesk.core.health.xid import XidEvent
from gpudesk.core.i18n import msg

CORRECTABLE_VOLATILE_HIGH = 100
CORRECTABLE_AGGREGATE_HIGH = 1000
CLOCK_CAPPED_RATIO = 0.5
MEMORY_TOLERANCE = 0.9  # nvidia-smi shows a little less than the marketed size (reserved memory, GiB vs GB)


@dataclass(frozen=True)
class Claim:
    """What the provider said the server has (from the session/offer; every field optional)."""

    model: str = ""
    memory_gb: float | None = None


def _refund() -> str:
    return msg("Health", "Ask the provider for a refund; terminate the instance and rent the next best offer.")


def _pcie(f: GpuFacts, out: GpuHealth) -> None:
    readings = (f.pcie_gen, f.pcie_gen_max, f.pcie_width, f.pcie_width_max)
    if any(r is None for r in readings):
        out.unknown.append(msg("Health", "PCIe link: could not be read"))
        return
    gen, gen_max, width, width_max = readings
    if not (
        isinstance(gen, int) and isinstance(gen_max, int) and isinstance(width, int) and isinstance(width_max, int)
    ):
        return
    if gen >= gen_max and width >= width_max:
        return
    idle = f.reasons.get("idle", NA)
    util = f.util_gpu
    awake = (isinstance(util, int) and util > 0) or f.pstate == "P0"
    if idle is False and awake:
        out.findings.append(
            Finding(
                "pcie_link_degraded",
                "warn",
                msg(
                    "Health",
                    "PCIe link runs at Gen{gen} x{width} of Gen{gen_max} x{width_max} while the GPU is not idle: "
                    "data moves to and from the GPU slower than it should.",
                    gen=gen,
                    width=width,
                    gen_max=gen_max,
                    width_max=width_max,
                ),
                msg(
                    "Health",
                    "Ask the provider to reseat the GPU or move you to another host (a riser or a slot "
                    "wired for fewer lanes does this).",
                ),
            )
        )
    else:
        out.unknown.append(
            msg(
                "Health",
                "PCIe link: Gen{gen} x{width} of Gen{gen_max} x{width_max} while idle (normal power saving); "
                "it is judged only under load",
                gen=gen,
                width=width,
                gen_max=gen_max,
                width_max=width_max,
            )
        )


def _throttle(f: GpuFacts, out: GpuHealth) -> None:
    r = f.reasons
    if not r:
        if not f.lost:
            out.unknown.append(msg("Health", "Clock event reasons: not reported"))
        return
    if any(v is None for v in r.values()):
        out.unknown.append(msg("Health", "Clock event reasons: could not be read"))
    if r.get("hw_thermal") is True or r.get("sw_thermal") is True:
        out.findings.append(
            Finding(
                "throttle_thermal",
                "warn",
                msg("Health", "The GPU slows its clocks because it is too hot."),
                msg("Health", "Ask the provider to check the cooling (fans, airflow, the room)."),
            )
        )
    if r.get("hw_power_brake") is True:
        out.findings.append(
            Finding(
                "throttle_power_brake",
                "warn",
                msg("Health", "HW Power Brake is active: the server's power supply told the GPU to slow down."),
                msg("Health", "Ask the provider to check the power supplies of this server, or move to another host."),
            )
        )
    if r.get("hw_slowdown") is True:
        out.findings.append(
            Finding(
                "throttle_hw_slowdown",
                "warn",
                msg("Health", "HW Slowdown is active: the GPU runs at a fraction of its clock speed."),
                msg("Health", "Ask the provider to fix it or move you to another host; jobs will run much slower."),
            )
        )
    sm, sm_max = f.sm_clock, f.sm_clock_max
    idle = r.get("idle")
    if (
        idle is False
        and isinstance(sm, int)
        and isinstance(sm_max, int)
        and sm_max > 0
        and sm < sm_max * CLOCK_CAPPED_RATIO
    ):
        out.findings.append(
            Finding(
                "clocks_capped",
                "warn",
                msg("Health", "SM clock {sm} MHz of {sm_max} MHz while the GPU is not idle.", sm=sm, sm_max=sm_max),
                msg("Health", "Ask the provider why the clocks are held down (power cap, slowdown, clock settings)."),
            )
        )


def _ecc(f: GpuFacts, out: GpuHealth) -> None:
    vol, agg = f.ecc_volatile_uncorrectable, f.ecc_aggregate_uncorrectable
    if f.ecc_mode is True and (vol is None or agg is None):
        out.unknown.append(msg("Health", "ECC error counters: could not be read"))
    if isinstance(vol, int) and vol > 0:
        out.findings.append(
            Finding(
                "ecc_uncorrectable",
                "fail",
                msg("Health", "{n} uncorrectable ECC memory error(s) since the last reset.", n=vol),
                _refund(),
            )
        )
    elif isinstance(agg, int) and agg > 0:
        out.findings.append(
            Finding(
                "ecc_uncorrectable",
                "warn",
                msg(
                    "Health",
                    "{n} uncorrectable ECC memory error(s) over the GPU's life (none since the last reset).",
                    n=agg,
                ),
                msg("Health", "Watch for new errors; if jobs crash with memory errors, ask for another GPU."),
            )
        )
    vc, ac = f.ecc_volatile_correctable, f.ecc_aggregate_correctable
    if (isinstance(vc, int) and vc >= CORRECTABLE_VOLATILE_HIGH) or (
        isinstance(ac, int) and ac >= CORRECTABLE_AGGREGATE_HIGH
    ):
        out.findings.append(
            Finding(
                "ecc_correctable_high",
                "warn",
                msg(
                    "Health",
                    "Many corrected ECC memory errors: {vc} since the last reset, {ac} over the GPU's life.",
                    vc=vc if isinstance(vc, int) else "?",
                    ac=ac if isinstance(ac, int) else "?",
                ),
                msg("Health", "The memory is wearing out; ask the provider for another GPU for long jobs."),
            )
        )


def _memory_repair(f: GpuFacts, out: GpuHealth) -> None:
    if f.retired_pending is None or f.remap_pending is None or f.remap_failure is None:
        out.unknown.append(msg("Health", "Retired pages / remapped rows: could not be read"))
    if f.retired_pending is True:
        out.findings.append(
            Finding(
                "retired_pages_pending",
                "fail",
                msg(
                    "Health",
                    "Memory pages are waiting to be retired ({n} retired after double-bit errors so far): "
                    "the GPU has had uncorrectable memory errors and needs a reset.",
                    n=f.retired_dbe if isinstance(f.retired_dbe, int) else "?",
                ),
                _refund(),
            )
        )
    if f.remap_failure is True:
        out.findings.append(
            Finding(
                "row_remap_failure",
                "fail",
                msg("Health", "Row remapping failed: the GPU has run out of spare memory rows."),
                _refund(),
            )
        )
    if f.remap_pending is True:
        unc = f.remap_uncorrectable if isinstance(f.remap_uncorrectable, int) else "?"
        out.findings.append(
            Finding(
                "row_remap_pending",
                "warn",
                msg(
                    "Health",
                    "A memory row remap is pending ({unc} row(s) remapped after uncorrectable errors): "
                    "the GPU needs a reset to apply it.",
                    unc=unc,
                ),
                msg("Health", "Ask the provider to reset the GPU (or reboot the server) before long jobs."),
            )
        )


def _modes(f: GpuFacts, out: GpuHealth) -> None:
    if f.persistence is False:
        out.findings.append(
            Finding(
                "persistence_off",
                "info",
                msg(
                    "Health",
                    "Persistence mode is off: every nvidia-smi call re-initialises the GPU (slow first calls).",
                ),
                msg("Health", "Run 'sudo nvidia-smi -pm 1' (as root), or ask the provider to enable it."),
            )
        )
    if f.mig is True:
        out.findings.append(
            Finding(
                "mig_enabled",
                "info",
                msg("Health", "MIG is on: the GPU is split into instances; a job sees only its slice."),
                msg("Health", "If you rented the whole GPU, ask the provider to disable MIG ('nvidia-smi -mig 0')."),
            )
        )


def _form(name: str) -> str:
    """SXM or PCIE when the name says so (HBM3 on an H100 is the SXM part), else ''."""
    upper = name.upper()
    return "SXM" if ("SXM" in upper or "HBM3" in upper) else "PCIE" if "PCIE" in upper else ""


def _claim(f: GpuFacts, claim: Claim, catalog: Catalog, out: GpuHealth) -> None:
    name = f.name if isinstance(f.name, str) else ""
    mem = f.mem_total_mib if isinstance(f.mem_total_mib, int) else None
    expected = catalog.find_gpu(claim.model) if claim.model else None
    if claim.model and name:
        # Only what the claim says for sure: the family (H100, A100 …), and the form factor when it names one.
        # ("A100 80GB" may be the SXM or the PCIe part: either is what was promised.)
        claimed_family, got_family = family(claim.model), family(name)
        claimed_form, got_form = _form(claim.model), _form(name)
        different = (
            bool(claimed_family) and bool(got_family) and claimed_family.rstrip("G") != got_family.rstrip("G")
        ) or (bool(claimed_form) and bool(got_form) and claimed_form != got_form)
        if different:
            out.findings.append(
                Finding(
                    "model_mismatch",
                    "fail",
                    msg("Health", "The provider said {claim}; the server has {name}.", claim=claim.model, name=name),
                    _refund(),
                )
            )
    want = claim.memory_gb or (expected.vram_gb if expected else None)
    if want and mem is not None and mem / 1024 < want * MEMORY_TOLERANCE:
        out.findings.append(
            Finding(
                "memory_mismatch",
                "fail",
                msg(
                    "Health", "{got:.0f} GB of GPU memory where {want:.0f} GB were promised.", got=mem / 1024, want=want
                ),
                _refund(),
            )
        )


def _xids(events: Sequence[XidEvent], out: GpuHealth, now: float) -> None:
    by_code: dict[int, list[XidEvent]] = {}
    for e in events:
        by_code.setdefault(e.code, []).append(e)
    for code, group in sorted(by_code.items()):
        last = group[-1]
        age = max(0.0, now - last.at) if last.at is not None else None
        if age is None:
            ago = msg("Health", "time unknown")
        elif age < 3600:
            ago = msg("Health", "{m:.0f} min ago", m=age / 60)
        else:
            ago = msg("Health", "{h:.0f} h ago", h=age / 3600)
        out.findings.append(
            Finding(
                "xid_recent",
                last.severity,
                msg(
                    "Health",
                    "Xid {code} ({count}× in the kernel log, last {ago}): {meaning}. Last line: {text}",
                    code=code,
                    count=len(group),
                    ago=ago,
                    meaning=last.meaning,
                    text=last.text[:160],
                ),
                _refund()
                if last.severity == "fail"
                else msg("Health", "Usually the program's own bug (a bad memory access): check your code.")
                if last.severity == "info"
                else msg(
                    "Health", "Watch for repeats; if they come back under load, ask the provider for another GPU."
                ),
            )
        )


def evaluate(
    gpus: Sequence[GpuFacts],
    xids: Sequence[XidEvent] | None,
    catalog: Catalog,
    claim: Claim | None = None,
    kernel_log_detail: str = "",
    now: float | None = None,
) -> HealthReport:
    """The report for ``gpus`` (from :mod:`.smi_text`/:mod:`.smi_xml`) and the kernel log's Xids
    (``None``: the log could not be read)."""
    now = time.time() if now is None else now
    report = HealthReport(kernel_log="read" if xids is not None else "unreadable", kernel_log_detail=kernel_log_detail)
    pending = list(xids or [])
    for f in gpus:
        out = GpuHealth(
            index=None if f.lost else f.index,
            uuid=f.uuid if isinstance(f.uuid, str) else None,
            name=f.name if isinstance(f.name, str) else None,
            bus_id=f.bus_id,
        )
        if f.lost:
            out.findings.append(
                Finding(
                    "gpu_lost",
                    "fail",
                    msg("Health", "nvidia-smi cannot reach this GPU: {words}", words=f.lost_text),
                    _refund(),
                )
            )
        else:
            if f.name is None or f.uuid is None:
                out.unknown.append(msg("Health", "GPU name: could not be read"))
            _pcie(f, out)
            _throttle(f, out)
            _ecc(f, out)
            _memory_repair(f, out)
            _modes(f, out)
            if claim is not None:
                _claim(f, claim, catalog, out)
        key = bus_key(f.bus_id)
        mine = [e for e in pending if key is not None and bus_key(e.bus) == key]
        pending = [e for e in pending if e not in mine]
        _xids(mine, out, now)
        if xids is None:
            out.unknown.append(msg("Health", "Kernel log (Xid errors): not readable"))
        report.gpus.append(out)
    # Xids of a GPU nvidia-smi does not list (one that fell off the bus is the usual case).
    by_bus: dict[str, list[XidEvent]] = {}
    for e in pending:
        by_bus.setdefault(e.bus, []).append(e)
    for bus, events in by_bus.items():
        out = GpuHealth(index=None, uuid=None, name=None, bus_id=bus)
        _xids(events, out, now)
        report.gpus.append(out)
    return report


__all__ = ["Claim", "evaluate"]
