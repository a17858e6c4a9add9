from __future__ import annotations

import pytest

from gpudesk.core import paths


@pytest.fixture
def app_trusts_sshd(sshd):
    """The app's own known_hosts trusts the test sshd (as after a first 'Trust always')."""
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text())
    return sshd


@pytest.fixture
def window(qtbot):
    from gpudesk.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    yield win
    win.shutdown()
