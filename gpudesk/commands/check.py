"""``gpudesk check TARGET [--json]``: the step-2 environment report (DESIGN §3).

Prints the whole report even when checks fail (explaining failures is its job); exits 4
when a check failed, so scripts can gate on it. The check runs through a live-core
:class:`~gpudesk.core.live.telemetry.TelemetryFeed` (detached), as the GPUs tab's check does.
"""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.target import open_connection
from gpudesk.core.envcheck import Report
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


def run(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    feed = TelemetryFeed(None)
    try:
        rep = feed.check(conn)
    finally:
        feed.close()
        conn.close()
    print(json.dumps(rep.to_json(), indent=2) if args.json else format_text(rep))
    failed = [c for c in rep.checks if c.status == "fail"]
    if failed:
        first = failed[0]
        hint = f"\n{first.fix}" if first.fix else ""
        print(strip_controls(f"gpudesk: {first.name}: {first.detail}{hint}"), file=sys.stderr)
        return RemoteCommandError.exit_code
    return 0
