"""The VT220 parts of :class:`~gpudesk.core.terminal.screen.TerminalScreen` that travel with the cursor.

A mixin: character sets G0-G3 with locking (SI, SO, LS2, LS3) and single shifts (SS2, SS3),
DECSC/DECRC, reverse wraparound (xterm's modes 45 and 1045) and selective erase of cells not
protected by DECSCA. Behaviour follows xterm (cursor.c, charproc.c); where xterm keeps something
the DEC manuals leave out, or the other way round, the comment says which and why.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import attrgetter

from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import DEC_GRAPHICS, Line, clear_lines

#: United Kingdom (``ESC ( A``): only ``#`` differs from ASCII.
UK = str.maketrans({"#": "£"})
#: DEC Supplemental (``ESC ( <``), the VT220's 94-character set: 0x21-0x7e as Latin-1's 0xa1-0xfe
#: except where DEC differs (xterm's map_DEC_Supp_Graphic). Positions DEC leaves undefined print
#: as a blank.
_UNDEFINED = "$&,-./48>P^p~"
DEC_SUPPLEMENTAL = str.maketrans(
    {
        **{chr(c): chr(c | 0x80) for c in range(0x21, 0x7F)},
        **dict.fromkeys(_UNDEFINED, " "),
        "(": "¤",
        "W": "Œ",
        "]": "Ÿ",
        "w": "œ",
        "}": "ÿ",
    }
)
#: 94-character sets a VT220 designates (xterm's scs_table at level 2, without NRCS, which needs
#: DECNRCM). Any other final byte designates ASCII, as xtermDecodeSCS does.
SETS_94: dict[str, dict[int, str] | None] = {"B": None, "0": DEC_GRAPHICS, "A": UK, "<": DEC_SUPPLEMENTAL}
#: ``ESC ( ) * +`` designate a 94-character set into G0-G3; ``ESC - . /`` a 96-character set into
#: G1-G3 (a VT300 feature: at the VT220 level every such designation is ASCII).
DESIGNATORS = {"(": 0, ")": 1, "*": 2, "+": 3, "-": 1, ".": 2, "/": 3}
_ATTRS = attrgetter("attrs")
_CHARS = attrgetter("chars")
#: What str.translate needs when only a single shift is pending: the identity.
_IDENTITY: dict[int, str] = {}
#: The saved cursor after a reset: home, default rendition, ASCII everywhere, no wrap pending.
#: Fields: row, col, attr, origin, G0-G3, GL, single shift, wrap pending.
#: DECSC's saved state: row, column, rendition, DECOM, G0-G3, GL, single shift, pending wrap
SavedCursor = tuple[int, int, int, bool, tuple[dict[int, str] | None, ...], int, int, bool]
_HOME: SavedCursor = (0, 0, A.DEFAULT, False, (None, None, None, None), 0, 0, False)


class CursorState:
    """Character sets, shifts, DECSC/DECRC, reverse wraparound and selective erase."""

    # Declared for type checkers; TerminalScreen.reset sets them all.
    attr: int
    origin: bool
    g: list[dict[int, str] | None]
    gl: int
    ss: int
    _charset: dict[int, str] | None
    _saved: SavedCursor | None
    # The screen's state and operations this part uses (TerminalScreen and its other parts provide them).
    buffer: list[Line]
    rows: int
    cols: int
    row: int
    col: int
    top: int
    bottom: int
    autowrap: bool
    dirty: set[int]
    dirty_all: bool
    _blank_attr: Callable[[], int]
    _fill: Callable[[int, int, int], None]
    _erase_display: Callable[[int], None]

    # -- character sets ------------------------------------------------------------
    def _reset_charsets(self) -> None:
        """G0-G3 ASCII, G0 in GL, no single shift (xterm's resetCharsets)."""
        self.g = [None, None, None, None]
        self.gl = 0
        self.ss = 0
        self._charset = None

    def _update_charset(self) -> None:
        # _draw tests only ``_charset``: it is not None while GL maps anything or a single
        # shift waits, so plain ASCII output pays nothing for G1-G3.
        table = self.g[self.gl]
        self._charset = _IDENTITY if table is None and self.ss else table

    def _designate(self, inter: str, final: str) -> None:
        which = DESIGNATORS[inter[0]]
        known = len(inter) == 1 and inter in "()*+"
        self.g[which] = SETS_94.get(final) if known else None
        self._update_charset()

    def _shift(self, gl: int) -> None:
        """A locking shift: SI (G0), SO (G1), LS2 (G2), LS3 (G3) into GL."""
        self.gl = gl
        self._update_charset()

    def _single_shift(self, which: int) -> None:
        """SS2 / SS3: the next printed character comes from G2 / G3."""
        self.ss = which
        self._update_charset()

    def _shifted(self, text: str) -> str:
        """``text`` through GL, its first character through the pending single shift."""
        table = self.g[self.ss]
        self.ss = 0
        self._update_charset()
        first = text[0] if table is None else text[0].translate(table)
        rest = text[1:]
        if self._charset is not None:
            rest = rest.translate(self._charset)
        return first + rest

    # -- DECSC / DECRC -----------------------------------------------------------------
    def _save_cursor(self) -> None:
        """DECSC: position, pending wrap, rendition (with DECSCA), DECOM, G0-G3, GL, single shift.

        As xterm's CursorSave2. DECAWM is not part of it: xterm restores only
        ATTRIBUTES|ORIGIN|PROTECTED, following real DEC terminals (its cursor.c notes the VT420
        manual is wrong there). The pending single shift is, as the VT220-VT510 manuals say.
        """
        # The pending wrap ("cursor after the last column") is saved as a flag, as xterm's
        # DECSC does: after leaving vim or less the next character wraps, not overwrites.
        wrap = self.col >= self.cols
        col = self.cols - 1 if wrap else self.col
        self._saved = (self.row, col, self.attr, self.origin, tuple(self.g), self.gl, self.ss, wrap)

    def _restore_cursor(self) -> None:
        """DECRC. With nothing saved: home, default rendition, DECOM off, character sets reset."""
        row, col, self.attr, self.origin, g, self.gl, self.ss, wrap = self._saved or _HOME
        self.g = list(g)
        self._update_charset()
        if self.origin:
            row = min(max(row, self.top), self.bottom)
        self.row = min(row, self.rows - 1)
        self.col = self.cols if wrap else min(col, self.cols - 1)

    def _reset_cursor_state(self) -> None:
        """What DECSTR does to this state (xterm's ReallyReset): charsets, DECSCA, reverse wrap,
        and a saved cursor at home with the reset rendition."""
        self._reset_charsets()
        self.attr = A.DEFAULT
        self.protected_mode = self.iso_protect = False
        self.reverse_wrap = self.reverse_wrap_ext = False
        self._saved = _HOME

    # -- reverse wraparound ---------------------------------------------------------------
    def _cursor_back(self, count: int) -> None:
        """BS / CUB with xterm's reverse wraparound (CursorBack since patch 383).

        Mode 45 moves from the left edge to the last column of the line above only if that line
        wrapped (autowrap continued it) and never past the top margin; mode 1045 moves up
        whatever the line above is, and from the top margin to the bottom margin. Both need
        DECAWM. A pending wrap takes one step: BS then just cancels it. Work is per line, not
        per cell, so a count of 65535 costs what a few lines do.
        """
        cols = self.cols
        ext = self.reverse_wrap_ext and self.autowrap
        if not (ext or self.reverse_wrap and self.autowrap):
            self.col = max(min(self.col, cols - 1) - min(count, cols), 0)
            return
        row, col = self.row, self.col
        if col >= cols:
            col = cols - 1
            count -= 1
        top, bottom = self.top, self.bottom
        cycle = cols * (bottom - top + 1)
        buf = self.buffer
        while count > col:
            if ext and top <= row <= bottom and count >= cycle:
                count %= cycle  # 1045 goes round the margins: a full round changes nothing
                continue
            count -= col + 1
            if ext:
                if row == top:
                    row = bottom
                elif row == 0:  # above the margins at the top of the screen: stop there
                    col = count = 0
                    break
                else:
                    row -= 1
            elif row <= top or not buf[row - 1].wrapped:
                # xterm puts the cursor on the top margin when it started above it; it stays on
                # its own line here, so a backspace never moves the cursor down.
                col = count = 0
                break
            else:
                row -= 1
            col = cols - 1
        self.row = row
        self.col = col - count

    # -- selective erase (DECSED, DECSEL) ---------------------------------------------------
    def _erase_unprotected(self, row: int, start: int, end: int) -> None:
        """Blank the cells of [start, end) on ``row`` that DECSCA did not protect.

        Only while DECSCA is in force (xterm's protected_mode): after a reset, cells still
        marked protected are erased like the others.
        """
        if end <= start:
            return
        line = self.buffer[row]
        attrs = line.attrs
        run = attrs[start:end]
        if not self.protected_mode or max(run) < A.PROTECTED:
            self._fill(row, start, end)
            return
        _erase_mixed(line, start, end, run, self._blank_attr())
        self.dirty.add(row)

    def _selective_erase_display(self, how: int) -> None:
        """DECSED (``CSI ? Ps J``): ED for the cells DECSCA did not protect."""
        if how not in (0, 1, 2):
            return  # 3 (the scrollback) is ED's xterm extension, not DECSED's
        if not self.protected_mode:
            self._erase_display(how)
            return
        if how == 0:
            self._selective_erase_line(0)
            rows = range(self.row + 1, self.rows)
        elif how == 1:
            self._selective_erase_line(1)
            rows = range(self.row)
        else:
            rows = range(self.rows)
        protected = A.PROTECTED
        cols = self.cols
        lines = self.buffer[rows.start : rows.stop]
        # A few C-level passes over the whole range, never a call per line or per cell: the
        # lines holding no protected cell are erased as ED erases them, the others all at once
        # and written back only where they change (a flood of DECSED finds them erased).
        marks = list(map(max, map(_ATTRS, lines)))
        blank = self._blank_attr()
        clear_lines([line for line, mark in zip(lines, marks, strict=True) if mark < protected], cols, blank)
        mixed = [line for line, mark in zip(lines, marks, strict=True) if mark >= protected]
        if mixed:
            attrs = list(chain.from_iterable(map(_ATTRS, mixed)))
            chars = [
                c if a >= protected else " "
                for c, a in zip(chain.from_iterable(map(_CHARS, mixed)), attrs, strict=False)
            ]
            attrs = [a if a >= protected else blank for a in attrs]
            for i, line in enumerate(mixed):
                new_chars, new_attrs = chars[i * cols : (i + 1) * cols], attrs[i * cols : (i + 1) * cols]
                if line.chars != new_chars:
                    line.chars[:] = new_chars
                if line.attrs != new_attrs:
                    line.attrs[:] = new_attrs
                line.wrapped = False  # as ED leaves the lines it erases
        self.dirty_all = True

    def _selective_erase_line(self, how: int) -> None:
        """DECSEL (``CSI ? Ps K``): EL for the cells DECSCA did not protect."""
        col = self.col
        if how == 0:
            self._erase_unprotected(self.row, min(col, self.cols), self.cols)
        elif how == 1:
            self._erase_unprotected(self.row, 0, min(col + 1, self.cols))
        elif how == 2:
            self._erase_unprotected(self.row, 0, self.cols)
        if how in (0, 2):
            self.buffer[self.row].wrapped = False


def _erase_mixed(line: Line, start: int, end: int, run: list[int], blank: int) -> None:
    """Erase the unprotected cells of ``line[start:end]`` (``run`` holds their attributes) to ``blank``.

    A protected wide character keeps both halves (they share their attributes); an unprotected
    one cut by the range loses its other half, as with any erase.
    """
    protected = A.PROTECTED
    chars = line.chars
    if run[0] < protected and chars[start] == "" and start:
        chars[start - 1] = " "
    if run[-1] < protected and end < len(chars) and chars[end] == "":
        chars[end] = " "
    # Comparing first: a flood of selective erases finds the line already erased.
    new_chars = [c if a >= protected else " " for c, a in zip(chars[start:end], run, strict=False)]
    new_attrs = [a if a >= protected else blank for a in run]
    if chars[start:end] != new_chars:
        chars[start:end] = new_chars
    if run != new_attrs:
        line.attrs[start:end] = new_attrs
