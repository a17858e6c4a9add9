"""Split a growing byte stream into text lines, the way a terminal shows them.

Progress bars redraw with ``\\r``; each redraw counts as a line for the scanners (so every
tqdm update is seen), while the log view keeps only the last redraw. ANSI colour codes are
stripped for the scanners.
"""

from __future__ import annotations

import codecs
import re

ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def strip_ansi(text: str) -> str:
    return ANSI_RE.sub("", text)


class LineSplitter:
    """Feed bytes, get complete lines (``\\n`` or ``\\r`` ended), ANSI stripped; UTF-8 safe across chunks."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""

    def feed(self, data: bytes) -> list[str]:
        text = self._pending + self._decoder.decode(data)
        parts = re.split(r"\r\n|\r|\n", text)
        self._pending = parts.pop()
        return [strip_ansi(p) for p in parts if p.strip()]

    def flush(self) -> list[str]:
        rest, self._pending = self._pending + self._decoder.decode(b"", final=True), ""
        return [strip_ansi(rest)] if rest.strip() else []


def split_text(text: str) -> list[str]:
    """All lines of a finished text (``\\r`` redraws included)."""
    return [strip_ansi(p) for p in re.split(r"\r\n|\r|\n", text) if p.strip()]
