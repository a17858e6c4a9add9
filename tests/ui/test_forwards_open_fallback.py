"""Opening a forwarded service where no browser can be started: the address is shown to copy."""

from __future__ import annotations

import urllib.request

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions import Session
from gpudesk.ui.qt import QtGui, QtWidgets
from tests.helpers.web import ok_server

pytestmark = pytest.mark.gui


def test_no_browser_shows_the_address_to_copy(window, qtbot, app_trusts_sshd, monkeypatch) -> None:
    sshd = app_trusts_sshd
    asked: list[str] = []
    # Launching a browser is outside the product: make the desktop say "could not open".
    monkeypatch.setattr(QtGui.QDesktopServices, "openUrl", lambda url: asked.append(url.toString()) or False)

    with ok_server() as web:
        session = Session(name="fw-open", host=sshd.host, port=sshd.port, username=sshd.username)
        window.store.add(session)
        secrets.set_secret(session.secret_key, session.username, sshd.password)
        window.open_session(session.id)
        tab = window.tabs_by_session[session.id]
        panel = next(p for p in tab.panels if type(p).__name__ == "ForwardsPanel")
        qtbot.waitUntil(lambda: panel.server.link.connection is not None, timeout=20000)
        panel.open_service(web.server_address[1])
        qtbot.waitUntil(lambda: getattr(panel, "url_dialog", None) is not None and panel.url_dialog.isVisible(), timeout=20000)
        url = f"http://127.0.0.1:{panel.forwards[0].spec.bind_port}/"
        assert asked == [url]
        dialog = panel.url_dialog
        assert dialog.url.text() == url and dialog.url.isReadOnly()
        assert "browser" in dialog.message.text()
        dialog.copy_button.click()
        assert QtWidgets.QApplication.clipboard().text() == url
        # The address shown really reaches the service.
        assert urllib.request.urlopen(url, timeout=10).read() == b"ok"
        dialog.close()
