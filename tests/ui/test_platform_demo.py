"""`gpudesk --demo` on Windows: a sentence saying why there is no demo there, never an error."""

from __future__ import annotations

import sys

import pytest

from gpudesk.ui.qt import QtWidgets

pytestmark = pytest.mark.gui


def test_demo_on_windows_explains_instead_of_failing(window, qtbot, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    window.start_demo()
    boxes = [b for b in window.findChildren(QtWidgets.QMessageBox) if b.isVisible()]
    assert len(boxes) == 1
    box = boxes[0]
    assert box.icon() == QtWidgets.QMessageBox.Icon.Information  # not a warning, not an error
    assert "not available on Windows" in box.text() and "POSIX" in box.text()
    # Nothing was started: no server, no tab, no "Starting…" left in the status bar.
    assert window.demo_server is None and window.tabs.count() == 0
    assert window.statusBar().currentMessage() == ""
    box.accept()
