"""The cost bar and the idle prompt, with a real connection and the built-in demo provider API."""

from __future__ import annotations

import re
import time

import pytest

from gpudesk.core.billing import audit, config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
from gpudesk.core.providers.accounts import remove_transient
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.billing.costbar import CostBar
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets

pytestmark = pytest.mark.gui


@pytest.fixture
def bar(qtbot):
    win = QtWidgets.QMainWindow()
    win.resize(1000, 600)
    qtbot.addWidget(win)
    meter = Meter()
    costbar = CostBar(win, meter)
    win.statusBar().addPermanentWidget(costbar)
    win.show()
    yield costbar
    for server in list(costbar.servers.values()):
        costbar.detach(server)
        server.close()


def frame(t: float, utils: list[float], mem_mib: float = 2048.0):  # type: ignore[no-untyped-def]
    """One sampling round as the live GPU feed publishes it."""
    from gpudesk.core.telemetry.model import Frame, GpuSample

    return Frame(t, [GpuSample(i, f"GPU-{i}", "H100", util_gpu=u, mem_used_mib=mem_mib) for i, u in enumerate(utils)])


def idle_gpus(controller, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Frames as the server's live GPU feed publishes them: two quiet GPUs with flat memory, over ``seconds``."""
    now = time.time()
    for back in (seconds, seconds / 2, 0):
        controller.server.telemetry.frame.emit(frame(now - back, [0.0, 1.0], 512.0))


def test_manual_session_meters_from_first_connection(bar, qtbot, sshd, trusting_store):
    session = Session(
        name="A100-node1",
        host=sshd.host,
        port=sshd.port,
        username=sshd.username,
        auth="key_file",
        identity_file=str(sshd.key_path),
        hourly_price=3.6,
        currency="USD",
    )
    controller = ConnectionController(session, host_keys=trusting_store)
    bar.attach(controller)
    assert not bar.meter.is_running(session.id)
    controller.link.connect()
    qtbot.waitUntil(lambda: controller.state == "connected", timeout=20000)
    qtbot.waitUntil(lambda: bar.meter.is_running(session.id), timeout=5000)
    qtbot.waitUntil(lambda: "$3.60/h" in bar.label.text() and "today $" in bar.label.text(), timeout=5000)
    first = bar.figures.per_session[session.id]["seconds"]
    qtbot.waitUntil(lambda: bar.figures.per_session[session.id]["seconds"] > first, timeout=5000)  # it ticks


def test_idle_prompt_without_provider_api_reminds_and_keep_1h(bar, qtbot):
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=2.0, currency="CNY")
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1)))
    controller = ConnectionController(session, host_keys=HostKeyStore())
    bar.attach(controller)
    idle_gpus(controller, 120)
    qtbot.waitUntil(lambda: session.id in bar.prompts and bar.prompts[session.id].isVisible(), timeout=5000)
    prompt = bar.prompts[session.id]
    assert prompt.headline.text() == "GPU idle for 2 min, ¥2.00/h"
    assert prompt.stop_button.text() == "I stopped it"  # no API: the app can only remind
    assert "provider's console" in prompt.detail.text()
    assert "keep reminding" in prompt.countdown.text()
    qtbot.waitUntil(lambda: "idle 2 min" in bar.label.text(), timeout=5000)
    prompt.keep_button.click()
    assert session.id not in bar.prompts
    qtbot.waitUntil(lambda: any(e["action"] == "keep_1h" for e in audit.read()), timeout=5000)
    idle_gpus(controller, 120)
    seen = bar.ticks
    qtbot.waitUntil(lambda: bar.ticks >= seen + 2, timeout=5000)  # two more ticks: the answer holds for an hour
    assert session.id not in bar.prompts


@pytest.fixture
def demo_api():
    api = DemoProviderAPI("127.0.0.1", 2222).start()
    yield api
    api.stop()
    remove_transient(DEMO_ACCOUNT)


