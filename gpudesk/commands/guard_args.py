"""The flags of ``gpudesk guard install``: kept apart so building the parser imports nothing heavy."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

POLICIES = ("remind", "stop", "terminate")  # as gpudesk.core.billing.guard.POLICIES
DEFAULT_INTERVAL_S = 60.0  # as gpudesk.core.guard.policy
DEFAULT_GRACE_S = 300.0


def _number(low: float, high: float = math.inf, *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number in [low, high] (``above``: strictly more than ``low``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value) or value > high or value < low or (above and value == low):
            where = f"more than {low:g}" if above else f"at least {low:g}"
            if high != math.inf:
                where += f" and at most {high:g}"
            raise argparse.ArgumentTypeError(f"{text!r} is not a number {where}")
        return value

    return parse


POSITIVE = _number(0.0, above=True)
NON_NEGATIVE = _number(0.0)
PERCENT = _number(0.0, 100.0)


def add_install_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--idle-minutes",
        type=POSITIVE,
        metavar="M",
        help="act after the server sat idle this long (default: the session's idle minutes plus its answer time)",
    )
    parser.add_argument("--threshold", type=PERCENT, metavar="PCT", help="GPU utilisation below this is idle")
    parser.add_argument("--action", choices=POLICIES, help="what to do when idle and the app is gone")
    parser.add_argument(
        "--budget", type=POSITIVE, metavar="AMOUNT", help="act when this instance's spend since its start passes AMOUNT"
    )
    parser.add_argument("--budget-action", choices=POLICIES, help="what to do at the budget (default: --action)")
    parser.add_argument(
        "--rate", type=NON_NEGATIVE, metavar="PER_HOUR", help="the server's price per hour (for --budget)"
    )
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
        type=POSITIVE,
        metavar="S",
        default=DEFAULT_INTERVAL_S,
        help="how often the guard looks (default 60)",
    )
    parser.add_argument(
        "--grace-minutes",
        type=POSITIVE,
        metavar="M",
        default=DEFAULT_GRACE_S / 60,
        help="the app counts as gone after this long without a heartbeat (default 5)",
    )
    parser.add_argument(
        "--deadline",
        metavar="TIME|DURATION",
        help="a hard limit: end the bill at this local time (02:00) or after this long (8h, 90m), "
        "whoever is there (a job, the app); 'none' removes it",
    )
    parser.add_argument(
        "--deadline-action", choices=POLICIES, default="stop", help="what to do at the deadline (default stop)"
    )
    parser.add_argument(
        "--day-cap",
        type=POSITIVE,
        metavar="AMOUNT",
        help="a hard limit: end this server's bill when today's spend across all your instances reaches AMOUNT",
    )
    parser.add_argument(
        "--day-action", choices=POLICIES, default="stop", help="what to do at the daily cap (default stop)"
    )
    parser.add_argument(
        "--no-limits", action="store_true", help="remove the deadline and the daily cap from the server"
    )
    notify = parser.add_mutually_exclusive_group()
    notify.add_argument(
        "--notify",
        action="store_true",
        help="the guard sends its own alerts from the server through your alert channels (gpudesk notify list) "
        "that it can use: ntfy, webhook, Telegram, WeCom, unsigned Feishu/DingTalk",
    )
    notify.add_argument("--no-notify", action="store_true", help="the guard sends no alerts from the server")
