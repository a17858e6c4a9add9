"""What the terminal answers to the host (xterm ctlseqs formats, byte for byte) and the state
that clipboard, colour, mode and title sequences change."""

from __future__ import annotations

import base64

import pytest

from gpudesk import __version__
from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal.reports import MAX_CLIPBOARD


def _screen(cols: int = 80, rows: int = 24) -> tuple[TerminalScreen, list[bytes]]:
    screen = TerminalScreen(cols, rows)
    out: list[bytes] = []
    screen.on_reply = out.append
    return screen, out


def _answer(data: bytes, screen: TerminalScreen | None = None) -> list[bytes]:
    if screen is None:
        screen, out = _screen()
    else:
        out = []
        screen.on_reply = out.append
    screen.feed(data)
    return out


def _clipboard(screen: TerminalScreen) -> list[tuple[tuple[str, ...], str]]:
    got: list[tuple[tuple[str, ...], str]] = []
    screen.on_clipboard = lambda targets, text: got.append((targets, text))
    return got


# -- 1. OSC 52 -------------------------------------------------------------------------


def test_osc52_sets_the_clipboard_with_either_terminator() -> None:
    screen, out = _screen()
    got = _clipboard(screen)
    text = "héllo wörld\n"
    b64 = base64.b64encode(text.encode()).decode().encode()
    screen.feed(b"\x1b]52;c;" + b64 + b"\x07")
    screen.feed(b"\x1b]52;p;" + b64 + b"\x1b\\")
    screen.feed(b"\x1b]52;;" + base64.b64encode(b"plain") + b"\x07")  # empty Pc means "s 0"
    assert got == [(("clipboard",), text), (("primary",), text), (("clipboard",), "plain")]
    assert out == []
    assert screen.display[0].strip() == ""  # nothing of it is drawn


def test_osc52_split_across_reads_and_larger_than_other_strings() -> None:
    screen, _ = _screen()
    got = _clipboard(screen)
    payload = ("x" * 200_000).encode()  # base64 longer than the 64 KiB other strings get
    data = b"\x1b]52;c;" + base64.b64encode(payload) + b"\x1b\\"
    for i in range(0, len(data), 4096):
        screen.feed(data[i : i + 4096])
    assert got == [(("clipboard",), payload.decode())]


def test_osc52_query_is_never_answered_and_junk_is_ignored() -> None:
    screen, out = _screen()
    got = _clipboard(screen)
    screen.feed(b"\x1b]52;c;?\x07\x1b]52;c;?\x1b\\")
    screen.feed(b"\x1b]52;c;not*base64!\x07")
    screen.feed(b"\x1b]52;c;aGVsbG8\x07")  # bad padding
    too_big = base64.b64encode(b"a" * (MAX_CLIPBOARD + 1))
    screen.feed(b"\x1b]52;c;" + too_big + b"\x07")
    assert out == [] and got == []
    screen.feed(b"\x1b[Hok")
    assert screen.display[0].startswith("ok")


def test_osc52_refused_without_a_receiver_and_da1_says_so() -> None:
    screen, out = _screen()
    screen.feed(b"\x1b[c")
    assert out == [b"\x1b[?62;22c"]
    _clipboard(screen)
    out.clear()
    screen.feed(b"\x1b[c")
    assert out == [b"\x1b[?62;22;52c"]  # 52: the host may set the clipboard


# -- 2. colours ------------------------------------------------------------------------


def test_dynamic_colour_queries_answer_the_theme_with_the_query_terminator() -> None:
    screen, out = _screen()
    screen.set_theme_colours((0xD4, 0xD4, 0xD4), (0x1E, 0x1E, 0x1E), (0xAE, 0xAF, 0xAD), [(1, 2, 3)] * 16)
    screen.feed(b"\x1b]10;?\x07\x1b]11;?\x1b\\\x1b]12;?\x07")
    assert out == [
        b"\x1b]10;rgb:d4d4/d4d4/d4d4\x07",
        b"\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\",
        b"\x1b]12;rgb:aeae/afaf/adad\x07",
    ]
    out.clear()
    screen.feed(b"\x1b]10;?;?\x07")  # chained: 10 then 11
    assert out == [b"\x1b]10;rgb:d4d4/d4d4/d4d4\x07", b"\x1b]11;rgb:1e1e/1e1e/1e1e\x07"]


