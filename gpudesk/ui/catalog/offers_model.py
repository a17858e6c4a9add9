"""The offers table: a sortable model over core ``OfferRow``s and a filter proxy."""

from __future__ import annotations

from typing import Any

from gpudesk.core.catalog.money import Money
from gpudesk.core.catalog.table import OfferRow
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtCore, QtGui

COLUMNS = [
    QT_TRANSLATE_NOOP("OffersModel", "GPU"),
    QT_TRANSLATE_NOOP("OffersModel", "Count"),
    QT_TRANSLATE_NOOP("OffersModel", "VRAM (GB)"),
    QT_TRANSLATE_NOOP("OffersModel", "Price/h"),
    QT_TRANSLATE_NOOP("OffersModel", "Price per TFLOP-hour"),
    QT_TRANSLATE_NOOP("OffersModel", "Provider"),
    QT_TRANSLATE_NOOP("OffersModel", "Region"),
    QT_TRANSLATE_NOOP("OffersModel", "Availability"),
    QT_TRANSLATE_NOOP("OffersModel", "Observed"),
]
GPU, COUNT, VRAM, PRICE, PER_TFLOP, PROVIDER, REGION, AVAILABILITY, OBSERVED = range(len(COLUMNS))
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2


class OffersModel(QtCore.QAbstractTableModel):
    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[OfferRow] = []
        self.money = Money()

    def set_rows(self, rows: list[OfferRow], money: Money) -> None:
        self.beginResetModel()
        self._rows = rows
        self.money = money
        self.endResetModel()

    def row_at(self, row: int) -> OfferRow:
        return self._rows[row]

    def find(self, offer: object) -> OfferRow | None:
        return next((r for r in self._rows if r.offer is offer), None)

    def rowCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008, N802 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("OffersModel", COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole and section == PER_TFLOP:
            return QCoreApplication.translate(
                "OffersModel", "Hourly price divided by the dense FP16/BF16 tensor TFLOPS of the whole instance (FP32 where no tensor figure is sourced)"
            )
        return None

    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self._rows[index.row()]
        o = r.offer
        col = index.column()
        if role == ROW_ROLE:
            return r
        if role == SORT_ROLE:
            values: list[Any] = [
                r.gpu, o.gpu_count, o.total_vram_gb, r.price_per_hour,
                r.price_per_tflop_hour if r.price_per_tflop_hour is not None else float("inf"),
                o.provider, o.region, r.availability, o.age.sort_key,
            ]  # fmt: skip
            return values[col]
        if role == Qt.ItemDataRole.DisplayRole:
            if col == GPU:
                return r.gpu if o.gpu_name == r.gpu else f"{r.gpu} ({o.gpu_name})"
            if col == COUNT:
                return o.gpu_count
            if col == VRAM:
                return f"{o.total_vram_gb:g}"
            if col == PRICE:
                text = self.money.format(r.price_per_hour, 3 if r.price_per_hour < 1 else 2)
                return text + (" +" if o.price_per_hour_max else "")
            if col == PER_TFLOP:
                return "—" if r.price_per_tflop_hour is None else self.money.format(r.price_per_tflop_hour, 4)
            if col == PROVIDER:
                return o.provider
            if col == REGION:
                return o.region
            if col == AVAILABILITY:
                return tr_msg(r.availability)
            if col == OBSERVED:
                return tr_msg(o.date_label)
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = QCoreApplication.translate("OffersModel", "Source: %1\nInstance: %2\n%3")
            return tip.replace("%1", o.source).replace("%2", o.instance_type).replace("%3", tr_msg(o.notes))
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (COUNT, VRAM, PRICE, PER_TFLOP):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and not o.usable:
            return QtGui.QPalette().brush(QtGui.QPalette.ColorGroup.Disabled, QtGui.QPalette.ColorRole.Text)
        return None


class OffersFilter(QtCore.QSortFilterProxyModel):
    """Text search over GPU/provider/region, plus 'on-demand only' and 'hide flagged prices'."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.text = ""
        self.min_vram = 0.0
        self.on_demand_only = False
        self.hide_flagged = False

    def set_filters(self, text: str | None = None, min_vram: float | None = None, on_demand_only: bool | None = None, hide_flagged: bool | None = None) -> None:
        # Qt 6.10 replaced invalidateFilter() with a begin/end pair; older Qt only has the former.
        modern = hasattr(self, "beginFilterChange")
        if modern:
            self.beginFilterChange()
        if text is not None:
            self.text = text.strip().lower()
        if min_vram is not None:
            self.min_vram = min_vram
        if on_demand_only is not None:
            self.on_demand_only = on_demand_only
        if hide_flagged is not None:
            self.hide_flagged = hide_flagged
        if modern:
            self.endFilterChange(QtCore.QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex) -> bool:  # noqa: N802
        model = self.sourceModel()
        assert isinstance(model, OffersModel)
        r = model.row_at(source_row)
        o = r.offer
        if self.on_demand_only and o.billing != "on-demand":
            return False
        if self.hide_flagged and not o.usable:
            return False
        if o.vram_gb_per_gpu < self.min_vram:
            return False
        if self.text:
            hay = f"{r.gpu} {o.gpu_name} {o.provider} {o.region} {o.instance_type}".lower()
            return all(word in hay for word in self.text.split())
        return True
