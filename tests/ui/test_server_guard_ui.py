"""The server guard in the app, against the real sshd: asked once for a linked session, installed with the
session's policy, shown in the cost bar, what it did while the app was away reported, and removed when unchecked."""

from __future__ import annotations

import json
import re
import time

import pytest

from gpudesk.core.billing import audit, config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.guard import remove, status
from gpudesk.core.providers.accounts import Account, add_transient, remove_transient
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.billing.words import server_guard_text
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets
from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - the replayed nvidia-smi the guard reads
from tests.helpers_providers.runpod_stub import POD, RunPodStub
from tests.ui.test_billing_costbar import bar  # noqa: F401 - the cost bar in a main window

pytestmark = [pytest.mark.gui, pytest.mark.e2e]


@pytest.fixture
def linked(sshd, connect):
    stub = RunPodStub().start()
    account = Account("rp-local", "runpod", stub.url)
    add_transient(account, stub.token)
    session = Session(
        name="pod", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), provider=account.name, provider_instance_id=POD["id"], hourly_price=0.44,
    )  # fmt: skip
    yield session, stub
    remove(connect())  # never leave a guard running in the test user's home
    connect().exec("rm -rf ~/.gpudesk/guard")
    stub.stop()
    remove_transient(account.name)


def attach(bar, sshd, session):  # noqa: F811
    controller = ConnectionController(session, host_keys=HostKeyStore(extra_files=[sshd.known_hosts]))
    tracker = bar.attach(controller)
    controller.link.connect()
    return controller, tracker


def test_asked_once_then_installed_shown_and_removed(bar, qtbot, sshd, connect, linked, nvsmi):  # noqa: F811
    session, _stub = linked
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=20), answer_minutes=10, policy="stop"))
    controller, tracker = attach(bar, sshd, session)
    qtbot.waitUntil(lambda: getattr(bar, "server_guard_box", None) is not None and bar.server_guard_box.isVisible(), timeout=20000)
    assert "when gpudesk is closed" in bar.server_guard_box.informativeText()
    assert "it stops the bill even then" in bar.server_guard_box.informativeText()  # policy stop, RunPod can
    bar.server_guard_box.button(QtWidgets.QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: tracker.server_guard is not None, timeout=30000)
    assert config.guard_config(session.id).server_guard == "on"  # remembered: not asked again
    st = status(connect())
    assert st["running"] and st["policy"]["action"] == "stop" and st["policy"]["idle_s"] == 30 * 60
    assert st["policy"]["method"] == "runpod" and st["last_heartbeat_s"] is not None
    assert "Guarded on the server: stops the server after 30 min idle" in server_guard_text(tracker)
    assert re.search(r"· gpudesk's last heartbeat \d+ s ago$", server_guard_text(tracker))
    bar.render()
    assert "Guarded on the server" in bar.label.toolTip()
    tracker.set_server_guard(False)
    qtbot.waitUntil(lambda: not status(connect())["installed"], timeout=20000)
    assert config.guard_config(session.id).server_guard == "off"
    bar.detach(controller)
    controller.close()


def test_what_the_guard_did_while_away_is_reported_at_the_next_connection(bar, qtbot, sshd, connect, linked):  # noqa: F811
    session, _stub = linked
    config.save(session.id, guard=GuardConfig(policy="stop", server_guard="on"))
    when = int(time.time()) - 3600
    entry = {"t": when, "action": "stop", "reason": "idle", "result": "confirmed", "detail": "RunPod v2 API accepted the stop",
             "provider": "RunPod", "state": "status EXITED", "automatic": True, "by": "server-guard", "format": 2}
    connect().exec("mkdir -p ~/.gpudesk/guard && cat >> ~/.gpudesk/guard/actions.jsonl", stdin=(json.dumps(entry) + "\n").encode())
    controller, tracker = attach(bar, sshd, session)
    qtbot.waitUntil(lambda: "server guard did: stop" in bar.last_alert, timeout=30000)
    assert (session.id, "stop", "ok") in [(e["session"], e["action"], e["result"]) for e in audit.read()]
    assert "server guard did" in bar.window_.statusBar().currentMessage()
    assert "Not billed since then: about $0.44" in bar.last_alert  # an hour at $0.44/h that it saved
    bar.detach(controller)
    controller.close()


def test_a_stop_the_guard_could_not_confirm_is_not_reported_as_saving_money(bar, qtbot, sshd, connect, linked):  # noqa: F811
    session, _stub = linked
    config.save(session.id, guard=GuardConfig(policy="stop", server_guard="on"))
    # An older guard's record: "ok" for any 2xx, which a stop that never happened also got.
    entry = {"t": int(time.time()) - 3600, "action": "stop", "reason": "idle", "result": "ok", "detail": "HTTP 200",
             "method": "runpod", "automatic": True, "by": "server-guard"}
    connect().exec("mkdir -p ~/.gpudesk/guard && cat >> ~/.gpudesk/guard/actions.jsonl", stdin=(json.dumps(entry) + "\n").encode())
    controller, tracker = attach(bar, sshd, session)
    qtbot.waitUntil(lambda: "not confirmed by" in bar.last_alert, timeout=30000)
    assert "stop requested — not confirmed by RunPod" in bar.last_alert and "Not billed since" not in bar.last_alert
    assert (session.id, "stop", "requested") in [(e["session"], e["action"], e["result"]) for e in audit.read()]
    bar.detach(controller)
    controller.close()


def test_keep_one_hour_in_the_prompt_pauses_the_guard_on_the_server(bar, qtbot, sshd, connect, linked, nvsmi):  # noqa: F811
    from tests.ui.test_billing_costbar import idle_gpus

    session, _stub = linked
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1), policy="remind", server_guard="on"))
    controller, tracker = attach(bar, sshd, session)
    qtbot.waitUntil(lambda: tracker.server_guard is not None, timeout=30000)
    assert status(connect())["paused_until"] in (None, 0)
    idle_gpus(controller, 90)
    qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=10000)
    before = int(time.time())
    bar.prompts[session.id].keep_button.click()

    def paused() -> bool:
        until = connect().exec("cat ~/.gpudesk/guard/pause 2>/dev/null").out.strip()
        return until.isdigit() and int(until) >= before + 3500

    qtbot.waitUntil(paused, timeout=20000)
    bar.detach(controller)
    controller.close()
