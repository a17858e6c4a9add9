"""One side of the file view: path bar, back/up/refresh, hidden toggle, a sortable list, drag-and-drop."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, cast

from gpudesk.core.transfer.names import local_child, rbase
from gpudesk.ui.files import dragout
from gpudesk.ui.files.listing import Entry, EntryItem, headers
from gpudesk.ui.fit import PathEdit
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtGui, QtWidgets, Signal

REMOTE_MIME = "application/x-gpudesk-remote-paths"

# lister(path, on_done((resolved_path, list[Entry])), on_error(exc)) lists off the GUI thread.
Lister = Callable[[str, Callable[[Any], None], Callable[[BaseException], None]], None]


class FileTree(QtWidgets.QTreeWidget):
    """The list itself; drags carry paths, drops are handed to the pane."""

    def __init__(self, pane: FilePane) -> None:
        super().__init__(pane)
        self.pane = pane
        self.setHeaderLabels(headers())
        self.setRootIsDecorated(False)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QtWidgets.QAbstractItemView.DragDropMode.DragDrop)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.header().setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.header().setStretchLastSection(False)

    def mimeTypes(self) -> list[str]:
        return ["text/uri-list", REMOTE_MIME]

    def mimeData(self, items: Sequence[QtWidgets.QTreeWidgetItem]) -> QtCore.QMimeData:
        paths = [item.entry.path for item in items if isinstance(item, EntryItem)]
        return self.pane.mime_for(paths)

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        if self.pane.accepts(event.mimeData()) and event.source() is not self:
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QtGui.QDragMoveEvent) -> None:
        self.dragEnterEvent(event)  # type: ignore[arg-type]

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        if event.source() is self or not self.pane.accepts(event.mimeData()):
            event.ignore()
            return
        target = self.pane.path
        item = self.itemAt(event.position().toPoint())
        if isinstance(item, EntryItem) and item.entry.is_dir:
            target = item.entry.path  # dropped onto a folder: copy into it
        self.pane.dropped.emit(event.mimeData(), target)
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()


class FilePane(QtWidgets.QWidget):
    """A folder view. Subclasses say how to list, join paths and pack paths into drags."""

    dropped = Signal(object, str)  # (QMimeData, target folder)
    listed = Signal(str)  # a folder finished loading
    failed = Signal(str)

    def __init__(self, title: str, lister: Lister, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.lister = lister
        self.path = ""
        self.show_hidden = False
        self.entries: list[Entry] = []
        self._history: list[str] = []
        self._generation = 0
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        bar = QtWidgets.QHBoxLayout()
        self.title = QtWidgets.QLabel(title)
        self.title.setStyleSheet("font-weight: bold")
        style = self.style()
        self.back_btn = QtWidgets.QToolButton()
        self.back_btn.setIcon(style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_ArrowBack))
        self.back_btn.setToolTip(self.tr("Back"))
        self.up_btn = QtWidgets.QToolButton()
        self.up_btn.setIcon(style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_FileDialogToParent))
        self.up_btn.setToolTip(self.tr("Up one folder"))
        self.refresh_btn = QtWidgets.QToolButton()
        self.refresh_btn.setIcon(style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_BrowserReload))
        self.refresh_btn.setToolTip(self.tr("Refresh"))
        self.path_edit = PathEdit()  # a long path shows its start and its end, "…" in the middle
        self.path_edit.setPlaceholderText(self.tr("Folder path"))
        self.hidden_box = QtWidgets.QCheckBox(self.tr("Hidden"))
        self.hidden_box.setToolTip(self.tr("Show files whose names start with a dot"))
        for button in (self.back_btn, self.up_btn, self.refresh_btn):
            button.setAccessibleName(button.toolTip())
        self.path_edit.setAccessibleName(self.tr("%1 folder path").replace("%1", title))
        for w in (self.title, self.back_btn, self.up_btn, self.refresh_btn):
            bar.addWidget(w)
        bar.addWidget(self.path_edit, 1)
        self.bar = bar
        layout.addLayout(bar)
        # The check boxes sit beside the path while it keeps room for a readable path, else on a row of their own.
        self.options_row = QtWidgets.QWidget()
        self.options_layout = QtWidgets.QHBoxLayout(self.options_row)
        self.options_layout.setContentsMargins(0, 0, 0, 0)
        self.options_layout.addStretch(1)
        self.options_row.hide()
        layout.addWidget(self.options_row)
        self.options: list[QtWidgets.QWidget] = []
        self._options_below = False
        self.add_option(self.hidden_box)
        self.tree = FileTree(self)
        self.tree.setAccessibleName(self.tr("%1 files").replace("%1", title))
        layout.addWidget(self.tree, 1)
        self.status = QtWidgets.QLabel()
        layout.addWidget(self.status)
        self.back_btn.clicked.connect(self.back)
        self.up_btn.clicked.connect(self.up)
        self.refresh_btn.clicked.connect(self.refresh)
        self.path_edit.returnPressed.connect(lambda: self.navigate(self.path_edit.text().strip()))
        self.hidden_box.toggled.connect(self._set_hidden)
        self.tree.itemDoubleClicked.connect(self._activated)

    # -- the path bar --------------------------------------------------------
    def path_room(self) -> int:
        """The narrowest the path box gets: room for about 24 characters (the root, "…" and the folder you are in)."""
        return self.path_edit.fontMetrics().averageCharWidth() * 24 + 16

    def add_option(self, widget: QtWidgets.QWidget) -> None:
        """A check box (or a small button) for the path bar: beside the path, or below it when the pane is narrow."""
        self.options.append(widget)
        if self._options_below:
            self.options_layout.insertWidget(self.options_layout.count() - 1, widget)  # before the stretch
        else:
            self.bar.addWidget(widget)
        self._place_options()

    def _place_options(self) -> None:
        spacing = max(0, self.bar.spacing())
        fixed = [self.title, self.back_btn, self.up_btn, self.refresh_btn]
        beside = sum(w.sizeHint().width() + spacing for w in fixed + self.options) + spacing
        below = self.width() - beside < self.path_room()
        if below == self._options_below:
            return
        self._options_below = below
        for widget in self.options:
            (self.bar if below else self.options_layout).removeWidget(widget)
            if below:
                self.options_layout.insertWidget(self.options_layout.count() - 1, widget)
            else:
                self.bar.addWidget(widget)
        self.options_row.setVisible(below)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place_options()

    # -- for subclasses ------------------------------------------------------
    def parent_of(self, path: str) -> str:
        raise NotImplementedError

    def mime_for(self, paths: list[str]) -> QtCore.QMimeData:
        raise NotImplementedError

    def accepts(self, mime: QtCore.QMimeData) -> bool:
        raise NotImplementedError

    # -- navigation ----------------------------------------------------------
    def navigate(self, path: str, remember: bool = True) -> None:
        if not path:
            return
        if remember and self.path and path != self.path:
            self._history.append(self.path)
        self._load(path)

    def back(self) -> None:
        if self._history:
            self._load(self._history.pop())

    def up(self) -> None:
        if self.path:
            self.navigate(self.parent_of(self.path))

    def refresh(self) -> None:
        if self.path:
            self._load(self.path)

    def _load(self, path: str) -> None:
        self._generation += 1
        gen = self._generation
        self.status.setText(self.tr("Loading…"))
        self.lister(path, lambda result: self._loaded(gen, *result), lambda exc: self._load_failed(gen, exc))

    def _loaded(self, gen: int, path: str, entries: list[Entry]) -> None:
        if gen != self._generation:
            return  # a newer listing was asked for meanwhile
        self.path = path
        self.entries = entries
        self.path_edit.setText(path)
        self.back_btn.setEnabled(bool(self._history))
        self._fill()
        self.listed.emit(path)

    def _load_failed(self, gen: int, exc: BaseException) -> None:
        if gen != self._generation:
            return
        self.status.setText(self.tr("Cannot open this folder: {0}").format(exc))
        self.failed.emit(str(exc))

    def _fill(self) -> None:
        tree = self.tree
        tree.setSortingEnabled(False)
        tree.clear()
        shown = [e for e in self.entries if self.show_hidden or not e.hidden]
        tree.addTopLevelItems([EntryItem(e) for e in shown])
        tree.setSortingEnabled(True)
        for col in (1, 2, 3):
            tree.resizeColumnToContents(col)
        # Not self.tr(): for a numerus text PySide looks it up under the subclass (LocalPane, RemotePane).
        # And n as a plain name: lupdate skips a call whose count is itself a call such as len(...).
        count = len(shown)
        self.status.setText(QCoreApplication.translate("FilePane", "%n item(s)", "", count))

    def _set_hidden(self, on: bool) -> None:
        self.show_hidden = on
        self._fill()

    def _activated(self, item: QtWidgets.QTreeWidgetItem) -> None:
        if isinstance(item, EntryItem) and item.entry.is_dir:
            self.navigate(item.entry.path)

    def selected(self) -> list[Entry]:
        return [i.entry for i in self.tree.selectedItems() if isinstance(i, EntryItem)]

    def item_named(self, name: str) -> EntryItem | None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if isinstance(item, EntryItem) and item.entry.name == name:
                return item
        return None


class LocalPane(FilePane):
    def parent_of(self, path: str) -> str:
        from pathlib import Path

        return str(Path(path).parent)

    def mime_for(self, paths: list[str]) -> QtCore.QMimeData:
        mime = QtCore.QMimeData()
        mime.setUrls([QtCore.QUrl.fromLocalFile(p) for p in paths])
        return mime

    def accepts(self, mime: QtCore.QMimeData) -> bool:
        return mime.hasFormat(REMOTE_MIME)


class RemoteDragMime(QtCore.QMimeData):
    """Remote paths for a drag; offers local files too, fetched only when a drop asks for them.

    The local pane reads :data:`REMOTE_MIME`, queues the download itself and claims the drag,
    so nothing else downloads it again. The desktop, Explorer or Finder ask for ``text/uri-list``
    also while the drag is under way (listing formats, hovering): they get stand-in paths
    (see :mod:`gpudesk.ui.files.dragout`). Only a request after the drop makes ``stage(paths)``
    download the items into a fresh staging folder (with a progress dialog and Cancel), once;
    the drop target copies them from there. A cancelled or failed fetch offers no files, so
    the target copies nothing half-written.
    """

    def __init__(self, paths: list[str], stage: Stager | None) -> None:
        super().__init__()
        self.paths = paths
        self.stage = stage
        self.staged: list[str] | None = None
        self.claimed = False  # dropped on the app's own local pane, which downloads it
        self._staging = False
        self.setData(REMOTE_MIME, json.dumps(paths).encode())
        self.setText("\n".join(paths))

    def formats(self) -> list[str]:
        found = list(super().formats())
        return found + ["text/uri-list"] if self.stage is not None else found

    def hasFormat(self, mimetype: str) -> bool:
        return mimetype in self.formats()

    def retrieveData(self, mimetype: str, preferred: QtCore.QMetaType | QtCore.QMetaType.Type) -> Any:
        if mimetype != "text/uri-list" or self.stage is None:
            return super().retrieveData(mimetype, preferred)
        if self.staged is not None:
            local = self.staged
        elif self._staging or self.claimed:
            local = []  # asked again while the download runs, or the local pane has it: nothing twice
        elif not dragout.dropped():
            # Still dragging (the shell lists formats, a target hovers): names, not downloads.
            local = [str(local_child(dragout.pending_dir(), rbase(p))) for p in self.paths]
        else:
            self._staging = True
            try:
                self.staged = local = self.stage(self.paths)  # once per drag, however often the target asks
            finally:
                self._staging = False
        urls = [QtCore.QUrl.fromLocalFile(p) for p in local]
        if cast(QtCore.QMetaType, preferred).id() == QtCore.QMetaType.Type.QByteArray.value:  # Qt hands a QMetaType
            return QtCore.QByteArray(b"".join(bytes(u.toEncoded().data()) + b"\r\n" for u in urls))
        return urls


# stage(remote paths) -> local copies of them (empty when cancelled), for drops outside the app.
Stager = Callable[[list[str]], list[str]]


class RemotePane(FilePane):
    stage: Stager | None = None  # set by the panel: how a drag out of the app gets local files

    def parent_of(self, path: str) -> str:
        p = path.rstrip("/")
        return p.rsplit("/", 1)[0] or "/" if "/" in p else "/"

    def mime_for(self, paths: list[str]) -> QtCore.QMimeData:
        return RemoteDragMime(paths, self.stage)

    def accepts(self, mime: QtCore.QMimeData) -> bool:
        if mime.hasFormat(REMOTE_MIME):
            return False  # remote paths (asking for their URLs would download them)
        return mime.hasUrls() and all(u.isLocalFile() for u in mime.urls())


def remote_paths(mime: QtCore.QMimeData) -> list[str]:
    return list(json.loads(bytes(mime.data(REMOTE_MIME).data()).decode()))
