"""The live log: complete lines in a read-only text view, the line being redrawn (a progress bar) below it.

Colours are stripped (the scanners see the same text). The view keeps at most
``jobs.max_log_lines`` lines so a week-long job cannot eat the memory.
"""

from __future__ import annotations

import codecs
import re

from gpudesk.core import settings
from gpudesk.core.jobs.lines import strip_ansi
from gpudesk.ui import a11y, plaintext, shortcuts
from gpudesk.ui.qt import QtGui, QtWidgets


def visible_line(raw: str) -> str:
    """What a terminal shows for a line redrawn with ``\\r``: the last non-empty redraw."""
    parts = [p for p in raw.split("\r") if p]
    return strip_ansi(parts[-1]) if parts else ""


class LogView(QtWidgets.QWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self.text = QtWidgets.QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName(self.tr("Job log"))
        self.text.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setMaximumBlockCount(settings.get("jobs.max_log_lines"))
        font = QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
        self.text.setFont(font)
        self.live = plaintext.plain(QtWidgets.QLabel())  # the job's current, unfinished line
        self.live.setFont(font)
        self.live.setStyleSheet("color: palette(mid);")
        self.follow = QtWidgets.QCheckBox(self.tr("Follow"))
        self.follow.setChecked(settings.get("jobs.follow_log"))
        self.follow.setToolTip(self.tr("Keep the newest lines in view"))
        self.follow.toggled.connect(lambda on: self._scroll_to_end() if on else None)
        self.search = QtWidgets.QLineEdit()
        self.search.setAccessibleName(self.tr("Search the log"))
        self.search.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.search)
        self.search.returnPressed.connect(self.find_next)
        self.search.textChanged.connect(self._highlight)
        shortcuts.make_shortcut("jobs.find_previous", self.search, self.find_previous)
        shortcuts.notifier().changed.connect(self._show_keys)
        self._show_keys()
        self.found = plaintext.plain(QtWidgets.QLabel())
        bar = QtWidgets.QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.found)
        bar.addWidget(self.follow)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.live)

    def _show_keys(self) -> None:
        keys = shortcuts.text("jobs.find_previous")
        hint = self.tr("Search the log (Enter: next, %1: previous)").replace("%1", keys)
        self.search.setPlaceholderText(hint if keys else self.tr("Search the log (Enter: next)"))

    def clear(self) -> None:
        self._decoder.reset()
        self._pending = ""
        self.text.clear()
        self.live.clear()

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        lines = re.split(r"\r?\n", text)
        self._pending = lines.pop()
        if lines:
            bar = self.text.verticalScrollBar()
            at_end = bar.value() >= bar.maximum() - 2
            self.text.appendPlainText("\n".join(visible_line(line) for line in lines))
            if self.follow.isChecked() or at_end:
                self._scroll_to_end()
        self.live.setText(visible_line(self._pending)[-300:])

    def finish(self) -> None:
        """The log will not grow any more: show the last partial line as a line."""
        rest = self._pending + self._decoder.decode(b"", final=True)
        self._pending = ""
        if rest.strip():
            self.text.appendPlainText(visible_line(rest))
        self.live.clear()

    def plain_text(self) -> str:
        return self.text.toPlainText()

    def _scroll_to_end(self) -> None:
        self.text.moveCursor(QtGui.QTextCursor.MoveOperation.End)
        self.text.ensureCursorVisible()
        self.text.horizontalScrollBar().setValue(0)  # long lines: show their start, not their end

    # -- search --------------------------------------------------------------
    def find_next(self, backward: bool = False) -> bool:
        needle = self.search.text()
        if not needle:
            return False
        flags = QtGui.QTextDocument.FindFlag.FindBackward if backward else QtGui.QTextDocument.FindFlag(0)
        if self.text.find(needle, flags):
            self.follow.setChecked(False)  # the user is reading: stop jumping to the end
            return True
        cursor = self.text.textCursor()
        cursor.movePosition(QtGui.QTextCursor.MoveOperation.End if backward else QtGui.QTextCursor.MoveOperation.Start)
        self.text.setTextCursor(cursor)
        found = self.text.find(needle, flags)  # wrap around once
        if found:
            self.follow.setChecked(False)
        return found

    def find_previous(self) -> bool:
        return self.find_next(backward=True)

    def _highlight(self, needle: str) -> None:
        selections = []
        count = 0
        if needle:
            colour = QtGui.QColor("#ffe082")
            doc = self.text.document()
            cursor = doc.find(needle)
            while not cursor.isNull() and count < 1000:
                sel = QtWidgets.QTextEdit.ExtraSelection()
                sel.cursor = cursor
                sel.format.setBackground(colour)
                sel.format.setForeground(QtGui.QColor("#000"))
                selections.append(sel)
                count += 1
                cursor = doc.find(needle, cursor)
        self.text.setExtraSelections(selections)
        self.found.setText(self.tr("%n match(es)", "", count) if needle else "")
