"""Telemetry benchmark: 8 simulated GPUs at 1 Hz for a simulated 24 h through parser and history.

Prints ``telemetry: mem_MB=… parse_us_per_line=… redraw_ms=…`` last. mem_MB is the resident
memory the history store adds; parse is the decoder on the tagged stream lines; redraw is one
full chart update of all four charts with a 24 h window, offscreen, including paint (``grab()``),
median of 7 after one warm-up. A ``telemetry-detail:`` line before it adds the store's own bytes,
the CPU time of a redraw (wall time on a loaded box is mostly waiting) and the load average. Run: ``python tests/benchmarks/bench_telemetry.py [--hours 24] [--gpus 8]``.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gpudesk.core.telemetry.history import History  # noqa: E402
from gpudesk.core.telemetry.model import Frame  # noqa: E402
from gpudesk.core.telemetry.remote import Decoder  # noqa: E402

T0 = 1_780_000_000.0


def rss_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def hour_of_lines(hour: int, gpus: int) -> list[str]:
    """One simulated hour of the sampler's tagged stream: a training load with spikes and dips."""
    out = []
    for s in range(hour * 3600, (hour + 1) * 3600):
        stamp = time.strftime("%Y/%m/%d %H:%M:%S", time.gmtime(T0 + s)) + ".000"
        for i in range(gpus):
            util = 90 + 8 * math.sin(s / 30 + i) if (s % 600) < 560 else 20.0
            mem = 60000 + 5000 * math.sin(s / 900 + i)
            temp = 60 + 10 * math.sin(s / 1200 + i)
            power = 550 + 100 * math.sin(s / 7 + i)
            fan = "[N/A]" if i % 2 else f"{40 + i}"
            out.append(
                f"G {stamp}, {i}, GPU-{i:08x}-0000-0000-0000-000000000000, NVIDIA H100 80GB HBM3, {util:.0f}, "
                f"{util / 3:.0f}, {mem:.0f}, 81559, {temp:.0f}, {power:.2f}, 700.00, 1980, 2619, {fan}, P0"
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hours", type=float, default=24.0)
    ap.add_argument("--gpus", type=int, default=8)
    args = ap.parse_args()
    hours = max(1, math.ceil(args.hours))

    clock = {"t": T0}
    frames: list[Frame] = []
    decoder = Decoder(frames.append, clock=lambda: clock["t"])

    # Warm the allocator with one hour parsed and dropped, so RSS growth is the store's own.
    for line in hour_of_lines(0, args.gpus):
        decoder.feed(line)
    frames.clear()
    gc.collect()
    rss0 = rss_bytes()
    history = History()

    parse_s = 0.0
    add_s = 0.0
    lines_total = 0
    for hour in range(hours):
        lines = hour_of_lines(hour, args.gpus)
        lines_total += len(lines)
        start = time.perf_counter()
        for n, line in enumerate(lines):
            if n % args.gpus == 0:
                clock["t"] = T0 + hour * 3600 + n // args.gpus
            decoder.feed(line)
        decoder.flush()
        parse_s += time.perf_counter() - start
        start = time.perf_counter()
        for frame in frames:
            history.add(frame)
        add_s += time.perf_counter() - start
        frames.clear()
        del lines
    gc.collect()
    mem_mb = (rss_bytes() - rss0) / 1e6

    from gpudesk.ui.qt import QtWidgets

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    from gpudesk.ui.gpus.charts import GpuCharts

    charts = GpuCharts(history)
    charts.resize(1400, 800)
    charts.show()
    app.processEvents()  # bench script only: let the offscreen window lay out once
    charts.span_s = 24 * 3600
    times, cpu, update_cpu = [], [], []
    for _ in range(8):
        start, cpu0 = time.perf_counter(), time.thread_time()
        charts.refresh()
        cpu1 = time.thread_time()
        charts.grab()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - cpu0) * 1000)
        update_cpu.append((cpu1 - cpu0) * 1000)
    redraw_ms = statistics.median(times[1:])  # the first one builds the curves and warms caches

    frame_us = (parse_s + add_s) / max(1, lines_total // args.gpus) * 1e6
    print(f"telemetry-detail: gpus={args.gpus} hours={hours} samples={lines_total} history_nbytes_MB={history.nbytes() / 1e6:.1f} "
          f"add_us_per_frame={add_s / max(1, lines_total // args.gpus) * 1e6:.1f} "
          f"sampling_cpu_pct_at_1Hz={frame_us / 1e6 * 100:.3f} redraw_all_ms={','.join(f'{t:.1f}' for t in times)} "
          f"redraw_cpu_ms={statistics.median(cpu[1:]):.1f} redraw_setdata_cpu_ms={statistics.median(update_cpu[1:]):.1f} load1={os.getloadavg()[0]:.1f}")
    print(f"telemetry: mem_MB={mem_mb:.1f} parse_us_per_line={parse_s / lines_total * 1e6:.2f} redraw_ms={redraw_ms:.1f}")
    sys.stdout.flush()
    # Skip interpreter teardown: PySide6 6.12 on Python 3.11 can abort while collecting Qt objects
    # at exit, which would hide the figures' exit status from scripts.
    os._exit(0)


if __name__ == "__main__":
    main()
