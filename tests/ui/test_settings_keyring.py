"""Settings shows which password store is in use, and that a plain-file one saves nothing until allowed."""

from __future__ import annotations

import keyring
import pytest

from gpudesk.core import secrets, settings


def test_a_plain_file_store_is_named_and_saves_nothing_until_allowed(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gpudesk.ui.settings_dialog import SettingsDialog

    monkeypatch.delenv(secrets.ALLOW_ENV, raising=False)
    assert type(keyring.get_keyring()).__name__ == "PlaintextKeyring"
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    text = dialog.keyring_label.text()
    assert "PlaintextKeyring" in text and "not saved" in text, text
    box = dialog._editors["secrets.allow_plaintext_keyring"]
    assert not box.isChecked()
    dialog.search.setText("password store")
    assert dialog.keyring_label.isVisibleTo(dialog) and dialog.form.isRowVisible(box)
    dialog.search.setText("theme")
    assert not dialog.keyring_label.isVisibleTo(dialog)
    dialog.search.setText("")

    box.setChecked(True)
    dialog._save()
    assert settings.get("secrets.allow_plaintext_keyring") is True
    assert secrets.available()
    again = SettingsDialog()
    qtbot.addWidget(again)
    assert "PlaintextKeyring" in again.keyring_label.text() and "not saved" not in again.keyring_label.text()
