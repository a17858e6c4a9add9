"""All Qt names the app uses come through here (one place to switch bindings or versions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6  # isValid: whether a widget's C++ side still lives
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

try:
    from PySide6 import QtNetwork
except ImportError:  # pragma: no cover - a Qt build without QtNetwork (single_instance then runs without its guard)
    QtNetwork = None  # type: ignore[assignment]

if TYPE_CHECKING:

    def QT_TRANSLATE_NOOP(context: str, message: str, /) -> str:
        """Marks ``message`` for lupdate and returns it unchanged (PySide6's stub says ``object``)."""
        ...
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP

from gpudesk.ui import refguard  # noqa: E402 - must run before anything paints or emits

refguard.install()  # a no-op on the pinned PySide6; protects against 6.12.0's refcount bug

tr = QCoreApplication.translate

__all__ = [
    "QT_TRANSLATE_NOOP",
    "QCoreApplication",
    "QObject",
    "QThread",
    "QTimer",
    "Qt",
    "QtCore",
    "QtGui",
    "QtNetwork",
    "QtWidgets",
    "Signal",
    "Slot",
    "shiboken6",
    "tr",
]