def test_stop_in_the_prompt_stops_the_demo_instance(bar, qtbot, demo_api):
    session = Session(name="Demo GPU server", host="127.0.0.1", port=2222)
    demo_api.link(session, idle_minutes=1)
    controller = ConnectionController(session, host_keys=HostKeyStore())
    tracker = bar.attach(controller)
    # 20 s: a failed first ask is asked again 5 s later (a loaded CI machine once missed the first)
    qtbot.waitUntil(lambda: tracker.instance is not None and bar.meter.is_running(session.id), timeout=20000)
    qtbot.waitUntil(lambda: "$2.49/h" in bar.label.text(), timeout=5000)
    idle_gpus(controller, 90)
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=5000)
    prompt = bar.prompts[session.id]
    assert prompt.stop_button.isEnabled() and "volume disk" in prompt.detail.text()
    prompt.stop_button.click()
    qtbot.waitUntil(lambda: demo_api.status == "EXITED", timeout=10000)
    qtbot.waitUntil(lambda: not bar.meter.is_running(session.id), timeout=10000)
    qtbot.waitUntil(lambda: ("stop", "ok") in [(e["action"], e["result"]) for e in audit.read()], timeout=5000)
    assert ("stop", "answered") in [(e["action"], e["result"]) for e in audit.read()]


def test_no_answer_stops_automatically_after_the_countdown(bar, qtbot, demo_api):
    session = Session(name="Demo GPU server", host="127.0.0.1", port=2222)
    demo_api.link(session)
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1), policy="stop", answer_minutes=0.05))
    controller = ConnectionController(session, host_keys=HostKeyStore())
    tracker = bar.attach(controller)
    qtbot.waitUntil(lambda: tracker.instance is not None, timeout=10000)
    idle_gpus(controller, 90)
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=5000)
    assert "Stopping automatically in 0:0" in bar.prompts[session.id].countdown.text()
    qtbot.waitUntil(lambda: demo_api.status == "EXITED", timeout=15000)
    entry = next(e for e in audit.read() if e["automatic"] and e["result"] == "requested")
    assert (entry["session"], entry["action"], entry["reason"]) == (session.id, "stop", "idle")
    qtbot.waitUntil(lambda: session.id not in bar.prompts, timeout=5000)


def test_budget_colours_the_bar(bar, qtbot):
    session = Session(name="pricey", host="127.0.0.1", port=1, hourly_price=3600.0, currency="USD")
    config.save(session.id, guard=GuardConfig(budget_total=10.0))
    bar.meter.configure(session.id, "pricey")
    bar.meter.start(session.id, time.time() - 9.0)  # $9 of $10
    controller = ConnectionController(session, host_keys=HostKeyStore())
    bar.attach(controller)
    qtbot.waitUntil(lambda: "#ef6c00" in bar.label.text() or "#c62828" in bar.label.text(), timeout=5000)
    qtbot.waitUntil(lambda: "#c62828" in bar.label.text(), timeout=5000)  # past $10 a second later
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=5000)
    assert bar.prompts[session.id].headline.text() == "Budget reached for pricey"


def test_i_stopped_it_ends_manual_metering(bar, qtbot):
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=2.0, currency="CNY")
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1)))
    bar.meter.configure(session.id, "box")
    bar.meter.start(session.id, time.time() - 600)
    controller = ConnectionController(session, host_keys=HostKeyStore())
    bar.attach(controller)
    idle_gpus(controller, 120)
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=5000)
    bar.prompts[session.id].stop_button.click()
    qtbot.waitUntil(lambda: not bar.meter.is_running(session.id), timeout=5000)
    assert bar.meter.seconds(session.id) == pytest.approx(600, abs=30)
    assert any(e["action"] == "released" and not e["automatic"] for e in audit.read())


def test_restart_shows_what_ran_while_closed(qtbot):
    meter = Meter()
    meter.configure("s1", "A100-node1", Price(3.6, "hour", "USD"))
    meter.start("s1", time.time() - 7200)
    meter.heartbeat(time.time() - 3600)  # the app last saw it an hour ago, then crashed
    win = QtWidgets.QMainWindow()
    qtbot.addWidget(win)
    bar = CostBar(win, Meter())  # a fresh start reads the record
    qtbot.waitUntil(lambda: bool(bar.gaps), timeout=5000)
    message = win.statusBar().currentMessage()
    assert message.startswith("A100-node1 ran 1 h 00 min ($3.60) while gpudesk was closed")
    qtbot.waitUntil(lambda: bar.figures is not None and "$" in bar.label.text(), timeout=5000)
    assert "today $" in bar.label.text()


