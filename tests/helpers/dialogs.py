"""Answer a message box a widget opens with ``exec()`` (it keeps it as ``_confirm_box`` for tests)."""

from __future__ import annotations

from typing import Any


def answer_box(owner: Any, button: Any = None, seen: list[str] | None = None, text: str | None = None) -> list[str]:
    """Click ``button`` (a standard button) or the button labelled ``text`` once the box shows.

    Returns the list the box's informative texts are appended to, so a test can read what it said.
    """
    from gpudesk.ui.qt import QtCore

    seen = [] if seen is None else seen

    def answer() -> None:
        box = getattr(owner, "_confirm_box", None)
        if box is None or not box.isVisible():
            QtCore.QTimer.singleShot(20, answer)
            return
        seen.append(box.informativeText())
        target = next(b for b in box.buttons() if b.text() == text) if text else box.button(button)
        target.click()

    QtCore.QTimer.singleShot(0, answer)
    return seen
