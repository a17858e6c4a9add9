"""Files panel against the real sshd: "Edit" never runs a file, drag-out downloads once, after the drop."""

from __future__ import annotations

import ctypes
import shlex
import sys
from pathlib import Path

import pytest

from gpudesk.core import settings
from gpudesk.core.transfer import DONE
from gpudesk.ui.files import dragout
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.waits import WAIT
from tests.ui.test_files_panel import go, panel  # noqa: F401 - the same real-sshd Files panel fixture

pytestmark = [
    pytest.mark.gui,
    pytest.mark.e2e,
    pytest.mark.filterwarnings("ignore:Function.*QDragEnterEvent:DeprecationWarning"),
]
Qt = QtCore.Qt


class Opened(QtCore.QObject):
    """Receives every URL the app hands to the desktop's default action (a real Qt URL handler)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @QtCore.Slot(QtCore.QUrl)
    def record(self, url: QtCore.QUrl) -> None:
        self.urls.append(url.toLocalFile())


@pytest.fixture
def desktop(monkeypatch, tmp_path: Path):
    handler = Opened()
    QtGui.QDesktopServices.setUrlHandler("file", handler, "record")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-path"))  # no graphical editor to fall back on
    yield handler
    QtGui.QDesktopServices.unsetUrlHandler("file")


def edit(panel, qtbot, remote: str) -> Path:  # noqa: F811 - panel is the imported fixture
    panel.edit_remote(remote)
    qtbot.waitUntil(lambda: any(r == remote for r in panel._editing.values()), timeout=WAIT)
    return Path(next(local for local, r in panel._editing.items() if r == remote))


@pytest.mark.parametrize("name", ["train.py", "setup.bat", "run.command", "launcher.desktop"])
def test_edit_never_hands_a_program_to_the_desktop(panel, qtbot, connect, remote_dir: str, desktop, monkeypatch, name) -> None:  # noqa: F811 - panel is the imported fixture
    monkeypatch.setattr(sys, "platform", "linux")
    conn = connect()
    remote = f"{remote_dir}/{name}"
    conn.exec(f"printf 'echo pwned > /tmp/pwned\\n' > {shlex.quote(remote)}")
    local = edit(panel, qtbot, remote)
    assert desktop.urls == []
    assert "could run as a program" in panel.message.text() and "files.editor" in panel.message.text()
    local.write_text("print('edited')\n")  # saving still goes back to the server
    qtbot.waitUntil(lambda: conn.exec(f"cat {shlex.quote(remote)}").out == "print('edited')\n", timeout=WAIT)
    # A plain text file still goes to the desktop's default application.
    conn.exec(f"printf 'lr: 0.1\\n' > {shlex.quote(remote_dir)}/config.yaml")
    config = edit(panel, qtbot, f"{remote_dir}/config.yaml")
    assert desktop.urls == [str(config)]


def test_edit_with_the_editor_setting_starts_that_editor(panel, qtbot, connect, remote_dir: str, desktop, monkeypatch,  # noqa: F811 - panel is the imported fixture
                                                         tmp_path: Path) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "platform", "linux")
    seen = tmp_path / "editor-saw"
    script = tmp_path / "my editor"
    script.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > {shlex.quote(str(seen))}\n")
    script.chmod(0o755)
    settings.set("files.editor", f"{shlex.quote(str(script))} --wait")
    conn = connect()
    conn.exec(f"printf 'x' > {shlex.quote(remote_dir)}/job.sh")
    local = edit(panel, qtbot, f"{remote_dir}/job.sh")
    qtbot.waitUntil(lambda: seen.exists() and seen.read_text().endswith("\n"), timeout=WAIT)
    assert seen.read_text().splitlines() == ["--wait", str(local)]
    assert desktop.urls == []


def held(widget: QtWidgets.QWidget) -> None:
    """The user presses the mouse button, as at the start of a drag."""
    QtCore.QCoreApplication.processEvents()
    from PySide6.QtTest import QTest

    QTest.mousePress(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QtCore.QPoint(5, 5))
    assert QtGui.QGuiApplication.mouseButtons() == Qt.MouseButton.LeftButton


def released(widget: QtWidgets.QWidget) -> None:
    from PySide6.QtTest import QTest

    QTest.mouseRelease(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QtCore.QPoint(5, 5))
    assert QtGui.QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton


def shell_asks_for_formats(mime: QtCore.QMimeData) -> list[QtCore.QUrl]:
    """What Qt's Windows converter does when Explorer lists formats or hovers (QWindowsMimeURI)."""
    assert "text/uri-list" in mime.formats() and mime.hasUrls() and mime.hasFormat("text/uri-list")
    urls = mime.urls()
    assert urls and all(u.isLocalFile() for u in urls)  # CF_HDROP stays on offer
    mime.data("text/uri-list")
    return urls


