"""Painting terminal lines: the xterm palette, attribute → colour, run-by-run drawing."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from gpudesk.core.terminal import attrs as A
from gpudesk.core.terminal.cells import Line, char_width
from gpudesk.ui.qt import QtCore, QtGui

_BASE16 = [
    (0x00, 0x00, 0x00), (0xCD, 0x31, 0x31), (0x0D, 0xBC, 0x79), (0xE5, 0xE5, 0x10),
    (0x24, 0x72, 0xC8), (0xBC, 0x3F, 0xBC), (0x11, 0xA8, 0xCD), (0xE5, 0xE5, 0xE5),
    (0x66, 0x66, 0x66), (0xF1, 0x4C, 0x4C), (0x23, 0xD1, 0x8B), (0xF5, 0xF5, 0x43),
    (0x3B, 0x8E, 0xEA), (0xD6, 0x70, 0xD6), (0x29, 0xB8, 0xDB), (0xFF, 0xFF, 0xFF),
]  # fmt: skip


def xterm_palette() -> list[QtGui.QColor]:
    """The 256 xterm colours: 16 base, the 6×6×6 cube, 24 greys."""
    out = [QtGui.QColor(*rgb) for rgb in _BASE16]
    steps = [0, 95, 135, 175, 215, 255]
    for r in steps:
        for g in steps:
            for b in steps:
                out.append(QtGui.QColor(r, g, b))
    for i in range(24):
        v = 8 + i * 10
        out.append(QtGui.QColor(v, v, v))
    return out


@dataclass
class Theme:
    foreground: QtGui.QColor = field(default_factory=lambda: QtGui.QColor(0xD4, 0xD4, 0xD4))
    background: QtGui.QColor = field(default_factory=lambda: QtGui.QColor(0x1E, 0x1E, 0x1E))
    cursor: QtGui.QColor = field(default_factory=lambda: QtGui.QColor(0xAE, 0xAF, 0xAD))
    selection: QtGui.QColor = field(default_factory=lambda: QtGui.QColor(0x26, 0x4F, 0x78))
    match: QtGui.QColor = field(default_factory=lambda: QtGui.QColor(0xB5, 0x89, 0x00))
    palette: list[QtGui.QColor] = field(default_factory=xterm_palette)

    def colour(self, value: int, default: QtGui.QColor) -> QtGui.QColor:
        if value == 0:
            return default
        if value & A.TRUECOLOR:
            return QtGui.QColor((value >> 16) & 255, (value >> 8) & 255, value & 255)
        return self.palette[(value - 1) & 255]

    def colours(self, attr: int, reverse_video: bool = False) -> tuple[QtGui.QColor, QtGui.QColor]:
        """(foreground, background) of a cell with ``attr``."""
        fg_value = A.fg(attr)
        flags = attr & A.FLAGS_MASK
        if flags & A.BOLD and 1 <= fg_value <= 8:
            fg_value += 8  # bold brightens the 8 base colours, as xterm does
        fg = self.colour(fg_value, self.foreground)
        bg = self.colour(A.bg(attr), self.background)
        if bool(flags & A.INVERSE) != reverse_video:
            fg, bg = bg, fg
        if flags & A.DIM:
            fg = QtGui.QColor(fg)
            fg.setAlpha(150)
        if flags & A.HIDDEN:
            fg = bg
        return fg, bg


class LinePainter:
    """Draws lines of cells with one font and a fixed cell size."""

    def __init__(self, font: QtGui.QFont, theme: Theme) -> None:
        self.theme = theme
        self.set_font(font)

    def set_font(self, font: QtGui.QFont) -> None:
        self.font = QtGui.QFont(font)
        self.font.setStyleHint(QtGui.QFont.StyleHint.TypeWriter)
        self.font.setKerning(False)
        metrics = QtGui.QFontMetricsF(self.font)
        self.cell_w = max(1.0, metrics.horizontalAdvance("M"))
        self.cell_h = max(1.0, float(round(metrics.height())))
        self.ascent = metrics.ascent()
        self._metrics = metrics
        self._fonts: dict[int, QtGui.QFont] = {}
        self._kinds: dict[str, float] = {}
        self._spaced_fonts: dict[tuple[str, float], QtGui.QFont] = {}

    def _font_for(self, flags: int) -> QtGui.QFont:
        key = flags & (A.BOLD | A.ITALIC | A.UNDERLINE | A.STRIKE)
        font = self._fonts.get(key)
        if font is None:
            font = QtGui.QFont(self.font)
            font.setBold(bool(key & A.BOLD))
            font.setItalic(bool(key & A.ITALIC))
            font.setUnderline(bool(key & A.UNDERLINE))
            font.setStrikeOut(bool(key & A.STRIKE))
            self._fonts[key] = font
        return font

    def _kind(self, ch: str) -> float:
        """How ``ch`` can join a run: 0 (its advance is one cell), the extra spacing a wide
        character needs to fill two cells, or -1 (draw it on its own)."""
        kind = self._kinds.get(ch)
        if kind is None:
            advance = self._metrics.horizontalAdvance(ch)
            if abs(advance - self.cell_w) < 0.05:
                kind = 0.0
            elif char_width(ch[0]) == 2 and 0 < advance <= 2 * self.cell_w:
                kind = 2 * self.cell_w - advance
            else:
                kind = -1.0
            self._kinds[ch] = kind
        return kind

    def _spaced(self, font: QtGui.QFont, spacing: float) -> QtGui.QFont:
        key = (font.key(), spacing)
        spaced = self._spaced_fonts.get(key)
        if spaced is None:
            spaced = QtGui.QFont(font)
            spaced.setLetterSpacing(QtGui.QFont.SpacingType.AbsoluteSpacing, spacing)
            self._spaced_fonts[key] = spaced
        return spaced

    def _draw_mixed(self, p: QtGui.QPainter, font: QtGui.QFont, chars: list[str], i: int, j: int, baseline: float) -> None:
        """Draw cells [i, j) in segments of equal kind, so wide and fallback glyphs stay on their cells."""
        cw = self.cell_w
        start, kind = i, None
        buf: list[str] = []

        def flush() -> None:
            if not buf:
                return
            if kind == -1.0:
                p.setFont(font)
                p.drawText(QtCore.QPointF(start * cw, baseline), buf[0])
            else:
                p.setFont(self._spaced(font, kind) if kind else font)
                p.drawText(QtCore.QPointF(start * cw, baseline), "".join(buf))

        for k in range(i, j):
            c = chars[k]
            if not c:
                continue  # the right half of a wide character
            k_kind = self._kind(c)
            if k_kind != kind or k_kind == -1.0:
                flush()
                start, kind, buf = k, k_kind, []
            buf.append(c)
        flush()

    def paint(
        self,
        p: QtGui.QPainter,
        y: float,
        line: Line,
        cols: int,
        reverse_video: bool = False,
        highlights: list[tuple[int, int, QtGui.QColor]] | None = None,
    ) -> None:
        """Paint ``line`` at pixel row ``y``; ``highlights`` are (start, end, colour) cell ranges."""
        cw, ch = self.cell_w, self.cell_h
        chars, attrs = line.chars, line.attrs
        n = min(cols, len(chars))
        theme = self.theme
        default_bg = theme.foreground if reverse_video else theme.background
        p.fillRect(QtCore.QRectF(0, y, cols * cw + cw, ch), default_bg)
        baseline = y + self.ascent
        i = 0
        for attr, group in groupby(attrs[:n]):
            j = i + len(list(group))
            fg, bg = theme.colours(attr, reverse_video) if attr else (theme.foreground, default_bg)
            if reverse_video and not attr:
                fg, bg = theme.background, theme.foreground
            if bg != default_bg:
                p.fillRect(QtCore.QRectF(i * cw, y, (j - i) * cw, ch), bg)
            if highlights:
                for start, end, colour in highlights:
                    lo, hi = max(start, i), min(end, j)
                    if lo < hi:
                        p.fillRect(QtCore.QRectF(lo * cw, y, (hi - lo) * cw, ch), colour)
            text = "".join(chars[i:j])
            if text.strip():
                p.setPen(fg)
                font = self._font_for(attr)
                if text.isascii() or {self._kind(c) for c in set(text)} == {0.0}:
                    p.setFont(font)
                    p.drawText(QtCore.QPointF(i * cw, baseline), text)
                else:
                    self._draw_mixed(p, font, chars, i, j, baseline)
            i = j
