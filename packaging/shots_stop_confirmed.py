"""Screenshots of "a stop is done when the provider says so", for docs/ (offscreen, no display needed).

    python packaging/shots_stop_confirmed.py --language en --size 1440x900 --out docs

The demo provider accepts the first stop without doing it (its GPUDESK_DEMO_IGNORE_STOPS switch). Three pictures:
``stop-requested-*`` (the cost bar and the Providers page say "stop requested — not yet confirmed"),
``stop-unconfirmed-*`` (a minute on: the alert) and ``stop-confirmed-*`` (after the retry, confirmed by the
provider). A throw-away data folder; nothing of the user's is shown.
"""

from __future__ import annotations

import os

from shots_common import arguments, pump, start, wait_until  # noqa: E402 - beside this script


def main() -> int:
    args = arguments(__doc__.splitlines()[0])
    width, height = args.width, args.height
    os.environ["GPUDESK_DEMO_IGNORE_STOPS"] = "1"
    app = start(args.language)  # noqa: F841 - kept alive for the run
    from gpudesk.core.billing import confirm
    from gpudesk.core.demo.provider_api import DemoProviderAPI
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.shell import Page
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.main_window import MainWindow

    api = DemoProviderAPI("127.0.0.1", 2222).start()
    window = MainWindow()
    window.resize(width, height)
    window.show()
    session = window.store.add(Session(name="Demo GPU server", host="127.0.0.1", port=2222))
    api.link(session)
    window.store.update(session)
    controller = ConnectionController(session)
    bar = window.costbar
    tracker = bar.attach(controller)
    bar.focus(session.id)
    wait_until(lambda: tracker.instance is not None and bar.meter.is_running(session.id))
    page = window.show_page(Page.PROVIDERS)
    wait_until(lambda: page.table.rowCount() >= 1)
    page.table.selectRow(0)
    suffix = f"-{args.language}-{args.size}.png"
    args.out.mkdir(parents=True, exist_ok=True)

    def save(name: str) -> None:
        pump(1500)  # the cost bar paints once a second
        window.grab().save(str(args.out / f"{name}{suffix}"))
        print(args.out / f"{name}{suffix}")

    tracker.act("stop")
    wait_until(lambda: tracker.pending is not None)
    wait_until(lambda: any("requested" in (page.table.item(r, 3).text() if page.table.item(r, 3) else "") or
                           "请求" in (page.table.item(r, 3).text() if page.table.item(r, 3) else "")
                           for r in range(page.table.rowCount())))  # fmt: skip
    save("stop-requested")
    confirm.ALERT_S = 1.0  # a minute for users; the picture does not wait that long
    wait_until(lambda: bool(bar.last_alert))
    save("stop-unconfirmed")
    tracker.act("stop")
    wait_until(lambda: not bar.meter.is_running(session.id) and tracker.pending is None)
    page.refresh()
    wait_until(lambda: page._pending <= 0)
    save("stop-confirmed")
    bar.detach(controller)
    controller.close()
    window.shutdown()
    api.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
