"""The guard offers only what the provider really has, and a failed automatic action is loud and retried."""

from __future__ import annotations

from gpudesk.core.billing import audit
from gpudesk.core.billing.guard import Guard, GuardConfig, policies_for
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from gpudesk.core.providers.manual import ManualProvider
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.providers.vast import VastProvider
from tests.unit.test_billing_guard import T0, feed_quiet


def guard_for(actions, **cfg) -> tuple[Guard, list[tuple[str, str]]]:
    meter = Meter()
    meter.configure("s", "box", Price(3.6, "hour", "USD"))
    meter.start("s", T0)
    calls: list[tuple[str, str]] = []
    config = GuardConfig(idle=IdleConfig(minutes=1), answer_minutes=1, **cfg)
    guard = Guard("s", config, meter, act=lambda action, reason: calls.append((action, reason)), now=T0)
    guard.actions = frozenset(actions)
    return guard, calls


def test_choices_follow_each_providers_real_actions():
    assert policies_for(RunPodProvider.actions) == ("remind", "stop", "terminate")
    assert policies_for(VastProvider.actions) == ("remind", "stop", "terminate")
    assert policies_for(LambdaProvider.actions) == ("remind", "terminate")  # Lambda has no stop
    assert policies_for(ManualProvider.actions) == ("remind",)


def test_a_stop_policy_on_lambda_never_counts_down_to_a_call_that_must_fail():
    guard, calls = guard_for(LambdaProvider.actions, policy="stop")
    feed_quiet(guard, T0, 120)
    prompt = guard.tick(T0 + 120)
    assert prompt is not None and prompt.action == "remind" and prompt.auto_at is None
    guard.tick(T0 + 3 * 3600)
    assert calls == []


def test_an_automatic_terminate_needs_the_explicit_confirmation():
    guard, calls = guard_for(LambdaProvider.actions, policy="terminate")
    feed_quiet(guard, T0, 120)
    assert guard.tick(T0 + 120).action == "remind"  # chosen but never confirmed: only reminds

    guard, calls = guard_for(LambdaProvider.actions, policy="terminate", terminate_confirmed=True)
    feed_quiet(guard, T0, 120)
    prompt = guard.tick(T0 + 120)
    assert prompt.action == "terminate" and prompt.auto_at == T0 + 120 + 60
    guard.tick(T0 + 181)
    assert calls == [("terminate", "idle")]


def test_a_failed_automatic_stop_comes_back_at_once_and_is_retried_within_minutes():
    guard, calls = guard_for(RunPodProvider.actions, policy="stop")
    feed_quiet(guard, T0, 120)
    guard.tick(T0 + 120)
    assert guard.tick(T0 + 181) is None and calls == [("stop", "idle")]

    guard.record_result("stop", False, "RunPod (503): server error", now=T0 + 182)
    prompt = guard.tick(T0 + 183)
    assert prompt is not None and prompt.failure == "RunPod (503): server error"  # the prompt stays up
    assert prompt.auto_at == T0 + 182 + 60  # retried after a minute, not snoozed for an hour
    guard.tick(T0 + 243)
    assert calls == [("stop", "idle"), ("stop", "idle")]

    guard.record_result("stop", False, "still failing", now=T0 + 244)
    assert guard.tick(T0 + 245).auto_at == T0 + 244 + 120  # backs off: 1, 2, 5, then 10 minutes
    guard.tick(T0 + 365)
    guard.record_result("stop", True, now=T0 + 366)
    assert guard.tick(T0 + 367) is None and len(calls) == 3
    results = [e["result"] for e in audit.read() if e["reason"] == "result"]
    assert results == ["failed: RunPod (503): server error", "failed: still failing", "ok"]


def test_without_known_actions_stop_is_trusted_but_terminate_still_needs_confirmation():
    guard, _calls = guard_for(RunPodProvider.actions, policy="stop")
    guard.actions = None  # the provider has not answered yet
    feed_quiet(guard, T0, 120)
    assert guard.tick(T0 + 120).action == "stop"
