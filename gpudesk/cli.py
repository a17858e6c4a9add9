"""Command line: the GUI by default, and the headless commands of DESIGN §3.

Exit codes: 0 ok, 2 bad usage, 3 connection/auth failure, 4 remote command failure.
Heavy imports (Qt, paramiko) happen inside the command that needs them, so
``gpudesk --version`` and the GUI's first paint stay fast.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from collections.abc import Sequence

from gpudesk import __version__

EXIT_OK, EXIT_USAGE, EXIT_CONNECT, EXIT_REMOTE = 0, 2, 3, 4


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpudesk",
        description="Rent, use and release cloud GPU servers from one window. "
        "Without a command, starts the desktop app.",
        epilog="Try it without a server: gpudesk --demo",
    )
    parser.add_argument("--version", action="version", version=f"gpudesk {__version__}")
    parser.add_argument("--demo", action="store_true", help="start the built-in demo GPU server and open its session")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo-server", help="run the demo GPU server headless (prints one JSON line)")
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=0, help="0 picks a free port")
    demo.add_argument("--gpus", type=int, default=8, help="number of simulated GPUs")
    demo.add_argument("--gpu-model", default="NVIDIA H100 80GB HBM3", help="simulated GPU model name")
    demo.add_argument("--load", default="training", help="simulated load: idle, training or oom")
    demo.add_argument(
        "--health",
        default="",
        choices=["", "healthy", "degraded", "faulty"],
        help="simulated GPU health: degraded (GPU 1 throttles on a x8 link) or faulty (also GPU 2 with ECC errors)",
    )
    demo.set_defaults(handler="gpudesk.commands.demo:run")

    sessions = sub.add_parser("sessions", help="list or import saved sessions")
    ssub = sessions.add_subparsers(dest="sessions_command", metavar="ACTION", required=True)
    slist = ssub.add_parser("list", help="list saved sessions")
    slist.add_argument("--json", action="store_true", help="machine-readable output")
    slist.set_defaults(handler="gpudesk.commands.sessions:run_list")

    simport = ssub.add_parser("import", help="import sessions from an ssh config, MobaXterm, Xshell or PuTTY export")
    simport.add_argument("format", choices=["ssh-config", "mobaxterm", "xshell", "putty"])
    simport.add_argument("paths", nargs="+", metavar="PATH", help="files (or folders, for Xshell) to import")
    simport.add_argument("--dry-run", action="store_true", help="show what would be imported, change nothing")
    simport.add_argument("--json", action="store_true", help="machine-readable output")
    simport.set_defaults(handler="gpudesk.commands.sessions_import:run")
    sexport = ssub.add_parser("export", help="print sessions as an OpenSSH config snippet")
    sexport.set_defaults(handler="gpudesk.commands.sessions_import:run_export")
    sssh = ssub.add_parser(
        "export-ssh-config", help="gpudesk's ssh config for VS Code, Cursor and ssh (prints it; --write updates it)"
    )
    sssh.add_argument("--write", action="store_true", help="update ~/.ssh/gpudesk_config (only gpudesk's block)")
    sssh.add_argument("--add-include", action="store_true", help="also add 'Include gpudesk_config' to ~/.ssh/config")
    sssh.add_argument("--remove-include", action="store_true", help="take that line out of ~/.ssh/config again")
    sssh.add_argument("--json", action="store_true", help="machine-readable output")
    sssh.set_defaults(handler="gpudesk.commands.sessions:run_export_ssh_config")

    sopen = sub.add_parser("open", help="open a session in VS Code, Cursor, Windsurf or the system terminal")
    from gpudesk.commands.open import add_arguments as add_open_arguments

    add_open_arguments(sopen)
    sopen.set_defaults(handler="gpudesk.commands.open:run")

    from gpudesk.commands.guard_args import POSITIVE

    catalog = sub.add_parser("catalog", help="recommend a GPU and billing plan for a workload")
    catalog.add_argument(
        "--task", choices=["training", "fine-tuning", "inference", "rendering", "science"], default="training"
    )
    catalog.add_argument("--params", help="model size, e.g. 7B, 70B, 350M")
    catalog.add_argument("--precision", choices=["bf16", "fp16", "fp8", "int4"], default=None)
    catalog.add_argument("--gpus", type=int, default=None, help="number of GPUs wanted")
    catalog.add_argument("--gpu", default=None, help="only this GPU model")
    catalog.add_argument("--hours", type=POSITIVE, default=None, help="expected hours of use")
    catalog.add_argument("--json", action="store_true", help="machine-readable output")
    catalog.set_defaults(handler="gpudesk.commands.catalog:run")

    instances = sub.add_parser("instances", help="list, rent, start, stop or terminate provider instances")
    isub = instances.add_subparsers(dest="instances_command", metavar="ACTION", required=True)
    ilist = isub.add_parser("list", help="list instances of your provider accounts")
    ilist.add_argument("--provider", metavar="NAME")
    ilist.add_argument("--json", action="store_true", help="machine-readable output")
    ilist.set_defaults(handler="gpudesk.commands.instances:run_list")
    for action in ("start", "stop", "terminate"):
        ip = isub.add_parser(action, help=f"{action} an instance")
        ip.add_argument("id", metavar="ID")
        ip.add_argument("--provider", metavar="NAME")
        ip.add_argument("--yes", action="store_true", help="do not ask for confirmation")
        ip.add_argument(
            "--confirm-timeout",
            type=_seconds,
            default=120.0,
            metavar="S",
            help="re-read the instance for up to S seconds until the provider reports it done (default 120); "
            "exit 4 if it does not: the action is then only requested, and may still bill",
        )
        ip.set_defaults(handler="gpudesk.commands.instances:run_action", action=action)
    ilaunch = isub.add_parser(
        "launch",
        help="rent a new server through the provider's API (shows the price; --yes rents it)",
        description="Rent a GPU server through the provider's API (RunPod, Vast.ai, Lambda Cloud). Without --yes "
        "nothing is rented: it shows what would be rented and the price. With --wait it returns when SSH answers "
        "and a session for the server is saved.",
    )
    from gpudesk.commands.instances_launch_args import add_arguments as add_launch_arguments

    add_launch_arguments(ilaunch)
    ilaunch.set_defaults(handler="gpudesk.commands.instances_launch:run")
    istore = isub.add_parser(
        "storage", help="list volumes and stopped instances' disks that keep billing without a GPU"
    )
    istore.add_argument("--provider", metavar="NAME")
    istore.add_argument("--json", action="store_true", help="machine-readable output")
    istore.set_defaults(handler="gpudesk.commands.instances:run_storage")

    cost = sub.add_parser("cost", help="billed time and money per session and day")
    cost.add_argument("--since", metavar="DATE", help="YYYY-MM-DD")
    cost.add_argument("--json", action="store_true", help="machine-readable output")
    cost.set_defaults(handler="gpudesk.commands.cost:run")

    from gpudesk.commands.target import add_target_arguments

    jobs = sub.add_parser("jobs", help="run training jobs that survive disconnects, list them, read their logs")
    jsub = jobs.add_subparsers(dest="jobs_command", metavar="ACTION", required=True)
    jrun = jsub.add_parser("run", help="start COMMAND in a remote tmux session; prints the job id")
    add_target_arguments(jrun)
    jrun.add_argument("--name", help="a name for the job")
    jrun.add_argument("--workdir", metavar="DIR", help="remote working folder")
    jrun.add_argument("job_command", nargs="*", metavar="-- COMMAND…")
    jrun.set_defaults(handler="gpudesk.commands.jobs:run_run")
    jlist = jsub.add_parser("list", help="list the jobs on a server")
    add_target_arguments(jlist)
    jlist.add_argument("--json", action="store_true", help="machine-readable output")
    jlist.set_defaults(handler="gpudesk.commands.jobs:run_list")
    jlogs = jsub.add_parser("logs", help="print a job's log")
    add_target_arguments(jlogs)
    jlogs.add_argument("id", metavar="ID")
    jlogs.add_argument("--follow", "-f", action="store_true", help="keep printing as the log grows")
    jlogs.set_defaults(handler="gpudesk.commands.jobs:run_logs")
    jexport = jsub.add_parser("export", help="write a job as a SkyPilot task YAML (resources, setup, run, file mounts)")
    add_target_arguments(jexport)
    from gpudesk.commands.jobs_export_args import add_arguments as add_export_arguments

    add_export_arguments(jexport)
    jexport.set_defaults(handler="gpudesk.commands.jobs_export:run")

    guard = sub.add_parser(
        "guard",
        help="a cost guard on the server that stops an idle server's bill without the app, "
        "enforces a deadline and a daily spend cap, and sends alerts from the server",
    )
    gsub = guard.add_subparsers(dest="guard_command", metavar="ACTION", required=True)
    for action, helptext in (
        ("status", "what the guard on a server sees and did"),
        ("install", "install (or upgrade) the guard with the session's billing policy"),
        ("remove", "stop the guard and delete it from the server"),
        ("pause", "keep the server: no guard action until a time (--until 09:00) or for --hours"),
        ("extend", "move the guard's deadline later (default: by 1 hour)"),
    ):
        gp = gsub.add_parser(action, help=helptext)
        add_target_arguments(gp)
        gp.add_argument("--json", action="store_true", help="machine-readable output")
        gp.set_defaults(handler=f"gpudesk.commands.guard:run_{action}")
        if action == "install":
            from gpudesk.commands.guard_args import add_install_arguments

            add_install_arguments(gp)
        elif action == "pause":
            gp.add_argument("--until", metavar="HH:MM", help="keep until this time of day (local)")
            gp.add_argument("--hours", type=POSITIVE, metavar="H", help="keep for this many hours")
            gp.add_argument("--resume", action="store_true", help="end a pause now")
        elif action == "extend":
            gp.add_argument("--hours", type=POSITIVE, metavar="H", default=1.0, help="by this many hours (default 1)")

    from gpudesk.commands.notify import add_arguments as add_notify_arguments

    add_notify_arguments(sub)

    sync = sub.add_parser("sync", help="send only what changed between a local and a remote folder")
    add_target_arguments(sync)
    sync.add_argument("local", metavar="LOCAL", help="local folder")
    sync.add_argument("remote", metavar="REMOTE", help="remote folder")
    sync.add_argument(
        "--dry-run", action="store_true", help="show what would change (new / changed / deleted), change nothing"
    )
    sync.add_argument(
        "--exclude", action="append", default=[], metavar="PAT", help="skip files matching PAT (repeatable)"
    )
    sync.add_argument(
        "--delete", action="store_true", help="delete files on the receiving side that the sending side lacks"
    )
    sync.add_argument(
        "--download", action="store_true", help="the other way: bring REMOTE's changes into LOCAL (results)"
    )
    sync.add_argument("--json", action="store_true", help="machine-readable plan and result")
    sync.set_defaults(handler="gpudesk.commands.sync:run")

    for name, helptext in (
        ("gpus", "one GPU telemetry snapshot of a server"),
        ("check", "the step-2 environment report of a server (GPU, driver, CUDA, PyTorch, disk, tmux)"),
    ):
        p = sub.add_parser(name, help=helptext)
        add_target_arguments(p)
        p.add_argument("--json", action="store_true", help="machine-readable output")
        if name == "check":
            p.add_argument("--health", action="store_true", help="also judge the GPUs' health (ECC, PCIe, clocks, Xid)")
            p.add_argument("--bench", action="store_true", help="with --health: a ≤ 30 s GPU benchmark (needs PyTorch)")
            p.add_argument("--expect-gpu", metavar="MODEL", help="with --health: the GPU model the provider promised")
        p.set_defaults(handler=f"gpudesk.commands.{name}:run")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["__demo-nvidia-smi"]:  # the demo server's nvidia-smi inside the packaged app
        from gpudesk.core.demo.nvidia_smi import main as nvidia_smi

        return nvidia_smi(argv[1:])
    if argv[:1] == ["__demo-host"]:  # the demo's server and provider API, detached from the app
        from gpudesk.core.demo.host import serve

        return serve()
    parser = build_parser()
    command: list[str] | None = None
    if argv[:2] == ["jobs", "run"] and "--" in argv:
        # Everything after "--" is the remote command, options and all (argparse would read them).
        cut = argv.index("--")
        argv, command = argv[:cut], argv[cut + 1 :]
    args = parser.parse_args(argv)
    if command is not None:
        args.job_command = command
    if args.command is None:
        from gpudesk.ui.app import run_gui

        return run_gui(demo=args.demo)
    module_name, _, func_name = args.handler.partition(":")
    try:
        handler = getattr(importlib.import_module(module_name), func_name)
    except ModuleNotFoundError:
        print(f"gpudesk: the '{args.command}' command is not available in this build.", file=sys.stderr)
        return EXIT_USAGE
    return _run(handler, args)


def _run(handler, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    from gpudesk.commands.target import UsageError
    from gpudesk.core.ssh.errors import ConnectError, RemoteCommandError

    try:
        return int(handler(args) or 0)
    except UsageError as exc:
        print(f"gpudesk: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ConnectError as exc:
        print(f"gpudesk: {exc}", file=sys.stderr)
        return EXIT_CONNECT
    except RemoteCommandError as exc:
        print(f"gpudesk: {exc}", file=sys.stderr)
        return EXIT_REMOTE
    except KeyboardInterrupt:
        return 130


def _seconds(text: str) -> float:
    """A wait in seconds for argparse: finite, 0 to one day (``nan``/``inf`` are a usage error, not a traceback)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(value) or not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"'{text}': give a number of seconds from 0 to 86400")
    return value
