"""The connection tab's states against the real sshd: first-contact question, cancel, drop and reconnect."""

from __future__ import annotations

import pytest

from gpudesk.core import paths, secrets
from gpudesk.core.sessions import Session
from gpudesk.ui.qt import QtCore, QtWidgets

pytestmark = pytest.mark.gui


def _session(window, sshd, port: int) -> Session:
    session = window.store.add(Session(name=f"s{port}", host=sshd.host, port=port, username=sshd.username))
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    return session


def test_first_contact_asks_with_the_fingerprint_and_remembers(window, qtbot, sshd) -> None:
    session = _session(window, sshd, sshd.port)
    seen = []

    def answer() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if box is None:
            QtCore.QTimer.singleShot(50, answer)
            return
        seen.append(box.informativeText())
        trust = next(b for b in box.buttons() if b.text() == "Trust always")
        trust.click()

    QtCore.QTimer.singleShot(50, answer)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    assert sshd.host_key_fingerprint in seen[0]
    assert f"[127.0.0.1]:{sshd.port}" in paths.known_hosts_file().read_text()


def test_cancel_while_connecting(window, qtbot, sshd, proxy) -> None:
    proxy.stall()
    session = _session(window, sshd, proxy.port)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connecting", timeout=5000)
    assert tab.banner.buttons[0].text() == "Cancel"
    tab.banner.buttons[0].click()
    qtbot.waitUntil(lambda: tab.controller.state == "closed", timeout=10000)
    assert "cancelled" in tab.banner.label.text()


def test_dropped_connection_shows_reconnect_and_reconnects(window, qtbot, sshd, proxy) -> None:
    from gpudesk.core import settings

    settings.set("ssh.keepalive_s", 1)
    known = paths.known_hosts_file()
    known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    session = _session(window, sshd, proxy.port)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    proxy.cut()
    qtbot.waitUntil(lambda: tab.controller.state == "dropped", timeout=15000)
    assert "lost" in tab.banner.label.text()
    assert tab.banner.buttons[0].text() == "Reconnect"
    tab.banner.buttons[0].click()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    assert tab.controller.connection.exec("echo back").out.strip() == "back"
