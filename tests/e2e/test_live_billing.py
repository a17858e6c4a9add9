"""A live session end to end, without Qt: connect, a transfer, the live GPU frames feed the guard, the automatic policy
stops the instance through the provider, the meter and the audit log follow, and ``billing.state`` says so.
A stop another process makes (``gpudesk instances stop``) reaches an open server's billing the same way."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gpudesk.core import settings
from gpudesk.core.billing import audit, config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.price import Price
from gpudesk.core.live.billing import BillingState
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore

ROOT = Path(__file__).resolve().parents[2]


def until(server: LiveServer, cond: Callable[[], bool], timeout: float) -> bool:
    """Wait for ``cond`` on the server's own news (billing and link changes), up to ``timeout`` seconds."""
    news = threading.Event()
    ends = [server.billing.changed.subscribe(lambda _b: news.set()), server.changed.subscribe(lambda _s: news.set())]
    try:
        deadline = time.monotonic() + timeout
        while not cond():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            news.wait(min(left, 0.5))
            news.clear()
        return True
    finally:
        for end in ends:
            end()


@contextmanager
def opened(session: Session) -> Iterator[LiveServer]:
    """A live server for ``session``, closed however the test ends."""
    server = LiveServer(session, host_keys=HostKeyStore())
    try:
        yield server
    finally:
        server.close()


def test_idle_frames_from_the_live_feed_stop_the_instance_automatically() -> None:
    from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
    from gpudesk.core.demo.server import DemoConfig, DemoServer
    from gpudesk.core.providers.accounts import remove_transient

    settings.set("telemetry.interval_ms", 300)
    settings.set("telemetry.check_on_connect", False)
    demo = DemoServer(DemoConfig(load="idle", gpus=4)).start()
    api = DemoProviderAPI(demo.host, demo.port, gpus=4).start()
    server: LiveServer | None = None
    try:
        keys = HostKeyStore()
        keys.trust_once(demo.host, demo.port, demo.host_key)
        session = Session(name="Demo GPU server", host=demo.host, port=demo.port, username=demo.username)
        api.link(session)
        # Six seconds of quiet GPUs, then about a second to answer before the automatic stop.
        config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=0.1), policy="stop", answer_minutes=0.02))
        server = LiveServer(session, host_keys=keys)
        frames: list[object] = []
        server.telemetry.frame.subscribe(frames.append)
        assert until(server, lambda: server.billing.state == BillingState.BILLING, 20), server.billing.state
        server.link.set_password(demo.password)
        server.link.connect()
        assert until(server, lambda: server.state == LinkState.CONNECTED, 30), server.link.last_error
        # A transfer through the same live server: the checkpoint arrives while billing runs.
        from gpudesk.core.transfer import DONE

        src = Path(demo.sandbox).parent / "checkpoint.pt"
        src.write_bytes(os.urandom(256 * 1024))
        done = threading.Event()
        server.work.item_changed.subscribe(lambda item: done.set() if item.state == DONE else None)
        item = server.work.upload(str(src), os.path.realpath(demo.sandbox))  # the demo sandbox is its home
        assert done.wait(30), (item.state, item.error)
        assert (Path(demo.sandbox) / "checkpoint.pt").read_bytes() == src.read_bytes()
        assert server.billing.state == BillingState.BILLING
        assert until(server, lambda: api.status == "EXITED", 90), "the automatic stop never reached the provider"
        assert frames, "the guard went idle on the live feed's frames"
        assert until(server, lambda: server.billing.state == BillingState.STOPPED, 10), server.billing.state
        assert not server.billing.meter.is_running(session.id)
        mine = [e for e in audit.read() if e["session"] == session.id]
        requested = [e for e in mine if e["result"] == "requested"]
        assert requested and (requested[0]["action"], requested[0]["reason"], requested[0]["automatic"]) == (
            "stop",
            "idle",
            True,
        )
        assert until(
            server,
            lambda: (
                ("stop", "result", "ok")
                in [(e["action"], e["reason"], e["result"]) for e in audit.read(session_id=session.id)]
            ),
            5,
        )
    finally:
        if server is not None:
            server.close()
        api.stop()
        remove_transient(DEMO_ACCOUNT)
        demo.stop()


@pytest.fixture
def linked_pod():  # type: ignore[no-untyped-def]
    """A RunPod-shaped stub with one pod, an account for it, and a session linked to that pod."""
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    try:
        AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
        session = Session(
            name="pod",
            host="127.0.0.1",
            port=1,
            username="root",
            provider="rp",
            provider_instance_id=POD["id"],
            hourly_price=0.44,
        )
        yield stub, session
    finally:
        stub.stop()


