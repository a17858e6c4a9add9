"""Conflicts: a question object the UI answers; the transfer never opens a window itself."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

OVERWRITE, SKIP, RENAME, RESUME, CANCEL = "overwrite", "skip", "rename", "resume", "cancel"
CHOICES = (OVERWRITE, SKIP, RENAME, RESUME, CANCEL)


@dataclass
class Conflict:
    """The target of a transfer already exists.

    The worker thread waits on :meth:`wait`; the UI (or a policy) calls :meth:`resolve`
    from any thread. ``can_resume`` is true when the existing file is shorter than the
    source and could be a partial copy of it (the overlap is verified before resuming).
    """

    direction: str  # "upload" | "download"
    source: str
    target: str
    source_size: int
    target_size: int
    target_mtime: int | None
    can_resume: bool
    choice: str | None = None
    apply_to_all: bool = False
    _answered: threading.Event = field(default_factory=threading.Event, repr=False)

    def resolve(self, choice: str, apply_to_all: bool = False) -> None:
        if choice not in CHOICES:
            raise ValueError(f"unknown conflict choice {choice!r}")
        if choice == RESUME and not self.can_resume:
            choice = OVERWRITE
        self.choice = choice
        self.apply_to_all = apply_to_all
        self._answered.set()

    def wait(self, stop: threading.Event | None = None) -> str:
        """Block the worker until answered (or ``stop`` is set, which counts as cancel)."""
        while not self._answered.wait(0.2):
            if stop is not None and stop.is_set():
                return CANCEL
        return self.choice or CANCEL
