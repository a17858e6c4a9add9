"""Keys to bytes, as xterm sends them (ctlseqs "PC-Style Function Keys"), Qt-free.

The widget maps its key events to a name ("Up", "F5", "Backspace" …) or to the typed text,
plus modifiers; :func:`encode_key` returns what goes to the remote PTY.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core.terminal.paste import clean, paste_bytes

ESC = "\x1b"
CSI = "\x1b["
SS3 = "\x1bO"

# Cursor keys and Home/End: final byte; SS3 in application cursor mode (DECCKM).
_CURSOR = {"Up": "A", "Down": "B", "Right": "C", "Left": "D", "Home": "H", "End": "F"}
# The "tilde" keys: CSI n ~.
_TILDE = {
    "Insert": 2,
    "Delete": 3,
    "PageUp": 5,
    "PageDown": 6,
    "F5": 15,
    "F6": 17,
    "F7": 18,
    "F8": 19,
    "F9": 20,
    "F10": 21,
    "F11": 23,
    "F12": 24,
}
# F1-F4 are SS3 P..S unmodified, CSI 1;m P..S with modifiers.
_PF = {"F1": "P", "F2": "Q", "F3": "R", "F4": "S"}

# Ctrl with a non-letter, as xterm (and VT220 keyboards) map them.
_CTRL_SPECIAL = {
    " ": "\x00",
    "@": "\x00",
    "2": "\x00",
    "[": "\x1b",
    "3": "\x1b",
    "\\": "\x1c",
    "4": "\x1c",
    "]": "\x1d",
    "5": "\x1d",
    "^": "\x1e",
    "6": "\x1e",
    "_": "\x1f",
    "-": "\x1f",
    "/": "\x1f",
    "7": "\x1f",
    "8": "\x7f",
    "?": "\x7f",
}


@dataclass(frozen=True)
class Mods:
    shift: bool = False
    alt: bool = False
    ctrl: bool = False

    @property
    def code(self) -> int:
        """xterm's modifier parameter: 1 + shift(1) + alt(2) + ctrl(4)."""
        return 1 + (1 if self.shift else 0) + (2 if self.alt else 0) + (4 if self.ctrl else 0)


NO_MODS = Mods()


def encode_key(
    key: str,
    mods: Mods = NO_MODS,
    *,
    app_cursor: bool = False,
    newline_mode: bool = False,
    backspace_del: bool = True,
) -> bytes:
    """The bytes xterm sends for ``key``.

    Args:
        key: a key name ("Up", "F5", "Enter", "Tab", "Backspace", "Escape", "PageUp" …) or the
            text the key types (one character, e.g. "a", "中").
        mods: Shift/Alt/Ctrl held.
        app_cursor: DECCKM is set (the application asked for SS3 cursor keys).
        newline_mode: LNM is set (Enter sends CR LF).
        backspace_del: Backspace sends DEL (0x7f, the xterm default); False sends BS (0x08).

    Returns:
        The bytes, or ``b""`` for a key that sends nothing.
    """
    m = mods.code
    if key in _CURSOR:
        final = _CURSOR[key]
        if m > 1:
            return f"{CSI}1;{m}{final}".encode()
        return f"{SS3 if app_cursor else CSI}{final}".encode()
    if key in _TILDE:
        n = _TILDE[key]
        return (f"{CSI}{n};{m}~" if m > 1 else f"{CSI}{n}~").encode()
    if key in _PF:
        final = _PF[key]
        return (f"{CSI}1;{m}{final}" if m > 1 else f"{SS3}{final}").encode()
    if key == "Enter":
        out = "\r\n" if newline_mode else "\r"
        return ((ESC if mods.alt else "") + out).encode()
    if key == "Tab":
        if mods.shift:
            return f"{CSI}Z".encode()
        return ((ESC if mods.alt else "") + "\t").encode()
    if key == "Backspace":
        erase = "\x7f" if backspace_del else "\x08"
        if mods.ctrl:  # Ctrl+Backspace sends the other one, as xterm does
            erase = "\x08" if backspace_del else "\x7f"
        return ((ESC if mods.alt else "") + erase).encode()
    if key == "Escape":
        return ESC.encode()
    if len(key) != 1:
        return b""
    return _encode_char(key, mods)


def _encode_char(ch: str, mods: Mods) -> bytes:
    out = ch
    if mods.ctrl:
        lower = ch.lower()
        if "a" <= lower <= "z":
            out = chr(ord(lower) - ord("a") + 1)
        elif ch in _CTRL_SPECIAL:
            out = _CTRL_SPECIAL[ch]
    if mods.alt:  # Meta sends ESC prefix (xterm's metaSendsEscape, the common setting)
        out = ESC + out
    return out.encode("utf-8")


def layout_char(text: str, *, ctrl: bool, alt: bool, platform: str, option_as_meta: bool = False) -> str | None:
    """The character a layout's extra level typed, to send as it is; ``None`` for a real chord.

    Windows reports AltGr as Ctrl+Alt, with the typed character in the event's text: AltGr+Q
    types ``@`` on a German layout, AltGr+8 ``[``, AltGr+E ``€``. Encoding that as Ctrl+Alt
    would send ``ESC ^@`` or Ctrl+E instead. A real Ctrl+Alt chord carries a control character
    or the key's own ASCII letter, so printable text that is not an ASCII letter is AltGr's.
    macOS Option types its layout's character (Option+L ``@`` on a German Mac, Option+5 ``[``)
    unless the user made Option the Meta key.
    """
    if len(text) != 1 or not text.isprintable() or text == " ":
        return None
    if platform == "win32" and ctrl and alt:
        return None if text.isascii() and text.isalpha() else text
    if platform == "darwin" and alt and not ctrl and not option_as_meta:
        return text
    return None


def bracketed(text: str, enabled: bool) -> bytes:
    """Text to paste: controls removed, line breaks as CR, wrapped in ESC[200~ … ESC[201~ when asked.

    See :mod:`gpudesk.core.terminal.paste`: nothing in the text can end the paste early.
    """
    return paste_bytes(clean(text), enabled)


def mouse_report(
    button: int, col: int, row: int, *, press: bool, motion: bool = False, sgr: bool = False, mods: Mods = NO_MODS
) -> bytes:
    """An xterm mouse report for a 0-based cell. ``button``: 0 left, 1 middle, 2 right, 64/65 wheel up/down."""
    code = button + (4 if mods.shift else 0) + (8 if mods.alt else 0) + (16 if mods.ctrl else 0) + (32 if motion else 0)
    if sgr:
        return f"{CSI}<{code};{col + 1};{row + 1}{'M' if press else 'm'}".encode()
    if not press:
        code = 3 + (code & ~3)  # X10 encoding: release is button 3
    if col > 222 or row > 222:
        return b""  # the legacy encoding cannot say it
    return (CSI + "M" + chr(32 + code) + chr(33 + col) + chr(33 + row)).encode("latin-1")
