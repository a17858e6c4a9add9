"""Settings → Alerts: add a channel, pick its events, send a test to a real receiver, read the answer as text."""

from __future__ import annotations

import json

import pytest

from gpudesk.core import secrets
from gpudesk.core.alerts.store import ChannelStore
from tests.helpers.alert_receivers import HttpReceiver


@pytest.fixture(autouse=True)
def _plaintext_keyring(monkeypatch):
    monkeypatch.setenv(secrets.ALLOW_ENV, "1")


def test_add_pick_events_test_and_remove(qtbot, gpudesk_home):
    from gpudesk.ui.alerts_settings import AddChannelDialog, AlertsDialog
    from gpudesk.ui.qt import QtCore

    receiver = HttpReceiver().start()
    try:
        dialog = AlertsDialog()
        qtbot.addWidget(dialog)
        add = AddChannelDialog(dialog)
        qtbot.addWidget(add)
        add.accepted.connect(dialog.reload)
        add.name.setText("team")
        add.kind.setCurrentIndex(add.kind.findData("wecom"))
        add.url.setText(f"{receiver.url}/cgi-bin/webhook/send?key=wecom-key-0123456789abcdef")
        add.events.set_events(["job_failed", "idle_prompt"])
        add._save()
        qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=5000)
        assert dialog.table.item(0, 2).text().endswith("key=***")
        assert "wecom-key" not in (gpudesk_home / "data" / "alerts" / "channels.json").read_text()
        assert ChannelStore().get("team").events == ["job_failed", "idle_prompt"]

        dialog.table.selectRow(0)
        dialog.events.set_events(["job_failed"])
        dialog._save_events()
        qtbot.waitUntil(lambda: ChannelStore().get("team").events == ["job_failed"], timeout=5000)

        receiver.mode = "errcode"  # the bot answers with an error in its body: shown as text
        dialog.table.selectRow(0)
        dialog.send_test()
        qtbot.waitUntil(lambda: "failed" in dialog.answer.text(), timeout=10000)
        assert "310000" in dialog.answer.text()
        assert dialog.answer.textFormat() == QtCore.Qt.TextFormat.PlainText
        body = json.loads(receiver.requests[0].body)
        assert body["msgtype"] == "text" and "gpudesk test message" in body["text"]["content"]

        receiver.mode = "ok"
        dialog.send_test()
        qtbot.waitUntil(lambda: "accepted" in dialog.answer.text(), timeout=10000)

        dialog.table.selectRow(0)
        dialog.remove_channel()
        qtbot.waitUntil(lambda: dialog.table.rowCount() == 0, timeout=5000)
        assert ChannelStore().get("team") is None
    finally:
        receiver.stop()


def test_settings_dialog_opens_the_alerts_page(qtbot):
    from gpudesk.ui.alerts_settings import AlertsDialog
    from gpudesk.ui.settings_dialog import SettingsDialog

    settings_dialog = SettingsDialog()
    qtbot.addWidget(settings_dialog)
    settings_dialog.alerts_button.click()
    qtbot.waitUntil(lambda: settings_dialog.findChild(AlertsDialog) is not None, timeout=5000)
    settings_dialog.findChild(AlertsDialog).close()


def test_the_app_sends_workspace_news_and_shows_desktop_alerts(qtbot, gpudesk_home):
    from gpudesk.core.alerts.model import Alert
    from gpudesk.core.alerts.sender import DESKTOP
    from gpudesk.core.jobs.model import JobInfo
    from gpudesk.core.sessions.model import Session
    from gpudesk.ui.alerts import install
    from gpudesk.ui.main_window import MainWindow

    receiver = HttpReceiver().start()
    window = MainWindow()
    qtbot.addWidget(window)
    alerts = install(window)
    try:
        ChannelStore().add("hook", "webhook", f"{receiver.url}/in", ["job_finished"])
        ChannelStore().add("tray", "desktop", "", [])
        qtbot.waitUntil(lambda: alerts.dispatcher is not None, timeout=5000)
        server = window.workspace.open(Session(name="node-7", host="10.0.0.7"))
        server.work.job_finished.emit(JobInfo(id="j9", name="sweep", exit_code=0, start=100.0, end=160.0))
        (request,) = receiver.wait_for(1)
        assert request.json()["title"] == "Job 'sweep' finished on node-7"
        DESKTOP.emit(Alert("job_finished", "Job 'sweep' finished on node-7", "Exit code: 0"))
        qtbot.waitUntil(lambda: "sweep" in window.statusBar().currentMessage(), timeout=5000)
    finally:
        alerts.close()
        window.workspace.close_all()
        receiver.stop()


def test_alerts_from_the_servers_guard_can_be_turned_off_and_stay_off(qtbot, gpudesk_home):
    from gpudesk.core import settings
    from gpudesk.ui.alerts_settings import AlertsDialog

    dialog = AlertsDialog()
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.from_server.isChecked(), timeout=5000)  # on by default
    assert "while this computer is off" in dialog.from_server.text()
    dialog.from_server.setChecked(False)
    qtbot.waitUntil(lambda: settings.get("alerts.from_server") is False, timeout=5000)
    settings.reset_cache()
    assert settings.get("alerts.from_server") is False  # on disk, for the next connection and the next run
    dialog.from_server.setChecked(True)
    qtbot.waitUntil(lambda: settings.get("alerts.from_server") is True, timeout=5000)
