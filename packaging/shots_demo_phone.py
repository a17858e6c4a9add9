"""Screenshots of the demo's alert flow, for docs/ (offscreen, no display needed).

    python packaging/shots_demo_phone.py --language en --out docs

The in-app demo runs two real jobs on its demo server, one that succeeds and one that fails; the app's alert
dispatcher sends each to the demo's stand-in phone over HTTP, and the Demo phone window shows what arrived
(``demo-phone-*``). ``alerts-settings-*`` is Settings → Alerts with the demo phone channel and the choice to
send from the guard on each server too. A throw-away data folder; nothing of the user's is shown.
"""

from __future__ import annotations

from shots_common import arguments, pump, start, wait_until  # noqa: E402 - beside this script


def main() -> int:
    args = arguments(__doc__.splitlines()[0], size_help="the main window's size (the dialogs keep theirs)")
    width, height = args.width, args.height
    app = start(args.language, terminal__persistent_tmux=False)  # noqa: F841 - kept alive for the run
    from gpudesk.core.jobs import JobSpec, start_job
    from gpudesk.ui.alerts import install as install_alerts
    from gpudesk.ui.alerts_settings import AlertsDialog
    from gpudesk.ui.main_window import MainWindow

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
