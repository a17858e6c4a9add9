"""Prices, currencies and billing granularity: what a span of running time costs."""

from __future__ import annotations

import math
from dataclasses import dataclass

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
            raise ValueError(f"Price unit must be one of {', '.join(UNITS)}, not '{self.unit}'.")
        if self.granularity not in GRANULARITIES:
            raise ValueError(f"Granularity must be one of {', '.join(GRANULARITIES)}, not '{self.granularity}'.")
        if self.amount < 0:
            raise ValueError("A price cannot be negative.")

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


def duration(seconds: float) -> str:
    """``2 h 05 min`` / ``4 min 10 s`` / ``12 s``."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    if minutes:
        return f"{minutes} min {secs:02d} s"
    return f"{secs} s"
