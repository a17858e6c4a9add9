"""Key encoding against xterm's documented sequences (ctlseqs, "PC-Style Function Keys")."""

from __future__ import annotations

import pytest

from gpudesk.core.terminal.keys import Mods, bracketed, encode_key, mouse_report

SHIFT, ALT, CTRL = Mods(shift=True), Mods(alt=True), Mods(ctrl=True)

# (key, mods, application cursor mode, expected) — straight from xterm's tables.
TABLE = [
    ("Up", Mods(), False, b"\x1b[A"),
    ("Down", Mods(), False, b"\x1b[B"),
    ("Right", Mods(), False, b"\x1b[C"),
    ("Left", Mods(), False, b"\x1b[D"),
    ("Home", Mods(), False, b"\x1b[H"),
    ("End", Mods(), False, b"\x1b[F"),
    ("Up", Mods(), True, b"\x1bOA"),
    ("Down", Mods(), True, b"\x1bOB"),
    ("Right", Mods(), True, b"\x1bOC"),
    ("Left", Mods(), True, b"\x1bOD"),
    ("Home", Mods(), True, b"\x1bOH"),
    ("End", Mods(), True, b"\x1bOF"),
    ("Up", SHIFT, False, b"\x1b[1;2A"),
    ("Right", ALT, True, b"\x1b[1;3C"),
    ("Left", Mods(shift=True, alt=True), False, b"\x1b[1;4D"),
    ("Right", CTRL, False, b"\x1b[1;5C"),
    ("Home", Mods(shift=True, ctrl=True), False, b"\x1b[1;6H"),
    ("End", Mods(alt=True, ctrl=True), False, b"\x1b[1;7F"),
    ("Down", Mods(True, True, True), False, b"\x1b[1;8B"),
    ("Insert", Mods(), False, b"\x1b[2~"),
    ("Delete", Mods(), False, b"\x1b[3~"),
    ("PageUp", Mods(), False, b"\x1b[5~"),
    ("PageDown", Mods(), False, b"\x1b[6~"),
    ("Delete", CTRL, False, b"\x1b[3;5~"),
    ("PageUp", SHIFT, False, b"\x1b[5;2~"),
    ("F1", Mods(), False, b"\x1bOP"),
    ("F2", Mods(), False, b"\x1bOQ"),
    ("F3", Mods(), False, b"\x1bOR"),
    ("F4", Mods(), False, b"\x1bOS"),
    ("F5", Mods(), False, b"\x1b[15~"),
    ("F6", Mods(), False, b"\x1b[17~"),
    ("F7", Mods(), False, b"\x1b[18~"),
    ("F8", Mods(), False, b"\x1b[19~"),
    ("F9", Mods(), False, b"\x1b[20~"),
    ("F10", Mods(), False, b"\x1b[21~"),
    ("F11", Mods(), False, b"\x1b[23~"),
    ("F12", Mods(), False, b"\x1b[24~"),
    ("F1", SHIFT, False, b"\x1b[1;2P"),
    ("F4", CTRL, False, b"\x1b[1;5S"),
    ("F5", CTRL, False, b"\x1b[15;5~"),
    ("F12", SHIFT, False, b"\x1b[24;2~"),
    ("Tab", Mods(), False, b"\t"),
    ("Tab", SHIFT, False, b"\x1b[Z"),
    ("Enter", Mods(), False, b"\r"),
    ("Enter", ALT, False, b"\x1b\r"),
    ("Escape", Mods(), False, b"\x1b"),
    ("Backspace", Mods(), False, b"\x7f"),
    ("Backspace", CTRL, False, b"\x08"),
    ("Backspace", ALT, False, b"\x1b\x7f"),
    ("a", Mods(), False, b"a"),
    ("中", Mods(), False, "中".encode()),
    ("c", CTRL, False, b"\x03"),
    ("C", Mods(shift=True, ctrl=True), False, b"\x03"),
    ("d", CTRL, False, b"\x04"),
    ("z", CTRL, False, b"\x1a"),
    (" ", CTRL, False, b"\x00"),
    ("@", CTRL, False, b"\x00"),
    ("[", CTRL, False, b"\x1b"),
    ("\\", CTRL, False, b"\x1c"),
    ("]", CTRL, False, b"\x1d"),
    ("^", CTRL, False, b"\x1e"),
    ("_", CTRL, False, b"\x1f"),
    ("/", CTRL, False, b"\x1f"),
    ("b", ALT, False, b"\x1bb"),
    ("x", Mods(alt=True, ctrl=True), False, b"\x1b\x18"),
]


@pytest.mark.parametrize(("key", "mods", "app", "expected"), TABLE)
def test_xterm_key_table(key: str, mods: Mods, app: bool, expected: bytes) -> None:
    assert encode_key(key, mods, app_cursor=app) == expected


def test_backspace_as_the_server_expects_and_newline_mode() -> None:
    assert encode_key("Backspace", backspace_del=False) == b"\x08"
    assert encode_key("Enter", newline_mode=True) == b"\r\n"
    assert encode_key("NoSuchKey") == b""


def test_bracketed_paste() -> None:
    assert bracketed("ls\nrm -rf x\n", enabled=False) == b"ls\rrm -rf x\r"
    assert bracketed("a\r\nb", enabled=True) == b"\x1b[200~a\rb\x1b[201~"
    # A paste cannot smuggle its own end marker and run the rest as typed commands.
    assert bracketed("x\x1b[201~rm -rf /\n", enabled=True) == b"\x1b[200~xrm -rf /\r\x1b[201~"


def test_mouse_reports() -> None:
    assert mouse_report(0, 4, 2, press=True, sgr=True) == b"\x1b[<0;5;3M"
    assert mouse_report(0, 4, 2, press=False, sgr=True) == b"\x1b[<0;5;3m"
    assert mouse_report(64, 0, 0, press=True, sgr=True, mods=CTRL) == b"\x1b[<80;1;1M"
    assert mouse_report(0, 4, 2, press=True) == b"\x1b[M %#"
    assert mouse_report(0, 4, 2, press=False) == b"\x1b[M#%#"
