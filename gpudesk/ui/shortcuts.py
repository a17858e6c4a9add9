"""Keyboard shortcuts, declared once: each command's id, default keys and description.

Every place that gives a command a key asks this module for it (:func:`bind_action`,
:func:`make_shortcut`, :func:`matches`), so a change the user makes in the shortcut editor
reaches live actions at once. The user's changes are kept in the ``ui.shortcuts`` setting
as ``{command id: portable key text}``, holding only the commands that differ from their
defaults ("" means "no key").
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from gpudesk.core import settings
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QtCore, QtGui, Signal, Slot

SETTING = "ui.shortcuts"
MAC = sys.platform == "darwin"
_PORTABLE = QtGui.QKeySequence.SequenceFormat.PortableText
_NATIVE = QtGui.QKeySequence.SequenceFormat.NativeText

WINDOW = QT_TRANSLATE_NOOP("Shortcuts", "Window")
TERMINAL = QT_TRANSLATE_NOOP("Shortcuts", "Terminal")
JOBS = QT_TRANSLATE_NOOP("Shortcuts", "Jobs")
FORWARDS = QT_TRANSLATE_NOOP("Shortcuts", "Forwards")
FILES = QT_TRANSLATE_NOOP("Shortcuts", "Files")


@dataclass(frozen=True)
class Command:
    id: str
    default: str  # portable key text ("Ctrl+Shift+T"); Ctrl is Command on macOS
    description: str  # English source, translated in the "Shortcuts" context
    area: str  # where it works, for grouping (also translated in "Shortcuts")
    in_terminal: bool = False  # works while a terminal has the keyboard, so shell keys are refused

    def label(self) -> str:
        """The translated description."""
        return QCoreApplication.translate("Shortcuts", self.description)

    def area_label(self) -> str:
        return QCoreApplication.translate("Shortcuts", self.area)


COMMANDS: tuple[Command, ...] = (
    Command("window.new_session", "Ctrl+N", QT_TRANSLATE_NOOP("Shortcuts", "New session"), WINDOW),
    Command("window.quick_connect", "Ctrl+L", QT_TRANSLATE_NOOP("Shortcuts", "Quick connect"), WINDOW),
    Command("window.search_sessions", "Ctrl+F", QT_TRANSLATE_NOOP("Shortcuts", "Search sessions"), WINDOW),
    Command("window.close_tab", "Ctrl+Shift+W", QT_TRANSLATE_NOOP("Shortcuts", "Close the current tab"), WINDOW),
    Command("window.quit", "Ctrl+Q", QT_TRANSLATE_NOOP("Shortcuts", "Quit gpudesk"), WINDOW),
    Command("terminal.new_tab", "Ctrl+Shift+T", QT_TRANSLATE_NOOP("Shortcuts", "New terminal tab"), TERMINAL, True),
    Command("terminal.copy", "Ctrl+Shift+C", QT_TRANSLATE_NOOP("Shortcuts", "Copy the terminal selection"), TERMINAL, True),
    Command("terminal.paste", "Ctrl+Shift+V", QT_TRANSLATE_NOOP("Shortcuts", "Paste into the terminal"), TERMINAL, True),
    Command("terminal.find", "Ctrl+Shift+F", QT_TRANSLATE_NOOP("Shortcuts", "Find in the terminal"), TERMINAL, True),
    Command("terminal.find_close", "Esc", QT_TRANSLATE_NOOP("Shortcuts", "Close the terminal's find bar"), TERMINAL),
    Command("jobs.find_previous", "Shift+Return", QT_TRANSLATE_NOOP("Shortcuts", "Previous match in a job's log"), JOBS),
    Command("forwards.remove", "Del", QT_TRANSLATE_NOOP("Shortcuts", "Remove the selected forward"), FORWARDS),
    Command("files.delete", "Del", QT_TRANSLATE_NOOP("Shortcuts", "Delete the selected remote files"), FILES),
    Command("files.rename", "F2", QT_TRANSLATE_NOOP("Shortcuts", "Rename the selected remote file"), FILES),
    Command("files.refresh", "F5", QT_TRANSLATE_NOOP("Shortcuts", "Refresh the file list"), FILES),
)
BY_ID: dict[str, Command] = {c.id: c for c in COMMANDS}

# Shown in the cheat sheet but not keyboard commands, so not editable: (keys, description, area).
FIXED: tuple[tuple[str, str, str], ...] = (
    (
        QT_TRANSLATE_NOOP("Shortcuts", "Ctrl + mouse wheel"),
        QT_TRANSLATE_NOOP("Shortcuts", "Terminal font size"),
        TERMINAL,
    ),
)

_CTRL = Qt.KeyboardModifier.ControlModifier  # Command on macOS, as in QKeySequence's "Ctrl"
_MODIFIERS = (
    Qt.KeyboardModifier.ShiftModifier
    | Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.MetaModifier
)
# With Ctrl alone these send control characters the shell uses (^[, ^\, ^], ^^, ^_, ^@ …).
_SHELL_CTRL_KEYS = {
    Qt.Key.Key_Space, Qt.Key.Key_At, Qt.Key.Key_BracketLeft, Qt.Key.Key_Backslash, Qt.Key.Key_BracketRight,
    Qt.Key.Key_AsciiCircum, Qt.Key.Key_Underscore, Qt.Key.Key_Slash, Qt.Key.Key_Minus,
    Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6, Qt.Key.Key_7, Qt.Key.Key_8,
}  # fmt: skip


class _Notifier(QObject):
    changed = Signal()


_notifier: _Notifier | None = None


def notifier() -> _Notifier:
    """Emits ``changed`` after the user's shortcuts were saved."""
    global _notifier
    if _notifier is None:
        _notifier = _Notifier()
    return _notifier


