"""Configurable keyboard shortcuts: the registry, the editor, live actions, persistence and the cheat sheet."""

from __future__ import annotations

import json

import pytest

from gpudesk.core import paths, settings
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

pytestmark = pytest.mark.gui
Qt = QtCore.Qt
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def keys(text: str) -> QtGui.QKeySequence:
    return QtGui.QKeySequence(text)


def shortcut_keys(window: QtWidgets.QWidget) -> set[str]:
    return {s.key().toString() for s in window.findChildren(QtGui.QShortcut)}


def editor(parent, qtbot):  # type: ignore[no-untyped-def]
    from gpudesk.ui.shortcuts_dialog import ShortcutEditor

    dialog = ShortcutEditor(parent)
    qtbot.addWidget(dialog)
    return dialog


def activate(qtbot, widget: QtWidgets.QWidget) -> None:
    widget.activateWindow()
    qtbot.waitActive(widget)


def test_changed_shortcut_reaches_the_live_window_and_its_keys_trigger_it(window, qtbot) -> None:
    activate(qtbot, window)
    window.sidebar.tree.setFocus()
    qtbot.keyClick(window.sidebar.tree, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.quick.hasFocus()  # the default still works

    dialog = editor(window, qtbot)
    dialog.edits["window.quick_connect"].setKeySequence(keys("Ctrl+Shift+K"))
    assert dialog.save()
    assert "Ctrl+Shift+K" in shortcut_keys(window) and "Ctrl+L" not in shortcut_keys(window)

    window.sidebar.tree.setFocus()
    qtbot.keyClick(window.sidebar.tree, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not window.quick.hasFocus()  # the old keys are free again
    qtbot.keyClick(window.sidebar.tree, Qt.Key.Key_K, CTRL_SHIFT)
    assert window.quick.hasFocus()


def test_terminal_action_follows_the_registry(qtbot) -> None:
    from gpudesk.core.sessions import Session
    from gpudesk.ui import shortcuts
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    controller = ConnectionController(Session(name="x", host="127.0.0.1"))  # never connects: no shell opens
    panel = TerminalPanel(controller.server)
    qtbot.addWidget(panel)
    panel.resize(700, 400)
    panel.show()
    activate(qtbot, panel)
    view = panel.new_tab()
    assert panel.new_tab_action.shortcut() == keys("Ctrl+Shift+T")
    assert "Ctrl+Shift+T" in panel.new_tab_action.toolTip()

    assert shortcuts.save({"terminal.new_tab": keys("Ctrl+Shift+Y"), "terminal.paste": keys("Ctrl+Shift+B")}) == []
    assert panel.new_tab_action.shortcut() == keys("Ctrl+Shift+Y")
    assert "Ctrl+Shift+Y" in panel.new_tab_action.toolTip()
    view.canvas.setFocus()
    qtbot.waitUntil(view.canvas.hasFocus)
    qtbot.keyClick(view.canvas, Qt.Key.Key_Y, CTRL_SHIFT)
    assert len(panel.views) == 2

    # Copy and paste are read by the canvas itself at each key press.
    canvas = panel.views[-1].canvas
    sent: list[bytes] = []
    canvas.send.connect(sent.append)
    QtWidgets.QApplication.clipboard().setText("echo hi")
    qtbot.keyClick(canvas, Qt.Key.Key_V, CTRL_SHIFT)
    assert sent == []  # Ctrl+Shift+V is no longer paste
    qtbot.keyClick(canvas, Qt.Key.Key_B, CTRL_SHIFT)
    assert sent == [b"echo hi"]
    panel.shutdown()
    controller.close()


def test_conflicts_and_shell_keys_are_refused_and_not_saved(window, qtbot) -> None:
    dialog = editor(window, qtbot)
    dialog.edits["window.new_session"].setKeySequence(keys("Ctrl+L"))
    assert not dialog.save()
    assert dialog.result() != QtWidgets.QDialog.DialogCode.Accepted
    message = dialog.error.text()
    assert "“New session” and “Quick connect” both use Ctrl+L" in message
    assert not dialog.error.isHidden()
    assert settings.get("ui.shortcuts") == {}
    assert "Ctrl+N" in shortcut_keys(window)

    dialog.edits["window.new_session"].setKeySequence(keys("Ctrl+N"))
    dialog.edits["terminal.find"].setKeySequence(keys("Ctrl+G"))
    assert not dialog.save()
    assert "Ctrl+letter keys belong to the shell" in dialog.error.text()
    dialog.edits["terminal.find"].setKeySequence(keys("Alt+G"))
    assert not dialog.save()
    assert "keys without Ctrl go to the shell" in dialog.error.text()
    assert settings.get("ui.shortcuts") == {}

    # A window command may use Ctrl+letter; a terminal one may use Ctrl+Shift+letter.
    dialog.edits["terminal.find"].setKeySequence(keys("Ctrl+Shift+G"))
    dialog.edits["window.new_session"].setKeySequence(keys("Ctrl+G"))
    assert dialog.save()
    assert settings.get("ui.shortcuts") == {"terminal.find": "Ctrl+Shift+G", "window.new_session": "Ctrl+G"}

    # Del removes a forward in the Forwards tab and deletes files in the Files tab: no clash between areas,
    # but a window-wide command on Del would take the key from both.
    dialog.edits["window.close_tab"].setKeySequence(keys("Del"))
    assert not dialog.save()
    assert "both use Del" in dialog.error.text()


def test_saved_shortcuts_survive_a_restart_and_reset_restores_defaults(qtbot) -> None:
    from gpudesk.ui import shortcuts
    from gpudesk.ui.main_window import MainWindow

    first = MainWindow()
    qtbot.addWidget(first)
    dialog = editor(first, qtbot)
    dialog.edits["window.close_tab"].setKeySequence(keys("Ctrl+Shift+Q"))
    dialog.edits["forwards.remove"].setKeySequence(QtGui.QKeySequence())  # no key at all
    assert dialog.save()
    first.shutdown()
    stored = json.loads(paths.settings_file().read_text())["ui.shortcuts"]
    assert stored == {"window.close_tab": "Ctrl+Shift+Q", "forwards.remove": ""}

    settings.reset_cache()  # as a fresh process would read it
    second = MainWindow()
    qtbot.addWidget(second)
    assert "Ctrl+Shift+Q" in shortcut_keys(second) and "Ctrl+Shift+W" not in shortcut_keys(second)
    assert shortcuts.current("forwards.remove").isEmpty()

    again = editor(second, qtbot)
    assert again.edits["window.close_tab"].keySequence() == keys("Ctrl+Shift+Q")
    again.reset_buttons["window.close_tab"].click()
    assert again.edits["window.close_tab"].keySequence() == keys("Ctrl+Shift+W")
    assert again.save()
    assert settings.get("ui.shortcuts") == {"forwards.remove": ""}
    assert "Ctrl+Shift+W" in shortcut_keys(second)

    last = editor(second, qtbot)
    last.reset_all_button.click()
    assert last.save()
    assert settings.get("ui.shortcuts") == {}
    assert shortcuts.current("forwards.remove") == keys("Del")
    second.shutdown()


def test_cheat_sheet_lists_the_registry_with_current_keys(window, qtbot) -> None:
    from gpudesk.ui import shortcuts

    shortcuts.save({"terminal.find": keys("Ctrl+Shift+G")})
    seen: dict[str, object] = {}

    def inspect() -> None:
        sheet = QtWidgets.QApplication.activeModalWidget()
        if sheet is None:
            QtCore.QTimer.singleShot(20, inspect)
            return
        seen["rows"] = sheet.rows()
        seen["text"] = sheet.sheet.text()

        def edit() -> None:  # the editor opened from the sheet; changing a key refreshes the sheet
            dialog = QtWidgets.QApplication.activeModalWidget()
            if dialog is sheet or dialog is None:
                QtCore.QTimer.singleShot(20, edit)
                return
            dialog.edits["terminal.find"].setKeySequence(keys("Ctrl+Shift+J"))
            dialog.save()
            seen["after"] = sheet.sheet.text()
            sheet.reject()

        QtCore.QTimer.singleShot(0, edit)
        sheet.edit_button.click()

    QtCore.QTimer.singleShot(0, inspect)
    window.show_shortcuts()
    rows = {description: key for _area, key, description in seen["rows"]}
    assert rows["Find in the terminal"] == "Ctrl+Shift+G"
    assert rows["Quick connect"] == "Ctrl+L"
    assert set(rows) >= {c.label() for c in shortcuts.COMMANDS} | {"Terminal font size"}
    assert "Ctrl+Shift+G" in seen["text"] and "Ctrl+Shift+F" not in seen["text"]
    assert "Ctrl+Shift+J" in seen["after"]


def test_settings_dialog_opens_the_shortcut_editor(window, qtbot) -> None:
    from gpudesk.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(window)
    qtbot.addWidget(dialog)
    button = dialog._editors["ui.shortcuts"]
    assert isinstance(button, QtWidgets.QPushButton)
    opened = []

    def close_editor() -> None:
        editor_dialog = QtWidgets.QApplication.activeModalWidget()
        if editor_dialog is None or editor_dialog is dialog:
            QtCore.QTimer.singleShot(20, close_editor)
            return
        opened.append(type(editor_dialog).__name__)
        editor_dialog.reject()

    QtCore.QTimer.singleShot(0, close_editor)
    button.click()
    assert opened == ["ShortcutEditor"]
    dialog._save()  # the button is not a value to save
    assert settings.get("ui.shortcuts") == {}
