"""Control characters in text that came from files, servers or other programs.

A name that holds a line break, ESC or a C1 control can end a line in a config file or a shell
script, or drive the user's terminal when printed. "Control" here means C0 (U+0000–U+001F, so
also tab, CR and line feed), DEL (U+007F), C1 (U+0080–U+009F) and the Unicode line and paragraph
separators (U+2028, U+2029), which some parsers treat as line ends.
"""

from __future__ import annotations

import re

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_RUN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def has_control(text: str) -> bool:
    return CONTROL.search(text) is not None


def clean(text: str) -> str:
    """``text`` with each run of control characters replaced by one space (ends stripped when any was)."""
    if not has_control(text):
        return text
    return _CONTROL_RUN.sub(" ", text).strip()


def escape(text: str) -> str:
    """``text`` for printing on a terminal: control characters written as ``\\n``, ``\\x1b``, ``\\u0085``…"""
    if not has_control(text):
        return text
    return CONTROL.sub(lambda m: _NAMED.get(m.group(), _code(m.group())), text)


def _code(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n <= 0xFF else f"\\u{n:04x}"


def escape_json(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with DEL and C1 as ``\\u00XX`` escapes.

    ``json.dumps`` escapes C0 but writes DEL, C1 and U+2028/9 raw when ``ensure_ascii`` is off; the
    escaped form is the same JSON value.
    """
    return re.sub("[\x7f-\x9f\u2028\u2029]", lambda m: f"\\u{ord(m.group()):04x}", text)
