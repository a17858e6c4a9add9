"""The GPUs tab's health badges: the demo server with a degraded and a faulty GPU, over a real SSH link."""

from __future__ import annotations

import pytest

from gpudesk.core import settings
from gpudesk.core.health.model import Finding, GpuHealth
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.qt import QtCore, QtGui
from tests.helpers.waits import WAIT_LONG as WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]


def test_the_check_after_login_shows_a_badge_and_findings_per_card(qtbot, tmp_path, monkeypatch) -> None:
    from gpudesk.core.demo.server import DemoConfig, DemoServer
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.gpus.panel import GpuPanel

    settings.set("telemetry.check_on_connect", True)
    settings.set("telemetry.interval_ms", 300)
    server = DemoServer(DemoConfig(gpus=3, load="idle", sandbox=tmp_path / "demo", health="faulty")).start()
    try:
        info = server.info()
        known = tmp_path / "known_hosts"
        known.write_text(server.known_hosts_line())
        session = Session(name="demo", host=info["host"], port=info["port"], username=info["username"], auth="password")
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        controller.link.set_password(info["password"])
        panel = GpuPanel(controller.server)
        qtbot.addWidget(panel)
        panel.resize(1200, 800)
        panel.show()
        with qtbot.waitSignal(panel.health_ready, timeout=WAIT) as signal:
            controller.link.connect()
        report = signal.args[0]
        assert report.verdict == "faulty"
        qtbot.waitUntil(lambda: len(panel.cards) == 3 and all(c.badge.isVisible() for c in panel.cards), timeout=WAIT)
        assert [c.badge.text() for c in panel.cards] == ["Healthy", "Degraded", "Faulty"]
        faulty = panel.cards[2]
        assert faulty.findings.isVisible() and "uncorrectable ECC" in faulty.findings.text()
        assert "Xid 48 in the kernel log" in faulty.findings.text()
        assert "refund" in faulty.findings.text()
        assert "Last line:" in faulty.badge.toolTip()  # the whole finding, with the log line, on hover
        assert not panel.cards[0].findings.isVisible()
        assert panel.health_label.isVisible() and "Faulty" in panel.health_label.text()
        for label in (faulty.findings, faulty.badge, panel.health_label):
            assert label.textFormat() == QtCore.Qt.TextFormat.PlainText
        panel.shutdown()
        controller.close()
    finally:
        server.stop()


def test_server_text_in_a_finding_is_shown_as_text(qtbot) -> None:
    from gpudesk.ui.gpus.cards import GpuCard

    card = GpuCard(0)
    qtbot.addWidget(card)
    hostile = '<img src="/dev/zero"><b>GPU is lost</b>'
    card.set_health(GpuHealth(0, "GPU-0", "x", findings=[Finding("gpu_lost", "fail", hostile, "fix it")]))
    assert card.badge.text() == "Faulty" and hostile in card.findings.text()
    assert card.findings.textFormat() == QtCore.Qt.TextFormat.PlainText
    for tip in (card.badge.toolTip(), card.findings.toolTip()):  # shown literally: escaped, or never taken for markup
        assert hostile in tip and not QtGui.Qt.mightBeRichText(tip) or "&lt;img" in tip and "<img" not in tip
    card.set_health(None)
    assert not card.badge.isVisible() and not card.findings.isVisible()
