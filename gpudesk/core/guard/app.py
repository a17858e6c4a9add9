"""The app's side of the server guard: what to install for a session, and what the guard did while away.

On every connection of a session whose billing settings say ``server_guard == "on"``, the app
installs or upgrades the guard with the session's own policy (:func:`plan`), touches its
heartbeat while it runs, and copies what the guard did into the billing audit log
(:func:`import_actions`). Only a stop the guard saw confirmed in the provider's own state closes
the meter's run; a requested or failed one leaves the bill running. Blocking: run on the
connection's IO thread.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.core import atomic, demo_timing, paths, settings
from gpudesk.core.alerts.store import ChannelStore
from gpudesk.core.billing import audit
from gpudesk.core.billing.confirm import Request
from gpudesk.core.billing.confirm import book as confirm_book
from gpudesk.core.billing.guard import GuardConfig, effective_policy, next_time_of_day
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.datafile import JSONObject
from gpudesk.core.guard.alerts import ServerChannel, server_channels
from gpudesk.core.guard.limits import ServerLimits, local_offset_s
from gpudesk.core.guard.policy import METHODS, ProviderAction, ServerPolicy, provider_action_for
from gpudesk.core.guard.remote import actions, ensure, heartbeat, status
from gpudesk.core.guard.script import DEFAULT_ROOT
from gpudesk.core.i18n import msg
from gpudesk.core.providers.accounts import AccountStore, token_for
from gpudesk.core.sessions.model import Session

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

_lock = threading.Lock()


def seen_file() -> Path:
    return paths.data_dir() / "billing" / "server-guard-seen.json"


def plan_limits(session: Session, config: GuardConfig, action: ProviderAction, price: Price | None) -> ServerLimits:
    """The session's "Stop at" and "Budget per day" as limits the guard on the server keeps too, with the
    action that server really has (what it lacks only reminds)."""
    now = time.time()
    rate = price.per_hour if price is not None else None
    return ServerLimits(
        # At "Stop at" the app asks first and acts after the answer time: the server acts at that same moment.
        deadline_in_s=max(60.0, next_time_of_day(config.deadline, now) - now + config.answer_minutes * 60)
        if config.deadline
        else None,
        deadline_action=effective_policy(config.deadline_policy, action.actions, config.terminate_confirmed),
        # The session's own day budget: this server only (the command line's --day-cap counts all of them).
        day_cap=config.budget_day if config.budget_day and rate else None,
        day_action=effective_policy(config.budget_policy, action.actions, config.terminate_confirmed),
        rate_per_hour=rate,
        tz_offset_s=local_offset_s(now),
        server_name=session.name,
    )


def plan_channels(session: Session) -> tuple[list[ServerChannel], list[str]]:
    """The alert channels the guard on this server sends through (none when the user turned that off),
    and why each other channel cannot be sent from a server. Reads the keyring: not on the GUI thread."""
    if not settings.get("alerts.from_server"):
        return [], []
    store = ChannelStore()
    return server_channels(store.channels(), store.credentials, session.name)


def plan(
    session: Session, config: GuardConfig, price: Price | None, **timing: Any
) -> tuple[ServerPolicy, ProviderAction]:
    """The guard for ``session``: its provider's in-instance stop and the app's own policy.

    Raises :class:`~gpudesk.core.guard.policy.ImpossibleAction` when the policy asks for an action
    this server's guard cannot take (the same per-provider rule as the app's guard).
    """
    kind, api_url, key = "", "", None
    store = AccountStore()
    account = store.get(session.provider) if session.provider else None
    if account is not None:
        kind = account.kind
        if store.is_transient(account.name):
            # The demo's provider API lives on this machine: the guard calls it with the run's token.
            api_url, key = account.base_url, token_for(account)
    action = provider_action_for(kind, session.provider_instance_id if account is not None else "")
    if api_url:
        action.api_url, action.key = api_url, key
    rate = price.per_hour if price is not None else None
    policy = ServerPolicy.from_config(config, action, rate_per_hour=rate, **timing)  # interval_s, grace_s
    policy.check(action, config.terminate_confirmed)
    return policy, action


@dataclass
class GuardView:
    """What the app shows about the guard on one server."""

    running: bool = False
    policy: JSONObject = field(default_factory=dict)
    last_heartbeat_s: int | None = None
    problems: list[str] = field(default_factory=list)
    new_actions: list[JSONObject] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    alert_problems: list[str] = field(default_factory=list)  # channels the server cannot send through, and why


def connect_sync(
    conn: Connection,
    session: Session,
    config: GuardConfig,
    price: Price | None,
    meter: Meter | None = None,
    *,
    root: str = DEFAULT_ROOT,
    timing: JSONObject | None = None,
    **install_options: Any,
) -> GuardView:
    """On connecting: import what the guard did while away, then install/upgrade it and beat once.

    ``timing`` (``interval_s``, ``grace_s``) and ``install_options`` (``nvidia_smi``, ``jobs_dir``)
    are for tests; the app uses the defaults.
    """
    view = GuardView()
    view.new_actions = import_actions(conn, session, meter, root=root)
    if timing is None:
        timing = _demo_timing(session)
    policy, action = plan(session, config, price, **(timing or {}))
    limits = plan_limits(session, config, action, price)
    channels, view.alert_problems = plan_channels(session)
    installed = ensure(conn, policy, action, root=root, limits=limits, channels=channels, **install_options)
    if installed is not None:
        view.warnings = list(installed.warnings)
    heartbeat(conn, root)
    now = status(conn, root)
    view.running = bool(now.get("running"))
    view.policy = dict(now.get("policy") or {})
    view.last_heartbeat_s = now.get("last_heartbeat_s")
    view.problems = [str(p) for p in now.get("problems") or []]
    return view


def _demo_timing(session: Session) -> JSONObject | None:
    """The demo's short check interval and grace. Its server is this computer: its transfers run
    inside the demo host, and any sftp-server or rsync of the user's is no demo transfer."""
    if session.provider != demo_timing.DEMO_ACCOUNT:
        return None
    times = demo_timing.timing()
    return {"interval_s": times["interval_s"], "grace_s": times["grace_s"], "watch": "tty"}


