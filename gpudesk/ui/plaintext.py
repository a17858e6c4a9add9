"""Text from outside is text: server, provider, file and job strings are never read as markup.

Qt reads a label's, a message box's or a tooltip's text as HTML when it *might* be rich text
(``Qt::mightBeRichText``: a tag before the first line break). For ``<img src="/dev/zero">`` Qt then
opens the file itself and reads until memory runs out. So:

- every ``QLabel`` and ``QMessageBox`` left at ``AutoText`` becomes ``PlainText`` when it is polished
  (before it is first sized or shown), by :class:`PlainTextGuard`, installed once on the application;
  a label that shows markup on purpose says so with :func:`rich` and builds its text with :func:`escape`;
- a tooltip that Qt would read as rich text is shown escaped (:func:`tooltip`), also for item views'
  and tab bars' own tooltips, unless :func:`tooltip` made it or its widget was marked with
  :func:`rich_tooltips` (markup built with :func:`escape`).
"""

from __future__ import annotations

import html
import secrets
from typing import TypeVar

from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

Qt = QtCore.Qt

#: the property a widget carries when its own text is markup built with :func:`escape`
RICH = "gpudeskRichText"
#: the property a widget (or an item view) carries when its tooltips are markup built with :func:`escape`
RICH_TIPS = "gpudeskRichTooltips"
#: marks a tooltip :func:`tooltip` made (outside text cannot guess it, so cannot pass for one)
_MADE = f"<p style='white-space:pre' class='t{secrets.token_hex(8)}'>"


def escape(text: object) -> str:
    """``text`` for a rich-text label or tooltip: every ``<``, ``>``, ``&`` and quote shown as itself."""
    return html.escape(str(text), quote=True)


def tooltip(text: str) -> str:
    """``text`` as a tooltip that is always shown literally (Qt decides by ``mightBeRichText``)."""
    if not text or not QtGui.Qt.mightBeRichText(text):
        return text
    return _MADE + escape(text).replace("\n", "<br>") + "</p>"


W = TypeVar("W", bound=QtWidgets.QWidget)


def rich(widget: W) -> W:
    """Mark ``widget`` as showing markup built here, every outside string passed through :func:`escape`."""
    widget.setProperty(RICH, True)
    if isinstance(widget, QtWidgets.QLabel | QtWidgets.QMessageBox):
        widget.setTextFormat(Qt.TextFormat.RichText)
    return widget


def rich_tooltips(widget: W) -> W:
    """Mark ``widget``'s own (or its items') tooltips as markup built here with :func:`escape`."""
    widget.setProperty(RICH_TIPS, True)
    return widget


def plain(widget: QtWidgets.QLabel) -> QtWidgets.QLabel:
    """``widget`` shows its text literally (for labels that carry server, provider, file or job text)."""
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def _is_rich(widget: QtCore.QObject) -> bool:
    return bool(widget.property(RICH))


def _rich_tips(widget: QtCore.QObject) -> bool:
    return bool(widget.property(RICH_TIPS))


def _tip_at(widget: QtWidgets.QWidget, pos: QtCore.QPoint) -> str | None:
    """The tooltip Qt is about to show for ``widget`` at ``pos`` (item views and tab bars have their own)."""
    view = widget.parent()
    if isinstance(view, QtWidgets.QAbstractItemView) and view.viewport() is widget:
        if _rich_tips(view):
            return None
        index = view.indexAt(pos)
        value = index.data(Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
        return value if isinstance(value, str) else None
    if isinstance(widget, QtWidgets.QTabBar):
        tab = widget.tabAt(pos)
        return widget.tabToolTip(tab) if tab >= 0 else None
    return widget.toolTip()


class PlainTextGuard(QtCore.QObject):
    """The application-wide rule: no label, message box or tooltip reads outside text as markup."""

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QtCore.QEvent.Type.Polish:
            if isinstance(obj, QtWidgets.QLabel | QtWidgets.QMessageBox) and not _is_rich(obj) and obj.textFormat() == Qt.TextFormat.AutoText:
                obj.setTextFormat(Qt.TextFormat.PlainText)
        elif kind == QtCore.QEvent.Type.ToolTip and isinstance(obj, QtWidgets.QWidget) and not _rich_tips(obj):
            assert isinstance(event, QtGui.QHelpEvent)
            tip = _tip_at(obj, event.pos())
            if tip and not tip.startswith(_MADE) and QtGui.Qt.mightBeRichText(tip):
                QtWidgets.QToolTip.showText(event.globalPos(), tooltip(tip), obj)
                return True
        return False


_guard: PlainTextGuard | None = None


def install(app: QtCore.QCoreApplication | None = None) -> None:
    """Install the rule on the application once (the GUI's start and every main window call this)."""
    global _guard
    app = app or QtCore.QCoreApplication.instance()
    if app is None or _guard is not None and _guard.parent() is app:
        return
    _guard = PlainTextGuard(app)
    app.installEventFilter(_guard)
