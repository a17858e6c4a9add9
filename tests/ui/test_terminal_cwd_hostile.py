"""Folder names and OSC 7 reports with control characters: never typed into a shell, never adopted by the file pane.

Against the real sshd: a folder whose name holds Ctrl-U (which wipes the typed ``cd`` and runs the rest
of the name) exists on the server; "Open in terminal" on it must run nothing.
"""

from __future__ import annotations

import shlex
import uuid

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.terminal.cwd import cd_line, usable_folder
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt
# Typed as " cd -- '<dir>/x^Utouch PWNED #'": Ctrl-U wipes the line so far, "touch PWNED" runs, "#" hides the quote.
HOSTILE = "x\x15touch PWNED #"


@pytest.mark.parametrize(
    ("path", "ok"),
    [
        ("/home/u/runs/exp 1/it's $(odd)", True),
        ("/home/u/实验", True),
        ("/home/u/x\x15touch PWNED #", False),
        ("/home/u/a\x1b[201~b", False),
        ("/home/u/a\nb", False),
        ("/home/u/a\x85b", False),
        ("/home/u/a\u2028b", False),
        ("/home/u/a\x7fb", False),
        ("relative/dir", False),
        ("", False),
    ],
)
def test_which_folders_may_be_typed_or_followed(path: str, ok: bool) -> None:
    assert usable_folder(path) is ok
    line = cd_line(path)
    assert (line is not None) is ok
    if line is not None:
        assert line == f" cd -- {shlex.quote(path)}\r".encode()


@pytest.fixture
def both(qtbot, sshd, connect, tmp_path):
    """A terminal panel and a files panel on one connection, a scratch folder, and a probe connection."""
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel
    from gpudesk.ui.terminal.panel import TerminalPanel

    probe = connect()
    folder = probe.exec("mktemp -d ~/cwdhostile.XXXXXX").out.strip()
    probe.exec(f"mkdir -p {shlex.quote(folder + '/' + HOSTILE)} {shlex.quote(folder + '/ok')}")
    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="cwd", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0, persistent_tmux=False,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    terminal, files = TerminalPanel(controller.server), FilesPanel(controller.server)
    for w in (terminal, files):
        qtbot.addWidget(w)
        w.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: bool(terminal.views) and terminal.views[0].state == "running", timeout=WAIT)
    qtbot.waitUntil(lambda: files.remote.path.startswith("/"), timeout=WAIT)
    view = terminal.views[0]
    # The shell works in the scratch folder: a "touch PWNED" that ran would leave its file there.
    view.send_to_host(f" cd -- {shlex.quote(folder)}\r".encode())
    qtbot.waitUntil(lambda: view.session.current_folder(probe) == folder, timeout=WAIT)
    yield controller, terminal, files, view, probe, folder
    files.shutdown()
    terminal.shutdown()
    controller.close()
    probe.exec(f"rm -rf {shlex.quote(folder)}")


def settle(qtbot, view) -> None:
    """Type a marker command and wait for its output: everything typed before it has been handled."""
    m = "Z" + uuid.uuid4().hex[:6]
    view.send_to_host(f" echo {m[:3]}''{m[3:]}\r".encode())
    screen = view.canvas.screen
    qtbot.waitUntil(lambda: any(line.startswith(m) for line in screen.scrollback + screen.display), timeout=WAIT)


def settle_io(qtbot, controller) -> None:
    """Wait until the connection's IO thread has run everything submitted so far (it runs one task at a time)."""
    done: list[int] = []
    controller.submit(lambda _conn: None, lambda _r: done.append(1))
    qtbot.waitUntil(lambda: bool(done), timeout=WAIT)


def test_open_in_terminal_refuses_a_name_with_ctrl_u_and_runs_nothing(both, qtbot) -> None:
    controller, _terminal, files, view, probe, folder = both
    files.remote.navigate(folder)
    qtbot.waitUntil(lambda: files.remote.path == folder and files.remote.item_named(HOSTILE) is not None, timeout=WAIT)
    files.remote.tree.setCurrentItem(files.remote.item_named(HOSTILE))
    files._remote_menu(QtCore.QPoint(5, 5))
    menu = next(w for w in QtWidgets.QApplication.topLevelWidgets() if isinstance(w, QtWidgets.QMenu) and w.isVisible())
    next(a for a in menu.actions() if a.text() == "Open in terminal").trigger()
    menu.close()
    settle(qtbot, view)
    assert probe.exec(f"test -e {shlex.quote(folder)}/PWNED").exit_code != 0, "the rest of the name ran as a command"
    assert view.session.current_folder(probe) == folder  # and the shell stayed where it was
    assert "control characters" in files.message.text() and "\\x15" in files.message.text()


@pytest.mark.parametrize("name", [HOSTILE, "x\x1b\x1b[201~y", "x\ntouch PWNED"])
def test_a_cd_request_from_anywhere_types_nothing_for_such_a_name(both, qtbot, name: str) -> None:
    """The terminal panel itself refuses, whoever asks (not only the Files panel's menu)."""
    controller, terminal, _files, view, probe, folder = both
    probe.exec(f"mkdir -p {shlex.quote(folder + '/' + name)}")
    assert terminal.change_folder(f"{folder}/{name}") is False
    terminal.terminal.cd_wanted.emit(f"{folder}/{name}")
    settle(qtbot, view)
    assert probe.exec(f"test -e {shlex.quote(folder)}/PWNED").exit_code != 0
    assert view.session.current_folder(probe) == folder


def test_a_hostile_osc7_is_not_followed(both, qtbot) -> None:
    controller, _terminal, files, view, _probe, folder = both
    files.follow_box.setChecked(True)
    qtbot.waitUntil(lambda: files.remote.path == folder, timeout=WAIT)
    reported: list[str] = []
    files.terminal.folder.connect(reported.append)
    loads = files.remote._generation
    encoded = "x%15touch%20PWNED%20%23"
    for report in (
        f"\x1b]7;file://gpu-box{folder}/{encoded}\x07",  # control characters, percent-encoded
        f"\x1b]7;file://gpu-box{folder}/ok%1b%5b201~\x07",  # an ESC
        "\x1b]7;ok\x07",  # not absolute (a folder of that name may exist wherever it is read against)
    ):
        view.canvas.feed(report.encode())
    assert reported == []
    # The file pane checks too, whoever reports.
    files.terminal.folder.emit(f"{folder}/{HOSTILE}")
    files.terminal.folder.emit("ok")
    assert files.remote._generation == loads  # no listing was even asked for
    # A good report is still followed.
    view.canvas.feed(f"\x1b]7;file://gpu-box{folder}/ok\x07".encode())
    qtbot.waitUntil(lambda: files.remote.path == f"{folder}/ok", timeout=WAIT)


def test_a_shell_inside_such_a_folder_is_not_followed_there(both, qtbot) -> None:
    """No OSC 7 (plain bash): the folder is asked from the server; its answer gets the same check."""
    controller, _terminal, files, view, probe, folder = both
    files.follow_box.setChecked(True)
    qtbot.waitUntil(lambda: files.remote.path == folder, timeout=WAIT)
    reported: list[str] = []
    files.terminal.folder.connect(reported.append)
    view.send_to_host(b" cd x*\r")  # a glob: the test types no control character either
    qtbot.waitUntil(lambda: view.session.current_folder(probe) == f"{folder}/{HOSTILE}", timeout=WAIT)
    view.report_folder()
    settle_io(qtbot, controller)
    assert reported == []
    assert files.remote.path == folder
