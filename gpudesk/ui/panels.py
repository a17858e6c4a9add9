"""The sub-tabs of a connection, in order. Each entry is imported lazily.

A panel is a ``QWidget`` subclass constructed as ``Panel(controller, parent)``; it listens to
``controller.connected`` / ``controller.dropped`` and does all IO through
``controller.submit`` or its own threads. A panel whose module is not present is skipped.
"""

from __future__ import annotations

import importlib

from gpudesk.ui.qt import QT_TRANSLATE_NOOP

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
