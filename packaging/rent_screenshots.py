"""Screenshots of renting from the Catalog (the confirmation and the progress), in the demo, offline.

    QT_QPA_PLATFORM=offscreen python packaging/rent_screenshots.py --language en --out docs
    QT_QPA_PLATFORM=offscreen python packaging/rent_screenshots.py --language zh_CN --out docs/zh_CN

Writes rent-confirm.png and rent-progress.png at 1440×900, and the same with "-1024" at 1024×700.
The dialog is drawn over the window where it opens, as the user sees it. A throw-away data folder
and keyring are used; the demo server and its provider API stand in for a real provider.
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
    parser.add_argument("--language", default="en", choices=("zh_CN", "en"))
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()

    home = tempfile.mkdtemp(prefix="gpudesk-shots-")
    os.environ["GPUDESK_HOME"] = home
    os.environ["PYTHON_KEYRING_BACKEND"] = "keyrings.alt.file.PlaintextKeyring"
    os.environ["XDG_DATA_HOME"] = home
    os.environ["GPUDESK_ALLOW_PLAINTEXT_KEYRING"] = "1"  # a throw-away keyring for demo data
    sys.path.insert(0, str(ROOT))
    from gpudesk.core import settings
    from gpudesk.core.shell import Page

    settings.set("ui.language", args.language)
    settings.set("updates.auto_check", False)
    settings.set("terminal.persistent_tmux", False)

    from gpudesk.ui.i18n import install_translations
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    app = QtWidgets.QApplication([])
    if args.language == "zh_CN":
        app.setFont(QtGui.QFont("Noto Sans CJK SC", 9))
    install_translations(app)
    from gpudesk.ui.main_window import MainWindow

    def pump(ms: int) -> None:
        loop = QtCore.QEventLoop()  # a real event loop: the provider and SSH threads report through it
        QtCore.QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_until(pred, timeout: float = 90) -> None:  # type: ignore[no-untyped-def]
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise SystemExit("timed out waiting for the window")
            pump(50)

    def save(win: QtWidgets.QWidget, dialog: QtWidgets.QWidget, name: str, settle_ms: int = 500) -> None:
        pump(settle_ms)
        shot = win.grab()
        over = dialog.grab()
        painter = QtGui.QPainter(shot)
        painter.fillRect(shot.rect(), QtGui.QColor(0, 0, 0, 60))  # the window behind a modal dialog
        x, y = (shot.width() - over.width()) // 2, (shot.height() - over.height()) // 2
        painter.fillRect(QtCore.QRect(x - 1, y - 1, over.width() + 2, over.height() + 2), QtGui.QColor(90, 90, 90))
        painter.drawPixmap(x, y, over)
        painter.end()
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"{name}.png"
        shot.save(str(path))
        print("saved", path, flush=True)

    for (width, height), suffix in (((1440, 900), ""), ((1024, 700), "-1024")):
        win = MainWindow()
        win.resize(width, height)
        win.show()
        win.start_demo()
        wait_until(lambda: win.demo_server is not None and bool(win.tabs_by_session))
        page = win.show_page(Page.CATALOG)
        wait_until(lambda: page.catalog is not None)
        for r in range(page.proxy.rowCount()):
            row = page.proxy.data(page.proxy.index(r, 0), QtCore.Qt.ItemDataRole.UserRole + 2)
            if (
                row.offer.provider == "RunPod"
                and row.gpu == "H100 SXM"
                and row.offer.gpu_count == 1
                and row.offer.billing == "on-demand"
            ):
                page.table.selectRow(r)
                page.table.scrollTo(page.proxy.index(r, 0))
                break
        dialog = page.rent_offer() or page.rent_dialog
        dialog.resize(min(640, width - 80), min(470, height - 60))
        dialog.poll_s = 0.3
        wait_until(lambda: dialog.pages.currentWidget() is dialog.confirm)
        save(win, dialog, "rent-confirm" + suffix)
        dialog.rent_button.click()
        wait_until(lambda: dialog.progress.state.get("booting") == "current")
        save(win, dialog, "rent-progress" + suffix, settle_ms=200)
        wait_until(lambda: dialog.result_ is not None)
        dialog.close_button.click()
        win.shutdown()
        win.deleteLater()
        pump(200)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