#: guard record result -> what it means for the bill
CONFIRMED, REQUESTED, FAILED, REMINDED = "confirmed", "requested", "failed", "ok"


def outcome(entry: JSONObject) -> str:
    """What one guard record says happened: confirmed, requested, failed, or ok (a remind).

    From guard version 3 on (``"format": 2``), a stop or terminate is ``confirmed`` only when the
    guard read the instance's state back through the provider and saw it stopped or gone.
    Older guards wrote ``"ok"`` for any 2xx answer or exit status 0, which RunPod's legacy
    runpodctl gives for a stop that failed and Vast.ai for ``{"success": false}``. Such a record
    is read as *requested, not confirmed*: it does not close the meter, whose run then ends when
    the provider itself reports the instance stopped (the live billing's reads, ``Meter.sync``).
    That may count a few minutes too many, never a night too few.
    """
    result = str(entry.get("result", ""))
    action = str(entry.get("action", ""))
    if result in (CONFIRMED, REQUESTED, FAILED):
        return result
    if result == REMINDED:
        return REQUESTED if action in ("stop", "terminate") else REMINDED
    return FAILED


def import_actions(
    conn: Connection, session: Session, meter: Meter | None = None, root: str = DEFAULT_ROOT
) -> list[JSONObject]:
    """Copy the guard's new actions into the audit log; only a confirmed stop closes the meter's run.

    Each returned entry carries ``outcome`` (:func:`outcome`) for the app's news.
    """
    done = actions(conn, root)
    with _lock:
        seen = _load_seen()
        # A mark from the future (a forged record an older app believed) must not hide the real ones after it.
        last = min(float(seen.get(session.id, 0.0)), time.time())
        new = [dict(a) for a in done if isinstance(a.get("t"), (int, float)) and float(a["t"]) > last]
        # The guard writes "requested" the moment a provider accepts (the stop may take the guard
        # down with the machine), then a record that settles it, naming it in requested_at: when
        # both arrive together only the settling one is news.
        settled = {
            (e.get("action"), e.get("requested_at")) for e in new if isinstance(e.get("requested_at"), (int, float))
        }
        new = [e for e in new if (e.get("action"), e.get("t")) not in settled or e.get("requested_at") is not None]
        for entry in new:
            entry["outcome"] = how = outcome(entry)
            action = str(entry.get("action", ""))
            provider = str(entry.get("provider") or "")
            extra: JSONObject = {"by": "server-guard"}
            if provider:
                extra["provider"] = provider
            if session.provider and session.provider_instance_id:
                # Named as the app's own actions name theirs, so any later read of the instance can settle it.
                extra.update(account=session.provider, instance=session.provider_instance_id)
            if entry.get("state"):
                extra["provider_state"] = str(entry["state"])
            if how == CONFIRMED and isinstance(entry.get("requested_at"), (int, float)):
                extra["confirmed_after_s"] = round(max(0.0, float(entry["t"]) - float(entry["requested_at"])), 1)
            result = {CONFIRMED: "ok", REMINDED: "ok", REQUESTED: "requested"}.get(
                how, f"failed: {entry.get('detail', '')}"
            )
            audit.record(
                session.id,
                action,
                f"server guard: {entry.get('reason', '')}",
                result,
                automatic=True,
                t=float(entry["t"]),
                **extra,
            )
            if action in ("stop", "terminate") and "instance" in extra:
                # The app's book of unconfirmed requests hears the guard's too: a later read of the instance
                # (the live billing's poll, the Providers page) confirms it, and an old one is an alert.
                book = confirm_book()
                if how == REQUESTED:
                    book.add(
                        Request(str(extra["account"]), str(extra["instance"]), action, float(entry["t"]),
                                (session.id,), True, "server-guard", "server guard", provider)
                    )  # fmt: skip
                elif how == CONFIRMED:
                    book.drop(str(extra["account"]), str(extra["instance"]))
            if how == CONFIRMED and action in ("stop", "terminate") and meter is not None:
                # The moment the guard saw it stopped: at most one re-check late, so never too little.
                meter.stop(session.id, float(entry["t"]))
            _as_news(entry, how, session)
        if new:
            seen[session.id] = max(float(a["t"]) for a in new)
            atomic.write_text(seen_file(), json.dumps(seen, indent=1))
    return new


def _as_news(entry: JSONObject, how: str, session: Session) -> None:
    """The entry as the app's news reads it: ``result`` "ok" only for a confirmed stop (or a remind),
    "requested" or "failed" otherwise, with words that say so (the guard's own result stays in
    ``guard_result``)."""
    entry["guard_result"] = entry.get("result")
    action = str(entry.get("action", ""))
    if how == REQUESTED:
        method = METHODS.get(str(entry.get("method") or ""))  # an older guard's record names only its method
        who = str(entry.get("provider") or "") or (method[0] if method else "") or session.provider or "the provider"
        words = msg("ServerGuard", "{action} requested — not confirmed by {provider}", action=action, provider=who)
        state = str(entry.get("state") or "")
        if state:
            words = msg("ServerGuard", "{words}; it last reported: {state}", words=words, state=state)
        entry.update(result=REQUESTED, detail=words, words=words)
    elif how == FAILED:
        entry.update(result=FAILED, words=str(entry.get("detail") or ""))
    else:
        entry["result"] = "ok"


def _load_seen() -> JSONObject:
    try:
        data = json.loads(seen_file().read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, (int, float))}
        if isinstance(data, dict)
        else {}
    )
