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
