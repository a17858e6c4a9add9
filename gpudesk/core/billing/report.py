"""The spending report: per day and session, as rows, totals and CSV."""

from __future__ import annotations

import csv
import io
from datetime import date

from gpudesk.core.billing.meter import DayRow, Meter

CSV_FIELDS = ("day", "session", "session_id", "billed_hours", "cost", "currency")


def rows(meter: Meter, since: date | None = None, now: float | None = None) -> list[DayRow]:
    return meter.day_rows(since, now)


def totals_by_day(day_rows: list[DayRow]) -> dict[str, dict[str, float]]:
    """``{day: {currency: amount}}``, for the bar chart."""
    out: dict[str, dict[str, float]] = {}
    for r in day_rows:
        out.setdefault(r.day, {}).setdefault(r.currency, 0.0)
        out[r.day][r.currency] += r.cost
    return out


def to_json(day_rows: list[DayRow]) -> list[dict[str, object]]:
    return [
        {
            "day": r.day,
            "session": r.name,
            "session_id": r.session_id,
            "billed_seconds": round(r.seconds, 1),
            "billed_hours": round(r.seconds / 3600.0, 4),
            "cost": round(r.cost, 4),
            "currency": r.currency,
        }
        for r in day_rows
    ]


def to_csv(day_rows: list[DayRow]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in day_rows:
        writer.writerow([r.day, r.name, r.session_id, f"{r.seconds / 3600.0:.4f}", f"{r.cost:.4f}", r.currency])
    return buf.getvalue()
