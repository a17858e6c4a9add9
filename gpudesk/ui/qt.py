"""All Qt names the app uses come through here (one place to switch bindings or versions)."""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

from gpudesk.ui import refguard  # noqa: E402 - must run before anything paints or emits

refguard.install()  # a no-op on the pinned PySide6; protects against 6.12.0's refcount bug

tr = QCoreApplication.translate

__all__ = ["QT_TRANSLATE_NOOP", "QCoreApplication", "QObject", "QThread", "QTimer", "Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "Slot", "tr"]
