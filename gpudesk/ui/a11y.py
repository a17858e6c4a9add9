"""Accessible names for the parts of Qt widgets that have none by themselves (screen readers read them)."""

from __future__ import annotations

import re

from gpudesk.ui.qt import QCoreApplication, QtGui, QtWidgets

_DECORATION = re.compile(r"^\W+")  # status dots ("● ") in front of a tab's title


def name_toolbar_extension(bar: QtWidgets.QToolBar) -> None:
    """Name the » button a toolbar shows when its buttons do not fit."""
    button = bar.findChild(QtWidgets.QToolButton, "qt_toolbar_ext_button")
    if button is not None:
        button.setAccessibleName(QCoreApplication.translate("Accessibility", "More toolbar buttons"))


class TabWidget(QtWidgets.QTabWidget):
    """A tab widget whose close buttons say which tab they close."""

    def tabInserted(self, index: int) -> None:  # noqa: N802 - Qt API
        super().tabInserted(index)
        self.name_close_buttons()

    def name_close_buttons(self) -> None:
        """Call after changing a tab's text, so its close button follows."""
        bar = self.tabBar()
        for index in range(self.count()):
            title = _DECORATION.sub("", self.tabText(index).replace("&", "")).strip()
            for side in (QtWidgets.QTabBar.ButtonPosition.RightSide, QtWidgets.QTabBar.ButtonPosition.LeftSide):
                button = bar.tabButton(index, side)
                if button is not None:
                    button.setAccessibleName(QCoreApplication.translate("Accessibility", "Close %1").replace("%1", title))


_CLEAR_ACTION = "_q_qlineeditclearaction"  # Qt's name for the action behind a line edit's clear (×) button


def name_clear_buttons(root: QtWidgets.QWidget) -> None:
    """Name the clear buttons of the line edits under ``root`` (call after ``setClearButtonEnabled(True)``)."""
    for action in root.findChildren(QtGui.QAction, _CLEAR_ACTION):
        if not action.text():
            action.setText(QCoreApplication.translate("Accessibility", "Clear the text"))
