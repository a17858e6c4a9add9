"""The multi-server page against the real sshd: two sessions to it and one to a closed port."""

from __future__ import annotations

import hashlib
import os
import socket
import uuid
from pathlib import Path

import pytest

from gpudesk.core import settings
from gpudesk.core.multi import run as R
from gpudesk.core.multi import upload as U
from gpudesk.core.sessions.model import Session
from gpudesk.ui.multi.dashboard import COST, GPUS, IDLE, MEMORY, STATE, UTIL
from gpudesk.ui.multi.outputs import FAIL_COLOUR, OK_COLOUR
from gpudesk.ui.qt import Qt
from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - the nvidia-smi replay fixture
from tests.helpers.sshd import free_port
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


@pytest.fixture
def page(window, qtbot, app_trusts_sshd, nvsmi):  # noqa: F811
    sshd = app_trusts_sshd
    nvsmi("v100-x8")
    settings.set("telemetry.check_on_connect", False)
    settings.set("telemetry.interval_ms", 300)
    ids = []
    for name, port, price in (("gpu-a", sshd.port, 2.49), ("gpu-b", sshd.port, None), ("gone", free_port(), 1.1)):
        session = Session(name=name, host=sshd.host, port=port, username=sshd.username, auth="key_file",
                          identity_file=str(sshd.key_path), keepalive_s=0, hourly_price=price, currency="USD")
        ids.append(window.store.add(session).id)
    window.sidebar.refresh()
    window.open_multi(ids)
    page = next(p for k, p in window.pages.items() if k.startswith("multi:"))
    assert window.tabs.currentWidget() is page
    return page


def _cell(page, row: int, column: int) -> str:
    item = page.dashboard.item(row, column)
    return item.text() if item is not None else ""


