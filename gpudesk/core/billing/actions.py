"""One path for provider actions: start, stop and terminate an instance, with its meter and audit entry.

The command line, the Providers page and the cost bar (its buttons, the idle prompt and the
automatic policy) all call :func:`instance_action`: it asks the provider, moves the meter of
every session linked to that instance at the moment the provider accepted, and writes the
billing audit entry. So a stop from any of them reads the same in ``gpudesk cost``, the audit
log and every view. Blocking (an HTTP call): run it off the GUI thread.
"""

from __future__ import annotations

import time
from typing import Any

from gpudesk.core.billing import audit
from gpudesk.core.billing.meter import Meter

ACTIONS = ("start", "stop", "terminate")


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
    extra = {"by": by} if by else {}
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
    if record:
        for sid in names:
            audit.record(sid, action, reason, "ok", automatic=automatic, t=now, **extra)
    return sids
