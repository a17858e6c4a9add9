"""Progress and ETA from log lines: tqdm bars (``450/1000 [00:30<00:36, 15.0it/s]``), ``step N/M``, ``Epoch E/EE``."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

_TQDM = re.compile(r"(?<![\w/])(\d+)/(\d+)\s*\[(?P<elapsed>[\d:]+)<(?P<remaining>[\d:?]+)")
_STEP = re.compile(r"\b(?:step|iter|iteration|batch)\s*\[?\s*(\d+)\s*(?:/|of)\s*(\d+)", re.IGNORECASE)
_EPOCH = re.compile(r"\bepoch\s*\[?\s*(\d+)\s*(?:/|of)\s*(\d+)", re.IGNORECASE)


def parse_clock(text: str) -> float | None:
    """``01:22:24`` / ``00:36`` → seconds; ``?`` → None."""
    if not text or "?" in text:
        return None
    seconds = 0.0
    for part in text.split(":"):
        if not part.isdigit():
            return None
        seconds = seconds * 60 + int(part)
    return seconds


@dataclass
class Progress:
    done: int
    total: int
    eta_s: float | None = None
    source: str = "step"  # tqdm | step | epoch

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0


class ProgressTracker:
    """Keeps the most telling progress seen so far.

    The bar with the largest total wins, so a short evaluation bar never replaces the
    training bar. Without a tqdm estimate, the ETA comes from the observed rate.
    """

    def __init__(self) -> None:
        self.current: Progress | None = None
        self._first: tuple[float, int, int] | None = None  # (time, done, total) for the rate estimate
        self._epoch: tuple[int, int] | None = None

    def scan_line(self, line: str, now: float | None = None) -> Progress | None:
        now = time.monotonic() if now is None else now
        m = _EPOCH.search(line)
        if m and int(m.group(2)) > 0:
            self._epoch = (int(m.group(1)), int(m.group(2)))
        found: Progress | None = None
        t = _TQDM.search(line)
        if t:
            done, total = int(t.group(1)), int(t.group(2))
            found = Progress(done, total, parse_clock(t.group("remaining")), "tqdm")
        else:
            s = _STEP.search(line)
            if s:
                found = Progress(int(s.group(1)), int(s.group(2)), None, "step")
        if found is None or found.total <= 0:
            if m and self.current is None or (m and self.current is not None and self.current.source == "epoch"):
                found = Progress(int(m.group(1)), int(m.group(2)), None, "epoch")
            else:
                return None
        if self.current is not None and found.total < self.current.total and self.current.source != "epoch":
            return None  # an evaluation bar inside the training loop
        if found.eta_s is None:
            found.eta_s = self._estimate(found, now)
        self.current = found
        return found

    def _estimate(self, p: Progress, now: float) -> float | None:
        if self._first is None or self._first[2] != p.total or p.done < self._first[1]:
            self._first = (now, p.done, p.total)
            return None
        t0, d0, _ = self._first
        if p.done <= d0 or now <= t0:
            return None
        rate = (p.done - d0) / (now - t0)
        return (p.total - p.done) / rate


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
