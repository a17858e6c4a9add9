"""Files another program holds open: one retry after a short wait, then a sentence that says so.

On Windows an antivirus scan, OneDrive or an editor keeps a file open for a moment after it
is written or while it is synced; renaming over it or opening it then fails with a sharing
violation (WinError 32/33) or "access denied" (a PermissionError). Waiting briefly and trying
once more is usually enough; when it is not, the error names the likely cause.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

RETRY_WAIT_S = 1.0
_SHARING_VIOLATION = 32
_LOCK_VIOLATION = 33


def is_locked(exc: OSError) -> bool:
    """Whether ``exc`` may mean another program holds the file (worth one more try)."""
    if getattr(exc, "winerror", None) in (_SHARING_VIOLATION, _LOCK_VIOLATION):
        return True
    return sys.platform == "win32" and isinstance(exc, PermissionError)


def _pause() -> None:
    time.sleep(RETRY_WAIT_S)


def retry_locked(op: Callable[[], T], wait: Callable[[], None] = _pause) -> T:
    """Run ``op``; if the file is held by another program, ``wait`` and run it once more."""
    try:
        return op()
    except OSError as exc:
        if not is_locked(exc):
            raise
    wait()
    return op()
