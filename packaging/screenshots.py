"""Screenshots of every main page in one language and theme, for docs/ (run under a real or virtual X screen).

    python packaging/screenshots.py --language zh_CN --theme dark --out docs/zh_CN

Each run uses a throw-away data folder and the demo server, so nothing of the user's is shown.
Pages: welcome, terminal, files, gpus, jobs, forwards, catalog, providers, guide, multi-server, settings.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", default="zh_CN", choices=("zh_CN", "en"))
    parser.add_argument("--theme", default="light", choices=("light", "dark"))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "zh_CN")
    parser.add_argument("--size", default="1360x840")
    args = parser.parse_args()

    home = tempfile.mkdtemp(prefix="gpudesk-shots-")
    os.environ["GPUDESK_HOME"] = home
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    os.environ.setdefault("GPUDESK_ALLOW_PLAINTEXT_KEYRING", "1")  # a throw-away keyring for demo data
    sys.path.insert(0, str(ROOT))
    from gpudesk.core import settings

    settings.set("ui.language", args.language)
    settings.set("ui.theme", args.theme)
    settings.set("updates.auto_check", False)

    from gpudesk.ui.i18n import apply_theme, install_translations
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    app = QtWidgets.QApplication([])
    app.setFont(QtGui.QFont("Noto Sans CJK SC", 9))
    install_translations(app)
    apply_theme(app)
    from gpudesk.ui.main_window import MainWindow

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    suffix = f"-{args.theme}.png"

    def pump(ms: int) -> None:
        # A real event loop, as in the app: QTest.qWait keeps the GIL and starves the IO threads.
        loop = QtCore.QEventLoop()
        QtCore.QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_until(pred, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise SystemExit("timed out waiting for the window")
            pump(50)

    def save(widget: QtWidgets.QWidget, name: str, settle_ms: int = 600) -> None:
        pump(settle_ms)
        widget.grab().save(str(out / (name + suffix)))
        print("saved", out / (name + suffix), flush=True)

    width, height = (int(v) for v in args.size.split("x"))
    win = MainWindow()
    win.resize(width, height)
    win.show()
    save(win, "welcome")

    win.start_demo()
    wait_until(lambda: bool(win.tabs_by_session))
    tab = next(iter(win.tabs_by_session.values()))
    wait_until(lambda: tab.controller.state == "connected")
    names = ["terminal", "files", "gpus", "jobs", "forwards"]
    for i, name in enumerate(names[: tab.tabs.count()]):
        tab.tabs.setCurrentIndex(i)
        files = tab.tabs.widget(i)
        if name == "terminal":
            wait_until(lambda: bool(files.views) and files.views[0].state == "running")
            pump(800)
            files.views[0].send_to_host(b"nvidia-smi\r")
        if name == "files":
            wait_until(lambda: bool(files.remote.path) and files.remote.status.text() != files.remote.tr("Loading…"))
            files.local.navigate(str(win.demo_server.sandbox / "project"))
        save(win, name, 2500 if name in ("terminal", "gpus") else 1200)
    tab.tabs.setCurrentIndex(0)

    for action in win.findChildren(QtGui.QAction):
        if action.data() is None and action.text() in (win.tr("Catalog"), win.tr("Providers")):
            action.trigger()
            save(win, "catalog" if action.text() == win.tr("Catalog") else "providers", 1200)

    win.tabs.setCurrentWidget(tab)
    win.show_guide(True)
    save(win, "guide", 1000)
    win.show_guide(False)

    win.open_multi([tab.controller.session.id])
    save(win, "multi", 1200)

    from gpudesk.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(win)
    dialog.show()
    save(dialog, "settings", 500)
    dialog.close()
    win.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
