"""Where a server's terminal is, for the file browser: the one piece of widget state two panels share.

The terminal panel and the files panel of one server find the same :class:`TerminalFolder` through
``TerminalFolder.of(server)``; it lives as long as the server does. It holds only what the two views
tell each other (which terminal was typed in last, whether the browser follows it), never the server's
state.
"""

from __future__ import annotations

import weakref

from gpudesk.core.live.server import LiveServer
from gpudesk.ui.qt import QObject, Signal

_BY_SERVER: weakref.WeakKeyDictionary[LiveServer, TerminalFolder] = weakref.WeakKeyDictionary()


class TerminalFolder(QObject):
    folder = Signal(str)  # a terminal's shell is in this folder now (the file browser may follow)
    folder_wanted = Signal()  # someone wants ``folder`` now (the terminal panel answers)
    cd_wanted = Signal(str)  # the file browser asks the terminal to change to this folder

    def __init__(self) -> None:
        super().__init__()
        self.follow = False  # True while the file browser follows the terminal's folder
        self.active: object | None = None  # the terminal view typed in last (its folder is followed)

    @classmethod
    def of(cls, server: LiveServer) -> TerminalFolder:
        """The one for ``server`` (made on first use)."""
        found = _BY_SERVER.get(server)
        if found is None:
            found = _BY_SERVER[server] = cls()
        return found
