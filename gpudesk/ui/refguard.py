"""Guard against a PySide6 reference-count bug that aborts long-running GUIs on Python 3.11.

PySide6 6.12.0 returns ``None`` from void methods (``QPainter.fillRect``, ``setPen``,
``QWidget.update`` …) and ``True`` from ``Signal.emit`` without taking a reference: it
assumes Python 3.12's immortal singletons. On 3.11 every such call lowers the count until
the interpreter aborts ("deallocating None"); a terminal painting a flood of output makes
tens of thousands of these calls a second. When a probe shows the bug, the counts of
``None``, ``True`` and ``False`` are raised far out of reach, which is what 3.12 does for
every program by making them immortal.
"""

from __future__ import annotations

import ctypes
import sys

from gpudesk.ui.qt import QObject, Signal  # gpudesk.ui.qt binds these before it imports this module

_HEADROOM = 1 << 40


class _Probe(QObject):
    ping = Signal()


def _leaks() -> bool:
    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(64):
        probe.setObjectName("probe")  # a void method
        probe.ping.emit()
    return sys.getrefcount(None) < none_before - 32 or sys.getrefcount(True) < true_before - 32


def install() -> bool:
    """Apply the guard when needed; returns True when the bug was found (done once per process)."""
    global _installed
    if _installed is not None:
        return _installed
    _installed = sys.version_info < (3, 12) and _leaks()
    if _installed:
        for obj in (None, True, False):
            ctypes.c_ssize_t.from_address(id(obj)).value += _HEADROOM
    return _installed


_installed: bool | None = None
