"""Text selection over history + screen lines, in absolute line numbers (Qt-free logic)."""

from __future__ import annotations

from collections.abc import Callable

from gpudesk.core.terminal.cells import Line

_WORD = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./~:@%+=")


class Selection:
    """A stream selection from an anchor cell to a head cell (end exclusive)."""

    def __init__(self) -> None:
        self.anchor: tuple[int, int] | None = None
        self.head: tuple[int, int] | None = None
        self.active = False

    def start(self, line: int, col: int) -> None:
        self.anchor = self.head = (line, col)
        self.active = True

    def extend(self, line: int, col: int) -> None:
        if self.anchor is not None:
            self.head = (line, col)

    def finish(self) -> None:
        self.active = False

    def clear(self) -> None:
        self.anchor = self.head = None
        self.active = False

    def select_word(self, index: int, col: int, line: Line) -> None:
        chars = line.chars
        if col >= len(chars) or chars[col] not in _WORD and not (chars[col] and ord(chars[col][0]) > 0x2E7F):
            self.anchor, self.head = (index, col), (index, col + 1)
            return

        def is_word(c: str) -> bool:
            return c == "" or c in _WORD or (bool(c) and ord(c[0]) > 0x2E7F)

        lo = col
        while lo > 0 and is_word(chars[lo - 1]):
            lo -= 1
        hi = col
        while hi < len(chars) and is_word(chars[hi]):
            hi += 1
        self.anchor, self.head = (index, lo), (index, hi)

    def bounds(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        if self.anchor is None or self.head is None or self.anchor == self.head:
            return None
        a, b = sorted((self.anchor, self.head))
        return a, b

    def span(self, index: int, width: int) -> tuple[int, int] | None:
        """The selected cells of line ``index`` as (start, end), or None."""
        b = self.bounds()
        if b is None:
            return None
        (l0, c0), (l1, c1) = b
        if not l0 <= index <= l1:
            return None
        start = c0 if index == l0 else 0
        end = c1 if index == l1 else width
        return (start, end) if end > start else None

    def text(self, line_at: Callable[[int], Line | None]) -> str:
        """The selected text; wrapped lines join without a newline, trailing blanks are dropped."""
        b = self.bounds()
        if b is None:
            return ""
        (l0, _), (l1, _) = b
        out: list[str] = []
        for index in range(l0, l1 + 1):
            line = line_at(index)
            if line is None:
                continue
            span = self.span(index, len(line.chars))
            piece = "".join(line.chars[span[0] : span[1]]) if span else ""
            if line.wrapped and index != l1:
                out.append(piece)
            else:
                out.append(piece.rstrip() + ("\n" if index != l1 else ""))
        return "".join(out)
