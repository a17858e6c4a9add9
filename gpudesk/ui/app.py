"""Start the GUI: show the window first, then do anything slow."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from gpudesk.core.sessions.syncfolder import Merged
    from gpudesk.ui.main_window import MainWindow


def run_gui(demo: bool = False) -> int:
    from gpudesk.ui.platform_check import check

    problem = check()  # before Qt: a plugin that cannot load aborts the process, naming the wrong library
    if problem is not None:
        sys.stderr.write(problem + "\n")
        return 3
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    QtWidgets.QApplication.setApplicationName("gpudesk")
    QtWidgets.QApplication.setOrganizationName("gpudesk")
    QtWidgets.QApplication.setApplicationDisplayName("gpudesk")
    app = cast(QtWidgets.QApplication, QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv))
    from gpudesk.ui import plaintext

    plaintext.install(app)  # before any window or message: outside text is never markup
    from gpudesk.ui.single_instance import InstanceGuard, bring_forward

    guard = InstanceGuard()
    if not guard.claim(demo):
        return 0  # gpudesk already runs for this user: it came forward; two would fight over logs and settings
    app.setWindowIcon(QtGui.QIcon(os.path.join(os.path.dirname(__file__), "..", "resources", "gpudesk.svg")))

    from gpudesk.core import logs

    logs.setup()  # first: a start-up that goes wrong leaves its trace too
    _log_qt_messages()
    from gpudesk.ui.i18n import apply_theme, install_translations

    install_translations(app)
    apply_theme(app)

    from gpudesk.ui.main_window import MainWindow

    window = MainWindow()
    window.demo_detached = True  # the demo's server outlives the app, as a rented one does

    def on_activate(demo_too: bool) -> None:
        bring_forward(window)
        if demo_too:
            window.start_demo()

    guard.activate.connect(on_activate)
    window.show()
    from gpudesk.ui import runtime

    # Once the first paint is out: a flood of terminal output is then not stalled by garbage collection.
    QtCore.QTimer.singleShot(1000, runtime.tune)
    if os.environ.get("GPUDESK_EXIT_AFTER_SHOW"):  # used by the start-up benchmark and packaging/smoke.py

        def report_and_quit() -> None:
            _report_shown()
            app.quit()

        QtCore.QTimer.singleShot(0, report_and_quit)
    if demo:
        QtCore.QTimer.singleShot(0, window.start_demo)
    QtCore.QTimer.singleShot(500, _after_start(window))
    code = app.exec()
    window.shutdown()
    guard.close()
    return code


def _report_shown() -> None:
    """Say the window is up: on stdout, and in the file GPUDESK_SHOWN_FILE names (a windowed exe has no stdout)."""
    print("window-shown", flush=True)  # a no-op where sys.stdout is None
    target = os.environ.get("GPUDESK_SHOWN_FILE")
    if target:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write("window-shown\n")


def _log_qt_messages() -> None:
    """Qt's own warnings (a failed font, a bad style sheet) go to the log file too."""
    import logging

    from gpudesk.ui.qt import QtCore

    log = logging.getLogger("gpudesk.qt")
    levels = {
        QtCore.QtMsgType.QtDebugMsg: logging.DEBUG,
        QtCore.QtMsgType.QtInfoMsg: logging.INFO,
        QtCore.QtMsgType.QtWarningMsg: logging.WARNING,
        QtCore.QtMsgType.QtCriticalMsg: logging.ERROR,
        QtCore.QtMsgType.QtFatalMsg: logging.CRITICAL,
    }

    def handler(kind: QtCore.QtMsgType, _context: QtCore.QMessageLogContext, message: str) -> None:
        log.log(levels.get(kind, logging.WARNING), "%s", message)
        sys.stderr.write(message + "\n")

    QtCore.qInstallMessageHandler(handler)


def _after_start(window: MainWindow) -> Callable[[], None]:
    """Work that must not delay the first paint: the daily update check and the sync folder."""

    def run() -> None:
        from gpudesk.core import settings

        window.check_updates(quiet=True)
        from gpudesk.ui.alerts import install as install_alerts

        window.alerts = install_alerts(window)  # off-desk alerts for the workspace's servers; the tray shows desktop ones
        folder = settings.get("sessions.sync_folder")
        if folder:
            start_session_sync(window, folder)

    return run


def start_session_sync(window: MainWindow, folder: str) -> None:
    """Merge the sessions in the sync folder (read off the GUI thread), then keep it up to date."""
    from gpudesk.core.sessions.syncfolder import SyncFolder
    from gpudesk.ui.background import run_in_background
    from gpudesk.ui.i18n import tr_msg

    sync = window.session_sync = SyncFolder(window.store, folder)

    def merged(remote: Merged) -> None:
        sync.pull(remote)  # on the GUI thread: the session tree redraws from the store
        sync.attach(push_now=True)

    run_in_background(
        sync.read_remote, merged, lambda exc: window.statusBar().showMessage(tr_msg(exc), 15000)
    )
