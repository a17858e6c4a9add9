"""The Files sub-tab against the real sshd: drag-and-drop both ways, remote operations, conflicts."""

from __future__ import annotations

import hashlib
import os
import shlex
from pathlib import Path

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.transfer import DONE
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.waits import WAIT

pytestmark = [
    pytest.mark.gui,
    pytest.mark.e2e,
    # PySide flags the QPoint drag-enter constructor; it is the one Qt 6 offers for a synthetic drag.
    pytest.mark.filterwarnings("ignore:Function.*QDragEnterEvent:DeprecationWarning"),
]
Qt = QtCore.Qt


def tree_hashes(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="files", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    p = FilesPanel(controller.server)
    qtbot.addWidget(p)
    p.resize(1000, 700)
    p.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: p.remote.path.startswith("/"), timeout=WAIT)
    yield p
    p.shutdown()
    controller.close()


def go(qtbot, pane, path: str) -> None:
    with qtbot.waitSignal(pane.listed, timeout=WAIT):
        pane.navigate(path)


def drop(pane, mime: QtCore.QMimeData) -> bool:
    """Deliver a drag-enter and a drop to the pane's list, as a drag from elsewhere would."""
    viewport = pane.tree.viewport()
    pos = QtCore.QPointF(5, viewport.height() - 5)  # empty space: the pane's own folder
    enter = QtGui.QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(viewport, enter)
    if not enter.isAccepted():
        return False
    ev = QtGui.QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(viewport, ev)
    return ev.isAccepted()


def test_drag_and_drop_both_ways(panel, qtbot, connect, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "proj" / "sub").mkdir(parents=True)
    (src / "proj" / "sub" / "data.bin").write_bytes(os.urandom(200_000))
    for i in range(12):
        (src / "proj" / f"f{i}.txt").write_bytes(os.urandom(1000 + i))
    (src / "model.pt").write_bytes(os.urandom(2_000_000))
    go(qtbot, panel.local, str(src))
    go(qtbot, panel.remote, remote_dir)
    assert panel.local.item_named("proj") is not None

    # Local pane -> remote pane (the same mime a drag from the desktop carries: file URLs).
    mime = panel.local.mime_for([str(src / "proj"), str(src / "model.pt")])
    assert not drop(panel.local, mime)  # the local pane does not take local files
    assert drop(panel.remote, mime)
    qtbot.waitUntil(lambda: len(panel.queue.items) == 2 and all(i.state == DONE for i in panel.queue.items), timeout=WAIT)
    qtbot.waitUntil(lambda: panel.remote.item_named("proj") is not None and panel.remote.item_named("model.pt") is not None, timeout=WAIT)
    conn = connect()
    assert conn.exec(f"sha256sum {shlex.quote(remote_dir)}/model.pt").out.split()[0] == hashlib.sha256((src / "model.pt").read_bytes()).hexdigest()

    # Remote pane -> local pane, into another folder.
    back = tmp_path / "back"
    back.mkdir()
    go(qtbot, panel.local, str(back))
    mime = panel.remote.mime_for([f"{remote_dir}/proj", f"{remote_dir}/model.pt"])
    assert drop(panel.local, mime)
    qtbot.waitUntil(lambda: len(panel.queue.items) == 4 and all(i.state == DONE for i in panel.queue.items), timeout=WAIT)
    qtbot.waitUntil(lambda: panel.local.item_named("proj") is not None, timeout=WAIT)
    assert tree_hashes(back) == tree_hashes(src)
    # The queue view shows every item, finished (its updates arrive through the event loop).
    view = panel.queue_view.tree
    qtbot.waitUntil(lambda: view.topLevelItemCount() == 4 and all(view.topLevelItem(i).text(5) == "Done" for i in range(4)), timeout=WAIT)
    assert "No active transfers" in panel.queue_view.summary.text()


