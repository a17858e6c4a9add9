"""The audit log: every automatic action (and every answer to a prompt), one JSON line each."""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from gpudesk.core import paths
from gpudesk.core.billing.meter import Meter
from gpudesk.core.datafile import JSONObject
from gpudesk.core.sessions.store import SessionStore

_lock = threading.Lock()
_log = logging.getLogger("gpudesk.billing")


def audit_file() -> Path:
    return paths.data_dir() / "billing" / "audit.jsonl"


def record(
    session_id: str,
    action: str,
    reason: str,
    result: str = "",
    *,
    automatic: bool = True,
    t: float | None = None,
    **extra: Any,
) -> JSONObject:
    """Append one entry and fsync it: an automatic stop must be explainable after a crash."""
    entry = {
        "t": time.time() if t is None else t,
        "session": session_id,
        "action": action,
        "reason": reason,
        "result": result,
        "automatic": automatic,
        **extra,
    }
    path = audit_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
    with _lock:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
    _log.info(
        "billing: %s %s (%s) for session %s: %s",
        "automatic" if automatic else "user",
        action,
        reason,
        session_id,
        result,
    )
    return entry


def read(limit: int = 200, session_id: str | None = None) -> list[JSONObject]:
    """The newest ``limit`` entries, oldest first; a torn last line (crash) is skipped."""
    try:
        lines = audit_file().read_text("utf-8").splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict):
            continue  # valid JSON that is not an entry (a damaged or foreign line)
        if session_id is None or entry.get("session") == session_id:
            out.append(entry)
    return out[-limit:]


def session_names() -> dict[str, str]:
    """Session id → the name a person knows it by (saved sessions, then the meter's names), for showing the log."""
    names: dict[str, str] = {}
    try:
        names.update({sid: e.name for sid, e in Meter().entries.items() if e.name})
    except Exception:  # noqa: BLE001 - a damaged meter file must not hide the log
        pass
    try:
        names.update({s.id: s.label for s in SessionStore()})
    except Exception:  # noqa: BLE001 - a damaged sessions file must not hide the log
        pass
    return names
