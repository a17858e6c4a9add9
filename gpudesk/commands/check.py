"""``gpudesk check TARGET [--health [--bench] [--expect-gpu MODEL]] [--json]``: the step-2 environment report (DESIGN §3).

Prints the whole report even when checks fail (explaining failures is its job); exits 4
when a check failed, or with ``--health`` when a GPU is faulty, so scripts can gate on it. The check runs through a live-core
:class:`~gpudesk.core.live.telemetry.TelemetryFeed` (detached), as the GPUs tab's check does.
"""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.target import open_connection
from gpudesk.core.envcheck import Report
from gpudesk.core.health.collect import run_health
from gpudesk.core.health.model import HealthReport
from gpudesk.core.health.rules import Claim
from gpudesk.core.live.telemetry import TelemetryFeed
from gpudesk.core.ssh.errors import RemoteCommandError
from gpudesk.core.telemetry.parse import strip_controls

_MARK = {"ok": "[ ok ]", "warn": "[warn]", "fail": "[FAIL]"}


def format_text(rep: Report) -> str:
    lines = []
    for c in rep.checks:
        lines.append(f"{_MARK.get(c.status, c.status)} {c.name}: {c.detail}")
        if c.fix and c.status != "ok":
            lines.append(f"       fix: {c.fix}")
    # Details quote the server (versions, nvidia-smi's words): nothing in them may steer the terminal.
    return strip_controls("\n".join(lines))


_SEVERITY = {"info": "[info]", "warn": "[warn]", "fail": "[FAIL]"}


def format_health(health: HealthReport) -> str:
    """The health part of the text report: the verdict in words, then each GPU's findings."""
    lines = [f"GPU health: {health.summary()}"]
    if health.error:
        lines.append(f"  {health.error}")
    for g in health.gpus:
        where = f"GPU {g.index}" if g.index is not None else "GPU (not listed by nvidia-smi)"
        lines.append(f"  {where} {g.name or ''} [{g.bus_id}]: {g.verdict}")
        for f in g.findings:
            lines.append(f"    {_SEVERITY[f.severity]} {f.code}: {f.detail}")
            if f.fix:
                lines.append(f"           fix: {f.fix}")
        for u in g.unknown:
            lines.append(f"    [ ?? ] {u}")
    lines.append(f"  Kernel log: {health.kernel_log_detail}")
    if health.bench is not None:
        b = health.bench
        if not b.get("gpus"):
            lines.append(f"  Benchmark: not run ({b.get('error') or 'no result'})")
        for g in b.get("gpus", []):
            figures = ", ".join(
                f"{x['name']} {x['measured']} {x['unit']}"
                + (f" of {x['expected']} ({x['ratio'] * 100:.0f} %)" if x.get("ratio") is not None else "")
                for x in g["figures"]
            )
            lines.append(f"  Benchmark GPU {g['index']}: {figures or g.get('error') or 'no figures'}")
    return strip_controls("\n".join(lines))


def run(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    feed = TelemetryFeed(None)
    want_health = bool(getattr(args, "health", False) or getattr(args, "bench", False))
    health: HealthReport | None = None
    try:
        rep = feed.check(conn)
        if want_health:
            claim = Claim(model=args.expect_gpu) if getattr(args, "expect_gpu", None) else None
            health = run_health(conn, claim=claim, bench=bool(args.bench))
    finally:
        feed.close()
        conn.close()
    if args.json:
        data = rep.to_json()
        if health is not None:
            data["health"] = health.to_json()
        print(json.dumps(data, indent=2))
    else:
        print(format_text(rep))
        if health is not None:
            print(format_health(health))
    failed = [c for c in rep.checks if c.status == "fail"]
    if failed:
        first = failed[0]
        hint = f"\n{first.fix}" if first.fix else ""
        print(strip_controls(f"gpudesk: {first.name}: {first.detail}{hint}"), file=sys.stderr)
        return RemoteCommandError.exit_code
    if health is not None and health.faulty:
        print(strip_controls(f"gpudesk: GPU health: {health.summary()}"), file=sys.stderr)
        return RemoteCommandError.exit_code
    return 0
