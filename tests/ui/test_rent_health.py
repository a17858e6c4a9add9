"""A faulty GPU right after Rent: the dialog says so and offers to terminate it and rent the next best.

The demo provider rents the built-in demo server, started here with its faulty-GPU switch
(GPUDESK_DEMO_HEALTH=faulty: GPU 2 has uncorrectable ECC errors and Xid 48 in its kernel log).
"""

from __future__ import annotations

import pytest

from tests.ui.test_rent_flow import catalog, rent_row, visible_buttons, wait_page

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
