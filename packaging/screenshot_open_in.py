"""Show the "Open in…" menu over the demo (for docs/ screenshots taken of the whole screen).

Usage (under a display): ``python packaging/screenshot_open_in.py sidebar|files|tab``; then capture the screen,
e.g. ``/work/shared/tools/screenshot.sh docs/open-in-sidebar.png -- python packaging/screenshot_open_in.py sidebar``.
Stand-ins named ``code`` and ``cursor`` are put on PATH, so the menu shows what a user with those editors sees.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    where = sys.argv[1] if len(sys.argv) > 1 else "sidebar"
    home = tempfile.mkdtemp(prefix="gpudesk-shots-")
    os.environ["GPUDESK_HOME"] = home
    os.environ["HOME"] = home
    bin_dir = Path(home) / "bin"
    bin_dir.mkdir()
    for tool in ("code", "cursor"):
        (bin_dir / tool).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / tool).chmod(0o755)
    os.environ["PATH"] = f"{bin_dir}:{os.environ.get('PATH', '')}"
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    os.environ.setdefault("GPUDESK_ALLOW_PLAINTEXT_KEYRING", "1")
    sys.path.insert(0, str(ROOT))
    from gpudesk.core import settings

    settings.set("updates.auto_check", False)
    from gpudesk.ui.handoff_menu import add_open_in
    from gpudesk.ui.i18n import apply_theme, install_translations
    from gpudesk.ui.main_window import MainWindow
    from gpudesk.ui.qt import QtCore, QtWidgets

    app = QtWidgets.QApplication([])
    install_translations(app)
    apply_theme(app)

    def pump(ms: int) -> None:
        loop = QtCore.QEventLoop()
        QtCore.QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_until(pred, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise SystemExit("timed out waiting for the window")
            pump(50)

    win = MainWindow()
    win.resize(1280, 800)
    win.move(0, 0)
    win.show()
    win.start_demo()
    wait_until(lambda: bool(win.tabs_by_session))
    tab = next(iter(win.tabs_by_session.values()))
    wait_until(lambda: tab.controller.state == "connected")
    session = tab.controller.session
    menu = QtWidgets.QMenu(win)
    if where == "files":
        for i in range(tab.tabs.count()):
            panel = tab.tabs.widget(i)
            if hasattr(panel, "remote") and hasattr(panel, "open_in_terminal"):
                tab.tabs.setCurrentIndex(i)
                wait_until(lambda p=panel: bool(p.remote.path))
                pump(1200)
                view = panel.remote.tree.viewport()
                folder = panel.remote.path
                menu.addAction(panel.tr("Download"))
                menu.addSeparator()
                menu.addAction(panel.tr("New folder…"))
                menu.addAction(panel.tr("Open in terminal"))
                sub = add_open_in(menu, panel, lambda: session, folder)
                anchor = view.mapToGlobal(QtCore.QPoint(120, 60))
                break
    elif where == "tab":
        pump(1200)
        button = tab.findChild(QtWidgets.QToolButton, "open_in_button")
        button.showMenu()
        return 0
    else:
        pump(1200)
        from gpudesk.ui.sidebar import SessionTree

        tree = win.findChild(SessionTree).tree
        menu.addAction(tree.tr("Connect"))
        menu.addAction(tree.tr("Edit…"))
        sub = add_open_in(menu, tree, lambda: session)
        anchor = tree.viewport().mapToGlobal(QtCore.QPoint(90, 12))
    menu.popup(anchor)
    pump(400)
    menu.setActiveAction(sub.menuAction())
    sub.popup(menu.geometry().topRight() + QtCore.QPoint(0, menu.actionGeometry(sub.menuAction()).top()))
    pump(60_000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
