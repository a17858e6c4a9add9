"""Terminal keys on non-US layouts, as Windows and macOS deliver them to Qt.

Windows reports AltGr as Ctrl+Alt with the typed character in the event's text; macOS reports
Option as Alt with the character Option typed, Command as Control and the Control key as Meta.
The platform is switched with ``sys.platform``; the events carry exactly those modifiers/texts.
"""

from __future__ import annotations

import sys

import pytest

from gpudesk.core import settings
from gpudesk.core.terminal.keys import layout_char
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.canvas import shown_canvas

pytestmark = pytest.mark.gui
Qt = QtCore.Qt
K = Qt.Key
M = Qt.KeyboardModifier
ALTGR = M.ControlModifier | M.AltModifier  # what Windows reports for AltGr


@pytest.fixture
def canvas(qtbot):
    c = shown_canvas(qtbot)
    sent: list[bytes] = []
    c.send.connect(sent.append)
    c.sent = sent
    return c


def press(canvas, key, mods, text: str) -> list[bytes]:
    canvas.sent.clear()
    QtWidgets.QApplication.sendEvent(canvas, QtGui.QKeyEvent(QtCore.QEvent.Type.KeyPress, key, mods, text))
    return list(canvas.sent)


# German and French layouts: AltGr+Q @, AltGr+8 [, AltGr+9 ], AltGr+7 {, AltGr+0 }, AltGr+ß \,
# AltGr+< |, AltGr+E €; Qt's key is the character's where it has one, the letter's otherwise.
ALTGR_KEYS = [
    (K.Key_At, "@"), (K.Key_Q, "@"), (K.Key_BracketLeft, "["), (K.Key_8, "["), (K.Key_BracketRight, "]"),
    (K.Key_BraceLeft, "{"), (K.Key_BraceRight, "}"), (K.Key_Backslash, "\\"), (K.Key_Bar, "|"),
    (K.Key_E, "€"), (K.Key_A, "ą"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "text"), ALTGR_KEYS)
def test_windows_altgr_types_its_character(canvas, monkeypatch, key, text) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert press(canvas, key, ALTGR, text) == [text.encode()]


def test_windows_real_ctrl_alt_chord_is_still_one(canvas, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert press(canvas, K.Key_Q, ALTGR, "@") == [b"@"]  # AltGr+Q on a German layout
    assert press(canvas, K.Key_Q, ALTGR, "\x11") == [b"\x1b\x11"]  # Ctrl+Alt+Q on a US layout
    assert press(canvas, K.Key_Q, ALTGR, "q") == [b"\x1b\x11"]
    assert press(canvas, K.Key_C, M.ControlModifier, "\x03") == [b"\x03"]


def test_windows_altgr_wins_over_application_shortcuts(canvas, monkeypatch) -> None:
    """The ShortcutOverride is accepted, so a Ctrl+Alt+Q shortcut cannot swallow the "@"."""
    monkeypatch.setattr(sys, "platform", "win32")
    override = QtGui.QKeyEvent(QtCore.QEvent.Type.ShortcutOverride, K.Key_Q, ALTGR, "@")
    assert canvas.event(override) is True and override.isAccepted()


@pytest.mark.parametrize(("key", "text"), [(K.Key_5, "["), (K.Key_6, "]"), (K.Key_L, "@"), (K.Key_8, "{"),
                                           (K.Key_7, "|"), (K.Key_N, "~")])  # fmt: skip
def test_mac_option_types_its_character(canvas, monkeypatch, key, text) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert press(canvas, key, M.AltModifier, text) == [text.encode()]


def test_mac_option_as_meta_sends_escape_and_the_key(canvas, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    settings.set("terminal.option_as_meta", True)
    assert press(canvas, K.Key_B, M.AltModifier, "∫") == [b"\x1bb"]
    assert press(canvas, K.Key_F, M.AltModifier | M.ShiftModifier, "Ï") == [b"\x1bF"]
    assert press(canvas, K.Key_Left, M.AltModifier, "") == [b"\x1b[1;3D"]  # word left stays


def test_mac_unbound_command_letter_never_reaches_the_shell(canvas, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    # Qt reports Command as Control on macOS; the text is the plain letter.
    for key, text in [(K.Key_K, "k"), (K.Key_J, "j"), (K.Key_1, "1"), (K.Key_Period, ".")]:
        assert press(canvas, key, M.ControlModifier, text) == []
    assert press(canvas, K.Key_C, M.MetaModifier, "\x03") == [b"\x03"]  # the Control key is Ctrl


def test_layout_char_rules() -> None:
    assert layout_char("@", ctrl=True, alt=True, platform="win32") == "@"
    assert layout_char("q", ctrl=True, alt=True, platform="win32") is None
    assert layout_char("\x11", ctrl=True, alt=True, platform="win32") is None
    assert layout_char("@", ctrl=True, alt=True, platform="linux") is None
    assert layout_char("[", ctrl=False, alt=True, platform="darwin") == "["
    assert layout_char("[", ctrl=False, alt=True, platform="darwin", option_as_meta=True) is None
    assert layout_char("[", ctrl=False, alt=True, platform="linux") is None  # Alt stays Meta on Linux
