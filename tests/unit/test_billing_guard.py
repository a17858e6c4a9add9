"""Idle detection, prompts, automatic actions, budgets, deadlines and the audit log."""

from __future__ import annotations

from datetime import datetime

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.guard import Guard, GuardConfig, next_time_of_day
from gpudesk.core.billing.idle import IdleConfig, IdleDetector
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price

T0 = datetime(2026, 3, 1, 10, 0, 0).timestamp()


def feed_quiet(target, start: float, seconds: int, step: int = 10, util=(1.0, 2.0), mem=(1000.0, 1000.0)):
    for t in range(0, seconds + 1, step):
        target.feed_gpu(list(util), list(mem), start + t)


def test_idle_needs_every_gpu_quiet_for_the_whole_stretch():
    d = IdleDetector(IdleConfig(threshold_pct=5, minutes=15))
    feed_quiet(d, T0, 14 * 60)
    assert not d.is_idle(T0 + 14 * 60)
    feed_quiet(d, T0 + 14 * 60, 60)
    assert d.is_idle(T0 + 15 * 60)
    d.feed_gpu([1.0, 50.0], [1000, 1000], T0 + 15 * 60 + 10)  # one GPU works: not idle
    assert d.idle_since(T0 + 15 * 60 + 10) is None
    feed_quiet(d, T0 + 15 * 60 + 20, 60)
    assert d.idle_seconds(T0 + 16 * 60 + 20) == pytest.approx(70)


def test_moving_memory_and_activity_reset_the_idle_clock():
    d = IdleDetector(IdleConfig(minutes=1, mem_tolerance_mib=256))
    feed_quiet(d, T0, 60)
    assert d.is_idle(T0 + 60)
    d.feed_gpu([0, 0], [1000, 5000], T0 + 70)  # a loader filling memory at 0 % util
    assert not d.is_idle(T0 + 70)
    feed_quiet(d, T0 + 80, 60, mem=(1000, 5000))
    assert d.is_idle(T0 + 140)
    d.note_activity("terminal", T0 + 141)
    assert d.idle_seconds(T0 + 150) == pytest.approx(9)


def test_a_running_job_or_transfer_keeps_it_awake_and_stale_telemetry_says_nothing():
    d = IdleDetector(IdleConfig(minutes=1))
    d.set_busy("transfer", True, T0)
    feed_quiet(d, T0, 300)
    assert not d.is_idle(T0 + 300)
    d.set_busy("transfer", False, T0 + 300)
    feed_quiet(d, T0 + 300, 60)
    assert d.is_idle(T0 + 360)
    assert d.idle_since(T0 + 360 + 1000) is None  # no samples for long: unknown, not idle


def make_guard(**cfg) -> tuple[Guard, Meter, list]:
    meter = Meter()
    meter.configure("s", "demo", Price(3.6, "hour", "USD"))
    meter.start("s", T0)
    calls: list = []
    idle = IdleConfig(minutes=cfg.pop("minutes", 1))
    guard = Guard(
        "s", GuardConfig(idle=idle, **cfg), meter, lambda action, reason: calls.append((action, reason)), now=T0
    )
    return guard, meter, calls


def test_remind_only_prompts_and_never_acts():
    guard, _, calls = make_guard()
    feed_quiet(guard, T0, 60)
    prompt = guard.tick(T0 + 60)
    assert prompt is not None and prompt.reason == "idle" and prompt.auto_at is None
    assert prompt.rate_per_hour == pytest.approx(3.6) and prompt.currency == "USD"
    assert guard.tick(T0 + 99999) is prompt and calls == []


