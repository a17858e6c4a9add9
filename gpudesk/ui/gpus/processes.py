"""The GPU process table (pid, user, command, GPU memory) and what kill runs on the server."""

from __future__ import annotations

from gpudesk.core.telemetry.model import GpuProcess
from gpudesk.ui.qt import QtCore, QtWidgets


def kill_command(pid: int, grace_s: int = 5) -> str:
    """SIGTERM, wait up to ``grace_s`` for a clean exit, then SIGKILL. Exit 0 once it is gone."""
    pid = int(pid)  # never anything but a number in a shell command
    return (
        f"kill -TERM {pid} || exit $?; i=0; while kill -0 {pid} 2>/dev/null; do "
        f"i=$((i+1)); if [ $i -gt {grace_s * 5} ]; then kill -KILL {pid} 2>/dev/null; "
        f"j=0; while kill -0 {pid} 2>/dev/null && [ $j -lt 25 ]; do j=$((j+1)); sleep 0.2; done; echo killed; exit 0; fi; "
        "sleep 0.2; done; echo terminated"
    )


class ProcessTable(QtWidgets.QTableWidget):
    HEADERS = (
        QtCore.QT_TRANSLATE_NOOP("ProcessTable", "GPU"),
        QtCore.QT_TRANSLATE_NOOP("ProcessTable", "PID"),
        QtCore.QT_TRANSLATE_NOOP("ProcessTable", "User"),
        QtCore.QT_TRANSLATE_NOOP("ProcessTable", "Command"),
        QtCore.QT_TRANSLATE_NOOP("ProcessTable", "GPU memory"),
    )

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, len(self.HEADERS), parent)
        self.setHorizontalHeaderLabels([QtCore.QCoreApplication.translate("ProcessTable", str(h)) for h in self.HEADERS])
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(3, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.processes: list[GpuProcess] = []

    def set_processes(self, procs: list[GpuProcess], gpu_index: dict[str, int]) -> None:
        selected = self.selected()
        self.processes = sorted(procs, key=lambda p: (gpu_index.get(p.gpu_uuid, 99), p.pid))
        self.setRowCount(len(self.processes))
        for row, p in enumerate(self.processes):
            index = gpu_index.get(p.gpu_uuid)
            cells = ("?" if index is None else str(index), str(p.pid), p.user or "?", p.name,
                     "–" if p.used_mib is None else f"{p.used_mib:.0f} MiB")
            for col, text in enumerate(cells):
                item = QtWidgets.QTableWidgetItem(text)
                if col in (0, 1, 4):
                    item.setTextAlignment(QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, col, item)
            if selected and selected.pid == p.pid:
                self.selectRow(row)

    def selected(self) -> GpuProcess | None:
        rows = self.selectionModel().selectedRows() if self.selectionModel() else []
        if not rows or rows[0].row() >= len(self.processes):
            return None
        return self.processes[rows[0].row()]
