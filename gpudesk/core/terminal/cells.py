"""Cells and lines of the terminal screen, and character widths."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from wcwidth import wcwidth

# DEC special graphics (ESC ( 0): the line-drawing set some curses programs still use. It covers
# 0x5f-0x7e as xterm's table does; 0x5f ("_") is a blank.
DEC_GRAPHICS = str.maketrans(
    dict(
        zip(
            "_`abcdefghijklmnopqrstuvwxyz{|}~",
            " ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·",
            strict=True,
        )
    )
)

_widths: dict[str, int] = {}


def char_width(ch: str) -> int:
    """Cells taken by ``ch``: 1, 2 (wide/CJK), 0 (combining) or -1 (unprintable)."""
    w = _widths.get(ch)
    if w is None:
        w = wcwidth(ch)
        if len(_widths) < 100_000:
            _widths[ch] = w
    return w


class Line:
    """One row of cells. ``chars[i]`` is the text of cell i ('' for the right half of a wide char)."""

    __slots__ = ("attrs", "chars", "wrapped")

    def __init__(self, chars: list[str], attrs: list[int], wrapped: bool = False) -> None:
        self.chars = chars
        self.attrs = attrs
        self.wrapped = wrapped  # True: the text continues on the next line (autowrap)

    @property
    def text(self) -> str:
        chars: object = self.chars  # a history line's may be one str (see freeze)
        return chars if isinstance(chars, str) else "".join(self.chars)


def freeze(line: Line) -> None:
    """Make ``line`` a history line: it never changes again, so it need not be a list.

    A row of one code point per cell becomes one ``str`` (indexing, slicing, ``len`` and
    ``"".join`` read it as they read the list); other rows become tuples. Neither is tracked by
    the cyclic GC, and a full history of ``str`` rows holds an eighth of the memory.
    """
    chars: object = line.chars
    if type(chars) is list:
        text = "".join(chars)
        line.chars = text if len(text) == len(chars) and "" not in chars else tuple(chars)  # type: ignore[assignment]
    if type(line.attrs) is list:
        line.attrs = tuple(line.attrs)  # type: ignore[assignment]


def blank_line(cols: int, attr: int = 0) -> Line:
    return Line([" "] * cols, [attr] * cols)


def clear_lines(lines: list[Line], cols: int, attr: int = 0) -> None:
    """Blank ``lines`` in place (``cols`` cells of ``attr`` each): cheaper than new lines."""
    chars, attrs = [" "] * cols, [attr] * cols
    for line in lines:
        # Comparing first is cheaper than rewriting: a flood of clears finds them blank.
        if line.chars != chars:
            line.chars[:] = chars
        if line.attrs != attrs:
            line.attrs[:] = attrs
        line.wrapped = False


def fit(line: Line, cols: int) -> None:
    """Pad or cut ``line`` to ``cols`` cells without leaving half a wide character."""
    have = len(line.chars)
    if have < cols:
        line.chars.extend([" "] * (cols - have))
        line.attrs.extend([0] * (cols - have))
    elif have > cols:
        del line.chars[cols:]
        del line.attrs[cols:]
        if cols and char_width(line.chars[cols - 1][:1] or " ") == 2:
            line.chars[cols - 1] = " "


#: A history row: (chars, attrs, wrapped), chars a str (one code point per cell) or a tuple.
Row = tuple[str | tuple[str, ...], tuple[int, ...], bool]


class History:
    """The scrollback: finished rows kept in :attr:`rows` as plain tuples, read as :class:`Line`.

    A tuple of str and int is not tracked by the cyclic GC (a Line is), so a full scrollback
    adds nothing to the collections a flood sets off, and a full one is walked by none of them.
    """

    __slots__ = ("rows",)

    def __init__(self, maxlen: int) -> None:
        self.rows: deque[Row] = deque(maxlen=maxlen)

    @property
    def maxlen(self) -> int | None:
        return self.rows.maxlen

    def append(self, line: Line) -> None:
        freeze(line)
        self.rows.append((line.chars, line.attrs, line.wrapped))  # type: ignore[arg-type]

    def extend(self, lines: Iterable[Line]) -> None:
        for line in lines:
            self.append(line)

    def clear(self) -> None:
        self.rows.clear()

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: int) -> Line:
        chars, attrs, wrapped = self.rows[index]
        return Line(chars, attrs, wrapped)  # type: ignore[arg-type]  # read-only

    def __iter__(self) -> Iterator[Line]:
        for chars, attrs, wrapped in self.rows:
            yield Line(chars, attrs, wrapped)  # type: ignore[arg-type]

    def texts(self) -> list[str]:
        """Each row's text (a wide character once)."""
        return [chars if isinstance(chars, str) else "".join(chars) for chars, _attrs, _wrapped in self.rows]
