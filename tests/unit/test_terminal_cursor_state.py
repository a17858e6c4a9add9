"""VT220-level cursor state, as xterm keeps it: DECSC/DECRC, G0-G3 with locking and single shifts,
reverse wraparound (modes 45 and 1045), and protected cells with selective erase (DECSCA,
DECSED, DECSEL).

The reference is xterm's source (cursor.c: CursorSave2/CursorRestoreFlags and CursorBack;
charproc.c: ReallyReset, DECSCA, do_erase_display/do_erase_line) and its ctlseqs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal import attrs as A


def _screen(cols: int = 10, rows: int = 5) -> tuple[TerminalScreen, list[bytes]]:
    screen = TerminalScreen(cols, rows)
    out: list[bytes] = []
    screen.on_reply = out.append
    return screen, out


def _ask(screen: TerminalScreen, out: list[bytes], query: bytes) -> bytes:
    out.clear()
    screen.feed(query)
    assert len(out) == 1, out
    return out[0]


def _cell(screen: TerminalScreen, row: int, col: int) -> tuple[str, int]:
    line = screen.lines()[row]
    return line.chars[col], line.attrs[col]


def _work(fn: Callable[[], None]) -> int:
    """Interpreter events (Python and builtin calls) ``fn`` causes: work, not time."""
    count = 0

    def profile(_frame: object, _event: str, _arg: object) -> None:
        nonlocal count
        count += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count


# -- 1. DECSC / DECRC save the whole cursor state ----------------------------------------------


def test_decsc_saves_position_rendition_origin_charsets_shifts_and_protection() -> None:
    screen, out = _screen(10, 6)
    screen.feed(b"\x1b[2;5r\x1b[?6h\x1b[2;3H")  # margins rows 2-5, origin mode: row 3, column 3
    screen.feed(b'\x1b[1;31m\x1b[1"q')  # bold red, protected
    screen.feed(b"\x1b(0\x1b*A\x1b+0\x1bn")  # G0 graphics, G2 UK, G3 graphics, GL = G2 (LS2)
    screen.feed(b"\x1b7")
    # Change every part of it.
    screen.feed(b'\x1b[0m\x1b[0"q\x1b(B\x1b*B\x1b+B\x1bo\x1b[?6l\x1b[5;9H')
    screen.feed(b"\x1b8#q")
    assert _cell(screen, 2, 2) == ("£", A.BOLD | A.make(fg_value=A.palette(1)) | A.PROTECTED)
    assert _cell(screen, 2, 3)[0] == "q"  # the UK set only changes '#'
    assert screen.origin is True
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r1"q\x1b\\'
    screen.feed(b"\x1b[H\x0fq\x1bo#")  # home is the top margin again; SI: G0 (graphics); LS3: G3
    assert screen.display[1][:2] == "─#"
    assert screen.cursor == (1, 2)


def test_decrc_keeps_autowrap_as_xterm_and_dec_terminals_do() -> None:
    # xterm's DECSC_FLAGS are ATTRIBUTES|ORIGIN|PROTECTED: DECAWM is not part of the saved state
    # (cursor.c cites the VT420 manual as wrong here, after wraptest on real DEC terminals).
    screen, out = _screen()
    screen.feed(b"\x1b7\x1b[?7l\x1b8")
    assert _ask(screen, out, b"\x1b[?7$p") == b"\x1b[?7;2$y"
    screen.feed(b"\x1b[?7h\x1b7\x1b[?7l\x1b[?7h\x1b8")
    assert _ask(screen, out, b"\x1b[?7$p") == b"\x1b[?7;1$y"


def test_single_shift_is_saved_and_restored_with_the_cursor() -> None:
    # The VT220/VT420/VT510 manuals list "any single shift 2 or 3 sent" in DECSC's state.
    screen, _ = _screen()
    screen.feed(b"\x1b*0\x1bN\x1b7")  # G2 = graphics; SS2 pending when saved
    screen.feed(b"x")  # SS2 uses it up
    screen.feed(b"\x1b8xx")  # restored: pending again
    assert screen.display[0][:2] == "│x"
    assert screen.cursor == (0, 2)


def test_decrc_without_decsc_homes_and_resets_to_defaults() -> None:
    screen, out = _screen(10, 6)
    screen.feed(b'\x1b[2;5r\x1b[?6h\x1b[3;4H\x1b[1;4;32m\x1b[1"q\x1b(0\x1b*0\x1bN\x1b)0\x0e')
    screen.feed(b"\x1b8")
    assert screen.cursor == (0, 0)  # home of the screen: origin mode is off
    assert screen.origin is False
    assert screen.attr == A.DEFAULT
    screen.feed(b"qq")  # G0..G3 are ASCII again, GL is G0, no single shift
    assert screen.display[0][:2] == "qq"
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r0"q\x1b\\'


def test_alternate_screen_modes_save_the_same_state() -> None:
    screen, out = _screen()
    screen.feed(b'\x1b[3;4H\x1b*0\x1bn\x1b[1"q\x1b[?1049h')
    screen.feed(b'\x1b*B\x1bo\x1b[0"q\x1b[H')
    screen.feed(b"\x1b[?1049l")
    assert screen.cursor == (2, 3)
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r1"q\x1b\\'
    screen.feed(b'q\x1b[0"q\x1b[?1048h\x1b+0\x1bo\x1b[?1048lq')
    assert screen.display[2][3:5] == "──"  # GL back to G2 (graphics) after each restore


def test_soft_reset_resets_the_state_and_the_saved_cursor() -> None:
    screen, out = _screen(10, 6)
    screen.feed(b'\x1b[3;4H\x1b*0\x1b+0\x1bn\x1b[1"q\x1b[?45h\x1b[?1045h\x1b[1m\x1b7\x1b[4;6H\x1bO')
    screen.feed(b"\x1b[!p")
    assert _ask(screen, out, b"\x1b[?45$p") == b"\x1b[?45;2$y"
    assert _ask(screen, out, b"\x1b[?1045$p") == b"\x1b[?1045;2$y"
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r0"q\x1b\\'
    screen.feed(b"q")  # GL is G0 again and the SS3 is gone
    assert screen.display[3][5] == "q"
    screen.feed(b"\x1b8")  # xterm saves the reset state at home
    assert screen.cursor == (0, 0)
    assert screen.attr == A.DEFAULT
    screen.feed(b"\x1bnq")  # G2 was reset to ASCII too
    assert screen.display[0][0] == "q"


def test_full_reset_clears_shifts_designations_protection_and_reverse_wrap() -> None:
    screen, out = _screen()
    screen.feed(b'\x1b*0\x1bn\x1b+0\x1bO\x1b[1"q\x1b[?45h\x1bc')
    assert _ask(screen, out, b"\x1b[?45$p") == b"\x1b[?45;2$y"
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r0"q\x1b\\'
    screen.feed(b"qq\x1bnq")
    assert screen.display[0][:3] == "qqq"


# -- G0-G3, locking and single shifts --------------------------------------------------------


def test_single_shifts_affect_only_the_next_character() -> None:
    screen, _ = _screen(12, 2)
    screen.feed(b"\x1b*0\x1b+A\x1bNqq\x1bO##\x1bNa")
    assert screen.display[0][:5] == "─q£#▒"
    assert screen.cursor == (0, 5)


def test_single_shift_survives_a_read_boundary_and_a_cut_sequence() -> None:
    screen, _ = _screen()
    screen.feed(b"\x1b*0\x1b")  # the SS2 itself is cut by the read
    screen.feed(b"N")
    screen.feed(b"q")  # and the character it shifts comes in the next one
    screen.feed(b"q\x1bN")
    screen.feed(b"x")
    assert screen.display[0][:3] == "─q│"


def test_locking_shifts_invoke_g2_and_g3_into_gl() -> None:
    screen, _ = _screen(12, 2)
    screen.feed(b"\x1b*0\x1b+A\x1bnq#\x1bo#q\x0fq#")
    assert screen.display[0][:6] == "─#£qq#"


def test_unknown_and_non_vt220_designations_select_ascii() -> None:
    # xtermDecodeSCS: a final byte it does not know at this level designates ASCII.
    screen, _ = _screen(12, 2)
    screen.feed(b"\x1b+0\x1boq")  # G3 graphics, GL = G3
    screen.feed(b"\x1b+~q")  # unknown final: G3 is ASCII now
    screen.feed(b"\x1b+0\x1b+%5q")  # DEC supplemental graphic is VT320: ASCII at VT220
    screen.feed(b"\x1b+0\x1b/Aq")  # a 96-character set is VT320 too
    screen.feed(b"\x1b+0\x1b+Kq")  # NRCS (German) needs DECNRCM, which is not offered
    assert screen.display[0][:5] == "─qqqq"


def test_dec_supplemental_set_in_g2() -> None:
    screen, _ = _screen(12, 2)
    screen.feed(b"\x1b*<\x1bNa\x1bN(\x1bNW\x1bN}a")
    assert screen.display[0][:5] == "á¤Œÿa"


def test_repeat_uses_gl_and_leaves_a_single_shift_pending() -> None:
    screen, _ = _screen(12, 2)
    screen.feed(b"\x1b*0a\x1bN\x1b[2bq")  # REP of "a" with GL = ASCII; the SS2 waits for "q"
    assert screen.display[0][:4] == "aaa─"


# -- 2. reverse wraparound (45, 1045) ----------------------------------------------------------


def test_backspace_reverse_wraps_into_a_soft_wrapped_line() -> None:
    screen, _ = _screen(10, 4)
    screen.feed(b"\x1b[?45h0123456789ab")  # row 0 wrapped into row 1
    screen.feed(b"\b\b\b")
    assert screen.cursor == (0, 9)
    screen.feed(b"X")
    assert screen.display[0] == "012345678X"


def test_reverse_wrap_stops_at_a_hard_line_break_and_at_the_top() -> None:
    # Since xterm 383, mode 45 only moves into a line that wrapped (LineTstWrapped).
    screen, _ = _screen(10, 4)
    screen.feed(b"\x1b[?45hab\r\ncd\b\b\b\b")
    assert screen.cursor == (1, 0)
    screen.feed(b"\x1b[1;2H\b\b\b")  # row 0, no 1045: never to the bottom
    assert screen.cursor == (0, 0)
    screen.feed(b"\x1b[3;1H0123456789ab\x1b[D\x1b[D\x1b[D")  # CUB reverse-wraps too (CursorBack)
    assert screen.cursor == (2, 9)


def test_reverse_wrap_needs_autowrap() -> None:
    screen, _ = _screen(10, 4)
    screen.feed(b"\x1b[?45h0123456789ab\x1b[?7l\b\b\b")
    assert screen.cursor == (1, 0)
    screen.feed(b"\x1b[?7h\b")
    assert screen.cursor == (0, 9)


def test_backspace_with_a_wrap_pending_only_cancels_it() -> None:
    screen, _ = _screen(10, 4)
    screen.feed(b"\x1b[?45h0123456789\b")
    assert screen.cursor == (0, 9)
    screen.feed(b"X")
    assert screen.display[0] == "012345678X"
    assert screen.display[1].strip() == ""


def test_extended_reverse_wrap_goes_up_any_line_and_from_top_to_bottom_margin() -> None:
    screen, _ = _screen(10, 6)
    screen.feed(b"\x1b[?1045hab\r\ncd\x1b[2;1H\b")  # row 0 did not wrap: 1045 moves anyway
    assert screen.cursor == (0, 9)
    screen.feed(b"\x1b[1;1H\b")  # the top line wraps to the bottom line
    assert screen.cursor == (5, 9)
    screen.feed(b"\x1b[2;4r\x1b[2;1H\b")  # inside margins: top margin to bottom margin
    assert screen.cursor == (3, 9)
    screen.feed(b"\x1b[2;3H\x1b[5D")
    assert screen.cursor == (3, 7)


def _walk(row: int, col: int, moves: int, top: int, bottom: int, cols: int) -> tuple[int, int]:
    """One cell at a time, as xterm's CursorBack loop does with mode 1045 inside the margins."""
    for _ in range(moves):
        col -= 1
        if col < 0:
            col = cols - 1
            row = bottom if row == top else row - 1
    return row, col


