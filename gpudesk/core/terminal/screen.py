"""TerminalScreen: a fast, Qt-free xterm screen model with scrollback.

The hot path is built for throughput: one compiled regex splits the decoded text into
printable runs and control/escape sequences; a printable run is written into the line's
``chars``/``attrs`` lists with slice assignment (C speed, no object per cell); a line that
scrolls off the top goes, as a tuple, into a bounded history (:class:`cells.History`). Floods
(progress bars redrawn with CR, runs of whole lines) are handled in bulk: see :meth:`_fast`.
Sequence handling lives in :mod:`gpudesk.core.terminal.sequences`.
"""

from __future__ import annotations

import codecs
import gc
import re
import unicodedata
from collections.abc import Callable

from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import History, Line, _widths, blank_line, char_width, clear_lines, fit, freeze
from gpudesk.core.terminal.cursor_state import SavedCursor
from gpudesk.core.terminal.reports import MAX_CLIPBOARD_STRING
from gpudesk.core.terminal.sequences import Sequences, clip_params

# One alternative per token kind; ``lastindex`` says which one matched (see _parse).
_TOKEN = re.compile(
    r"([^\x00-\x1f\x7f-\x9f]+)"  # 1: printable run
    r"|([\x00-\x1a\x1c-\x1f\x7f-\x9f])"  # 2: C0/C1 control (not ESC)
    r"|\x1b\[([<=>?]?)([0-9;:]*)([ -/]*)([@-~])"  # 3-6: CSI prefix, params, intermediates, final
    r"|\x1b\]([^\x07\x1b]*)(?:\x07|\x1b\\)"  # 7: OSC body
    r"|\x1b([P^_X][^\x07\x1b]*)(?:\x07|\x1b\\)"  # 8: DCS (DECRQSS answered) / SOS/PM/APC (ignored)
    r"|\x1b([ -/]*)([0-OQ-WYZ\\`-~])"  # 9-10: other ESC sequences
    r"|(\x1b)"  # 11: a lone ESC: a string sequence left open, a sequence cut by the read, or junk
)
# What may follow a lone ESC at the end of a read and still become a sequence (strings aside).
_PARTIAL = re.compile(r"\x1b(?:\[([<=>?]?)([0-9;:]*)([ -/]*)|([ -/]*))\Z")
_STRING_END = re.compile(r"[\x07\x1b]")
# Flood fast paths (see _parse): progress bars redrawn with CR, and whole lines ended by CR LF.
# Their text is limited to whole blocks of characters that are one cell wide (_NARROW) or two
# (_WIDE, East Asian Wide), so a block stops at the first combining, zero-width or ambiguous
# character; the unit tests check both classes against wcwidth.
_NARROW = (
    r"[\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205f\u2190-\u21ff\u2500-\u259f]"
)
_WIDE = "[\u3000-\u3029\u3030-\u303e\u3041-\u3096\u309b-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60\uffe0-\uffe6]"
_CR_RUNS = re.compile(rf"(?:\r{_NARROW}++){{2,}}+")
# A line ends in CR LF, or in CR CR LF where the pty's ONLCR turned the LF of a CR LF into one more
# CR LF (``cat`` of a log saved from a terminal): the second CR changes nothing, so both are bulk.
_LINES = re.compile(rf"\r\r?+\n(?:(?:{_NARROW}++|{_WIDE}++|\x1b\[[0-9;]{{0,64}}m)*+\r\r?+\n){{2,}}+")
_LINE_ENDS = re.compile(r"\r\r?\n")
_HAS_WIDE = re.compile(_WIDE)
_WIDE_RUNS = re.compile(rf"({_WIDE}+)|([^{_WIDE[1:]}+)")


def _cells(text: str) -> list[str]:
    """The cells ``text`` takes ('' is a right half); its characters are all _NARROW or _WIDE."""
    if text.isascii():
        return list(text)
    laid: list[str] = []
    for wide, narrow in _WIDE_RUNS.findall(text):
        if wide:  # a run of CJK: every other cell is a right half
            pair = [""] * (2 * len(wide))
            pair[0::2] = wide
            laid += pair
        else:
            laid += narrow
    return laid


