"""The hard limits the server guard enforces whoever is there: a deadline and a daily spend cap.

The idle rule waits for the app to ask the user; these do not. At its deadline (``stop at 02:00`` or
``after 8 h``) or when the day's spend across the user's instances reaches the cap, the guard takes
the action the provider really has, after alerts 30 and 5 minutes before. The deadline lives in its
own file on the server (``deadline``, the server's epoch), so *Extend by 1 h* is one small write and
an install that does not mention limits keeps them.

The day is the user's own (their UTC offset at install time). The guard counts this instance at its
price since the later of its start and midnight, and the user's other instances as the app last
knew them (``day``: what they had cost today and their price per hour, on the server's clock), still
billing at that price since: when the app is away it errs toward stopping early, never late.
"""

from __future__ import annotations

import math
import re
import shlex
import time
from dataclasses import dataclass

from gpudesk.core.billing.guard import POLICIES, next_time_of_day
from gpudesk.core.billing.meter import Meter
from gpudesk.core.i18n import msg

_DURATION = re.compile(r"^\s*(?:(\d+(?:\.\d+)?)\s*h)?\s*(?:(\d+(?:\.\d+)?)\s*m(?:in)?)?\s*$", re.IGNORECASE)
MAX_DEADLINE_S = 31 * 86400  # a month: anything later is a typo, and no rented server wants it
WARN_S = 1800
WARN2_S = 300


class LimitError(ValueError):
    """A limit that cannot be used (the message says why, for the user)."""


def parse_deadline(text: str, now: float | None = None) -> float:
    """Seconds from ``now`` until the deadline ``text``: a time of day (``02:00``, the next one) or a
    duration (``8h``, ``90m``, ``1h30m``, ``2.5h``)."""
    now = time.time() if now is None else now
    text = text.strip()
    if ":" in text:
        try:
            return next_time_of_day(text, now) - now
        except ValueError:
            raise LimitError(msg("ServerGuard", "'{text}' is not a time of day like 02:00.", text=text)) from None
    m = _DURATION.match(text)
    if not text or not m or not (m.group(1) or m.group(2)):
        raise LimitError(
            msg(
                "ServerGuard",
                "Give the deadline as a time (02:00) or a duration (8h, 90m, 1h30m): not '{text}'.",
                text=text,
            )
        )
    seconds = float(m.group(1) or 0) * 3600 + float(m.group(2) or 0) * 60
    if not 60 <= seconds <= MAX_DEADLINE_S:
        raise LimitError(msg("ServerGuard", "A deadline must be between 1 minute and 31 days away."))
    return seconds


@dataclass
class ServerLimits:
    """What the guard's ``limits`` file and ``deadline`` say. ``deadline_in_s``: seconds from the
    install (on the server's clock); None keeps no deadline."""

    deadline_in_s: float | None = None
    deadline_action: str = "stop"
    day_cap: float | None = None
    day_action: str = "stop"
    rate_per_hour: float | None = None  # this instance's price (the cap counts it)
    tz_offset_s: int = 0  # the user's UTC offset: their midnight starts the day
    server_name: str = ""
    others_today: float = 0.0  # what the user's other instances cost today, as the app knows it
    others_rate: float = 0.0  # their price per hour together, billing now
    warn_s: float = WARN_S
    warn2_s: float = WARN2_S
    alert_retry_s: float = 30.0  # the first wait before a failed alert is sent again (doubling, at most 30 min)
    alert_timeout_s: float = 10.0  # one alert's send, connection and answer

    def __post_init__(self) -> None:
        for name in ("deadline_action", "day_action"):
            if getattr(self, name) not in POLICIES:
                raise LimitError(f"{name} must be one of {', '.join(POLICIES)}.")
        if self.deadline_in_s is not None and not (
            math.isfinite(self.deadline_in_s) and 0 < self.deadline_in_s <= MAX_DEADLINE_S
        ):
            raise LimitError(msg("ServerGuard", "A deadline must be between 1 minute and 31 days away."))
        if self.day_cap is not None:
            if not (math.isfinite(self.day_cap) and self.day_cap > 0):
                raise LimitError(msg("ServerGuard", "A daily cap must be an amount above 0."))
            if not self.rate_per_hour:
                raise LimitError(msg("ServerGuard", "A daily cap needs the server's price per hour (--rate)."))
        if not (math.isfinite(self.others_today) and self.others_today >= 0):
            raise LimitError("others_today must be a finite amount")
        if not (math.isfinite(self.others_rate) and self.others_rate >= 0):
            raise LimitError("others_rate must be a finite amount")

    @property
    def actions(self) -> set[str]:
        out = set()
        if self.deadline_in_s is not None:
            out.add(self.deadline_action)
        if self.day_cap is not None:
            out.add(self.day_action)
        return out

    def limits_text(self) -> str:
        """The guard's ``limits`` file: sh assignments, every value quoted (the guard sources it)."""
        values = {
            "DEADLINE_ACTION": self.deadline_action,
            "DAY_CAP_MILLI": str(_milli(self.day_cap)),
            "DAY_ACTION": self.day_action,
            "TZ_OFFSET_S": str(int(self.tz_offset_s)),
            "SERVER_NAME": _plain(self.server_name) or "this server",
            "WARN_S": str(max(1, int(self.warn_s))),
            "WARN2_S": str(max(1, int(self.warn2_s))),
            "ALERT_RETRY_S": str(max(1, int(self.alert_retry_s))),
            "ALERT_MAX_S": str(max(1, int(self.alert_timeout_s))),
            "ALERT_NAP_S": str(max(1, min(10, int(self.alert_retry_s)))),
        }
        if self.day_cap is not None:
            values["RATE_MILLI"] = str(_milli(self.rate_per_hour))
        lines = ["# gpudesk server guard limits (written by gpudesk guard install)"]
        lines += [f"{k}={shlex.quote(v)}" for k, v in values.items()]
        return "\n".join(lines) + "\n"

    def day_line_script(self) -> str:
        """The sh line that writes ``day`` on the server's own clock: day, others' milli, their rate, now."""
        return (
            f'n=$(date +%s); printf "%s %s %s %s\\n" $(( (n + {int(self.tz_offset_s)}) / 86400 )) '
            f'{_milli(self.others_today)} {_milli(self.others_rate)} "$n" > "$d/day"'
        )


def _milli(amount: float | None) -> int:
    return int(round((amount or 0.0) * 1000))


def _plain(text: str) -> str:
    """A name for alert texts: one line, no control characters, bounded."""
    return "".join(ch for ch in str(text) if ch.isprintable())[:80]


def local_offset_s(now: float | None = None) -> int:
    """This computer's UTC offset now, in seconds (east positive)."""
    now = time.time() if now is None else now
    t = time.localtime(now)
    return int(t.tm_gmtoff or 0)


def others_today(meter: Meter, session_id: str, currency: str, now: float | None = None) -> tuple[float, float]:
    """``(spent today, price per hour billing now)`` of every metered thing but ``session_id``, in ``currency``."""
    now = time.time() if now is None else now
    spent = meter.today(now).get(currency, 0.0) - meter.session_today(session_id, now)
    rate = 0.0
    for sid, entry in list(meter.entries.items()):
        price = entry.price
        if sid != session_id and entry.open_run is not None and price is not None and price.currency == currency:
            rate += float(price.per_hour)
    return max(0.0, spent), rate
