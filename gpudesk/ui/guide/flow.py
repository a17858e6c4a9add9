"""A layout that places widgets left to right and wraps them to the next row (Qt's flow-layout example)."""

from __future__ import annotations

from gpudesk.ui.qt import QtCore, QtWidgets


class FlowLayout(QtWidgets.QLayout):
    def __init__(self, parent: QtWidgets.QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QtWidgets.QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QtWidgets.QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> QtCore.Qt.Orientation:  # noqa: N802
        return QtCore.Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._arrange(QtCore.QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QtCore.QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802
        return self.minimumSize()

    def minimumSize(self) -> QtCore.QSize:  # noqa: N802
        size = QtCore.QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QtCore.QRect, move: bool) -> int:
        """Place items in rows (wrapping where the width ends), each centred in its row's height."""
        rows: list[list[tuple[QtWidgets.QLayoutItem, QtCore.QSize]]] = [[]]
        x = rect.x()
        for item in self._items:
            if item.isEmpty():
                continue  # hidden widgets take no room
            hint = item.sizeHint()
            if x + hint.width() > rect.right() + 1 and rows[-1]:
                rows.append([])
                x = rect.x()
            rows[-1].append((item, hint))
            x += hint.width() + self._spacing
        y = rect.y()
        for row in rows:
            if not row:
                continue
            height = max(hint.height() for _, hint in row)
            if move:
                x = rect.x()
                for item, hint in row:
                    item.setGeometry(QtCore.QRect(QtCore.QPoint(x, y + (height - hint.height()) // 2), hint))
                    x += hint.width() + self._spacing
            y += height + self._spacing
        return max(0, y - self._spacing - rect.y())