# -- reading ---------------------------------------------------------------------------------------------------------
def overrides() -> dict[str, str]:
    """The user's changes: command id → portable key text, for known commands only."""
    raw = settings.get(SETTING)
    return {k: v for k, v in raw.items() if k in BY_ID and isinstance(v, str)}


def _chord(seq: QtGui.QKeySequence, i: int) -> QtCore.QKeyCombination:
    """The i-th chord of a key sequence (PySide's stubs do not declare QKeySequence's indexing)."""
    return cast(QtCore.QKeyCombination, cast(Any, seq)[i])


def default(command_id: str) -> QtGui.QKeySequence:
    return QtGui.QKeySequence(BY_ID[command_id].default)


def parse(text: str) -> QtGui.QKeySequence | None:
    """The key sequence of a portable text; None when the text is not a key sequence."""
    seq = QtGui.QKeySequence.fromString(text, _PORTABLE)
    if text.strip() and (seq.isEmpty() or any(_chord(seq, i).key() == Qt.Key.Key_unknown for i in range(seq.count()))):
        return None
    return seq


def current(command_id: str) -> QtGui.QKeySequence:
    """The keys a command answers to now (the user's choice, else the default)."""
    text = overrides().get(command_id)
    if text is not None:
        seq = parse(text)
        if seq is not None:
            return seq
    return default(command_id)


def native(seq: QtGui.QKeySequence) -> str:
    """Keys as the user's platform writes them (⌘ on macOS)."""
    return seq.toString(_NATIVE)


def text(command_id: str) -> str:
    return native(current(command_id))


def matches(command_id: str, event: QtGui.QKeyEvent) -> bool:
    """Whether a key press is a command's current keys (commands of one chord only)."""
    seq = current(command_id)
    if seq.count() != 1:
        return False
    combo = _chord(seq, 0)
    return combo.key().value == event.key() and combo.keyboardModifiers() == (event.modifiers() & _MODIFIERS)


# -- checking and saving ---------------------------------------------------------------------------------------------
def terminal_problem(seq: QtGui.QKeySequence) -> str | None:
    """Why a key cannot serve a command used inside the terminal, or None when it can."""
    for i in range(seq.count()):
        combo = _chord(seq, i)
        mods, key = combo.keyboardModifiers() & _MODIFIERS, combo.key()
        letter = Qt.Key.Key_A.value <= key.value <= Qt.Key.Key_Z.value
        if mods == _CTRL and (letter or key in _SHELL_CTRL_KEYS):
            return QCoreApplication.translate(
                "Shortcuts",
                "In the terminal, Ctrl+letter keys belong to the shell (Ctrl+C stops a program, Ctrl+R searches "
                "the history). Use Ctrl+Shift+letter for terminal commands.",
            )
        if not mods & _CTRL:
            return QCoreApplication.translate(
                "Shortcuts",
                "In the terminal, keys without Ctrl go to the shell (letters, Alt+letter, arrows, function keys). "
                "Use Ctrl+Shift+letter for terminal commands.",
            )
    return None


