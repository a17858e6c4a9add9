"""The terminal's find bar (Ctrl+Shift+F): highlights every match in scrollback and screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.ui import a11y, shortcuts
from gpudesk.ui.qt import QtWidgets

if TYPE_CHECKING:
    from gpudesk.core.terminal.cells import Line
    from gpudesk.ui.terminal.canvas import TerminalCanvas


def find_in_line(line: Line, needle: str) -> list[tuple[int, int]]:
    """Cell ranges of ``needle`` in ``line`` (case-insensitive; wide characters count two cells)."""
    chars = line.chars
    text_parts = []
    cells = []  # string index -> cell
    for col, ch in enumerate(chars):
        if ch:
            text_parts.append(ch)
            cells.extend([col] * len(ch))
    text = "".join(text_parts).lower()
    out = []
    start = text.find(needle)
    while start != -1:
        end = start + len(needle)
        first = cells[start]
        last = cells[end - 1]
        width = 2 if last + 1 < len(chars) and chars[last + 1] == "" else 1
        out.append((first, last + width))
        start = text.find(needle, end)
    return out


class FindBar(QtWidgets.QFrame):
    """A search field with previous/next; Escape closes it."""

    def __init__(self, canvas: TerminalCanvas, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = canvas
        self.matches: list[tuple[int, int, int]] = []
        self.index = -1
        self.edit = QtWidgets.QLineEdit(self)
        self.edit.setPlaceholderText(self.tr("Find in terminal"))
        self.edit.setAccessibleName(self.tr("Find in terminal"))
        self.edit.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.edit)
        self.count = QtWidgets.QLabel(self)
        prev_button = QtWidgets.QToolButton(self)
        prev_button.setText(self.tr("Previous"))
        next_button = QtWidgets.QToolButton(self)
        next_button.setText(self.tr("Next"))
        close = QtWidgets.QToolButton(self)
        close.setText(self.tr("Close"))
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.count)
        layout.addWidget(prev_button)
        layout.addWidget(next_button)
        layout.addWidget(close)
        self.edit.textChanged.connect(self.search)
        self.edit.returnPressed.connect(self.next)
        prev_button.clicked.connect(self.previous)
        next_button.clicked.connect(self.next)
        close.clicked.connect(self.close_bar)
        shortcuts.make_shortcut("terminal.find_close", self.edit, self.close_bar)
        self.hide()

    def open(self) -> None:
        self.show()
        selected = self.canvas.selected_text()
        if selected and "\n" not in selected:
            self.edit.setText(selected)
        self.edit.setFocus()
        self.edit.selectAll()
        self.search(self.edit.text())

    def close_bar(self) -> None:
        self.canvas.highlights = {}
        self.canvas.current_match = None
        self.hide()
        self.canvas.update()
        self.canvas.setFocus()

    def search(self, text: str) -> None:
        needle = text.lower()
        canvas = self.canvas
        self.matches = []
        highlights: dict[int, list[tuple[int, int]]] = {}
        if needle:
            screen = canvas.screen
            lines = list(screen.history) + list(screen.buffer)
            for index, line in enumerate(lines):
                found = find_in_line(line, needle)
                if found:
                    highlights[index] = found
                    self.matches.extend((index, a, b) for a, b in found)
        canvas.highlights = highlights
        # Start from the match nearest the bottom: the newest output is what people look for.
        self.index = len(self.matches) - 1
        self._show_current()

    def next(self) -> None:
        if self.matches:
            self.index = (self.index + 1) % len(self.matches)
            self._show_current()

    def previous(self) -> None:
        if self.matches:
            self.index = (self.index - 1) % len(self.matches)
            self._show_current()

    def _show_current(self) -> None:
        canvas = self.canvas
        if not self.matches:
            canvas.current_match = None
            self.count.setText(self.tr("No matches") if self.edit.text() else "")
            canvas.update()
            return
        match = self.matches[self.index]
        canvas.current_match = match
        self.count.setText(self.tr("%1 of %2").replace("%1", str(self.index + 1)).replace("%2", str(len(self.matches))))
        line = match[0]
        history = len(canvas.screen.history)
        top = canvas.first_visible()
        if not top <= line < top + canvas.screen.rows:
            canvas.scroll_to(max(0, history - line + canvas.screen.rows // 2))
        canvas.update()
