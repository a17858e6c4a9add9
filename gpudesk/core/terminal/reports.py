"""What the terminal answers and exposes to the host: colours, clipboard, modes, settings, identity.

A mixin of :class:`~gpudesk.core.terminal.screen.TerminalScreen`. Formats follow xterm's
ctlseqs byte for byte. Nothing here ever sends local data the host could not already see:
clipboard queries (OSC 52 ``?``) and title reports (``CSI 21 t``) are not answered.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from gpudesk import __version__
from gpudesk.core.terminal import attrs as A

if TYPE_CHECKING:
    from gpudesk.core.terminal.cursor_state import SavedCursor

RGB = tuple[int, int, int]

#: Decoded OSC 52 text larger than this is ignored (the body may be this much base64 long).
MAX_CLIPBOARD = 1 << 20
MAX_CLIPBOARD_STRING = (MAX_CLIPBOARD + 2) // 3 * 4 + 64
#: Titles kept by ``CSI 22 t`` (xterm keeps 10 too); older ones are dropped.
MAX_TITLES = 10

_HEX = re.compile(r"[0-9a-fA-F]{1,4}\Z")
_HEX_RUN = re.compile(r"[0-9a-fA-F]+\Z")


def _number(text: str) -> int | None:
    """A plain ASCII decimal of at most 5 digits, else ``None``."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else None


def xterm_palette() -> list[RGB]:
    """xterm's 256 default colours: 16 base, the 6x6x6 cube, 24 greys."""
    base = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]  # fmt: skip
    steps = [0, 95, 135, 175, 215, 255]
    cube = [(r, g, b) for r in steps for g in steps for b in steps]
    greys = [(8 + i * 10,) * 3 for i in range(24)]
    return base + cube + greys


