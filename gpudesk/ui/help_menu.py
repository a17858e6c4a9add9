"""The Help menu's errands: the shortcut sheet, the log folder, a diagnostics bundle, updates, About."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk import __version__
from gpudesk.core import diagnostics, logs, updates
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtGui, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


def show_shortcuts(window: MainWindow) -> None:
    """The cheat sheet: every command's current keys, with the editor one click away."""
    from gpudesk.ui.shortcuts_dialog import ShortcutSheet

    sheet = ShortcutSheet(window)
    sheet.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    sheet.exec()


def open_log_folder() -> None:
    QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(logs.log_dir())))


def create_diagnostics(window: MainWindow) -> None:
    """Ask where, then build the bundle off the GUI thread (no passwords or host names inside)."""
    path, _ = QtWidgets.QFileDialog.getSaveFileName(
        window,
        QCoreApplication.translate("MainWindow", "Save diagnostics bundle"),
        str(QtCore.QDir.homePath() + "/gpudesk-diagnostics.zip"),
        "Zip (*.zip)",
    )
    if not path:
        return
    extra = {"qt": QtCore.qVersion(), "screens": str(len(QtGui.QGuiApplication.screens()))}
    saved = QCoreApplication.translate(
        "MainWindow", "Diagnostics bundle saved to %1 (no passwords or host names inside)."
    )

    def failed(exc: BaseException) -> None:
        QtWidgets.QMessageBox.warning(window, QCoreApplication.translate("MainWindow", "Diagnostics"), str(exc))

    run_in_background(
        lambda: diagnostics.build(Path(path), extra, window.store),
        lambda out: window.statusBar().showMessage(saved.replace("%1", str(out)), 15000),
        failed,
    )


def check_updates(window: MainWindow, quiet: bool = True) -> None:
    """Ask whether a newer release is out (off the GUI thread); ``quiet``: only when due, and say only news."""
    if quiet and not updates.due():
        return
    title = QCoreApplication.translate("MainWindow", "Updates")

    def done(release: Any) -> None:
        if release is None:
            if not quiet:
                up_to_date = QCoreApplication.translate("MainWindow", "gpudesk is up to date.")
                QtWidgets.QMessageBox.information(window, title, up_to_date)
            return
        text = QCoreApplication.translate("MainWindow", "gpudesk %1 is available.\n\n%2\n\nDownload: %3")
        QtWidgets.QMessageBox.information(
            window,
            title,
            text.replace("%1", release.version).replace("%2", release.notes).replace("%3", release.url),
        )

    def failed(exc: BaseException) -> None:
        if not quiet:
            QtWidgets.QMessageBox.warning(window, title, str(exc))

    run_in_background(updates.check, done, failed)


def show_about(window: MainWindow) -> None:
    text = QCoreApplication.translate(
        "MainWindow", "gpudesk %1\nRent, use and release cloud GPU servers from one window."
    )
    QtWidgets.QMessageBox.about(
        window, QCoreApplication.translate("MainWindow", "About gpudesk"), text.replace("%1", __version__)
    )
