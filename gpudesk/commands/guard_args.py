"""The flags of ``gpudesk guard install``: kept apart so building the parser imports nothing heavy."""

from __future__ import annotations

import argparse

POLICIES = ("remind", "stop", "terminate")  # as gpudesk.core.billing.guard.POLICIES
DEFAULT_INTERVAL_S = 60.0  # as gpudesk.core.guard.policy
DEFAULT_GRACE_S = 300.0


def add_install_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--idle-minutes",
        type=float,
        metavar="M",
        help="act after the server sat idle this long (default: the session's idle minutes plus its answer time)",
    )
    parser.add_argument("--threshold", type=float, metavar="PCT", help="GPU utilisation below this is idle")
    parser.add_argument("--action", choices=POLICIES, help="what to do when idle and the app is gone")
    parser.add_argument(
        "--budget", type=float, metavar="AMOUNT", help="act when this instance's spend since its start passes AMOUNT"
    )
    parser.add_argument("--budget-action", choices=POLICIES, help="what to do at the budget (default: --action)")
    parser.add_argument("--rate", type=float, metavar="PER_HOUR", help="the server's price per hour (for --budget)")
    parser.add_argument(
        "--stop-command",
        metavar="CMD",
        help="a command that stops this server (run by sh on the server; gets stop|terminate as $1)",
    )
    parser.add_argument(
        "--poweroff-stops-billing",
        action="store_true",
        help="you checked that powering this server off ends its bill: the guard may power it off",
    )
    parser.add_argument(
        "--terminate-confirmed",
        action="store_true",
        help="an automatic terminate (deletes the server and its disk) is what you want",
    )
    parser.add_argument(
        "--check-seconds",
        type=float,
        metavar="S",
        default=DEFAULT_INTERVAL_S,
        help="how often the guard looks (default 60)",
    )
    parser.add_argument(
        "--grace-minutes",
        type=float,
        metavar="M",
        default=DEFAULT_GRACE_S / 60,
        help="the app counts as gone after this long without a heartbeat (default 5)",
    )