def problems(mapping: Mapping[str, QtGui.QKeySequence]) -> list[str]:
    """What stops ``mapping`` (command id → keys) from being saved, as translated sentences."""
    found: list[str] = []
    owners: dict[tuple[str, str], str] = {}  # (area, keys) -> command id
    areas = {c.area for c in COMMANDS}
    for command in COMMANDS:
        seq = mapping.get(command.id, current(command.id))
        if seq.isEmpty():
            continue
        key = seq.toString(_PORTABLE)
        # Window commands work everywhere; the others only where their area has the keyboard.
        scope = areas if command.area == WINDOW else {command.area, WINDOW}
        other = next((owners[(a, key)] for a in sorted(scope) if (a, key) in owners), None)
        if other is not None:
            found.append(
                QCoreApplication.translate("Shortcuts", "“%1” and “%2” both use %3. Give one of them other keys.")
                .replace("%1", BY_ID[other].label())
                .replace("%2", command.label())
                .replace("%3", native(seq))
            )
        else:
            owners[(command.area, key)] = command.id
        if command.in_terminal:
            why = terminal_problem(seq)
            if why is not None:
                found.append(
                    QCoreApplication.translate("Shortcuts", "“%1” cannot use %2: %3")
                    .replace("%1", command.label())
                    .replace("%2", native(seq))
                    .replace("%3", why)
                )
    return found


def save(mapping: Mapping[str, QtGui.QKeySequence]) -> list[str]:
    """Store the user's keys (only those that differ from the defaults) unless :func:`problems` finds any.

    Returns the problems; an empty list means saved, and live actions have their new keys.
    """
    found = problems(mapping)
    if found:
        return found
    stored: dict[str, str] = {}
    for command in COMMANDS:
        seq = mapping.get(command.id, current(command.id))
        if seq != default(command.id):
            stored[command.id] = seq.toString(_PORTABLE)
    settings.set(SETTING, stored)
    notifier().changed.emit()
    return []


# -- binding live objects --------------------------------------------------------------------------------------------
class _Binding(QObject):
    """Keeps one action's (or QShortcut's) keys and tooltip in step with the registry; dies with it."""

    def __init__(self, target: QtGui.QAction | QtGui.QShortcut, command_id: str, tooltip: str | None) -> None:
        super().__init__(target)
        self._target = target
        self._command_id = command_id
        self._tooltip = tooltip
        notifier().changed.connect(self.apply)
        self.apply()

    @Slot()
    def apply(self) -> None:
        seq = current(self._command_id)
        if isinstance(self._target, QtGui.QAction):
            self._target.setShortcut(seq)
            if self._tooltip is not None:
                keys = QCoreApplication.translate("Shortcuts", "%1 (%2)").replace("%1", self._tooltip).replace("%2", native(seq))
                self._target.setToolTip(self._tooltip if seq.isEmpty() else keys)
        else:
            self._target.setKey(seq)


def bind_action(action: QtGui.QAction, command_id: str, tooltip: str | None = None) -> QtGui.QAction:
    """Give ``action`` the command's keys, now and after every change; its tooltip then ends with the keys."""
    _Binding(action, command_id, tooltip)
    return action


def make_shortcut(
    command_id: str,
    parent: QtCore.QObject,
    slot: Callable[[], object],
    context: Qt.ShortcutContext | None = None,
) -> QtGui.QShortcut:
    """A QShortcut on ``parent`` with the command's keys, kept up to date."""
    shortcut = QtGui.QShortcut(current(command_id), parent)
    if context is not None:
        shortcut.setContext(context)
    shortcut.activated.connect(slot)
    _Binding(shortcut, command_id, None)
    return shortcut
