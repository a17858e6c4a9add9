"""What the guard on the server wrote, checked before the app believes any of it.

The guard's files live in the user's home on a rented server: anyone (or anything) with that account can
write them. A record is the guard's word about money — a "confirmed" stop closes the meter — so each one is
checked as outside input: a known action and result, a time that is finite and not in the future (a forged
record dated 2100 would otherwise close the meter then and hide every later real action), numbers finite and
in range (a 400-digit time or ``1e300`` is no time), text without control characters and of bounded length,
and a bounded number of records per read.
"""

from __future__ import annotations

import json
import math
import time

from gpudesk.core import ctrlchars
from gpudesk.core.datafile import JSON, JSONObject

#: what a record may say it did, and how it came out
ACTIONS = frozenset({"stop", "terminate", "remind", "notify", "pause"})
RESULTS = frozenset({"confirmed", "requested", "failed", "ok"})
#: how far the server's clock may run ahead of this computer's before a time counts as "in the future"
SKEW_S = 600.0
#: the earliest time a record can honestly carry (2020-01-01): older is junk
EPOCH_MIN = 1_577_836_800.0
MAX_TEXT = 500
MAX_RECORDS = 1000
MAX_LINE = 8192
TEXT_FIELDS = ("reason", "detail", "state", "provider", "via", "method", "by", "words", "decision")
NUMBER_FIELDS = {
    "requested_at": (EPOCH_MIN, None),
    "idle_s": (0.0, 10 * 365 * 86400.0),
    "spend": (0.0, 1e7),
    "gpu_util": (0.0, 100.0),
    "paused_until": (0.0, None),
    "format": (0.0, 1000.0),
}


def number(value: JSON, low: float | None = None, high: float | None = None) -> float | None:
    """``value`` as a finite float within [low, high], else None (bools, strings, huge ints are no number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        result = float(value)
    except OverflowError:  # an int of hundreds of digits
        return None
    if not math.isfinite(result):
        return None
    if (low is not None and result < low) or (high is not None and result > high):
        return None
    return result


def text(value: JSON, limit: int = MAX_TEXT) -> str:
    """Outside text as plain, one-line, bounded text."""
    return ctrlchars.clean(str(value))[:limit] if value is not None else ""


def record(entry: JSON, now: float | None = None) -> JSONObject | None:
    """One guard record, checked; None when it cannot be the guard's honest word."""
    if not isinstance(entry, dict):
        return None
    now = time.time() if now is None else now
    t = number(entry.get("t"), EPOCH_MIN, now + SKEW_S)
    action, result = entry.get("action"), entry.get("result")
    if isinstance(result, str) and result.startswith("failed"):
        result = "failed"  # an older guard wrote "failed: why"
    if t is None or action not in ACTIONS or result not in RESULTS:
        return None
    out: JSONObject = {"t": t, "action": action, "result": result}
    for key in TEXT_FIELDS:
        if key in entry and entry[key] is not None:
            out[key] = text(entry[key])
    for key, (low, high) in NUMBER_FIELDS.items():
        if key in entry:
            value = number(entry[key], low, high if key != "requested_at" else now + SKEW_S)
            if value is not None:
                out[key] = value
    for key in ("automatic", "alerted"):
        if isinstance(entry.get(key), bool):
            out[key] = entry[key]
    return out


def _json_lines(lines: str, keep: int) -> list[JSON]:
    """The last ``keep`` lines of a JSON-lines text, parsed; blank, overlong and broken lines left out."""
    out = []
    for line in lines.splitlines()[-keep:]:
        if not line.strip() or len(line) > MAX_LINE:
            continue
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def records(lines: str, now: float | None = None) -> list[JSONObject]:
    """The checked records of an ``actions.jsonl`` text (the newest :data:`MAX_RECORDS`, oldest first)."""
    checked = (record(data, now) for data in _json_lines(lines, MAX_RECORDS))
    return [r for r in checked if r is not None]


def alert_records(lines: str, now: float | None = None) -> list[JSONObject]:
    """The guard's ``alerts.jsonl`` lines, checked: ``{"event", "channel", "sent_at", "ok", "attempt", "detail"}``."""
    now = time.time() if now is None else now
    out = []
    for data in _json_lines(lines, 20):
        if not isinstance(data, dict):
            continue
        sent_at = number(data.get("sent_at"), EPOCH_MIN, now + SKEW_S)
        if sent_at is None or not isinstance(data.get("ok"), bool):
            continue
        attempt = number(data.get("attempt"), 1, 100)
        out.append(
            {
                "event": text(data.get("event"), 40),
                "channel": text(data.get("channel"), 64),
                "sent_at": sent_at,
                "ok": data["ok"],
                "attempt": int(attempt) if attempt is not None else None,
                "detail": text(data.get("detail"), 300),
            }
        )
    return out


def status_fields(state: JSONObject, now: float | None = None) -> JSONObject:
    """The guard's status file, checked field by field: what fails a check is left out (None), never trusted."""
    out: JSONObject = {}
    if "decision" in state:
        out["decision"] = text(state["decision"])
    for key in ("idle_s", "gpu_util", "paused_until", "spend"):
        if key in state:
            low, high = NUMBER_FIELDS[key]
            out[key] = number(state[key], low, high)
    held = state.get("held_by")
    if isinstance(held, list):
        out["held_by"] = [text(h, 100) for h in held[:20]]
    jobs = state.get("jobs")
    if isinstance(jobs, list):
        out["jobs"] = [text(j, 200) for j in jobs[:50]]
    if "last_action" in state:
        out["last_action"] = record(state["last_action"], now)
    if "pending" in state:
        pending = state["pending"]
        out["pending"] = pending if pending in ACTIONS else None
    return out
