"""Rent rents the offer picked, or says plainly what differs (issue #33, item 1).

Real parts: the Catalog page, the local Vast.ai server (tests/helpers_providers), the demo
provider and its server. The confirmation names the offer picked (provider, GPU × count, memory,
price) beside what will be rented; the next best after a capacity refusal, and the demo's
stand-in, are shown as a different offer with their differences; the session is named after
what was rented.
"""

from __future__ import annotations

import pytest

from tests.ui.test_rent_flow import catalog, rent_row, vast, wait_page  # noqa: F401 - vast is a fixture

pytestmark = pytest.mark.gui


def shown(confirm, name: str) -> str:  # type: ignore[no-untyped-def]
    """The text of the confirmation's label ``name`` when it is shown ("" when hidden or not there)."""
    label = getattr(confirm, name, None)
    return label.text() if label is not None and not label.isHidden() else ""


def test_the_confirmation_shows_the_picked_offer_and_the_next_best_as_a_different_offer(window, qtbot, vast):  # noqa: F811
    vast.gone.add(2)  # listed, but someone else rents it first
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "Vast.ai", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    confirm = dialog.confirm
    picked = shown(confirm, "picked")
    assert picked == "1× RTX 4090 (24 GB each) · Vast.ai · $0.400/h", picked  # the Catalog's (dated) price
    # The same offer, quoted live at another price: said, never silently.
    assert "differs from the Catalog's" in shown(confirm, "differs") and "$0.350/h instead of $0.400/h" in shown(
        confirm, "differs"
    )
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.next_button.isVisible(), timeout=20000)
    dialog.next_button.click()
    assert dialog.pages.currentWidget() is confirm
    assert shown(confirm, "picked") == picked  # still the offer picked, not the replacement
    text = shown(confirm, "differs")
    assert "This is not the offer you picked" in text and "$0.410/h instead of $0.400/h" in text, text
    dialog.close()


def test_the_demo_says_plainly_what_it_rents_instead_of_the_pick_and_names_the_session_after_it(window, qtbot):
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=30000)
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")  # no RunPod account: the demo provider stands in
    wait_page(qtbot, dialog, dialog.confirm)
    confirm = dialog.confirm
    assert shown(confirm, "picked").startswith("1× RTX 4090 (24 GB each) · RunPod · $")
    text = shown(confirm, "differs")
    assert "The demo does not rent the offer you picked" in text and "1× H100 80GB HBM3 (80 GB each)" in text, text
    assert "GPU H100 80GB HBM3 instead of RTX 4090" in text and "provider Demo provider instead of RunPod" in text
    assert "memory" not in text or "80 GB per GPU instead of 24 GB" in text
    progress: list[str] = []
    dialog.progress.status.destroyed.connect(lambda *_: None)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: progress.append(dialog.progress.status.text()) or dialog.result_ is not None, timeout=60000)
    session = dialog.result_.session
    assert "RTX 4090" not in session.name and session.name.startswith("1× H100 80GB HBM3"), session.name
    assert not any("RunPod" in line for line in progress), progress
    dialog.close()
