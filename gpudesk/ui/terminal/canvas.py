"""TerminalCanvas: paints a TerminalScreen and turns keys, mouse, IME and paste into bytes.

Output is parsed on the GUI thread in bounded slices (a time budget each), never all at once.
While output floods, slices follow each other with only the event loop between them (so a key
or Ctrl+C is handled before the next slice) and repaints are coalesced to at most one per
frame interval; otherwise a ~60 Hz timer paces them. Only dirty rows are repainted.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from typing import cast

from gpudesk.core import settings
from gpudesk.core.terminal import TerminalScreen, paste
from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import Line
from gpudesk.core.terminal.keys import Mods, encode_key, layout_char, mouse_report
from gpudesk.core.terminal.shell import OutputBuffer
from gpudesk.ui import runtime, shortcuts
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets, Signal
from gpudesk.ui.terminal.render import LinePainter, Theme
from gpudesk.ui.terminal.selection import Selection

Qt = QtCore.Qt
FRAME_MS = 16
PARSE_BUDGET_S = 0.004  # parse at most this long per slice, so a flood never freezes the UI
SLICE = 8192  # the first read of a burst; later ones are sized to what parses in the budget
MIN_SLICE, MAX_SLICE = 4096, 16384
MAX_FRAME_REPLIES = 64  # distinct answers to the host per frame
FLOOD_PAINT_S = 0.040  # while a flood is queued: at most one repaint per this interval (25 a second)
#: Synchronized output (mode 2026) holds repaints at most this long, as other terminals do, so
#: a program that never ends its update cannot freeze the view.
SYNC_TIMEOUT_MS = 150


def _mac() -> bool:
    """Read per call, not at import: Command/Control/Option are mapped differently on macOS."""
    return sys.platform == "darwin"


def _typed_by_layout(event: QtGui.QKeyEvent) -> str | None:
    """The character a Windows AltGr or a macOS Option chord typed (see ``layout_char``)."""
    mods = event.modifiers()
    # Qt reports the Control key as Meta on macOS
    ctrl = bool(mods & (Qt.KeyboardModifier.MetaModifier if _mac() else Qt.KeyboardModifier.ControlModifier))
    return layout_char(event.text(), ctrl=ctrl, alt=bool(mods & Qt.KeyboardModifier.AltModifier), platform=sys.platform,
                       option_as_meta=settings.get("terminal.option_as_meta"))  # fmt: skip


def _rgb(colour: QtGui.QColor) -> tuple[int, int, int]:
    return colour.red(), colour.green(), colour.blue()

_KEYS = {
    Qt.Key.Key_Up: "Up", Qt.Key.Key_Down: "Down", Qt.Key.Key_Left: "Left", Qt.Key.Key_Right: "Right",
    Qt.Key.Key_Home: "Home", Qt.Key.Key_End: "End", Qt.Key.Key_Insert: "Insert", Qt.Key.Key_Delete: "Delete",
    Qt.Key.Key_PageUp: "PageUp", Qt.Key.Key_PageDown: "PageDown", Qt.Key.Key_Tab: "Tab", Qt.Key.Key_Backtab: "Tab",
    Qt.Key.Key_Backspace: "Backspace", Qt.Key.Key_Return: "Enter", Qt.Key.Key_Enter: "Enter",
    Qt.Key.Key_Escape: "Escape",
    **{getattr(Qt.Key, f"Key_F{i}"): f"F{i}" for i in range(1, 13)},
}  # fmt: skip


def default_font() -> QtGui.QFont:
    family = settings.get("terminal.font_family")
    font = QtGui.QFont(family) if family else QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
    font.setPointSize(max(4, settings.get("terminal.font_size")))
    font.setStyleHint(QtGui.QFont.StyleHint.TypeWriter)
    return font


class TerminalCanvas(QtWidgets.QWidget):
    """The terminal's drawing surface and input handler."""

    send = Signal(bytes)  # what the user typed or pasted (may be broadcast to other terminals)
    reply = Signal(bytes)  # answers to queries, mouse and focus reports: for this terminal's host only
    size_changed = Signal(int, int)  # cols, rows
    title_changed = Signal(str)
    folder_changed = Signal(str)  # the shell reported its folder (OSC 7)
    scrolled = Signal()  # scrollback position or length changed
    user_input = Signal()  # the user typed or pasted (feeds idle detection)
    interrupt = Signal()  # Ctrl+C typed: the view may flush pending output
    clipboard_set = Signal(str, str)  # OSC 52 set the clipboard: (what it held before, the new text)
    clipboard_asked = Signal(object, str)  # OSC 52 from a server not yet allowed: (targets, text)

    #: the terminal's state; it hides QWidget.screen() (the monitor), which nothing here asks for
    screen: TerminalScreen  # type: ignore[assignment]

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.screen = TerminalScreen(80, 24, scrollback=max(0, settings.get("terminal.scrollback")))
        self.screen.on_reply = self._reply_from_parser
        self.painter = LinePainter(default_font(), Theme())
        self._base_theme = self.painter.theme
        self._colours_seen = self.screen.colours_changed
        self.screen.set_theme_colours(
            _rgb(self._base_theme.foreground),
            _rgb(self._base_theme.background),
            _rgb(self._base_theme.cursor),
            [_rgb(c) for c in self._base_theme.palette],
        )
        if settings.get("terminal.osc52") == "set":
            self.screen.on_clipboard = self._clipboard_from_host
        #: "allow", "deny" or None (ask) for the server this terminal shows; the view sets it
        self.clipboard_policy: Callable[[], str | None] = lambda: "allow"
        self._sync_since: float | None = None
        self._sync_timer = QtCore.QTimer(self)
        self._sync_timer.setSingleShot(True)
        self._sync_timer.timeout.connect(self._repaint)
        self.source: OutputBuffer | None = None
        self.offset = 0  # lines scrolled back into history (0 = following the output)
        self.preedit = ""
        self.selection = Selection()
        self.highlights: dict[int, list[tuple[int, int]]] = {}  # absolute line -> match cell ranges
        self.current_match: tuple[int, int, int] | None = None
        self.read_only = False
        self._title = ""
        self._cwd = ""
        self._replies: list[bytes] = []
        self._timer = QtCore.QTimer(self)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._frame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setMouseTracking(True)
        self.setCursor(Qt.CursorShape.IBeamCursor)
        QtCore.QTimer.singleShot(0, self._warm_fonts)

    _fonts_warm = False

    def _warm_fonts(self) -> None:
        """Load the fallback fonts CJK and box-drawing text need once, before any output: the first
        line of Chinese in a flood otherwise costs a ~20 ms frame while Qt finds and loads them."""
        if TerminalCanvas._fonts_warm:
            return
        TerminalCanvas._fonts_warm = True
        image = QtGui.QImage(8, 8, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        p = QtGui.QPainter(image)
        for flags in (0, A.BOLD):
            p.setFont(self.painter._font_for(flags))
            p.drawText(QtCore.QPointF(0, 6), "中文日本語한국어█▌─│━┃✓")
        p.end()

    # -- output --------------------------------------------------------------------
    def data_ready(self) -> None:
        """New bytes are waiting in :attr:`source` (call on the GUI thread)."""
        if not self._timer.isActive():
            self._frame()  # the first slice right away keeps typing echo snappy
            self._timer.start()

    def feed(self, data: bytes) -> None:
        """Parse ``data`` now (tests, local messages) and schedule a repaint."""
        self._parse(data)
        self._repaint()

    def _parse(self, data: bytes) -> None:
        before = self.screen.scrolled
        self.screen.feed(data)
        if self.offset and self.screen.scrolled != before:
            # Someone reading history keeps their place while output arrives.
            self.offset = min(self.offset + self.screen.scrolled - before, len(self.screen.history))

    def _frame(self) -> None:
        source = self.source
        got = False
        more = False
        if source is not None:
            deadline = time.perf_counter() + PARSE_BUDGET_S
            size = self._slice
            while True:
                data = source.take(size)
                if not data:
                    break
                got = True
                started = time.perf_counter()
                self._parse(data)
                now = time.perf_counter()
                # The next read is what this pace parses in the budget left (a whole one in the
                # next slice): big reads while plain output floods (less work per read), small
                # ones for output that parses slowly.
                rate = len(data) / max(now - started, 1e-6)
                left = deadline - now
                if left < PARSE_BUDGET_S / 4:
                    size = int(min(MAX_SLICE, max(MIN_SLICE, rate * PARSE_BUDGET_S)))
                    more = len(source) > 0
                    break
                size = int(min(MAX_SLICE, max(MIN_SLICE, rate * left)))
            self._slice = size if more else SLICE
            if more:
                runtime.flood()  # no garbage collection in the middle of a flood's frames
        if self._replies:
            replies, self._replies = self._replies, []
            for r in replies:
                self.reply.emit(r)
        if got:
            # While a flood is still queued, ~30 repaints a second are plenty; the time saved
            # goes to parsing, so the flood ends sooner. The next slice runs as soon as the event
            # loop has handled what is waiting (keys first), not a frame later.
            now = time.perf_counter()
            if not more or now - self._painted_at >= FLOOD_PAINT_S:
                self._painted_at = now
                self._repaint()
            interval = 0 if more else FRAME_MS
            if self._timer.interval() != interval:
                self._timer.setInterval(interval)
        elif self._timer.isActive():
            self._timer.stop()
            self._timer.setInterval(FRAME_MS)
            self._repaint()

    def _reply_from_parser(self, data: bytes) -> None:
        # One frame's answers: the same answer once, and at most MAX_FRAME_REPLIES (a flood of queries
        # must not grow memory; the shell session bounds what waits for a server that stopped reading).
        if data not in self._replies and len(self._replies) < MAX_FRAME_REPLIES:
            self._replies.append(data)

    def _clipboard_from_host(self, targets: tuple[str, ...], text: str) -> None:
        """OSC 52: a program on the server copies ``text`` (checked against the setting each time).

        Never silent: a server not yet allowed is asked about first (``clipboard_asked``), and every
        change is announced with what it replaced (``clipboard_set``), so the user can undo it.
        """
        if settings.get("terminal.osc52") != "set":
            return
        policy = self.clipboard_policy()
        if policy == "deny":
            return
        if policy is None:
            self.clipboard_asked.emit(tuple(targets), text)
            return
        self.apply_clipboard(tuple(targets), text)

    def apply_clipboard(self, targets: tuple[str, ...], text: str) -> None:
        """Put ``text`` where OSC 52 asked (the user allowed this server)."""
        clipboard = QtWidgets.QApplication.clipboard()
        before = clipboard.text(QtGui.QClipboard.Mode.Clipboard)
        if "clipboard" in targets:
            clipboard.setText(text, QtGui.QClipboard.Mode.Clipboard)
        if "primary" in targets and clipboard.supportsSelection():
            clipboard.setText(text, QtGui.QClipboard.Mode.Selection)
        self.clipboard_set.emit(before, text)

    def _apply_colours(self) -> None:
        """OSC 4/10/11/12 changed colours: paint with the base theme plus the host's overrides."""
        screen = self.screen
        self._colours_seen = screen.colours_changed
        base = self._base_theme
        palette = list(base.palette)
        for index, rgb in screen.palette_overrides.items():
            palette[index] = QtGui.QColor(*rgb)
        dyn = screen.dynamic_overrides
        self.painter.theme = dataclasses.replace(
            base,
            foreground=QtGui.QColor(*dyn[10]) if 10 in dyn else base.foreground,
            background=QtGui.QColor(*dyn[11]) if 11 in dyn else base.background,
            cursor=QtGui.QColor(*dyn[12]) if 12 in dyn else base.cursor,
            palette=palette,
        )
        self.update()

    def _held_by_sync(self) -> bool:
        """Mode 2026 is set and has not timed out: keep showing the previous frame."""
        if not self.screen.synchronized:
            self._sync_since = None
            return False
        now = time.monotonic()
        if self._sync_since is None:
            self._sync_since = now
            self._sync_timer.start(SYNC_TIMEOUT_MS)
        return (now - self._sync_since) * 1000 < SYNC_TIMEOUT_MS

    def _repaint(self) -> None:
        screen = self.screen
        if screen.title != self._title:
            self._title = screen.title
            self.title_changed.emit(screen.title)
        if screen.cwd != self._cwd:
            self._cwd = screen.cwd
            self.folder_changed.emit(screen.cwd)
        if self._held_by_sync():
            return
        if screen.colours_changed != self._colours_seen:
            self._apply_colours()
        if screen.scrolled:
            screen.scrolled = 0
            self.scrolled.emit()
        dirty = screen.take_dirty()
        if dirty is None or self.offset or self.preedit:
            self.update()
            return
        ch = self.painter.cell_h
        for row in dirty:
            self.update(QtCore.QRect(0, int(row * ch), self.width(), int(ch) + 2))
        # The cursor row always repaints (the cursor may have moved without text changing).
        self.update(QtCore.QRect(0, int(screen.row * ch), self.width(), int(ch) + 2))
        if self._last_cursor_row != screen.row:
            self.update(QtCore.QRect(0, int(self._last_cursor_row * ch), self.width(), int(ch) + 2))

    _last_cursor_row = 0
    _painted_at = 0.0
    _slice = SLICE

    # -- geometry --------------------------------------------------------------------
    def grid_size(self) -> tuple[int, int]:
        return (
            max(2, int(self.width() // self.painter.cell_w)),
            max(1, int(self.height() // self.painter.cell_h)),
        )

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._apply_grid()

    def _apply_grid(self) -> None:
        cols, rows = self.grid_size()
        if (cols, rows) != (self.screen.cols, self.screen.rows):
            self.screen.resize(cols, rows)
            self.size_changed.emit(cols, rows)
            self.update()

    def set_font_size(self, points: int) -> None:
        font = QtGui.QFont(self.painter.font)
        font.setPointSize(max(5, min(48, points)))
        self.painter.set_font(font)
        self._apply_grid()
        self.update()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 - Qt API
        return QtCore.QSize(int(self.painter.cell_w * 80), int(self.painter.cell_h * 24))

    # -- what is on screen -----------------------------------------------------------
    def visible_lines(self) -> list[Line]:
        """The lines in view, taking the scrollback position into account."""
        screen = self.screen
        if not self.offset:
            return screen.buffer
        history = screen.history
        n = len(history)
        start = n - self.offset
        out = [history[i] for i in range(max(0, start), min(n, start + screen.rows))]
        out.extend(screen.buffer[: screen.rows - len(out)])
        return out

    def first_visible(self) -> int:
        """Absolute index (history + screen) of the top visible line."""
        return len(self.screen.history) - self.offset

    def all_line(self, index: int) -> Line | None:
        history = self.screen.history
        if index < 0:
            return None
        if index < len(history):
            return history[index]
        index -= len(history)
        return self.screen.buffer[index] if index < len(self.screen.buffer) else None

    def scroll_to(self, offset: int) -> None:
        offset = max(0, min(offset, len(self.screen.history)))
        if offset != self.offset:
            self.offset = offset
            self.scrolled.emit()
            self.update()

    # -- painting --------------------------------------------------------------------
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 - Qt API
        p = QtGui.QPainter(self)
        screen = self.screen
        lp = self.painter
        ch = lp.cell_h
        rect = event.rect()
        first_row = max(0, int(rect.top() // ch))
        last_row = min(screen.rows - 1, int(rect.bottom() // ch))
        lines = self.visible_lines()
        top = self.first_visible()
        theme = lp.theme
        for row in range(first_row, last_row + 1):
            y = row * ch
            if row < len(lines):
                marks = self._marks(top + row, len(lines[row].chars))
                lp.paint(p, y, lines[row], screen.cols, screen.reverse_video, marks)
            else:
                p.fillRect(QtCore.QRectF(0, y, self.width(), ch), theme.background)
        bottom = screen.rows * ch
        if bottom < self.height():
            p.fillRect(QtCore.QRectF(0, bottom, self.width(), self.height() - bottom), theme.background)
        self._paint_cursor(p)
        p.end()
        self._last_cursor_row = screen.row

    def _marks(self, index: int, width: int) -> list[tuple[int, int, QtGui.QColor]] | None:
        theme = self.painter.theme
        marks = []
        for start, end in self.highlights.get(index, ()):
            current = self.current_match == (index, start, end)
            marks.append((start, end, theme.selection if current else theme.match))
        span = self.selection.span(index, width)
        if span is not None:
            marks.append((span[0], span[1], theme.selection))
        return marks or None

    def _paint_cursor(self, p: QtGui.QPainter) -> None:
        screen = self.screen
        lp = self.painter
        if self.offset >= screen.rows:
            return
        row = screen.row + self.offset
        if row >= screen.rows:
            return
        col = min(screen.col, screen.cols - 1)
        x, y = col * lp.cell_w, row * lp.cell_h
        if self.preedit:
            # The input method's text being composed, drawn at the cursor (IME).
            fm = QtGui.QFontMetricsF(lp.font)
            w = fm.horizontalAdvance(self.preedit)
            p.fillRect(QtCore.QRectF(x, y, w, lp.cell_h), lp.theme.background)
            p.setFont(lp.font)
            p.setPen(lp.theme.foreground)
            p.drawText(QtCore.QPointF(x, y + lp.ascent), self.preedit)
            p.drawLine(QtCore.QPointF(x, y + lp.cell_h - 1), QtCore.QPointF(x + w, y + lp.cell_h - 1))
            return
        if not screen.cursor_visible:
            return
        line = screen.buffer[screen.row]
        wide = col + 1 < len(line.chars) and line.chars[col + 1] == ""
        w = lp.cell_w * (2 if wide else 1)
        style = screen.cursor_style
        if not self.hasFocus():
            p.setPen(lp.theme.cursor)
            p.drawRect(QtCore.QRectF(x, y, w - 1, lp.cell_h - 1))
        elif style in (3, 4):
            p.fillRect(QtCore.QRectF(x, y + lp.cell_h - 2, w, 2), lp.theme.cursor)
        elif style in (5, 6):
            p.fillRect(QtCore.QRectF(x, y, 2, lp.cell_h), lp.theme.cursor)
        else:
            p.fillRect(QtCore.QRectF(x, y, w, lp.cell_h), lp.theme.cursor)
            ch = line.chars[col]
            if ch.strip():
                p.setFont(lp.font)
                p.setPen(lp.theme.background)
                p.drawText(QtCore.QPointF(x, y + lp.ascent), ch)

    # -- keyboard --------------------------------------------------------------------
    def event(self, event: QtCore.QEvent) -> bool:
        # Tab and Shift+Tab belong to the shell, not to focus navigation.
        key_event = cast(QtGui.QKeyEvent, event)  # what Qt hands with KeyPress and ShortcutOverride
        if event.type() == QtCore.QEvent.Type.KeyPress and key_event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.keyPressEvent(key_event)
            return True
        if event.type() == QtCore.QEvent.Type.ShortcutOverride and self._belongs_to_shell(key_event):
            # Ctrl+letter (readline's Ctrl+N, Ctrl+W …) and Alt+letter go to the shell even when
            # the application has a shortcut on them; Ctrl+Shift+… stays the app's.
            event.accept()
            return True
        return super().event(event)

    @staticmethod
    def _belongs_to_shell(event: QtGui.QKeyEvent) -> bool:
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ctrl = Qt.KeyboardModifier.MetaModifier if _mac() else Qt.KeyboardModifier.ControlModifier
        key = event.key()
        if _typed_by_layout(event) is not None:
            return True  # AltGr's "@" or Option's "[" is typing, whatever shortcut sits on Ctrl+Alt+Q
        if mods in (ctrl, Qt.KeyboardModifier.AltModifier):
            return Qt.Key.Key_A <= key <= Qt.Key.Key_Z or key in (
                Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight, Qt.Key.Key_Backslash, Qt.Key.Key_Underscore,
                Qt.Key.Key_Space, Qt.Key.Key_Slash, Qt.Key.Key_Minus,
            )  # fmt: skip
        return mods == Qt.KeyboardModifier.NoModifier and key in _KEYS

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 - Qt API
        data = self.key_bytes(event)
        if data is None:
            super().keyPressEvent(event)
            return
        if data:
            self.type_bytes(data)
            if data == b"\x03":
                self.interrupt.emit()

    def key_bytes(self, event: QtGui.QKeyEvent) -> bytes | None:
        """The bytes for a key press, ``b""`` for a key handled here, ``None`` for one not ours."""
        mods = event.modifiers()
        shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
        alt = bool(mods & Qt.KeyboardModifier.AltModifier)
        key = event.key()
        mac = _mac()
        command = False
        if mac:
            # Qt reports Command as Control and the Control key as Meta on macOS.
            command = bool(mods & Qt.KeyboardModifier.ControlModifier)
            ctrl = bool(mods & Qt.KeyboardModifier.MetaModifier)
            if command and key in (Qt.Key.Key_C, Qt.Key.Key_V):
                self.copy() if key == Qt.Key.Key_C else self.paste()
                return b""
        else:
            ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        if shortcuts.matches("terminal.copy", event):
            self.copy()
            return b""
        if shortcuts.matches("terminal.paste", event):
            self.paste()
            return b""
        if command:
            return None  # an unbound Command chord is the application's, never typed into the shell
        typed = _typed_by_layout(event)
        if typed is not None:
            return typed.encode()
        if mac and alt and settings.get("terminal.option_as_meta") and 0x20 < key < 0x7F:
            # Option as Meta: Esc + the key itself, not the character Option would have typed.
            base = chr(key)
            return encode_key(base if shift or not base.isalpha() else base.lower(), Mods(alt=True, ctrl=ctrl))
        if ctrl and shift and Qt.Key.Key_A <= key <= Qt.Key.Key_Z:
            return None  # Ctrl+Shift+letter is the application's (find, new tab …), never the shell's
        if shift and not ctrl and key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            step = self.screen.rows - 1
            self.scroll_to(self.offset + (step if key == Qt.Key.Key_PageUp else -step))
            return b""
        m = Mods(shift=shift, alt=alt, ctrl=ctrl)
        name = _KEYS.get(Qt.Key(key)) if isinstance(key, int) else _KEYS.get(key)
        options = {
            "app_cursor": self.screen.app_cursor,
            "newline_mode": self.screen.newline_mode,
            "backspace_del": settings.get("terminal.backspace_sends_del"),
        }
        if name is not None:
            if key == Qt.Key.Key_Backtab:
                m = Mods(shift=True, alt=alt, ctrl=ctrl)
            return encode_key(name, m, **options)
        text = event.text()
        if ctrl and Qt.Key.Key_A <= key <= Qt.Key.Key_Z:
            return encode_key(chr(key).lower(), m, **options)
        if ctrl and key in (Qt.Key.Key_Space, Qt.Key.Key_At, Qt.Key.Key_BracketLeft, Qt.Key.Key_Backslash,
                            Qt.Key.Key_BracketRight, Qt.Key.Key_AsciiCircum, Qt.Key.Key_Underscore, Qt.Key.Key_Slash,
                            Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6, Qt.Key.Key_7,
                            Qt.Key.Key_8, Qt.Key.Key_Minus):  # fmt: skip
            return encode_key(chr(key), m, **options)
        if text and (text.isprintable() or text == " "):
            return encode_key(text, Mods(alt=alt), **options) if len(text) == 1 else text.encode()
        return None

    def type_bytes(self, data: bytes) -> None:
        """Send what the user typed: back to the live view, clear the selection."""
        if self.read_only:
            return
        if self.offset:
            self.scroll_to(0)
        self.send.emit(data)
        self.user_input.emit()

    def inputMethodEvent(self, event: QtGui.QInputMethodEvent) -> None:  # noqa: N802 - Qt API
        commit = event.commitString()
        if commit:
            self.type_bytes(commit.encode("utf-8"))
        self.preedit = event.preeditString()
        self.update()
        event.accept()

    def inputMethodQuery(self, query: Qt.InputMethodQuery) -> object:  # noqa: N802 - Qt API
        if query == Qt.InputMethodQuery.ImCursorRectangle:
            lp = self.painter
            col = min(self.screen.col, self.screen.cols - 1)
            return QtCore.QRect(int(col * lp.cell_w), int(self.screen.row * lp.cell_h), int(lp.cell_w), int(lp.cell_h))
        if query == Qt.InputMethodQuery.ImFont:
            return self.painter.font
        if query == Qt.InputMethodQuery.ImEnabled:
            return True
        return super().inputMethodQuery(query)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:  # noqa: N802 - Qt API
        super().focusInEvent(event)
        if self.screen.focus_events:
            self.reply.emit(b"\x1b[I")
        self.update()

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        if self.screen.focus_events:
            self.reply.emit(b"\x1b[O")
        self.update()

    # -- clipboard -------------------------------------------------------------------
    def selected_text(self) -> str:
        return self.selection.text(self.all_line)

    def copy(self) -> None:
        text = self.selected_text()
        if text:
            QtWidgets.QApplication.clipboard().setText(text)

    def paste(self, text: str | None = None) -> bool:
        """Paste ``text`` (the clipboard by default); a multi-line paste asks first. True when sent.

        The text is cleaned first (:mod:`gpudesk.core.terminal.paste`): no control character but
        tab reaches the shell, and every line break (CR, LF, CRLF, NEL, LS, PS) goes as CR.
        """
        if text is None:
            text = QtWidgets.QApplication.clipboard().text()
        cleaned = paste.clean(text or "")
        if not cleaned:
            return False
        bracketed_mode = self.screen.bracketed_paste
        if paste.needs_confirmation(cleaned, bracketed_mode) and settings.get("terminal.confirm_multiline_paste"):
            lines = paste.line_count(cleaned)
            box = QtWidgets.QMessageBox(self)
            box.setIcon(QtWidgets.QMessageBox.Icon.Question)
            box.setWindowTitle(self.tr("Paste"))
            box.setText(self.tr("Paste %n line(s) into the terminal?", "", lines))
            shown = cleaned.replace("\r", "\n")
            detail = shown[:400] + ("…" if len(shown) > 400 else "")
            if lines == 1:
                detail = self.tr("It ends with a line break: the shell runs it at once.") + "\n\n" + detail
            box.setInformativeText(detail)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No)
            box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.No)
            box.setObjectName("terminal-paste-confirm")
            if box.exec() != QtWidgets.QMessageBox.StandardButton.Yes:
                return False
        self.type_bytes(paste.paste_bytes(cleaned, self.screen.bracketed_paste))
        return True

    # -- mouse -----------------------------------------------------------------------
    def cell_at(self, pos: QtCore.QPointF) -> tuple[int, int]:
        lp = self.painter
        col = int(max(0.0, pos.x()) // lp.cell_w)
        row = int(max(0.0, pos.y()) // lp.cell_h)
        return min(row, self.screen.rows - 1), min(col, self.screen.cols - 1)

    def _reports_mouse(self, event: QtGui.QMouseEvent | QtGui.QWheelEvent) -> bool:
        return bool(self.screen.mouse_mode) and not (event.modifiers() & Qt.KeyboardModifier.ShiftModifier)

    def _report(self, button: int, event: QtGui.QMouseEvent | QtGui.QWheelEvent, press: bool, motion: bool = False) -> None:
        row, col = self.cell_at(event.position())
        mods = event.modifiers()
        m = Mods(alt=bool(mods & Qt.KeyboardModifier.AltModifier), ctrl=bool(mods & Qt.KeyboardModifier.ControlModifier))
        data = mouse_report(button, col, row, press=press, motion=motion, sgr=self.screen.mouse_sgr, mods=m)
        if data:
            self.reply.emit(data)

    _BUTTONS = {Qt.MouseButton.LeftButton: 0, Qt.MouseButton.MiddleButton: 1, Qt.MouseButton.RightButton: 2}

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 - Qt API
        self.setFocus()
        if self._reports_mouse(event) and event.button() in self._BUTTONS:
            self._report(self._BUTTONS[event.button()], event, press=True)
            return
        if event.button() == Qt.MouseButton.LeftButton:
            row, col = self.cell_at(event.position())
            self.selection.start(self.first_visible() + row, col)
            self.update()
        elif event.button() == Qt.MouseButton.MiddleButton:
            clip = QtWidgets.QApplication.clipboard()
            text = clip.text(QtGui.QClipboard.Mode.Selection) if clip.supportsSelection() else ""
            if text:
                self.paste(text)

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._reports_mouse(event):
            if self.screen.mouse_mode in (1002, 1003) and (event.buttons() or self.screen.mouse_mode == 1003):
                button = next((b for q, b in self._BUTTONS.items() if event.buttons() & q), 3)
                self._report(button, event, press=True, motion=True)
            return
        if event.buttons() & Qt.MouseButton.LeftButton and self.selection.active:
            row, col = self.cell_at(event.position())
            self.selection.extend(self.first_visible() + row, col + 1)
            self.update()

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._reports_mouse(event) and event.button() in self._BUTTONS:
            if self.screen.mouse_mode != 9:
                self._report(self._BUTTONS[event.button()], event, press=False)
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self.selection.finish()
            text = self.selected_text()
            if text:
                clip = QtWidgets.QApplication.clipboard()
                if clip.supportsSelection():
                    clip.setText(text, QtGui.QClipboard.Mode.Selection)
                if settings.get("terminal.copy_on_select"):
                    clip.setText(text)

    def mouseDoubleClickEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._reports_mouse(event):
            return
        row, col = self.cell_at(event.position())
        index = self.first_visible() + row
        line = self.all_line(index)
        if line is not None:
            self.selection.select_word(index, col, line)
            self.update()
            self.mouseReleaseEvent(event)

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:  # noqa: N802 - Qt API
        steps = event.angleDelta().y() // 40 or (1 if event.angleDelta().y() > 0 else -1 if event.angleDelta().y() else 0)
        if not steps:
            return
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.set_font_size(self.painter.font.pointSize() + (1 if steps > 0 else -1))
            return
        if self._reports_mouse(event):
            self._report(64 if steps > 0 else 65, event, press=True)
            return
        if self.screen.alt_screen:
            # Full-screen programs (less, vim) scroll their own text: send arrow keys.
            key = encode_key("Up" if steps > 0 else "Down", app_cursor=self.screen.app_cursor)
            self.reply.emit(key * min(abs(steps), 5))
            return
        self.scroll_to(self.offset + steps)
