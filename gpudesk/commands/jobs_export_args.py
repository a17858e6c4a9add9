"""The arguments of ``gpudesk jobs export``, apart from the command so building the parser stays light."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--skypilot", metavar="JOB", required=True, help="the job id to export (see 'gpudesk jobs list')"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the YAML here (default: print it)")
    parser.add_argument(
        "--accelerators", metavar="GPU:N", help="SkyPilot accelerators, e.g. H100:8 (default: the server's GPUs)"
    )
    parser.add_argument(
        "--cloud", metavar="CLOUD", help="SkyPilot cloud, e.g. runpod, lambda, vast (default: the session's provider)"
    )
    parser.add_argument(
        "--workdir", metavar="DIR", default=".", help="local folder with the job's code, synced to ~/sky_workdir"
    )
    parser.add_argument(
        "--mount", action="append", default=[], metavar="REMOTE=LOCAL", help="a file mount (repeatable)"
    )
    parser.add_argument(
        "--setup", metavar="COMMANDS", help="setup commands (default: pip install -r requirements.txt if present)"
    )
