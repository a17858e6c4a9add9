"""FilesPanel: local | remote panes, drag-and-drop both ways, remote operations, the transfer queue.

The queue itself is the server's (``server.work``, in the live core): this panel shows its
items, answers its conflict questions and adds what the user drops. A closed panel leaves the queue
to the server, which pauses it with the link and ends it when the server closes.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpudesk.core import ctrlchars, settings
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.terminal.cwd import cd_line, usable_folder
from gpudesk.core.transfer import DONE, FAILED, Conflict, TransferItem, TransferQueue
from gpudesk.core.transfer.names import PART_SUFFIX, local_child, rbase
from gpudesk.core.transfer.queue import FINISHED
from gpudesk.ui import bridge, shortcuts
from gpudesk.ui.background import run_in_background
from gpudesk.ui.files import editor
from gpudesk.ui.files.conflict_dialog import ConflictDialog
from gpudesk.ui.files.dragout import staging_root
from gpudesk.ui.files.listing import local_entries
from gpudesk.ui.files.pane import LocalPane, RemoteDragMime, RemotePane, remote_paths
from gpudesk.ui.files.queue_view import QueueView
from gpudesk.ui.files.remote_ops import RemoteOps, rjoin
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.panels import submit
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from gpudesk.ui.terminal_folder import TerminalFolder

STAGING_KEEP_S = 3600  # drag-out copies older than this are cleared (the target has copied them by then)


def clear_staging(keep_s: float = STAGING_KEEP_S) -> None:
    """Remove drag-out copies older than ``keep_s`` (at start-up and with every new drag)."""
    root = staging_root()
    if not root.is_dir():
        return
    now = time.time()
    for old in root.iterdir():
        with contextlib.suppress(OSError):
            if now - old.stat().st_mtime > keep_s:
                shutil.rmtree(old, ignore_errors=True)


def staging_folder() -> Path:
    """A fresh folder for one drag out of the app."""
    root = staging_root()
    root.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="drag-", dir=root))


class FilesPanel(QtWidgets.QWidget):
    """The Files sub-tab of one connection."""

    overall_changed = Signal(str)  # overall transfer progress, for the status bar
    item_finished = Signal(object)  # a TransferItem that ended (done or failed)

    def __init__(self, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.terminal = TerminalFolder.of(server)  # where the server's terminal is (shared with the terminal panel)
        self.ops = RemoteOps()
        self._closed = False
        self._announced: dict[int, float] = {}
        self._reconnecting = False
        self._editing: dict[str, str] = {}  # local temp copy -> remote path
        self._dialogs: list[ConflictDialog] = []
        self._confirm: QtWidgets.QMessageBox | None = None  # the open delete question, if any
        self.local = LocalPane(self.tr("Local"), self._list_local)
        self.remote = RemotePane(self.tr("Remote"), self._list_remote)
        self.remote.stage = self.stage_for_drop
        self.queue_view = QueueView()
        #: the server's transfers and jobs (the live core owns the queue; this panel is its view)
        self.work = server.work
        self.queue_view.queue = self.queue
        bridge.connect(self.work.item_changed, self._item_changed, self)
        bridge.connect(self.work.conflict_asked, self._ask_conflict, self)
        self.queue_view.overall_changed.connect(self.overall_changed)
        self.watcher = QtCore.QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._edited_file_changed)

        middle = QtWidgets.QVBoxLayout()
        middle.addStretch(1)
        self.upload_btn = QtWidgets.QToolButton()
        self.upload_btn.setText("→")
        self.upload_btn.setToolTip(self.tr("Upload the selected local files to the remote folder"))
        self.download_btn = QtWidgets.QToolButton()
        self.download_btn.setText("←")
        self.download_btn.setToolTip(self.tr("Download the selected remote files to the local folder"))
        middle.addWidget(self.upload_btn)
        middle.addWidget(self.download_btn)
        middle.addStretch(1)
        panes = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(panes)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.local, 1)
        row.addLayout(middle)
        row.addWidget(self.remote, 1)
        split = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        split.addWidget(panes)
        queue_box = QtWidgets.QWidget()
        qlay = QtWidgets.QVBoxLayout(queue_box)
        qlay.setContentsMargins(0, 0, 0, 0)
        opts = QtWidgets.QHBoxLayout()
        self.verify_box = QtWidgets.QCheckBox(self.tr("Verify SHA-256"))
        self.verify_box.setChecked(settings.get("transfer.verify_sha256"))
        self.verify_box.setToolTip(self.tr("Compare checksums after each transfer (resumed files are always compared)"))
        self.message = QtWidgets.QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # file names come from the server
        opts.addWidget(self.verify_box)
        opts.addWidget(self.message, 1)
        self.sync_btn = QtWidgets.QPushButton(self.tr("Sync…"))
        self.sync_btn.setToolTip(self.tr("Send only what changed between a local and a remote folder"))
        self.sync_btn.clicked.connect(self.open_sync)
        self.sync_dialog: QtWidgets.QDialog | None = None
        opts.addWidget(self.sync_btn)
        qlay.addLayout(opts)
        qlay.addWidget(self.queue_view, 1)
        split.addWidget(queue_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(split)

        self.upload_btn.clicked.connect(self.upload_selected)
        self.download_btn.clicked.connect(self.download_selected)
        self.local.dropped.connect(self._drop_on_local)
        self.remote.dropped.connect(self._drop_on_remote)
        self.remote.tree.customContextMenuRequested.connect(self._remote_menu)
        tree_only = Qt.ShortcutContext.WidgetShortcut
        shortcuts.make_shortcut("files.delete", self.remote.tree, self._delete_selected, tree_only)
        shortcuts.make_shortcut("files.rename", self.remote.tree, self._rename_selected, tree_only)
        for pane in (self.local, self.remote):
            shortcuts.make_shortcut("files.refresh", pane, pane.refresh, Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.local.tree.customContextMenuRequested.connect(self._local_menu)
        self.follow_box = QtWidgets.QCheckBox(self.tr("Follow terminal"))
        self.follow_box.setToolTip(self.tr("Show the folder the terminal's shell is in, after each command"))
        self.remote.add_option(self.follow_box)
        self.follow_box.toggled.connect(self._follow_toggled)
        self.terminal.folder.connect(self._terminal_folder)
        hidden = settings.get("files.show_hidden")
        self.local.hidden_box.setChecked(hidden)
        self.remote.hidden_box.setChecked(hidden)
        bridge.connect(server.link.connected, lambda _conn: self._on_connected(), self)
        bridge.connect(server.link.dropped, self._on_dropped, self)
        bridge.connect(server.link.state_changed, self._on_state, self)
        self.local.navigate(str(Path.home()))
        run_in_background(clear_staging)  # copies handed to the desktop in an earlier run
        self.follow_box.setChecked(settings.get("files.follow_terminal"))
        if server.link.connection is not None:
            self._on_connected()

    # -- following the terminal ------------------------------------------------
    def _follow_toggled(self, on: bool) -> None:
        self.terminal.follow = on
        if settings.get("files.follow_terminal") != on:
            settings.set("files.follow_terminal", on)
        if on:
            self.terminal.folder_wanted.emit()

    def _terminal_folder(self, path: str) -> None:
        # A report the pane could not use as is (relative, or with control characters) is ignored.
        if self.follow_box.isChecked() and usable_folder(path) and path != self.remote.path and not self._closed:
            self.remote.navigate(path)

    def open_in_terminal(self, folder: str) -> bool:
        """Ask the terminal to ``cd`` to ``folder``; a name that must not be typed is refused, with the reason."""
        if cd_line(folder) is None:
            self.message.setText(
                self.tr(
                    "Not typed into the terminal: the name {0} holds control characters, which would edit or run "
                    "the command line. Rename the folder first."
                ).format(ctrlchars.escape(folder))
            )
            return False
        self.terminal.cd_wanted.emit(folder)
        return True

    def open_sync(self) -> None:
        """The Sync dialog, seeded with the folders the two panes show."""
        from gpudesk.ui.sync.dialog import SyncDialog

        self.sync_dialog = SyncDialog(self.server, self.local.path, self.remote.path, self)
        self.sync_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.sync_dialog.open()

    # -- listing -------------------------------------------------------------
    def _list_local(self, path: str, on_done: Callable[[Any], None], on_error: Callable[[BaseException], None]) -> None:
        run_in_background(lambda: local_entries(path), on_done, on_error)

    def _list_remote(
        self, path: str, on_done: Callable[[Any], None], on_error: Callable[[BaseException], None]
    ) -> None:
        submit(self.server, lambda conn: self.ops.list(conn, path), on_done, on_error, owner=self)

    @property
    def queue(self) -> TransferQueue:
        """The server's transfer queue (it follows the connection by itself)."""
        return self.work.transfers

    # -- connection ----------------------------------------------------------
    def _on_connected(self) -> None:
        submit(self.server, lambda _c: self.ops.forget(), owner=self)
        self._reconnecting = False
        self.message.clear()
        self.remote.navigate(self.remote.path or ".", remember=False)

    def _on_dropped(self, _message: str) -> None:
        self.message.setText(self.tr("Connection lost: transfers are paused and resume after reconnecting."))

    def _on_state(self, state: str) -> None:
        if state == "closed":
            self.shutdown()

    def shutdown(self) -> None:
        """This view goes away: no late reports reach it, its open questions are cancelled.

        The transfers are the server's: they end (running items pause and keep their partial
        copies) when the server closes, not with this view.
        """
        self._closed = True
        for dialog in list(self._dialogs):
            dialog.conflict.resolve("cancel")
        if self.watcher.files():
            self.watcher.removePaths(self.watcher.files())

    # -- transfers -----------------------------------------------------------
    def upload(self, paths: list[str], remote_dir: str) -> list[TransferItem]:
        verify = self.verify_box.isChecked()
        return [self.queue.add_upload(p, remote_dir, verify=verify) for p in paths]

    def download(self, paths: list[str], local_dir: str) -> list[TransferItem]:
        verify = self.verify_box.isChecked()
        return [self.queue.add_download(p, local_dir, verify=verify) for p in paths]

    def upload_selected(self) -> None:
        if self.remote.path:
            self.upload([e.path for e in self.local.selected()], self.remote.path)

    def download_selected(self) -> None:
        if self.local.path:
            self.download([e.path for e in self.remote.selected()], self.local.path)

    def _drop_on_remote(self, mime: QtCore.QMimeData, target: str) -> None:
        self.upload([u.toLocalFile() for u in mime.urls() if u.isLocalFile()], target)

    def _drop_on_local(self, mime: QtCore.QMimeData, target: str) -> None:
        if isinstance(mime, RemoteDragMime):
            mime.claimed = True  # this download is the drop's: a late request from elsewhere gets nothing
        self.download(remote_paths(mime), target)

    def stage_for_drop(self, paths: list[str]) -> list[str]:
        """Download ``paths`` for a drop on the desktop / Explorer / Finder; return the local copies.

        The drop target asks for the files while the drag is still in progress, so this waits
        (in a local event loop: the window keeps painting) with a progress dialog and Cancel.
        Items go through the transfer queue, so they also show there and resume after a drop
        of the connection. Only what arrived complete and verified is handed to the target.
        The items go ahead of other queued transfers (one already running finishes first).
        """
        folder = staging_folder()
        run_in_background(clear_staging)  # old copies may be large: never delete them on the GUI thread
        verify = self.verify_box.isChecked()
        items = [self.queue.add_download(p, folder, verify=verify, urgent=True) for p in paths]
        loop = QtCore.QEventLoop()
        progress = QtWidgets.QProgressDialog(self.tr("Downloading for the drop…"), self.tr("Cancel"), 0, 1000, self)
        progress.setWindowTitle(self.tr("Download"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)
        progress.setAutoClose(False)
        progress.setAutoReset(False)

        def cancel() -> None:
            for item in items:
                self.queue.cancel(item)
            loop.quit()

        def poll() -> None:
            if self._closed:  # the tab is closing: the transfers pause, nothing will arrive
                cancel()
                return
            total = sum(i.total for i in items)
            done = sum(i.done for i in items)
            progress.setValue(int(1000 * done / total) if total else 0)
            if all(i.state in FINISHED for i in items):
                loop.quit()

        progress.canceled.connect(cancel)
        timer = QtCore.QTimer()
        timer.setInterval(100)
        timer.timeout.connect(poll)
        timer.start()
        poll()
        if not all(i.state in FINISHED for i in items):
            loop.exec()
        timer.stop()
        if not self._closed:
            progress.close()
            progress.deleteLater()
        if not all(i.state == DONE for i in items):
            failed = [i for i in items if i.state == FAILED]
            if failed and not self._closed:
                self.message.setText(self.tr("Failed: {0}: {1}").format(failed[0].name, tr_msg(failed[0].error)))
            for item in items:
                self.queue.cancel(item)  # a failed drop keeps no half copies for a resume nobody asks for
            QtCore.QTimer.singleShot(5000, lambda: run_in_background(lambda: shutil.rmtree(folder, ignore_errors=True)))
            return []
        return sorted(str(p) for p in folder.iterdir() if not p.name.endswith(PART_SUFFIX))

    def _item_changed(self, item: TransferItem) -> None:
        if self._closed:
            return
        link = self.server.link
        conn = link.connection
        noticed = conn is not None and not conn.is_alive and link.auto_reconnect
        if (
            item.waiting_for_connection
            and link.state == LinkState.CONNECTED
            and not self._reconnecting
            and not noticed
        ):
            # The transfer found the link dead before the connection's own monitor did: reconnect,
            # and the queue carries on from the partial copies. (A connection its monitor already
            # gave up is about to be reconnected by the link itself.)
            self._reconnecting = True
            link.reconnect()
        self.queue_view.update_item(item)
        self.server.activity.emit("user")
        if item.state in (DONE, FAILED) and item.finished_at and self._announced.get(item.id) != item.finished_at:
            self._announced[item.id] = item.finished_at  # once per run (a retried item ends again)
            self.item_finished.emit(item)
            pane, folder = (
                (self.remote, item.target_dir) if item.direction == "upload" else (self.local, item.target_dir)
            )
            if pane.path == folder:
                pane.refresh()
            took = item.finished_at - item.started_at
            if took >= settings.get("files.notify_after_s"):
                if item.state == DONE:
                    self.message.setText(self.tr("Finished: {0}").format(item.name))
                else:
                    self.message.setText(self.tr("Failed: {0}: {1}").format(item.name, tr_msg(item.error)))
                QtWidgets.QApplication.alert(self.window())

    def _ask_conflict(self, conflict: Conflict) -> None:
        if self._closed:
            conflict.resolve("cancel")
            return
        dialog = ConflictDialog(conflict, self)
        self._dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self._dialogs.remove(d))
        dialog.open()  # window-modal, returns at once: the GUI keeps running

    # -- remote operations ---------------------------------------------------
    def _remote_menu(self, pos: QtCore.QPoint) -> None:
        sel = self.remote.selected()
        menu = QtWidgets.QMenu(self)
        menu.addAction(self.tr("Download"), self.download_selected).setEnabled(bool(sel))
        if len(sel) == 1 and not sel[0].is_dir:
            menu.addAction(self.tr("Open in editor"), lambda: self.edit_remote(sel[0].path))
        menu.addSeparator()
        menu.addAction(self.tr("New folder…"), self.new_folder)
        if len(sel) == 1:
            menu.addAction(self.tr("Rename…"), lambda: self.rename(sel[0].path)).setShortcut(
                shortcuts.current("files.rename")
            )
            menu.addAction(self.tr("Permissions…"), lambda: self.chmod(sel[0].path, sel[0].mode))
        folder = sel[0].path if len(sel) == 1 and sel[0].is_dir else self.remote.path
        menu.addAction(self.tr("Open in terminal"), lambda: self.open_in_terminal(folder))
        from gpudesk.ui.handoff_menu import add_open_in

        add_open_in(menu, self, lambda: self.server.session, folder)
        if sel:
            menu.addAction(self.tr("Copy path"), lambda: self.copy_paths([e.path for e in sel]))
            menu.addAction(self.tr("Delete…"), lambda: self.delete([e.path for e in sel])).setShortcut(
                shortcuts.current("files.delete")
            )
        menu.addSeparator()
        menu.addAction(self.tr("Refresh"), self.remote.refresh).setShortcut(shortcuts.current("files.refresh"))
        menu.popup(self.remote.tree.viewport().mapToGlobal(pos))

    def _local_menu(self, pos: QtCore.QPoint) -> None:
        sel = self.local.selected()
        menu = QtWidgets.QMenu(self)
        menu.addAction(self.tr("Upload"), self.upload_selected).setEnabled(bool(sel))
        if sel:
            menu.addAction(self.tr("Copy path"), lambda: self.copy_paths([e.path for e in sel]))
        menu.addAction(self.tr("Refresh"), self.local.refresh).setShortcut(shortcuts.current("files.refresh"))
        menu.popup(self.local.tree.viewport().mapToGlobal(pos))

    def _run(self, fn: Callable[[Any], Any], done_text: str = "", refresh: bool = True) -> None:
        def ok(_result: Any) -> None:
            if done_text:
                self.message.setText(done_text)
            if refresh:
                self.remote.refresh()

        submit(self.server, fn, ok, lambda exc: self.message.setText(self.tr("Failed: {0}").format(exc)), owner=self)

    def _delete_selected(self) -> None:
        if sel := self.remote.selected():
            self.delete([e.path for e in sel])

    def _rename_selected(self) -> None:
        sel = self.remote.selected()
        if len(sel) == 1:
            self.rename(sel[0].path)

    def new_folder(self, name: str | None = None) -> None:
        if name is None:
            name, ok = QtWidgets.QInputDialog.getText(self, self.tr("New folder"), self.tr("Folder name:"))
            if not ok or not name:
                return
        path = rjoin(self.remote.path, name)
        self._run(lambda conn: self.ops.mkdir(conn, path))

    def rename(self, path: str, new_name: str | None = None) -> None:
        if new_name is None:
            new_name, ok = QtWidgets.QInputDialog.getText(
                self, self.tr("Rename"), self.tr("New name:"), text=path.rsplit("/", 1)[-1]
            )
            if not ok or not new_name:
                return
        new = rjoin(path.rsplit("/", 1)[0] or "/", new_name)
        self._run(lambda conn: self.ops.rename(conn, path, new))

    def chmod(self, path: str, mode: int, new_mode: str | None = None) -> None:
        if new_mode is None:
            new_mode, ok = QtWidgets.QInputDialog.getText(
                self, self.tr("Permissions"), self.tr("Octal mode (e.g. 755):"), text=f"{mode & 0o7777:o}"
            )
            if not ok:
                return
        try:
            value = int(new_mode, 8)
        except ValueError:
            self.message.setText(self.tr("'{0}' is not an octal mode such as 644 or 755.").format(new_mode))
            return
        self._run(lambda conn: self.ops.chmod(conn, path, value))

    def delete(self, paths: list[str], confirmed: bool = False) -> None:
        if not confirmed:
            box = QtWidgets.QMessageBox(
                QtWidgets.QMessageBox.Icon.Warning,
                self.tr("Delete"),
                self.tr("Delete %n item(s) on the server? This cannot be undone.", "", len(paths)),
                QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No,
                self,
            )
            box.setDetailedText("\n".join(paths))
            box.finished.connect(
                lambda r: self.delete(paths, True) if r == QtWidgets.QMessageBox.StandardButton.Yes else None
            )
            box.open()
            self._confirm = box
            return
        self._run(lambda conn: self.ops.delete(conn, paths))

    def copy_paths(self, paths: list[str]) -> None:
        QtGui.QGuiApplication.clipboard().setText("\n".join(paths))

    def edit_remote(self, path: str, open_editor: bool = True) -> None:
        """Download to a temp folder, open in the default editor, upload again on every save."""

        def fetch(conn: Any) -> Path:
            # The transfers' safe-name rule: the server's name may be "..", "CON", hold "\\"…
            local = local_child(Path(tempfile.mkdtemp(prefix="gpudesk-edit-")), rbase(path))
            return self.ops.fetch(conn, path, local)

        def opened(result: Path) -> None:
            self._editing[str(result)] = path
            self.watcher.addPath(str(result))
            self.message.setText(self.tr("Editing {0}: saving uploads it again.").format(path))
            if open_editor:
                self.open_for_edit(result)

        submit(
            self.server,
            fetch,
            opened,
            lambda exc: self.message.setText(self.tr("Failed: {0}").format(exc)),
            owner=self,
        )

    def open_for_edit(self, local: Path) -> None:
        """Open a downloaded copy in a text editor; never hand a program to the desktop to run."""
        plan = editor.choose(local, editor=settings.get("files.editor"))
        started = editor.launch(
            plan,
            local,
            start=lambda argv: QtCore.QProcess.startDetached(argv[0], argv[1:])[0],
            open_default=lambda p: QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(p))),
        )
        if plan.kind == editor.REFUSE:
            self.message.setText(
                self.tr(
                    "{0} could run as a program, so it is not opened with the system's default application. "
                    "Set a text editor in Settings (files.editor, e.g. gedit or code --wait), or open {1} yourself."
                ).format(local.name, str(local))
            )
        elif not started:
            self.message.setText(
                self.tr(
                    "Could not start an editor for {0}. Check the editor command in Settings "
                    "(files.editor); the copy is {1}."
                ).format(local.name, str(local))
            )

    def _edited_file_changed(self, local: str) -> None:
        remote = self._editing.get(local)
        if remote is None:
            return
        if not Path(local).exists():
            return  # an editor that saves by rename: the new file shows up below
        if local not in self.watcher.files():
            self.watcher.addPath(local)  # editors that replace the file drop the watch
        self._run(
            lambda conn: self.ops.store(conn, Path(local), remote),
            self.tr("Uploaded {0}").format(remote),
            refresh=True,
        )
