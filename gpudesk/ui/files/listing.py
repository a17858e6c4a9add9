"""Rows for the file panes: one entry per file, sortable by real values, sizes shown for humans."""

from __future__ import annotations

import os
import stat as st
import time
from dataclasses import dataclass

from gpudesk.ui.qt import QCoreApplication, Qt, QtWidgets

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass
class Entry:
    name: str
    path: str
    is_dir: bool
    size: int
    mtime: float
    mode: int

    @property
    def hidden(self) -> bool:
        return self.name.startswith(".")


def human_size(n: int) -> str:
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"


def perms(mode: int) -> str:
    return st.filemode(mode) if mode else ""


def local_entries(folder: str) -> tuple[str, list[Entry]]:
    """List a local folder (runs off the GUI thread); returns its absolute path and entries."""
    folder = os.path.abspath(os.path.expanduser(folder))
    out = []
    with os.scandir(folder) as it:
        for e in it:
            try:
                s = e.stat(follow_symlinks=True)
            except OSError:
                s = e.stat(follow_symlinks=False)
            out.append(Entry(e.name, e.path, st.S_ISDIR(s.st_mode), s.st_size, s.st_mtime, s.st_mode))
    return folder, out


class EntryItem(QtWidgets.QTreeWidgetItem):
    """Sorts folders first, then by the raw value of the sorted column."""

    def __init__(self, entry: Entry) -> None:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.mtime)) if entry.mtime else ""
        size = "" if entry.is_dir else human_size(entry.size)
        super().__init__([entry.name, size, date, perms(entry.mode)])
        self.entry = entry
        self.setData(0, PATH_ROLE, entry.path)
        self.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        style = QtWidgets.QApplication.style()
        icon = QtWidgets.QStyle.StandardPixmap.SP_DirIcon if entry.is_dir else QtWidgets.QStyle.StandardPixmap.SP_FileIcon
        self.setIcon(0, style.standardIcon(icon))

    def __lt__(self, other: QtWidgets.QTreeWidgetItem) -> bool:
        if not isinstance(other, EntryItem):
            return super().__lt__(other)
        a, b = self.entry, other.entry
        tree = self.treeWidget()
        col = tree.sortColumn() if tree is not None else 0
        ascending = tree is None or tree.header().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        if a.is_dir != b.is_dir:  # folders stay on top in both directions
            return a.is_dir if ascending else b.is_dir
        if col == 1 and a.size != b.size:
            return a.size < b.size
        if col == 2 and a.mtime != b.mtime:
            return a.mtime < b.mtime
        return a.name.lower() < b.name.lower()


def headers() -> list[str]:
    return [
        QCoreApplication.translate("Files", "Name"),
        QCoreApplication.translate("Files", "Size"),
        QCoreApplication.translate("Files", "Modified"),
        QCoreApplication.translate("Files", "Permissions"),
    ]
