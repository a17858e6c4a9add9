"""Pasted text is cleaned until no control remains: no marker can re-form and end a bracketed paste early."""

from __future__ import annotations

import random

import pytest

from gpudesk.core.terminal.keys import bracketed
from gpudesk.core.terminal.paste import END, START, clean, line_count, needs_confirmation, paste_bytes
from gpudesk.core.terminal.quick import QuickCommand

ALLOWED_CONTROLS = {"\t", "\r"}


def controls_in(text: str) -> set[str]:
    return {ch for ch in text if (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F) and ch not in ALLOWED_CONTROLS}


@pytest.mark.parametrize(
    "hostile",
    [
        "\x1b[20\x1b[201~1~",  # one removal of the inner marker re-forms the outer one
        "\x1b[2\x1b[20\x1b[201~1~0\x1b[201~1~",
        "\x1b\x1b[201~[201~",
        "\x9b201~",  # the 8-bit CSI form
        "\x1b[20\x9b201~1~",
        "\x1b[201\x00~",  # a NUL in the middle
    ],
)
def test_a_split_end_marker_never_survives(hostile: str) -> None:
    text = f"echo safe{hostile}\rtouch /tmp/pwned\r"
    out = paste_bytes(clean(text), bracketed=True)
    assert out.count(START.encode()) == 1 and out.startswith(START.encode())
    assert out.count(END.encode()) == 1 and out.endswith(END.encode())
    body = out[len(START) : -len(END)]
    assert b"\x1b" not in body and b"\xc2\x9b" not in body
    # The old key helper is the same cleaner: it gives the same bytes.
    assert bracketed(text, enabled=True) == out


def test_every_control_but_tab_goes_and_breaks_become_cr() -> None:
    text = "a\tb\x15c\x03d\x04e\x7ff\x08g\x1bh\x85i\u2028j\u2029k\r\nl\nm\rn\x0bo\x0cp\x9bq\x90r\x9cs"
    assert clean(text) == "a\tbcdefgh\ri\rj\rk\rl\rm\rnopqrs"


def test_cleaning_leaves_no_control_for_any_mix_of_pieces() -> None:
    """Thousands of pastes built from marker pieces and controls: none keeps a control, none keeps a marker."""
    pieces = ["\x1b", "[", "2", "0", "1", "~", "\x9b", "\x15", "\x03", "\r", "\n", "\x85", "\u2028", "a", " ", "\x00", "\x7f"]
    rng = random.Random(20240601)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        cleaned = clean(text)
        assert not controls_in(cleaned), repr(text)
        assert clean(cleaned) == cleaned  # nothing left to remove
        out = paste_bytes(cleaned, bracketed=True)
        assert out.count(b"\x1b") == 2  # the one start and the one end marker
        assert out.startswith(START.encode()) and out.endswith(END.encode())


def test_deeply_nested_markers_are_undone_in_one_pass() -> None:
    n = 50_000
    assert clean("\x1b[20" * n + "\x1b[201~" + "1~" * n + "x") == "x"


def test_half_a_surrogate_pair_from_the_clipboard_still_encodes() -> None:
    assert paste_bytes(clean("a\ud800b"), bracketed=False) == "a\ufffdb".encode()


@pytest.mark.parametrize("brk", ["\r", "\n", "\r\n", "\x85", "\u2028", "\u2029"])
def test_every_kind_of_line_break_counts_as_a_line(brk: str) -> None:
    cleaned = clean(f"rm -rf build{brk}make")
    assert cleaned == "rm -rf build\rmake"
    assert line_count(cleaned) == 2
    assert needs_confirmation(cleaned, bracketed=True)
    assert needs_confirmation(cleaned, bracketed=False)


def test_one_line_asks_only_when_it_would_run_at_once() -> None:
    assert line_count(clean("make\n")) == 1
    assert not needs_confirmation(clean("make"), bracketed=False)
    assert not needs_confirmation(clean("make\u2029"), bracketed=True)  # the shell waits for Enter
    assert needs_confirmation(clean("make\u2029"), bracketed=False)  # it would run now
    assert line_count(clean("\x1b\x15")) == 0


def test_a_quick_command_types_no_control_characters() -> None:
    cmd = QuickCommand("x", "echo hi\x1b[201~\x15rm -rf ~\x85ls")
    assert cmd.payload() == b"echo hirm -rf ~\rls\r"
