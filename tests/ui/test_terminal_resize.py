"""The remote pty follows the terminal view: window, splitter, hidden tabs, font, against sshd and the demo server."""

from __future__ import annotations

import re
import shutil
import uuid

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt


@pytest.fixture(params=["sshd", "demo"])
def server(request, tmp_path):
    """(host, port, username, password or None, known_hosts text, key file or None) of a real sshd or the demo server."""
    if request.param == "sshd":
        sshd = request.getfixturevalue("sshd")
        yield sshd.host, sshd.port, sshd.username, None, sshd.known_hosts.read_text(), str(sshd.key_path)
        return
    from gpudesk.core.demo.server import DemoConfig, DemoServer

    demo = DemoServer(DemoConfig(gpus=1, sandbox=tmp_path / "demo")).start()
    try:
        yield demo.host, demo.port, demo.username, demo.password, demo.known_hosts_line(), None
    finally:
        demo.stop()


@pytest.fixture
def make_panel(qtbot, server, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    host, port, user, password, known_text, key = server
    known = tmp_path / "known_hosts"
    known.write_text(known_text)
    made = []

    def make():
        if key:
            session = Session(name="rs", host=host, port=port, username=user, auth="key_file", identity_file=key, keepalive_s=0)
        else:
            session = Session(name="rs", host=host, port=port, username=user, auth="password", keepalive_s=0)
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        if password:
            controller.link.set_password(password)
        panel = TerminalPanel(controller.server)
        made.append((panel, controller))
        return panel, controller

    yield make
    for panel, controller in made:
        panel.shutdown()
        controller.close()


def screen_text(view) -> str:
    screen = view.canvas.screen
    return "\n".join(screen.scrollback + screen.display)


def stty_size(qtbot, view) -> tuple[int, int]:
    """Type ``stty size`` (with a marker) and return the answer: (rows, cols)."""
    m = "S" + uuid.uuid4().hex[:6]
    view.send_to_host(f"echo {m[:3]}''{m[3:]} $(stty size)\r".encode())
    # The whole answer line: right after a resize tmux redraws the pane row by row, and a row caught half
    # redrawn can show the next prompt's tail beside the numbers for a moment.
    answer = re.compile(rf"^{m} (\d+) (\d+)\s*$")

    def found() -> re.Match[str] | None:
        return next((hit for line in screen_text(view).splitlines() if (hit := answer.match(line))), None)

    qtbot.waitUntil(lambda: found() is not None, timeout=WAIT)
    hit = found()
    assert hit is not None
    return int(hit.group(1)), int(hit.group(2))


def model_size(view) -> tuple[int, int]:
    rows, cols = view.canvas.screen.rows, view.canvas.screen.cols
    return (rows - 1 if view.tmux else rows), cols  # tmux's status line takes a row


def stty_matches(qtbot, view) -> None:
    """The shell's ``stty size`` is the screen model's rows and columns."""
    assert stty_size(qtbot, view) == model_size(view)


def stty_settles(qtbot, view) -> None:
    """Inside tmux the pane takes the new size a moment after the window-change: ask until it has."""
    seen: list[tuple[int, int]] = []

    def settled() -> bool:
        seen.append(stty_size(qtbot, view))
        return seen[-1] == model_size(view)

    qtbot.waitUntil(settled, timeout=WAIT)


def running(qtbot, *views) -> None:
    qtbot.waitUntil(lambda: all(v.state == "running" for v in views), timeout=WAIT)
    for v in views:
        # The prompt is there (the shell reads what is typed from now on).
        qtbot.waitUntil(lambda v=v: "$" in screen_text(v) or "#" in screen_text(v), timeout=WAIT)


def test_window_resize_reaches_every_tab_even_hidden_ones(make_panel, qtbot) -> None:
    panel, controller = make_panel()
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: bool(panel.views), timeout=WAIT)
    first = panel.views[0]
    second = panel.new_tab()
    running(qtbot, first, second)
    stty_matches(qtbot, second)
    panel.resize(1200, 700)  # the first tab is hidden now
    qtbot.waitUntil(lambda: second.canvas.screen.cols > 100, timeout=WAIT)
    stty_matches(qtbot, second)
    panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: first.canvas.screen.cols > 100, timeout=WAIT)
    stty_matches(qtbot, first)


