"""Duplicating a session that logs in with a key kept in the keyring gives the copy that key too."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.ui.qt import QtCore, QtWidgets

pytestmark = pytest.mark.gui

PRIVATE = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "b3BlbnNzaC1rZXktdjEAAAAA" * 60 + "\n-----END OPENSSH PRIVATE KEY-----\n"


def _choose_from_context_menu(qtbot, sidebar, item, text: str) -> None:
    """Open the session's context menu like a right click and pick ``text`` from it."""

    def pick() -> None:
        menu = QtWidgets.QApplication.activePopupWidget()
        if menu is None:
            QtCore.QTimer.singleShot(20, pick)
            return
        action = next(a for a in menu.actions() if a.text() == text)
        menu.close()
        action.trigger()

    QtCore.QTimer.singleShot(0, pick)
    sidebar.tree.customContextMenuRequested.emit(sidebar.tree.visualItemRect(item).center())


def test_duplicate_copies_the_stored_key(qtbot, tmp_path: Path) -> None:
    from gpudesk.ui.sidebar import ID_ROLE, SessionTree

    store = SessionStore(tmp_path / "sessions.json")
    original = store.add(Session(name="a100", host="10.0.0.7", username="ml", auth="stored_key"))
    secrets.set_secret(secrets.stored_key_entry(original.id), "ml", PRIVATE)  # long: stored in chunks
    sidebar = SessionTree(store)
    qtbot.addWidget(sidebar)
    sidebar.show()
    sidebar.refresh()
    item = next(
        sidebar.tree.topLevelItem(i)
        for i in range(sidebar.tree.topLevelItemCount())
        if sidebar.tree.topLevelItem(i).data(0, ID_ROLE) == original.id
    )
    _choose_from_context_menu(qtbot, sidebar, item, "Duplicate")
    qtbot.waitUntil(lambda: len(SessionStore(tmp_path / "sessions.json")) == 2)
    copy = next(s for s in SessionStore(tmp_path / "sessions.json") if s.id != original.id)
    assert copy.auth == "stored_key"
    # Copied off the GUI thread (a keyring may be slow or ask the user).
    qtbot.waitUntil(lambda: secrets.get_secret(secrets.stored_key_entry(copy.id), copy.username) == PRIVATE)
    # The copy's key is its own entry: deleting the original's leaves it.
    secrets.delete_secret(secrets.stored_key_entry(original.id), "ml")
    assert secrets.get_secret(secrets.stored_key_entry(copy.id), copy.username) == PRIVATE
    secrets.delete_secret(secrets.stored_key_entry(copy.id), copy.username)
