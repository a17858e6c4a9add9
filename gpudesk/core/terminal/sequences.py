"""Escape-sequence handlers of :class:`~gpudesk.core.terminal.screen.TerminalScreen`.

A mixin, so the screen module holds only the hot path. Behaviour follows xterm's
ctlseqs; where xterm and pyte differ on something harmless, pyte's choice is kept so the
two can be compared cell for cell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlparse

from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import DEC_GRAPHICS, Line, blank_line

if TYPE_CHECKING:
    from collections.abc import Callable


def _num(params: str, default: int = 1) -> int:
    """The first numeric parameter; 0 or missing means ``default``."""
    head = params.split(";", 1)[0].split(":", 1)[0]
    if not head:
        return default
    try:
        value = int(head)
    except ValueError:
        return default
    return value or default


def _nums(params: str) -> list[int]:
    out = []
    for part in params.split(";"):
        try:
            out.append(int(part.split(":", 1)[0]) if part else 0)
        except ValueError:
            out.append(0)
    return out


class Sequences:
    """CSI, ESC, OSC and mode handling. Attributes are those set by ``TerminalScreen.reset``."""

    # Declared for type checkers; TerminalScreen.reset sets them all.
    buffer: list[Line]
    _main: list[Line] | None
    row: int
    col: int
    attr: int
    cols: int
    rows: int
    top: int
    bottom: int
    on_reply: Callable[[bytes], None] | None
    dirty: set[int]
    dirty_all: bool

    # -- CSI -----------------------------------------------------------------
    def _csi(self: Any, prefix: str, params: str, inter: str, final: str) -> None:
        if prefix == "?":
            if final in "hl":
                for mode in _nums(params):
                    self._private_mode(mode, final == "h")
            return
        if prefix or (inter and final != "q" and final != "p"):
            if prefix == ">" and final == "c":  # DA2: say "VT220-ish xterm"
                self._reply("\x1b[>1;10;0c")
            return  # other private forms (xterm key modifiers, etc.) are not used here
        if final == "H" or final == "f":
            nums = _nums(params)
            row = (nums[0] if nums and nums[0] else 1) - 1
            col = (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
            self._goto(row, col)
        elif final == "A":
            # A pending wrap survives vertical moves (as in pyte), so the two stay comparable.
            self.row = max(self.row - _num(params), self.top if self.row >= self.top else 0)
        elif final == "B" or final == "e":
            self.row = min(self.row + _num(params), self.bottom if self.row <= self.bottom else self.rows - 1)
        elif final == "C" or final == "a":
            self.col = min(self.col + _num(params), self.cols - 1)
        elif final == "D":
            self.col = max(min(self.col, self.cols - 1) - _num(params), 0)
        elif final == "E":
            self.row = min(self.row + _num(params), self.bottom if self.row <= self.bottom else self.rows - 1)
            self.col = 0
        elif final == "F":
            self.row = max(self.row - _num(params), self.top if self.row >= self.top else 0)
            self.col = 0
        elif final == "G" or final == "`":
            self.col = min(_num(params) - 1, self.cols - 1)
        elif final == "d":
            row = _num(params) - 1
            if self.origin:
                row += self.top
            self.row = min(max(row, self.top if self.origin else 0), self.bottom if self.origin else self.rows - 1)
        elif final == "J":
            self._erase_display(_num(params, 0))
        elif final == "K":
            self._erase_line(_num(params, 0))
        elif final == "X":
            col = min(self.col, self.cols - 1) if self.col < self.cols else self.cols
            end = min(col + _num(params), self.cols)
            self._fill(self.row, col, end)
        elif final == "@":
            self._insert_chars(_num(params))
        elif final == "P":
            self._delete_chars(_num(params))
        elif final == "L":
            self._insert_lines(_num(params))
        elif final == "M":
            self._delete_lines(_num(params))
        elif final == "S":
            self._scroll_up(_num(params))
        elif final == "T":
            self._scroll_down(_num(params))
        elif final == "r":
            nums = _nums(params)
            top = (nums[0] if nums and nums[0] else 1) - 1
            bottom = (nums[1] if len(nums) > 1 and nums[1] else self.rows) - 1
            top, bottom = max(0, min(top, self.rows - 1)), max(0, min(bottom, self.rows - 1))
            if bottom > top:
                self.top, self.bottom = top, bottom
                self._goto(0, 0)
        elif final == "h" or final == "l":
            for mode in _nums(params):
                if mode == 4:
                    self.insert = final == "h"
                elif mode == 20:
                    self.newline_mode = final == "h"
        elif final == "n":
            code = _num(params, 0)
            if code == 5:
                self._reply("\x1b[0n")
            elif code == 6:
                row = self.row - (self.top if self.origin else 0)
                self._reply(f"\x1b[{row + 1};{min(self.col, self.cols - 1) + 1}R")
        elif final == "c":
            if _num(params, 0) == 0:
                self._reply("\x1b[?62;22c")  # DA1: VT220 with ANSI colour
        elif final == "g":
            how = _num(params, 0)
            if how == 0:
                self.tabstops.discard(self.col)
            elif how == 3:
                self.tabstops.clear()
        elif final == "I":
            self._tab(_num(params))
        elif final == "Z":
            for _ in range(_num(params)):
                earlier = [t for t in self.tabstops if t < self.col]
                self.col = max(earlier) if earlier else 0
        elif final == "b":
            self._repeat(_num(params))
        elif final == "s":
            self._save_cursor()
        elif final == "u":
            self._restore_cursor()
        elif final == "q" and inter == " ":
            self.cursor_style = _num(params, 0)
        elif final == "p" and inter == "!":
            self._soft_reset()

    def _goto(self: Any, row: int, col: int) -> None:
        if self.origin:
            row += self.top
            row = min(max(row, self.top), self.bottom)
        self.row = min(max(row, 0), self.rows - 1)
        self.col = min(max(col, 0), self.cols - 1)

    def _repeat(self: Any, count: int) -> None:
        line = self.buffer[self.row]
        col = min(self.col, self.cols) - 1
        if col < 0:
            return
        ch = line.chars[col] or (line.chars[col - 1] if col else " ")
        self._draw(ch * min(count, self.cols * self.rows))

    # -- erasing and editing -----------------------------------------------------
    def _fill(self: Any, row: int, start: int, end: int) -> None:
        if end <= start:
            return
        line = self.buffer[row]
        self._unsplit(line, start, end)
        line.chars[start:end] = [" "] * (end - start)
        line.attrs[start:end] = [self._blank_attr()] * (end - start)
        self.dirty.add(row)

    def _erase_line(self: Any, how: int) -> None:
        col = self.col
        if how == 0:
            self._fill(self.row, min(col, self.cols), self.cols)
        elif how == 1:
            self._fill(self.row, 0, min(col + 1, self.cols))
        elif how == 2:
            self._fill(self.row, 0, self.cols)
        if how in (0, 2):
            self.buffer[self.row].wrapped = False

    def _erase_display(self: Any, how: int) -> None:
        if how == 0:
            rows = range(self.row + 1, self.rows)
            self._erase_line(0)
        elif how == 1:
            rows = range(self.row)
            self._erase_line(1)
        elif how == 2:
            rows = range(self.rows)
        elif how == 3:
            self.history.clear()
            self.scrolled = 0
            self.dirty_all = True
            return
        else:
            return
        blank = self._blank_attr()
        for r in rows:
            self.buffer[r] = blank_line(self.cols, blank)
        self.dirty_all = True

    def _insert_chars(self: Any, count: int) -> None:
        if self.col >= self.cols:
            return  # with a wrap pending there is no cell under the cursor (pyte agrees)
        col = self.col
        line = self.buffer[self.row]
        count = min(count, self.cols - col)
        self._unsplit(line, col, col)
        line.chars[col:col] = [" "] * count
        line.attrs[col:col] = [self._blank_attr()] * count
        del line.chars[self.cols :]
        del line.attrs[self.cols :]
        self._fix_tail(line)
        self.dirty.add(self.row)

    def _delete_chars(self: Any, count: int) -> None:
        if self.col >= self.cols:
            return
        col = self.col
        line = self.buffer[self.row]
        count = min(count, self.cols - col)
        self._unsplit(line, col, col + count)
        del line.chars[col : col + count]
        del line.attrs[col : col + count]
        line.chars.extend([" "] * count)
        line.attrs.extend([self._blank_attr()] * count)
        self.dirty.add(self.row)

    def _fix_tail(self: Any, line: Line) -> None:
        """A wide character pushed into the last column loses its right half: blank it."""
        from gpudesk.core.terminal.cells import char_width

        last = line.chars[-1]
        if last and char_width(last[0]) == 2:
            line.chars[-1] = " "

    def _insert_lines(self: Any, count: int) -> None:
        if not self.top <= self.row <= self.bottom:
            return
        count = min(count, self.bottom - self.row + 1)
        blank = self._blank_attr()
        for _ in range(count):
            del self.buffer[self.bottom]
            self.buffer.insert(self.row, blank_line(self.cols, blank))
        self.col = 0
        self.dirty_all = True

    def _delete_lines(self: Any, count: int) -> None:
        if not self.top <= self.row <= self.bottom:
            return
        count = min(count, self.bottom - self.row + 1)
        blank = self._blank_attr()
        for _ in range(count):
            del self.buffer[self.row]
            self.buffer.insert(self.bottom, blank_line(self.cols, blank))
        self.col = 0
        self.dirty_all = True

    # -- modes ----------------------------------------------------------------
    def _private_mode(self: Any, mode: int, on: bool) -> None:
        if mode == 1:
            self.app_cursor = on
        elif mode == 5:
            self.reverse_video = on
            self.dirty_all = True
        elif mode == 6:
            self.origin = on
            self._goto(0, 0)
        elif mode == 7:
            self.autowrap = on
        elif mode == 25:
            self.cursor_visible = on
        elif mode in (47, 1047):
            self._set_alt_screen(on, clear=mode == 1047)
        elif mode == 1049:
            if on:
                self._save_cursor()
                self._set_alt_screen(True, clear=True)
            else:
                self._set_alt_screen(False)
                self._restore_cursor()
        elif mode == 1048:
            if on:
                self._save_cursor()
            else:
                self._restore_cursor()
        elif mode in (9, 1000, 1002, 1003):
            self.mouse_mode = mode if on else 0
        elif mode == 1006:
            self.mouse_sgr = on
        elif mode == 1004:
            self.focus_events = on
        elif mode == 2004:
            self.bracketed_paste = on

    def _set_alt_screen(self: Any, on: bool, clear: bool = True) -> None:
        if on == self.alt_screen:
            if on and clear:
                self.buffer[:] = [blank_line(self.cols) for _ in range(self.rows)]
                self.dirty_all = True
            return
        self.alt_screen = on
        if on:
            self._main = self.buffer
            self.buffer = [blank_line(self.cols) for _ in range(self.rows)]
            self._saved_alt, self._saved = self._saved, self._saved_alt
        else:
            self.buffer = self._main or [blank_line(self.cols) for _ in range(self.rows)]
            self._main = None
            self._saved_alt, self._saved = self._saved, self._saved_alt
        self.dirty_all = True

    def _save_cursor(self: Any) -> None:
        self._saved = (self.row, self.col, self.attr, self.origin, self.autowrap, tuple(self.g), self.shift)

    def _restore_cursor(self: Any) -> None:
        if self._saved is None:
            self.origin = False
            self._goto(0, 0)
            return
        row, col, self.attr, self.origin, self.autowrap, g, self.shift = self._saved
        self.g = list(g)
        self._charset = self.g[self.shift]
        self.row = min(row, self.rows - 1)
        self.col = min(col, self.cols - 1)

    def _soft_reset(self: Any) -> None:
        self.insert = self.origin = self.app_cursor = self.app_keypad = False
        self.autowrap = self.cursor_visible = True
        self.attr = A.DEFAULT
        self.top, self.bottom = 0, self.rows - 1
        self.g, self.shift, self._charset = [None, None], 0, None
        self._saved = None

    def _reply(self: Any, text: str) -> None:
        if self.on_reply is not None:
            self.on_reply(text.encode())

    # -- ESC and OSC -------------------------------------------------------------
    def _esc(self: Any, inter: str, final: str) -> None:
        if inter in ("(", ")"):
            which = 0 if inter == "(" else 1
            self.g[which] = DEC_GRAPHICS if final == "0" else None
            self._charset = self.g[self.shift]
            return
        if inter == "#":
            if final == "8":  # DECALN: fill the screen with E (alignment test)
                for r in range(self.rows):
                    self.buffer[r] = Line(["E"] * self.cols, [0] * self.cols)
                self.dirty_all = True
            return
        if inter:
            return
        if final == "7":
            self._save_cursor()
        elif final == "8":
            self._restore_cursor()
        elif final == "D":
            self._index()
        elif final == "M":
            self._reverse_index()
        elif final == "E":
            self._index()
            self.col = 0
        elif final == "c":
            keep = self.on_reply, self.on_bell
            self.reset()
            self.on_reply, self.on_bell = keep
        elif final == "H":
            self.tabstops.add(min(self.col, self.cols - 1))
        elif final == "=":
            self.app_keypad = True
        elif final == ">":
            self.app_keypad = False

    def _osc(self: Any, body: str) -> None:
        code, _, arg = body.partition(";")
        if code in ("0", "2"):
            self.title = arg
            if code == "0":
                self.icon_title = arg
        elif code == "1":
            self.icon_title = arg
        elif code == "7":
            # file://host/path (percent-encoded)
            self.cwd_reports += 1
            try:
                url = urlparse(arg)
                self.cwd, self.cwd_host = unquote(url.path) or arg, url.hostname or ""
            except ValueError:
                self.cwd, self.cwd_host = arg, ""