def tmux_kill(qtbot, *views) -> None:
    for v in views:
        if v.tmux and v.state == "running":
            v.send_to_host(f"tmux kill-session -t {v.tmux}\r".encode())
    qtbot.waitUntil(lambda: all(v.state != "running" for v in views if v.tmux), timeout=WAIT)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed on this machine")
def test_tmux_follows_window_splitter_and_font(make_panel, qtbot) -> None:
    """Inside tmux (the default), the pane's size follows every resize: its status line never wraps."""
    from gpudesk.core import settings

    settings.set("terminal.persistent_tmux", True)
    panel, controller = make_panel()
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: bool(panel.views), timeout=WAIT)
    first = panel.views[0]
    running(qtbot, first)
    try:
        assert first.tmux
        stty_settles(qtbot, first)
        panel.resize(1200, 700)  # the window
        qtbot.waitUntil(lambda: first.canvas.screen.cols > 100, timeout=WAIT)
        stty_settles(qtbot, first)
        second = panel.split(Qt.Orientation.Horizontal)  # the first view shrinks beside it
        running(qtbot, second)
        splitter = first.parentWidget()
        assert isinstance(splitter, QtWidgets.QSplitter)
        splitter.setSizes([900, 300])  # the splitter moved
        qtbot.waitUntil(lambda: first.canvas.width() > 800, timeout=WAIT)
        stty_settles(qtbot, first)
        stty_settles(qtbot, second)
        first.canvas.set_font_size(first.canvas.painter.font.pointSize() + 6)  # a font change
        stty_settles(qtbot, first)
    finally:
        tmux_kill(qtbot, *panel.views)


def test_a_drag_sends_its_final_size_once(make_panel, qtbot, server) -> None:
    """Thirty sizes in one drag: the server hears one window-change, with the size the drag ends on."""
    panel, controller = make_panel()
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: bool(panel.views), timeout=WAIT)
    view = panel.views[0]
    running(qtbot, view)
    stty_matches(qtbot, view)
    chan = view.session.channel
    sent: list[tuple[int, int]] = []
    real = chan.resize_pty

    def recording(width: int = 80, height: int = 24, width_pixels: int = 0, height_pixels: int = 0) -> None:
        sent.append((width, height))
        real(width, height, width_pixels, height_pixels)

    chan.resize_pty = recording  # still sends: only remembers what went out
    grids: list[tuple[int, int]] = []
    view.canvas.size_changed.connect(lambda c, r: grids.append((c, r)))
    for step in range(30):  # one drag: the resize events arrive back to back
        panel.resize(900 + 10 * step, 500 + 5 * step)
    assert len(set(grids)) >= 20  # the grid really changed at (nearly) every step
    final = (view.canvas.screen.cols, view.canvas.screen.rows)
    qtbot.waitUntil(lambda: bool(sent), timeout=WAIT)
    stty_matches(qtbot, view)
    assert sent == [final]


def test_guide_opening_in_the_window_resizes_the_demo_terminal(window, qtbot) -> None:
    """The app's own demo, persistent terminal (tmux) as by default: opening the Guide dock narrows the pane."""
    from gpudesk.core import settings
    from gpudesk.ui.terminal.panel import TerminalPanel

    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed on this machine")
    settings.set("terminal.persistent_tmux", True)
    window.resize(1300, 800)
    window.start_demo()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    tab = window.tabs.widget(0)
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    term = next(p for p in tab.panels if isinstance(p, TerminalPanel))
    qtbot.waitUntil(lambda: bool(term.views), timeout=WAIT)
    view = term.views[0]
    tab.tabs.setCurrentWidget(term)  # a tab that was hidden while its shell started
    running(qtbot, view)
    try:
        assert view.tmux
        stty_settles(qtbot, view)
        cols = view.canvas.screen.cols
        window.show_guide(True)
        qtbot.waitUntil(lambda: view.canvas.screen.cols < cols, timeout=WAIT)
        stty_settles(qtbot, view)
    finally:
        tmux_kill(qtbot, view)
