"""The main window against real servers: the demo, and the real sshd."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core import paths, secrets
from gpudesk.core.sessions import Session
from gpudesk.core.shell import Page
from gpudesk.ui.qt import QtCore, QtWidgets

pytestmark = pytest.mark.gui


def test_demo_opens_a_connected_tab(window, qtbot) -> None:
    window.start_demo()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=20000)
    tab = window.tabs.widget(0)
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    assert window.tabs.tabText(0).startswith("●")
    assert "Connected" in window.state_label.text()
    assert tab.controller.connection.exec("echo demo-ok").out.strip() == "demo-ok"
    # On a page that is not a connection, the status bar counts the live connections.
    window.show_page(Page.CATALOG)
    assert window.state_label.text() == "1 server(s) connected"
    tab.controller.close()
    qtbot.waitUntil(lambda: window.state_label.text() == "Not connected", timeout=20000)


def test_password_session_connects_and_wrong_password_is_explained(window, qtbot, app_trusts_sshd) -> None:
    sshd = app_trusts_sshd
    good = window.store.add(Session(name="lab", host=sshd.host, port=sshd.port, username=sshd.username))
    secrets.set_secret(good.secret_key, good.username, sshd.password)
    window.open_session(good.id)
    tab = window.tabs_by_session[good.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    assert tab.banner.isHidden()
    assert window.sidebar.tree.topLevelItem(0).text(0).startswith("●")

    bad = window.store.add(Session(name="lab-typo", host=sshd.host, port=sshd.port, username=sshd.username))
    window.open_session(bad.id, password="definitely-wrong")
    bad_tab = window.tabs_by_session[bad.id]
    qtbot.waitUntil(lambda: bad_tab.controller.state == "failed", timeout=20000)
    assert "Wrong user name or password" in bad_tab.banner.label.text()
    assert [b.text() for b in bad_tab.banner.buttons if not b.isHidden()] == ["Try again", "Edit session"]


def test_refused_port_shows_retry(window, qtbot) -> None:
    from tests.helpers.sshd import free_port

    session = window.store.add(Session(name="closed", host="127.0.0.1", port=free_port(), username="x"))
    window.open_session(session.id, password="x-123456")
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "failed", timeout=20000)
    assert "refused" in tab.banner.label.text()
    assert not tab.banner.buttons[0].isHidden() and tab.banner.buttons[0].text() == "Retry"


def test_new_session_from_a_pasted_login_line_keeps_the_password_off_disk(window, qtbot, app_trusts_sshd) -> None:
    sshd = app_trusts_sshd

    def fill() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        dialog.paste.setText(f"ssh -p {sshd.port} {sshd.username}@{sshd.host}")
        assert dialog.host.text() == sshd.host and dialog.port.value() == sshd.port
        dialog.password_edit.setText(sshd.password)
        dialog._accept()

    QtCore.QTimer.singleShot(200, fill)
    window.new_session()
    session = next(iter(window.store))
    assert session.name == f"{sshd.host}:{sshd.port}"
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    window.save_state()
    assert secrets.get_secret(session.secret_key, session.username) == sshd.password
    written = [p for p in Path(paths.config_dir()).parent.rglob("*") if p.is_file()]
    assert any(p.name == "sessions.json" for p in written)
    for path in written:
        assert sshd.password.encode() not in path.read_bytes(), f"the password leaked into {path}"


def test_validation_message_and_no_save(window, qtbot) -> None:
    from gpudesk.ui.session_dialog import SessionDialog

    dialog = SessionDialog(parent=window)
    qtbot.addWidget(dialog)
    dialog.name.setText("x")
    dialog.host.setText("")
    dialog._accept()
    assert dialog.result() != QtWidgets.QDialog.DialogCode.Accepted
    assert "address" in dialog.error.text()
    dialog.paste.setText("ssh -p 99999 root@h")
    assert "65535" in dialog.error.text()


def test_window_layout_and_open_folders_are_restored(qtbot) -> None:
    from gpudesk.ui.main_window import MainWindow

    first = MainWindow()
    qtbot.addWidget(first)
    first.store.add(Session(name="a", host="h.example", folder="Lab"))
    first.resize(760, 560)
    first.show()
    first.splitter.setSizes([311, 500])
    first.sidebar.expanded.add("Lab")
    first.save_state()
    sizes = first.splitter.sizes()
    size = first.size()
    first.shutdown()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    assert second.size() == size
    assert second.splitter.sizes()[0] == sizes[0]
    folder = second.sidebar.tree.topLevelItem(0)
    assert folder.text(0) == "Lab" and folder.isExpanded()
    second.shutdown()


def test_search_filters_the_tree(window) -> None:
    window.store.add(Session(name="A100-node1", host="a.example", folder="Rented"))
    window.store.add(Session(name="4090-box", host="b.example"))
    window.sidebar.search.setText("4090")
    tree = window.sidebar.tree
    visible = []
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        if not item.isHidden():
            visible.append(item.text(0))
    assert len(visible) == 1 and "4090-box" in visible[0]


def test_settings_dialog_searches_and_saves_choices(window, qtbot) -> None:
    from gpudesk.core import settings
    from gpudesk.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(window)
    qtbot.addWidget(dialog)
    dialog.search.setText("theme")
    visible = [n for n, e in dialog._editors.items() if dialog.form.isRowVisible(e)]
    assert visible == ["ui.theme"]
    combo = dialog._editors["ui.theme"]
    combo.setCurrentIndex(combo.findData("dark"))
    from tests.helpers.dialogs import answer_box

    answer_box(dialog, text="Later")  # a theme change offers a restart: not now
    dialog._save()
    assert settings.get("ui.theme") == "dark"
