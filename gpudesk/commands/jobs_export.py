"""``gpudesk jobs export TARGET --skypilot JOB``: a job as a SkyPilot task YAML.

The job's command, environment (secrets as null: pass them with ``sky launch --env``) and
activation come from the server; the accelerators from the server's GPUs ("H100:8") unless
``--accelerators`` says; the cloud from the session's provider account unless ``--cloud`` says.
Writes to ``--output FILE`` (atomically) or prints. Exit codes: 0, 2 usage, 3 connection, 4 remote.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpudesk.commands.target import UsageError, open_connection, resolve_session
from gpudesk.core import atomic
from gpudesk.core.jobs.export import CLOUDS, accelerators, skypilot_task, task_yaml
from gpudesk.core.jobs.model import valid_job_id
from gpudesk.core.jobs.runner import JobError, get_job


def run(args: argparse.Namespace) -> int:
    if not valid_job_id(args.skypilot):
        raise UsageError(f"'{args.skypilot}' is not a job id. See 'gpudesk jobs list TARGET'.")
    mounts: dict[str, str] = {}
    for item in args.mount:
        remote, sep, local = item.partition("=")
        if not sep or not remote.strip() or not local.strip():
            raise UsageError(f"--mount takes REMOTE=LOCAL, not '{item}'.")
        mounts[remote.strip()] = local.strip()
    if args.accelerators is not None and not _accelerators_ok(args.accelerators):
        raise UsageError(f"--accelerators takes a SkyPilot name and count such as H100:8, not '{args.accelerators}'.")
    cloud = args.cloud or _session_cloud(args.target)
    conn = open_connection(args)
    try:
        job = get_job(conn, args.skypilot)
        if job is None:
            raise JobError(f"There is no job {args.skypilot} on this server. See 'gpudesk jobs list TARGET'.")
        wanted = args.accelerators
        if wanted is None:
            from gpudesk.core.telemetry.snapshot import take_snapshot

            snap = take_snapshot(conn)
            wanted = accelerators([g.name for g in snap.gpus])
            if wanted is None:
                print(
                    "gpudesk: the server's GPUs could not be read: the task has no accelerators. Add --accelerators H100:8.",
                    file=sys.stderr,
                )
    finally:
        conn.close()
    text = task_yaml(
        skypilot_task(
            job, accelerators=wanted, cloud=cloud, workdir=args.workdir or None, file_mounts=mounts, setup=args.setup
        )
    )
    if args.output:
        atomic.write_text(Path(args.output), text, mode=0o644)
        print(f"Wrote {args.output}. Launch it with: sky launch {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _accelerators_ok(text: str) -> bool:
    import re

    return re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,40}(:\d{1,3})?", text) is not None


def _session_cloud(target: str) -> str | None:
    """The SkyPilot cloud of the session's provider account (RunPod, Lambda, Vast.ai), if it has one."""
    try:
        session = resolve_session(target)
    except UsageError:
        return None
    if not session.provider:
        return None
    from gpudesk.core.providers.accounts import AccountStore

    account = AccountStore().get(session.provider)
    return CLOUDS.get(account.kind) if account is not None else None
