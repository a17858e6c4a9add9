"""The account dialog says that only AutoDL Pro instances are supported, and only for AutoDL."""

from __future__ import annotations

import pytest

from gpudesk.core.providers.accounts import AccountStore
from gpudesk.ui.providers.account_dialog import AccountDialog

pytestmark = pytest.mark.gui


def test_autodl_note_shows_for_autodl_only(qtbot):
    dialog = AccountDialog(AccountStore())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.kind.setCurrentIndex(dialog.kind.findData("autodl"))
    assert dialog.autodl_note.isVisible()
    assert "only Pro instances" in dialog.autodl_note.text() and "容器实例 Pro" in dialog.autodl_note.text()
    dialog.kind.setCurrentIndex(dialog.kind.findData("vast"))
    assert not dialog.autodl_note.isVisible()
