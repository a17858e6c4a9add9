"""Start the GUI: show the window first, then do anything slow."""

from __future__ import annotations

import os
import sys


def run_gui(demo: bool = False) -> int:
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    QtWidgets.QApplication.setApplicationName("gpudesk")
    QtWidgets.QApplication.setOrganizationName("gpudesk")
    QtWidgets.QApplication.setApplicationDisplayName("gpudesk")
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv)
    app.setWindowIcon(QtGui.QIcon(os.path.join(os.path.dirname(__file__), "..", "resources", "gpudesk.svg")))

    from gpudesk.ui.i18n import apply_theme, install_translations

    install_translations(app)
    apply_theme(app)

    from gpudesk.ui.main_window import MainWindow

    window = MainWindow()
    window.show()
    if os.environ.get("GPUDESK_EXIT_AFTER_SHOW"):  # used by the start-up benchmark
        QtCore.QTimer.singleShot(0, lambda: (print("window-shown", flush=True), app.quit()))
    if demo:
        QtCore.QTimer.singleShot(0, window.start_demo)
    QtCore.QTimer.singleShot(500, _after_start(window))
    code = app.exec()
    window.shutdown()
    return code


def _after_start(window):  # type: ignore[no-untyped-def]
    """Work that must not delay the first paint: the log file and the daily update check."""

    def run() -> None:
        from gpudesk.core import logs

        logs.setup()
        window.check_updates(quiet=True)

    return run
