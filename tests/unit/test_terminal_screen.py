"""TerminalScreen against pyte (the reference) on generated streams, plus hand-written xterm cases."""

from __future__ import annotations

import pyte
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal import attrs as A

TEXT = ["hello", "wo", "x" * 13, "abc def ", "\r\n", "\n", "\r", "\b", "\t", "\x1b7", "\x1bM", "\x1bD", "\x1b[m", "\x1b[1;31m"]


def _csi(finals: str) -> st.SearchStrategy[str]:
    def build(final: str, a: int, b: int, empty: bool) -> str:
        if final == "H":
            return f"\x1b[{a % 13};{b}H"
        if final in "JK":
            return f"\x1b[{a % 3}{final}"
        return f"\x1b[{'' if empty else a % 10}{final}"

    return st.builds(build, st.sampled_from(finals), st.integers(0, 12), st.integers(0, 30), st.booleans())


def _pyte(cols: int, rows: int, data: bytes) -> tuple[list[str], tuple[int, int]]:
    screen = pyte.Screen(cols, rows)
    pyte.ByteStream(screen).feed(data)
    return screen.display, (screen.cursor.y, screen.cursor.x)


def _ours(cols: int, rows: int, data: bytes, chunk: int | None = None) -> TerminalScreen:
    screen = TerminalScreen(cols, rows, scrollback=100)
    step = chunk or len(data) or 1
    for i in range(0, len(data), step):
        screen.feed(data[i : i + step])
    return screen


# ICH and DCH are drawn apart: pyte keeps a cell pushed past the right edge by ICH and DCH brings it back.
# Cursor-up/down, DECSTBM, DL, NEL and a second DECRC are left to the hand-written tests below: there
# pyte clamps to the margins when the cursor is outside them, which xterm does not.
@pytest.mark.parametrize("finals", ["CDEFGHJKXdL@", "CDEFGHJKXdLP"])
@settings(max_examples=300, deadline=None, database=None)  # no .hypothesis folder in the tree
@given(data=st.data())
def test_matches_pyte_on_generated_streams(finals: str, data: st.DataObject) -> None:
    tokens = data.draw(st.lists(st.one_of(st.sampled_from(TEXT), _csi(finals)), min_size=1, max_size=60))
    cols = data.draw(st.integers(5, 25))
    rows = data.draw(st.integers(2, 8))
    chunk = data.draw(st.integers(1, 7))
    stream = "".join(tokens).encode()
    ours = _ours(cols, rows, stream, chunk)
    assert (ours.display, ours.cursor) == _pyte(cols, rows, stream)


def test_matches_pyte_on_a_coloured_listing_and_progress_bars() -> None:
    from tests.benchmarks.bench_terminal import build_output

    stream = build_output(0.3)
    stream = stream[: stream.rfind(b"\r\n") + 2]
    ours = _ours(100, 30, stream, chunk=4093)  # an odd chunk size splits UTF-8 characters and sequences
    display, cursor = _pyte(100, 30, stream)
    assert ours.display == display
    assert ours.cursor == cursor


def test_utf8_and_escape_sequences_split_anywhere() -> None:
    stream = "中\x1b[31m文\x1b]0;标题\x07é\x1b[1;32mok\x1b[0m\r\n".encode()
    whole = _ours(20, 3, stream)
    for size in range(1, 6):
        assert _ours(20, 3, stream, size).display == whole.display
    assert whole.display[0].rstrip() == "中文éok"
    assert whole.title == "标题"


def test_cjk_takes_two_cells_and_wraps_whole() -> None:
    screen = TerminalScreen(7, 3)
    screen.feed("ab中文字".encode())  # a b 中中 文文 | 字 does not fit in the last cell
    assert screen.display[0] == "ab中文 "
    assert screen.display[1] == "字     "
    assert screen.cursor == (1, 2)
    line = screen.lines()[0]
    assert line.chars[2:4] == ["中", ""]


