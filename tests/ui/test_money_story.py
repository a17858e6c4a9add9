"""The money story through the real app and the demo provider, every view agreeing with the provider's ledger.

rent → stop → start in the window (the demo provider in process), then the app (``gpudesk --demo``, a process of its
own) killed with SIGKILL → started again → gone again, the server guard stops the server → started again. At each
point the cost bar (text and tooltip), the server's billing state, the ledger's billing_now, the Providers row (and,
after the kill, the Guide) and the bar's figures (time and money so far, today's) say what the demo provider's own
ledger of the pod's state changes says, within a second; the session stays listed. (The crash in the middle of a rent is tests/e2e/test_rent_crash.py;
a restart's provider re-read is tests/ui/test_billing_restart_recheck.py.)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gpudesk.core.billing.meter import shared_meter
from gpudesk.core.billing.price import money
from gpudesk.core.demo import host as demo_host
from gpudesk.core.demo.provider_api import BILLING, billed_seconds
from gpudesk.core.live.billing import BillingState
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Page
from tests.ui.test_rent_flow import catalog, rent_row, wait_page

pytestmark = pytest.mark.gui


def _figures_match(
    bar: Any, session_id: str, ledger: list[dict[str, Any]], pod_id: str, rate: float, billing: bool, late: float = 0.0
) -> None:
    """The cost bar's figures for the session (time and money so far, today's) are the ledger's, within a second
    (``late``: seconds the meter may count after the provider's stop, see below)."""
    fig = bar.figures
    mine = fig.per_session[session_id]
    at = float(mine["at"])  # the session's figures are its billing's, measured at their own moment
    seconds = billed_seconds(ledger, pod_id, at) + late
    midnight = datetime.combine(datetime.fromtimestamp(at).date(), datetime.min.time()).timestamp()
    today = billed_seconds(ledger, pod_id, at, since=midnight) + late
    entry = shared_meter().entries.get(session_id)
    where = f"ledger {ledger}, meter {entry}"
    # Billed by the second, each run rounded up on its own: a second per run at most.
    slack = 1.0 * max(1, len(entry.runs or []) if entry else 1)
    assert float(mine["seconds"]) == pytest.approx(seconds, abs=slack), where
    assert float(mine["cost"]) == pytest.approx(seconds * rate / 3600, abs=slack * rate / 3600), where
    assert float(mine["session_today"]) == pytest.approx(today * rate / 3600, abs=slack * rate / 3600), where
    assert bool(mine["running"]) == billing
    assert money(float(mine["cost"]), "USD") in bar.label.text()


def test_rent_stop_start_every_view_agrees_with_the_provider(window, qtbot) -> None:
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=30000)
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    session = dialog.result_.session
    pod_id = dialog.result_.instance.id
    api = window.demo_api
    tab = window.tabs_by_session[session.id]
    billing = tab.controller.server.billing
    bar = window.costbar
    rate = f"{money(session.hourly_price, 'USD')}/h"
    dialog.close()

    def provider_says() -> str:
        return str(api.rented[pod_id]["status"])

    def agree(billing_expected: bool) -> None:
        bar.focus(session.id)
        if billing_expected:
            assert provider_says() in ("PROVISIONING", "STARTING", "RUNNING")
            qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=5000)
            now = billing.billing_now()
            assert now.compute == {"USD": pytest.approx(session.hourly_price)}
            qtbot.waitUntil(lambda: rate in bar.label.text() and "stopped" not in bar.label.text(), timeout=3000)
            assert f"Billing now: compute {rate}" in bar.label.toolTip()
        else:
            assert provider_says() == "EXITED"
            qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=5000)
            now = billing.billing_now()
            assert not now.compute
            qtbot.waitUntil(
                lambda: "compute stopped" in bar.label.text() or "not billing" in bar.label.text(), timeout=3000
            )
            assert rate not in bar.label.text()
            assert "Billing now: compute $0.00/h" in bar.label.toolTip()
        # This run and today, as the bar shows them, against the provider's record of the pod's states.
        ticks = bar.ticks
        qtbot.waitUntil(lambda: bar.ticks >= ticks + 2, timeout=5000)
        _figures_match(bar, session.id, api.ledger, pod_id, session.hourly_price, billing_expected)
        providers = window.show_page(Page.PROVIDERS)
        providers.refresh()

        def row_status() -> str:
            for r in range(providers.table.rowCount()):
                if providers.table.item(r, 1) is not None and providers.table.item(r, 1).text() == pod_id:
                    return providers.table.item(r, 3).text()
            return ""

        want = ("running", "starting") if billing_expected else ("stopped",)
        qtbot.waitUntil(lambda: row_status().startswith(want), timeout=10000)
        assert SessionStore().get(session.id) is not None and window.store.get(session.id) is not None

    agree(True)  # rented
    billing.act("stop")
    qtbot.waitUntil(lambda: provider_says() == "EXITED", timeout=10000)
    agree(False)  # stopped
    billing.act("start")
    qtbot.waitUntil(lambda: provider_says() != "EXITED", timeout=10000)
    agree(True)  # started again


