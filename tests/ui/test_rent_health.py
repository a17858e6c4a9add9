"""A faulty GPU right after Rent: the dialog says so and offers to terminate it and rent the next best.

The demo provider rents the built-in demo server, started here with its faulty-GPU switch
(GPUDESK_DEMO_HEALTH=faulty: GPU 2 has uncorrectable ECC errors and Xid 48 in its kernel log).
"""

from __future__ import annotations

import pytest

from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - the replay fixture
from tests.e2e.test_health_cli import server  # noqa: F401 - the health replay fixture
from tests.ui.test_rent_flow import catalog, rent_row, runpod, visible_buttons, wait_page  # noqa: F401

pytestmark = pytest.mark.gui


def test_a_faulty_gpu_after_rent_is_terminated_and_the_next_best_offered(window, qtbot, monkeypatch):
    monkeypatch.setenv("GPUDESK_DEMO_HEALTH", "faulty")
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=30000)
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")  # no RunPod account: the demo provider stands in
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    instance = dialog.result_.instance.id
    qtbot.waitUntil(lambda: dialog.replace_button.isVisible(), timeout=90000)
    text = dialog.message.text()
    assert instance in text and "faulty GPU" in text and "uncorrectable ECC" in text
    assert sorted(visible_buttons(dialog)) == ["Keep it", "Terminate and rent the next best…"]
    dialog.reject()  # Esc does not dismiss the question: the rented server waits for an answer
    assert dialog.isVisible()
    dialog.replace_button.click()
    # Terminated at the provider, then the next best is shown for confirmation (or said to be missing).
    qtbot.waitUntil(lambda: window.demo_api.rented[instance]["status"] == "TERMINATED", timeout=30000)
    qtbot.waitUntil(
        lambda: dialog.pages.currentWidget() is dialog.confirm or "No other offer" in dialog.message.text(),
        timeout=30000,
    )
    assert "Terminated" in dialog.message.text() or dialog.pages.currentWidget() is dialog.confirm
    dialog.done(0)  # closes its worker pool too


def test_a_rented_server_with_another_gpu_than_the_one_rented_is_faulty(window, qtbot, runpod, sshd, server):  # noqa: F811
    server("h100-load")  # the rented "RTX 4090" pod answers on the test sshd, whose nvidia-smi shows an H100
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    qtbot.waitUntil(lambda: dialog.replace_button.isVisible(), timeout=90000)
    text = dialog.message.text()
    assert "RTX 4090" in text and "NVIDIA H100 80GB HBM3" in text  # "The provider said RTX 4090; the server has …"
    tab = window.tabs_by_session[dialog.result_.session.id]
    gpus = next(p for p in tab.panels if type(p).__name__ == "GpuPanel")
    assert {f.code for f in gpus.health.gpus[0].findings} == {"model_mismatch"}
    qtbot.waitUntil(lambda: bool(gpus.cards) and gpus.cards[0].badge.text() == "Faulty", timeout=30000)
    dialog.keep_button.click()
    assert "Kept instance" in dialog.message.text()
    dialog.done(0)
