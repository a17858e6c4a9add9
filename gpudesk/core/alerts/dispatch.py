"""Turning the live core's news into alerts: one dispatcher per workspace, subscribed in the core.

``AlertDispatcher(workspace, sender)`` follows ``workspace.opened``/``closed`` and, for each
LiveServer, listens to: ``work.job_finished`` (job finished / failed, with exit code, run time,
cost and the log's diagnosis), ``billing.prompt_changed`` (an idle question still unanswered after
``idle_unanswered_s``; a budget question is "budget nearly spent"), ``billing.unconfirmed`` (a stop
requested but not confirmed), ``billing.server_guard_news`` (the guard on the server acted) and
``billing.instance_changed`` (the instance preempted, terminated or gone). :meth:`note_balance`
takes a provider's ``balance()`` answer and alerts when the credit is under the threshold.
Each handler only builds a text and calls :meth:`Sender.send`, which never blocks.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from gpudesk.core.alerts.model import Alert
from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import Msg, join, msg
from gpudesk.core.jobs.model import FAILED, LOST

if TYPE_CHECKING:
    from gpudesk.core.alerts.sender import Sender
    from gpudesk.core.billing.guard import Prompt
    from gpudesk.core.clock import Clock, Handle
    from gpudesk.core.events import Event
    from gpudesk.core.jobs.model import JobInfo
    from gpudesk.core.providers.base import Balance, Instance
    from gpudesk.core.sessions.model import Session

log = logging.getLogger("gpudesk.alerts")

IDLE_UNANSWERED_S = 120.0
BUDGET_NEAR = 0.8  # share of a budget that counts as "nearly spent"
GONE_STATES = frozenset({"terminated", "terminating"})
_PREEMPT_WORDS = ("preempt", "interrupt", "outbid", "evict", "reclaim")


# What the dispatcher hears and reads of the live core (``core/live``: LiveServer, its work and billing,
# the Workspace and a billing's ActionResult). The live core sits above the alerts and hands itself in.
class ActionResult(Protocol):
    @property
    def action(self) -> str: ...
    @property
    def message(self) -> Any: ...  # a Msg or an exception


class WorkNews(Protocol):
    @property
    def job_finished(self) -> Event[JobInfo]: ...


class BillingNews(Protocol):
    @property
    def prompt_changed(self) -> Event[Prompt | None]: ...
    @property
    def unconfirmed(self) -> Event[Any]: ...  # an ActionResult
    @property
    def server_guard_news(self) -> Event[JSONObject]: ...
    @property
    def instance_changed(self) -> Event[Instance]: ...
    @property
    def changed(self) -> Event[Any]: ...


class LiveServer(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def session(self) -> Session: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def work(self) -> WorkNews: ...
    @property
    def billing(self) -> BillingNews: ...


class Workspace(Protocol):
    @property
    def opened(self) -> Event[Any]: ...  # a LiveServer
    @property
    def closed(self) -> Event[Any]: ...
    @property
    def servers(self) -> Iterable[LiveServer]: ...


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    s = int(max(0.0, seconds))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


class AlertDispatcher:
    """Subscribes to every open server's events and sends the alerts they call for."""

    def __init__(
        self, workspace: Workspace | None, sender: Sender, *, idle_unanswered_s: float = IDLE_UNANSWERED_S
    ) -> None:
        self.sender = sender
        self.idle_unanswered_s = idle_unanswered_s
        self._lock = threading.Lock()
        self._subs: dict[str, list[Callable[[], None]]] = {}
        self._idle_handles: dict[str, Handle] = {}
        self._workspace_subs: list[Callable[[], None]] = []
        if workspace is not None:
            self._workspace_subs = [workspace.opened.subscribe(self.attach), workspace.closed.subscribe(self.detach)]
            for server in workspace.servers:
                self.attach(server)

    def close(self) -> None:
        for unsubscribe in self._workspace_subs:
            unsubscribe()
        with self._lock:
            ids = list(self._subs)
        for server_id in ids:
            self._detach_id(server_id)

    # -- servers ------------------------------------------------------------------------------------
    def attach(self, server: LiveServer) -> None:
        billing, work = server.billing, server.work
        subs = [
            work.job_finished.subscribe(lambda job: self.job_finished(server, job)),
            billing.prompt_changed.subscribe(lambda prompt: self.prompt_changed(server, prompt)),
            billing.unconfirmed.subscribe(lambda result: self.unconfirmed(server, result)),
            billing.server_guard_news.subscribe(lambda entry: self.guard_news(server, entry)),
            billing.instance_changed.subscribe(lambda inst: self.instance_changed(server, inst)),
            billing.changed.subscribe(lambda _billing: self.billing_changed(server)),
        ]
        with self._lock:
            old = self._subs.pop(server.id, [])
            self._subs[server.id] = subs
        for unsubscribe in old:
            unsubscribe()

    def detach(self, server: LiveServer) -> None:
        self._detach_id(server.id)

    def _detach_id(self, server_id: str) -> None:
        with self._lock:
            subs = self._subs.pop(server_id, [])
            handle = self._idle_handles.pop(server_id, None)
        for unsubscribe in subs:
            unsubscribe()
        if handle is not None:
            handle.cancel()

    # -- the news -----------------------------------------------------------------------------------
    def job_finished(self, server: LiveServer, job: JobInfo) -> None:
        name = server.session.name
        failed = job.status in (FAILED, LOST)
        runtime = _duration(job.duration_s()) if hasattr(job, "duration_s") else "?"
        lines = [
            msg("Alerts", "Server: {server}", server=name),
            msg("Alerts", "Exit code: {code}", code="?" if job.exit_code is None else job.exit_code),
            msg("Alerts", "Run time: {time}", time=runtime),
        ]
        cost = self._job_cost(server, job)
        if cost:
            lines.append(msg("Alerts", "Cost of the run: {cost}", cost=cost))
        watch = getattr(server.work, "watches", {}).get(job.id)
        findings = list(getattr(getattr(watch, "diagnoser", None), "findings", []) or [])
        for finding in findings[:3]:
            lines.append(
                msg("Alerts", "Diagnosis: {title} — {line}", title=finding.rule.title, line=finding.line[:200])
            )
        label = job.name or job.id
        if failed:
            title = msg("Alerts", "Job '{job}' failed on {server}", job=label, server=name)
        else:
            title = msg("Alerts", "Job '{job}' finished on {server}", job=label, server=name)
        self.sender.send(
            Alert(
                "job_failed" if failed else "job_finished",
                title,
                join("\n", lines),
                key=f"{server.id}:{job.id}",
                priority=4 if failed else 3,
                server=name,
            )
        )

    @staticmethod
    def _job_cost(server: LiveServer, job: JobInfo) -> str:
        figures = getattr(server.billing, "figures", None)
        rate = getattr(figures, "rate", None)
        seconds = job.duration_s() if hasattr(job, "duration_s") else None
        if not rate or not seconds:
            return ""
        return f"{rate * seconds / 3600.0:.2f} {getattr(figures, 'currency', '')}".strip()

    def prompt_changed(self, server: LiveServer, prompt: Prompt | None) -> None:
        with self._lock:
            handle = self._idle_handles.pop(server.id, None)
        if handle is not None:
            handle.cancel()
        if prompt is None:
            return
        name = server.session.name
        if prompt.reason in ("budget_total", "budget_day"):
            self.sender.send(
                Alert(
                    "budget_near",
                    msg("Alerts", "Budget reached on {server}", server=name),
                    self._prompt_text(prompt),
                    key=f"{server.id}:{prompt.reason}:{int(prompt.opened_at)}",
                    priority=4,
                    server=name,
                )
            )
            return
        if prompt.reason != "idle":
            return

        def still_open() -> None:
            current = getattr(server.billing, "prompt", None)
            if current is not None and getattr(current, "opened_at", None) != prompt.opened_at:
                return
            self.sender.send(
                Alert(
                    "idle_prompt",
                    msg("Alerts", "{server} is idle and still billing", server=name),
                    self._prompt_text(prompt),
                    key=f"{server.id}:idle:{int(prompt.opened_at)}",
                    priority=4,
                    server=name,
                )
            )

        with self._lock:
            self._idle_handles[server.id] = server.clock.call_later(self.idle_unanswered_s, still_open)

    @staticmethod
    def _prompt_text(prompt: Prompt) -> Msg:
        parts = [
            msg(
                "Alerts",
                "Idle for {minutes} min; the question in gpudesk is not answered.",
                minutes=prompt.idle_minutes,
            )
        ]
        if prompt.rate_per_hour:
            parts.append(
                msg("Alerts", "Rate: {rate:.2f} {currency}/h", rate=prompt.rate_per_hour, currency=prompt.currency)
            )
        actions = {
            "stop": msg("Alerts", "gpudesk will stop the instance"),
            "terminate": msg("Alerts", "gpudesk will terminate the instance"),
        }
        if prompt.action in actions:
            parts.append(actions[prompt.action])
        else:
            parts.append(msg("Alerts", "Without an answer the server keeps running and billing."))
        if prompt.failure:
            parts.append(msg("Alerts", "The last automatic attempt failed: {error}", error=prompt.failure[:300]))
        return join("\n", parts)

    def billing_changed(self, server: LiveServer) -> None:
        """A budget (total or today's) past :data:`BUDGET_NEAR` of its amount: once per budget and amount."""
        figures = getattr(server.billing, "figures", None)
        config = getattr(getattr(server.billing, "guard", None), "config", None)
        if figures is None or config is None:
            return
        name = server.session.name
        for kind, budget, spent in (
            ("total", config.budget_total, figures.cost),
            ("day", config.budget_day, figures.session_today),
        ):
            if not budget or spent < BUDGET_NEAR * budget:
                continue
            if kind == "total":
                text = msg(
                    "Alerts",
                    "{spent:.2f} of the {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).",
                    spent=spent,
                    budget=budget,
                    currency=figures.currency,
                    server=name,
                    pct=100 * spent / budget,
                )
            else:
                text = msg(
                    "Alerts",
                    "{spent:.2f} of today's {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).",
                    spent=spent,
                    budget=budget,
                    currency=figures.currency,
                    server=name,
                    pct=100 * spent / budget,
                )
            day = time.strftime("%Y-%m-%d", time.localtime(figures.now)) if kind == "day" else ""
            self.sender.send(
                Alert(
                    "budget_near",
                    msg("Alerts", "Budget nearly spent on {server}", server=name),
                    text,
                    key=f"{server.id}:near:{kind}:{budget}:{day}",
                    priority=4,
                    server=name,
                )
            )

    def unconfirmed(self, server: LiveServer, result: ActionResult) -> None:
        name = server.session.name
        self.sender.send(
            Alert(
                "stop_unconfirmed",
                msg(
                    "Alerts",
                    "{action} of {server} not confirmed: it may still bill",
                    action=result.action,
                    server=name,
                ),
                result.message if isinstance(result.message, Msg) else str(result.message)[:600],
                key=f"{server.id}:unconfirmed:{result.action}",
                priority=5,
                server=name,
            )
        )

    def guard_news(self, server: LiveServer, entry: JSONObject) -> None:
        if entry.get("alerted") is True:
            return  # the guard sent this one itself, from the server, when it happened
        name = server.session.name
        action = str(entry.get("action") or "?")
        outcome = str(entry.get("outcome") or "")
        reason = str(entry.get("reason") or "")
        text = [msg("Alerts", "The guard on {server} acted: {action}", server=name, action=action)]
        if outcome:
            text.append(msg("Alerts", "Outcome: {outcome}", outcome=outcome))
        if reason:
            text.append(msg("Alerts", "Why: {reason}", reason=reason[:300]))
        self.sender.send(
            Alert(
                "guard_acted",
                msg("Alerts", "Server guard: {action} on {server}", action=action, server=name),
                join("\n", text),
                key=f"{server.id}:guard:{entry.get('t', '')}:{action}",
                priority=4,
                server=name,
            )
        )

    def instance_changed(self, server: LiveServer, instance: Instance) -> None:
        raw = (instance.raw_status or "").lower()
        preempted = any(word in raw for word in _PREEMPT_WORDS)
        if instance.status not in GONE_STATES and not preempted:
            return
        name = server.session.name
        if preempted:
            title = msg("Alerts", "Instance of {server} was preempted", server=name)
        else:
            title = msg("Alerts", "Instance of {server} is gone ({status})", server=name, status=instance.status)
        self.sender.send(
            Alert(
                "instance_gone",
                title,
                msg("Alerts", "Provider state: {state}", state=(instance.raw_status or instance.status)[:100]),
                key=f"{server.id}:{instance.id}:{instance.status}:{raw[:40]}",
                priority=5,
                server=name,
            )
        )

    def note_balance(self, balance: Balance | None, threshold: float) -> bool:
        """Alert when a provider's credit is under ``threshold``; True when it is."""
        if balance is None or not balance.low(threshold):
            return False
        account = balance.provider or "provider"
        self.sender.send(
            Alert(
                "credit_low",
                msg("Alerts", "Credit low at {provider}", provider=account),
                msg(
                    "Alerts",
                    "{amount:.2f} {currency} left (your alert threshold is {threshold:.2f}). Servers stop when it runs out.",
                    amount=balance.amount,
                    currency=balance.currency,
                    threshold=threshold,
                ),
                key=f"credit:{account}:{threshold}",
                priority=4,
            )
        )
        return True


__all__ = ["AlertDispatcher"]
