"""``gpudesk guard status|install|remove|pause TARGET``: the server-side cost guard (docs/server-guard.md).

``install`` takes the policy the user set in the app (the saved session's billing settings)
and lets flags override it; it exits 2 when the chosen action is impossible on that server.
Exit codes: 0 ok, 2 usage, 3 connection, 4 remote failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from gpudesk.commands.target import UsageError, open_connection, resolve_session
from gpudesk.core import ctrlchars
from gpudesk.core.billing.guard import GuardConfig, next_time_of_day
from gpudesk.core.guard import (
    ImpossibleAction,
    LimitError,
    ProviderAction,
    ServerLimits,
    ServerPolicy,
    parse_deadline,
    provider_action_for,
    records,
)
from gpudesk.core.guard import extend as guard_extend
from gpudesk.core.guard import install as guard_install
from gpudesk.core.guard import pause as guard_pause
from gpudesk.core.guard import remove as guard_remove
from gpudesk.core.guard import status as guard_status
from gpudesk.core.guard.alerts import ServerChannel, server_channels
from gpudesk.core.guard.limits import local_offset_s, others_today
from gpudesk.core.i18n import message_of


def _saved(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The saved session behind TARGET, or None for an ssh:// address."""
    if args.target.startswith("ssh://") or "@" in args.target:
        return None
    return resolve_session(args.target, args.identity)


def build_limits(args: argparse.Namespace, action: ProviderAction, rate: float | None) -> ServerLimits | None:
    """The hard limits the flags ask for; None when they name none (the server keeps its own)."""
    deadline = getattr(args, "deadline", None)
    day_cap = getattr(args, "day_cap", None)
    if getattr(args, "no_limits", False):
        if deadline or day_cap:
            raise UsageError("--no-limits removes the limits: give it without --deadline or --day-cap.")
        return ServerLimits(server_name=_server_name(args))
    if not deadline and day_cap is None:
        return None
    session = _saved(args)
    others, others_rate = 0.0, 0.0
    try:
        seconds = None if not deadline or deadline.strip().lower() == "none" else parse_deadline(deadline)
        if day_cap is not None:
            if not rate:
                raise UsageError(
                    "A daily cap needs the server's price: give --rate PER_HOUR (or set a price in the app)."
                )
            from gpudesk.core.billing import config as billing
            from gpudesk.core.billing.meter import shared_meter

            price = billing.price_for(session) if session is not None else None
            others, others_rate = others_today(
                shared_meter(), session.id if session else "", price.currency if price else "USD"
            )
        limits = ServerLimits(
            deadline_in_s=seconds,
            deadline_action=args.deadline_action,
            day_cap=day_cap,
            day_action=args.day_action,
            rate_per_hour=rate,
            tz_offset_s=local_offset_s(),
            server_name=_server_name(args),
            others_today=others,
            others_rate=others_rate,
        )
    except LimitError as exc:
        raise UsageError(message_of(exc)) from None
    return limits


def _server_name(args: argparse.Namespace) -> str:
    session = _saved(args)
    return session.name if session is not None else str(args.target)


def build_channels(args: argparse.Namespace) -> tuple[list[ServerChannel] | None, list[str]]:
    """The alert channels the guard may send through (``--notify``), ``[]`` (``--no-notify``) or None (keep)."""
    if getattr(args, "no_notify", False):
        return [], []
    if not getattr(args, "notify", False):
        return None, []
    from gpudesk.core.alerts.store import ChannelStore

    store = ChannelStore()
    channels, skipped = server_channels(store.channels(), store.credentials, _server_name(args))
    if not channels:
        raise UsageError(
            "--notify: no alert channel the server can use. Add one with: gpudesk notify add NAME --kind ntfy --url URL"
            + "".join(f"\n  {why}" for why in skipped)
        )
    return channels, skipped


