"""Screen readers: every visible control in the main window, its pages, panels and dialogs has an accessible name.

Qt derives a name from a button's text and from a QLabel buddy or QFormLayout label; icon-only buttons, lone
line edits, lists and tables need ``setAccessibleName(self.tr(...))``. The check asks Qt's accessibility layer
what a screen reader would read, not the widget's own ``accessibleName()``.
"""

from __future__ import annotations

import pytest

from gpudesk.ui.qt import QtGui, QtWidgets

pytestmark = pytest.mark.gui

INTERACTIVE = (
    QtWidgets.QAbstractButton,
    QtWidgets.QLineEdit,
    QtWidgets.QComboBox,
    QtWidgets.QAbstractSpinBox,
    QtWidgets.QAbstractItemView,
    QtWidgets.QSlider,
    QtWidgets.QPlainTextEdit,
    QtWidgets.QTextEdit,
    QtWidgets.QKeySequenceEdit,
)

def _owner(widget: QtWidgets.QWidget) -> str:
    """The nearest gpudesk class holding ``widget``: says which file has to name it."""
    obj = widget
    while obj is not None:
        cls = type(obj)
        if cls.__module__.startswith("gpudesk."):
            return f"{cls.__module__}.{cls.__name__}"
        obj = obj.parent()
    return "?"


def _skipped(widget: QtWidgets.QWidget) -> bool:
    parent = widget.parent()
    # The editor inside a spin box or combo box: the screen reader reads the box itself.
    if isinstance(widget, QtWidgets.QLineEdit) and isinstance(parent, (QtWidgets.QAbstractSpinBox, QtWidgets.QComboBox)):
        return True
    # A header is read through its table, as the column titles of the cells.
    return isinstance(widget, QtWidgets.QHeaderView)


def screen_reader_name(widget: QtWidgets.QWidget) -> str:
    interface = QtGui.QAccessible.queryAccessibleInterface(widget)
    return interface.text(QtGui.QAccessible.Text.Name).strip() if interface is not None else ""


def unnamed(root: QtWidgets.QWidget) -> dict[tuple[str, str, str], str]:
    """Visible interactive widgets under ``root`` without a name: key → description for the failure message."""
    found = {}
    candidates = []
    for widget in [root, *root.findChildren(QtWidgets.QWidget)]:
        if not isinstance(widget, INTERACTIVE) or not widget.isVisible() or _skipped(widget):
            continue
        candidates.append(widget)
        if isinstance(widget, QtWidgets.QLineEdit) and widget.isClearButtonEnabled():
            # Its clear (×) button shows only once there is text: check it now, shown or not.
            candidates += widget.findChildren(QtWidgets.QToolButton)
    for widget in candidates:
        if screen_reader_name(widget):
            continue
        key = (_owner(widget), type(widget).__name__, widget.toolTip())
        text = widget.text() if isinstance(widget, (QtWidgets.QAbstractButton, QtWidgets.QLineEdit)) else ""
        found[key] = f"{key[0]}: {key[1]} objectName={widget.objectName()!r} text={text!r} toolTip={key[2]!r}"
    return found


def check(roots: list[QtWidgets.QWidget]) -> list[str]:
    return [description for root in roots for description in unnamed(root).values()]


def open_dialog(dialog: QtWidgets.QDialog) -> list[str]:
    dialog.show()
    try:
        return check([dialog])
    finally:
        dialog.close()
        dialog.deleteLater()


def test_window_pages_guide_and_dialogs_name_every_control(window, qtbot) -> None:
    from gpudesk.ui.session_dialog import SessionDialog
    from gpudesk.ui.settings_dialog import SettingsDialog
    from gpudesk.ui.shortcuts_dialog import ShortcutEditor, ShortcutSheet

    problems = check([window])
    for action in window.findChildren(QtGui.QAction):
        if action.text() in ("Catalog", "Providers"):
            action.trigger()
    assert window.tabs.count() >= 2
    for i in range(window.tabs.count()):
        window.tabs.setCurrentIndex(i)
        problems += check([window])
    window.show_guide(True)
    assert window.guide_dock.isVisible()
    problems += check([window.guide_dock])
    for dialog in (
        SettingsDialog(window),
        SessionDialog(folders=["lab"], parent=window),
        ShortcutSheet(window),
        ShortcutEditor(window),
    ):
        problems += open_dialog(dialog)
    assert not problems, "controls a screen reader cannot name:\n" + "\n".join(sorted(set(problems)))


def test_connection_tab_panels_name_every_control(window, qtbot) -> None:
    window.start_demo()
    qtbot.waitUntil(lambda: bool(window.tabs_by_session), timeout=20000)
    tab = next(iter(window.tabs_by_session.values()))
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    problems = []
    titles = []
    for i in range(tab.tabs.count()):
        tab.tabs.setCurrentIndex(i)
        titles.append(tab.tabs.tabText(i))
        qtbot.wait(300)  # let the panel fill in what it shows once visible
        problems += check([window])
    assert {"Terminal", "Files", "GPUs", "Jobs", "Forwards"} <= set(titles), titles

    terminal = next(p for p in tab.panels if type(p).__name__ == "TerminalPanel")
    tab.tabs.setCurrentWidget(terminal)
    qtbot.waitUntil(lambda: bool(terminal.views))
    terminal.views[0].findbar.open()
    assert terminal.views[0].findbar.isVisible()
    problems += check([window])

    assert not problems, "controls a screen reader cannot name:\n" + "\n".join(sorted(set(problems)))

    from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
    from gpudesk.core.providers.accounts import remove_transient

    remove_transient(DEMO_ACCOUNT)  # the demo's provider account lives for one run only; later tests expect none
