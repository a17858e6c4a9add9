"""The sub-tabs of a connection, in order, and how a panel works on its server. Each entry is imported lazily.

A panel is a ``QWidget`` subclass constructed as ``Panel(server, parent)`` from the tab's
:class:`~gpudesk.core.live.server.LiveServer`; it hears the server's news through
:func:`gpudesk.ui.bridge.connect` (``server.link.connected``, ``server.link.dropped``, …) and does
its IO through :func:`submit` or its own threads. A panel whose module is not present is skipped.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from gpudesk.core.live.server import LiveServer
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection
from gpudesk.ui.background import deliver_in_gui
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QObject, shiboken6

PANELS: list[tuple[str, str]] = [
    (QT_TRANSLATE_NOOP("Panels", "Terminal"), "gpudesk.ui.terminal.panel:TerminalPanel"),
    (QT_TRANSLATE_NOOP("Panels", "Files"), "gpudesk.ui.files.panel:FilesPanel"),
    (QT_TRANSLATE_NOOP("Panels", "GPUs"), "gpudesk.ui.gpus.panel:GpuPanel"),
    (QT_TRANSLATE_NOOP("Panels", "Jobs"), "gpudesk.ui.jobs.panel:JobsPanel"),
    (QT_TRANSLATE_NOOP("Panels", "Forwards"), "gpudesk.ui.forwards.panel:ForwardsPanel"),
]


def load_panels() -> list[tuple[str, type]]:
    found = []
    for title, spec in PANELS:
        module_name, _, class_name = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue  # this panel's issue is not built yet
            raise
        found.append((title, getattr(module, class_name)))
    return found


def submit(
    server: LiveServer,
    fn: Callable[[Connection], Any],
    on_done: Callable[[Any], None] | None = None,
    on_error: Callable[[BaseException], None] | None = None,
    owner: QObject | None = None,
) -> Future[Any] | None:
    """Run ``fn(connection)`` on ``server``'s IO thread; the result comes back on the GUI thread.

    Not connected: ``on_error`` hears so at once and nothing runs (None is returned). The answer is
    dropped once ``owner`` (the view that asked) is destroyed or the server's link is closed.
    """
    link = server.link
    if link.connection is None:
        if on_error:
            on_error(E.Disconnected("Not connected."))
        return None
    future = link.submit(fn)

    def alive() -> bool:
        return not link.closed and (owner is None or shiboken6.isValid(owner))

    deliver_in_gui(future, on_done, on_error, alive=alive)
    return future
