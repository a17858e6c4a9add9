"""All Qt names the app uses come through here (one place to switch bindings or versions)."""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

tr = QCoreApplication.translate

__all__ = ["QT_TRANSLATE_NOOP", "QCoreApplication", "QObject", "QThread", "QTimer", "Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "Slot", "tr"]