def test_overwriting_half_a_wide_char_blanks_the_other_half() -> None:
    screen = TerminalScreen(6, 2)
    screen.feed("中文".encode() + b"\x1b[2Gx")  # column 2 is the right half of 中
    assert screen.display[0] == " x文  "


def test_combining_character_joins_the_previous_cell() -> None:
    screen = TerminalScreen(5, 1)
    screen.feed("e\u0301x".encode())
    assert screen.display[0] == "éx   "
    assert screen.cursor == (0, 2)


def test_pending_wrap_and_no_autowrap() -> None:
    screen = TerminalScreen(5, 3)
    screen.feed(b"abcde")
    assert screen.cursor == (0, 5)  # wrap pending, not yet on the next line
    screen.feed(b"\rX")
    assert screen.display[0] == "Xbcde"
    screen.feed(b"\x1b[?7l\x1b[2;1H123456789")
    assert screen.display[1] == "12349"
    assert screen.lines()[0].wrapped is False


def test_scrollback_keeps_finished_lines_and_is_bounded() -> None:
    screen = TerminalScreen(10, 3, scrollback=5)
    screen.feed(b"".join(b"line %d\r\n" % i for i in range(10)))
    assert screen.scrollback == [f"line {i}".ljust(10) for i in range(3, 8)]
    assert [r.rstrip() for r in screen.display] == ["line 8", "line 9", ""]
    screen.feed(b"\x1b[3J")
    assert screen.scrollback == []


def test_scroll_region_scrolls_only_inside() -> None:
    screen = TerminalScreen(10, 5, scrollback=50)
    screen.feed(b"top\r\n\x1b[2;4r\x1b[4;1H" + b"".join(b"\r\nr%d" % i for i in range(4)) + b"\x1b[5;1Hbottom")
    assert [r.rstrip() for r in screen.display] == ["top", "r1", "r2", "r3", "bottom"]
    assert screen.scrollback == []  # lines leaving a region that is not the full screen are dropped
    screen.feed(b"\x1b[2;1H\x1bM")  # reverse index at the region's top inserts a blank line
    assert [r.rstrip() for r in screen.display] == ["top", "", "r1", "r2", "bottom"]
    screen.feed(b"\x1b[1;1H\x1b[A\x1b[5;1H\x1b[B\x1b[r")  # outside the region the cursor is held by the screen
    assert screen.cursor == (0, 0)  # DECSTBM homes the cursor


def test_insert_and_delete_lines_inside_region() -> None:
    screen = TerminalScreen(5, 4)
    screen.feed(b"a\r\nb\r\nc\r\nd\x1b[2;1H\x1b[L")
    assert [r.rstrip() for r in screen.display] == ["a", "", "b", "c"]
    screen.feed(b"\x1b[2M")
    assert [r.rstrip() for r in screen.display] == ["a", "c", "", ""]


def test_vim_like_alternate_screen_round_trip() -> None:
    screen = TerminalScreen(20, 4, scrollback=100)
    screen.feed(b"$ ls\r\nfile1 file2\r\n$ vim")
    before = screen.display
    screen.feed(b"\x1b[?1049h\x1b[H\x1b[2J~\r\n~\r\n\x1b[4;1H\"x.py\" 0L\x1b[1;1Hhi")
    assert screen.alt_screen
    assert screen.display[0].rstrip() == "hi"
    screen.feed(b"\r\n" * 10)  # scrolling on the alternate screen never reaches history
    assert screen.scrollback == []
    screen.feed(b"\x1b[?1049l")
    assert not screen.alt_screen
    assert screen.display == before
    assert screen.cursor == (2, 5)


def test_erase_keeps_background_colour() -> None:
    screen = TerminalScreen(4, 2)
    screen.feed(b"\x1b[44m\x1b[2J")
    assert A.bg(screen.lines()[1].attrs[3]) == A.palette(4)