def test_gpu_frames_feed_the_guard_and_the_summary_line_does_not(bar, qtbot, sshd, trusting_store):
    """The guard hears every GPU of the live feed's frames; the display summary is no input any more."""
    session = Session(
        name="quiet",
        host=sshd.host,
        port=sshd.port,
        username=sshd.username,
        auth="key_file",
        identity_file=str(sshd.key_path),
        hourly_price=1.0,
        currency="USD",
    )
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=0.05)))
    controller = ConnectionController(session, host_keys=trusting_store)
    bar.attach(controller)
    controller.link.connect()
    qtbot.waitUntil(lambda: controller.state == "connected", timeout=20000)
    feed = controller.server.telemetry.frame
    now = time.time()
    for back in (10.0, 5.0, 0.0):
        feed.emit(frame(now - back, [0.0, 0.0, 1.0, 0.0]))
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=10000)
    # One busy GPU among four: a mean of the summary line (25 %) would hide nothing, the frame says busy.
    feed.emit(frame(time.time(), [0.0, 0.0, 100.0, 0.0]))
    guard = controller.server.billing.guard
    assert guard.detector.idle_since(time.time()) is None
    qtbot.waitUntil(lambda: session.id not in bar.prompts, timeout=5000)  # busy again: the prompt goes


def test_a_failed_automatic_stop_is_loud_and_the_prompt_stays(bar, qtbot):
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers_providers.base import Fault
    from tests.helpers_providers.runpod_stub import RunPodStub

    stub = RunPodStub().start()
    try:
        AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
        session = Session(name="pod", host="127.0.0.1", port=1, provider="rp", provider_instance_id="7h9k2m4n6p")
        config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1), policy="stop", answer_minutes=0.05))
        controller = ConnectionController(session, host_keys=HostKeyStore())
        tracker = bar.attach(controller)
        qtbot.waitUntil(lambda: tracker.instance is not None and tracker.actions is not None, timeout=10000)
        stub.fail_next(Fault(503, {"title": "Service Unavailable", "status": 503, "detail": "upstream down"}))
        idle_gpus(controller, 90)
        qtbot.waitUntil(lambda: "automatic stop of pod failed" in bar.last_alert, timeout=15000)
        assert "upstream down" in bar.last_alert and "still billing" in bar.last_alert
        qtbot.waitUntil(lambda: session.id in bar.prompts and bar.prompts[session.id].failure.isVisible(), timeout=5000)
        prompt = bar.prompts[session.id]
        assert "The automatic stop failed" in prompt.failure.text() and "upstream down" in prompt.failure.text()
        # About a minute, not an hour (a busy machine may show 0:59 by the time this reads it).
        m = re.match(r"Trying again automatically in (\d+):(\d\d)", prompt.countdown.text())
        assert m is not None and 30 <= int(m.group(1)) * 60 + int(m.group(2)) <= 60, prompt.countdown.text()
        assert stub.pods["7h9k2m4n6p"]["status"] == "RUNNING"
        assert sum(1 for r in stub.requests if r.method == "POST") == 1
    finally:
        stub.stop()


def test_lambda_prompt_offers_terminate_only_after_a_confirmation(bar, qtbot):
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers.dialogs import answer_box
    from tests.helpers_providers.lambda_stub import INSTANCE, LambdaStub

    stub = LambdaStub().start()
    try:
        AccountStore().save(Account("lam", "lambda", stub.url), token=stub.token)
        session = Session(name="h100", host="127.0.0.1", port=1, provider="lam", provider_instance_id=INSTANCE["id"])
        config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1), policy="stop"))  # an old, impossible choice
        controller = ConnectionController(session, host_keys=HostKeyStore())
        tracker = bar.attach(controller)
        qtbot.waitUntil(lambda: tracker.instance is not None and tracker.actions is not None, timeout=10000)
        idle_gpus(controller, 90)
        qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=5000)
        prompt = bar.prompts[session.id]
        assert prompt.stop_button.text() == "Terminate now"  # Lambda has no stop
        assert "keep reminding" in prompt.countdown.text()  # the impossible automatic stop became a reminder

        answer_box(bar, QtWidgets.QMessageBox.StandardButton.Cancel)
        prompt.stop_button.click()
        assert session.id in bar.prompts and stub.instances[INSTANCE["id"]]["status"] == "active"
        answer_box(bar, QtWidgets.QMessageBox.StandardButton.Yes)
        prompt.stop_button.click()
        qtbot.waitUntil(lambda: stub.instances[INSTANCE["id"]]["status"] == "terminating", timeout=10000)
    finally:
        stub.stop()


