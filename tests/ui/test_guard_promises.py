"""The cost bar promises only what the guard on the server really does: its own report (running or not, its
policy) decides the words, and the question before installing it does not promise a stop it will not make."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.guard.app import GuardView
from gpudesk.core.sessions.model import Session
from gpudesk.ui.billing.costbar import CostBar
from gpudesk.ui.billing.words import guard_news, server_guard_text
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets

pytestmark = pytest.mark.gui


@pytest.fixture
def bar(qtbot):
    win = QtWidgets.QMainWindow()
    qtbot.addWidget(win)
    costbar = CostBar(win)
    win.statusBar().addPermanentWidget(costbar)
    win.show()
    yield costbar
    for server in list(costbar.servers.values()):
        costbar.detach(server)
        server.close()


def test_a_guard_that_is_not_running_or_only_reminds_is_said_as_such(bar):
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=1.0)
    controller = ConnectionController(session)
    billing = bar.attach(controller)
    billing.last_beat = 0.0  # the app beat long ago: not a sign of a guard at work
    billing.server_guard = GuardView(running=False, policy={"action": "stop", "idle_s": 600})
    assert "installed but not running" in server_guard_text(billing)
    assert "heartbeat" not in server_guard_text(billing) and "Guarded" not in server_guard_text(billing)
    billing.server_guard = GuardView(running=True, policy={"action": "remind", "idle_s": 120})
    text = server_guard_text(billing)
    assert "only logs a reminder after 2 min idle" in text and "does not stop the bill" in text
    billing.server_guard = GuardView(running=True, policy={"action": "stop", "idle_s": 120})
    assert server_guard_text(billing).startswith("Guarded on the server: stops the server after 2 min idle")


def test_the_install_question_promises_no_stop_for_a_remind_only_policy(bar):
    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=1.0)
    config.save(session.id, guard=GuardConfig(policy="remind"))
    controller = ConnectionController(session)
    tracker = bar.attach(controller)
    box = bar.ask_server_guard(tracker)
    try:
        text = box.informativeText()
        assert "stops the bill even then" not in text and "will not stop the bill" in text
    finally:
        box.close()


def test_a_stop_the_server_guard_only_requested_is_news_that_says_so_never_money_saved(qapp):
    import time

    from gpudesk.core.billing.price import Price
    from gpudesk.core.i18n import msg

    words = msg("ServerGuard", "{action} requested — not confirmed by {provider}", action="stop", provider="RunPod")
    entry = {"action": "stop", "result": "requested", "outcome": "requested", "t": time.time() - 3600, "words": words}
    text = guard_news(entry, Price(2.0, "hour", "USD"))
    assert "asked for: stop" in text and "not confirmed by RunPod" in text and "may still bill" in text
    assert "Not billed since" not in text and "did:" not in text
