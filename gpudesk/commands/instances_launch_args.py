"""The arguments of ``gpudesk instances launch``, apart from the command so ``--help`` stays light."""

from __future__ import annotations

import argparse

DEFAULT_WAIT_S = 900.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--provider", metavar="NAME", required=True, help="the provider account to rent from")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--offer", metavar="ID", help="a Vast.ai offer id, a Lambda Cloud instance type or a RunPod GPU type id"
    )
    what.add_argument("--gpu", metavar="MODEL", help="the GPU as the provider names it, e.g. 'RTX 4090' or 'H100'")
    parser.add_argument("--count", type=int, default=1, metavar="N", help="GPUs in the server (default 1)")
    parser.add_argument("--region", metavar="R", help="region or data center (Lambda us-west-1, RunPod US-KS-2)")
    parser.add_argument("--image", metavar="IMG", help="container image (default: the provider's PyTorch/CUDA image)")
    parser.add_argument("--disk", type=int, default=50, metavar="GB", help="disk size in GB (default 50)")
    parser.add_argument(
        "--spot", action="store_true", help="interruptible capacity where the provider sells it (Vast.ai)"
    )
    parser.add_argument(
        "--bid", type=float, metavar="USD", help="with --spot: the bid per hour (default: the minimum bid)"
    )
    parser.add_argument("--name", metavar="NAME", help="a name for the server and its session")
    parser.add_argument("--wait", action="store_true", help="return when SSH answers and the session is saved")
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_WAIT_S,
        metavar="S",
        help=f"with --wait: seconds to wait for SSH (default {DEFAULT_WAIT_S:g})",
    )
    parser.add_argument(
        "--terminate-on-timeout",
        action="store_true",
        help="terminate the server when it never becomes usable (with --wait), or when the provider made it "
        "without starting it (a Vast.ai bid too low); otherwise it is left rented and the command to end it is printed",
    )
    parser.add_argument("--yes", action="store_true", help="rent it (without --yes, only show what would be rented)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
