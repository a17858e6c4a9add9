"""The session editor on Windows: agent forwarding cannot work there, and the box says why."""

from __future__ import annotations

import sys

import pytest

from gpudesk.ui.qt import Qt

pytestmark = pytest.mark.gui


def test_agent_forwarding_box_is_off_with_a_reason_on_windows(qtbot, monkeypatch) -> None:
    from gpudesk.ui.session_dialog import SessionDialog

    monkeypatch.setattr(sys, "platform", "win32")
    dialog = SessionDialog()
    qtbot.addWidget(dialog)
    assert dialog.forward_agent.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled)  # off, not just folded away
    assert "not available on Windows" in dialog.forward_agent.toolTip()
    monkeypatch.setattr(sys, "platform", "linux")
    other = SessionDialog()
    qtbot.addWidget(other)
    assert not other.forward_agent.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled)
    assert other.forward_agent.toolTip() == ""