def test_osc4_query_set_and_reset_palette() -> None:
    screen, out = _screen()
    screen.feed(b"\x1b]4;1;?;196;?\x1b\\")
    assert out == [b"\x1b]4;1;rgb:cdcd/0000/0000\x1b\\", b"\x1b]4;196;rgb:ffff/0000/0000\x1b\\"]
    out.clear()
    screen.feed(b"\x1b]4;1;rgb:12/34/56\x07\x1b]4;2;#abc\x07\x1b]4;1;?;2;?\x07")
    assert out == [b"\x1b]4;1;rgb:1212/3434/5656\x07", b"\x1b]4;2;rgb:a0a0/b0b0/c0c0\x07"]
    assert screen.palette_colour(1) == (0x12, 0x34, 0x56)
    out.clear()
    screen.feed(b"\x1b]104;1\x07\x1b]4;1;?;2;?\x07")
    assert out == [b"\x1b]4;1;rgb:cdcd/0000/0000\x07", b"\x1b]4;2;rgb:a0a0/b0b0/c0c0\x07"]
    out.clear()
    screen.feed(b"\x1b]104\x07\x1b]4;2;?\x07")
    assert out == [b"\x1b]4;2;rgb:0000/cdcd/0000\x07"]


def test_osc10_set_then_110_resets() -> None:
    screen, out = _screen()
    screen.feed(b"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b]11;?\x07")
    assert out == [b"\x1b]11;rgb:ffff/ffff/ffff\x07"]
    assert screen.dynamic_colour(11) == (255, 255, 255)
    out.clear()
    screen.feed(b"\x1b]111\x07\x1b]11;?\x07\x1b]4;300;?\x07\x1b]4;1;bogus\x07")
    assert out == [b"\x1b]11;rgb:0000/0000/0000\x07"]


# -- 3. identity and reports -----------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        (b"\x1b[>c", b"\x1b[>1;10;0c"),
        (b"\x1b[>0c", b"\x1b[>1;10;0c"),
        (b"\x1b[>0q", f"\x1bP>|gpudesk({__version__})\x1b\\".encode()),
        (b"\x1b[>q", f"\x1bP>|gpudesk({__version__})\x1b\\".encode()),
        (b"\x1b[5n", b"\x1b[0n"),
        (b"\x1b[3;7H\x1b[6n", b"\x1b[3;7R"),
        (b"\x1b[3;7H\x1b[?6n", b"\x1b[?3;7R"),
    ],
)
def test_identity_and_status(query: bytes, answer: bytes) -> None:
    assert _answer(query) == [answer]


@pytest.mark.parametrize(
    ("setup", "mode", "state"),
    [
        (b"", 2026, 2),
        (b"\x1b[?2026h", 2026, 1),
        (b"\x1b[?2004h", 2004, 1),
        (b"", 2004, 2),
        (b"\x1b[?1004h", 1004, 1),
        (b"\x1b[?1000h", 1000, 1),
        (b"\x1b[?1000h", 1002, 2),
        (b"\x1b[?1002h", 1002, 1),
        (b"\x1b[?1003h", 1003, 1),
        (b"\x1b[?1006h", 1006, 1),
        (b"\x1b[?1049h", 1049, 1),
        (b"", 1049, 2),
        (b"", 25, 1),
        (b"\x1b[?25l", 25, 2),
        (b"", 7, 1),
        (b"\x1b[?7l", 7, 2),
        (b"\x1b[?1h", 1, 1),
        (b"\x1b[?6h", 6, 1),
        (b"", 3, 4),
        (b"", 1005, 0),
        (b"", 69, 0),  # no left/right margins (VT420)
        (b"", 45, 2),
        (b"\x1b[?45h", 45, 1),
        (b"\x1b[?45h\x1b[?45l", 45, 2),
        (b"", 1045, 2),
        (b"\x1b[?1045h", 1045, 1),
        (b"\x1b[?1045h", 45, 2),
        (b"", 12345, 0),
    ],
)
def test_decrqm_private(setup: bytes, mode: int, state: int) -> None:
    screen, out = _screen()
    screen.feed(setup)
    out.clear()
    screen.feed(f"\x1b[?{mode}$p".encode())
    assert out == [f"\x1b[?{mode};{state}$y".encode()]