def build_policy(args: argparse.Namespace) -> tuple[ServerPolicy, ProviderAction]:
    """The saved session's billing policy (or the app's defaults), with the flags on top."""
    from gpudesk.core.billing import config as billing

    session = _saved(args)
    cfg: GuardConfig = billing.guard_config(session.id) if session is not None else billing.default_guard()
    rate = args.rate
    kind, instance_id = "", ""
    if session is not None:
        price = billing.price_for(session)
        if rate is None and price is not None:
            rate = price.per_hour
        if session.provider:
            from gpudesk.core.providers.accounts import AccountStore

            account = AccountStore().get(session.provider)
            kind, instance_id = (account.kind if account else ""), session.provider_instance_id
    try:
        if args.stop_command:  # the user's explicit choice wins over the provider's own way
            action = ProviderAction("command", command=args.stop_command)
        else:
            action = provider_action_for(kind, instance_id, "", args.poweroff_stops_billing)
    except ValueError as exc:
        raise UsageError(message_of(exc)) from None
    chosen = args.action or cfg.policy
    budget = args.budget if args.budget is not None else cfg.budget_total
    if budget is not None and not rate:
        raise UsageError("A budget needs the server's price: give --rate PER_HOUR (or set a price in the app).")
    confirmed = cfg.terminate_confirmed or args.terminate_confirmed
    # A budget given here follows --action unless --budget-action says otherwise.
    budget_action = args.budget_action or (
        args.action if args.budget is not None and args.action else cfg.budget_policy
    )
    idle_s = args.idle_minutes * 60 if args.idle_minutes is not None else (cfg.idle.minutes + cfg.answer_minutes) * 60
    try:
        policy = ServerPolicy(
            threshold_pct=args.threshold if args.threshold is not None else cfg.idle.threshold_pct,
            idle_s=idle_s,
            action=chosen,
            budget=budget,
            budget_action=budget_action if budget is not None else "remind",
            rate_per_hour=rate if budget is not None else None,
            grace_s=args.grace_minutes * 60,
            interval_s=args.check_seconds,
        )
        limits_actions = []
        if getattr(args, "deadline", None) and str(args.deadline).strip().lower() != "none":
            limits_actions.append(args.deadline_action)
        if getattr(args, "day_cap", None) is not None:
            limits_actions.append(args.day_action)
        policy.check(action, confirmed, also=limits_actions)
    except ImpossibleAction as exc:
        raise UsageError(message_of(exc)) from None
    except ValueError as exc:
        raise UsageError(message_of(exc)) from None
    # The price travels with the policy for the daily cap (the policy keeps it only for a budget).
    args._rate = rate
    return policy, action


def run_install(args: argparse.Namespace) -> int:
    policy, action = build_policy(args)  # before connecting: a usage error costs no login
    limits = build_limits(args, action, getattr(args, "_rate", None))
    channels, skipped = build_channels(args)
    conn = open_connection(args)
    try:
        result = guard_install(conn, policy, action, limits=limits, channels=channels)
    finally:
        conn.close()
    for warning in [*result.warnings, *skipped]:
        print(f"gpudesk: {warning}", file=sys.stderr)
    if args.json:
        extra: dict[str, object] = {"policy": policy.to_json(action)}
        if limits is not None:
            extra["limits"] = {
                "deadline": None if limits.deadline_in_s is None else int(time.time() + limits.deadline_in_s),
                "deadline_action": limits.deadline_action if limits.deadline_in_s is not None else None,
                "day_cap": limits.day_cap,
                "day_action": limits.day_action if limits.day_cap is not None else None,
            }
        if channels is not None:
            extra["alert_channels"] = [c.name for c in channels]
        print(json.dumps(result.to_json() | extra, indent=2))
    else:
        what = (
            "upgraded from version " + result.old_version
            if result.old_version and result.old_version != result.version
            else "installed"
        )
        print(
            f"Guard {what} (version {result.version}, {result.runner}, pid {result.pid}): "
            f"after {policy.idle_s / 60:g} idle minutes without the app: {policy.action} ({action.title})."
        )
        if limits is not None and limits.deadline_in_s is not None:
            at = time.strftime("%Y-%m-%d %H:%M", time.localtime(time.time() + limits.deadline_in_s))
            print(f"Deadline: {limits.deadline_action} at {at}, whoever is there (warnings 30 and 5 min before).")
        if limits is not None and limits.day_cap is not None:
            print(
                f"Daily cap: {limits.day_action} when today's spend across your instances reaches {limits.day_cap:g}."
            )
        if channels:
            print("Alerts from the server: " + ", ".join(c.name for c in channels) + ".")
    return 0


