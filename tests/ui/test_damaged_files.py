"""The main window starts with damaged data files and says which were damaged and where they were kept."""

from __future__ import annotations

import json

import pytest

from gpudesk.core import paths
from gpudesk.core.providers.accounts import accounts_file

pytestmark = pytest.mark.gui


def test_main_window_starts_with_damaged_files_and_names_the_kept_copies(qtbot) -> None:
    sessions = paths.sessions_file()
    good = {"name": "lab", "host": "lab.example", "port": 22, "id": "lab"}
    bad = {"name": 5, "host": "h.example", "port": 22, "id": "bad"}  # a number as name once stopped the app
    sessions.write_bytes(json.dumps({"version": 1, "folders": [], "sessions": [good, bad]}).encode())
    accounts_file().write_bytes(b'{"accounts": [')

    from gpudesk.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.damaged_files_box is not None and window.damaged_files_box.isVisible(), timeout=10000)
        text = window.damaged_files_box.text()
        (kept_sessions,) = sessions.parent.glob("sessions.json.broken-*")
        (kept_accounts,) = accounts_file().parent.glob("providers.json.broken-*")
        assert str(kept_sessions) in text and str(kept_accounts) in text and "damaged" in text
        assert not window.damaged_files_box.isModal()  # the app is usable while the note is shown
        assert window.sidebar.tree.topLevelItemCount() == 1
        assert window.sidebar.tree.topLevelItem(0).text(0).endswith("lab")
    finally:
        if window.damaged_files_box is not None:
            window.damaged_files_box.close()
        window.shutdown()
