"""Quitting while a server bills says so first; Settings shows languages by their own names,
numbers without spurious decimals, no raw section keys, says when a search finds nothing, and
offers a restart when the language changes."""

from __future__ import annotations

import pytest

from gpudesk.core import settings
from gpudesk.core.billing.price import Price
from gpudesk.core.sessions.model import Session
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.qt import QtGui, QtWidgets
from tests.helpers.dialogs import answer_box

pytestmark = pytest.mark.gui


def test_quit_warns_while_a_session_still_bills_and_quits_at_once_when_none_does(window, qtbot) -> None:
    session = Session(name="big-pod", host="127.0.0.1", port=1, username="root", hourly_price=2.49)
    controller = ConnectionController(session)
    window.costbar.attach(controller)
    assert window.confirm_quit()  # nothing bills yet: no question
    window.costbar.meter.start(session.id)
    window.costbar.meter.configure(session.id, session.label, Price(2.49, "hour", "USD"), "typed")
    assert window.billing_now() == ["big-pod ($2.49/h)"]
    seen = answer_box(window, QtWidgets.QMessageBox.StandardButton.Cancel)
    assert not window.confirm_quit()
    assert "does not stop the bill" in seen[0] and "big-pod ($2.49/h)" in window._confirm_box.text()
    assert "Billing now: compute $2.49/h + storage $0.00/h" in window._confirm_box.text()  # the ledger's words (issue #33)
    # No provider API for this one: the box offers no "Stop and quit" it could not keep.
    assert "Stop and quit" not in [b.text() for b in window._confirm_box.buttons()]
    answer_box(window, text="Quit anyway")
    assert window.confirm_quit()
    window.costbar.meter.stop(session.id)
    assert window.confirm_quit()
    window.costbar.detach(controller)
    controller.close()


def test_stop_and_quit_stops_the_linked_server_then_quits(window, qtbot) -> None:
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    quits: list[bool] = []
    window.quit_application = lambda: quits.append(True)
    try:
        AccountStore().save(Account("rp", "runpod", stub.url), token=stub.token)
        session = window.store.add(Session(name="pod", host="127.0.0.1", port=1, username="root", provider="rp",
                                           provider_instance_id=POD["id"], hourly_price=0.44))
        controller = ConnectionController(session)
        tracker = window.costbar.attach(controller)
        window.costbar.meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
        window.costbar.meter.start(session.id)
        qtbot.waitUntil(lambda: tracker.can("stop"), timeout=10000)
        heard = len(tracker.action_done)  # the cost bar's subscription
        answer_box(window, text="Stop and quit")
        window.quit_app()
        assert not quits  # not before the provider said it stopped
        assert len(tracker.action_done) == heard + 1  # the quit guard hears the stop through the bridge
        qtbot.waitUntil(lambda: quits == [True], timeout=15000)
        assert stub.pods[POD["id"]]["status"] == "EXITED" and not window.costbar.meter.is_running(session.id)
        qtbot.waitUntil(lambda: len(tracker.action_done) == heard, timeout=5000)  # its subscription ended with it
        window.costbar.detach(controller)
        controller.close()
    finally:
        stub.stop()


def test_quit_has_a_menu_entry_and_ctrl_q(window) -> None:
    action = window.quit_action
    assert action.shortcut() == QtGui.QKeySequence("Ctrl+Q")
    assert action.menuRole() == QtGui.QAction.MenuRole.QuitRole
    assert action in window.actions()  # the keys work wherever the window has the keyboard


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_settings_show_languages_by_their_own_names_and_plain_numbers(qtbot, language: str) -> None:
    from gpudesk.ui.settings_dialog import SettingsDialog

    settings.set("ui.language", language)
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    combo = dialog._editors["ui.language"]
    names = [combo.itemText(i) for i in range(combo.count())]
    assert "English" in names and "简体中文" in names
    threshold = dialog._editors["billing.idle_threshold_pct"]
    assert threshold.text() == "5" and threshold.value() == 5.0
    threshold.setValue(2.5)
    assert threshold.text() == "2.5"
    headers = {section: header.text() for section, header in dialog._headers.items()}
    assert all(text != section for section, text in headers.items()), headers  # no raw keys such as "sync"


def test_a_search_that_finds_nothing_says_so(qtbot) -> None:
    from gpudesk.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.search.setText("qqqzzz")
    assert dialog.no_match.isVisible() and "qqqzzz" in dialog.no_match.text()
    dialog.search.setText("keepalive")
    assert not dialog.no_match.isVisible()


def test_changing_the_language_offers_a_restart(qtbot) -> None:
    from gpudesk.ui.settings_dialog import SettingsDialog

    settings.set("ui.language", "en")
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    combo = dialog._editors["ui.language"]
    combo.setCurrentIndex(combo.findData("zh_CN"))
    answer_box(dialog, text="Later")
    dialog._save()
    assert settings.get("ui.language") == "zh_CN"
    assert dialog._confirm_box.text().startswith("The new language")