# -- the app killed, restarted, the guard's stop, restarted again ------------------------------------------------------

#: the demo's timing, shortened: the guard checks each second and acts 5 s after the app's last heartbeat once the
#: demo server has been idle 30 s + 6 s unanswered (the app's own idle prompt would take as long)
TIMING = {"train_s": 1, "idle_minutes": 0.5, "answer_minutes": 0.1, "interval_s": 1, "grace_s": 5}
RATE = 2.49  # the demo pod's price per hour


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _wait(what: Callable[[], Any], timeout: float) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(0.3)
    return what()


def _restart(qtbot):  # type: ignore[no-untyped-def]
    """The app started again in this process, as ``gpudesk --demo`` starts it (the detached demo host)."""
    from gpudesk.ui.main_window import MainWindow

    shared_meter().reload()  # what the last run wrote
    window = MainWindow()
    qtbot.addWidget(window)
    window.demo_detached = True
    window.show()
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=60000)
    return window


def _lines(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def _agree_with_the_ledger(window, qtbot, pod_file: Path, session_id: str, late: float = 0.0) -> bool:  # type: ignore[no-untyped-def]
    """Every view of the demo session says what the demo provider's ledger says; returns whether it bills.

    ``late``: seconds a stop by the server guard is counted after the provider's own time (the guard
    notes a stop when it sees it, at most one check late)."""
    assert window.sidebar.session(session_id) is not None  # the session is listed
    billing = window.tabs_by_session[session_id].controller.server.billing
    bar = window.costbar
    bar.focus(session_id)
    pod = _json(pod_file)
    billing_expected = pod["status"] in BILLING
    want = BillingState.BILLING if billing_expected else BillingState.STOPPED
    qtbot.waitUntil(lambda: billing.state == want and not billing.checking, timeout=15000)
    rate = f"{money(RATE, 'USD')}/h"
    if billing_expected:
        assert billing.billing_now().compute == {"USD": pytest.approx(RATE)}
        qtbot.waitUntil(lambda: rate in bar.label.text(), timeout=3000)
        assert f"Billing now: compute {rate}" in bar.label.toolTip()
    else:
        assert not billing.billing_now().compute
        qtbot.waitUntil(lambda: rate not in bar.label.text(), timeout=3000)
        assert "Billing now: compute $0.00/h" in bar.label.toolTip()
    # The Guide says the same "billing now"; Providers lists the pod in the provider's state.
    window.show_guide(True)
    guide = window.guide_dock.widget()
    guide.refresh()
    compute = f"compute {rate}" if billing_expected else "compute $0.00/h"
    assert compute in guide.billing_text(), guide.billing_text()
    providers = window.show_page(Page.PROVIDERS)
    providers.refresh()
    pod = _json(pod_file)

    def row_status() -> str:
        for r in range(providers.table.rowCount()):
            if providers.table.item(r, 1) is not None and providers.table.item(r, 1).text() == pod["id"]:
                return providers.table.item(r, 3).text()
        return ""

    qtbot.waitUntil(lambda: row_status().startswith(("running", "starting") if billing_expected else ("stopped",)),
                    timeout=10000)  # fmt: skip
    # This run and today, as the bar shows them, against the provider's record of the pod's states.
    ticks = bar.ticks
    qtbot.waitUntil(lambda: bar.ticks >= ticks + 2, timeout=5000)  # painted from figures made after the above
    pod = _json(pod_file)
    _figures_match(bar, session_id, pod["ledger"], pod["id"], RATE, billing_expected, late)
    return billing_expected


@pytest.mark.skipif(os.name != "posix" or shutil.which("curl") is None, reason="the demo's guard needs sh and curl")
def test_killed_restarted_and_stopped_by_the_guard_every_view_agrees_with_the_provider(
    gpudesk_home: Path, qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(demo_host.TIMING_ENV, json.dumps(TIMING))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTEST_CURRENT_TEST", None)
    data = gpudesk_home / "data"
    pod_file, host_file = data / "demo-host" / "pod.json", data / "demo-host" / "host.json"
    guard_dir = data / "demo-server" / ".gpudesk" / "guard"
    log = tmp_path / "app.log"
    try:
        # The app (a process of its own) runs the demo: its server billing, guarded while the app's heartbeat holds.
        app = subprocess.Popen([sys.executable, "-m", "gpudesk", "--demo"], env=env, stdout=log.open("ab"),
                               stderr=subprocess.STDOUT)  # fmt: skip
        try:
            held = _wait(lambda: "app" in (_json(guard_dir / "status.json").get("held_by") or []), 90)
            assert held, log.read_text()[-3000:]
            assert _json(pod_file)["status"] == "RUNNING"
        finally:
            app.send_signal(signal.SIGKILL)  # killed: no goodbye, nothing saved on the way out
            app.wait(10)
        session_id = _json(host_file)["session_id"]

        # Started again at once: the pod still bills, and every view says so from the meter the dead app left.
        window = _restart(qtbot)
        try:
            assert _agree_with_the_ledger(window, qtbot, pod_file, session_id)
        finally:
            window.shutdown()

        # Gone again: the guard stops the server, and the provider's ledger says when; the guard notes that it saw
        # it stopped (at most one check late: the meter counts to then, never less than the provider).
        assert _wait(lambda: _json(pod_file).get("status") == "EXITED", 120), (guard_dir / "guard.log").read_text()[
            -2000:
        ]
        stopped_at = [e["t"] for e in _json(pod_file)["ledger"] if e["status"] == "EXITED"][-1]
        confirmed = _wait(
            lambda: [e for e in _lines(guard_dir / "actions.jsonl") if e.get("result") == "confirmed"], 30
        )
        assert confirmed and confirmed[-1]["action"] == "stop", _lines(guard_dir / "actions.jsonl")
        seen_stopped = float(confirmed[-1]["t"])
        late = seen_stopped - stopped_at
        assert -1 <= late <= TIMING["interval_s"] + 1

        # Started again: the meter takes the guard's stop, and the demo pod starts again.
        window = _restart(qtbot)
        try:
            qtbot.waitUntil(lambda: _json(pod_file).get("status") == "RUNNING", timeout=60000)
            runs = lambda: shared_meter().entries[session_id].runs or []  # noqa: E731
            qtbot.waitUntil(lambda: any(r.end == seen_stopped for r in runs()), timeout=30000)
            assert _agree_with_the_ledger(window, qtbot, pod_file, session_id, late=late)
            assert [r.end for r in runs()][-2:] == [seen_stopped, None], runs()  # one run per start, none twice
        finally:
            window.shutdown()
    finally:
        pid = _json(host_file).get("pid")
        if isinstance(pid, int):
            try:
                os.kill(pid, signal.SIGTERM)  # the demo host ends its guard and tmux with itself
            except OSError:
                pass
            _wait(lambda: not host_file.exists(), 20)
