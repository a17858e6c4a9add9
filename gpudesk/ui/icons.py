"""The app's icon set: bundled SVGs under resources/icons, one stroke style, crisp at any DPI."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gpudesk.ui.qt import QtGui

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"


@cache
def icon(name: str) -> QtGui.QIcon:
    path = ICONS / f"{name}.svg"
    return QtGui.QIcon(str(path)) if path.exists() else QtGui.QIcon()
