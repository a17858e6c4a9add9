"""One path for provider actions: start, stop and terminate an instance, with its meter and audit entry.

The command line, the Providers page and the cost bar (its buttons, the idle prompt and the
automatic policy) all call :func:`instance_action`: it asks the provider, moves the meter of
every session linked to that instance at the moment the provider accepted, and writes the
billing audit entry. So a stop from any of them reads the same in ``gpudesk cost``, the audit
log and every view. Blocking (an HTTP call): run it off the GUI thread.

Whoever shows an instance's state hears of every action through :data:`acted`: at once for an
action of this process, and within a second (the live clock's tick) for one another process ran
(``gpudesk instances stop`` while the app is open), read from the audit entry this path writes.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.billing import audit
from gpudesk.core.billing.meter import Meter
from gpudesk.core.live.events import Event

ACTIONS = ("start", "stop", "terminate")


@dataclass(frozen=True)
class Acted:
    """One action the provider accepted, from this process (``local``) or another one."""

    account: str
    instance_id: str
    action: str
    session_ids: tuple[str, ...] = ()
    t: float = 0.0
    automatic: bool = False
    local: bool = True
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


#: every accepted action (subscribers run on the acting thread, or on the clock's for other processes)
acted: Event[Acted] = Event("instance acted")


def sessions_for(account: str, instance_id: str) -> list[str]:
    """Ids of the saved sessions linked to ``instance_id`` of provider account ``account``."""
    try:
        from gpudesk.core.sessions.store import SessionStore

        return [s.id for s in SessionStore() if s.provider == account and s.provider_instance_id == instance_id]
    except Exception:  # noqa: BLE001 - a damaged sessions file must not stop a stop
        return []


def instance_action(
    provider: Any,
    account: str,
    instance_id: str,
    action: str,
    *,
    reason: str,
    automatic: bool = False,
    meter: Meter | None = None,
    session_ids: list[str] | None = None,
    record: bool = True,
    by: str = "",
) -> list[str]:
    """Do ``action`` on the instance, then follow it in the meter and the audit log.

    ``session_ids`` defaults to the saved sessions linked to the instance (plus none: an unlinked
    instance is audited under ``account:instance_id``). ``record=False`` leaves the audit entry
    to the caller (the idle guard writes its own, with the prompt it answers). Returns the
    session ids followed. A provider error is audited as failed and raised.
    """
    if action not in ACTIONS:
        raise ValueError(f"unknown instance action {action!r}")
    sids = sessions_for(account, instance_id) if session_ids is None else list(session_ids)
    names = sids or [f"{account}:{instance_id}"]
    extra: dict[str, Any] = {"by": by} if by else {}
    try:
        getattr(provider, action)(instance_id)
    except Exception as exc:
        if record:
            for sid in names:
                audit.record(sid, action, reason, f"failed: {exc}", automatic=automatic, **extra)
        raise
    now = time.time()
    meter = meter or Meter()
    for sid in sids:
        if action == "start":
            meter.start(sid, now)
        else:
            meter.stop(sid, now)
    # The instance is named in the entry so another process's views can tell whose state changed.
    if record:
        for sid in names:
            entry = audit.record(
                sid, action, reason, "ok", automatic=automatic, t=now, account=account, instance=instance_id, **extra
            )
            _Watch.mine(entry)
    acted.emit(Acted(account, instance_id, action, tuple(sids), now, automatic, True))
    return sids


class _Watch:
    """Reads what other processes appended to the audit log, on the live clock's tick."""

    _lock = threading.Lock()
    _handle: Any = None
    _path = ""
    _offset = 0
    _own: set[tuple[float, str, str]] = set()

    @classmethod
    def mine(cls, entry: dict[str, Any]) -> None:
        with cls._lock:
            cls._own.add((float(entry["t"]), str(entry["session"]), str(entry["action"])))

    @classmethod
    def start(cls) -> None:
        path = audit.audit_file()
        with cls._lock:
            if cls._path != str(path):
                # News counts from now (the subscriber's start), however late the clock's next look comes.
                cls._path, cls._offset = str(path), _size(path)
            if cls._handle is not None and cls._handle.active:
                return
            from gpudesk.core.live.clock import shared_clock

            cls._handle = shared_clock().every(1.0, cls.poll)

    @classmethod
    def poll(cls) -> None:
        """New complete lines since the last look; a new data folder (tests) starts at its end."""
        path = audit.audit_file()
        size = _size(path)
        with cls._lock:
            if cls._path != str(path) or size < cls._offset:
                cls._path, cls._offset = str(path), size
                return
            if size == cls._offset:
                return
            with open(path, "rb") as f:
                f.seek(cls._offset)
                chunk = f.read(size - cls._offset)
            complete = chunk[: chunk.rfind(b"\n") + 1]  # a line still being written waits for the next tick
            cls._offset += len(complete)
            found: dict[tuple[str, str, str, float], Acted] = {}
            for line in complete.splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(entry, dict) or entry.get("action") not in ACTIONS:
                    continue
                if entry.get("result") != "ok" or not entry.get("instance"):
                    continue
                try:  # another process's file: a wrong type in one line must not hide the lines after it
                    key = (float(entry.get("t") or 0), str(entry.get("session")), str(entry["action"]))
                except (TypeError, ValueError):
                    continue
                if key in cls._own:
                    cls._own.discard(key)  # this process told its views already
                    continue
                account, iid = str(entry.get("account") or ""), str(entry["instance"])
                one = (account, iid, str(entry["action"]), key[0])
                known = found.get(one)
                sids = (known.session_ids if known else ()) + ((key[1],) if ":" not in key[1] else ())
                found[one] = Acted(account, iid, one[2], sids, key[0], bool(entry.get("automatic")), False)
        for event in found.values():
            acted.emit(event)


def _size(path: Any) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def watch() -> None:
    """Start hearing other processes' actions (idempotent); views call it when they subscribe to :data:`acted`."""
    _Watch.start()