@pytest.mark.parametrize(
    "count", [b"13", b"999999999", b"0" * 3000 + b"7", b"9" * 5000], ids=["13", "1e9", "zeros", "5000-digits"]
)
def test_huge_backward_counts_under_extended_reverse_wrap_are_cheap_and_exact(count: bytes) -> None:
    screen, _ = _screen(10, 6)
    screen.feed(b"\x1b[?45h\x1b[?1045h\x1b[2;5r\x1b[3;4H")
    seq = b"\x1b[" + count + b"D"
    work = _work(lambda: screen.feed(seq))
    digits = count.lstrip(b"0")
    clamped = 65535 if len(digits) > 5 else min(int(digits), 65535)
    assert screen.cursor == _walk(2, 3, clamped, 1, 4, 10)
    assert work < 400  # arithmetic per line, not a step per cell


def test_huge_backward_count_under_reverse_wrap_stops_at_the_first_hard_break() -> None:
    screen, _ = _screen(10, 6)
    screen.feed(b"\x1b[?45hfirst\r\n" + b"x" * 35)  # rows 1-3 wrapped into row 4
    work = _work(lambda: screen.feed(b"\x1b[999999999D"))
    assert screen.cursor == (1, 0)
    assert work < 400


# -- 3. protected cells and selective erase --------------------------------------------------


