"""Terminal logging in the Terminal tab, against the real sshd: a real command's output lands in
the log file as plain text; "log every session" starts logging by itself; the folder opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core import paths, settings
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.qt import QtCore, QtGui
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt


@pytest.fixture
def make_panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    made = []

    def make():
        known = tmp_path / "known_hosts"
        known.write_text(sshd.known_hosts.read_text())
        session = Session(
            name="logme", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
            identity_file=str(sshd.key_path), persistent_tmux=False,
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


def age(path: Path) -> int:
    """Rotated files end in .1, .2 …; a higher number is older, the bare .log is the newest."""
    return int(path.suffix[1:]) if path.suffix[1:].isdigit() else 0


def log_text(folder: Path) -> str:
    """All logged text, oldest first; "" while a rotation renames files under our feet."""
    try:
        files = sorted(folder.glob("*.log*"), key=age, reverse=True) if folder.exists() else []
        return "".join(p.read_text("utf-8", "replace") for p in files)
    except FileNotFoundError:
        return ""


def run(qtbot, view, command: str) -> None:
    qtbot.keyClicks(view.canvas, command)
    qtbot.keyClick(view.canvas, Qt.Key.Key_Return)


def test_log_to_file_writes_plain_text_of_real_output(qtbot, make_panel) -> None:
    panel = make_panel()
    view = panel.views[0]
    folder = Path(panel.log_folder())
    assert folder == paths.data_dir() / "terminal-logs" / panel.server.session.id
    run(qtbot, view, "echo before-logging")
    qtbot.waitUntil(lambda: "before-logging" in "\n".join(view.canvas.screen.display), timeout=WAIT)
    assert not panel.log_action.isChecked()
    panel.log_action.trigger()
    run(qtbot, view, r"printf '\033[1;31mRED-%s\033[0m \033[42mbg\033[0m\n' $((6*7))")
    qtbot.waitUntil(lambda: "RED-42 bg" in log_text(folder), timeout=WAIT)
    text = log_text(folder)
    assert "\x1b" not in text and "\r" not in text
    assert "before-logging" not in text.replace("echo before-logging", "")  # only output from when it was on
    # The output line itself sits alone on its line, as the scrollback shows it.
    assert "RED-42 bg" in text.splitlines()
    panel.log_action.trigger()  # off: later output is not logged
    run(qtbot, view, "echo after-off")
    qtbot.waitUntil(
        # The output line, not the echoed command: a line that is exactly "after-off", wherever the screen is.
        lambda: "after-off" in [line.strip() for line in view.canvas.screen.display + view.canvas.screen.scrollback[-10:]],
        timeout=WAIT,
    )
    assert "after-off" not in log_text(folder)


def test_log_every_session_and_open_the_folder(qtbot, make_panel) -> None:
    settings.set("terminal.log_all", True)
    settings.set("terminal.log_max_mb", 1)
    panel = make_panel()
    assert panel.log_action.isChecked()
    view = panel.views[0]
    folder = Path(panel.log_folder())
    run(qtbot, view, "seq 1 150000 | sed 's/^/line-/'")
    qtbot.waitUntil(lambda: "line-150000" in log_text(folder), timeout=60000)
    files = sorted(folder.glob("*.log*"))
    assert len(files) >= 2 and all(f.stat().st_size <= 1024 * 1024 for f in files)  # rotated at 1 MB
    lines = [ln for ln in log_text(folder).splitlines() if ln.startswith("line-")]
    assert lines[-1] == "line-150000"

    opened: list[QtCore.QUrl] = []

    class Catcher(QtCore.QObject):
        @QtCore.Slot(QtCore.QUrl)
        def open(self, url: QtCore.QUrl) -> None:
            opened.append(url)

    catcher = Catcher()
    QtGui.QDesktopServices.setUrlHandler("file", catcher, "open")
    try:
        panel.log_folder_action.trigger()
        qtbot.waitUntil(lambda: bool(opened), timeout=WAIT)
    finally:
        QtGui.QDesktopServices.unsetUrlHandler("file")
    assert Path(opened[0].toLocalFile()) == folder
