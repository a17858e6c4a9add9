"""The plan preview: one row per file that a sync would send or delete."""

from __future__ import annotations

from gpudesk.core.sync.plan import SyncPlan
from gpudesk.ui.qt import QtWidgets


def size_text(n: int) -> str:
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return str(n)


class PlanTable(QtWidgets.QTableWidget):
    """Change, path and size of every entry of a plan."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels([self.tr("Change"), self.tr("Path"), self.tr("Size")])
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.setSortingEnabled(False)

    def show_plan(self, plan: SyncPlan | None) -> None:
        self.setRowCount(0)
        if plan is None:
            return
        gone = self.tr("Delete") if plan.delete else self.tr("Only there (kept)")
        rows = [(self.tr("New"), r) for r in plan.new] + [(self.tr("Changed"), r) for r in plan.changed]
        rows += [(gone, r) for r in plan.deleted]
        self.setRowCount(len(rows))
        for n, (kind, rel) in enumerate(rows):
            self.setItem(n, 0, QtWidgets.QTableWidgetItem(kind))
            self.setItem(n, 1, QtWidgets.QTableWidgetItem(rel))
            entry = plan.source.get(rel)
            self.setItem(n, 2, QtWidgets.QTableWidgetItem(size_text(entry.size) if entry is not None else ""))
        self.resizeColumnToContents(0)

    def rows(self) -> list[tuple[str, str]]:
        return [(self.item(n, 0).text(), self.item(n, 1).text()) for n in range(self.rowCount())]  # type: ignore[union-attr]
