"""Layout rules every page follows, so it stays usable from 1024×700 to 4K in any language.

* ``keep_rows``: a table or tree never gets squeezed below a few visible rows.
* ``scrolling``: a form scrolls instead of being squeezed unreadable.
* ``ElidedLabel`` / ``PathEdit``: text too long for its room is shortened with "…" (the full text
  stays the widget's text and its tooltip) instead of being cut.
* ``grow_to_contents``: a dialog whose content grew (a result text appeared) grows with it, up to
  the screen, instead of letting its rows overlap.
"""

from __future__ import annotations

from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets

MIN_ROWS = 4


def row_height(view: QtWidgets.QAbstractItemView) -> int:
    """The height of one row as the view draws it (empty views: one line of its font plus padding)."""
    if isinstance(view, QtWidgets.QTableView):
        return view.verticalHeader().defaultSectionSize()
    model = view.model()
    if model is not None and model.rowCount() > 0 and view.sizeHintForRow(0) > 0:
        return view.sizeHintForRow(0)
    return view.fontMetrics().height() + 4


def keep_rows(view: QtWidgets.QAbstractItemView, rows: int = MIN_ROWS) -> None:
    """Give ``view`` room for at least ``rows`` rows (plus its header and a horizontal scroll bar)."""

    def apply() -> None:
        header = 0
        if isinstance(view, QtWidgets.QTableView) and not view.horizontalHeader().isHidden():
            header = view.horizontalHeader().sizeHint().height()
        elif isinstance(view, QtWidgets.QTreeView) and not view.isHeaderHidden():
            header = view.header().sizeHint().height()
        scroll = view.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_ScrollBarExtent, None, view)
        view.setMinimumHeight(header + rows * row_height(view) + 2 * view.frameWidth() + scroll)

    apply()
    _refit_on_font_change(view, apply)


class _Refit(QtCore.QObject):
    def __init__(self, target: QtWidgets.QWidget, apply) -> None:  # type: ignore[no-untyped-def]
        super().__init__(target)
        self._apply = apply
        target.installEventFilter(self)

    def eventFilter(self, _obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() in (QtCore.QEvent.Type.FontChange, QtCore.QEvent.Type.StyleChange, QtCore.QEvent.Type.Show):
            self._apply()
        return False


def _refit_on_font_change(widget: QtWidgets.QWidget, apply) -> None:  # type: ignore[no-untyped-def]
    _Refit(widget, apply)


def scrolling(content: QtWidgets.QWidget, min_height: int = 0) -> QtWidgets.QScrollArea:
    """``content`` in a frameless scroll area: it scrolls when the window is too small, never squeezes."""
    area = QtWidgets.QScrollArea()
    area.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(content)
    area.setMinimumHeight(min_height)
    # As wide as the content needs (no sideways scrolling while there is room), as high as it gets.
    area.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Preferred)
    return area


def _elided(widget: QtWidgets.QWidget, text: str, mode: Qt.TextElideMode, width: int) -> str:
    fm = widget.fontMetrics()
    if fm.horizontalAdvance(text) <= width:
        return text
    return fm.elidedText(text, mode, max(0, width))


class ElidedLabel(QtWidgets.QLabel):
    """A one-line plain-text label that shortens its text with "…" to the width it gets.

    ``text()`` stays the full text (also shown as the tooltip when shortened); ``shown_text()`` is
    what is painted.
    """

    def __init__(self, text: str = "", parent: QtWidgets.QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._mode = mode
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QtCore.QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        return QtCore.QSize(min(hint.width(), self.fontMetrics().horizontalAdvance("M" * 6)), hint.height())

    def _room(self) -> int:
        cr = self.contentsRect()
        return cr.width() - 2 * self.margin() - max(0, self.indent())

    def shown_text(self) -> str:
        return _elided(self, self.text(), self._mode, self._room())

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 - Qt API
        shown = self.shown_text()
        self.setToolTip(self.text() if shown != self.text() else "")
        painter = QtGui.QPainter(self)
        self.drawFrame(painter)  # a style sheet's border (a card's colour mark) stays
        rect = self.contentsRect().adjusted(self.margin() + max(0, self.indent()), self.margin(), -self.margin(), -self.margin())
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(), self.isEnabled(), shown, self.foregroundRole())


class PathEdit(QtWidgets.QLineEdit):
    """A path box that, while not being edited, shows a long path shortened in the middle.

    The start (the root) and the end (the folder you are in) stay readable; ``text()`` is always
    the full path, and editing shows it whole.
    """

    def _room(self) -> int:
        opt = QtWidgets.QStyleOptionFrame()
        self.initStyleOption(opt)
        rect = self.style().subElementRect(QtWidgets.QStyle.SubElement.SE_LineEditContents, opt, self)
        margins = self.textMargins()
        return rect.width() - margins.left() - margins.right() - 4  # QLineEdit's own 2 px each side

    def shown_text(self) -> str:
        if self.hasFocus() or not self.text():
            return self.text()
        return _elided(self, self.text(), Qt.TextElideMode.ElideMiddle, self._room())

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 - Qt API
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        self.setToolTip(self.text())
        painter = QtGui.QPainter(self)
        opt = QtWidgets.QStyleOptionFrame()
        self.initStyleOption(opt)
        self.style().drawPrimitive(QtWidgets.QStyle.PrimitiveElement.PE_PanelLineEdit, opt, painter, self)
        rect = self.style().subElementRect(QtWidgets.QStyle.SubElement.SE_LineEditContents, opt, self)
        margins = self.textMargins()
        rect = rect.adjusted(margins.left() + 2, margins.top(), -margins.right() - 2, -margins.bottom())
        painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.Text))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), shown)


def grow_to_contents(window: QtWidgets.QWidget) -> None:
    """Grow ``window`` to the height its content now needs at its width, up to its screen's height."""
    layout = window.layout()
    if layout is None:
        return
    layout.activate()
    width = window.width()
    needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
    needed = max(needed, layout.totalMinimumSize().height())
    screen = window.screen() or QtGui.QGuiApplication.primaryScreen()
    if screen is not None:
        needed = min(needed, screen.availableGeometry().height())
    if needed > window.height():
        window.resize(width, needed)


def resize_within_screen(window: QtWidgets.QWidget, width: int, height: int) -> None:
    """Resize a window to ``width``×``height``, or to nine tenths of its screen where that is smaller."""
    screen = window.screen() or QtGui.QGuiApplication.primaryScreen()
    if screen is not None:
        area = screen.availableGeometry()
        width, height = min(width, area.width() * 9 // 10), min(height, area.height() * 9 // 10)
    window.resize(width, height)
