"""Currency conversion with one user-editable rate (USD ↔ CNY, the two currencies in the catalog)."""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core import settings

CURRENCIES = ("USD", "CNY")
SYMBOLS = {"USD": "$", "CNY": "¥"}


@dataclass(frozen=True)
class Money:
    """Converts prices into ``currency`` at ``cny_per_usd`` yuan per dollar."""

    currency: str = "USD"
    cny_per_usd: float = 1 / 0.138

    def __post_init__(self) -> None:
        if self.currency not in CURRENCIES:
            raise ValueError(f"Unknown currency '{self.currency}' (use {' or '.join(CURRENCIES)}).")
        if not self.cny_per_usd > 0:
            raise ValueError("The exchange rate must be a positive number.")

    def convert(self, amount: float, currency: str) -> float:
        if currency == self.currency:
            return amount
        usd = amount / self.cny_per_usd if currency == "CNY" else amount
        return usd * self.cny_per_usd if self.currency == "CNY" else usd

    def format(self, amount: float, digits: int = 2) -> str:
        return f"{SYMBOLS[self.currency]}{amount:,.{digits}f}"

    @classmethod
    def from_settings(cls) -> Money:
        currency = settings.get("catalog.currency")
        rate = settings.get("catalog.cny_per_usd")
        try:
            return cls(currency, rate)
        except ValueError:
            return cls()
