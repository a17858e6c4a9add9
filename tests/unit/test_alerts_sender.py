"""The alert sender and dispatcher: never blocking, retried with backoff, kept in an outbox, deduplicated,
rate-limited, and fed by a real Workspace's LiveServer events."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from gpudesk.core import secrets
from gpudesk.core.alerts.dispatch import AlertDispatcher
from gpudesk.core.alerts.model import Alert
from gpudesk.core.alerts.sender import Sender
from gpudesk.core.alerts.store import ChannelStore
from gpudesk.core.billing.guard import Prompt
from gpudesk.core.clock import Clock
from gpudesk.core.events import Event
from gpudesk.core.jobs.model import JobInfo
from gpudesk.core.live.billing import ActionResult
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.providers.base import Balance, Instance
from gpudesk.core.sessions.model import Session
from tests.helpers.alert_receivers import HttpReceiver

TOKEN = "tk_ntfytokenforteststhatmustnotleak"


@pytest.fixture(autouse=True)
def _plaintext_keyring(monkeypatch):
    monkeypatch.setenv(secrets.ALLOW_ENV, "1")


@pytest.fixture
def receiver():
    r = HttpReceiver().start()
    yield r
    r.stop()


@pytest.fixture
def make_sender():
    made: list[Sender] = []

    def make(**kwargs) -> Sender:
        kwargs.setdefault("min_interval_s", 0.0)
        kwargs.setdefault("backoff_s", (0.05, 0.1))
        sender = Sender(**kwargs)
        made.append(sender)
        return sender

    yield make
    for sender in made:
        sender.close()


def _clean(home: Path, caplog, *values: str) -> None:
    for path in home.rglob("*"):
        if path.is_file():
            for value in values:
                assert value.encode() not in path.read_bytes(), path
    for record in caplog.records:
        for value in values:
            assert value not in record.getMessage()


def test_send_returns_at_once_with_a_slow_receiver_and_delivers_later(make_sender, gpudesk_home, caplog):
    slow = HttpReceiver(mode="slow", delay=1.0).start()
    try:
        ChannelStore().add("phone", "ntfy", f"{slow.url}/jobs", [], TOKEN)
        sender = make_sender()
        started = time.monotonic()
        for i in range(5):
            sender.send(Alert("job_finished", f"Job {i} finished", "Exit code: 0", key=f"j{i}"))
        assert time.monotonic() - started < 0.2  # the caller never waits on the network
        slow.wait_for(5, timeout=15)
        assert sender.flush(15)
    finally:
        slow.stop()
    assert [r.headers["Title"] for r in slow.requests] == [f"Job {i} finished" for i in range(5)]
    _clean(gpudesk_home, caplog, TOKEN)


def test_5xx_is_retried_with_backoff_and_logged(receiver, make_sender, gpudesk_home, caplog):
    receiver.fail_first = 2
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [], TOKEN)
    sender = make_sender()
    with caplog.at_level(logging.INFO, logger="gpudesk.alerts"):
        sender.send(Alert("job_failed", "Job failed", "Exit code: 2", key="x"))
        receiver.wait_for(3)
        assert sender.flush(10)
    assert sender.pending() == [] and sender.failed() == []
    assert [r.json()["title"] for r in receiver.requests] == ["Job failed"] * 3
    retries = [r for r in caplog.records if "retrying" in r.getMessage()]
    assert len(retries) == 2 and all("503" in r.getMessage() for r in retries)
    _clean(gpudesk_home, caplog, TOKEN)


def test_a_receiver_down_keeps_the_alert_in_the_outbox_and_says_so(make_sender, gpudesk_home, caplog):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ChannelStore().add("dt", "dingtalk", f"http://127.0.0.1:{port}/robot/send?access_token=dtok{TOKEN}", [], TOKEN)
    sender = make_sender(max_attempts=2)
    with caplog.at_level(logging.INFO, logger="gpudesk.alerts"):
        sender.send(Alert("instance_gone", "Instance gone", "Provider state: terminated", key="g"))
        deadline = time.monotonic() + 10
        while not sender.failed() and time.monotonic() < deadline:
            time.sleep(0.02)
    (failed,) = sender.failed()
    assert failed["attempts"] == 2 and failed["title"] == "Instance gone" and "refused" in failed["last_error"].lower()
    assert any(r.levelno == logging.ERROR and "not delivered after 2" in r.getMessage() for r in caplog.records)
    outbox = (gpudesk_home / "data" / "alerts" / "outbox.json").read_text()
    assert "Instance gone" in outbox
    _clean(gpudesk_home, caplog, TOKEN, f"dtok{TOKEN}")


def test_the_outbox_survives_a_restart(receiver, make_sender, gpudesk_home):
    receiver.mode = "5xx"
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [])
    first = make_sender(backoff_s=(3600.0,))
    first.send(Alert("credit_low", "Credit low", "2.00 USD left", key="c"))
    receiver.wait_for(1)
    assert first.flush(5)
    first.close()
    assert len(first.pending()) == 1
    receiver.mode = "ok"
    second = make_sender()
    receiver.wait_for(2)
    assert second.flush(5) and second.pending() == []
    assert receiver.requests[-1].json()["title"] == "Credit low"


def test_dedup_and_events_per_channel(receiver, make_sender):
    store = ChannelStore()
    store.add("failures", "webhook", f"{receiver.url}/failures", ["job_failed"])
    sender = make_sender()
    sender.send(Alert("job_finished", "done", "", key="a"))  # not wanted by this channel
    sender.send(Alert("job_failed", "failed 1", "", key="b"))
    sender.send(Alert("job_failed", "failed 1 again", "", key="b"))  # the same happening: once
    sender.send(Alert("job_failed", "failed 2", "", key="c"))
    receiver.wait_for(2)
    assert sender.flush(5)
    assert sorted(r.json()["title"] for r in receiver.requests) == ["failed 1", "failed 2"]


def test_rate_limit_spaces_one_events_alerts(receiver, make_sender):
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [])
    sender = make_sender(min_interval_s=0.5)
    sender.send(Alert("job_failed", "first", "", key="1"))
    sender.send(Alert("job_failed", "second", "", key="2"))
    sender.send(Alert("guard_acted", "other event", "", key="3"))
    receiver.wait_for(3)
    times = {r.json()["title"]: t for r, t in zip(receiver.requests, receiver.times, strict=True)}
    assert times["second"] - times["first"] >= 0.45
    assert times["other event"] - times["first"] < 0.45  # another event is not held back


def test_desktop_channel_goes_to_the_apps_listener(make_sender):
    ChannelStore().add("tray", "desktop", "", [])
    sender = make_sender(desktop=Event("test desktop"))
    shown: list[Alert] = []
    sender.desktop.subscribe(shown.append)
    sender.send(Alert("idle_prompt", "a100 is idle", "Idle for 30 min", key="i"))
    assert sender.flush(5)
    assert [a.title for a in shown] == ["a100 is idle"]
    assert [n for n, answer in sender.test(["tray"]) if answer.ok] == ["tray"]


@pytest.fixture
def workspace():
    clock = Clock("alerts-test-clock")
    ws = Workspace(clock=clock)
    yield ws
    ws.close_all()
    clock.stop()


def test_dispatcher_turns_live_events_into_alerts(receiver, make_sender, workspace):
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [])
    sender = make_sender()
    dispatcher = AlertDispatcher(workspace, sender, idle_unanswered_s=0.1)
    try:
        server = workspace.open(Session(name="a100-node1", host="10.0.0.5"))
        now = time.time()
        server.work.job_finished.emit(JobInfo(id="j1", name="train", start=now - 3725, end=now, exit_code=1))
        server.billing.unconfirmed.emit(ActionResult("stop", False, "RunPod still reports RUNNING", False, True))
        server.billing.server_guard_news.emit(
            {"action": "stop", "outcome": "confirmed", "t": now, "reason": "idle 30 min"}
        )
        server.billing.instance_changed.emit(Instance(id="i-1", status="terminated", raw_status="EXITED"))
        server.billing.instance_changed.emit(Instance(id="i-1", status="running"))  # not news
        server.billing.prompt_changed.emit(Prompt(server.id, "budget_day", now))
        server.billing.prompt_changed.emit(
            Prompt(server.id, "idle", now, idle_s=1800, rate_per_hour=2.5, currency="USD", action="stop")
        )
        dispatcher.note_balance(Balance(1.5, "USD", "vast"), 5.0)
        dispatcher.note_balance(Balance(50, "USD", "vast"), 5.0)  # not low
        received = receiver.wait_for(7)
        assert sender.flush(5)
    finally:
        dispatcher.close()
    by_event = {r.json()["event"]: r.json() for r in received}
    assert set(by_event) == {
        "job_failed",
        "stop_unconfirmed",
        "guard_acted",
        "instance_gone",
        "idle_prompt",
        "budget_near",
        "credit_low",
    }
    job = by_event["job_failed"]
    assert job["title"] == "Job 'train' failed on a100-node1"
    assert "Exit code: 1" in job["text"] and "Run time: 1h02m" in job["text"]
    assert "RunPod still reports RUNNING" in by_event["stop_unconfirmed"]["text"]
    assert by_event["stop_unconfirmed"]["priority"] == 5
    assert "Idle for 30 min" in by_event["idle_prompt"]["text"] and "2.50 USD/h" in by_event["idle_prompt"]["text"]
    assert "1.50 USD left" in by_event["credit_low"]["text"]
    assert by_event["guard_acted"]["title"] == "Server guard: stop on a100-node1"


def test_an_answered_idle_prompt_sends_nothing(receiver, make_sender, workspace):
    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [])
    sender = make_sender()
    dispatcher = AlertDispatcher(workspace, sender, idle_unanswered_s=0.3)
    try:
        server = workspace.open(Session(name="box", host="10.0.0.6"))
        server.billing.prompt_changed.emit(Prompt(server.id, "idle", time.time(), idle_s=900))
        server.billing.prompt_changed.emit(None)  # answered
        # a later, unrelated alert proves the worker and the clock had their chance
        time.sleep(0.4)
        server.work.job_finished.emit(JobInfo(id="j2", name="eval", exit_code=0, start=1.0, end=2.0))
        receiver.wait_for(1)
        assert sender.flush(5)
    finally:
        dispatcher.close()
    assert [r.json()["event"] for r in receiver.requests] == ["job_finished"]


def test_credit_below_the_threshold_alerts_from_a_real_provider_api(receiver, make_sender):
    from gpudesk.core.alerts.credit import check_once, credit_threshold, set_credit_threshold
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers_providers.vast_stub import VastStub

    stub = VastStub().start()
    try:
        AccountStore().save(Account("lab", "vast", stub.url), token=stub.token)
        ChannelStore().add("hook", "webhook", f"{receiver.url}/in", ["credit_low"])
        sender = make_sender()
        dispatcher = AlertDispatcher(None, sender)
        assert credit_threshold() is None and check_once(dispatcher) == []  # off by default
        set_credit_threshold(10.0)
        (balance,) = check_once(dispatcher)  # 25 USD: not low
        assert (balance.provider, balance.amount) == ("lab", 25.0)
        set_credit_threshold(30.0)
        check_once(dispatcher)
        (request,) = receiver.wait_for(1)
        assert sender.flush(5) and len(receiver.requests) == 1
    finally:
        stub.stop()
    body = request.json()
    assert body["event"] == "credit_low" and body["title"] == "Credit low at lab"
    assert body["text"].startswith("25.00 USD left (your alert threshold is 30.00)")
    assert stub.token not in request.body.decode()


def test_budget_near_from_the_billing_figures(receiver, make_sender, workspace):
    import dataclasses

    from gpudesk.core.live.billing import Figures

    ChannelStore().add("hook", "webhook", f"{receiver.url}/in", ["budget_near"])
    sender = make_sender()
    dispatcher = AlertDispatcher(workspace, sender)
    try:
        server = workspace.open(Session(name="h100", host="10.0.0.8"))
        guard = server.billing.guard
        guard.config = dataclasses.replace(guard.config, budget_total=100.0)
        now = time.time()
        server.billing.figures = Figures(now, 4.0, "USD", 3600.0, 79.0, 10.0, True, 0.0)
        server.billing.changed.emit(server.billing)  # 79 %: not yet
        server.billing.figures = Figures(now, 4.0, "USD", 3600.0, 82.5, 10.0, True, 0.0)
        server.billing.changed.emit(server.billing)
        server.billing.changed.emit(server.billing)  # the same budget: once
        server.work.job_finished.emit(JobInfo(id="j", name="x", exit_code=0, start=1.0, end=2.0))  # not wanted here
        (request,) = receiver.wait_for(1)
        assert sender.flush(5) and len(receiver.requests) == 1
    finally:
        dispatcher.close()
    assert request.json()["text"] == "82.50 of the 100.00 USD budget for h100 is spent (82%)."
