"""Escape-sequence handlers of :class:`~gpudesk.core.terminal.screen.TerminalScreen`.

A mixin, so the screen module holds only the hot path. Behaviour follows xterm's
ctlseqs; where xterm and pyte differ on something harmless, pyte's choice is kept so the
two can be compared cell for cell.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import Line, blank_line, char_width, clear_lines
from gpudesk.core.terminal.cursor_state import DESIGNATORS, CursorState
from gpudesk.core.terminal.reports import Reports

if TYPE_CHECKING:
    from collections.abc import Callable

    from gpudesk.core.terminal.cells import History


#: xterm keeps at most this many parameters per sequence; the rest are ignored.
MAX_PARAMS = 32
#: A parameter's value is clamped to this (xterm's limit), so a 5000-digit number is cheap.
MAX_PARAM = 65535


def _value(text: str) -> int:
    """One parameter's digits as an int, clamped to :data:`MAX_PARAM` (junk reads as 0)."""
    if len(text) > 5:
        text = text.lstrip("0")
        if len(text) > 5:
            return MAX_PARAM if text.isdigit() else 0
    try:
        value = int(text) if text else 0
    except ValueError:
        return 0
    return value if value <= MAX_PARAM else MAX_PARAM


def clip_params(params: str) -> str:
    """``params`` cut to :data:`MAX_PARAMS` fields of bounded size, meaning the same to the handlers.

    A cut list keeps a trailing ``;`` so that digits arriving later (a sequence split across
    reads) land in an ignored field instead of lengthening the last kept one.
    """
    fields = params.split(";", MAX_PARAMS)
    cut = len(fields) > MAX_PARAMS
    if cut:
        del fields[MAX_PARAMS:]
    for i, field in enumerate(fields):
        if len(field) > 32:
            fields[i] = str(_value(field)) if field.isdigit() else field[:32]
    return ";".join(fields) + (";" if cut else "")


def _num(params: str, default: int = 1, limit: int = MAX_PARAM) -> int:
    """The first numeric parameter (0 or missing means ``default``), at most ``limit``."""
    head = params.split(";", 1)[0].split(":", 1)[0]
    value = _value(head) if head else 0
    if not value:
        value = default
    return value if value <= limit else limit


def _nums(params: str) -> list[int]:
    """The first :data:`MAX_PARAMS` parameters (sub-parameters after ``:`` dropped)."""
    parts = params.split(";", MAX_PARAMS)
    del parts[MAX_PARAMS:]
    return [_value(part.split(":", 1)[0]) if part else 0 for part in parts]


