"""The demo server's simulated ``nvidia-smi``: the real tool's output formats over a load model.

Run as ``python -m gpudesk.core.demo.nvidia_smi ARGS`` by the demo's PATH wrapper, with
``GPUDESK_DEMO_GPUS``, ``GPUDESK_DEMO_GPU_MODEL``, ``GPUDESK_DEMO_LOAD`` (idle | training |
oom), ``GPUDESK_DEMO_HEALTH`` (healthy | degraded | faulty: GPU 1 throttles hot on a x8 link;
with ``faulty`` GPU 2 also has uncorrectable ECC errors, a pending row remap and Xid 48/63 in the
kernel log that ``--demo-dmesg`` prints) and ``GPUDESK_DEMO_STATE_DIR`` (where the simulation's
start time lives, so successive calls see one continuous load). Layouts follow the driver 590 captures in
``tests/fixtures/nvidia-smi``. Imports stay light: it starts once per sample stream.
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

DRIVER = "590.48.01"
CUDA = "13.1"
# name fragment -> (memory MiB, power limit W, idle W, max SM MHz, memory MHz)
SPECS = [
    ("H200", (143771, 700, 75, 1980, 3201)),
    ("H100", (81559, 700, 70, 1980, 2619)),
    ("A100-SXM4-80GB", (81920, 400, 60, 1410, 1593)),
    ("A100", (40960, 400, 55, 1410, 1215)),
    ("L40S", (46068, 350, 35, 2520, 9001)),
    ("4090", (24564, 450, 20, 2760, 10501)),
    ("V100", (16384, 300, 40, 1530, 877)),
    ("T4", (15360, 70, 10, 1590, 5001)),
]
UNIT = {
    "memory.total": "MiB",
    "memory.used": "MiB",
    "memory.free": "MiB",
    "memory.reserved": "MiB",
    "utilization.gpu": "%",
    "utilization.memory": "%",
    "fan.speed": "%",
    "power.draw": "W",
    "power.draw.average": "W",
    "power.draw.instant": "W",
    "power.limit": "W",
    "enforced.power.limit": "W",
    "power.default_limit": "W",
    "power.max_limit": "W",
    "clocks.sm": "MHz",
    "clocks.mem": "MHz",
    "clocks.gr": "MHz",
    "clocks.max.sm": "MHz",
    "clocks.max.mem": "MHz",
}
ALIASES = {
    "gpu_name": "name",
    "gpu_uuid": "uuid",
    "gpu_bus_id": "pci.bus_id",
    "gpu_serial": "serial",
    "clocks.current.sm": "clocks.sm",
    "clocks.current.memory": "clocks.mem",
    "clocks.memory": "clocks.mem",
    "clocks.current.graphics": "clocks.gr",
    "clocks.graphics": "clocks.gr",
    "clocks.max.memory": "clocks.max.mem",
    "clocks.max.graphics": "clocks.max.sm",
    "temperature.gpu": "temperature.gpu",
}


def _noise(t: float, i: int, k: int = 0) -> float:
    """Smooth pseudo-random wobble in [-1, 1], different per GPU and per metric."""
    return (math.sin(t * 0.37 + i * 1.7 + k) + math.sin(t * 1.31 + i * 0.9 + 2 * k) * 0.5) / 1.5


class Gpu:
    """One simulated GPU at time ``t`` seconds after the simulation started."""

    def __init__(self, index: int, model: str, load: str, t: float) -> None:
        spec = next((s for frag, s in SPECS if frag in model), SPECS[1][1])
        self.index, self.name = index, model
        self.mem_total, self.power_limit, idle_w, self.max_sm, self.mem_clock = spec
        self.uuid = f"GPU-{0x5EED0000 + index:08x}-de30-4e00-8000-{index:012x}"
        self.bus_id = f"00000000:{0x18 + index * 0x11:02X}:00.0"
        util, mem_frac = 0.0, 0.0
        self.procs: list[tuple[int, str, int]] = []  # (pid, name, MiB used)
        self._busy = False  # a process runs on this GPU now
        if load == "training":
            util, mem_frac = self._training(t)
        elif load == "oom":
            util, mem_frac = self._oom(t)
        util = max(0.0, min(100.0, util))
        self.util = round(util)
        self.mem_used = max(1, int(self.mem_total * mem_frac)) if mem_frac else 1
        self.util_mem = round(util * 0.35 + (3 * _noise(t, index, 3) if util else 0))
        heat = 1 - math.exp(-t / 300.0)  # temperature follows load with a few minutes' lag
        self.temp = round(33 + (util / 100) * 40 * heat + 1.5 * _noise(t, index, 4))
        self.power = round(idle_w + (self.power_limit * 0.93 - idle_w) * (util / 100) + 6 * _noise(t, index, 5), 2)
        self.sm = 345 if util < 2 else int(self.max_sm - (60 if self.temp > 80 else 0))
        self.pstate = "P0"
        self._health(util)
        if self._busy:
            share = self.mem_used - 520
            self.procs = [(4100 + index * 7, "python train.py", max(1, share))]

    def _health(self, util: float) -> None:
        """The ``-q`` health fields: sound by default, a degraded or a faulty GPU behind GPUDESK_DEMO_HEALTH."""
        health = os.environ.get("GPUDESK_DEMO_HEALTH") or "healthy"
        idle = util < 2
        # SXM parts keep Gen5 x16 at idle (as the real H200 capture shows); PCIe cards may drop to Gen1 there.
        self.pcie = (5, 5, 16, 16)
        self.reasons = dict.fromkeys(REASONS, False)
        self.reasons["idle"] = idle
        self.ecc = (0, 0, 0, 0)  # volatile uncorrectable, correctable; aggregate uncorrectable, correctable
        self.remap = (0, 0, False, False)  # correctable, uncorrectable, pending, failure
        if health in ("degraded", "faulty") and self.index == 1:
            self.pcie = (self.pcie[0], 5, 8, 16)  # a slot wired for 8 lanes
            self.reasons.update(hw_slowdown=True, hw_thermal=True)
            self.temp = max(self.temp, 89)
            if not idle:
                self.sm = int(self.max_sm * 0.45)
        if health == "faulty" and self.index == 2:
            self.ecc = (2, 0, 2, 14)
            self.remap = (0, 2, True, False)

    def _training(self, t: float) -> tuple[float, float]:
        """Start-up, ramp to a busy plateau with evaluation dips every 10 minutes; GPU 7 lags (a data-loader stall).

        With ``GPUDESK_DEMO_TRAIN_S`` set, the run finishes after that many seconds and the GPUs
        go idle while the bill runs on: what the cost guard's idle prompt is for.
        """
        i = self.index
        if t < 20 or (TRAIN_S and t > TRAIN_S):
            return 0.0, 0.004
        self._busy = True
        ramp = min(1.0, (t - 20) / 90)
        dip = (t % 600) > 560  # evaluation: utilization drops for 40 s
        base = 35.0 if i == 7 else 93.0
        util = base * ramp * (0.4 if dip else 1.0) + 4 * _noise(t, i)
        peak = 0.25 if i == 7 else 0.63  # the stalled GPU also holds a small batch: "raise the batch size"
        mem = 0.12 + peak * min(1.0, (t - 20) / 45) + 0.01 * _noise(t / 10, i, 1)
        return util, mem

    def _oom(self, t: float) -> tuple[float, float]:
        """Memory climbs until it runs out; the job dies, restarts after a pause."""
        i = self.index
        c = t % 240
        if c < 15 or c > 200:
            return 0.0, 0.004
        self._busy = True
        grow = (c - 15) / 180
        return 88 + 5 * _noise(t, i), min(0.995, 0.3 + 0.75 * grow)


TRAIN_S = float(os.environ.get("GPUDESK_DEMO_TRAIN_S") or 0)
REASONS = {
    "idle": ("Idle", "gpu_idle"),
    "sw_power_cap": ("SW Power Cap", "sw_power_cap"),
    "hw_slowdown": ("HW Slowdown", "hw_slowdown"),
    "hw_thermal": ("HW Thermal Slowdown", "hw_thermal_slowdown"),
    "hw_power_brake": ("HW Power Brake Slowdown", "hw_power_brake_slowdown"),
    "sw_thermal": ("SW Thermal Slowdown", "sw_thermal_slowdown"),
}


def _sim_time() -> float:
    state = Path(os.environ.get("GPUDESK_DEMO_STATE_DIR") or "/tmp")
    f = state / "nvidia-smi-start"
    try:
        start = float(f.read_text())
    except (OSError, ValueError):
        start = time.time()
        try:
            state.mkdir(parents=True, exist_ok=True)
            f.write_text(repr(start))
        except OSError:
            pass
    return time.time() - start


def gpus() -> list[Gpu]:
    n = int(os.environ.get("GPUDESK_DEMO_GPUS") or 8)
    model = os.environ.get("GPUDESK_DEMO_GPU_MODEL") or "NVIDIA H100 80GB HBM3"
    load = os.environ.get("GPUDESK_DEMO_LOAD") or "training"
    t = _sim_time()
    return [Gpu(i, model, load, t) for i in range(n)]


def field(g: Gpu, name: str, n: int) -> str | None:
    f = ALIASES.get(name, name)
    values: dict[str, object] = {
        "timestamp": time.strftime("%Y/%m/%d %H:%M:%S.") + f"{int(time.time() * 1000) % 1000:03d}",
        "driver_version": DRIVER,
        "count": n,
        "name": g.name,
        "serial": f"165052200{g.index:04d}",
        "uuid": g.uuid,
        "pci.bus_id": g.bus_id,
        "index": g.index,
        "fan.speed": "[N/A]",
        "pstate": g.pstate,
        "memory.total": g.mem_total,
        "memory.used": g.mem_used,
        "memory.free": g.mem_total - g.mem_used - 479,
        "memory.reserved": 479,
        "utilization.gpu": g.util,
        "utilization.memory": g.util_mem,
        "temperature.gpu": g.temp,
        "temperature.memory": g.temp + 4,
        "power.draw": f"{g.power:.2f}",
        "power.draw.average": f"{g.power:.2f}",
        "power.draw.instant": f"{g.power:.2f}",
        "power.limit": f"{g.power_limit:.2f}",
        "enforced.power.limit": f"{g.power_limit:.2f}",
        "power.default_limit": f"{g.power_limit:.2f}",
        "power.max_limit": f"{g.power_limit:.2f}",
        "clocks.sm": g.sm,
        "clocks.gr": g.sm,
        "clocks.mem": g.mem_clock,
        "clocks.max.sm": g.max_sm,
        "clocks.max.mem": g.mem_clock,
        "compute_mode": "Default",
        "persistence_mode": "Enabled",
        "mig.mode.current": "Disabled",
        "display_mode": "Disabled",
        "compute_cap": "9.0",
        "power.management": "[Requested functionality has been deprecated]",
    }
    if f not in values:
        return None
    return str(values[f])


def query_gpu(fields: list[str], noheader: bool, nounits: bool) -> int:
    all_gpus = gpus()
    bad = next((f for f in fields if field(all_gpus[0], f, 1) is None), None) if all_gpus else None
    if bad is not None:
        print(f'Field "{bad}" is not a valid field to query.')
        return 2
    if not noheader:
        print(
            ", ".join(
                f"{f} [{UNIT[ALIASES.get(f, f)]}]" if ALIASES.get(f, f) in UNIT and not nounits else f for f in fields
            )
        )
    for g in all_gpus:
        out = []
        for f in fields:
            v = field(g, f, len(all_gpus)) or "[N/A]"
            unit = UNIT.get(ALIASES.get(f, f))
            out.append(v if nounits or not unit or v.startswith("[") else f"{v} {unit}")
        print(", ".join(out))
    return 0


def query_apps(fields: list[str], noheader: bool, nounits: bool) -> int:
    if not noheader:
        print(", ".join(f + (" [MiB]" if f == "used_gpu_memory" and not nounits else "") for f in fields))
    for g in gpus():
        for pid, pname, used in g.procs:
            row = {
                "pid": pid,
                "process_name": pname,
                "used_gpu_memory": used if nounits else f"{used} MiB",
                "used_memory": used if nounits else f"{used} MiB",
                "gpu_uuid": g.uuid,
                "gpu_name": g.name,
                "gpu_bus_id": g.bus_id,
                "gpu_serial": f"165052200{g.index:04d}",
                "timestamp": field(g, "timestamp", 0),
            }
            print(", ".join(str(row.get(f, "[N/A]")) for f in fields))
    return 0


def table() -> None:
    all_gpus = gpus()
    print(time.strftime("%a %b %d %H:%M:%S %Y       "))
    bar = "+-----------------------------------------------------------------------------------------+"
    sep = "+-----------------------------------------+------------------------+----------------------+"
    print(bar)
    print(f"| NVIDIA-SMI {DRIVER}              Driver Version: {DRIVER}      CUDA Version: {CUDA}     |")
    print(sep)
    print("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |")
    print("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |")
    print("|                                         |                        |               MIG M. |")
    print("|=========================================+========================+======================|")
    for g in all_gpus:
        print(f"| {g.index:>3}  {g.name[:29]:<29}  On  | {g.bus_id:>18} Off |                    0 |")
        pwr = f"{int(g.power)}W / {g.power_limit}W"
        mem = f"{g.mem_used}MiB / {g.mem_total}MiB"
        print(f"| N/A   {g.temp}C    {g.pstate}   {pwr:>22} | {mem:>22} | {str(g.util) + '%':>6}      Default |")
        print("|                                         |                        |             Disabled |")
        print(sep)
    print()
    print(bar)
    print("| Processes:                                                                              |")
    print("|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |")
    print("|        ID   ID                                                               Usage      |")
    print("|=========================================================================================|")
    procs = [(g.index, p) for g in all_gpus for p in g.procs]
    if not procs:
        print("|  No running processes found                                                             |")
    for idx, (pid, pname, used) in procs:
        print(f"|  {idx:>3}   N/A  N/A  {pid:>15}      C   {pname:<35} {str(used) + 'MiB':>10} |")
    print(bar)


def dmon(count: int | None, delay: float) -> None:
    print("# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk ")
    print("# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz ")
    n = 0
    while count is None or n < count:
        for g in gpus():
            print(
                f"  {g.index:>3} {int(g.power):>6} {g.temp:>6} {g.temp + 4:>6} {g.util:>6} {g.util_mem:>6}"
                f"      0      0      0      0 {g.mem_clock:>6} {g.sm:>6} "
            )
        sys.stdout.flush()
        n += 1
        if count is None or n < count:
            time.sleep(delay)


def query_text(xml: bool) -> None:
    all_gpus = gpus()
    stamp = time.strftime("%a %b %d %H:%M:%S %Y")
    if xml:
        print('<?xml version="1.0" ?>\n<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">\n<nvidia_smi_log>')
        print(f"\t<timestamp>{stamp}</timestamp>\n\t<driver_version>{DRIVER}</driver_version>")
        print(f"\t<cuda_version>{CUDA}</cuda_version>\n\t<attached_gpus>{len(all_gpus)}</attached_gpus>")
        for g in all_gpus:
            print(f'\t<gpu id="{g.bus_id}">\n\t\t<product_name>{g.name}</product_name>\n\t\t<uuid>{g.uuid}</uuid>')
            print(f"\t\t<fan_speed>N/A</fan_speed>\n\t\t<performance_state>{g.pstate}</performance_state>")
            print(f"\t\t<fb_memory_usage>\n\t\t\t<total>{g.mem_total} MiB</total>\n\t\t\t<used>{g.mem_used} MiB</used>")
            print(f"\t\t\t<free>{g.mem_total - g.mem_used} MiB</free>\n\t\t</fb_memory_usage>")
            print(
                f"\t\t<utilization>\n\t\t\t<gpu_util>{g.util} %</gpu_util>\n\t\t\t<memory_util>{g.util_mem} %</memory_util>"
            )
            print(f"\t\t</utilization>\n\t\t<temperature>\n\t\t\t<gpu_temp>{g.temp} C</gpu_temp>\n\t\t</temperature>")
            print(f"\t\t<gpu_power_readings>\n\t\t\t<power_draw>{g.power:.2f} W</power_draw>")
            print(f"\t\t\t<current_power_limit>{g.power_limit:.2f} W</current_power_limit>\n\t\t</gpu_power_readings>")
            print(
                f"\t\t<clocks>\n\t\t\t<sm_clock>{g.sm} MHz</sm_clock>\n\t\t\t<mem_clock>{g.mem_clock} MHz</mem_clock>"
            )
            print(f"\t\t</clocks>\n\t\t<max_clocks>\n\t\t\t<sm_clock>{g.max_sm} MHz</sm_clock>\n\t\t</max_clocks>")
            print(_health_xml(g))
            print("\t</gpu>")
        print("</nvidia_smi_log>")
        return
    print(f"\n==============NVSMI LOG==============\n\nTimestamp                                 : {stamp}")
    print(f"Driver Version                            : {DRIVER}\nCUDA Version                              : {CUDA}\n")
    print(f"Attached GPUs                             : {len(all_gpus)}")
    for g in all_gpus:
        print(f"GPU {g.bus_id}\n    Product Name                          : {g.name}")
        print(f"    GPU UUID                              : {g.uuid}\n    Fan Speed                             : N/A")
        print(f"    Performance State                     : {g.pstate}\n    FB Memory Usage")
        print(
            f"        Total                             : {g.mem_total} MiB\n        Used                              : {g.mem_used} MiB"
        )
        print(f"        Free                              : {g.mem_total - g.mem_used} MiB\n    Utilization")
        print(
            f"        Gpu                               : {g.util} %\n        Memory                            : {g.util_mem} %"
        )
        print(f"    Temperature\n        GPU Current Temp                  : {g.temp} C\n    GPU Power Readings")
        print(
            f"        Power Draw                        : {g.power:.2f} W\n        Current Power Limit               : {g.power_limit:.2f} W"
        )
        print(
            f"    Clocks\n        SM                                : {g.sm} MHz\n        Memory                            : {g.mem_clock} MHz"
        )
        print(f"    Max Clocks\n        SM                                : {g.max_sm} MHz")
        print(_health_text(g))


def _on(value: bool) -> str:
    return "Active" if value else "Not Active"


def _health_text(g: Gpu) -> str:
    gen, gen_max, width, width_max = g.pcie
    vu, vc, au, ac = g.ecc
    rc, ru, pending, failure = g.remap
    lines = [
        "    Persistence Mode                      : Enabled",
        "    MIG Mode\n        Current                           : Disabled\n        Pending                           : Disabled",
        "    PCI\n        GPU Link Info\n            PCIe Generation",
        f"                Max                       : {gen_max}\n                Current                   : {gen}",
        f"            Link Width\n                Max                       : {width_max}x",
        f"                Current                   : {width}x",
        "    Clocks Event Reasons",
    ]
    for key, (label, _) in REASONS.items():
        indent = "            " if key in ("hw_thermal", "hw_power_brake") else "        "
        lines.append(f"{indent}{label:<{34 - len(indent) + 4}}: {_on(g.reasons[key])}")
    lines += [
        "    ECC Mode\n        Current                           : Enabled",
        "    ECC Errors\n        Volatile",
        f"            DRAM Correctable              : {vc}\n            DRAM Uncorrectable            : {vu}",
        "        Aggregate",
        f"            DRAM Correctable              : {ac}\n            DRAM Uncorrectable            : {au}",
        "    Retired Pages\n        Single Bit ECC                    : N/A\n        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        f"    Remapped Rows\n        Correctable Error                 : {rc}\n        Uncorrectable Error               : {ru}",
        f"        Pending                           : {'Yes' if pending else 'No'}",
        f"        Remapping Failure Occurred        : {'Yes' if failure else 'No'}\n",
    ]
    return "\n".join(lines)


def _health_xml(g: Gpu) -> str:
    gen, gen_max, width, width_max = g.pcie
    vu, vc, au, ac = g.ecc
    rc, ru, pending, failure = g.remap
    reasons = "".join(
        f"\t\t\t<clocks_event_reason_{tag}>{_on(g.reasons[key])}</clocks_event_reason_{tag}>\n"
        for key, (_, tag) in REASONS.items()
    )
    return (
        "\t\t<persistence_mode>Enabled</persistence_mode>\n"
        "\t\t<mig_mode>\n\t\t\t<current_mig>Disabled</current_mig>\n\t\t</mig_mode>\n"
        "\t\t<pci>\n\t\t\t<pci_gpu_link_info>\n"
        f"\t\t\t\t<pcie_gen>\n\t\t\t\t\t<max_link_gen>{gen_max}</max_link_gen>\n"
        f"\t\t\t\t\t<current_link_gen>{gen}</current_link_gen>\n\t\t\t\t</pcie_gen>\n"
        f"\t\t\t\t<link_widths>\n\t\t\t\t\t<max_link_width>{width_max}x</max_link_width>\n"
        f"\t\t\t\t\t<current_link_width>{width}x</current_link_width>\n\t\t\t\t</link_widths>\n"
        "\t\t\t</pci_gpu_link_info>\n\t\t</pci>\n"
        f"\t\t<clocks_event_reasons>\n{reasons}\t\t</clocks_event_reasons>\n"
        "\t\t<ecc_mode>\n\t\t\t<current_ecc>Enabled</current_ecc>\n\t\t</ecc_mode>\n"
        f"\t\t<ecc_errors>\n\t\t\t<volatile>\n\t\t\t\t<dram_correctable>{vc}</dram_correctable>\n"
        f"\t\t\t\t<dram_uncorrectable>{vu}</dram_uncorrectable>\n\t\t\t</volatile>\n"
        f"\t\t\t<aggregate>\n\t\t\t\t<dram_correctable>{ac}</dram_correctable>\n"
        f"\t\t\t\t<dram_uncorrectable>{au}</dram_uncorrectable>\n\t\t\t</aggregate>\n\t\t</ecc_errors>\n"
        "\t\t<retired_pages>\n\t\t\t<pending_blacklist>N/A</pending_blacklist>\n"
        "\t\t\t<pending_retirement>N/A</pending_retirement>\n\t\t</retired_pages>\n"
        f"\t\t<remapped_rows>\n\t\t\t<remapped_row_corr>{rc}</remapped_row_corr>\n"
        f"\t\t\t<remapped_row_unc>{ru}</remapped_row_unc>\n"
        f"\t\t\t<remapped_row_pending>{'Yes' if pending else 'No'}</remapped_row_pending>\n"
        f"\t\t\t<remapped_row_failure>{'Yes' if failure else 'No'}</remapped_row_failure>\n\t\t</remapped_rows>"
    )


def demo_dmesg() -> int:
    """The demo's kernel log: the driver loading, and with GPUDESK_DEMO_HEALTH=faulty GPU 2's Xid 48 and 63."""
    try:
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        uptime = 3600.0
    early = min(5.0, uptime)
    print(f"[{early:12.6f}] nvidia: loading out-of-tree module taints kernel.")
    print(f"[{early + 0.4:12.6f}] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  {DRIVER}")
    n = int(os.environ.get("GPUDESK_DEMO_GPUS") or 8)
    if (os.environ.get("GPUDESK_DEMO_HEALTH") or "") == "faulty" and n > 2:
        at = max(early + 1, uptime - 600)
        bus = f"0000:{0x18 + 2 * 0x11:02x}:00"
        print(
            f"[{at:12.6f}] NVRM: Xid (PCI:{bus}): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit "
            "error (DBE) has been detected on GPU in the framebuffer at physAddr 0x3f1c2a000 partition 5, subpartition 0."
        )
        print(
            f"[{at + 0.02:12.6f}] NVRM: Xid (PCI:{bus}): 63, pid='<unknown>', name=<unknown>, Row Remapper: "
            "New row marked for remapping, reset gpu to activate."
        )
    return 0


def _opt(args: list[str], *names: str) -> str | None:
    for i, a in enumerate(args):
        for name in names:
            if a == name and i + 1 < len(args):
                return args[i + 1]
            if a.startswith(name + "="):
                return a.split("=", 1)[1]
    return None


def main(args: list[str]) -> int:
    if args[:1] == ["--demo-dmesg"]:
        return demo_dmesg()
    fmt = _opt(args, "--format") or ""
    noheader, nounits = "noheader" in fmt, "nounits" in fmt
    if "--version" in args:
        print(f"NVIDIA-SMI version  : {DRIVER}\nNVML version        : {DRIVER.rsplit('.', 1)[0]}")
        print(f"DRIVER version      : {DRIVER}\nCUDA Version        : {CUDA}")
        return 0
    if "-L" in args or "--list-gpus" in args:
        for g in gpus():
            print(f"GPU {g.index}: {g.name} (UUID: {g.uuid})")
        return 0
    if args and args[0] == "dmon":
        count = _opt(args, "-c")
        dmon(int(count) if count else None, float(_opt(args, "-d") or 1))
        return 0
    if "-q" in args or "--query" in args:
        query_text("-x" in args or "--xml-format" in args)
        return 0
    for flag, fn in (("--query-gpu", query_gpu), ("--query-compute-apps", query_apps)):
        fields = _opt(args, flag)
        if fields is None:
            continue
        if "csv" not in fmt:
            print(f"{flag} requires --format=csv. Please run 'nvidia-smi -h' for help.")
            return 2
        ms = _opt(args, "-lms", "--loop-ms")
        s = _opt(args, "-l", "--loop")
        period = int(ms) / 1000 if ms else float(s) if s else None
        while True:
            code = fn(fields.split(","), noheader, nounits)
            sys.stdout.flush()
            if code or period is None:
                return code
            noheader = True  # the real tool prints its header once per run
            time.sleep(max(0.05, period))
    if not args:
        table()
        return 0
    print("Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.")
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (BrokenPipeError, KeyboardInterrupt):
        try:
            sys.stdout = None  # nothing more to flush into a closed pipe
        finally:
            os._exit(0)
