"""The idle guard: when to ask before billing runs on, and what to do when nobody answers.

A :class:`Guard` per session combines the idle detector, the meter (for budgets) and the
session's policy. :meth:`Guard.tick` is called about once a second; it returns the prompt to
show (or None) and, when an automatic policy's countdown runs out, calls ``act(action)``
once and writes the audit log. The UI answers prompts with :meth:`Guard.answer`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from gpudesk.core.billing import audit
from gpudesk.core.billing.idle import IdleConfig, IdleDetector, idle_minutes
from gpudesk.core.billing.meter import Meter
from gpudesk.core.i18n import msg

POLICIES = ("remind", "stop", "terminate")
ANSWERS = ("stop", "terminate", "keep_1h", "keep_until_job_ends", "dismiss", "released")
#: after a failed automatic action: retry after these waits (seconds), the last one repeating
RETRY_WAITS_S = (60.0, 120.0, 300.0, 600.0)


def policies_for(actions: frozenset[str] | set[str]) -> tuple[str, ...]:
    """The automatic choices a provider with ``actions`` really offers ("remind" always).

    Lambda Cloud has no stop, so its choices are "remind" and "terminate"; a server without an
    API (manual) can only be reminded about. The server-side guard uses the same rule.
    """
    return ("remind",) + tuple(p for p in ("stop", "terminate") if p in actions)


def effective_policy(policy: str, actions: frozenset[str] | set[str] | None, terminate_confirmed: bool) -> str:
    """What the guard will really do: an action the provider lacks, or an unconfirmed terminate, only reminds.

    ``actions`` None means "not known yet" (the provider has not been asked): then only a stop
    is trusted; a terminate always needs the user's explicit confirmation.
    """
    if policy == "terminate" and not terminate_confirmed:
        return "remind"
    if actions is not None and policy not in policies_for(actions):
        return "remind"
    return policy


@dataclass
class GuardConfig:
    idle: IdleConfig = field(default_factory=IdleConfig)
    policy: str = "remind"  # what happens when nobody answers an idle prompt
    answer_minutes: float = 10.0
    budget_total: float | None = None  # in the session's currency
    budget_day: float | None = None
    budget_policy: str = "remind"
    deadline: str = ""  # "HH:MM" local: remind (or act) at that time
    deadline_policy: str = "remind"
    stop_after_job: bool = False
    # An automatic terminate deletes the instance and its local data: it needs this explicit
    # yes, given once in the billing dialog with that warning, or the guard only reminds.
    terminate_confirmed: bool = False
    # The guard that lives on the server too (works while the app is closed): asked once per
    # session on connecting ("ask"), then remembered ("on" / "off").
    server_guard: str = "ask"

    def __post_init__(self) -> None:
        for name in ("policy", "budget_policy", "deadline_policy"):
            if getattr(self, name) not in POLICIES:
                raise ValueError(f"{name} must be one of {', '.join(POLICIES)}.")
        if self.server_guard not in ("ask", "on", "off"):
            raise ValueError("server_guard must be ask, on or off.")
        if self.deadline:
            parse_hhmm(self.deadline)


@dataclass
class Prompt:
    """What the UI shows. ``auto_at`` is set when an automatic action follows at that time."""

    session_id: str
    reason: str  # "idle" | "budget_total" | "budget_day" | "deadline" | "job_done"
    opened_at: float
    idle_s: float = 0.0
    rate_per_hour: float | None = None
    currency: str = ""
    action: str = "remind"  # what happens without an answer
    auto_at: float | None = None
    failure: str = ""  # the last automatic attempt failed with this message; the prompt stays up
    attempts: int = 0
    job_running: bool = False  # a gpudesk job runs now: "keep until the job ends" makes sense
    rule: str = ""  # for "idle": "gpu", or "ide_ceiling" when an IDE was at work but past its ceiling

    @property
    def idle_minutes(self) -> int:
        """The idle time every view shows, in whole minutes (the cost bar says the same number)."""
        return idle_minutes(self.idle_s)

    def countdown(self, now: float) -> float | None:
        return None if self.auto_at is None else max(0.0, self.auto_at - now)


def parse_hhmm(text: str) -> tuple[int, int]:
    try:
        hours, minutes = (int(p) for p in text.strip().split(":"))
    except ValueError:
        raise ValueError(msg("Billing", "Write the time as HH:MM, e.g. 23:00 (not '{text}').", text=text)) from None
    if not (0 <= hours < 24 and 0 <= minutes < 60):
        raise ValueError(msg("Billing", "'{text}' is not a time of day.", text=text))
    return hours, minutes


def next_time_of_day(text: str, now: float) -> float:
    hours, minutes = parse_hhmm(text)
    base = datetime.fromtimestamp(now)
    when = base.replace(hour=hours, minute=minutes, second=0, microsecond=0)
    if when.timestamp() <= now:
        when += timedelta(days=1)
    return when.timestamp()


class Guard:
    def __init__(
        self,
        session_id: str,
        config: GuardConfig | None = None,
        meter: Meter | None = None,
        act: Callable[[str, str], None] | None = None,
        now: float | None = None,
    ) -> None:
        self.session_id = session_id
        self.config = config or GuardConfig()
        self.meter = meter
        self.detector = IdleDetector(self.config.idle)
        self.act = act  # act(action, reason): stop/terminate through the provider (may run async)
        # What the provider offers (None until known): policies it lacks only remind.
        self.actions: frozenset[str] | None = None
        self.prompt: Prompt | None = None
        self._in_flight: Prompt | None = None  # an automatic action sent, its result not yet known
        self.last_action: dict[str, object] | None = None
        self._lock = threading.RLock()
        self._snoozed_until = 0.0
        self._wait_job_end = False
        self._job_running = False
        self._fired: set[str] = set()  # one-shot reasons already handled (budget, deadline)
        now = time.time() if now is None else now
        self.deadline_at = next_time_of_day(self.config.deadline, now) if self.config.deadline else None

    # -- inputs -----------------------------------------------------------------------
    def feed_gpu(self, util: list[float | None], mem_mib: list[float | None], t: float | None = None) -> None:
        self.detector.feed_gpu(util, mem_mib, time.time() if t is None else t)

    def note_activity(self, kind: str, t: float | None = None) -> None:
        t = time.time() if t is None else t
        self.detector.note_activity(kind, t)
        with self._lock:
            if self.prompt is not None and self.prompt.reason == "idle":
                self.prompt = None  # someone is back: the question answers itself

    def note_ide(self, ide: str, t: float | None = None) -> None:
        """An IDE's server on the instance worked: activity, until the IDE ceiling (an idle prompt stays then)."""
        t = time.time() if t is None else t
        self.detector.note_ide(ide, t)
        with self._lock:
            if self.prompt is not None and self.prompt.reason == "idle" and self.detector.rule(t) == "ide":
                self.prompt = None

    def set_busy(self, kind: str, busy: bool, t: float | None = None) -> None:
        t = time.time() if t is None else t
        self.detector.set_busy(kind, busy, t)
        if kind != "job":
            return
        with self._lock:
            ended = self._job_running and not busy
            self._job_running = busy
            if ended:
                self._wait_job_end = False
                if self.config.stop_after_job:
                    self._open("job_done", t, self.config.policy)

    def set_deadline(self, text: str, policy: str = "remind", now: float | None = None) -> None:
        """Remind (or act) at ``HH:MM``; an empty text clears it."""
        now = time.time() if now is None else now
        with self._lock:
            self.config.deadline = text
            self.config.deadline_policy = policy
            self.deadline_at = next_time_of_day(text, now) if text else None
            self._fired.discard("deadline")

    def extend_deadline(self, seconds: float, now: float | None = None) -> float | None:
        """Move today's deadline ``seconds`` later (from now, when it has passed); the new time, or None."""
        now = time.time() if now is None else now
        with self._lock:
            if self.deadline_at is None:
                return None
            self.deadline_at = max(self.deadline_at, now) + seconds
            self._fired.discard("deadline")
            if self.prompt is not None and self.prompt.reason == "deadline":
                self.prompt = None
            return self.deadline_at

    # -- the clock ----------------------------------------------------------------------
    def tick(self, now: float | None = None) -> Prompt | None:
        now = time.time() if now is None else now
        with self._lock:
            if self.prompt is None:
                self._check(now)
            prompt = self.prompt
            if prompt is not None and prompt.reason == "idle":
                if self._gpu_busy_again(now):
                    self.prompt = None  # the GPUs work again: the question answers itself
                    return None
                prompt.idle_s = self.detector.idle_seconds(now) or prompt.idle_s
            if prompt is not None:
                prompt.job_running = self._job_running
            if prompt is not None and prompt.auto_at is not None and now >= prompt.auto_at:
                self._apply(prompt, now)
            return self.prompt

    def _gpu_busy_again(self, now: float) -> bool:
        return self.detector.idle_since(now) is None and not self.detector.stale(now)

    def _check(self, now: float) -> None:
        cfg = self.config
        if self.deadline_at is not None and now >= self.deadline_at and "deadline" not in self._fired:
            self._fired.add("deadline")
            self._open("deadline", now, cfg.deadline_policy)
            return
        if self.meter is not None and self.meter.is_running(self.session_id):
            total, today = cfg.budget_total, cfg.budget_day
            if (
                total is not None
                and "budget_total" not in self._fired
                and self.meter.cost(self.session_id, now) >= total
            ):
                self._fired.add("budget_total")
                self._open("budget_total", now, cfg.budget_policy)
                return
            if (
                today is not None
                and "budget_day" not in self._fired
                and self.meter.session_today(self.session_id, now) >= today
            ):
                self._fired.add("budget_day")
                self._open("budget_day", now, cfg.budget_policy)
                return
        if now < self._snoozed_until or self._wait_job_end:
            return
        if self.detector.is_idle(now):
            self._open("idle", now, cfg.policy)

    def _open(self, reason: str, now: float, action: str) -> None:
        rate = self.meter.rate_per_hour(self.session_id) if self.meter else None
        currency = self.meter.currency(self.session_id) if self.meter else ""
        action = effective_policy(action, self.actions, self.config.terminate_confirmed)
        auto_at = now + self.config.answer_minutes * 60.0 if action in ("stop", "terminate") else None
        self.prompt = Prompt(
            self.session_id,
            reason,
            now,
            self.detector.idle_seconds(now),
            rate,
            currency,
            action,
            auto_at,
            job_running=self._job_running,
            rule=self.detector.rule(now) if reason == "idle" else "",
        )

    def _apply(self, prompt: Prompt, now: float) -> None:
        self.prompt = None
        prompt.attempts += 1
        entry = audit.record(
            self.session_id,
            prompt.action,
            prompt.reason,
            "requested",
            t=now,
            idle_s=round(prompt.idle_s),
            waited_s=round(now - prompt.opened_at),
            attempt=prompt.attempts,
        )
        self.last_action = entry
        self._in_flight = prompt
        self._snoozed_until = now + 3600.0  # never fire twice in a row while the stop is on its way
        if self.act is not None:
            self.act(prompt.action, prompt.reason)

    # -- answers --------------------------------------------------------------------------
    def answer(self, choice: str, now: float | None = None) -> str | None:
        """The user's answer. Returns the provider action to run now ("stop"/"terminate"), if any."""
        if choice not in ANSWERS:
            raise ValueError(f"Unknown answer '{choice}'.")
        now = time.time() if now is None else now
        with self._lock:
            reason = self.prompt.reason if self.prompt else "manual"
            self.prompt = None
            audit.record(self.session_id, choice, reason, "answered", automatic=False, t=now)
            if choice in ("stop", "terminate"):
                self._snoozed_until = now + 3600.0
                return choice
            if choice == "released":  # stopped by hand in the provider's console (manual sessions)
                if self.meter is not None:
                    self.meter.stop(self.session_id, now)
                self.detector.reset(now)
                return None
            if choice == "keep_1h":
                self._snoozed_until = now + 3600.0
                self.detector.reset(now)
            elif choice == "keep_until_job_ends":
                self._wait_job_end = True
                self.detector.reset(now)
            else:
                self.detector.reset(now)
            return None

    def record_result(
        self, action: str, ok: bool, message: str = "", now: float | None = None, *, automatic: bool = True
    ) -> None:
        """Write how an automatic (or prompted) provider action ended.

        A failed automatic action does not go quiet for an hour while the bill runs: the prompt
        comes back at once carrying the failure, and the action is tried again after a short
        wait (1, 2, 5, then every 10 minutes) until it works or somebody answers.
        """
        now = time.time() if now is None else now
        # Whose action it was (a click on Start is the user's, not the guard's) goes into the log line too.
        audit.record(
            self.session_id, action, "result", "ok" if ok else f"failed: {message}", t=now, automatic=automatic
        )
        with self._lock:
            prompt, self._in_flight = self._in_flight, None
            if ok or prompt is None or prompt.action != action:
                return
            wait = RETRY_WAITS_S[min(prompt.attempts, len(RETRY_WAITS_S)) - 1]
            prompt.failure = message or msg("Billing", "the provider did not say why")
            prompt.auto_at = now + wait
            self.prompt = prompt
            self._snoozed_until = 0.0