class Sequences(CursorState, Reports):
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
    _stops: list[int] | None
    tabstops: set[int]
    history: History
    on_bell: Callable[[], None] | None
    cwd_reports: int
    # TerminalScreen's own operations these sequences use.
    reset: Callable[[], None]
    _draw: Callable[[str], None]
    _put: Callable[[str], None]
    _unsplit: Callable[[Line, int, int], None]
    _index: Callable[[], None]
    _reverse_index: Callable[[], None]
    _scroll_up: Callable[[int], None]
    _scroll_down: Callable[[int], None]

    # -- CSI -----------------------------------------------------------------
    def _csi(self, prefix: str, params: str, inter: str, final: str) -> None:
        # Every count below is clamped to what the screen can show before it drives any work,
        # so ``CSI 999999999 I`` costs what ``CSI 80 I`` does.
        if len(params) > 64:
            params = clip_params(params)
        cols, rows = self.cols, self.rows
        if prefix == "?":
            if final in "hl" and not inter:
                for mode in _nums(params):
                    self._private_mode(mode, final == "h")
            elif final == "p" and inter == "$":
                self._decrqm(True, params)
            elif final == "n" and not inter and _num(params, 0) == 6:  # DECXCPR
                row = self.row - (self.top if self.origin else 0)
                self._reply(f"\x1b[?{row + 1};{min(self.col, cols - 1) + 1}R")
            elif final == "J" and not inter:  # DECSED
                self._selective_erase_display(_num(params, 0))
            elif final == "K" and not inter:  # DECSEL
                self._selective_erase_line(_num(params, 0))
            return
        if prefix or (inter and final != "q" and final != "p"):
            if prefix == ">" and not inter:
                if final == "c" and _num(params, 0) == 0:  # DA2: a VT220-level terminal
                    self._reply("\x1b[>1;10;0c")
                elif final == "q" and _num(params, 0) == 0:
                    self._xtversion()
            return  # other private forms (xterm key modifiers, etc.) are not used here
        if final == "H" or final == "f":
            nums = _nums(params)
            row = (nums[0] if nums and nums[0] else 1) - 1
            col = (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
            self._goto(row, col)
        elif final == "A":
            # A pending wrap survives vertical moves (as in pyte), so the two stay comparable.
            self.row = max(self.row - _num(params, 1, rows), self.top if self.row >= self.top else 0)
        elif final == "B" or final == "e":
            self.row = min(self.row + _num(params, 1, rows), self.bottom if self.row <= self.bottom else rows - 1)
        elif final == "C" or final == "a":
            self.col = min(self.col + _num(params, 1, cols), cols - 1)
        elif final == "D":
            if self.reverse_wrap or self.reverse_wrap_ext:
                self._cursor_back(_num(params, 1))  # may cross lines: the count is not cut to a line
            else:
                self.col = max(min(self.col, cols - 1) - _num(params, 1, cols), 0)
        elif final == "E":
            self.row = min(self.row + _num(params, 1, rows), self.bottom if self.row <= self.bottom else rows - 1)
            self.col = 0
        elif final == "F":
            self.row = max(self.row - _num(params, 1, rows), self.top if self.row >= self.top else 0)
            self.col = 0
        elif final == "G" or final == "`":
            self.col = _num(params, 1, cols) - 1
        elif final == "d":
            row = _num(params, 1, rows) - 1
            if self.origin:
                row += self.top
            self.row = min(max(row, self.top if self.origin else 0), self.bottom if self.origin else rows - 1)
        elif final == "J":
            self._erase_display(_num(params, 0))
        elif final == "K":
            self._erase_line(_num(params, 0))
        elif final == "X":
            col = min(self.col, cols - 1) if self.col < cols else cols
            end = min(col + _num(params, 1, cols), cols)
            if self.iso_protect:  # ECH spares cells protected by SPA (xterm), not by DECSCA
                self._erase_unprotected(self.row, col, end)
            else:
                self._fill(self.row, col, end)
        elif final == "@":
            self._insert_chars(_num(params, 1, cols))
        elif final == "P":
            self._delete_chars(_num(params, 1, cols))
        elif final == "L":
            self._insert_lines(_num(params, 1, rows))
        elif final == "M":
            self._delete_lines(_num(params, 1, rows))
        elif final == "S":
            self._scroll_up(_num(params, 1, rows))
        elif final == "T":
            self._scroll_down(_num(params, 1, rows))
        elif final == "r":
            nums = _nums(params)
            top = (nums[0] if nums and nums[0] else 1) - 1
            bottom = (nums[1] if len(nums) > 1 and nums[1] else rows) - 1
            top, bottom = max(0, min(top, rows - 1)), max(0, min(bottom, rows - 1))
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
                self._reply(f"\x1b[{row + 1};{min(self.col, cols - 1) + 1}R")
        elif final == "c":
            if _num(params, 0) == 0:
                self._device_attributes()
        elif final == "t":
            self._window_op(_nums(params))
        elif final == "g":
            how = _num(params, 0)
            if how == 0:
                self.tabstops.discard(self.col)
                self._stops = None
            elif how == 3:
                self.tabstops.clear()
                self._stops = None
        elif final == "I":
            self._tab(_num(params, 1, cols))
        elif final == "Z":
            self._back_tab(_num(params, 1, cols))
        elif final == "b":
            self._repeat(_num(params))
        elif final == "s":
            self._save_cursor()
        elif final == "u":
            self._restore_cursor()
        elif final == "q" and inter == " ":
            self.cursor_style = _num(params, 0)
        elif final == "q" and inter == '"':
            self._decsca(_num(params, 0))
        elif final == "p" and inter == "!":
            self._soft_reset()
        elif final == "p" and inter == "$":
            self._decrqm(False, params)

    def _goto(self, row: int, col: int) -> None:
        if self.origin:
            row += self.top
            row = min(max(row, self.top), self.bottom)
        self.row = min(max(row, 0), self.rows - 1)
        self.col = min(max(col, 0), self.cols - 1)

    def _repeat(self, count: int) -> None:
        """REP: the character left of the cursor, ``count`` more times.

        Once the repeats have rewritten the whole scroll region, more of them change only how
        many identical lines went into history and where on its line the cursor ends. So the
        count is cut to one region (plus a line) keeping its remainder modulo a line; at most
        about one screen of repeated lines enters history.
        """
        if self.ss:
            # REP writes through GL (xterm's dotext with curgl): a single shift waits for the
            # next printed character.
            ss, self.ss = self.ss, 0
            self._update_charset()
            self._repeat(count)
            self._single_shift(ss)
            return
        line = self.buffer[self.row]
        col = min(self.col, self.cols) - 1
        if col < 0:
            return
        ch = line.chars[col] or (line.chars[col - 1] if col else " ")
        per_line = self.cols if char_width(ch[:1] or " ") != 2 else max(1, self.cols // 2)
        height = self.bottom - self.top + 1 if self.top <= self.row <= self.bottom else self.rows
        # A wide character leaves a blank last cell on odd widths whose colour tells whether the
        # line scrolled in, so it needs every line of the region scrolled in once.
        cap = per_line * (height + 1 if per_line == self.cols else 2 * height + 2)
        if count > cap + per_line:
            count = cap + (count - cap) % per_line
        if self._charset is not None:
            ch = ch.translate(self._charset)
        cols = self.cols
        if (
            count <= 2 * cols
            or len(ch) != 1
            or per_line != cols
            or not self.autowrap
            or self.insert
            or not self.top <= self.row <= self.bottom
        ):
            self._draw(ch * count)
            return
        # Many lines of one narrow character: write whole lines at once instead of wrapping
        # cell run by cell run (the result is the same, line for line).
        first = cols - min(self.col, cols)
        if first:
            self._put(ch * first)
        rest = count - first
        lines = (rest - 1) // cols + 1  # lines the rest touches; the last holds 1..cols cells
        last = rest - (lines - 1) * cols
        full_chars, full_attrs = [ch] * cols, [self.attr] * cols
        buf = self.buffer
        below = self.bottom - self.row
        buf[self.row].wrapped = True
        for r in range(self.row + 1, self.row + min(lines, below + 1)):
            line = buf[r]
            line.chars[:] = full_chars
            line.attrs[:] = full_attrs
            line.wrapped = True
        if lines > below:
            scroll = min(lines - below, self.bottom - self.top + 1)
            self._scroll_up(scroll)
            for r in range(self.bottom - scroll + 1, self.bottom):
                line = buf[r]
                line.chars[:] = full_chars
                line.attrs[:] = full_attrs
                line.wrapped = True
            self.row = self.bottom
        else:
            self.row += lines
        self.col = 0
        self.dirty_all = True
        self._put(ch * last)

    def _tab_stops(self) -> list[int]:
        stops = self._stops
        if stops is None:
            stops = self._stops = sorted(self.tabstops)
        return stops

    def _tab(self, count: int = 1) -> None:
        """HT / CHT: forward to the ``count``-th next tab stop (the last column when none is left)."""
        stops = self._tab_stops()
        i = bisect_right(stops, self.col) + min(count, self.cols) - 1
        self.col = stops[i] if i < len(stops) else self.cols - 1

    def _back_tab(self, count: int) -> None:
        """CBT: back to the ``count``-th previous tab stop (column 0 when none is left)."""
        stops = self._tab_stops()
        i = bisect_left(stops, self.col) - min(count, self.cols)
        self.col = stops[i] if i >= 0 else 0

    # -- erasing and editing -----------------------------------------------------
    def _fill(self, row: int, start: int, end: int) -> None:
        if end <= start:
            return
        line = self.buffer[row]
        self._unsplit(line, start, end)
        line.chars[start:end] = [" "] * (end - start)
        line.attrs[start:end] = [self._blank_attr()] * (end - start)
        self.dirty.add(row)

    def _erase_line(self, how: int) -> None:
        if self.iso_protect:  # EL spares cells protected by SPA (xterm), not by DECSCA
            self._selective_erase_line(how)
            return
        col = self.col
        if how == 0:
            self._fill(self.row, min(col, self.cols), self.cols)
        elif how == 1:
            self._fill(self.row, 0, min(col + 1, self.cols))
        elif how == 2:
            self._fill(self.row, 0, self.cols)
        if how in (0, 2):
            self.buffer[self.row].wrapped = False

    def _erase_display(self, how: int) -> None:
        if self.iso_protect and how in (0, 1, 2):  # ED spares cells protected by SPA (xterm)
            self._selective_erase_display(how)
            return
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
        clear_lines(self.buffer[rows.start : rows.stop], self.cols, self._blank_attr())
        self.dirty_all = True

    def _insert_chars(self, count: int) -> None:
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

    def _delete_chars(self, count: int) -> None:
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

    def _fix_tail(self, line: Line) -> None:
        """A wide character pushed into the last column loses its right half: blank it."""
        last = line.chars[-1]
        if last and char_width(last[0]) == 2:
            line.chars[-1] = " "

    def _insert_lines(self, count: int) -> None:
        if not self.top <= self.row <= self.bottom:
            return
        count = min(count, self.bottom - self.row + 1)
        blank = self._blank_attr()
        buf = self.buffer
        del buf[self.bottom - count + 1 : self.bottom + 1]
        buf[self.row : self.row] = [blank_line(self.cols, blank) for _ in range(count)]
        self.col = 0
        self.dirty_all = True

    def _delete_lines(self, count: int) -> None:
        if not self.top <= self.row <= self.bottom:
            return
        count = min(count, self.bottom - self.row + 1)
        blank = self._blank_attr()
        buf = self.buffer
        del buf[self.row : self.row + count]
        buf[self.bottom - count + 1 : self.bottom - count + 1] = [blank_line(self.cols, blank) for _ in range(count)]
        self.col = 0
        self.dirty_all = True

    # -- modes ----------------------------------------------------------------
    def _private_mode(self, mode: int, on: bool) -> None:
        if mode == 1:
            self.app_cursor = on
        elif mode == 3:
            self._deccolm()
        elif mode == 5:
            self.reverse_video = on
            self.dirty_all = True
        elif mode == 6:
            self.origin = on
            self._goto(0, 0)
        elif mode == 7:
            self.autowrap = on
        elif mode == 45:
            self.reverse_wrap = on
        elif mode == 1045:
            self.reverse_wrap_ext = on
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
        elif mode == 2026:
            self.synchronized = on

    def _set_alt_screen(self, on: bool, clear: bool = True) -> None:
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

    def _deccolm(self) -> None:
        """DECCOLM (``CSI ? 3 h/l``): the window decides the width, so only what comes with it:
        clear the screen, reset the margins, home the cursor (as the VT510 manual and tmux)."""
        clear_lines(self.buffer, self.cols, self._blank_attr())
        self.top, self.bottom = 0, self.rows - 1
        self._goto(0, 0)
        self.dirty_all = True

    def _decaln(self) -> None:
        """DECALN (``ESC # 8``): fill the screen with E in the default rendition, reset the margins
        and home the cursor (xterm, VT510 manual)."""
        es, plain = ["E"] * self.cols, [A.DEFAULT] * self.cols
        for line in self.buffer:
            if line.chars != es:  # a flood of DECALN finds the screen already filled
                line.chars[:] = es
            if line.attrs != plain:
                line.attrs[:] = plain
            line.wrapped = False
        self.top, self.bottom = 0, self.rows - 1
        self._goto(0, 0)
        self.dirty_all = True

    def _soft_reset(self) -> None:
        """DECSTR, as xterm's ReallyReset(full=False): the cursor stays where it is."""
        self.insert = self.origin = self.app_cursor = self.app_keypad = False
        self.autowrap = self.cursor_visible = True
        self.top, self.bottom = 0, self.rows - 1
        self._reset_cursor_state()

    def _decsca(self, how: int) -> None:
        """DECSCA (``CSI Ps " q``): 1 protects what is printed next from DECSED/DECSEL, 0 and 2
        do not; other values change nothing. Any DECSCA turns xterm's DEC protected mode on (and its ISO mode off)."""
        self.protected_mode = True
        self.iso_protect = False
        if how == 1:
            self.attr |= A.PROTECTED
        elif how in (0, 2):
            self.attr &= ~A.PROTECTED

    def _reply(self, text: str) -> None:
        if self.on_reply is not None:
            self.on_reply(text.encode())

    # -- ESC and OSC -------------------------------------------------------------
    def _esc(self, inter: str, final: str) -> None:
        if inter and inter[0] in DESIGNATORS:
            self._designate(inter, final)
            return
        if inter == "#":
            if final == "8":
                self._decaln()
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
        elif final == "N" or final == "O":
            self._single_shift(2 if final == "N" else 3)
        elif final == "n" or final == "o":
            self._shift(2 if final == "n" else 3)
        elif final == "E":
            self._index()
            self.col = 0
        elif final == "c":
            keep = self.on_reply, self.on_bell
            self.reset()
            self.on_reply, self.on_bell = keep
        elif final == "H":
            self.tabstops.add(min(self.col, self.cols - 1))
            self._stops = None
        elif final == "V":  # SPA: what is printed next is protected from ED, EL, ECH, DECSED, DECSEL
            self.protected_mode = self.iso_protect = True
            self.attr |= A.PROTECTED
        elif final == "W":  # EPA: the protected area ends (the mode stays, as in xterm)
            self.attr &= ~A.PROTECTED
        elif final == "=":
            self.app_keypad = True
        elif final == ">":
            self.app_keypad = False

    def _osc(self, body: str, bel: bool = False) -> None:
        code, _, arg = body.partition(";")
        if self._osc_report(code, arg, bel):
            return
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
