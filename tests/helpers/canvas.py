"""A terminal canvas shown on screen for widget tests (the test connects the signals it records)."""

from __future__ import annotations

from typing import Any


def shown_canvas(qtbot: Any, width: int = 640, height: int = 400) -> Any:
    from gpudesk.ui.terminal.canvas import TerminalCanvas

    canvas = TerminalCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(width, height)
    canvas.show()
    qtbot.waitExposed(canvas)
    return canvas
