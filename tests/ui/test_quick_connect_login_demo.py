"""The demo's login is visible and usable: its session editor shows user, port and password, and a
session made with the demo provider's "Create session" logs in (not root with a missing agent key)."""

from __future__ import annotations

import pytest

from gpudesk.core.shell import Page
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


def start_demo(window, qtbot):  # type: ignore[no-untyped-def]
    window.start_demo()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    tab = window.tabs.widget(0)
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    return tab


def on_next_dialog(act, seen: list) -> None:  # type: ignore[no-untyped-def]
    """Run ``act(dialog)`` on the next modal dialog (one opened by exec()); records it in ``seen``."""
    tries = [0]

    def look() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if dialog is None:
            tries[0] += 1
            if tries[0] < 100:  # nothing opened: the caller's assertion on ``seen`` says so
                QtCore.QTimer.singleShot(50, look)
            return
        seen.append(dialog)
        act(dialog)

    QtCore.QTimer.singleShot(50, look)


def test_the_demo_session_editor_shows_user_port_and_password(window, qtbot) -> None:
    tab = start_demo(window, qtbot)
    session = tab.controller.session
    assert session.id in window.sidebar.transient
    server = window.demo_server
    read: dict[str, object] = {}

    def inspect(dialog) -> None:  # type: ignore[no-untyped-def]
        read.update(user=dialog.username.text(), port=dialog.port.value(), host=dialog.host.text(),
                    password=dialog.password_edit.text(), echo=dialog.password_edit.echoMode(),
                    buttons=[b.text() for b in dialog.buttons.buttons()])
        dialog.reject()

    seen: list = []
    on_next_dialog(inspect, seen)
    window.edit_session(session.id)
    assert seen, "the demo session's editor did not open"
    assert read["user"] == server.username == "demo"
    assert (read["host"], read["port"]) == (server.host, server.port)
    assert read["password"] == server.password
    assert read["echo"] == QtWidgets.QLineEdit.EchoMode.Normal
    assert read["buttons"] == ["Close"]  # a session that is not saved: nothing to save
    assert list(window.store) == []
    # The tab's "Edit session" shows the same.
    seen.clear()
    on_next_dialog(inspect, seen)
    tab.edit_requested.emit(session)
    assert seen and read["password"] == server.password


def test_create_session_from_the_demo_provider_logs_in(window, qtbot) -> None:
    start_demo(window, qtbot)
    server = window.demo_server
    window.show_page(Page.PROVIDERS)
    page = window.tabs.currentWidget()
    page.refresh()
    qtbot.waitUntil(
        lambda: any(i.ssh_host == server.host and i.ssh_port == server.port for i in page.instances), timeout=WAIT
    )
    row = next(n for n, i in enumerate(page.instances) if i.ssh_host == server.host and i.ssh_port == server.port)
    page.table.selectRow(row)
    filled: dict[str, object] = {}
    asked: list = []

    def trust(box) -> None:  # type: ignore[no-untyped-def]
        # A saved session meets the demo server's key for the first time: the usual question.
        next(b for b in box.buttons() if b.text() == "Trust once").click()

    def save(dialog) -> None:  # type: ignore[no-untyped-def]
        filled.update(user=dialog.username.text(), auth=dialog.auth.currentData(), password=dialog.password_edit.text())
        on_next_dialog(trust, asked)
        dialog._accept()
        if dialog.isVisible():  # refused (its message says why): close it, the assertions below tell
            filled["refused"] = dialog.error.text()
            dialog.reject()

    seen: list = []
    on_next_dialog(save, seen)
    page.session_button.click()
    assert seen, "Create session opened no session editor"
    assert filled == {"user": server.username, "auth": "password", "password": server.password}
    saved = [s for s in window.store if s.port == server.port]
    assert len(saved) == 1 and saved[0].username == server.username and saved[0].auth == "password"
    tab = window.tabs_by_session[saved[0].id]
    qtbot.waitUntil(lambda: tab.controller.state in ("connected", "failed"), timeout=WAIT)
    assert tab.controller.state == "connected", tab.banner.label.text()
    assert tab.controller.connection.exec("echo demo-login-ok").out.strip() == "demo-login-ok"
