"""The issue's end-to-end: the demo server goes idle, the prompt appears, Stop stops the demo instance.

Wired as ``gpudesk --demo`` will be: the demo SSH server with an idle load, the demo provider
API linked to its session, a connection tab in the main window. The GPU summary the GPUs panel
publishes is all the guard gets here (no per-GPU hub feed), so this also covers that path.
"""

from __future__ import annotations

import importlib.util

import pytest

from gpudesk.core.billing import audit, config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
from gpudesk.core.providers.accounts import remove_transient
from gpudesk.core.sessions.model import Session

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(importlib.util.find_spec("gpudesk.ui.gpus.panel") is None, reason="needs the GPUs panel"),
]


def test_demo_goes_idle_and_stop_stops_the_demo_instance(window, qtbot, monkeypatch):
    from gpudesk.core.demo.server import DemoConfig, DemoServer
    from gpudesk.core.ssh.hostkeys import HostKeyStore

    server = DemoServer(DemoConfig(load="idle", gpus=4)).start()
    api = DemoProviderAPI(server.host, server.port, gpus=4).start()
    try:
        store = HostKeyStore()
        store.trust_once(server.host, server.port, server.host_key)
        session = Session(name="Demo GPU server", host=server.host, port=server.port, username=server.username)
        api.link(session)
        # A short demo threshold: 6 s of idle GPUs.
        config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=0.1), policy="remind"))
        tab = window._make_tab(session, password=server.password, host_keys=store)
        tab.start()
        qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
        bar = window.costbar
        qtbot.waitUntil(lambda: bar.meter.is_running(session.id) and "$2.49/h" in bar.label.text(), timeout=15000)
        qtbot.waitUntil(lambda: session.id in bar.prompts, timeout=60000)
        prompt = bar.prompts[session.id]
        assert prompt.headline.text().startswith("GPU idle for") and prompt.stop_button.isEnabled()
        prompt.stop_button.click()
        qtbot.waitUntil(lambda: api.status == "EXITED", timeout=15000)
        qtbot.waitUntil(lambda: not bar.meter.is_running(session.id), timeout=15000)
        qtbot.waitUntil(lambda: ("stop", "ok") in [(e["action"], e["result"]) for e in audit.read()], timeout=5000)
    finally:
        api.stop()
        remove_transient(DEMO_ACCOUNT)
        window.shutdown()
        server.stop()
