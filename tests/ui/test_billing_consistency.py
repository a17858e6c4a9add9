"""One truth about a server's bill: after a stop from the Providers page, from the idle prompt, or from the
command line in another process while the window is open, the cost bar, the Providers page and the server's
live billing state all say "stopped"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.core.billing import config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.live.billing import BillingState
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.model import Session
from gpudesk.core.shell import Page
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtWidgets
from tests.helpers.dialogs import answer_box
from tests.helpers_providers.runpod_stub import POD, RunPodStub

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pod(window, qtbot):
    """A linked, billing RunPod pod (local stub) attached to the window's cost bar, and the Providers page."""
    stub = RunPodStub().start()
    AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
    session = window.store.add(
        Session(
            name="pod",
            host="127.0.0.1",
            port=1,
            username="root",
            provider="rp",
            provider_instance_id=POD["id"],
            hourly_price=0.44,
        )
    )
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1)))
    controller = ConnectionController(session)
    tracker = window.costbar.attach(controller)
    billing = controller.server.billing
    qtbot.waitUntil(lambda: billing.state == BillingState.BILLING and billing.actions is not None, timeout=10000)
    page = window.show_page(Page.PROVIDERS)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1 and _status(page).startswith("running"), timeout=10000)
    yield stub, session, controller, tracker, page
    window.costbar.detach(controller)
    controller.close()
    stub.stop()


def _status(page) -> str:  # type: ignore[no-untyped-def]
    item = page.table.item(0, 3)
    return item.text() if item is not None else ""


def agree_stopped(window, page, controller, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Every view says the same thing, soon, without anyone pressing Refresh."""
    billing = controller.server.billing
    qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=5000)
    # Compute stopped; the pod's 20 GB volume disk bills on (the one ledger): never "not billing" while it does.
    qtbot.waitUntil(lambda: "compute stopped · storage $" in window.costbar.label.text(), timeout=10000)
    assert "not billing" not in window.costbar.label.text()
    qtbot.waitUntil(lambda: _status(page).startswith("stopped"), timeout=10000)
    assert not billing.meter.is_running(controller.session.id)


def test_a_stop_on_the_providers_page(window, qtbot, pod) -> None:
    stub, _session, controller, _tracker, page = pod
    page.table.selectRow(0)
    answer_box(page, QtWidgets.QMessageBox.StandardButton.Yes)
    page.stop_button.click()
    agree_stopped(window, page, controller, qtbot)
    assert stub.pods[POD["id"]]["status"] == "EXITED"


def test_a_stop_from_the_idle_prompt(window, qtbot, pod) -> None:
    from tests.ui.test_billing_costbar import idle_gpus

    stub, session, controller, _tracker, page = pod
    lists = sum(1 for r in stub.requests if r.method == "GET")
    idle_gpus(controller, 90)
    qtbot.waitUntil(lambda: session.id in window.costbar.prompts, timeout=5000)
    prompt = window.costbar.prompts[session.id]
    assert prompt.stop_button.isEnabled()
    prompt.stop_button.click()
    agree_stopped(window, page, controller, qtbot)
    assert stub.pods[POD["id"]]["status"] == "EXITED"
    assert sum(1 for r in stub.requests if r.method == "GET") > lists  # the page asked again by itself


def test_a_stop_from_the_command_line_while_the_window_is_open(window, qtbot, pod) -> None:
    stub, _session, controller, _tracker, page = pod
    done = subprocess.run(
        [sys.executable, "-m", "gpudesk", "instances", "stop", POD["id"], "--provider", "rp", "--yes"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert stub.pods[POD["id"]]["status"] == "EXITED"
    agree_stopped(window, page, controller, qtbot)