def test_decrqm_ansi_modes() -> None:
    assert _answer(b"\x1b[4$p\x1b[20$p\x1b[3$p") == [b"\x1b[4;2$y", b"\x1b[20;2$y", b"\x1b[3;0$y"]
    assert _answer(b"\x1b[4h\x1b[20h\x1b[4$p\x1b[20$p") == [b"\x1b[4;1$y", b"\x1b[20;1$y"]


def test_decrqss() -> None:
    assert _answer(b"\x1bP$qm\x1b\\") == [b"\x1bP1$r0m\x1b\\"]
    assert _answer(b"\x1b[1;4;31;48;5;200m\x1bP$qm\x1b\\") == [b"\x1bP1$r0;1;4;31;48;5;200m\x1b\\"]
    assert _answer(b"\x1b[92;38;2;1;2;3m\x1bP$qm\x1b\\") == [b"\x1bP1$r0;38;2;1;2;3m\x1b\\"]
    assert _answer(b"\x1b[5;20r\x1bP$qr\x1b\\") == [b"\x1bP1$r5;20r\x1b\\"]
    assert _answer(b"\x1bP$qr\x1b\\") == [b"\x1bP1$r1;24r\x1b\\"]
    assert _answer(b"\x1b[4 q\x1bP$q q\x1b\\") == [b"\x1bP1$r4 q\x1b\\"]
    assert _answer(b'\x1bP$q"q\x1b\\') == [b'\x1bP1$r0"q\x1b\\']
    assert _answer(b'\x1b[1"q\x1bP$q"q\x1b\\') == [b'\x1bP1$r1"q\x1b\\']  # DECSCA: protected
    assert _answer(b'\x1b[1"q\x1b[2"q\x1bP$q"q\x1b\\') == [b'\x1bP1$r0"q\x1b\\']
    assert _answer(b'\x1bP$q"p\x1b\\') == [b'\x1bP1$r62;1"p\x1b\\']  # DECSCL: VT200 level, 7-bit controls
    assert _answer(b"\x1bP$qx\x1b\\\x1bP$q\x07") == [b"\x1bP0$r\x1b\\", b"\x1bP0$r\x1b\\"]


def test_decrqss_split_across_reads() -> None:
    screen, out = _screen()
    for byte in b"\x1b[7m\x1bP$qm\x1b\\":
        screen.feed(bytes([byte]))
    assert out == [b"\x1bP1$r0;7m\x1b\\"]


def test_other_dcs_strings_are_not_answered() -> None:
    assert _answer(b"\x1bP+q544e\x1b\\\x1bPq#0;2;0;0;0\x1b\\") == []


# -- 4. title stack ----------------------------------------------------------------------


def test_title_stack_push_pop() -> None:
    screen, out = _screen()
    screen.feed(b"\x1b]0;shell\x07\x1b[22;0t\x1b]2;vim - file.txt\x07")
    assert screen.title == "vim - file.txt"
    screen.feed(b"\x1b[23;0t")
    assert screen.title == "shell" and screen.icon_title == "shell"
    # push only the title: a pop of both leaves the icon name alone
    screen.feed(b"\x1b[22;2t\x1b]0;other\x07\x1b[23;0t")
    assert screen.title == "shell" and screen.icon_title == "other"
    screen.feed(b"\x1b[23;0t")  # empty stack: nothing changes
    assert screen.title == "shell"
    assert out == []


def test_title_stack_is_bounded_and_title_report_is_not_answered() -> None:
    screen, out = _screen()
    for i in range(1000):
        screen.feed(f"\x1b]2;t{i}\x07\x1b[22;2t".encode())
    assert len(screen.title_stack) <= 10
    screen.feed(b"\x1b[21t\x1b[20t")
    assert out == []
