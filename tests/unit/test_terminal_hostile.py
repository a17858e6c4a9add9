"""No byte stream can freeze the terminal: hostile output costs work in proportion to its size.

Work is measured, not timed: every Python-level call (and builtin call) made while parsing is
counted with ``sys.setprofile``, and a parse that goes over its budget is stopped at once. The
budget is WORK_PER_BYTE events per input byte on an 80x24 screen; a plain newline flood, where
every byte scrolls a line into history, needs about 20. Work that happens inside one C call
(a regex scan, a normalisation) is bounded by the sizes checked in the tests below.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal.screen import MAX_COMBINING, MAX_STRING
from tests.benchmarks.bench_terminal import hostile_streams

WORK_PER_BYTE = 24
SIZE = 16384  # each hostile stream is parsed in 16 KiB: the budget is per byte, as a 64 KiB read's is


class OverBudget(AssertionError):
    pass


def _work(fn: Callable[[], None], budget: int) -> int:
    """Run ``fn`` and return the profile events it caused; stop it once it passes ``budget``."""
    count = 0

    def profile(_frame: object, _event: str, _arg: object) -> None:
        nonlocal count
        count += 1
        if count > budget:
            raise OverBudget(f"more than {budget} interpreter events")

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count


def _screen(cols: int = 80, rows: int = 24) -> TerminalScreen:
    screen = TerminalScreen(cols, rows, scrollback=10000)
    screen.on_reply = lambda _data: None
    screen.feed(b"prompt$ ls\r\nfile\r\n$ ")
    return screen


def _held(screen: TerminalScreen) -> int:
    """Characters the screen holds between reads (a cut sequence, an open OSC body)."""
    return len(screen._pending) + sum(map(len, screen._string_parts or []))


def _recovers(screen: TerminalScreen) -> None:
    """After the stream ends (BEL/ST close a string, RIS resets), the screen works as before."""
    screen.feed(b"\x07\x1b\\\x1bc\x1b[Hok")
    assert screen.display[0].startswith("ok")
    assert screen.cursor == (0, 2)


@pytest.mark.parametrize("name", list(hostile_streams(SIZE)))
def test_hostile_stream_costs_work_in_proportion_to_its_size(name: str) -> None:
    data = hostile_streams(SIZE)[name]
    screen = _screen()
    _work(lambda: screen.feed(data), WORK_PER_BYTE * len(data))
    assert len(screen.display) == 24 and all(len(row) <= 80 * (1 + MAX_COMBINING) for row in screen.display)
    assert _held(screen) <= MAX_STRING
    _recovers(screen)


# Each counted sequence with a count of a billion, and with a 5000-digit count: where xterm ends.
# The screen is 10x5 with the cursor at row 2, column 4 (zero-based).
HUGE = [
    (b"I", (2, 9)),  # CHT
    (b"Z", (2, 0)),  # CBT
    (b"A", (0, 4)),  # CUU
    (b"B", (4, 4)),  # CUD
    (b"C", (2, 9)),  # CUF
    (b"D", (2, 0)),  # CUB
    (b"E", (4, 0)),  # CNL
    (b"F", (0, 0)),  # CPL
    (b"G", (2, 9)),  # CHA
    (b"`", (2, 9)),  # HPA
    (b"a", (2, 9)),  # HPR
    (b"d", (4, 4)),  # VPA
    (b"e", (4, 4)),  # VPR
    (b"@", (2, 4)),  # ICH
    (b"P", (2, 4)),  # DCH
    (b"X", (2, 4)),  # ECH
    (b"L", (2, 0)),  # IL
    (b"M", (2, 0)),  # DL
    (b"S", (2, 4)),  # SU
    (b"T", (2, 4)),  # SD
]


@pytest.mark.parametrize("digits", [b"999999999", b"9" * 5000], ids=["billion", "5000-digits"])
@pytest.mark.parametrize(("final", "cursor"), HUGE, ids=[f.decode() for f, _ in HUGE])
def test_huge_counts_are_clamped_before_any_loop(final: bytes, cursor: tuple[int, int], digits: bytes) -> None:
    screen = TerminalScreen(10, 5)
    screen.feed(b"\x1b[3;5H")
    _work(lambda: screen.feed(b"\x1b[" + digits + final), 2000)
    assert screen.cursor == cursor


@pytest.mark.parametrize("region", [b"", b"\x1b[2;3r\x1b[2;1H"], ids=["screen", "region"])
def test_huge_rep_shows_what_the_full_count_shows(region: bytes) -> None:
    exact = TerminalScreen(7, 4)
    exact.feed(region + b"\x1b[44mab" + b"b" * 65535)  # a parameter means at most 65535, as in xterm
    screen = TerminalScreen(7, 4)
    screen.feed(region + b"\x1b[44mab")
    _work(lambda: screen.feed(b"\x1b[999999999b"), 2000)
    assert screen.display == exact.display
    assert screen.cursor == exact.cursor
    assert [line.attrs for line in screen.lines()] == [line.attrs for line in exact.lines()]


def test_parameters_past_the_32nd_are_ignored() -> None:
    screen = TerminalScreen(10, 2)
    _work(lambda: screen.feed(b"\x1b[?" + b"1000;" * 40 + b"25l"), 2000)
    assert screen.cursor_visible  # the 41st parameter was not read
    screen.feed(b"\x1b[" + b"0;" * 40 + b"1mX")
    assert screen.lines()[0].attrs[0] == 0  # nor the 41st SGR parameter (bold)
    _work(lambda: screen.feed(b"\x1b[?" + b"1;" * 30000 + b"25l"), 2000)


def test_parameter_list_cut_by_reads_is_held_small() -> None:
    screen = TerminalScreen(20, 2)
    data = b"\x1b[" + b"1;" * 5000 + b"4mX"
    for i in range(len(data)):
        screen.feed(data[i : i + 1])
        assert _held(screen) <= 2048
    assert screen.lines()[0].chars[0] == "X"


def test_unterminated_osc_is_capped_and_dropped() -> None:
    screen = TerminalScreen(20, 3)
    screen.feed(b"\x1b]0;title\x07")
    body = b"a" * 4096
    screen.feed(b"\x1b]0;")
    for _ in range(256):  # 1 MiB of title that never ends
        screen.feed(body)
        assert _held(screen) <= MAX_STRING
    screen.feed(b"\x07after")
    assert screen.title == "title"  # longer than xterm's 64 KiB limit: dropped whole
    assert screen.display[0].rstrip() == "after"  # and nothing of it was drawn
    data = b"\x1b]2;" + b"t" * 30000 + b"\x1b\\ok"  # a long title cut into many reads still arrives
    for i in range(0, len(data), 7):
        screen.feed(data[i : i + 7])
    assert screen.title == "t" * 30000
    assert screen.display[0].rstrip() == "afterok"


@pytest.mark.parametrize("mark", ["\u0301", "\u200d", "\ufe0f"], ids=["acute", "zwj", "vs16"])
def test_marks_on_one_cell_are_capped(mark: str) -> None:
    screen = TerminalScreen(10, 2)
    _work(lambda: screen.feed(("e" + mark * 4000 + "x").encode()), 40_000)
    first = screen.lines()[0].chars[0]
    assert first[0] in "eé"
    assert len(first) <= 1 + MAX_COMBINING
    assert screen.lines()[0].chars[1] == "x"
    assert screen.cursor == (0, 2)
    screen.feed("\r\ne\u0302\u0301 a\u030a".encode())  # a run of marks is still composed (NFC)
    assert screen.display[1].startswith("ế å")


_PIECES = [
    b"\x1b[", b"\x1b]", b"\x1bP", b"\x1b", b"\x1b\\", b"\x07", b";", b"9" * 12, b"?", b"1049", b"h", b"l",
    b"I", b"Z", b"b", b"L", b"S", b"#8", b"(0", b"7", b"8", b"\r\n", b"x", "\u0301".encode(), "中".encode(),
    b"\xff", b"\xe4\xb8", b"\x1b[999999999I", b"\x1b[65535Z", b"\x1b[65535b", b"\x1b]0;",
]  # fmt: skip


@settings(
    max_examples=60,
    deadline=timedelta(seconds=5),
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    parts=st.lists(st.one_of(st.sampled_from(_PIECES), st.binary(max_size=64)), max_size=120),
    chunk=st.integers(1, 300),
    cols=st.integers(1, 40),
    rows=st.integers(1, 12),
)
def test_random_bytes_cost_little_and_leave_a_sound_screen(
    parts: list[bytes], chunk: int, cols: int, rows: int
) -> None:
    data = b"".join(parts)
    screen = TerminalScreen(cols, rows, scrollback=50)
    screen.on_reply = lambda _data: None

    def feed() -> None:
        for i in range(0, len(data), chunk):
            screen.feed(data[i : i + chunk])

    # Budget: per byte as above, plus per read and a whole-screen operation's worth per byte.
    _work(feed, WORK_PER_BYTE * len(data) * max(1, rows // 8) + 400 * (len(data) // chunk + 1))
    assert len(screen.display) == rows
    row, col = screen.cursor
    assert 0 <= row < rows and 0 <= col <= cols
    assert all(len(line.chars) == cols and len(line.attrs) == cols for line in screen.lines())
    assert _held(screen) <= MAX_STRING