def test_no_answer_stops_through_the_api_once_and_is_audited():
    guard, _, calls = make_guard(policy="stop", answer_minutes=10)
    feed_quiet(guard, T0, 60)
    prompt = guard.tick(T0 + 60)
    assert prompt.action == "stop" and prompt.countdown(T0 + 120) == pytest.approx(540)
    assert guard.tick(T0 + 60 + 599) is prompt and calls == []
    feed_quiet(guard, T0 + 60, 600)
    assert guard.tick(T0 + 60 + 600) is None
    assert calls == [("stop", "idle")]
    guard.tick(T0 + 60 + 700)
    assert calls == [("stop", "idle")]  # once
    entry = audit.read()[-1]
    assert (entry["session"], entry["action"], entry["reason"], entry["automatic"]) == ("s", "stop", "idle", True)
    assert entry["waited_s"] == 600


def test_answers_keep_and_stop():
    guard, _, calls = make_guard(policy="terminate")
    feed_quiet(guard, T0, 60)
    assert guard.tick(T0 + 60) is not None
    assert guard.answer("keep_1h", T0 + 61) is None
    feed_quiet(guard, T0 + 61, 3000)
    assert guard.tick(T0 + 3061) is None  # snoozed for the hour
    feed_quiet(guard, T0 + 3061, 600)
    assert guard.tick(T0 + 3661) is not None
    assert guard.answer("stop", T0 + 3662) == "stop"
    assert calls == []  # the UI runs an answered stop itself
    assert [e["action"] for e in audit.read()] == ["keep_1h", "stop"]


def test_keep_until_job_ends_waits_for_the_job():
    guard, _, _ = make_guard()
    guard.set_busy("job", True, T0)
    guard.set_busy("job", False, T0 + 1)
    feed_quiet(guard, T0, 60)
    guard.tick(T0 + 61)
    guard.answer("keep_until_job_ends", T0 + 62)
    feed_quiet(guard, T0 + 62, 600)
    assert guard.tick(T0 + 662) is None
    guard.set_busy("job", True, T0 + 663)
    guard.set_busy("job", False, T0 + 700)
    feed_quiet(guard, T0 + 700, 60)
    assert guard.tick(T0 + 760).reason == "idle"


def test_activity_closes_an_idle_prompt():
    guard, _, _ = make_guard()
    feed_quiet(guard, T0, 60)
    assert guard.tick(T0 + 60)
    guard.note_activity("terminal", T0 + 61)
    assert guard.prompt is None


def test_budget_caps_total_and_per_day():
    guard, _, calls = make_guard(budget_total=1.0, budget_policy="stop", answer_minutes=1, minutes=60)
    assert guard.tick(T0 + 999) is None  # $0.999
    prompt = guard.tick(T0 + 1000)
    assert prompt.reason == "budget_total" and prompt.action == "stop"
    guard.tick(T0 + 1060)
    assert calls == [("stop", "budget_total")]
    day_guard, _, _ = make_guard(budget_day=0.5, minutes=60)
    assert day_guard.tick(T0 + 500).reason == "budget_day"


def test_deadline_reminds_at_the_time():
    guard, _, _ = make_guard(minutes=600)
    guard.set_deadline("10:30", now=T0)
    assert guard.deadline_at == datetime(2026, 3, 1, 10, 30).timestamp()
    assert guard.tick(T0 + 1799) is None
    assert guard.tick(T0 + 1800).reason == "deadline"
    assert next_time_of_day("09:00", T0) == datetime(2026, 3, 2, 9, 0).timestamp()
    with pytest.raises(ValueError):
        guard.set_deadline("25:00")


def test_stop_after_job_prompts_when_the_job_ends():
    guard, _, _ = make_guard(stop_after_job=True, minutes=600)
    guard.set_busy("job", True, T0)
    assert guard.tick(T0 + 10) is None
    guard.set_busy("job", False, T0 + 20)
    assert guard.tick(T0 + 21).reason == "job_done"


def test_busy_gpus_close_an_idle_prompt_but_silence_does_not():
    guard, _, _ = make_guard(policy="stop")
    feed_quiet(guard, T0, 60)
    assert guard.tick(T0 + 60) is not None
    assert guard.tick(T0 + 60 + 500) is not None  # telemetry stale: keep asking (and counting down)
    feed_quiet(guard, T0 + 600, 0, util=(90.0, 2.0))
    assert guard.tick(T0 + 600) is None
