"""Per-session billing settings (price unit, granularity, idle guard, budgets), by session id.

The Session model carries ``hourly_price``/``currency``; anything more (a daily or monthly
price, the billing step, policies) lives here, in ``billing/sessions.json`` under the data
dir, written atomically. Defaults come from :mod:`gpudesk.core.settings`.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

from gpudesk.core import atomic, paths, settings
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.price import Price
from gpudesk.core.sessions.model import Session

_lock = threading.Lock()


def config_file() -> Path:
    return paths.data_dir() / "billing" / "sessions.json"


def _load() -> dict[str, Any]:
    try:
        data = json.loads(config_file().read_text("utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def default_guard() -> GuardConfig:
    return GuardConfig(
        idle=IdleConfig(
            threshold_pct=settings.get("billing.idle_threshold_pct"), minutes=settings.get("billing.idle_minutes")
        ),
        policy=settings.get("billing.idle_policy")
        if settings.get("billing.idle_policy") in ("remind", "stop", "terminate")
        else "remind",
        answer_minutes=settings.get("billing.answer_minutes"),
    )


def guard_config(session_id: str) -> GuardConfig:
    raw = _load().get(session_id, {}).get("guard")
    if not isinstance(raw, dict):
        return default_guard()
    try:
        idle = IdleConfig(**raw.get("idle", {}))
        rest = {k: v for k, v in raw.items() if k != "idle"}
        return GuardConfig(idle=idle, **rest)
    except (TypeError, ValueError):
        return default_guard()


def price_for(session: Session) -> Price | None:
    """The session's price: the billing settings' own, else the session's hourly price."""
    raw = _load().get(session.id, {}).get("price")
    if isinstance(raw, dict):
        try:
            return Price(**raw)
        except (TypeError, ValueError):
            pass
    if session.hourly_price is None:
        return None
    granularity = settings.get("billing.granularity")
    return Price(
        float(session.hourly_price),
        "hour",
        session.currency or "USD",
        granularity if granularity in ("second", "minute", "hour") else "second",
    )


def save(session_id: str, price: Price | None = None, guard: GuardConfig | None = None) -> None:
    with _lock:
        data = _load()
        entry = data.setdefault(session_id, {})
        if price is not None:
            entry["price"] = asdict(price)
        if guard is not None:
            entry["guard"] = asdict(guard)
        atomic.write_text(config_file(), json.dumps(data, indent=1))
