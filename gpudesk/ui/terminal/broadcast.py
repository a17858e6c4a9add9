"""Broadcast input: keystrokes and pastes typed into one chosen terminal go to all chosen ones.

One broadcaster for the whole app, so targets can be terminals of different connections
(like MobaXterm's MultiExec).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from gpudesk.ui.qt import QObject, Signal

if TYPE_CHECKING:
    from gpudesk.ui.terminal.view import TerminalView


class Broadcaster(QObject):
    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.enabled = False
        self._views: weakref.WeakSet[TerminalView] = weakref.WeakSet()
        self._targets: weakref.WeakSet[TerminalView] = weakref.WeakSet()

    def register(self, view: TerminalView) -> None:
        self._views.add(view)
        self.changed.emit()

    def unregister(self, view: TerminalView) -> None:
        self._views.discard(view)
        self._targets.discard(view)
        self.changed.emit()

    def views(self) -> list[TerminalView]:
        return sorted(self._views, key=lambda v: (v.server.session.label, v.key))

    def targets(self) -> list[TerminalView]:
        return [v for v in self.views() if v in self._targets]

    def set_target(self, view: TerminalView, on: bool) -> None:
        if on:
            self._targets.add(view)
        else:
            self._targets.discard(view)
        self.changed.emit()

    def is_target(self, view: TerminalView) -> bool:
        return view in self._targets

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.changed.emit()

    def route(self, source: TerminalView, data: bytes) -> None:
        """Send what was typed into ``source``: to every target when broadcasting from a target."""
        if self.enabled and source in self._targets:
            for view in self.targets():
                view.send_to_host(data)
                view.server.activity.emit("user")
        else:
            source.send_to_host(data)


_broadcaster: Broadcaster | None = None


def broadcaster() -> Broadcaster:
    global _broadcaster
    if _broadcaster is None:
        _broadcaster = Broadcaster()
    return _broadcaster
