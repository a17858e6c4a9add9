"""``gpudesk jobs run|list|logs``: the Jobs panel from scripts and cron (DESIGN §3).

``run`` prints the job id; ``list --json`` prints the jobs with the GUI's field names;
``logs --follow`` keeps printing until the job ends. Exit codes: 0 ok, 2 usage,
3 connection, 4 remote failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from gpudesk.commands.target import UsageError, open_connection
from gpudesk.core import ctrlchars
from gpudesk.core.jobs import JobSpec, list_jobs, read_log, start_job
from gpudesk.core.jobs.model import format_duration, valid_job_id
from gpudesk.core.jobs.runner import JobError, LogFollower, get_job
from gpudesk.core.redact import redact_env


def _own_options(args: argparse.Namespace, head: list[str]) -> None:
    """Options written after TARGET land in the REMAINDER list (argparse's rule): parse them here."""
    parser = argparse.ArgumentParser(prog="gpudesk jobs run", add_help=False, exit_on_error=False)
    for flag in ("--name", "--workdir", "--identity", "--password-env", "--known-hosts"):
        parser.add_argument(flag)
    parser.add_argument("--accept-new-host-key", action="store_true")
    try:
        extra, unknown = parser.parse_known_args(head)
    except argparse.ArgumentError as exc:
        raise UsageError(str(exc)) from None
    if unknown:
        raise UsageError(f"Unknown option {unknown[0]!r} before '--'.")
    for key, value in vars(extra).items():
        if value and not getattr(args, key, None):
            setattr(args, key, value)


def _command_words(args: argparse.Namespace) -> list[str]:
    words = list(args.job_command or [])
    if words and words[0] == "--":
        words = words[1:]
    elif words and words[0].startswith("-"):
        if "--" not in words:
            raise UsageError("Put '--' before the command: gpudesk jobs run TARGET [--name N] -- COMMAND…")
        cut = words.index("--")
        _own_options(args, words[:cut])
        words = words[cut + 1 :]
    if not words:
        raise UsageError("Say what to run after '--', e.g.: gpudesk jobs run TARGET -- python train.py")
    return words


def run_run(args: argparse.Namespace) -> int:
    words = _command_words(args)  # first: it may set --identity and friends
    # One word is taken as a shell command line ("python a.py && python b.py"); several are joined.
    command = words[0] if len(words) == 1 else " ".join(_quote(w) for w in words)
    spec = JobSpec(command, name=args.name or "", workdir=args.workdir or "")
    conn = open_connection(args)
    try:
        info = start_job(conn, spec)
    finally:
        conn.close()
    print(info.id)
    return 0


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)


def job_json(job) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The fields the Jobs panel shows, by the panel's own names."""
    return {
        "id": job.id,
        "name": job.name,
        "status": job.status,
        "command": job.command,
        "workdir": job.workdir,
        "runner": job.runner,
        "start": job.start,
        "end": job.end,
        "duration_s": job.duration_s(),
        "exit_code": job.exit_code,
        "log_size": job.log_size,
        "env": redact_env(job.env),  # HF_TOKEN and friends as "***": listings end up in logs and tickets
        "template": job.template,
    }


def run_list(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    try:
        jobs = list_jobs(conn)
    finally:
        conn.close()
    if args.json:
        print(json.dumps([job_json(j) for j in jobs], indent=2))
        return 0
    if not jobs:
        print("No jobs on this server yet. Start one with: gpudesk jobs run TARGET -- COMMAND")
        return 0
    print(f"{'ID':<22} {'STATUS':<10} {'EXIT':>4} {'STARTED':<17} {'DURATION':<14} NAME")
    for j in jobs:
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(j.start)) if j.start else "–"
        code = "" if j.exit_code is None else str(j.exit_code)
        # The name comes from the server's meta.json: shown with control characters escaped.
        name = ctrlchars.escape(j.name)
        print(f"{j.id:<22} {j.status:<10} {code:>4} {started:<17} {format_duration(j.duration_s()):<14} {name}")
    return 0


def run_logs(args: argparse.Namespace) -> int:
    if not valid_job_id(args.id):
        raise UsageError(f"'{args.id}' is not a job id. See 'gpudesk jobs list TARGET'.")
    conn = open_connection(args)
    out = sys.stdout.buffer
    try:
        job = get_job(conn, args.id)
        if job is None:
            raise JobError(f"There is no job {args.id} on this server. See 'gpudesk jobs list TARGET'.")
        if not args.follow:
            out.write(read_log(conn, args.id))
            out.flush()
            return 0

        def write(data: bytes) -> None:
            out.write(data)
            out.flush()

        follower = LogFollower(conn, args.id, 0, write).open()
        try:
            while follower.running:
                follower.wait(0.5)
        except KeyboardInterrupt:
            follower.stop()
            return 130
        final = get_job(conn, args.id)
        if final is not None and final.exit_code is not None:
            print(
                f"\n[gpudesk] job {final.id} {final.status} (exit code {final.exit_code}) after "
                f"{format_duration(final.duration_s())}",
                file=sys.stderr,
            )
        return 0
    finally:
        conn.close()