def test_a_stop_from_the_command_line_in_another_process_moves_the_open_servers_billing(linked_pod) -> None:
    from gpudesk.core.billing.meter import shared_meter
    from tests.helpers_providers.runpod_stub import POD

    stub, session = linked_pod
    server: LiveServer | None = None
    try:
        meter = shared_meter()
        meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
        meter.start(session.id)
        server = LiveServer(session, host_keys=HostKeyStore())
        assert until(server, lambda: server.billing.state == BillingState.BILLING, 10)
        assert until(server, lambda: server.billing.instance is not None, 10)
        polls = sum(1 for r in stub.requests if r.method == "GET")
        done = subprocess.run(
            [sys.executable, "-m", "gpudesk", "instances", "stop", POD["id"], "--provider", "rp", "--yes"],
            capture_output=True,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            cwd=ROOT,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert stub.pods[POD["id"]]["status"] == "EXITED"
        # Read from what the one actions path wrote (meter, audit) on the clock's tick: no minute-long poll.
        assert until(server, lambda: server.billing.state == BillingState.STOPPED, 5), server.billing.state
        assert not server.billing.meter.is_running(session.id)
        # And the provider is asked again at once, so the instance the views show agrees.
        assert until(server, lambda: server.billing.instance is not None and not server.billing.instance.billing, 10)
        assert sum(1 for r in stub.requests if r.method == "GET") > polls
    finally:
        if server is not None:
            server.close()


def test_a_terminate_reads_terminated_and_closing_ends_the_clock_work(linked_pod) -> None:
    _stub, session = linked_pod
    with opened(session) as server:
        assert until(server, lambda: server.billing.instance is not None, 10)
        assert server.billing.act("terminate") is not None
        assert until(server, lambda: server.billing.state == BillingState.TERMINATED, 10), server.billing.state
        billing = server.billing
        server.close()
        assert billing.closed and billing.act("stop") is None  # a closed billing starts nothing


def test_a_failed_provider_ask_is_asked_again_soon_not_a_minute_later(linked_pod, monkeypatch) -> None:
    """A 5xx burst at the first poll: the state is known seconds later, and the error is shown meanwhile."""
    from gpudesk.core.live import billing as live_billing

    stub, session = linked_pod
    monkeypatch.setattr(live_billing, "RETRY_S", 0.5)
    stub.fail_next(*[stub.server_error_fault() for _ in range(4)])  # the client's own three retries fail too
    with opened(session) as server:
        assert until(server, lambda: server.billing.provider_error is not None, 20)
        assert server.billing.instance is None
        assert until(server, lambda: server.billing.instance is not None, 20)  # POLL_S is 60 s: this is the retry
        assert server.billing.provider_error is None
        assert server.billing.state == BillingState.BILLING


def test_a_wrong_token_is_not_hammered(linked_pod, monkeypatch) -> None:
    """401 does not heal by asking again: one ask, then the regular poll (RunPod counts requests per token)."""
    from gpudesk.core.live import billing as live_billing

    stub, session = linked_pod
    monkeypatch.setattr(live_billing, "RETRY_S", 0.2)
    stub.token = "rotated"  # the saved token is now wrong
    with opened(session) as server:
        assert until(server, lambda: server.billing.provider_error is not None, 20)
        asked = len(stub.requests)
        time.sleep(1.5)  # several RETRY_S: a retry would have come
        assert len(stub.requests) == asked


def test_an_automatic_stop_the_provider_does_not_carry_out_is_requested_then_alerted_never_done(monkeypatch) -> None:
    """The demo provider accepts the stop and the pod bills on: the billing says so, the meter runs, the alert
    comes once the request is overdue (with what the provider still reports), and a retry is confirmed."""
    from gpudesk.core.billing import confirm
    from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
    from gpudesk.core.live.billing import ActionResult
    from gpudesk.core.providers.accounts import remove_transient

    api = DemoProviderAPI("127.0.0.1", 2222).start()
    api.stops_ignored = 1
    try:
        session = Session(name="Demo GPU server", host="127.0.0.1", port=2222)
        api.link(session)
        with opened(session) as server:
            billing = server.billing
            assert until(server, lambda: billing.state == BillingState.BILLING, 20), billing.state
            alerts: list[ActionResult] = []
            billing.unconfirmed.subscribe(alerts.append)
            done: list[ActionResult] = []
            billing.action_done.subscribe(done.append)
            billing.act("stop", automatic=True)
            assert until(server, lambda: billing.pending is not None, 10)
            assert [(r.action, r.requested) for r in done] == [("stop", True)]
            assert "stop requested — not yet confirmed by Demo provider" in str(billing.pending_words())
            assert billing.state == BillingState.BILLING and billing.meter.is_running(session.id)
            monkeypatch.setattr(confirm, "ALERT_S", 1.0)
            assert until(server, lambda: bool(alerts), 10)
            assert "RUNNING" in str(alerts[0].message) and "may still bill" in str(alerts[0].message)
            assert api.status == "RUNNING" and billing.meter.is_running(session.id)
            billing.act("stop", automatic=True)  # the retry goes through, and the provider's state confirms it
            assert until(server, lambda: billing.state == BillingState.STOPPED, 15), billing.state
            assert billing.pending is None and not billing.meter.is_running(session.id)
            assert until(server, lambda: done[-1] == ActionResult("stop", True, "", True), 5), done[-1]
            assert len(alerts) == 1  # one alert per request, not one per tick
    finally:
        api.stop()
        remove_transient(DEMO_ACCOUNT)