def test_connect_all_then_dashboard_rows(page, window, qtbot) -> None:
    assert [_cell(page, r, 0) for r in range(3)] == ["gpu-a", "gpu-b", "gone"]
    assert _cell(page, 0, STATE) == "Not connected"
    qtbot.mouseClick(page.connect_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is page  # the tabs opened behind it
    assert set(window.tabs_by_session) == set(page.session_ids)
    qtbot.waitUntil(lambda: [_cell(page, r, STATE) for r in range(3)] == ["Connected", "Connected", "Failed"], timeout=WAIT)
    assert "refused" in page.dashboard.item(2, STATE).toolTip()
    assert page.title.text() == "3 servers · 2 connected"
    # GPU summary comes from each tab's GPU telemetry (the replayed 8× V100 capture).
    qtbot.waitUntil(lambda: _cell(page, 0, GPUS) == "8× V100" and _cell(page, 1, GPUS) == "8× V100", timeout=WAIT)
    assert _cell(page, 0, UTIL).endswith("%") and _cell(page, 0, MEMORY).endswith("GB")
    assert _cell(page, 0, COST) == "2.49 USD/h" and _cell(page, 1, COST) == "" and _cell(page, 2, COST) == "1.10 USD/h"
    assert _cell(page, 2, GPUS) == ""
    # A dropped server shows at once.
    window.tabs_by_session[page.session_ids[1]].controller.connection.transport.close()
    qtbot.waitUntil(lambda: _cell(page, 1, STATE) == "Connection lost", timeout=WAIT)
    assert _cell(page, 1, GPUS) == ""


def test_run_on_all_shows_outputs_side_by_side(page, window, qtbot, sshd) -> None:
    page.connect_all()
    qtbot.waitUntil(lambda: _cell(page, 1, STATE) == "Connected" and _cell(page, 2, STATE) == "Failed", timeout=WAIT)
    page.command.setText("hostname; echo $SSH_CONNECTION")
    with qtbot.waitSignal(page.run_finished, timeout=WAIT):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    cols = page.outputs.columns
    assert list(cols) == ["gpu-a", "gpu-b", "gone"]
    for name in ("gpu-a", "gpu-b"):
        col = cols[name]
        host, line = col.stdout.toPlainText().strip().splitlines()
        assert host == socket.gethostname() and line.split()[3] == str(sshd.port)
        assert col.exit_code == 0 and col.status.text().startswith("exit 0")
        assert OK_COLOUR in col.status.styleSheet()
    assert cols["gone"].state == R.FAILED and "not connected" in cols["gone"].error.text()
    assert cols["gone"].error.isVisibleTo(page)
    # side by side: the columns sit next to each other
    assert cols["gpu-a"].geometry().right() <= cols["gpu-b"].geometry().left()
    assert "2 of 3" in page.status.text()

    # A failing command: exit code in red, stderr shown under the output.
    with qtbot.waitSignal(page.run_finished, timeout=WAIT):
        page.run_on_all("echo partial; echo 'no such thing' >&2; exit 3")
    col = page.outputs.columns["gpu-b"]
    assert col.exit_code == 3 and col.status.text().startswith("exit 3") and FAIL_COLOUR in col.status.styleSheet()
    assert col.stdout.toPlainText() == "partial\n" and col.stderr.toPlainText() == "no such thing\n"
    assert col.stderr.isVisibleTo(page)


def test_cancel_a_long_command(page, qtbot) -> None:
    page.connect_all()
    qtbot.waitUntil(lambda: _cell(page, 0, STATE) == "Connected" and _cell(page, 1, STATE) == "Connected", timeout=WAIT)
    page.run_on_all("echo begun; sleep 120")
    qtbot.waitUntil(lambda: all("begun" in page.outputs.columns[n].stdout.toPlainText() for n in ("gpu-a", "gpu-b")), timeout=WAIT)
    assert not page.run_button.isEnabled()
    with qtbot.waitSignal(page.run_finished, timeout=WAIT):
        qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    assert page.outputs.columns["gpu-a"].status.text() == "cancelled"
    assert page.run_button.isEnabled()


def test_upload_file_to_all(page, qtbot, sshd, tmp_path) -> None:
    page.connect_all()
    qtbot.waitUntil(lambda: _cell(page, 0, STATE) == "Connected" and _cell(page, 1, STATE) == "Connected", timeout=WAIT)
    local = tmp_path / "data.bin"
    local.write_bytes(os.urandom(2 * 1024 * 1024))
    base = f"multi-ui-{uuid.uuid4().hex[:8]}"
    with qtbot.waitSignal(page.upload_finished, timeout=WAIT * 2):
        page.upload_to_all(str(local), f"~/{base}/$PPID")  # $PPID: each connection its own folder (one sshd)
    assert page.results.currentWidget() is page.uploads
    results = page.uploads.results
    digest = hashlib.sha256(local.read_bytes()).hexdigest()
    for name in ("gpu-a", "gpu-b"):
        assert results[name].state == U.DONE
        copy = Path(results[name].remote_path)
        assert copy.is_relative_to(sshd.home / base)
        assert hashlib.sha256(copy.read_bytes()).hexdigest() == digest
        row = page.uploads.rows[name]
        assert page.uploads.cellWidget(row, 1).value() == 1000
        assert page.uploads.item(row, 2).text().startswith("Done: ")
    assert results["gone"].state == U.FAILED
    assert "not connected" in page.uploads.item(page.uploads.rows["gone"], 2).text()
    assert results["gpu-a"].remote_path != results["gpu-b"].remote_path
    assert page.status.text() == "Upload finished: 2 of 3 servers have the copy."


def test_closing_the_page_cancels_its_run(page, window, qtbot) -> None:
    page.connect_all()
    qtbot.waitUntil(lambda: _cell(page, 0, STATE) == "Connected", timeout=WAIT)
    page.run_on_all("sleep 120")
    run = page.run
    qtbot.waitUntil(lambda: run.results["gpu-a"].state == R.RUNNING, timeout=WAIT)
    window.close_tab(window.tabs.indexOf(page))
    qtbot.waitUntil(lambda: run.finished, timeout=WAIT)
    assert run.results["gpu-a"].state == R.CANCELLED


def test_dashboard_shows_the_demo_server_and_a_second_one(window, qtbot, app_trusts_sshd, nvsmi) -> None:  # noqa: F811
    sshd = app_trusts_sshd
    nvsmi("v100-x8")
    settings.set("telemetry.check_on_connect", False)
    settings.set("telemetry.interval_ms", 300)
    window.start_demo()
    qtbot.waitUntil(lambda: len(window.tabs_by_session) == 1, timeout=WAIT)
    demo_id = next(iter(window.tabs_by_session))
    lab = window.store.add(Session(name="lab", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                                   identity_file=str(sshd.key_path), keepalive_s=0))
    window.sidebar.refresh()
    window.open_multi([demo_id, lab.id])
    page = window.tabs.currentWidget()
    page.connect_all()
    assert window.tabs.currentWidget() is page
    qtbot.waitUntil(lambda: [_cell(page, r, STATE) for r in range(2)] == ["Connected", "Connected"], timeout=WAIT)
    assert _cell(page, 0, 0) == "Demo GPU server" and _cell(page, 1, 0) == "lab"
    qtbot.waitUntil(lambda: _cell(page, 0, GPUS) != "" and _cell(page, 1, GPUS) == "8× V100", timeout=WAIT)
    # The page reads the server's own GPU summary (the same one the sidebar's line is made from).
    assert _cell(page, 0, GPUS) == window.workspace.get(demo_id).telemetry.summary.text.split(" · ")[0]
    assert _cell(page, 0, COST) == "2.49 USD/h"
    # The demo's cost guard is fed by its GPU samples: the idle column says busy (training) or how long idle.
    qtbot.waitUntil(lambda: _cell(page, 0, IDLE) != "", timeout=WAIT)
    qtbot.waitUntil(lambda: _cell(page, 1, IDLE) == "busy", timeout=WAIT)  # the replayed V100s run at 100%
    assert page.title.text() == "2 servers · 2 connected"
