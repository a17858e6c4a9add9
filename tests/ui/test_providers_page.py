"""The Providers page against local provider API servers: add an account, list, stop, create a session."""

from __future__ import annotations

import pytest

from gpudesk.core import secrets
from gpudesk.core.providers.accounts import TOKEN_ACCOUNT, Account, AccountStore
from gpudesk.ui.providers.account_dialog import AccountDialog
from gpudesk.ui.providers.page import ProvidersPage
from gpudesk.ui.qt import QtWidgets
from tests.helpers.dialogs import answer_box
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.runpod_stub import RunPodStub

pytestmark = pytest.mark.gui


@pytest.fixture
def runpod():
    server = RunPodStub().start()
    yield server
    server.stop()


def open_page(qtbot) -> ProvidersPage:
    page = ProvidersPage()
    qtbot.addWidget(page)
    page.resize(1100, 500)
    page.show()
    return page


def answer_confirmation(page: ProvidersPage, seen: list[str], button=QtWidgets.QMessageBox.StandardButton.Yes) -> None:
    answer_box(page, button, seen)


def test_add_account_tests_the_token_before_saving(qtbot, runpod):
    dialog = AccountDialog(AccountStore())
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("runpod"))
    dialog.name.setText("my runpod")
    dialog.url.setText(runpod.url)
    dialog.token.setText("wrong-token")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Not saved"), timeout=10000)
    assert "wrong-token" not in dialog.status.text()
    assert AccountStore().get("my runpod") is None
    dialog.token.setText(runpod.token)
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.save_button.click()
    assert AccountStore().get("my runpod").base_url == runpod.url
    assert secrets.get_secret(secrets.api_token_entry("my runpod"), TOKEN_ACCOUNT) == runpod.token
    assert runpod.token not in AccountStore().path.read_text()


def test_list_stop_with_confirmation_and_create_session(qtbot, runpod):
    AccountStore().save(Account("rp", "runpod", runpod.url), token=runpod.token)
    page = open_page(qtbot)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=10000)
    cells = [page.table.item(0, c).text() for c in range(page.table.columnCount())]
    assert cells[:4] == ["rp", "7h9k2m4n6p", "pytorch-training", "running (RUNNING)"]
    assert cells[5] == "0.44 USD/h" and cells[6] == "root@195.26.233.3:34446"
    page.table.selectRow(0)
    assert page.stop_button.isEnabled() and not page.start_button.isEnabled()

    with qtbot.waitSignal(page.new_session_requested, timeout=2000) as sig:
        page.session_button.click()
    session = sig.args[0]
    assert (session.host, session.port, session.username) == ("195.26.233.3", 34446, "root")
    assert (session.provider, session.provider_instance_id, session.hourly_price) == ("rp", "7h9k2m4n6p", 0.44)

    seen: list[str] = []
    answer_confirmation(page, seen, QtWidgets.QMessageBox.StandardButton.Cancel)
    page.stop_button.click()
    assert runpod.pods["7h9k2m4n6p"]["status"] == "RUNNING"  # cancelled: nothing sent
    answer_confirmation(page, seen)
    page.stop_button.click()
    assert "volume disk" in seen[-1]  # the confirmation says what stop keeps billing
    qtbot.waitUntil(lambda: runpod.pods["7h9k2m4n6p"]["status"] == "EXITED", timeout=10000)
    qtbot.waitUntil(
        lambda: page.table.rowCount() == 1 and page.table.item(0, 3).text() == "stopped (EXITED)", timeout=10000
    )
    page.table.selectRow(0)
    assert page.start_button.isEnabled() and not page.session_button.isEnabled()


def test_lambda_offers_no_stop_and_errors_show(qtbot):
    server = LambdaStub().start()
    try:
        AccountStore().save(Account("lam", "lambda", server.url), token=server.token)
        AccountStore().save(Account("broken", "runpod", "http://127.0.0.1:9"), token="x")
        page = open_page(qtbot)
        qtbot.waitUntil(lambda: page.table.rowCount() == 1 and page.refresh_button.isEnabled(), timeout=20000)
        page.table.selectRow(0)
        assert not page.stop_button.isEnabled() and page.terminate_button.isEnabled()
        assert "no stop" in page.note.text()
        assert page.status.text().startswith("broken: Could not reach RunPod")
    finally:
        server.stop()


def test_newcomer_sees_what_bills_after_stop_and_can_delete_storage(qtbot, runpod):
    from gpudesk.core.billing import storage as storage_billing
    from gpudesk.core.billing.meter import shared_meter

    runpod.volumes = []
    runpod.add_pod("old1", status="EXITED", name="old-run")
    AccountStore().save(Account("rp", "runpod", runpod.url), token=runpod.token)
    page = open_page(qtbot)
    qtbot.waitUntil(lambda: page.table.rowCount() == 2 and page.refresh_button.isEnabled(), timeout=10000)
    # One running pod ($0.44/h) and the stopped pod's 20 GB volume ($4/month) bill together.
    summary = page.summary.text()
    assert "1 running · 1 stopped · 1 storage item(s) still billing" in summary
    assert "$0.45/h" in summary  # 0.44 + 20 GB × $0.20 / 720 h
    assert page.storage_table.rowCount() == 1
    cells = [page.storage_table.item(0, c).text() for c in range(page.storage_table.columnCount())]
    assert cells == ["rp", "old-run", "volume disk of a stopped pod", "20 GB", "$4.00", "old1"]
    assert not storage_billing.still_billing(shared_meter()).nothing  # in the running total too

    page.storage_table.selectRow(0)
    seen: list[str] = []
    answer = QtWidgets.QMessageBox.StandardButton.Cancel
    answer_confirmation(page, seen, answer)
    page.delete_storage_button.click()
    assert "/\u2060workspace is lost" in seen[-1] and runpod.pods["old1"]["status"] == "EXITED"

    answer_box(page, text="Delete for good")
    page.delete_storage_button.click()
    qtbot.waitUntil(lambda: runpod.pods["old1"]["status"] == "TERMINATED", timeout=10000)
    qtbot.waitUntil(lambda: page.refresh_button.isEnabled() and page.storage_table.rowCount() == 0, timeout=10000)
    assert page.storage_heading.text() == "No storage of yours is billing without a GPU."
    assert "$0.44/h" in page.summary.text()


def test_a_starting_pod_says_no_ssh_address_yet(qtbot, runpod):
    runpod.add_pod("boot1", status="PROVISIONING", name="booting")
    runpod.volumes = []
    AccountStore().save(Account("rp", "runpod", runpod.url), token=runpod.token)
    page = open_page(qtbot)
    qtbot.waitUntil(lambda: page.table.rowCount() == 2 and page.refresh_button.isEnabled(), timeout=10000)
    row = next(r for r in range(2) if page.table.item(r, 1).text() == "boot1")
    assert page.table.item(row, 3).text() == "starting (STARTING)"
    assert page.table.item(row, 6).text() == "no SSH address yet (starting)"
    page.table.selectRow(row)
    assert not page.session_button.isEnabled()
    page.create_session()
    assert "no SSH address yet: it is STARTING" in page.status.text()
