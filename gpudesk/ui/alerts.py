"""The app's side of alerts: the core dispatcher for the window's workspace, and the tray for desktop alerts.

``install(window)`` starts the sender (its outbox is read in the background) and an
:class:`~gpudesk.core.alerts.dispatch.AlertDispatcher` on ``window.workspace``; desktop alerts
arrive through the bridge on the GUI thread and are shown by a system tray icon where the
desktop has one (the status bar otherwise). Everything ends when the application quits.
"""

from __future__ import annotations

from typing import Any

from gpudesk.ui import bridge
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets


class AppAlerts(QtCore.QObject):
    """Owns the sender and dispatcher of one main window."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.sender: Any = None
        self.dispatcher: Any = None
        self.credit: Any = None
        self.stock: Any = None
        self.tray: QtWidgets.QSystemTrayIcon | None = None
        from gpudesk.core.alerts.sender import DESKTOP

        bridge.connect(DESKTOP, self.show_alert, self)
        app = QtCore.QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)
        run_in_background(self._start, self._started)

    @staticmethod
    def _start() -> Any:
        from gpudesk.core.alerts.sender import Sender

        return Sender()  # reads the outbox a previous run left, and sends it

    def _started(self, sender: Any) -> None:
        from gpudesk.core.alerts.credit import CreditWatch
        from gpudesk.core.alerts.dispatch import AlertDispatcher
        from gpudesk.ui.i18n import tr_msg

        sender.translate = tr_msg  # alerts go out in the app's language (Qt's translators are thread-safe)
        self.sender = sender
        self.dispatcher = AlertDispatcher(self.window.workspace, sender)
        self.credit = CreditWatch(self.dispatcher)  # providers' balance(), on its own thread
        from gpudesk.core.alerts.stock import StockWatch

        self.stock = StockWatch(sender)  # the GPUs you want, back in stock at your price (live prices, own thread)

    def show_alert(self, alert: Any) -> None:
        """A desktop alert: the tray's balloon, or the status bar where there is no tray."""
        if QtWidgets.QSystemTrayIcon.isSystemTrayAvailable():
            if self.tray is None:
                icon = self.window.windowIcon()
                if icon.isNull():
                    icon = QtGui.QIcon(
                        self.window.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
                    )
                self.tray = QtWidgets.QSystemTrayIcon(icon, self)
                self.tray.setToolTip("gpudesk")
                self.tray.show()
            self.tray.showMessage(
                str(alert.title), str(alert.text), QtWidgets.QSystemTrayIcon.MessageIcon.Information, 15000
            )
        else:
            self.window.statusBar().showMessage(f"{alert.title} — {alert.text}".replace("\n", " · "), 30000)

    def close(self) -> None:
        if self.credit is not None:
            self.credit.close()
            self.credit = None
        if self.stock is not None:
            self.stock.close()
            self.stock = None
        if self.dispatcher is not None:
            self.dispatcher.close()
            self.dispatcher = None
        if self.sender is not None:
            self.sender.close()
            self.sender = None


def install(window: Any) -> AppAlerts:
    return AppAlerts(window)
