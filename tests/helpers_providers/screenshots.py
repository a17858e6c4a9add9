"""Render the cost bar, idle prompt, spending report and Providers page to ``docs/``.

Run: ``QT_QPA_PLATFORM=offscreen python -m tests.helpers_providers.screenshots``. Uses a
temporary home and keyring, the local provider stubs and the built-in demo provider API.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_tmp = tempfile.mkdtemp(prefix="gpudesk-shots-")
os.environ["GPUDESK_HOME"] = _tmp
os.environ["PYTHON_KEYRING_BACKEND"] = "keyrings.alt.file.PlaintextKeyring"
os.environ["XDG_DATA_HOME"] = _tmp
os.environ["GPUDESK_ALLOW_PLAINTEXT_KEYRING"] = "1"  # a throw-away keyring for demo data

DOCS = Path(__file__).resolve().parents[2] / "docs"


def wait(app, cond: Callable[[], bool], timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    from gpudesk.ui.qt import QtCore

    loop = QtCore.QEventLoop()
    deadline = time.monotonic() + timeout

    def check() -> None:
        if cond() or time.monotonic() > deadline:
            loop.quit()
        else:
            QtCore.QTimer.singleShot(50, check)

    QtCore.QTimer.singleShot(0, check)
    loop.exec()
    if not cond():
        raise TimeoutError("screenshot condition not met")


def main() -> int:
    from gpudesk.core.billing.meter import shared_meter
    from gpudesk.core.billing.price import Price
    from gpudesk.core.demo.provider_api import DemoProviderAPI
    from gpudesk.core.providers.accounts import Account, AccountStore
    from gpudesk.core.sessions.model import Session
    from gpudesk.ui.main_window import MainWindow
    from gpudesk.ui.qt import QtWidgets
    from tests.helpers_providers.lambda_stub import LambdaStub
    from tests.helpers_providers.runpod_stub import RunPodStub
    from tests.helpers_providers.vast_stub import VastStub

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv)
    DOCS.mkdir(exist_ok=True)

    # Some history for the report and "today".
    meter = shared_meter()
    day = 86400.0
    now = time.time()
    for n, (sid, name, price, hours) in enumerate(
        [
            ("h1", "A100-node1", Price(12.4, "hour", "CNY"), 6.5),
            ("h2", "4090-box", Price(1.88, "hour", "CNY"), 9.0),
            ("h3", "H100 (Lambda)", Price(2.99, "hour", "USD", "minute"), 3.0),
        ]
    ):
        meter.configure(sid, name, price)
        for back in range(6, 0, -1):
            start = now - back * day - (n + 1) * 3600 * 2
            meter.start(sid, start)
            meter.stop(sid, start + hours * 3600 * (0.5 + 0.1 * ((back + n) % 5)))

    meter.configure("h1", "A100-node1", Price(12.4, "hour", "CNY"))
    meter.start("h1", max(now - 4 * 3600, time.mktime(time.localtime(now)[:3] + (0, 0, 1, 0, 0, -1))))
    meter.stop("h1", now - 600)

    # The demo as ``gpudesk --demo`` runs it once the lead wires the demo provider API in.
    from gpudesk.core.demo.server import DemoConfig, DemoServer
    from gpudesk.core.ssh.hostkeys import HostKeyStore as Store

    server = DemoServer(DemoConfig(load="idle")).start()
    store = Store()
    store.trust_once(server.host, server.port, server.host_key)
    api = DemoProviderAPI(server.host, server.port).start()
    api.pod["startedAt"] = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(now - 2 * 3600 - 750))
    win = MainWindow()
    win.resize(1280, 760)
    win.show()
    session = Session(name="Demo GPU server", host=server.host, port=server.port, username=server.username)
    api.link(session, idle_minutes=15, policy="stop")
    from gpudesk.core.billing import config
    from gpudesk.core.billing.guard import GuardConfig
    from gpudesk.core.billing.idle import IdleConfig

    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=15), policy="stop", answer_minutes=10))
    win.sidebar.transient[session.id] = session
    win.sidebar.refresh()
    tab = win._make_tab(session, password=server.password, host_keys=store)
    tab.start()
    tracker = win.costbar.trackers[session.id]
    wait(app, lambda: tab.controller.state == "connected", 30)
    wait(app, lambda: tracker.instance is not None and meter.is_running(session.id))
    for _attempt in range(4):  # the shell's first output right after connecting counts as activity: feed again
        for back in (17 * 60, 8 * 60, 0):
            tracker.guard.feed_gpu([0.0] * 8, [1024.0] * 8, time.time() - back)
        tracker.guard.detector.reset(time.time() - 17 * 60)
        try:
            wait(app, lambda: session.id in win.costbar.prompts and "idle" in win.costbar.label.text(), 5)
            break
        except TimeoutError:
            continue
    win.grab().save(str(DOCS / "cost-idle-prompt.png"))
    win.statusBar().grab().save(str(DOCS / "cost-bar.png"))

    dialog = win.costbar.open_session_billing()
    dialog.deadline.setText("23:00")
    dialog.budget_day.setValue(60)
    wait(app, dialog.isVisible)
    dialog.grab().save(str(DOCS / "cost-session-billing.png"))
    dialog.close()

    from gpudesk.ui.billing.report import SpendingReport

    report = SpendingReport(meter)
    report.resize(820, 600)
    report.show()
    wait(app, lambda: report.table.rowCount() > 0 and report.total.text().startswith("Total"))
    report.grab().save(str(DOCS / "cost-report.png"))

    stubs = [RunPodStub().start(), LambdaStub().start(), VastStub(count=2).start()]
    stubs[0].add_pod("pod2xq7c1m9a", status="EXITED", name="sd-finetune")
    for stub, (name, kind) in zip(
        stubs, [("RunPod", "runpod"), ("Lambda", "lambda"), ("Vast.ai", "vast")], strict=True
    ):
        AccountStore().save(Account(name, kind, stub.url), token=stub.token)
    from gpudesk.ui.providers.page import ProvidersPage

    page = ProvidersPage()
    page.resize(1280, 680)
    page.show()
    wait(app, lambda: page.table.rowCount() == 6 and page.refresh_button.isEnabled() and page._pending <= 0)
    page.table.selectRow(0)
    page.grab().save(str(DOCS / "providers-page.png"))

    for stub in stubs:
        stub.stop()
    api.stop()
    win.shutdown()
    server.stop()
    print("\n".join(str(p) for p in sorted(DOCS.glob("cost-*.png")) + sorted(DOCS.glob("providers-*.png"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