def test_drag_out_to_the_desktop_downloads_on_drop(panel, qtbot, connect, remote_dir: str, tmp_path: Path) -> None:
    """A drag from the remote pane to Explorer/Finder: files are fetched only when the drop asks for them."""
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && mkdir -p run/ckpt && head -c 300000 /dev/urandom > run/ckpt/last.pt && echo loss=0.1 > run/log.txt && head -c 70000 /dev/urandom > weights.bin")
    go(qtbot, panel.remote, remote_dir)
    qtbot.waitUntil(lambda: panel.remote.item_named("weights.bin") is not None, timeout=WAIT)
    items = [panel.remote.item_named("run"), panel.remote.item_named("weights.bin")]
    mime = panel.remote.tree.mimeData(items)  # what the list hands to QDrag when a drag starts
    assert "text/uri-list" in mime.formats() and mime.hasUrls()

    # Hovering over our own panes fetches nothing: the remote pane refuses its own paths,
    # and the local pane takes the remote paths and queues the download itself.
    assert not drop(panel.remote, mime)
    viewport = panel.local.tree.viewport()
    enter = QtGui.QDragEnterEvent(QtCore.QPoint(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()  # the local pane takes remote paths as they are
    assert mime.staged is None and panel.queue.items == []

    # A target asking again while the first request still waits gets nothing, not a second download.
    nested: list[list] = []
    first_stage = mime.stage
    mime.stage = lambda paths: (nested.append(mime.urls()), first_stage(paths))[1]

    # The desktop asks for the files on drop: they arrive complete, outside any user folder.
    urls = mime.urls()
    assert nested == [[]]
    local = [Path(u.toLocalFile()) for u in urls]
    assert sorted(p.name for p in local) == ["run", "weights.bin"]
    staged = local[0].parent
    assert staged.is_relative_to(Path(os.environ["GPUDESK_HOME"]))
    want = {}
    for rel in ("run/ckpt/last.pt", "run/log.txt", "weights.bin"):
        want[rel] = conn.exec(f"sha256sum {rq}/{rel}").out.split()[0]
    assert tree_hashes(staged) == want  # no .gpudesk-part leftovers either
    # Asked again (targets ask per format): no second download.
    assert mime.urls() == urls and len(panel.queue.items) == 2
    assert bytes(mime.data("text/uri-list")).decode().split("\r\n")[:2] == [u.toString(QtCore.QUrl.ComponentFormattingOption.FullyEncoded) for u in urls]


def test_drag_out_cancel_or_failure_offers_no_files(panel, qtbot, connect, remote_dir: str) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"head -c 400M /dev/zero > {rq}/huge.bin")
    go(qtbot, panel.remote, remote_dir)

    def press_cancel() -> None:
        dialogs = panel.findChildren(QtWidgets.QProgressDialog)
        if not dialogs:
            QtCore.QTimer.singleShot(20, press_cancel)
            return
        dialogs[0].findChild(QtWidgets.QPushButton).click()  # the dialog's Cancel button

    QtCore.QTimer.singleShot(0, press_cancel)
    mime = panel.remote.mime_for([f"{remote_dir}/huge.bin"])
    assert mime.urls() == []
    item = panel.queue.items[-1]
    qtbot.waitUntil(lambda: item.state == "cancelled", timeout=WAIT)
    # Nothing half-written is left behind: the partial copy goes with the cancel.
    qtbot.waitUntil(lambda: not list(Path(os.environ["GPUDESK_HOME"]).rglob("huge.bin*")), timeout=WAIT)

    # A file that vanished: the drop gets nothing and the panel says why.
    mime = panel.remote.mime_for([f"{remote_dir}/gone.bin"])
    assert mime.urls() == []
    assert "gone.bin" in panel.message.text()


def test_keyboard_delete_rename_refresh_on_the_remote_list(panel, qtbot, connect, remote_dir: str) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && printf a > old.txt && printf b > doomed.txt")
    go(qtbot, panel.remote, remote_dir)
    tree = panel.remote.tree
    tree.setFocus()
    tree.setCurrentItem(panel.remote.item_named("doomed.txt"))
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    box = panel._confirm
    assert box is not None and box.isVisible() and "1" in box.text()
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        box.button(QtWidgets.QMessageBox.StandardButton.Yes).click()
    assert panel.remote.item_named("doomed.txt") is None

    conn.exec(f"printf c > {rq}/appeared.txt")
    panel.activateWindow()  # back from the question, as the window manager does
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activeWindow() is panel.window())
    tree.setFocus()
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        qtbot.keyClick(tree, Qt.Key.Key_F5)
    assert panel.remote.item_named("appeared.txt") is not None

    def type_new_name() -> None:
        dialog = next(w for w in QtWidgets.QApplication.topLevelWidgets() if isinstance(w, QtWidgets.QInputDialog) and w.isVisible())
        dialog.setTextValue("new.txt")
        dialog.accept()

    tree.setCurrentItem(panel.remote.item_named("old.txt"))
    QtCore.QTimer.singleShot(200, type_new_name)
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        qtbot.keyClick(tree, Qt.Key.Key_F2)
    assert panel.remote.item_named("new.txt") is not None and panel.remote.item_named("old.txt") is None
    assert conn.exec(f"cat {rq}/new.txt").out == "a"