def _protected_row(screen: TerminalScreen) -> None:
    screen.feed(b'abc\x1b[1"qDEF\x1b[0"qghi')


def test_decsel_erases_only_unprotected_cells_and_el_erases_all() -> None:
    screen, _ = _screen(12, 3)
    _protected_row(screen)
    screen.feed(b"\x1b[?2K")
    assert screen.display[0] == "   DEF      "
    screen.feed(b"\x1b[H")
    _protected_row(screen)
    screen.feed(b"\x1b[1;5H\x1b[?0K")  # from the cursor (a protected cell) to the end
    assert screen.display[0] == "abcDEF      "
    screen.feed(b"\x1b[?1K")  # from the start to the cursor
    assert screen.display[0] == "   DEF      "
    screen.feed(b"\x1b[2K")  # EL ignores DECSCA, as in xterm
    assert screen.display[0] == " " * 12


def test_decsed_erases_only_unprotected_cells_and_ed_erases_all() -> None:
    screen, _ = _screen(6, 3)
    screen.feed(b'ab\x1b[1"qCD\x1b[0"qef\r\ngh\x1b[1"qIJ\x1b[0"qkl\r\nmn\x1b[1"qOP\x1b[0"qqr')
    screen.feed(b"\x1b[2;3H\x1b[?J")  # from the cursor (on a protected cell) to the end
    assert screen.display == ["abCDef", "ghIJ  ", "  OP  "]
    screen.feed(b"\x1b[?1J")
    assert screen.display == ["  CD  ", "  IJ  ", "  OP  "]
    screen.feed(b"\x1b[1;1Hxy\x1b[?2J")
    assert screen.display == ["  CD  ", "  IJ  ", "  OP  "]
    screen.feed(b"\x1b[2J")  # ED ignores DECSCA
    assert screen.display == ["      "] * 3


