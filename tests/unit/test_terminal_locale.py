"""Which locale a remote shell is given: the desktop's UTF-8 ones, else C.UTF-8 (never a broken one)."""

from __future__ import annotations

from gpudesk.core.terminal.locale_env import FALLBACK, is_utf8_locale, locale_env, login_shell_command


def test_desktop_utf8_locales_are_sent_as_openssh_does() -> None:
    env = {"LANG": "zh_CN.UTF-8", "LC_TIME": "de_DE.utf8", "HOME": "/home/x", "LC_GPUDESK_TERM": "stolen"}
    assert locale_env(env) == {"LANG": "zh_CN.UTF-8", "LC_TIME": "de_DE.utf8"}


def test_missing_or_non_utf8_values_give_a_utf8_lang() -> None:
    assert locale_env({}) == {"LANG": FALLBACK}  # Windows, or a macOS app started from the Finder
    # macOS terminals set the bare LC_CTYPE=UTF-8 that Linux servers reject; C and Latin-1 break CJK input.
    env = {"LANG": "C", "LC_CTYPE": "UTF-8", "LC_ALL": "en_US.ISO-8859-1", "LC_TERMINAL": "iTerm2"}
    assert locale_env(env) == {"LANG": FALLBACK}
    assert not is_utf8_locale("UTF-8") and is_utf8_locale("sr_RS.UTF-8@latin")


def test_the_fallback_command_quotes_hostile_values() -> None:
    cmd = login_shell_command({"LANG": "C.UTF-8", "LC_GPUDESK_TERM": "a'b; rm -rf ~"})
    assert cmd == "exec env LANG=C.UTF-8 'LC_GPUDESK_TERM=a'\"'\"'b; rm -rf ~' \"$SHELL\" -l"
