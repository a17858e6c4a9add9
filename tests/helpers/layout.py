"""Layout problems a user sees, found by measuring live widgets (no screenshots, no pixel guessing).

``problems(window, screen)`` lists, for one shown top-level window:

* text cut without an ellipsis: a QLabel, QPushButton, QCheckBox or QRadioButton whose text
  needs more room than its widget has (font metrics against the contents rect; word wrap and
  rich text are measured the way QLabel lays them out);
* overlaps: two visible widgets managed by the same layout that cover each other, or one that
  reaches past its parent's edge (what a layout does when squeezed below its minimum);
* tables and trees that show fewer than four rows;
* a window larger than the screen.

``show_like_a_screen(dialog, screen)`` sizes a dialog the way Qt does when it first shows it on a
screen of that size (the offscreen platform's own screen is a fixed 800×600).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.ui.qt import Qt, QtCore, QtWidgets

MIN_TABLE_ROWS = 4
SLACK = 2  # px: rounding between font metrics and layout


@dataclass(frozen=True)
class Problem:
    kind: str  # cut | overlap | outside | rows | window
    where: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}: {self.detail}"


def describe(widget: QtWidgets.QWidget) -> str:
    """A readable path: the window's class, then the widget's class, name and text."""
    parts = []
    w: QtWidgets.QWidget | None = widget
    while w is not None and len(parts) < 3:
        name = type(w).__name__
        if w.objectName() and not w.objectName().startswith("qt_"):
            name += f"#{w.objectName()}"
        parts.append(name)
        if w.isWindow():
            break
        w = w.parentWidget()
    text = _text(widget) or widget.accessibleName()
    label = f" {text[:60]!r}" if text else ""
    return f"{type(widget.window()).__name__}: {' < '.join(parts)}{label}"


def _text(widget: QtWidgets.QWidget) -> str:
    getter = getattr(widget, "text", None)
    if isinstance(widget, (QtWidgets.QLabel, QtWidgets.QAbstractButton)) and callable(getter):
        return str(getter())
    return ""


def _shown(widget: QtWidgets.QWidget, root: QtWidgets.QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.width() > 0 and widget.height() > 0 and not widget.isWindow()


def _in_item_view(widget: QtWidgets.QWidget) -> bool:
    """Editors and index widgets inside a view size themselves to its cells (the view scrolls)."""
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QtWidgets.QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


# -- text ------------------------------------------------------------------------------------
def elided_cut(widget: QtWidgets.QWidget) -> str | None:
    """For the app's shortening widgets (``shown_text()``): what they paint fits, and says "…" if shortened."""
    shown, full = widget.shown_text(), widget.text()  # type: ignore[attr-defined]
    needed = widget.fontMetrics().horizontalAdvance(shown)
    room = widget._room()  # type: ignore[attr-defined]
    if needed > room + SLACK:
        return f"shown text needs {needed} px, it has {room} px"
    if shown != full and "…" not in shown:
        return f"shortened to {shown!r} without an ellipsis"
    return None


def label_cut(label: QtWidgets.QLabel) -> str | None:
    """Why ``label``'s text does not fit, or None."""
    if hasattr(label, "shown_text"):
        return elided_cut(label)
    if not label.text().strip() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    if label.sizePolicy().horizontalPolicy() == QtWidgets.QSizePolicy.Policy.Ignored and label.text().endswith("…"):
        return None  # elided by its owner to the width it has
    width, height = label.width(), label.height()
    if label.wordWrap():
        # QLabel's own measure: the longest word must fit the width, the wrapped lines the height.
        longest = label.minimumSizeHint().width()
        needed = label.heightForWidth(width)
        if longest > width + SLACK:
            return f"a word needs {longest} px, the label is {width} px wide"
        if needed > height + SLACK:
            return f"wrapped text needs {needed} px height, the label is {height} px high"
        return None
    hint = label.sizeHint()
    if hint.width() > width + SLACK:
        return f"text needs {hint.width()} px, the label is {width} px wide"
    if hint.height() > height + SLACK:
        return f"text needs {hint.height()} px height, the label is {height} px high"
    return None


