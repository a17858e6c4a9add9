"""Prices, currencies and billing granularity: what a span of running time costs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.i18n import msg

UNITS = {"hour": 3600.0, "day": 86400.0, "month": 30 * 86400.0}  # a billing month is 30 days here
GRANULARITIES = {"second": 1.0, "minute": 60.0, "hour": 3600.0}
SYMBOLS = {"USD": "$", "CNY": "¥", "EUR": "€"}


@dataclass(frozen=True)
class Price:
    """An amount per ``unit`` (hour, day or month) in ``currency``, billed per ``granularity``."""

    amount: float
    unit: str = "hour"
    currency: str = "USD"
    granularity: str = "second"

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(
                msg(
                    "Billing",
                    "Price unit must be one of {units}, not '{unit}'.",
                    units=", ".join(UNITS),
                    unit=self.unit,
                )
            )
        if self.granularity not in GRANULARITIES:
            raise ValueError(
                msg(
                    "Billing",
                    "Granularity must be one of {steps}, not '{step}'.",
                    steps=", ".join(GRANULARITIES),
                    step=self.granularity,
                )
            )
        if self.amount < 0:
            raise ValueError(msg("Billing", "A price cannot be negative."))

    @property
    def per_hour(self) -> float:
        return self.amount * 3600.0 / UNITS[self.unit]

    @property
    def per_second(self) -> float:
        return self.amount / UNITS[self.unit]

    def billed_seconds(self, seconds: float) -> float:
        """Running time rounded up to the billing step (a started minute or hour counts whole)."""
        if seconds <= 0:
            return 0.0
        step = GRANULARITIES[self.granularity]
        # A hair of float noise must not bill a whole extra hour.
        return math.ceil(seconds / step - 1e-9) * step

    def cost(self, seconds: float) -> float:
        return self.billed_seconds(seconds) * self.per_second


def money(amount: float, currency: str) -> str:
    """``$1.23`` / ``¥86.20`` / ``1.23 GBP``."""
    symbol = SYMBOLS.get(currency.upper())
    return f"{symbol}{amount:,.2f}" if symbol else f"{amount:,.2f} {currency}".strip()


def hourly(amount: float, currency: str) -> str:
    """A rate per hour as money: ``$2.49``; a rate under a cent keeps two significant digits (``$0.0049``), so a
    storage rate that bills is never written as ``$0.00``."""
    if 0 < abs(amount) < 0.01:
        digits = 1 - int(math.floor(math.log10(abs(amount))))  # 0.0049 → 4 decimals, 0.00012 → 5
        symbol = SYMBOLS.get(currency.upper())
        text = f"{amount:.{digits}f}"
        if abs(float(text)) >= 0.01:
            return money(amount, currency)  # 0.009999 is a cent
        return f"{symbol}{text}" if symbol else f"{text} {currency}".strip()
    return money(amount, currency)


def duration(seconds: float) -> str:
    """``2 h 05 min`` / ``4 min 10 s`` / ``12 s`` (a Msg: the UI shows it in its language)."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return msg("Duration", "{hours} h {minutes:02d} min", hours=hours, minutes=minutes)
    if minutes:
        return msg("Duration", "{minutes} min {seconds:02d} s", minutes=minutes, seconds=secs)
    return msg("Duration", "{seconds} s", seconds=secs)
