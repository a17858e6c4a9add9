"""A chart axis that labels its ticks as money ("$0.40", "¥1,200"), never with an SI factor.

pyqtgraph scales small or large ranges by a power of a thousand and writes the factor next to
the axis name ("USD (x0.001)" with ticks up to 400 for $0.47): honest for physics, wrong for a
bill. This axis keeps the values as they are and formats each tick like the amounts in the tables.
"""

from __future__ import annotations

import math

import pyqtgraph as pg


def money_ticks(values: list[float], spacing: float, symbol: str = "") -> list[str]:
    """Tick labels for ``values`` ``spacing`` apart: cents below one unit of spacing, whole units above."""
    digits = 0 if spacing >= 1 or spacing <= 0 else max(2, min(4, math.ceil(-math.log10(spacing) - 1e-9)))
    out = []
    for value in values:
        text = f"{abs(value):,.{digits}f}"
        sign = "-" if value < 0 and float(text.replace(",", "")) != 0 else ""
        out.append(f"{sign}{symbol}{text}")
    return out


class MoneyAxis(pg.AxisItem):
    """An axis whose ticks read as amounts of one currency (``symbol``; none when several share the axis)."""

    def __init__(self, orientation: str, symbol: str = "", **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        self.symbol = symbol
        self.enableAutoSIPrefix(False)

    def set_symbol(self, symbol: str) -> None:
        if symbol != self.symbol:
            self.symbol = symbol
            self.picture = None  # redraw the tick labels
            self.update()

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802 (pyqtgraph's name)
        return money_ticks([v * scale for v in values], spacing * scale, self.symbol)