def _plain(text: str) -> str:
    """Button text as drawn: '&&' is '&', a single '&' marks the mnemonic."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def button_cut(button: QtWidgets.QAbstractButton) -> str | None:
    text = _plain(button.text())
    if not text.strip():
        return None
    style = button.style()
    fm = button.fontMetrics()
    if isinstance(button, QtWidgets.QPushButton):
        needed = max(fm.horizontalAdvance(line) for line in text.split("\n"))
        if not button.icon().isNull():
            needed += button.iconSize().width() + 4
        if button.menu() is not None:
            needed += style.pixelMetric(QtWidgets.QStyle.PixelMetric.PM_MenuButtonIndicator, None, button)
        frame = style.pixelMetric(QtWidgets.QStyle.PixelMetric.PM_DefaultFrameWidth, None, button)
        room = button.width() - 2 * frame - 2
        if needed > room + SLACK:
            return f"text needs {needed} px, the button has {room} px"
        return None
    # Check boxes and radio buttons: the style's own measure (indicator + spacing + text).
    needed = button.sizeHint().width()
    if needed > button.width() + SLACK:
        return f"text needs {needed} px, the box is {button.width()} px wide"
    return None


# -- geometry --------------------------------------------------------------------------------
def _managed(parent: QtWidgets.QWidget, layout: QtWidgets.QLayout) -> list[QtWidgets.QWidget]:
    """The children of ``parent`` its layout (or a layout nested in it) places.

    Nested layouts are QObject children of their parent layout; asking each with indexOf() avoids
    wrapping QLayoutItems, which PySide may hand out again for another object at the same address.
    """
    layouts = [layout, *layout.findChildren(QtWidgets.QLayout)]
    children = parent.findChildren(QtWidgets.QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return [w for w in children if any(lay.indexOf(w) >= 0 for lay in layouts)]


def _overlaps(parent: QtWidgets.QWidget, root: QtWidgets.QWidget) -> list[Problem]:
    layout = parent.layout()
    if layout is None or isinstance(parent, QtWidgets.QMainWindow):
        return []
    managed = [w for w in _managed(parent, layout) if _shown(w, root)]
    found = []
    bounds = parent.rect()
    for n, a in enumerate(managed):
        ga = a.geometry()
        outside = ga.intersected(bounds)
        if (ga.width() - outside.width() > SLACK or ga.height() - outside.height() > SLACK) and not isinstance(
            parent, QtWidgets.QAbstractScrollArea
        ):
            found.append(Problem("outside", describe(a), f"{_rect(ga)} reaches past its parent {_rect(bounds)}"))
        for b in managed[n + 1 :]:
            common = ga.intersected(b.geometry())
            if common.width() > SLACK and common.height() > SLACK:
                found.append(Problem("overlap", describe(a), f"{_rect(ga)} covers {describe(b)} {_rect(b.geometry())}"))
    return found


def _rect(r: QtCore.QRect) -> str:
    return f"[{r.x()},{r.y()} {r.width()}×{r.height()}]"


def _row_height(view: QtWidgets.QAbstractItemView) -> int:
    if isinstance(view, QtWidgets.QTableView):
        return view.verticalHeader().defaultSectionSize()
    model = view.model()
    if model is not None and model.rowCount() > 0:
        h = view.sizeHintForRow(0)
        if h > 0:
            return h
    return view.fontMetrics().height() + 4


def table_rows(view: QtWidgets.QAbstractItemView) -> str | None:
    if not isinstance(view, (QtWidgets.QTableView, QtWidgets.QTreeView)):
        return None
    shown = view.viewport().height() / max(1, _row_height(view))
    if shown < MIN_TABLE_ROWS - 0.05:
        return f"shows {shown:.1f} rows (viewport {view.viewport().height()} px), needs {MIN_TABLE_ROWS}"
    return None


# -- the check -------------------------------------------------------------------------------
def problems(window: QtWidgets.QWidget, screen: QtCore.QSize) -> list[Problem]:
    """Every layout problem of the shown top-level ``window`` on a screen of ``screen`` size."""
    QtWidgets.QApplication.processEvents()
    found: list[Problem] = []
    size = window.size()  # the client area: the offscreen platform invents its own frame
    if size.width() > screen.width() or size.height() > screen.height():
        found.append(Problem("window", describe(window), f"{size.width()}×{size.height()} on a {screen.width()}×{screen.height()} screen"))
    for widget in [window, *window.findChildren(QtWidgets.QWidget)]:
        if widget is not window and not _shown(widget, window):
            continue
        if _in_item_view(widget):
            continue
        why = None
        if isinstance(widget, QtWidgets.QLabel):
            why = label_cut(widget)
        elif isinstance(widget, (QtWidgets.QPushButton, QtWidgets.QCheckBox, QtWidgets.QRadioButton)):
            why = button_cut(widget)
        elif isinstance(widget, QtWidgets.QLineEdit) and hasattr(widget, "shown_text"):
            why = elided_cut(widget)
        if why:
            found.append(Problem("cut", describe(widget), why))
        if isinstance(widget, QtWidgets.QAbstractItemView):
            why = table_rows(widget)
            if why:
                found.append(Problem("rows", describe(widget), why))
        found += _overlaps(widget, window)
    return found


def show_like_a_screen(window: QtWidgets.QWidget, screen: QtCore.QSize) -> None:
    """Show ``window`` at the size Qt gives a new window on a screen of ``screen`` size.

    Qt's adjustSize(): the size hint (height for that width where the layout wraps text), at least
    200×100 where it expands, at most two thirds of the screen, never under the minimum size.
    A window its code resized already keeps that size.
    """
    sized_by_code = window.testAttribute(Qt.WidgetAttribute.WA_Resized)
    window.show()
    QtWidgets.QApplication.processEvents()
    if sized_by_code:
        return
    layout = window.layout()
    hint = window.sizeHint()
    if layout is not None and layout.hasHeightForWidth():
        hint.setHeight(layout.totalHeightForWidth(hint.width()))
    hint = hint.boundedTo(QtCore.QSize(screen.width() * 2 // 3, screen.height() * 2 // 3))
    window.resize(hint.expandedTo(window.minimumSize()))
    QtWidgets.QApplication.processEvents()
