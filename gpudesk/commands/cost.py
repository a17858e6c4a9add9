"""``gpudesk cost [--since DATE] [--json]``: billed time and money per session and day."""

from __future__ import annotations

import argparse
import json
import time
from datetime import date

from gpudesk.commands.target import UsageError
from gpudesk.core.billing import report
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import duration, money


def _names() -> dict[str, str]:
    try:
        from gpudesk.core.sessions.store import SessionStore

        return {s.id: s.name for s in SessionStore()}
    except Exception:  # noqa: BLE001 - names are a nicety; the figures must still print
        return {}


def run(args: argparse.Namespace) -> int:
    since = None
    if args.since:
        try:
            since = date.fromisoformat(args.since)
        except ValueError:
            raise UsageError(f"--since takes a date as YYYY-MM-DD, not '{args.since}'.") from None
    now = time.time()
    meter = Meter()
    names = _names()
    rows = meter.day_rows(since, now)
    for r in rows:
        r.name = names.get(r.session_id, r.name)
    sessions: dict[str, dict[str, object]] = {}
    for r in rows:
        s = sessions.setdefault(
            r.session_id,
            {
                "session": r.name,
                "session_id": r.session_id,
                "billed_seconds": 0.0,
                "cost": 0.0,
                "currency": r.currency,
                "running": meter.is_running(r.session_id),
                "rate_per_hour": meter.rate_per_hour(r.session_id),
            },
        )
        s["billed_seconds"] = float(s["billed_seconds"]) + r.seconds  # type: ignore[arg-type]
        s["cost"] = float(s["cost"]) + r.cost  # type: ignore[arg-type]
    totals: dict[str, float] = {}
    for r in rows:
        if r.currency:
            totals[r.currency] = totals.get(r.currency, 0.0) + r.cost
    if args.json:
        out = {
            "since": since.isoformat() if since else None,
            "days": report.to_json(rows),
            "sessions": [
                {
                    **s,
                    "billed_seconds": round(float(s["billed_seconds"]), 1),  # type: ignore[arg-type]
                    "cost": round(float(s["cost"]), 4),  # type: ignore[arg-type]
                }
                for s in sessions.values()
            ],
            "total": {k: round(v, 4) for k, v in totals.items()},
        }
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    if meter.load_error:
        print(meter.load_error)
    if not rows:
        print("Nothing billed yet" + (f" since {since}" if since else "") + ". Give a session a price to meter it.")
        return 0
    width = max(len(r.name) for r in rows)
    for r in rows:
        print(f"{r.day}  {r.name:<{width}}  {duration(r.seconds):>14}  {money(r.cost, r.currency):>12}")
    print()
    for s in sessions.values():
        state = "  (running)" if s["running"] else ""
        print(
            f"{s['session']!s:<{width}}  {duration(float(s['billed_seconds'])):>14}  "  # type: ignore[arg-type]
            f"{money(float(s['cost']), str(s['currency'])):>12}{state}"  # type: ignore[arg-type]
        )
    print("Total: " + ", ".join(money(v, k) for k, v in totals.items()))
    return 0