def test_protection_is_kept_by_sgr_reset_and_not_given_to_erased_cells() -> None:
    screen, out = _screen(12, 2)
    screen.feed(b'\x1b[41m\x1b[1"q\x1b[0mAB\x1b[2"qcd')  # SGR 0 keeps DECSCA; 2 clears it
    assert _cell(screen, 0, 0) == ("A", A.PROTECTED)
    assert _cell(screen, 0, 2) == ("c", A.DEFAULT)
    screen.feed(b'\x1b[1"q\x1b[44m\x1b[1;3H\x1b[X')  # ECH erases even protected cells (xterm)
    assert _cell(screen, 0, 2) == (" ", A.make(bg_value=A.palette(4)))  # BCE, not protected
    screen.feed(b"\x1b[?2K")
    assert screen.display[0].startswith("AB  ")
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r1"q\x1b\\'
    screen.feed(b'\x1b[99999999"q\x1bP$q"q\x1b\\')  # an unknown value changes nothing
    assert out[-1] == b'\x1bP1$r1"q\x1b\\'
    screen.feed(b'\x1b[0;1"q\x1bP$q"q\x1b\\')  # only the first parameter counts
    assert out[-1] == b'\x1bP1$r0"q\x1b\\'


def test_protected_wide_characters_stay_whole() -> None:
    screen, _ = _screen(8, 2)
    screen.feed('a\x1b[1"q漢\x1b[0"q字b'.encode())
    screen.feed(b"\x1b[?2K")
    assert screen.display[0] == " 漢" + " " * 5
    assert screen.lines()[0].chars[1:3] == ["漢", ""]


