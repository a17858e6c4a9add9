"""The quick connect note never stays stuck on screen.

It goes when the window moves or loses focus, when the text changes, on Esc, and when another
note is shown (issue #33, item 11).
"""

from __future__ import annotations

import pytest

from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

pytestmark = pytest.mark.gui

REFUSED = "please connect me to my gpu"


def refuse(window, qtbot) -> QtWidgets.QLabel:
    window.show()
    qtbot.waitExposed(window)
    window.quick.setFocus()
    window.quick.setText(REFUSED)
    qtbot.keyClick(window.quick, QtCore.Qt.Key.Key_Return)
    note = window.quick_note
    qtbot.waitUntil(note.isVisible, timeout=5000)
    assert "for example" in note.text()
    return note


def test_the_note_goes_when_the_window_moves(window, qtbot) -> None:
    note = refuse(window, qtbot)
    window.move(window.pos() + QtCore.QPoint(40, 30))
    qtbot.waitUntil(lambda: not note.isVisible(), timeout=5000)


def test_the_note_goes_when_the_window_is_deactivated(window, qtbot) -> None:
    note = refuse(window, qtbot)
    other = QtWidgets.QDialog()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow(), timeout=5000)
    qtbot.waitUntil(lambda: not note.isVisible(), timeout=5000)


def test_the_note_goes_on_escape(window, qtbot) -> None:
    note = refuse(window, qtbot)
    qtbot.keyClick(window.quick, QtCore.Qt.Key.Key_Escape)
    assert not note.isVisible()
    # Esc in the note itself too.
    note = refuse(window, qtbot)
    QtWidgets.QApplication.sendEvent(
        note,
        QtGui.QKeyEvent(QtCore.QEvent.Type.KeyPress, QtCore.Qt.Key.Key_Escape, QtCore.Qt.KeyboardModifier.NoModifier),
    )
    assert not note.isVisible()


def test_the_note_goes_when_the_field_changes_even_by_program(window, qtbot) -> None:
    note = refuse(window, qtbot)
    window.quick.setText("root@")
    assert not note.isVisible()


def test_another_note_takes_the_place_of_the_first(window, qtbot) -> None:
    from gpudesk.ui.connect_prompt import QuickNote

    note = refuse(window, qtbot)
    other = QuickNote(window.quick)
    other.show_text("another")
    assert other.isVisible() and not note.isVisible()
    other.hide()
    other.deleteLater()