def format_status(data: dict[str, Any]) -> str:
    if not data["installed"]:
        return "No guard on this server. Install one with: gpudesk guard install TARGET"
    lines = [
        f"Guard version {data['version']} ({'running' if data['running'] else 'NOT running'}, "
        f"{data.get('runner') or '?'})"
    ]
    policy = data.get("policy") or {}
    if isinstance(policy, dict) and policy:
        # The policy file is on the server too: numbers checked, texts escaped.
        idle_min = (records.number(policy.get("idle_s"), 0, 1e9) or 0) / 60
        threshold = records.number(policy.get("threshold_pct"), 0, 100)
        budget = records.number(policy.get("budget"), 0, 1e9)

        def word(key: str) -> str:
            return ctrlchars.escape(records.text(policy.get(key), 80))

        lines.append(
            f"Policy: idle {idle_min:g} min below {threshold if threshold is not None else '?'}% "
            f"-> {word('action')} via {word('method')}"
            + (f"; budget {budget:g} -> {word('budget_action')}" if budget else "")
        )
    if data.get("decision"):
        # Texts from the server: shown with control characters escaped.
        lines.append(f"Now: {ctrlchars.escape(str(data['decision']))}")
    hb = data.get("last_heartbeat_s")
    lines.append("App heartbeat: " + ("never" if hb is None else f"{hb} s ago"))
    last = data.get("last_action")
    if isinstance(last, dict):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(records.number(last.get("t"), 0, 1e11) or 0))
        lines.append(
            f"Last action: {ctrlchars.escape(str(last.get('action')))} ({ctrlchars.escape(str(last.get('reason')))}) "
            f"at {when}: "
            f"{ctrlchars.escape(str(last.get('result')))} {ctrlchars.escape(str(last.get('detail', '')))}"
        )
    if data.get("deadline") is not None:
        at = time.strftime("%Y-%m-%d %H:%M", time.localtime(data["deadline"]))
        left = data.get("deadline_in_s") or 0
        when = f"in {_span(left)}" if left > 0 else "passed"
        lines.append(f"Deadline: {data.get('deadline_action') or '?'} at {at} ({when})")
    cap = data.get("day_cap")
    if isinstance(cap, dict):
        spent = cap.get("spent")
        lines.append(
            f"Daily cap: {cap['cap']:g}; spent today across your instances: "
            + (f"{spent:.3f}" if spent is not None else "?")
        )
    for alert in data.get("alerts", [])[-5:]:
        when = time.strftime("%H:%M", time.localtime(alert["sent_at"]))
        state = "sent" if alert["ok"] else f"NOT sent ({ctrlchars.escape(alert.get('detail') or '')})"
        lines.append(
            f"Alert {when} {ctrlchars.escape(alert['event'])} to {ctrlchars.escape(alert['channel'])}: {state}"
        )
    for problem in data.get("problems", []):
        lines.append(f"Problem: {ctrlchars.escape(str(problem))}")
    return "\n".join(lines)


def run_status(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    try:
        data = guard_status(conn)
    finally:
        conn.close()
    print(json.dumps(data, indent=2) if args.json else format_status(data))
    return 0


def run_remove(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    try:
        guard_remove(conn)
    finally:
        conn.close()
    if args.json:
        print(json.dumps({"installed": False}))
    else:
        print("Guard removed.")
    return 0


def run_pause(args: argparse.Namespace) -> int:
    if args.resume:
        seconds = None
    elif args.until:
        try:
            seconds = next_time_of_day(args.until, time.time()) - time.time()
        except ValueError as exc:
            raise UsageError(message_of(exc)) from None
    elif args.hours is not None and args.hours > 0:
        seconds = args.hours * 3600
    else:
        raise UsageError("Say how long: --until HH:MM, --hours H, or --resume.")
    conn = open_connection(args)
    try:
        until = guard_pause(conn, seconds)
    finally:
        conn.close()
    if args.json:
        print(json.dumps({"paused_until": until}))
    elif until is None:
        print("The guard watches again.")
    else:
        print(
            f"The guard keeps this server until {time.strftime('%Y-%m-%d %H:%M', time.localtime(time.time() + (seconds or 0)))}."
        )
    return 0


def _span(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"{max(1, seconds // 60)} min" if seconds >= 60 else f"{seconds} s"


def run_extend(args: argparse.Namespace) -> int:
    conn = open_connection(args)
    try:
        until = guard_extend(conn, args.hours * 3600)
    finally:
        conn.close()
    if args.json:
        print(json.dumps({"deadline": until}))
    else:
        print(f"The guard's deadline is now {time.strftime('%Y-%m-%d %H:%M', time.localtime(until))}.")
    return 0
