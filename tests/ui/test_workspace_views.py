"""Views of the live workspace: the guide follows progress by events, tabs open and close servers, and
panels get what they need from the workspace, never by walking the window."""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.sessions import Session
from gpudesk.ui.guide.steps import COLLECT
from gpudesk.ui.qt import QtCore
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


def open_key_session(window, qtbot, sshd, name: str = "ws"):  # type: ignore[no-untyped-def]
    session = window.store.add(
        Session(
            name=name,
            host=sshd.host,
            port=sshd.port,
            username=sshd.username,
            auth="key_file",
            identity_file=str(sshd.key_path),
            keepalive_s=0,
        )
    )
    window.sidebar.refresh()
    tab = window.open_session(session.id)
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    return session, tab


def test_the_guide_follows_the_workspace_without_polling_widgets(window, qtbot, app_trusts_sshd) -> None:
    window.show_guide(True)
    guide = window.guide_dock.widget()
    # Nothing ticks in the guide: it re-reads only when the workspace says something changed.
    assert [t for t in guide.findChildren(QtCore.QTimer) if t.isActive()] == []
    session, tab = open_key_session(window, qtbot, app_trusts_sshd)
    server = window.workspace.get(session.id)
    assert server is tab.controller.server
    qtbot.waitUntil(lambda: guide.progress.connected, timeout=WAIT)
    # Work done off the GUI thread and with no Jobs widget involved still moves the guide on.
    threading.Thread(target=lambda: (setattr(server.work, "ran_a_job", True), server.work.mark_collected())).start()
    qtbot.waitUntil(lambda: guide.progress.collected and guide.progress.ran_job, timeout=WAIT)
    assert guide.progress.current == COLLECT
    assert guide.cards[COLLECT].state.text().startswith("Results collected.")


def test_closing_a_tab_closes_its_server_in_the_workspace(window, qtbot, app_trusts_sshd) -> None:
    session, tab = open_key_session(window, qtbot, app_trusts_sshd)
    server = window.workspace.get(session.id)
    queue = server.work.transfers  # the Files view showed it; the server owns it
    closed: list = []
    window.workspace.closed.subscribe(closed.append)
    window.close_tab(window.tabs.indexOf(tab))
    assert closed == [server] and server.closed
    assert window.workspace.get(session.id) is None
    qtbot.waitUntil(lambda: not queue._worker.is_alive(), timeout=WAIT)  # the transfer worker ended with it
    # Opening the session again makes a fresh server.
    tab = window.open_session(session.id)
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    assert window.workspace.get(session.id) is tab.controller.server is not server


def test_a_panel_outside_the_window_still_gets_its_peers_and_store_from_the_workspace(
    window, qtbot, app_trusts_sshd
) -> None:
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.forwards.panel import ForwardsPanel
    from gpudesk.ui.jobs.panel import JobsPanel

    first, _tab = open_key_session(window, qtbot, app_trusts_sshd, "first")
    second = window.store.add(
        Session(
            name="second",
            host=app_trusts_sshd.host,
            port=app_trusts_sshd.port,
            username=app_trusts_sshd.username,
            auth="key_file",
            identity_file=str(app_trusts_sshd.key_path),
            keepalive_s=0,
        )
    )
    # A view built on its own (no parent: its window() is itself), on a server of the window's workspace.
    server = window.workspace.open(second)
    controller = ConnectionController(second, server=server)
    jobs = JobsPanel(server)
    forwards = ForwardsPanel(server)
    qtbot.addWidget(jobs)
    qtbot.addWidget(forwards)
    controller.link.connect()
    try:
        qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
        this, others = jobs._nodes()
        assert this.server is server
        assert [o.label for o in others] == ["first"] and others[0].server is window.workspace.get(first.id)
        # A forward saved from the lone view lands in the window's store.
        from gpudesk.core.ssh.forward import ForwardSpec

        forwards.start(ForwardSpec("local", 0, "127.0.0.1", 1), save=True)
        assert window.store.get(second.id).forwards == controller.session.forwards != []
    finally:
        controller.close()
        window.workspace.close(second.id)