_SGR_PARTS = re.compile(r"\x1b\[([0-9;]*)m")
_SPLIT_ASCII = re.compile(r"[\x00-\x7f]+|[^\x00-\x7f]+")
#: OSC/DCS/APC/PM/SOS bodies longer than this are dropped whole (xterm's limit), and are never
#: held in memory beyond it however long the host keeps them open.
MAX_STRING = 65536
#: Combining marks, variation selectors and joiners kept on one cell (VTE and xterm keep a
#: handful too); further ones are dropped, so a flood of accents cannot grow a cell.
MAX_COMBINING = 8
_JOINERS = frozenset("\u200c\u200d")


def _clip_partial(m: re.Match[str]) -> str:
    """A sequence cut by the end of a read, bounded so that holding it costs next to nothing."""
    if m.group(4) is not None:
        return "\x1b" + m.group(4)[:4]
    prefix, params, inter = m.group(1, 2, 3)
    if len(params) > 64:
        params = clip_params(params)
    return "\x1b[" + prefix + params + inter[:4]


class TerminalScreen(Sequences):
    """An xterm-compatible screen of ``rows`` × ``cols`` cells with ``scrollback`` lines of history.

    Public contract (DESIGN §3a): :meth:`feed`, :attr:`display`, :attr:`cursor`,
    :attr:`scrollback`, :meth:`resize`. The widget also reads :meth:`lines`,
    :meth:`take_dirty`, the mode flags and :attr:`title`.

    Args:
        cols: columns.
        rows: rows.
        scrollback: lines of history kept for the main screen (0 keeps none).
    """

    def __init__(self, cols: int = 80, rows: int = 24, scrollback: int = 10000) -> None:
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        self.history = History(max(0, scrollback))
        self.scrollback_limit = max(0, scrollback)
        #: Called with bytes the terminal must send back to the host (answers to DSR/DA queries).
        self.on_reply: Callable[[bytes], None] | None = None
        #: Called on BEL.
        self.on_bell: Callable[[], None] | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        self._init_reports()
        self.reset()

    # -- state -------------------------------------------------------------
    def reset(self) -> None:
        """Full reset (RIS). History is kept, as xterm does."""
        main: list[Line] | None = getattr(self, "_main", None) or getattr(self, "buffer", None)
        if main is not None and len(main) == self.rows:
            clear_lines(main, self.cols)  # in place: a flood of RIS allocates nothing
        else:
            main = [blank_line(self.cols) for _ in range(self.rows)]
        self.buffer: list[Line] = main
        self._main: list[Line] | None = None  # the main screen while the alternate one is shown
        self.row = 0
        self.col = 0  # == cols means "wrap pending": the last column was just written
        self.attr = A.DEFAULT
        self.top = 0
        self.bottom = self.rows - 1
        self.autowrap = True
        self.origin = False
        self.insert = False
        self.newline_mode = False  # LNM
        self.app_cursor = False  # DECCKM
        self.app_keypad = False  # DECKPAM
        self.cursor_visible = True
        self.cursor_style = 0  # DECSCUSR: 0/1 blinking block, 2 block, 3/4 underline, 5/6 bar
        self.reverse_video = False
        self.bracketed_paste = False
        self.mouse_mode = 0  # 0, 9, 1000, 1002 or 1003
        self.mouse_sgr = False  # 1006
        self.focus_events = False
        self.alt_screen = False
        self.title = ""
        self.icon_title = ""
        self.cwd = ""  # from OSC 7
        self.cwd_host = ""  # the host part of that OSC 7 address
        self.cwd_reports = 0  # OSC 7 reports so far (a prompt repeats it even when the folder is the same)
        self.tabstops = set(range(8, self.cols, 8))
        self._stops: list[int] | None = None  # sorted tabstops, rebuilt after a change
        # G0-G3 translation tables (None = ASCII/UTF-8), which one is in GL (SI, SO, LS2, LS3),
        # a pending single shift (SS2, SS3) and the table _draw applies (see CursorState).
        self.g: list[dict[int, str] | None] = [None, None, None, None]
        self.gl = 0
        self.ss = 0
        self._charset: dict[int, str] | None = None
        self.reverse_wrap = False  # mode 45
        self.reverse_wrap_ext = False  # mode 1045
        self.protected_mode = False  # DECSCA or SPA seen since the last reset: DECSED/DECSEL spare protected cells
        self.iso_protect = False  # SPA was the last of the two: ED, EL and ECH spare protected cells too
        # DECSC's (row, col, attr, origin, G0-G3, GL, single shift, wrap pending), one per screen
        self._saved: SavedCursor | None = None
        self._saved_alt: SavedCursor | None = None
        self._sgr_cache: dict[tuple[int, str], int] = {}
        self._same_attrs: dict[tuple[int, int, int], tuple[int, ...]] = {}  # see _plain_lines
        # An OSC/DCS/... string still open at the end of the last read: its introducer, the body
        # so far (None once it went past MAX_STRING), its length, and "it ended on an ESC".
        self._string: str | None = None
        self._string_parts: list[str] | None = None
        self._string_size = 0
        self._string_limit = MAX_STRING
        self._string_esc = False
        self.dirty: set[int] = set(range(self.rows))
        self.dirty_all = True
        self.scrolled = 0  # lines that went into history since the widget last looked
        self.generation = 0
        self._reset_reports()

    # -- the DESIGN §3a API --------------------------------------------------
    def feed(self, data: bytes) -> None:
        """Parse ``data`` (bytes from the host). UTF-8 characters split across calls are kept whole."""
        text = self._decoder.decode(data)
        if self._pending:
            text = self._pending + text
            self._pending = ""
        if text:
            self._feed_collected(text)

    def feed_text(self, text: str) -> None:
        """Parse already-decoded text."""
        if self._pending:
            text = self._pending + text
            self._pending = ""
        self._feed_collected(text)

    def _feed_collected(self, text: str) -> None:
        # A flood makes and drops thousands of rows per read; with the cyclic GC on, every few
        # hundred of them start a collection (about a tenth of the parse time). Parsing makes no
        # reference cycles, so the collector waits until the read is parsed and then runs once.
        if not gc.isenabled():
            self._feed_text(text)
            return
        gc.disable()
        try:
            self._feed_text(text)
        finally:
            gc.enable()

    @property
    def display(self) -> list[str]:
        """The screen as ``rows`` strings (a wide character appears once)."""
        return ["".join(line.chars) for line in self.buffer]

    @property
    def cursor(self) -> tuple[int, int]:
        """``(row, col)``, zero-based; col equals ``cols`` right after the last column was written."""
        return self.row, self.col

    @property
    def scrollback(self) -> list[str]:
        """Lines that scrolled off the top of the main screen, oldest first."""
        return self.history.texts()

    def resize(self, cols: int, rows: int) -> None:
        """Change the size. Lines above the cursor go to history when rows shrink; no reflow."""
        cols, rows = max(1, cols), max(1, rows)
        if cols == self.cols and rows == self.rows:
            return
        for buf in (self.buffer, self._main):
            if buf is None:
                continue
            for line in buf:
                fit(line, cols)
            if rows < len(buf):
                # Keep the cursor's line on screen: drop the excess from the top (into
                # history for the main screen) only as far as needed, else from the bottom.
                excess = len(buf) - rows
                from_top = max(0, self.row - rows + 1) if buf is self.buffer else 0
                from_top = min(from_top, excess)
                for _ in range(from_top):
                    line = buf.pop(0)
                    if (buf is self._main or not self.alt_screen) and self.scrollback_limit:
                        self.history.append(line)
                del buf[rows:]
                if buf is self.buffer:
                    self.row -= from_top
                    if self._saved:
                        self._saved = (max(0, self._saved[0] - from_top), *self._saved[1:])
            while len(buf) < rows:
                buf.append(blank_line(cols))
        self.cols, self.rows = cols, rows
        self.top, self.bottom = 0, rows - 1
        self.row = min(max(self.row, 0), rows - 1)
        self.col = min(self.col, cols)
        self.tabstops = {t for t in self.tabstops if t < cols} | set(range(max(8, (self.cols // 8) * 8), cols, 8))
        self._stops = None
        self._touch_all()

    # -- for the widget --------------------------------------------------------
    def lines(self) -> list[Line]:
        """The visible lines (the active buffer), top to bottom."""
        return self.buffer

    def take_dirty(self) -> set[int] | None:
        """Rows changed since the last call, or ``None`` when everything must be repainted."""
        if self.dirty_all:
            self.dirty_all = False
            self.dirty = set()
            return None
        dirty, self.dirty = self.dirty, set()
        return dirty

    def _touch_all(self) -> None:
        self.dirty_all = True

    # -- parsing -------------------------------------------------------------
    def _feed_text(self, text: str) -> None:
        if not text:
            return
        pos = 0
        if self._string is not None:
            if self._string_esc:  # the last read ended on an ESC inside the string
                self._string_esc = False
                self._end_string()
                if text.startswith("\\"):
                    pos = 1  # that ESC and this backslash were the string terminator (ST)
                else:
                    text = "\x1b" + text  # the ESC ended the string and begins what follows
            else:
                pos = self._continue_string(text, 0)
        end = len(text)
        while pos < end:
            pos = self._parse(text, pos)
        self.generation += 1

    def _parse(self, text: str, pos: int) -> int:
        """Handle the tokens of ``text`` from ``pos``; return where parsing must resume (or its end)."""
        draw = self._draw
        control = self._control
        csi = self._csi
        slow_until = 0  # a block the fast paths declined: not offered to them again, piece by piece
        for m in _TOKEN.finditer(text, pos):
            kind = m.lastindex
            if kind == 1:
                draw(m.group(1))
            elif kind == 2:
                ch = m.group(2)
                if ch == "\r" and self._charset is None and not self.insert and m.start() >= slow_until:
                    # A flood of progress-bar redraws or of plain lines: handled in bulk.
                    start = m.start()
                    fast = _CR_RUNS.match(text, start) or (
                        _LINES.match(text, start)
                        if self.autowrap and self.top == 0 and self.bottom == self.rows - 1 and self.cols > 1
                        else None
                    )
                    if fast is not None:
                        if self._fast(fast.group(0)):
                            return fast.end()
                        slow_until = fast.end()
                control(ch)
            elif kind == 6:
                prefix, params, inter, final = m.group(3, 4, 5, 6)
                if final == "m" and not prefix and not inter:
                    if len(params) > 64:
                        params = clip_params(params)  # also keeps the cache's keys small
                    self.attr = self._sgr(self.attr, params)
                else:
                    csi(prefix, params, inter, final)
            elif kind == 7:
                body = m.group(7)
                if len(body) <= MAX_STRING or (body.startswith("52;") and len(body) <= MAX_CLIPBOARD_STRING):
                    self._osc(body, text[m.end() - 1] == "\x07")
            elif kind == 8:
                body = m.group(8)
                if body[0] == "P" and len(body) <= MAX_STRING:
                    self._dcs(body[1:])
            elif kind == 10:
                self._esc(m.group(9), m.group(10))
            elif kind == 11:
                start = m.start()
                kind_char = text[start + 1 : start + 2]
                if kind_char and kind_char in "]P^_X":
                    # A string sequence with no terminator in this read (or cut short by an ESC).
                    self._string = kind_char
                    self._string_parts = [] if kind_char in "]P" else None
                    self._string_size = 0
                    self._string_limit = MAX_STRING
                    return self._continue_string(text, start + 2)
                partial = _PARTIAL.match(text, start)
                if partial is not None:
                    self._pending = _clip_partial(partial)
                    return len(text)
                # Anything else is junk: the ESC is dropped and what follows is parsed as usual.
            # kind 8 (DCS and friends) is consumed and ignored.
        return len(text)

    def _continue_string(self, text: str, pos: int) -> int:
        """Add ``text[pos:]`` to the open string up to its terminator; return where parsing resumes.

        Work is linear in the new text only; the body is kept up to MAX_STRING and then dropped.
        """
        m = _STRING_END.search(text, pos)
        end = len(text) if m is None else m.start()
        if end > pos:
            self._string_size += end - pos
            parts = self._string_parts
            if parts is not None:
                if self._string_size > self._string_limit and not self._longer_string(parts):
                    self._string_parts = None
                else:
                    parts.append(text[pos:end])
        if m is None:
            return end
        if text[end] == "\x07":
            self._end_string(bel=True)
            return end + 1
        if end + 1 == len(text):
            self._string_esc = True  # ST may be cut by the read: decide on the next one
            return end + 1
        self._end_string()
        # ESC \\ is ST; an ESC before anything else ends the string and starts a new sequence.
        return end + 2 if text[end + 1] == "\\" else end

    def _longer_string(self, parts: list[str]) -> bool:
        """An OSC 52 (clipboard) body may grow past MAX_STRING, up to MAX_CLIPBOARD_STRING."""
        if self._string_limit == MAX_STRING and self._string == "]" and "".join(parts[:4])[:3] == "52;":
            self._string_limit = MAX_CLIPBOARD_STRING
        return self._string_size <= self._string_limit

    def _end_string(self, bel: bool = False) -> None:
        parts, kind = self._string_parts, self._string
        self._string = self._string_parts = None
        self._string_size = 0
        if parts is not None:
            if kind == "]":
                self._osc("".join(parts), bel)
            elif kind == "P":
                self._dcs("".join(parts))

    # -- flood fast paths ------------------------------------------------------
    def _fast(self, block: str) -> bool:
        """Handle ``block`` (CR-redrawn runs, or CR LF and whole lines) in bulk; False: not here."""
        if block[1] != "\n" and block[1:3] != "\r\n":
            return self._overlay(block.split("\r")[1:])
        texts = _LINE_ENDS.split(block) if "\r\r" in block else block.split("\r\n")
        texts.pop()  # after the last CR LF
        texts[0] = ""  # the block starts with the CR LF that ends the cursor's line
        self._plain_lines(texts)
        return True

    def _overlay(self, runs: list[str]) -> bool:
        """Each run is written from column 0 (CR then text): only what the later ones leave shows."""
        cols = self.cols
        if max(map(len, runs)) > cols:
            return False  # a run that wraps: the general path
        last = runs[-1]
        self.col = 0
        self._put(last)
        covered = len(last)
        for run in reversed(runs):
            if len(run) > covered:
                self.col = covered
                self._put(run[covered:])
                covered = len(run)
        self.col = len(last)  # == cols: wrap pending, as after writing the last column
        return True

    def _sgr(self, attr: int, params: str) -> int:
        """``attr`` after SGR ``params`` (cached: floods repeat the same few)."""
        key = (attr, params)
        out = self._sgr_cache.get(key)
        if out is None:
            if len(self._sgr_cache) > 4096:
                self._sgr_cache.clear()
            out = self._sgr_cache[key] = A.apply_sgr(attr, params)
        return out

    def _put_line(self, text: str) -> None:
        """Write ``text`` (narrow characters and SGR sequences) from the cursor."""
        if "\x1b" not in text:
            if text:
                self._draw(text)
            return
        for k, part in enumerate(_SGR_PARTS.split(text)):
            if k & 1:
                self.attr = self._sgr(self.attr, part)
            elif part:
                self._draw(part)

    def _wide_rows(self, laid: list[str], attrs: list[int], blank: int, add: Callable[[Line], None]) -> None:
        """Rows for one line that has two-cell characters (wrapping as _put_wide does).

        ``laid`` is the line's cells (see _cells), ``attrs`` one attribute per cell. They are cut
        into rows; a two-cell character that would start on the last column leaves that cell
        blank and moves to the next row.
        """
        cols = self.cols
        # Tuples, as history keeps them (the rows that stay on the screen become lists later).
        chars = tuple(laid)
        cells = tuple(attrs)
        bg_mask = A.BG_MASK
        n = len(chars)
        pos = 0
        while n - pos > cols:
            end = pos + cols
            if chars[end] == "":  # the character on the last column is two cells wide
                end -= 1
                add(Line(chars[pos:end] + (" ",), cells[pos:end] + (blank,), True))  # type: ignore[arg-type]
            else:
                add(Line(chars[pos:end], cells[pos:end], True))  # type: ignore[arg-type]
            blank = cells[end] & bg_mask  # the wrap made the next row, in the attribute of then
            pos = end
        rest = cols - (n - pos)
        add(Line(chars[pos:] + (" ",) * rest, cells[pos:] + (blank,) * rest))  # type: ignore[arg-type]

    def _plain_lines(self, texts: list[str]) -> None:
        """CR LF after each of ``texts`` (narrow characters and SGR), written from the cursor's column.

        Rows are written in place until the cursor sits on a row that a scroll just made (blank,
        in the background of that moment); from there every further row is built whole and the
        screen scrolls once for all of them.
        """
        cols = self.cols
        i = 0
        n = len(texts)
        fresh = False
        while i < n and not fresh:
            self._put_line(texts[i])
            self.col = 0
            fresh = self.row == self.bottom
            self._index()
            i += 1
        if i >= n:
            return
        attr = self.attr
        bg_mask = A.BG_MASK
        sgr = self._sgr
        known = self._sgr_cache
        wide = any(_HAS_WIDE.search(text) for text in texts[i:])
        # Most rows of a flood go straight to history: they are built as history keeps them
        # (see cells.freeze: a str of cells, a tuple of attributes; a run of one attribute shares
        # one tuple), and the few that stay on the screen are turned into lists at the end.
        same = self._same_attrs
        if len(same) > 256 or (same and len(next(iter(same.values()))) != cols):
            same.clear()
        rows: list[Line] = []
        add = rows.append
        for text in texts[i:]:
            blank = attr & bg_mask  # the scroll that made this row used the attribute of then
            cells: list[int] | None = None
            if "\x1b" in text:
                parts = _SGR_PARTS.split(text)
                if wide and _HAS_WIDE.search(text) is not None:
                    laid = _cells(parts[0])
                    cells = [attr] * len(laid)
                    for k in range(1, len(parts), 2):
                        after = known.get((attr, parts[k]))
                        attr = after if after is not None else sgr(attr, parts[k])
                        more = _cells(parts[k + 1])
                        laid += more
                        cells += [attr] * len(more)
                    self._wide_rows(laid, cells, blank, add)
                    continue
                text = "".join(parts[0::2])
                cells = [attr] * len(parts[0])
                for k in range(1, len(parts), 2):
                    after = known.get((attr, parts[k]))
                    attr = after if after is not None else sgr(attr, parts[k])
                    cells += [attr] * len(parts[k + 1])
            elif wide and _HAS_WIDE.search(text) is not None:
                laid = _cells(text)
                self._wide_rows(laid, [attr] * len(laid), blank, add)
                continue
            size = len(text)
            if size <= cols:
                if cells is None:
                    key = (attr, blank, size if attr != blank else 0)
                    row_attrs = same.get(key)
                    if row_attrs is None:
                        row_attrs = same[key] = (attr,) * size + (blank,) * (cols - size)
                else:
                    row_attrs = (*cells, *(blank,) * (cols - size))
                add(Line(text.ljust(cols), row_attrs))  # type: ignore[arg-type]  # see freeze
                continue
            for j in range(0, size, cols):
                piece = text[j : j + cols]
                k = len(piece)
                if cells is None:  # one attribute all along: blank is that attribute's background
                    key = (attr, blank, k if attr != blank else 0)
                    row_attrs = same.get(key)
                    if row_attrs is None:
                        row_attrs = same[key] = (attr,) * k + (blank,) * (cols - k)
                else:
                    row_cells = cells[j : j + k]
                    if j:
                        blank = row_cells[0] & bg_mask  # made by the wrap, in the attribute of its first cell
                    row_attrs = (*row_cells, *(blank,) * (cols - k))
                add(Line(piece.ljust(cols), row_attrs, True))  # type: ignore[arg-type]
            rows[-1].wrapped = False
        self.attr = attr
        buf = self.buffer
        # The cursor's row is the blank one the last scroll made: the first new row replaces it.
        above = buf[:-1]
        added = len(rows)
        everything = above + rows
        gone = everything[:added]
        if self._main is None and self.scrollback_limit > 0:
            if added > self.scrollback_limit:
                gone = gone[-self.scrollback_limit :]
            for line in gone:
                frozen: object = line.attrs  # a list, or already a tuple (built for history)
                if type(frozen) is not tuple or type(line.chars) is list:
                    freeze(line)
            self.history.rows.extend([(line.chars, line.attrs, line.wrapped) for line in gone])  # type: ignore[misc]
            self.scrolled += added
        kept = everything[added:]
        for line in kept:
            if type(line.chars) is not list:
                line.chars = list(line.chars)
            if type(line.attrs) is not list:
                line.attrs = list(line.attrs)
        buf[:] = kept
        blank = attr & bg_mask
        buf.append(Line([" "] * cols, [blank] * cols))
        self.col = 0
        self.dirty_all = True

    # -- drawing -------------------------------------------------------------
    def _draw(self, text: str) -> None:
        if self._charset is not None:
            text = self._shifted(text) if self.ss else text.translate(self._charset)
        if text.isascii():
            self._put(text)
            return
        # Mixed text: ASCII pieces go straight in; a non-ASCII piece whose characters are all
        # one cell (box drawing, tqdm blocks, accents) or all two cells (CJK) is written whole.
        for piece in _SPLIT_ASCII.findall(text):
            if piece.isascii():
                self._put(piece)
                continue
            widths = set(map(_widths.get, piece))
            if None in widths:
                widths = {char_width(ch) for ch in piece}
            if widths == {1}:
                self._put(piece)
            elif widths == {2} and not self.insert:
                self._put_wide_run(piece)
            else:
                self._draw_slow(piece)

    def _draw_slow(self, text: str) -> None:
        start = 0
        i = 0
        n = len(text)
        widths = _widths
        while i < n:
            ch = text[i]
            w = widths.get(ch)
            if w is None:
                w = char_width(ch)
            if w == 1:
                i += 1
                continue
            if i > start:
                self._put(text[start:i])
            if w == 0:
                # A run of zero-width characters goes onto one cell in one step.
                j = i + 1
                while j < n and (widths.get(text[j]) if text[j] in widths else char_width(text[j])) == 0:
                    j += 1
                self._combine(text[i:j])
                i = j
            else:
                if w == 2:
                    self._put_wide(ch)
                i += 1  # -1: unprintable, dropped
            start = i
        if start < n:
            self._put(text[start:])

    def _put_wide_run(self, text: str) -> None:
        """Write a run of two-cell characters (each followed by its empty right half)."""
        cols = self.cols
        if cols < 2:
            return
        attr = self.attr
        n = len(text)
        i = 0
        while i < n:
            if self.col >= cols - 1:
                self._put_wide(text[i])  # handles the wrap (or the clamp without autowrap)
                i += 1
                continue
            col = self.col
            k = min(n - i, (cols - col) // 2)
            end = col + 2 * k
            line = self.buffer[self.row]
            chars = line.chars
            if chars[col] == "" and col:
                chars[col - 1] = " "
            if end < cols and chars[end] == "":
                chars[end] = " "
            cells = [""] * (2 * k)
            cells[0::2] = text[i : i + k]
            chars[col:end] = cells
            line.attrs[col:end] = [attr] * (2 * k)
            self.dirty.add(self.row)
            self.col = end
            i += k

    def _put(self, text: str) -> None:
        """Write a run of single-width characters with autowrap."""
        cols = self.cols
        n = len(text)
        i = 0
        attr = self.attr
        while i < n:
            col = self.col
            if col >= cols:
                if self.autowrap:
                    self.buffer[self.row].wrapped = True
                    self.col = col = 0
                    self._index()
                else:
                    # No autowrap: every further character overwrites the last column.
                    line = self.buffer[self.row]
                    self._unsplit(line, cols - 1, cols)
                    line.chars[cols - 1] = text[n - 1]
                    line.attrs[cols - 1] = attr
                    self.dirty.add(self.row)
                    return
            k = cols - col
            if k > n - i:
                k = n - i
            row = self.row
            line = self.buffer[row]
            chars = line.chars
            if self.insert:
                chars[col:col] = text[i : i + k]
                del chars[cols:]
                line.attrs[col:col] = [attr] * k
                del line.attrs[cols:]
            else:
                end = col + k
                # Never leave half of a wide character behind.
                if chars[col] == "" and col:
                    chars[col - 1] = " "
                if end < cols and chars[end] == "":
                    chars[end] = " "
                chars[col:end] = text[i : i + k]
                line.attrs[col:end] = [attr] * k
            self.dirty.add(row)
            self.col = col + k
            i += k

    def _put_wide(self, ch: str) -> None:
        cols = self.cols
        if cols < 2:
            return
        if self.col >= cols - 1:
            if self.autowrap:
                if self.col == cols - 1:  # the wide char does not fit: leave the last cell empty
                    self.buffer[self.row].chars[cols - 1] = " "
                self.buffer[self.row].wrapped = True
                self.col = 0
                self._index()
            else:
                self.col = cols - 2
        col = self.col
        line = self.buffer[self.row]
        if self.insert:
            self._insert_chars(2)
        chars = line.chars
        if chars[col] == "" and col:
            chars[col - 1] = " "
        if col + 2 < cols and chars[col + 2] == "":
            chars[col + 2] = " "
        chars[col] = ch
        chars[col + 1] = ""
        line.attrs[col] = line.attrs[col + 1] = self.attr
        self.dirty.add(self.row)
        self.col = col + 2

    def _combine(self, marks: str) -> None:
        """Put a run of zero-width characters on the cell before the cursor.

        Combining marks, variation selectors and joiners are kept, at most MAX_COMBINING per
        cell; other zero-width characters take no cell and change nothing. The cell is
        normalised (NFC) once per run, so a flood of accents costs what one accent does.
        """
        row, col = self.row, self.col
        if col == 0:
            if row == 0:
                return
            row, col = row - 1, self.cols
        line = self.buffer[row]
        col -= 1
        if line.chars[col] == "" and col:
            col -= 1
        cell = line.chars[col]
        room = 1 + MAX_COMBINING - len(cell)
        if room <= 0:
            return
        keep = [ch for ch in marks[: 4 * room] if ch in _JOINERS or unicodedata.category(ch) in ("Mn", "Me")]
        if not keep:
            return
        line.chars[col] = unicodedata.normalize("NFC", cell + "".join(keep[:room]))
        self.dirty.add(row)

    @staticmethod
    def _unsplit(line: Line, start: int, end: int) -> None:
        """Blank the other half of any wide character cut by overwriting cells [start, end)."""
        chars = line.chars
        if start < len(chars) and chars[start] == "" and start:
            chars[start - 1] = " "
        if end < len(chars) and chars[end] == "":
            chars[end] = " "

    # -- controls ------------------------------------------------------------
    def _control(self, ch: str) -> None:
        if ch == "\n" or ch == "\x0b" or ch == "\x0c":
            self._index()
            if self.newline_mode:
                self.col = 0
        elif ch == "\r":
            self.col = 0
        elif ch == "\b":
            if self.reverse_wrap or self.reverse_wrap_ext:
                self._cursor_back(1)
                return
            if self.col >= self.cols:
                self.col = self.cols - 1
            if self.col:
                self.col -= 1
        elif ch == "\t":
            self._tab()
        elif ch == "\x07":
            if self.on_bell:
                self.on_bell()
        elif ch == "\x0e":
            self._shift(1)
        elif ch == "\x0f":
            self._shift(0)

    def _index(self) -> None:
        if self.row == self.bottom:
            self._scroll_up(1)
        elif self.row < self.rows - 1:
            self.row += 1

    def _reverse_index(self) -> None:
        if self.row == self.top:
            self._scroll_down(1)
        elif self.row > 0:
            self.row -= 1

    def _blank_attr(self) -> int:
        # Erased cells take the current background colour only (xterm's BCE).
        return self.attr & A.BG_MASK

    def _scroll_up(self, n: int) -> None:
        top, bottom = self.top, self.bottom
        n = min(n, bottom - top + 1)
        buf = self.buffer
        cols = self.cols
        blank = self._blank_attr()
        keep = top == 0 and self._main is None and self.scrollback_limit > 0
        if n == 1:  # the common case (a line feed at the bottom), kept lean
            line = buf.pop(top)
            if keep:
                # Finished lines never change again: tuples of str/int are not tracked by the
                # cyclic GC, so a full scrollback does not slow every collection down.
                self.history.rows.append((tuple(line.chars), tuple(line.attrs), line.wrapped))
                self.scrolled += 1
            # The line object comes back as the new blank line at the bottom.
            line.chars = [" "] * cols
            line.attrs = [blank] * cols
            line.wrapped = False
            buf.insert(bottom, line)
            self.dirty_all = True
            return
        gone = buf[top : top + n]
        del buf[top : top + n]
        buf[bottom - n + 1 : bottom - n + 1] = [Line([" "] * cols, [blank] * cols) for _ in range(n)]
        if keep:
            self.history.rows.extend([(tuple(line.chars), tuple(line.attrs), line.wrapped) for line in gone])
            self.scrolled += n
        self.dirty_all = True

    def _scroll_down(self, n: int) -> None:
        top, bottom = self.top, self.bottom
        n = min(n, bottom - top + 1)
        buf = self.buffer
        blank = self._blank_attr()
        del buf[bottom - n + 1 : bottom + 1]
        buf[top:top] = [blank_line(self.cols, blank) for _ in range(n)]
        self.dirty_all = True
