"""``gpudesk gpus TARGET [--json]``: one telemetry snapshot (DESIGN §3).

Read through a live-core :class:`~gpudesk.core.live.telemetry.TelemetryFeed` (detached: one read, no
stream), so the run decodes, keeps and summarises the GPUs exactly as the app's GPUs tab does.
"""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.target import open_connection
from gpudesk.core.live.telemetry import TelemetryFeed
from gpudesk.core.ssh.errors import RemoteCommandError
from gpudesk.core.telemetry.parse import clean_line
from gpudesk.core.telemetry.snapshot import Snapshot


def _val(x: float | None, unit: str = "", digits: int = 0) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}{unit}"


def format_text(snap: Snapshot) -> str:
    lines = []
    if snap.versions.driver:
        lines.append(f"driver {clean_line(snap.versions.driver)} · CUDA {clean_line(snap.versions.cuda or 'n/a')}")
    for g in snap.gpus:
        mem = f"{_val(g.mem_used_mib)}/{_val(g.mem_total_mib)} MiB"
        power = f"{_val(g.power_w, ' W')}/{_val(g.power_limit_w, ' W')}"
        lines.append(
            f"GPU {g.index}  {clean_line(g.name)}  util {_val(g.util_gpu, '%')}  mem {mem}  temp {_val(g.temp_c, ' C')}  "
            f"power {power}  sm {_val(g.sm_clock_mhz, ' MHz')}  fan {_val(g.fan_pct, '%')}  {g.pstate or ''}".rstrip()
        )
        for p in snap.processes:
            if p.gpu_uuid == g.uuid:
                # Process names are chosen by whoever runs them on the server: never raw to a terminal.
                lines.append(f"    pid {p.pid}  {clean_line(p.name)}  {_val(p.used_mib, ' MiB')}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    feed = TelemetryFeed(None)
    try:
        snap = feed.snapshot(conn)
    finally:
        feed.close()
        conn.close()
    if not snap.gpus and not snap.status.ok:
        # Exit code, nvidia-smi's own first lines (cleaned, capped) and what to do.
        raise RemoteCommandError(snap.status.report())
    print(json.dumps(snap.to_json(), indent=2) if args.json else format_text(snap))
    if not snap.status.ok:  # some GPUs answered, another fell off
        print(f"gpudesk: {snap.status.report()}", file=sys.stderr)
        return RemoteCommandError.exit_code
    return 0
