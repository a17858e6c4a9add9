"""Pasted text made safe to type into a shell, Qt-free.

A paste is text, never keystrokes: it may not carry ESC (which could end a bracketed paste
early and run the rest as typed commands, or send key sequences), nor any other C0/C1 control
(Ctrl-U wipes the line, Ctrl-C interrupts, DEL and BS erase what came before). Tab stays.
Every kind of line break (CR, CRLF, LF, NEL U+0085, LS U+2028, PS U+2029) becomes CR, the
byte the Enter key sends, so the confirmation counts what the shell will see as lines.
"""

from __future__ import annotations

import re

CSI = "\x1b["
START, END = f"{CSI}200~", f"{CSI}201~"

_MARKERS_7 = (START, END)
_MARKERS_8 = ("\x9b200~", "\x9b201~")  # the 8-bit CSI form
_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# C0 except tab (and the CR the breaks became), DEL, C1. One pass leaves none: deleting
# characters cannot create a control character, so no marker can re-form from the pieces.
_CONTROLS = re.compile("[\x00-\x08\x0a-\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATES = re.compile("[\ud800-\udfff]")  # a clipboard may hand over half a pair: not encodable


def clean(text: str) -> str:
    """``text`` with every line break as CR and no other control character but tab."""
    text = _drop_markers(text)
    text = _BREAKS.sub("\r", text)
    text = _CONTROLS.sub("", text)
    return _SURROGATES.sub("\ufffd", text)


def _drop_markers(text: str) -> str:
    """Remove paste markers whole, until none remain, in one linear pass.

    "\x1b[20\x1b[201~1~" loses its inner marker and an outer one forms from the pieces: that one
    goes too. Kept text never holds a marker, so a new one can only end at the character just
    kept; dropping it exposes only kept (marker-free) text. A removal that re-scanned the whole
    text each time would take quadratic time on a paste built of nested pieces.
    """
    if "\x1b" not in text and "\x9b" not in text:
        return text
    out: list[str] = []
    for ch in text:
        out.append(ch)
        if ch == "~" and len(out) >= 5:
            tail = "".join(out[-6:])
            if tail in _MARKERS_7:  # ESC [ 2 0 x ~
                del out[-6:]
            elif tail[-5:] in _MARKERS_8:  # CSI 2 0 x ~
                del out[-5:]
    return "".join(out)


def line_count(cleaned: str) -> int:
    """How many lines a cleaned paste holds (line breaks at its end start no new line)."""
    body = cleaned.rstrip("\r")
    return body.count("\r") + 1 if body else 0


def needs_confirmation(cleaned: str, bracketed: bool) -> bool:
    """True when pasting would type more than one line, or (no bracketed paste) run a line at once."""
    if line_count(cleaned) > 1:
        return True
    return not bracketed and cleaned.endswith("\r")


def paste_bytes(cleaned: str, bracketed: bool) -> bytes:
    """What goes to the PTY: exactly one start and one end marker when the application asked for them."""
    body = clean(cleaned)  # idempotent; callers that skipped clean() are still safe
    if bracketed:
        body = START + body + END
    return body.encode("utf-8")
