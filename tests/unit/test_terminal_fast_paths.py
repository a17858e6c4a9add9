"""The flood fast paths (CR-redrawn progress bars, runs of whole lines) leave exactly what the general parser leaves."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wcwidth import wcwidth

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal import screen as screen_module
from tests.benchmarks.bench_terminal import build_output


class GeneralOnly(TerminalScreen):
    """The same screen with the bulk paths declined, so every byte takes the general parser."""

    def _fast(self, block: str) -> bool:
        return False


def _state(screen: TerminalScreen) -> tuple[object, ...]:
    return (
        screen.display,
        screen.cursor,
        screen.attr,
        screen.scrolled,
        [(line.chars, line.attrs, line.wrapped) for line in screen.buffer],
        [(tuple(line.chars), line.attrs, line.wrapped) for line in screen.history],
    )


def _both(
    data: bytes, cols: int, rows: int, scrollback: int, chunk: int
) -> tuple[tuple[object, ...], tuple[object, ...]]:
    out = []
    for cls in (TerminalScreen, GeneralOnly):
        screen = cls(cols, rows, scrollback=scrollback)
        screen.on_reply = lambda _data: None
        for i in range(0, len(data), chunk):
            screen.feed(data[i : i + chunk])
            # The screen's rows stay writable; history keeps str or tuples (not tracked by the GC).
            assert all(type(line.chars) is list and type(line.attrs) is list for line in screen.buffer)
        for line in screen.history:
            assert type(line.attrs) is tuple and len(line.attrs) == len(line.chars)
            assert type(line.chars) is tuple or (type(line.chars) is str and line.chars.isprintable())
        out.append(_state(screen))
    return out[0], out[1]


def test_character_classes_match_wcwidth() -> None:
    """Every character the bulk paths accept has the width they assume."""
    narrow, wide = re.compile(screen_module._NARROW), re.compile(screen_module._WIDE)
    for code in range(0x20, 0x10000):
        ch = chr(code)
        if narrow.fullmatch(ch):
            assert wcwidth(ch) == 1, hex(code)
        if wide.fullmatch(ch):
            assert wcwidth(ch) == 2, hex(code)


@pytest.mark.parametrize(("cols", "rows"), [(120, 40), (80, 24), (37, 9)])
def test_training_log_mix_matches_the_general_parser(cols: int, rows: int) -> None:
    fast, general = _both(build_output(0.6), cols, rows, 500, 65536)
    assert fast == general


def test_the_mix_through_a_pty_takes_the_bulk_path_and_matches_the_general_parser() -> None:
    """``cat`` of a log saved with CR LF: the pty's ONLCR makes every line end in CR CR LF."""
    data = build_output(0.6).replace(b"\n", b"\r\n")
    fast, general = _both(data, 120, 40, 500, 16384)
    assert fast == general
    calls = []

    class Counting(TerminalScreen):
        def _plain_lines(self, texts: list[str]) -> None:
            calls.append(len(texts))
            super()._plain_lines(texts)

    screen = Counting(120, 40, scrollback=500)
    screen.feed(data)
    lines = data.count(b"\n")
    assert sum(calls) > lines * 0.8  # most lines went through the bulk path


_PIECES = [
    "\r", "\n", "\r\n", "\r\n", "\r\n", "ab", "hello world", "x" * 30, "█" * 5, "训练", "é", "e\u0301", "\x1b[31m",
    "\x1b[0m", "\x1b[44m", "\x1b[1;42m", "\x1b[m", "\x1b[7m", "\x1b[2J", "\x1b[H", "\x1b[5;10H", "\x1b[?1049h",
    "\x1b[?1049l", "\x1b[4h", "\x1b[4l", "\x1b(0", "\x1b(B", "\x1b[?7l", "\x1b[?7h", "\x1b[3;8r", "\x1b[r", "\t",
    "\b", "\x1b[K", "\x1b[2@", "\x1b[?6h", "\x1b[?6l", "\x1bD", "\x1bM", "\x1b[20h", "\x1b[20l",
    "line text\r\n", "ab\x1b[45mcd\x1b[0m\r\n", "a训练b\r\n", "训\x1b[42m练训练\r\n", "训练训练训练训\r\n",
    "\x1b[45m训a\r\n", "\x1b[41m\r\n", "\rprog 12%|██  |", "\rprog 7%|█   |\r", "\rp 100%|████|",
    "\r\r\n", "ab\r\r\n", "x y\x1b[33mz\r\r\n", "\r\r", "\r\r\r\n",
]  # fmt: skip


@settings(max_examples=300, deadline=None, database=None)
@given(
    parts=st.lists(st.sampled_from(_PIECES), max_size=80),
    size=st.sampled_from([(10, 4, 5), (20, 5, 0), (8, 3, 100), (40, 10, 3), (5, 2, 1), (1, 3, 4), (2, 2, 2)]),
    chunk=st.sampled_from([1, 3, 7, 64, 100000]),
)
def test_random_streams_match_the_general_parser(parts: list[str], size: tuple[int, int, int], chunk: int) -> None:
    fast, general = _both("".join(parts).encode(), *size, chunk)
    assert fast == general
