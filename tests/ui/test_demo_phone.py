"""The demo's alert flow end to end: a job ends on the demo server, the app's dispatcher and sender deliver
the alert over HTTP in ntfy's shape to the demo provider's stand-in phone, and the Demo phone window shows
it. The phone's receiver is checked on its own too: ntfy's encoded titles, hostile text, bounds."""

from __future__ import annotations

import requests

from gpudesk.core.alerts.channels import deliver
from gpudesk.core.alerts.model import Alert, Channel
from gpudesk.core.demo.provider_api import DemoProviderAPI


def test_the_demo_phone_takes_ntfy_messages_as_a_phone_would(tmp_path) -> None:
    api = DemoProviderAPI(state_file=tmp_path / "pod.json").start()
    try:
        channel = Channel("demo-phone", "ntfy", f"{api.url}/demo-phone/alerts")
        answer = deliver(channel, Alert("job_failed", "训练失败 on box", "Exit code: 1\x1b[2J", priority=4),
                         secret=None, url=channel.url)  # fmt: skip
        assert answer.ok, answer.detail
        (got,) = requests.get(f"{api.url}/demo-phone", timeout=5).json()["messages"]
        # ntfy's RFC 2047 title decoded; the text as sent (the window shows it as plain text).
        assert got["title"] == "训练失败 on box" and got["priority"] == "4" and got["text"].startswith("Exit code: 1")
        for i in range(60):
            requests.post(f"{api.url}/demo-phone/alerts", data=b"x" * 5000, headers={"Title": str(i)}, timeout=5)
        messages = requests.get(f"{api.url}/demo-phone", timeout=5).json()["messages"]
        assert len(messages) == 50 and messages[-1]["title"] == "59" and len(messages[-1]["text"]) == 2000
        # It outlives the provider API process, as the demo host's pod does.
        api.stop()
        again = DemoProviderAPI(state_file=tmp_path / "pod.json").start()
        assert again.phone.messages[-1]["title"] == "59"
        again.stop()
    finally:
        api.stop()


def test_a_job_that_ends_on_the_demo_server_reaches_the_demo_phone(window, qtbot) -> None:
    from gpudesk.core.alerts.store import ChannelStore, remove_transient
    from gpudesk.core.jobs import JobSpec, start_job
    from gpudesk.ui.alerts import install as install_alerts
    from gpudesk.ui.demo_phone import DemoPhoneButton

    try:
        window.alerts = install_alerts(window)
        window.start_demo()
        qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=20000)
        tab = window.tabs.widget(0)
        qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
        button = window.demo_phone
        assert isinstance(button, DemoPhoneButton) and button.isVisible() and button.text() == "Demo phone"
        assert [c.name for c in ChannelStore().channels()] == ["demo-phone"]
        assert "demo-phone" not in (ChannelStore().path.read_text() if ChannelStore().path.exists() else "")
        qtbot.waitUntil(lambda: window.alerts.dispatcher is not None, timeout=10000)

        server = tab.controller.server
        job = start_job(tab.controller.connection, JobSpec("sleep 1; exit 3", name="demo-train"))
        qtbot.waitUntil(lambda: job.id in [j.id for j in server.work.refresh_jobs().result(10)], timeout=10000)
        qtbot.wait(1500)
        server.work.refresh_jobs()  # it ended: the app's dispatcher hears job_finished

        dialog = button.open_phone()
        qtbot.waitUntil(lambda: dialog.list.count() >= 1, timeout=20000)
        first = dialog.list.item(0).text()
        assert "Job 'demo-train' failed on Demo GPU server" in first and "Exit code: 3" in first
        assert dialog.empty.isHidden()
        dialog.close()
    finally:
        remove_transient("demo-phone")
        if getattr(window, "alerts", None) is not None:
            window.alerts.close()


def test_alerts_go_out_in_the_apps_language(qapp, gpudesk_home) -> None:
    from gpudesk.core.alerts.sender import Sender
    from gpudesk.core.i18n import join, msg
    from gpudesk.ui.i18n import install_translations, tr_msg
    from tests.helpers.alert_receivers import HttpReceiver

    receiver = HttpReceiver().start()
    sender = Sender(store=None, max_attempts=1)
    install_translations(qapp, "zh_CN")
    try:
        from gpudesk.core.alerts.store import ChannelStore

        ChannelStore().add("hook", "webhook", f"{receiver.url}/in", [])
        sender.translate = tr_msg
        title = msg("Alerts", "Job '{job}' failed on {server}", job="train", server="box")
        sender.send(Alert("job_failed", title, join("\n", [msg("Alerts", "Exit code: {code}", code=3)]), key="k"))
        (got,) = receiver.wait_for(1)
        body = got.json()
        assert body["title"] != str(title) and "train" in body["title"] and "box" in body["title"]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in body["title"] + body["text"]), body  # Chinese, not English
    finally:
        install_translations(qapp, "en")
        sender.close()
        receiver.stop()