def test_the_prompt_and_the_bar_say_the_same_idle_time_and_offer_keep_until_job_ends_only_with_a_job(bar, qtbot):
    from gpudesk.core.billing.guard import Prompt
    from gpudesk.ui.billing.prompt import IdlePrompt

    session = Session(name="box2", host="127.0.0.1", port=1, hourly_price=2.0, currency="USD")
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1)))
    controller = ConnectionController(session, host_keys=HostKeyStore())
    bar.attach(controller)
    idle_gpus(controller, 130)
    qtbot.waitUntil(lambda: session.id in bar.prompts and bar.prompts[session.id].isVisible(), timeout=5000)
    prompt = bar.prompts[session.id]
    qtbot.waitUntil(lambda: "idle 2 min" in bar.label.text(), timeout=5000)
    assert prompt.headline.text().startswith("GPU idle for 2 min")  # one number in both views
    assert not prompt.job_button.isVisible()  # no job runs: keeping "until it ends" would mean forever
    bar.detach(controller)
    controller.close()
    # The prompt's headline follows the idle time while it stays up (it said "1 min" for ever before).
    widget = IdlePrompt("box3", bar.window_)
    qtbot.addWidget(widget)
    shown = Prompt("s", "idle", 0.0, idle_s=70, rate_per_hour=2.0, currency="USD")
    widget.show_prompt(shown, "stop", False, "", now=0.0)
    assert widget.headline.text().startswith("GPU idle for 1 min")
    shown.idle_s = 200
    widget.update_countdown(1.0)
    assert widget.headline.text().startswith("GPU idle for 3 min")
    # A deadline or budget prompt while a job runs: then "keep until the job ends" is offered.
    widget.show_prompt(Prompt("s", "deadline", 0.0, job_running=True), "stop", False, "", now=0.0)
    widget.show()
    assert widget.job_button.isVisible()
    widget.show_prompt(Prompt("s", "deadline", 0.0, job_running=False), "stop", False, "", now=0.0)
    assert not widget.job_button.isVisible()


def test_the_bar_says_which_servers_todays_total_sums(bar, qtbot):
    """"today $X" adds up every server (and storage) billed today: the tooltip names them, not just the one in front."""
    bar.meter.configure("other", "lab-node", Price(2.0, "hour", "USD"))
    bar.meter.start("other", time.time() - 600)
    session = Session(name="front", host="127.0.0.1", port=1, hourly_price=3.0, currency="USD")
    bar.meter.configure(session.id, "front", Price(3.0, "hour", "USD"))
    bar.meter.start(session.id, time.time() - 300)
    controller = ConnectionController(session, host_keys=HostKeyStore())
    bar.attach(controller)
    qtbot.waitUntil(lambda: "today $" in bar.label.text(), timeout=5000)
    qtbot.waitUntil(lambda: "sums: front, lab-node" in bar.label.toolTip(), timeout=5000)
    assert bar.label.toolTip().splitlines()[0] == "front"  # the server the bar details comes first


def test_the_bar_details_the_server_the_window_puts_in_front(bar, qtbot):
    """Which server the bar details comes from the window (focus), not from a look through its widgets."""
    first = Session(name="first", host="127.0.0.1", port=1, hourly_price=1.0, currency="USD")
    second = Session(name="second", host="127.0.0.1", port=1, hourly_price=7.0, currency="USD")
    controllers = [ConnectionController(s, host_keys=HostKeyStore()) for s in (first, second)]
    for c in controllers:
        bar.attach(c)
    bar.focus(first.id)
    qtbot.waitUntil(lambda: "$1.00/h" in bar.label.text(), timeout=5000)
    bar.focus(second.id)
    qtbot.waitUntil(lambda: "$7.00/h" in bar.label.text(), timeout=5000)
    assert bar.label.toolTip().startswith("second")
    for c in controllers:
        bar.detach(c)
        c.close()


def test_the_bar_hears_a_servers_billing_while_it_holds_it_and_no_longer(bar):
    """attach subscribes the bar to the server's billing events (through the bridge); attaching again or detach ends
    those subscriptions, with nothing to end by hand."""
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=1.0, currency="USD")
    controller = ConnectionController(session, host_keys=HostKeyStore())
    billing = controller.server.billing
    events = [billing.changed, billing.action_done, billing.auto_failed, billing.unconfirmed, billing.ssh_moved,
              billing.server_guard_question, billing.server_guard_news, billing.prompt_changed]  # fmt: skip
    before = [len(e) for e in events]
    try:
        assert bar.attach(controller) is billing and bar.trackers == {session.id: billing}
        held = [len(e) for e in events]
        assert held == [n + 1 for n in before]
        bar.attach(controller)  # attached again: the first subscriptions end, one set stays
        assert [len(e) for e in events] == held
        bar.detach(controller)
        assert [len(e) for e in events] == before and not bar.trackers
    finally:
        bar.detach(controller)
        controller.close()
