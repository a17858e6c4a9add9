"""Cell attributes packed into one int, and SGR (``CSI … m``) parsing.

One int per cell keeps the screen's line buffers plain lists that slice-assign at C speed,
and makes "same attributes as the neighbour" an int comparison when painting runs.

Layout: bits 0-7 flags, bits 8-33 foreground colour, bits 34-59 background colour, bit 60
"protected" (DECSCA). A colour is 0 (the default), 1..256 (palette index + 1) or
``TRUECOLOR | 0xRRGGBB``.

The protected bit rides along with the rendition, so printing stores it per cell at no extra
cost; it is the highest bit in use, so "any protected cell in this run" is ``max(run) >= PROTECTED``.
SGR never changes it (``CSI 0 m`` keeps it, as in xterm): only DECSCA and the resets do.
"""

from __future__ import annotations

BOLD = 1
DIM = 2
ITALIC = 4
UNDERLINE = 8
BLINK = 16
INVERSE = 32
HIDDEN = 64
STRIKE = 128
FLAGS_MASK = 0xFF

TRUECOLOR = 1 << 25
COLOR_MASK = (1 << 26) - 1
FG_SHIFT = 8
BG_SHIFT = 34
FG_MASK = COLOR_MASK << FG_SHIFT
BG_MASK = COLOR_MASK << BG_SHIFT
#: DECSCA ``CSI 1 " q``: selective erase (DECSED, DECSEL) leaves the cell alone.
PROTECTED = 1 << 60

DEFAULT = 0

#: Parameters of one SGR sequence that are read; the rest are ignored (as the screen's other
#: sequences do, see ``sequences.MAX_PARAMS``).
MAX_SGR_PARAMS = 32

_SET_FLAG = {
    1: BOLD,
    2: DIM,
    3: ITALIC,
    4: UNDERLINE,
    5: BLINK,
    6: BLINK,
    7: INVERSE,
    8: HIDDEN,
    9: STRIKE,
    21: UNDERLINE,
}
_CLEAR_FLAG = {22: BOLD | DIM, 23: ITALIC, 24: UNDERLINE, 25: BLINK, 27: INVERSE, 28: HIDDEN, 29: STRIKE}


def fg(attr: int) -> int:
    """The foreground colour value of ``attr`` (see the module docstring)."""
    return (attr >> FG_SHIFT) & COLOR_MASK


def bg(attr: int) -> int:
    """The background colour value of ``attr``."""
    return (attr >> BG_SHIFT) & COLOR_MASK


def flags(attr: int) -> int:
    return attr & FLAGS_MASK


def palette(index: int) -> int:
    """The colour value of palette entry ``index`` (0-255)."""
    return index + 1


def rgb(r: int, g: int, b: int) -> int:
    return TRUECOLOR | ((r & 255) << 16) | ((g & 255) << 8) | (b & 255)


def make(fg_value: int = 0, bg_value: int = 0, flag_bits: int = 0) -> int:
    return flag_bits | (fg_value << FG_SHIFT) | (bg_value << BG_SHIFT)


def _int(text: str) -> int:
    if len(text) > 5:  # clamped like every parameter; int() of thousands of digits is slow
        text = text.lstrip("0")
        if len(text) > 5:
            return 65535 if text.isdigit() else 0
    try:
        return int(text) if text else 0
    except ValueError:
        return 0


def _colon_colour(sub: list[int]) -> int | None:
    """A colon form: ``38:5:n``, ``38:2:r:g:b`` or ``38:2:cs:r:g:b``."""
    if len(sub) >= 3 and sub[1] == 5:
        return palette(sub[2] & 255)
    if len(sub) >= 5 and sub[1] == 2:
        r, g, b = sub[-3:] if len(sub) >= 6 else sub[2:5]
        return rgb(r, g, b)
    return None


def apply_sgr(attr: int, params: str) -> int:
    """Return ``attr`` changed by the SGR parameter string ``params`` (e.g. ``"1;38;5;208"``)."""
    if not params:
        return attr & PROTECTED
    tokens = params.split(";", MAX_SGR_PARAMS)
    del tokens[MAX_SGR_PARAMS:]  # xterm keeps the first 32 parameters; an endless list costs nothing
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        i += 1
        if ":" in tok:
            sub = [_int(t) for t in tok.split(":")]
            colour: int | None
            if sub[0] in (38, 48):
                colour = _colon_colour(sub)
                if colour is not None:
                    attr = _set_colour(attr, colour, sub[0] == 38)
            elif sub[0] == 4:  # 4:0 is "no underline", 4:1..5 are underline styles
                attr = attr | UNDERLINE if (len(sub) < 2 or sub[1]) else attr & ~UNDERLINE
            continue  # 58 (underline colour) and other colon forms are accepted and ignored
        p = _int(tok)
        if p == 0:
            attr &= PROTECTED
        elif 30 <= p <= 37:
            attr = _set_colour(attr, palette(p - 30), True)
        elif 40 <= p <= 47:
            attr = _set_colour(attr, palette(p - 40), False)
        elif 90 <= p <= 97:
            attr = _set_colour(attr, palette(p - 90 + 8), True)
        elif 100 <= p <= 107:
            attr = _set_colour(attr, palette(p - 100 + 8), False)
        elif p == 39:
            attr &= ~FG_MASK
        elif p == 49:
            attr &= ~BG_MASK
        elif p in (38, 48, 58):
            kind = _int(tokens[i]) if i < n else 0
            colour = None
            if kind == 5:
                colour = palette(_int(tokens[i + 1]) & 255) if i + 1 < n else None
                i += 2
            elif kind == 2:
                if i + 3 < n:
                    colour = rgb(_int(tokens[i + 1]), _int(tokens[i + 2]), _int(tokens[i + 3]))
                i += 4
            else:
                i += 1
            if colour is not None and p != 58:
                attr = _set_colour(attr, colour, p == 38)
        elif p in _SET_FLAG:
            attr |= _SET_FLAG[p]
        elif p in _CLEAR_FLAG:
            attr &= ~_CLEAR_FLAG[p]
    return attr


def _set_colour(attr: int, colour: int, foreground: bool) -> int:
    if foreground:
        return (attr & ~FG_MASK) | (colour << FG_SHIFT)
    return (attr & ~BG_MASK) | (colour << BG_SHIFT)


_FLAG_SGR = ((BOLD, 1), (DIM, 2), (ITALIC, 3), (UNDERLINE, 4), (BLINK, 5), (INVERSE, 7), (HIDDEN, 8), (STRIKE, 9))


def _colour_sgr(value: int, foreground: bool) -> str:
    base = 30 if foreground else 40
    if value & TRUECOLOR:
        return f"{base + 8};2;{(value >> 16) & 255};{(value >> 8) & 255};{value & 255}"
    index = value - 1
    if index < 8:
        return str(base + index)
    if index < 16:
        return str(base + 60 + index - 8)
    return f"{base + 8};5;{index}"


def sgr_params(attr: int) -> str:
    """``attr`` as SGR parameters that recreate it from the default, ``0`` first (xterm's DECRQSS form)."""
    out = ["0"]
    out.extend(str(code) for bit, code in _FLAG_SGR if attr & bit)
    if fg(attr):
        out.append(_colour_sgr(fg(attr), True))
    if bg(attr):
        out.append(_colour_sgr(bg(attr), False))
    return ";".join(out)
