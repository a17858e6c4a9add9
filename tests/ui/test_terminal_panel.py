"""The Terminal sub-tab against the real sshd: type and see, resize, tabs, broadcast, tmux re-attach."""

from __future__ import annotations

import shutil
import uuid

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.qt import QtCore
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt


@pytest.fixture
def make_panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    made = []

    def make(port: int | None = None, persistent: bool = False, keepalive: int = 0):
        port = port or sshd.port
        known = tmp_path / f"known_hosts_{port}"
        known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{port} "))
        session = Session(
            name=f"t{port}", host=sshd.host, port=port, username=sshd.username, auth="key_file",
            identity_file=str(sshd.key_path), persistent_tmux=persistent, keepalive_s=keepalive,
        )  # fmt: skip
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        panel = TerminalPanel(controller.server)
        qtbot.addWidget(panel)
        panel.resize(900, 500)
        panel.show()
        controller.link.connect()
        qtbot.waitUntil(lambda: bool(panel.views) and panel.views[0].state == "running", timeout=WAIT)
        made.append((panel, controller))
        return panel

    yield make
    for panel, controller in made:
        panel.shutdown()
        controller.close()


def screen_text(view) -> str:
    screen = view.canvas.screen
    return "\n".join(screen.scrollback + screen.display)


def type_text(qtbot, view, text: str) -> None:
    """Type like a user: every character as a key press into the canvas."""
    qtbot.keyClicks(view.canvas, text)
    qtbot.keyClick(view.canvas, Qt.Key.Key_Return)


def marker() -> str:
    return "M" + uuid.uuid4().hex[:8]


def test_type_a_command_and_see_its_output(make_panel, qtbot) -> None:
    panel = make_panel()
    view = panel.views[0]
    activity = []
    panel.server.activity.subscribe(lambda _kind: activity.append(1))
    m = marker()
    type_text(qtbot, view, f"echo {m[:4]}''{m[4:]}-$((6*7))")
    qtbot.waitUntil(lambda: f"{m}-42" in screen_text(view), timeout=WAIT)
    assert activity  # typing counts as user activity for idle detection


def test_widget_resize_reaches_the_remote_pty(make_panel, qtbot) -> None:
    panel = make_panel()
    view = panel.views[0]
    panel.resize(700, 400)
    qtbot.waitUntil(lambda: view.session is not None and (view.session.cols, view.session.rows) == (view.canvas.screen.cols, view.canvas.screen.rows), timeout=WAIT)
    cols, rows = view.canvas.screen.cols, view.canvas.screen.rows
    type_text(qtbot, view, "stty size")
    qtbot.waitUntil(lambda: f"{rows} {cols}" in screen_text(view), timeout=WAIT)
    panel.resize(1000, 600)
    qtbot.waitUntil(lambda: view.canvas.screen.cols != cols, timeout=WAIT)
    cols2, rows2 = view.canvas.screen.cols, view.canvas.screen.rows
    type_text(qtbot, view, "stty size")
    qtbot.waitUntil(lambda: f"{rows2} {cols2}" in screen_text(view), timeout=WAIT)


def test_new_tab_and_split_open_more_shells_on_one_connection(make_panel, qtbot) -> None:
    panel = make_panel()
    transport = panel.server.link.connection.transport
    second = panel.new_tab()
    third = panel.split(Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: second.state == "running" and third.state == "running", timeout=WAIT)
    assert panel.tabs.count() == 2
    assert third.parentWidget() is second.parentWidget()
    assert panel.server.link.connection.transport is transport  # new channels, no new login
    m = marker()
    type_text(qtbot, third, f"echo {m[:4]}''{m[4:]}")
    qtbot.waitUntil(lambda: m in screen_text(third), timeout=WAIT)
    assert m not in screen_text(second)


def test_broadcast_reaches_two_sessions(make_panel, qtbot) -> None:
    from gpudesk.ui.terminal.broadcast import broadcaster

    one = make_panel()
    two = make_panel()
    a, b = one.views[0], two.views[0]
    bystander = one.new_tab()
    qtbot.waitUntil(lambda: bystander.state == "running", timeout=WAIT)
    bc = broadcaster()
    bc.set_target(a, True)
    bc.set_target(b, True)
    one.broadcast_button.setChecked(True)
    try:
        assert bc.enabled and two.broadcast_button.isChecked()
        m = marker()
        type_text(qtbot, a, f"echo {m[:4]}''{m[4:]}-both")
        qtbot.waitUntil(lambda: f"{m}-both" in screen_text(a) and f"{m}-both" in screen_text(b), timeout=WAIT)
        assert f"{m}-both" not in screen_text(bystander)
    finally:
        one.broadcast_button.setChecked(False)
        bc.set_target(a, False)
        bc.set_target(b, False)


def test_quick_command_runs_in_the_current_terminal(make_panel, qtbot) -> None:
    from gpudesk.core.terminal.quick import QuickCommand, QuickCommandStore

    panel = make_panel()
    m = marker()
    panel.quick.add(QuickCommand("hello", f"echo {m[:4]}''{m[4:]}-quick", panel.server.session.id))
    assert any(c.name == "hello" for c in QuickCommandStore.load().for_session(panel.server.session.id))
    panel.views[0].setFocus()
    panel.run_quick(panel.quick.for_session(panel.server.session.id)[-1])
    qtbot.waitUntil(lambda: f"{m}-quick" in screen_text(panel.views[0]), timeout=WAIT)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed on this machine")
def test_dropped_connection_keeps_screen_and_reattaches_tmux(make_panel, qtbot, proxy) -> None:
    from gpudesk.core import settings

    settings.set("terminal.persistent_tmux", True)
    panel = make_panel(port=proxy.port, persistent=True, keepalive=1)
    view = panel.views[0]
    assert view.tmux and view.tmux.startswith("gpudesk-")
    m = marker()
    type_text(qtbot, view, f"for i in $(seq 1 600); do echo tick-{m}-$i; sleep 0.05; done")
    qtbot.waitUntil(lambda: f"tick-{m}-3" in screen_text(view), timeout=WAIT)
    proxy.cut()
    qtbot.waitUntil(lambda: view.state == "lost" and view.banner.isVisible(), timeout=WAIT)
    assert view.tmux in view.banner.label.text()
    assert f"tick-{m}-3" in screen_text(view)  # the screen stays
    assert view.banner.button.text() == "Reconnect"
    view.banner.button.click()
    qtbot.waitUntil(lambda: view.state == "running" and not view.banner.isVisible(), timeout=WAIT)

    def last_tick() -> int:
        nums = [int(r.rsplit("-", 1)[1]) for r in view.canvas.screen.display if f"tick-{m}-" in r and r.rstrip()[-1:].isdigit()]
        return max(nums, default=0)

    qtbot.waitUntil(lambda: last_tick() > 0, timeout=WAIT)
    seen = last_tick()
    qtbot.waitUntil(lambda: last_tick() >= seen + 5, timeout=WAIT)  # the loop kept running on the server
    qtbot.keyClick(view.canvas, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, view, f"tmux kill-session -t {view.tmux}")
    qtbot.waitUntil(lambda: view.state == "exited", timeout=WAIT)