def parse_colour(spec: str) -> RGB | None:
    """An X11 colour spec (``rgb:r/g/b`` with 1-4 hex digits each, ``#rgb`` … ``#rrrrggggbbbb``)."""
    spec = spec.strip()
    if spec[:4].lower() == "rgb:":
        parts = spec[4:].split("/")
        if len(parts) != 3 or not all(_HEX.match(p) for p in parts):
            return None
        r, g, b = (int(p, 16) * 255 // (16 ** len(p) - 1) for p in parts)
        return r, g, b
    if spec.startswith("#") and len(spec) in (4, 7, 10, 13) and _HEX_RUN.match(spec, 1):
        n = (len(spec) - 1) // 3
        values = [int(spec[1 + i * n : 1 + (i + 1) * n], 16) for i in range(3)]
        # "#" forms keep the given digits as the high bits (X11's rule).
        r, g, b = (v >> (4 * n - 8) if n > 2 else v << (8 - 4 * n) for v in values)
        return r, g, b
    return None


def colour_report(rgb: RGB) -> str:
    """``rgb:rrrr/gggg/bbbb``, each 8-bit channel widened to 16 bits as xterm does."""
    return "rgb:" + "/".join(f"{v * 257:04x}" for v in rgb)


class Reports:
    """OSC 4/10-12/52/104/110-112, DECRQM, DECRQSS, XTVERSION, DA, the title stack."""

    # Declared for type checkers; _init_reports and _reset_reports set them.
    theme_palette: list[RGB]
    theme_dynamic: dict[int, RGB]
    palette_overrides: dict[int, RGB]
    dynamic_overrides: dict[int, RGB]
    on_clipboard: Callable[[tuple[str, ...], str], None] | None
    colours_changed: int
    title_stack: list[tuple[str | None, str | None]]  # (title, icon title); None: that one was not pushed
    synchronized: bool
    # The screen's state these reports read (TerminalScreen and its other parts set them).
    attr: int
    origin: bool
    top: int
    bottom: int
    title: str
    icon_title: str
    insert: bool
    newline_mode: bool
    app_cursor: bool
    autowrap: bool
    cursor_visible: bool
    cursor_style: int
    reverse_video: bool
    reverse_wrap: bool
    reverse_wrap_ext: bool
    protected_mode: bool
    iso_protect: bool
    mouse_mode: int
    mouse_sgr: bool
    focus_events: bool
    bracketed_paste: bool
    alt_screen: bool
    _saved: SavedCursor | None
    _reply: Callable[[str], None]

    def _init_reports(self) -> None:
        """State that survives RIS: the theme's colours, handed over by the widget."""
        self.theme_palette: list[RGB] = xterm_palette()
        self.theme_dynamic: dict[int, RGB] = {10: (229, 229, 229), 11: (0, 0, 0), 12: (229, 229, 229)}
        #: Called with (targets, text) when the host sets the clipboard (OSC 52); targets is a
        #: tuple of "clipboard" and/or "primary". ``None`` refuses every such request.
        self.on_clipboard = None
        self.colours_changed = 0  # bumped when OSC 4/10-12/104/110-112 change a colour

    def _reset_reports(self) -> None:
        self.palette_overrides: dict[int, RGB] = {}
        self.dynamic_overrides: dict[int, RGB] = {}
        self.title_stack = []
        self.synchronized = False  # mode 2026: the widget holds repaints while set
        self.colours_changed = getattr(self, "colours_changed", 0) + 1

    def set_theme_colours(self, foreground: RGB, background: RGB, cursor: RGB, palette: list[RGB]) -> None:
        """The widget's real colours, so that colour queries answer what is on screen."""
        self.theme_dynamic = {10: foreground, 11: background, 12: cursor}
        self.theme_palette = list(palette[:256]) + xterm_palette()[len(palette) :]

    def palette_colour(self, index: int) -> RGB:
        return self.palette_overrides.get(index) or self.theme_palette[index]

    def dynamic_colour(self, code: int) -> RGB:
        """The colour for OSC ``code`` (10 foreground, 11 background, 12 cursor)."""
        return self.dynamic_overrides.get(code) or self.theme_dynamic[code]

    # -- OSC -------------------------------------------------------------------------
    def _osc_report(self, code: str, arg: str, bel: bool) -> bool:
        """Handle the OSC ``code`` if it is one of ours; ``bel``: the query ended with BEL."""
        end = "\x07" if bel else "\x1b\\"
        if code == "52":
            self._osc52(arg)
        elif code == "4":
            fields = arg.split(";")
            for i in range(0, len(fields) - 1, 2):
                index = _number(fields[i])
                if index is None or index > 255:
                    continue
                if fields[i + 1] == "?":
                    self._reply(f"\x1b]4;{index};{colour_report(self.palette_colour(index))}{end}")
                else:
                    rgb = parse_colour(fields[i + 1])
                    if rgb is not None:
                        self.palette_overrides[index] = rgb
                        self._colours_touched()
        elif code in ("10", "11", "12"):
            # "OSC 10 ; a ; b" sets/queries 10 with a and 11 with b (xterm's chaining).
            for n, spec in enumerate(arg.split(";")[:3]):
                which = int(code) + n
                if which > 12:
                    break
                if spec == "?":
                    self._reply(f"\x1b]{which};{colour_report(self.dynamic_colour(which))}{end}")
                else:
                    rgb = parse_colour(spec)
                    if rgb is not None:
                        self.dynamic_overrides[which] = rgb
                        self._colours_touched()
        elif code == "104":
            if arg:
                for field in arg.split(";"):
                    index = _number(field)
                    if index is not None:
                        self.palette_overrides.pop(index, None)
            else:
                self.palette_overrides.clear()
            self._colours_touched()
        elif code in ("110", "111", "112"):
            self.dynamic_overrides.pop(int(code) - 100, None)
            self._colours_touched()
        else:
            return False
        return True

    def _colours_touched(self) -> None:
        self.colours_changed += 1
        self.dirty_all = True

    def _osc52(self, arg: str) -> None:
        targets_spec, sep, data = arg.partition(";")
        if not sep or data == "?" or self.on_clipboard is None:
            return  # a query is never answered with what the user copied
        if len(data) > MAX_CLIPBOARD_STRING:
            return
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            return
        if len(raw) > MAX_CLIPBOARD:
            return
        spec = targets_spec or "s0"
        targets = []
        if any(ch in spec for ch in "cs01234567"):
            targets.append("clipboard")
        if "p" in spec:
            targets.append("primary")
        if targets:
            self.on_clipboard(tuple(targets), raw.decode("utf-8", "replace"))

    # -- CSI t: the title stack --------------------------------------------------------
    def _window_op(self, nums: list[int]) -> None:
        op = nums[0] if nums else 0
        which = nums[1] if len(nums) > 1 else 0
        if op == 22 and which in (0, 1, 2):
            self.title_stack.append((self.title if which != 1 else None, self.icon_title if which != 2 else None))
            del self.title_stack[:-MAX_TITLES]
        elif op == 23 and which in (0, 1, 2) and self.title_stack:
            title, icon = self.title_stack.pop()
            if which != 1 and title is not None:
                self.title = title
            if which != 2 and icon is not None:
                self.icon_title = icon
        # CSI 20 t / 21 t (title reports) are not answered: a title can carry text the host
        # could replay as input, which is why xterm leaves them off by default.

    # -- identity and reports -----------------------------------------------------------
    def _device_attributes(self) -> None:
        # VT220 (62) with ANSI colour (22); 52 only while the host may set the clipboard.
        self._reply("\x1b[?62;22;52c" if self.on_clipboard is not None else "\x1b[?62;22c")

    def _xtversion(self) -> None:
        self._reply(f"\x1bP>|gpudesk({__version__})\x1b\\")

    def _private_mode_state(self, mode: int) -> int:
        """DECRQM's Pm for private ``mode``: 1 set, 2 reset, 4 permanently reset, 0 unknown."""
        flags = {
            1: self.app_cursor, 5: self.reverse_video, 6: self.origin, 7: self.autowrap, 25: self.cursor_visible,
            45: self.reverse_wrap, 1045: self.reverse_wrap_ext,
            1004: self.focus_events, 1006: self.mouse_sgr, 2004: self.bracketed_paste, 2026: self.synchronized,
            47: self.alt_screen, 1047: self.alt_screen, 1049: self.alt_screen, 1048: self._saved is not None,
        }  # fmt: skip
        if mode in flags:
            return 1 if flags[mode] else 2
        if mode in (9, 1000, 1002, 1003):
            return 1 if self.mouse_mode == mode else 2
        if mode == 3:
            return 4  # the window decides the width: never 132 columns
        return 0  # includes 69 (DECLRMM): left/right margins are VT420, not offered

    def _decrqm(self, private: bool, params: str) -> None:
        head = params.split(";", 1)[0]
        mode = _number(head) or 0
        if private:
            self._reply(f"\x1b[?{mode};{self._private_mode_state(mode)}$y")
        else:
            state = {4: self.insert, 20: self.newline_mode}.get(mode)
            self._reply(f"\x1b[{mode};{0 if state is None else 1 if state else 2}$y")

    def _dcs(self, body: str) -> None:
        """A DCS string (``body`` after ``ESC P``): only DECRQSS (``$ q``) is answered."""
        if not body.startswith("$q"):
            return
        what = body[2:]
        if what == "m":
            value = A.sgr_params(self.attr) + "m"
        elif what == "r":
            value = f"{self.top + 1};{self.bottom + 1}r"
        elif what == " q":
            value = f"{self.cursor_style or 1} q"
        elif what == '"q':
            # DECSCA: 1 while what is printed next is protected (xterm asks its DEC protected mode too)
            dec = self.protected_mode and not self.iso_protect
            value = f'{1 if dec and self.attr & A.PROTECTED else 0}"q'
        elif what == '"p':
            value = '62;1"p'  # DECSCL: a VT200-level terminal sending 7-bit controls (as DA1 says)
        else:
            self._reply("\x1bP0$r\x1b\\")
            return
        self._reply(f"\x1bP1$r{value}\x1b\\")