def test_sgr_colours_and_flags() -> None:
    screen = TerminalScreen(10, 1)
    screen.feed(b"\x1b[1;3;4;7;38;5;208;48;2;1;2;3mX\x1b[22;23;24;27;39;49mY\x1b[38:2::9:8:7mZ\x1b[95;101mW\x1b[0mV")
    x, y, z, w, v = screen.lines()[0].attrs[:5]
    assert A.flags(x) == A.BOLD | A.ITALIC | A.UNDERLINE | A.INVERSE
    assert A.fg(x) == A.palette(208) and A.bg(x) == A.rgb(1, 2, 3)
    assert y == A.DEFAULT
    assert A.fg(z) == A.rgb(9, 8, 7)
    assert A.fg(w) == A.palette(13) and A.bg(w) == A.palette(9)
    assert v == A.DEFAULT


def test_modes_title_cwd_and_replies() -> None:
    screen = TerminalScreen(10, 3)
    replies: list[bytes] = []
    screen.on_reply = replies.append
    screen.feed(b"\x1b[?1h\x1b[?2004h\x1b[?1002h\x1b[?1006h\x1b[?25l\x1b[5 q\x1b]2;train\x07\x1b]7;file://host/home/u/my%20dir\x1b\\")
    assert (screen.app_cursor, screen.bracketed_paste, screen.mouse_mode, screen.mouse_sgr) == (True, True, 1002, True)
    assert not screen.cursor_visible and screen.cursor_style == 5
    assert screen.title == "train" and screen.cwd == "/home/u/my dir"
    screen.feed(b"ab\x1b[6n\x1b[c")
    assert replies == [b"\x1b[1;3R", b"\x1b[?62;22c"]
    screen.feed(b"\x1b[?1l\x1b[?2004l\x1b[?1002l")
    assert (screen.app_cursor, screen.bracketed_paste, screen.mouse_mode) == (False, False, 0)


def test_line_drawing_charset() -> None:
    screen = TerminalScreen(6, 1)
    screen.feed(b"\x1b(0lqk\x1b(Bx")
    assert screen.display[0] == "┌─┐x  "


def test_save_restore_cursor_is_a_single_slot() -> None:
    screen = TerminalScreen(10, 4)
    screen.feed(b"\x1b[2;3H\x1b7\x1b[4;4H\x1b8X\x1b[1;1H\x1b8Y")
    assert screen.display[1] == "  Y       "  # the second DECRC went back to the same place
    assert screen.cursor == (1, 3)


def test_resize_keeps_cursor_line_and_pushes_top_to_history() -> None:
    screen = TerminalScreen(10, 6, scrollback=100)
    screen.feed(b"a\r\nb\r\nc\r\nd\r\ne\r\n$ ")
    screen.resize(8, 3)
    assert [r.rstrip() for r in screen.display] == ["d", "e", "$"]
    assert screen.cursor == (2, 2)
    assert [r.rstrip() for r in screen.scrollback] == ["a", "b", "c"]
    screen.resize(12, 5)
    assert len(screen.display) == 5 and all(len(r) == 12 for r in screen.display)
    screen2 = TerminalScreen(10, 6)
    screen2.feed(b"x\r\n$ ")
    screen2.resize(10, 3)  # enough room: the blank bottom lines go, the text stays
    assert [r.rstrip() for r in screen2.display] == ["x", "$", ""]


def test_tqdm_style_carriage_return_redraws_one_line() -> None:
    screen = TerminalScreen(30, 2)
    for pct in range(0, 101, 10):
        screen.feed(f"\r{pct:3d}%|{'#' * (pct // 10):10}|".encode())
    assert screen.display[0].rstrip() == "100%|##########|"
    assert screen.cursor == (0, 16)


def test_dirty_tracking() -> None:
    screen = TerminalScreen(10, 4)
    assert screen.take_dirty() is None  # a new screen is painted whole
    screen.feed(b"\x1b[3;1Hx")
    assert screen.take_dirty() == {2}
    screen.feed(b"\r\n\r\n")
    assert screen.take_dirty() is None  # a scroll repaints everything
