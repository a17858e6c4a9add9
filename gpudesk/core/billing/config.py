"""Per-session billing settings (price unit, granularity, idle guard, budgets), by session id.

The Session model carries ``hourly_price``/``currency``; anything more (a daily or monthly
price, the billing step, policies) lives here, in ``billing/sessions.json`` under the data
dir, written atomically. Defaults come from :mod:`gpudesk.core.settings`.
"""

from __future__ import annotations

import threading
from dataclasses import asdict
from pathlib import Path

from gpudesk.core import datafile, paths, settings
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.meter import check_price_json
from gpudesk.core.billing.price import Price
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.sessions.model import Session

_lock = threading.Lock()


def config_file() -> Path:
    return paths.data_dir() / "billing" / "sessions.json"


_problem: tuple[str, str] = ("", "")  # (file, what was wrong with it) for the user to see


def _what() -> str:
    return msg("DataFile", "The billing settings file")


_check_entry = datafile.record(
    {"price": datafile.optional(check_price_json), "guard": datafile.optional(datafile.mapping)}
)


def _check_file(raw: JSON) -> tuple[JSONObject, list[str]]:
    """Billing settings by session id; a damaged entry is skipped and reported, the others load."""
    return datafile.entries(datafile.mapping(raw, msg("DataFile", "the file")), _check_entry)


def _load() -> JSONObject:
    global _problem
    path = config_file()
    loaded = datafile.load(path, _check_file, what=_what(), empty=dict)
    if loaded.problem:
        _problem = (str(path), loaded.problem)
    data: JSONObject = loaded.data
    return data


def load_problem() -> str:
    """What was wrong with the billing settings file when it was read (names the kept copy); "" if nothing."""
    _load()
    return _problem[1] if _problem[0] == str(config_file()) else ""


def default_guard() -> GuardConfig:
    return GuardConfig(
        idle=IdleConfig(
            threshold_pct=settings.get("billing.idle_threshold_pct"),
            minutes=settings.get("billing.idle_minutes"),
            ide_ceiling_minutes=settings.get("billing.ide_ceiling_minutes"),
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
    def change(disk: datafile.Loaded) -> JSONObject:
        # Under the file's lock, on what is on disk now: other sessions' settings stay as written.
        data = dict(disk.data)
        entry = data[session_id] = dict(data.get(session_id, {}))
        if price is not None:
            entry["price"] = asdict(price)
        if guard is not None:
            entry["guard"] = asdict(guard)
        return data

    global _problem
    with _lock:
        written = datafile.update(config_file(), _check_file, change, what=_what(), empty=dict, indent=1)
        if written.problem:
            _problem = (str(config_file()), written.problem)