def test_remote_operations_sorting_and_conflict(panel, qtbot, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && head -c 5000 /dev/zero > big && printf x > small && printf h > .hidden")
    go(qtbot, panel.remote, remote_dir)
    names = lambda: [panel.remote.tree.topLevelItem(i).text(0) for i in range(panel.remote.tree.topLevelItemCount())]  # noqa: E731
    assert names() == ["big", "small"]  # hidden files stay hidden until asked
    panel.remote.hidden_box.setChecked(True)
    assert ".hidden" in names()
    panel.remote.tree.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert names()[0] == "big" and panel.remote.item_named("big").text(1) == "4.9 KiB"

    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        panel.new_folder("made")
    assert panel.remote.item_named("made").entry.is_dir
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        panel.rename(f"{remote_dir}/small", "renamed")
    assert panel.remote.item_named("renamed") is not None and panel.remote.item_named("small") is None
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        panel.chmod(f"{remote_dir}/renamed", 0o644, "600")
    assert panel.remote.item_named("renamed").text(3) == "-rw-------"
    panel.delete([f"{remote_dir}/made"])  # asks first
    box = panel._confirm
    assert box.isVisible()
    with qtbot.waitSignal(panel.remote.listed, timeout=WAIT):
        box.button(QtWidgets.QMessageBox.StandardButton.Yes).click()
    assert panel.remote.item_named("made") is None
    panel.copy_paths([f"{remote_dir}/big"])
    assert QtGui.QGuiApplication.clipboard().text() == f"{remote_dir}/big"

    # A conflict is a question in a dialog; the transfer waits for it without blocking the GUI.
    local = tmp_path / "big"
    local.write_bytes(b"new content")
    [item] = panel.upload([str(local)], remote_dir)
    qtbot.waitUntil(lambda: bool(panel._dialogs), timeout=WAIT)
    dialog = panel._dialogs[0]
    assert dialog.buttons["resume"].isEnabled() is False  # the target is longer than the source
    dialog.buttons["skip"].click()
    qtbot.waitUntil(lambda: item.state == DONE, timeout=WAIT)
    assert item.result == "skipped"
    assert conn.exec(f"stat -c %s {rq}/big").out.strip() == "5000"


def test_edit_remote_file_uploads_on_save(panel, qtbot, connect, remote_dir: str) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"printf 'lr = 0.1' > {rq}/config.yaml")
    panel.edit_remote(f"{remote_dir}/config.yaml", open_editor=False)
    qtbot.waitUntil(lambda: bool(panel._editing), timeout=WAIT)
    [local] = list(panel._editing)
    assert Path(local).read_text() == "lr = 0.1"
    Path(local).write_text("lr = 0.01")  # what the editor does on save
    qtbot.waitUntil(lambda: conn.exec(f"cat {rq}/config.yaml").out == "lr = 0.01", timeout=WAIT)


