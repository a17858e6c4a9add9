"""Screenshots of the demo's alert flow, for docs/ (offscreen, no display needed).

    python packaging/shots_demo_phone.py --language en --out docs

The in-app demo runs two real jobs on its demo server, one that succeeds and one that fails; the app's alert
dispatcher sends each to the demo's stand-in phone over HTTP, and the Demo phone window shows what arrived
(``demo-phone-*``). ``alerts-settings-*`` is Settings → Alerts with the demo phone channel and the choice to
send from the guard on each server too. A throw-away data folder; nothing of the user's is shown.
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
    parser.add_argument("--size", default="1440x900", help="the main window's size (the dialogs keep theirs)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))

    os.environ["GPUDESK_HOME"] = tempfile.mkdtemp(prefix="gpudesk-shots-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    os.environ.setdefault("GPUDESK_ALLOW_PLAINTEXT_KEYRING", "1")
    sys.path.insert(0, str(ROOT))
    from gpudesk.core import settings

    settings.set("ui.language", args.language)
    settings.set("updates.auto_check", False)
    settings.set("terminal.persistent_tmux", False)
    from gpudesk.ui.i18n import apply_theme, install_translations
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    app = QtWidgets.QApplication([])
    app.setFont(QtGui.QFont("Noto Sans CJK SC", 9))
    install_translations(app)
    apply_theme(app)
    from gpudesk.core.jobs import JobSpec, start_job
    from gpudesk.ui.alerts import install as install_alerts
    from gpudesk.ui.alerts_settings import AlertsDialog
    from gpudesk.ui.main_window import MainWindow

    def pump(ms: int) -> None:
        loop = QtCore.QEventLoop()
        QtCore.QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_until(pred, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise TimeoutError("the screenshot's state never came")
            pump(100)

    window = MainWindow()
    window.resize(width, height)
    window.show()
    window.alerts = install_alerts(window)
    window.start_demo()
    wait_until(lambda: window.tabs.count() == 1)
    tab = window.tabs.widget(0)
    wait_until(lambda: tab.controller.state == "connected")
    wait_until(lambda: window.alerts.dispatcher is not None)
    server = tab.controller.server
    jobs = [
        start_job(tab.controller.connection, JobSpec("sleep 1; echo done", name="eval-bf16")),
        start_job(tab.controller.connection, JobSpec("sleep 2; exit 137", name="finetune-llama-8b")),
    ]
    wait_until(lambda: {j.id for j in jobs} <= {j.id for j in server.work.refresh_jobs().result(10)})
    pump(3000)
    server.work.refresh_jobs()
    dialog = window.demo_phone.open_phone()
    wait_until(lambda: dialog.list.count() >= 2)
    args.out.mkdir(parents=True, exist_ok=True)
    lang = args.language
    pump(500)
    dialog.grab().save(str(args.out / f"demo-phone-{lang}.png"))
    print(args.out / f"demo-phone-{lang}.png")
    dialog.close()
    settings_dialog = AlertsDialog(window)
    settings_dialog.show()
    wait_until(lambda: settings_dialog.table.rowCount() >= 1 and settings_dialog.from_server.isChecked())
    settings_dialog.table.selectRow(0)
    pump(500)
    settings_dialog.grab().save(str(args.out / f"alerts-settings-{lang}.png"))
    print(args.out / f"alerts-settings-{lang}.png")
    settings_dialog.close()
    window.alerts.close()
    tab.controller.close()
    window.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
