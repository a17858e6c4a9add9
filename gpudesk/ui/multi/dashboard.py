"""One row per server: connection state, GPUs, utilisation, memory, cost per hour, idle time.

The numbers come from what the connection tabs already measure (the GPU tab's summary, the
server's live billing and its idle guard); the dashboard opens no connection of its own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpudesk.core.sessions.model import Session
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtGui, QtWidgets

COLUMNS = (
    QT_TRANSLATE_NOOP("MultiDashboard", "Server"),
    QT_TRANSLATE_NOOP("MultiDashboard", "State"),
    QT_TRANSLATE_NOOP("MultiDashboard", "GPUs"),
    QT_TRANSLATE_NOOP("MultiDashboard", "Util"),
    QT_TRANSLATE_NOOP("MultiDashboard", "Memory"),
    QT_TRANSLATE_NOOP("MultiDashboard", "Cost/h"),
    QT_TRANSLATE_NOOP("MultiDashboard", "Idle"),
)
SERVER, STATE, GPUS, UTIL, MEMORY, COST, IDLE = range(len(COLUMNS))

if TYPE_CHECKING:
    from gpudesk.core.live.billing import LiveBilling


@dataclass
class Summary:
    """The GPU tab's one-line summary (``8× H100 · 73% · 61 GB``) split into its parts."""

    gpus: str = ""
    util: str = ""
    memory: str = ""


def split_summary(text: str) -> Summary:
    parts = [p.strip() for p in text.split("·") if p.strip()]
    out = Summary()
    for part in parts:
        if part.endswith("%") and not out.util:
            out.util = part
        elif part.endswith(("GB", "MB", "MiB", "GiB")) and not out.memory:
            out.memory = part
        elif not out.gpus:
            out.gpus = part
    return out


def state_text(state: str) -> str:
    names = {
        "idle": QCoreApplication.translate("MultiDashboard", "Not connected"),
        "closed": QCoreApplication.translate("MultiDashboard", "Not connected"),
        "connecting": QCoreApplication.translate("MultiDashboard", "Connecting…"),
        "connected": QCoreApplication.translate("MultiDashboard", "Connected"),
        "dropped": QCoreApplication.translate("MultiDashboard", "Connection lost"),
        "failed": QCoreApplication.translate("MultiDashboard", "Failed"),
    }
    return names.get(state, state)


def duration_text(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return QCoreApplication.translate("MultiDashboard", "< 1 min")
    if minutes < 60:
        return QCoreApplication.translate("MultiDashboard", "%1 min").replace("%1", str(minutes))
    return QCoreApplication.translate("MultiDashboard", "%1 h %2 min").replace("%1", str(minutes // 60)).replace(
        "%2", str(minutes % 60)
    )


def idle_text(billing: LiveBilling | None, connected: bool, now: float | None = None) -> str:
    """How long the server has been idle by its billing guard's measure; "" when unknown."""
    guard = billing.guard if billing is not None and not billing.closed else None
    if guard is None or not connected:
        return ""
    now = time.time() if now is None else now
    if guard.detector.stale(now):
        return ""
    seconds = guard.detector.idle_seconds(now)
    if seconds <= 0:
        return QCoreApplication.translate("MultiDashboard", "busy")
    return duration_text(seconds)


def cost_text(session: Session) -> str:
    if session.hourly_price is None:
        return ""
    return f"{session.hourly_price:.2f} {session.currency}".rstrip() + "/h"


class Dashboard(QtWidgets.QTableWidget):
    """The table; :meth:`set_row` fills one server's row from plain values."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([QCoreApplication.translate("MultiDashboard", c) for c in COLUMNS])
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SERVER, QtWidgets.QHeaderView.ResizeMode.Stretch)

    def set_row(self, row: int, values: dict[int, str], state: str) -> None:
        for column, text in values.items():
            item = self.item(row, column)
            if item is None:
                item = QtWidgets.QTableWidgetItem()
                if column in (UTIL, MEMORY, COST, IDLE):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, column, item)
            if item.text() != text:
                item.setText(text)
        state_item = self.item(row, STATE)
        if state_item is not None:
            colour = {"connected": "#2e7d32", "failed": "#c62828", "dropped": "#ef6c00"}.get(state)
            palette = self.palette().color(QtGui.QPalette.ColorRole.Text)
            state_item.setForeground(QtGui.QColor(colour) if colour else palette)