def test_dropped_connection_pauses_queue_and_reconnect_resumes(qtbot, sshd, proxy, connect, remote_dir: str, tmp_path: Path) -> None:
    from gpudesk.core.transfer import PAUSED
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    session = Session(
        name="cut", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    from gpudesk.core import settings

    # A cut through the fault proxy does not always reset our socket (a half-dead link, as on
    # real networks); the transfer's own stall timeout then finds it, kept short here.
    settings.set("transfer.stall_timeout_s", 4)
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    p = FilesPanel(controller.server)
    qtbot.addWidget(p)
    try:
        controller.link.connect()
        qtbot.waitUntil(lambda: p.remote.path.startswith("/"), timeout=WAIT)
        src = tmp_path / "weights.bin"
        src.write_bytes(os.urandom(96 * 1024 * 1024))
        [item] = p.upload([str(src)], remote_dir)
        qtbot.waitUntil(lambda: item.done > 0 or item.state == DONE, timeout=WAIT)
        proxy.cut()
        # Either the connection's monitor reports the drop (the queue pauses and waits), or the
        # transfer notices first and the panel reconnects by itself; both must end in one
        # complete, verified file.
        try:
            qtbot.waitUntil(lambda: controller.state == "dropped" or item.state == DONE or controller.state == "connecting", timeout=60000)
        except Exception as err:
            c = controller.connection
            t = c.transport if c else None
            raise AssertionError(f"state={controller.state} item={item} active={t.is_active() if t else None} conns={proxy.connections}") from err
        if controller.state == "dropped":
            assert "Connection lost" in p.message.text()
            qtbot.waitUntil(lambda: item.state == PAUSED and item.waiting_for_connection, timeout=60000)
            controller.link.reconnect()
        qtbot.waitUntil(lambda: item.state == DONE, timeout=60000)
        conn = connect()
        rq = shlex.quote(remote_dir)
        assert conn.exec(f"sha256sum {rq}/weights.bin").out.split()[0] == hashlib.sha256(src.read_bytes()).hexdigest()
        assert conn.exec(f"ls -A {rq}").out.split() == ["weights.bin"]
    finally:
        p.shutdown()
        controller.close()


def test_remote_pane_follows_the_terminal_folder(qtbot, sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    """Tick "Follow terminal", cd in the terminal: the remote pane shows that folder."""
    from gpudesk.core import settings
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel
    from gpudesk.ui.terminal.panel import TerminalPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="follow", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0, persistent_tmux=False,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    terminal, files = TerminalPanel(controller.server), FilesPanel(controller.server)
    for w in (terminal, files):
        qtbot.addWidget(w)
        w.show()
    controller.link.connect()
    try:
        qtbot.waitUntil(lambda: bool(terminal.views) and terminal.views[0].state == "running", timeout=WAIT)
        qtbot.waitUntil(lambda: files.remote.path.startswith("/"), timeout=WAIT)
        home = files.remote.path
        connect().exec(f"mkdir -p {shlex.quote(remote_dir)}/runs/exp1")
        view = terminal.views[0]

        # Off by default: a cd leaves the pane where it is.
        assert not files.follow_box.isChecked()
        qtbot.keyClicks(view.canvas, f"cd {remote_dir}")
        qtbot.keyClick(view.canvas, Qt.Key.Key_Return)
        qtbot.wait(1200)
        assert files.remote.path == home

        files.follow_box.setChecked(True)  # asks the terminal where it is now
        qtbot.waitUntil(lambda: files.remote.path == remote_dir, timeout=WAIT)
        assert settings.get("files.follow_terminal") is True  # kept for the next start
        qtbot.keyClicks(view.canvas, "cd runs/exp1")
        qtbot.keyClick(view.canvas, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: files.remote.path == f"{remote_dir}/runs/exp1", timeout=WAIT)

        # A shell that reports its folder itself (OSC 7 at the prompt) is followed at once.
        view.canvas.feed(f"\x1b]7;file://gpu-box{remote_dir}/runs\x07".encode())
        qtbot.waitUntil(lambda: files.remote.path == f"{remote_dir}/runs", timeout=WAIT)
        # Only the terminal typed in last is followed, and only while it reports this server's folders.
        other = terminal.new_tab()
        qtbot.waitUntil(lambda: other.state == "running", timeout=WAIT)
        other.canvas.feed(f"\x1b]7;file://gpu-box{remote_dir}/runs/exp1\x07".encode())
        view.canvas.feed(b"\x1b]7;file://other-box/etc\x07")  # after "ssh other-box" in that shell
        qtbot.wait(500)
        assert files.remote.path == f"{remote_dir}/runs"
        view.canvas.feed(f"\x1b]7;file://gpu-box{remote_dir}\x07".encode())  # back on this server
        qtbot.waitUntil(lambda: files.remote.path == remote_dir, timeout=WAIT)

        # The other way round: "Open in terminal" on a folder changes the shell there (a hostile name stays one argument).
        odd = f"{remote_dir}/it's $(odd)"
        connect().exec(f"mkdir -p {shlex.quote(odd)}")
        files.remote.refresh()
        qtbot.waitUntil(lambda: files.remote.item_named("it's $(odd)") is not None, timeout=WAIT)
        files.remote.tree.setCurrentItem(files.remote.item_named("it's $(odd)"))
        files._remote_menu(QtCore.QPoint(5, 5))
        menu = next(w for w in QtWidgets.QApplication.topLevelWidgets() if isinstance(w, QtWidgets.QMenu) and w.isVisible())
        next(a for a in menu.actions() if a.text() == "Open in terminal").trigger()
        menu.close()
        probe = connect()
        qtbot.waitUntil(lambda: view.session.current_folder(probe) == odd, timeout=WAIT)
        # That shell printed no OSC 7 for this prompt (the earlier ones were fed by hand): the pane asks the
        # server instead of keeping the last reported folder.
        qtbot.waitUntil(lambda: files.remote.path == odd, timeout=WAIT)
    finally:
        files.shutdown()
        terminal.shutdown()
        controller.close()
