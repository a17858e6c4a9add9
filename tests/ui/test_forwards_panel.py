"""The Forwards tab against the real sshd: a saved forward starts on connect and carries traffic."""

from __future__ import annotations

import urllib.request

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions import Session
from tests.helpers.web import ok_server

pytestmark = pytest.mark.gui


def test_saved_forward_starts_on_connect_and_works(window, qtbot, app_trusts_sshd) -> None:
    sshd = app_trusts_sshd

    with ok_server() as web:
        session = Session(name="fw", host=sshd.host, port=sshd.port, username=sshd.username)
        session.forwards = [{"kind": "local", "bind_port": 0, "host": "127.0.0.1", "port": web.server_address[1]}]
        window.store.add(session)
        secrets.set_secret(session.secret_key, session.username, sshd.password)
        window.open_session(session.id)
        tab = window.tabs_by_session[session.id]
        panel = next(p for p in tab.panels if type(p).__name__ == "ForwardsPanel")
        qtbot.waitUntil(lambda: bool(panel.forwards) and panel.forwards[0].status == "listening", timeout=20000)
        # The table is refreshed on the GUI thread right after.
        qtbot.waitUntil(lambda: panel.table.item(0, 3) is not None and panel.table.item(0, 3).text() == "active", timeout=5000)
        port = panel.forwards[0].spec.bind_port
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read() == b"ok"
        qtbot.waitUntil(lambda: panel.table.item(0, 4) is not None, timeout=5000)
        panel.table.selectRow(0)
        panel.remove_selected()
        assert panel.table.rowCount() == 0
        assert window.store.get(session.id).forwards == []