def test_after_a_soft_reset_selective_erase_no_longer_spares_protected_cells() -> None:
    # DECSTR turns xterm's protected_mode off: old protected cells are then ordinary ones.
    screen, _ = _screen(12, 2)
    _protected_row(screen)
    screen.feed(b"\x1b[!p\x1b[?2K")
    assert screen.display[0] == " " * 12


def test_selective_erase_of_a_protected_screen_costs_a_bounded_amount_of_work() -> None:
    screen, _ = _screen(80, 24)
    screen.feed(b"\x1b[H" + b'a\x1b[1"qb\x1b[0"q' * (40 * 24))  # every other cell protected
    screen.feed(b"\x1b[?2J")
    assert screen.display[0] == " b" * 40
    flood = b"\x1b[?2J" * 2000
    work = _work(lambda: screen.feed(flood))
    assert work < 24 * len(flood)  # the hostile streams' budget (test_terminal_hostile.WORK_PER_BYTE)
    assert screen.display[23] == " b" * 40


# -- 4. VT420 features stay unclaimed ----------------------------------------------------------


def test_vt420_margins_and_rectangles_are_not_recognised() -> None:
    screen, out = _screen(10, 4)
    screen.feed(b'abcdefghij\x1b[1"q')
    assert _ask(screen, out, b"\x1b[c") == b"\x1b[?62;22c"  # VT220, not VT420 (64)
    screen.feed(b"\x1b[?69h\x1b[3;6s")  # DECLRMM, then DECSLRM: without 69 this is SCOSC
    assert _ask(screen, out, b"\x1b[?69$p") == b"\x1b[?69;0$y"
    screen.feed(b"\x1b[1;1;1;4;10$z")  # DECERA
    screen.feed(b"\x1b[88;1;1;4;10$x")  # DECFRA
    screen.feed(b"\x1b[1;1;4;10${")  # DECSERA
    screen.feed(b"\x1b[1;3H\x1b[2'}\x1b[2'~\x1b6\x1b9")  # DECIC, DECDC, DECBI, DECFI
    assert screen.display[0] == "abcdefghij"
    assert screen.cursor == (0, 2)
    assert _ask(screen, out, b"\x1b[?45$p") == b"\x1b[?45;2$y"  # reverse wraparound is (xterm)


def test_iso_protected_cells_survive_ed_el_and_ech_as_in_xterm() -> None:
    # SPA (ESC V) ... EPA (ESC W) protects for ED, EL and ECH too; DECSCA protects only from
    # DECSED/DECSEL. The last of the two decides (xterm's protected_mode).
    screen, out = _screen(12, 3)
    screen.feed(b"ab\x1bVCD\x1bWef\r\ngh\x1bVIJ\x1bWkl")
    assert _cell(screen, 0, 2) == ("C", A.PROTECTED)
    assert _cell(screen, 0, 4) == ("e", A.DEFAULT)
    screen.feed(b"\x1b[1;1H\x1b[6X")  # ECH over a protected pair
    assert screen.display[0] == "  CD        "
    screen.feed(b"\x1b[1;1Hxy\x1b[2K")  # printing would overwrite a protected cell; erasing does not
    assert screen.display[0] == "  CD        "
    screen.feed(b"\x1b[2J")
    assert screen.display[:2] == ["  CD        ", "  IJ        "]
    assert _ask(screen, out, b'\x1bP$q"q\x1b\\') == b'\x1bP1$r0"q\x1b\\'  # DECSCA reports DEC protection only
    screen.feed(b'\x1b[0"q\x1b[2J')  # a DECSCA ends ISO protection: ED erases everything again
    assert screen.display == [" " * 12] * 3


def test_iso_protection_ends_with_a_reset() -> None:
    screen, _ = _screen(8, 2)
    screen.feed(b"\x1bVAB\x1bW\x1bc")
    screen.feed(b"\x1bVCD\x1bW\x1b[!p\x1b[2K")  # DECSTR: the mode is off, old marks erase
    assert screen.display[0] == " " * 8


def test_iso_protected_erase_of_a_full_screen_costs_bounded_work() -> None:
    screen, _ = _screen(80, 24)
    screen.feed(b"\x1bV" + b"x" * (80 * 24) + b"\x1bW")
    small = _work(lambda: screen.feed(b"\x1b[2J"))
    big = _work(lambda: screen.feed(b"\x1b[2J" * 20))
    assert big < small * 40
