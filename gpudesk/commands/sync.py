"""``gpudesk sync TARGET LOCAL REMOTE [--dry-run] [--exclude PAT]… [--delete] [--download] [--json]``.

Sends only what changed (size, mtime, and a SHA-256 where those disagree). Without
``--delete`` nothing is ever removed at the receiving side; files only there are listed.
REMOTE may start with ``~/`` (the login user's home).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gpudesk.commands.target import UsageError, open_connection
from gpudesk.core.ssh.errors import RemoteCommandError
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.excludes import ExcludeRules, PatternError
from gpudesk.core.sync.plan import DOWNLOAD, UPLOAD, SyncPlan, make_plan
from gpudesk.core.sync.run import plan_summary, run_plan
from gpudesk.core.transfer.errors import TransferError


def format_plan(plan: SyncPlan) -> str:
    lines = [f"+ {r}" for r in plan.new] + [f"M {r}" for r in plan.changed]
    lines += [f"{'-' if plan.delete else '='} {r}" for r in plan.deleted]
    lines += [f"! {local} <- {', '.join(names)}" for local, names in sorted(plan.conflicts.items())]
    lines.append(plan_summary(plan))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    local = Path(args.local).expanduser()
    direction = DOWNLOAD if args.download else UPLOAD
    if direction == UPLOAD and not local.is_dir():
        raise UsageError(f"{local} is not a folder here.")
    try:
        ExcludeRules(list(args.exclude or []))  # a bad --exclude is a usage error, found before connecting
    except PatternError as exc:
        raise UsageError(f"--exclude: {exc}") from None
    conn = open_connection(args)
    try:
        try:
            # ``~`` is resolved by the same exec that lists the tree (one round trip less).
            plan = make_plan(conn, local, args.remote, direction, list(args.exclude or []), delete=args.delete)
            if args.dry_run:
                print(json.dumps({"plan": plan.to_json()}, indent=2) if args.json else format_plan(plan))
                return 0
            result = run_plan(conn, plan)
        except SyncError as exc:
            raise RemoteCommandError(str(exc)) from None
        except TransferError as exc:
            raise RemoteCommandError(f"The sync stopped: {exc}") from None
    finally:
        conn.close()
    if args.json:
        print(json.dumps({"plan": plan.to_json(), "result": result.to_json()}, indent=2))
    else:
        print(format_plan(plan))
        print(
            f"sent {len(result.sent)} file(s), {result.bytes} bytes, deleted {len(result.deleted)} in {result.seconds:.2f} s"
        )
    for warning in [*plan.warnings, *result.warnings]:
        print(f"gpudesk: {warning}", file=sys.stderr)
    return 0