def downloads_of(panel, remote: str) -> int:  # noqa: F811 - panel is the imported fixture
    return sum(1 for i in panel.queue.items if i.source == remote)


def test_drag_to_the_local_pane_downloads_once(panel, qtbot, connect, remote_dir: str, tmp_path: Path) -> None:  # noqa: F811 - panel is the imported fixture
    conn = connect()
    conn.exec(f"head -c 50000 /dev/urandom > {shlex.quote(remote_dir)}/weights.bin")
    remote = f"{remote_dir}/weights.bin"
    target = tmp_path / "here"
    target.mkdir()
    go(qtbot, panel.remote, remote_dir)
    go(qtbot, panel.local, str(target))
    qtbot.waitUntil(lambda: panel.remote.item_named("weights.bin") is not None, timeout=WAIT)
    held(panel.remote.tree.viewport())
    mime = panel.remote.tree.mimeData([panel.remote.item_named("weights.bin")])  # drag start
    for _ in range(3):
        shell_asks_for_formats(mime)  # the system's drag machinery probes while the drag moves
    assert downloads_of(panel, remote) == 0
    viewport = panel.local.tree.viewport()
    pos = QtCore.QPointF(5, viewport.height() - 5)
    enter = QtGui.QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    released(panel.remote.tree.viewport())
    ev = QtGui.QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(viewport, ev)
    assert ev.isAccepted()
    assert mime.urls() == []  # the local pane has it: nothing for anyone else
    item = next(i for i in panel.queue.items if i.source == remote)
    qtbot.waitUntil(lambda: item.state == DONE, timeout=WAIT)
    assert downloads_of(panel, remote) == 1
    assert (target / "weights.bin").stat().st_size == 50000


def test_drag_to_the_desktop_downloads_once_after_the_drop(panel, qtbot, connect, remote_dir: str) -> None:  # noqa: F811 - panel is the imported fixture
    conn = connect()
    conn.exec(f"head -c 70000 /dev/urandom > {shlex.quote(remote_dir)}/ckpt.pt")
    remote = f"{remote_dir}/ckpt.pt"
    go(qtbot, panel.remote, remote_dir)
    qtbot.waitUntil(lambda: panel.remote.item_named("ckpt.pt") is not None, timeout=WAIT)
    held(panel.remote.tree.viewport())
    mime = panel.remote.tree.mimeData([panel.remote.item_named("ckpt.pt")])
    before = shell_asks_for_formats(mime)
    shell_asks_for_formats(mime)
    assert downloads_of(panel, remote) == 0 and mime.staged is None
    assert not Path(before[0].toLocalFile()).exists()  # stand-ins name the file, nothing is written
    released(panel.remote.tree.viewport())
    urls = mime.urls()  # the drop's request
    assert downloads_of(panel, remote) == 1
    [local] = [Path(u.toLocalFile()) for u in urls]
    assert local.name == "ckpt.pt" and local.stat().st_size == 70000
    for _ in range(3):
        assert mime.urls() == urls  # targets ask per format
    assert downloads_of(panel, remote) == 1


def test_windows_drop_is_read_from_the_system_button_state(monkeypatch) -> None:
    """On Windows OLE runs the drag and Qt never sees the release: the OS's button state decides."""
    down: set[int] = {0x01}

    class User32:
        @staticmethod
        def GetAsyncKeyState(vk: int) -> int:  # noqa: N802 - the Win32 name
            return 0x8000 if vk in down else 0

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", type("WinDLL", (), {"user32": User32()})(), raising=False)
    assert dragout.dropped() is False
    down.clear()
    assert dragout.dropped() is True
    down.add(0x02)  # a right-button drag (Explorer's "Copy here" menu) is not dropped yet either
    assert dragout.dropped() is False
