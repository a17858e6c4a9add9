"""What a server sends never becomes shell text or a control in a plain log."""

from __future__ import annotations

from gpudesk.core.terminal.locale_env import export_prefix, locale_env
from gpudesk.core.terminal.termlog import strip_ansi


def test_a_locale_variable_name_that_is_not_a_name_is_not_sent():
    env = locale_env({"LC_ALL;touch x;LC_X": "en_US.UTF-8", "LC_$(id)": "C.UTF-8", "LC_TIME": "de_DE.UTF-8"})
    assert env == {"LANG": "C.UTF-8", "LC_TIME": "de_DE.UTF-8"}


def test_the_tmux_start_line_exports_names_only():
    line = export_prefix({"LANG": "C.UTF-8", "LC_A;touch M;X": "C.UTF-8"})
    assert line == "export LANG=C.UTF-8; "


def test_a_plain_log_keeps_no_utf8_encoded_c1_controls():
    text = strip_ansi("a\u009b31mred\u0085b\u009d0;t\u0007c\x7fd".encode())
    assert not any(0x7F <= ord(c) <= 0x9F for c in text)
    assert text.startswith("a") and "red" in text
