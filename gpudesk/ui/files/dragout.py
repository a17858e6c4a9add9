"""When a drag out of the remote pane may download: only once the user has dropped.

Desktops ask a drag for its data long before the drop. Qt on Windows reads the URLs when
the shell lists the drag's formats (at drag start) and on every ``QueryGetData`` for
``CF_HDROP`` while hovering; some X11 file managers read them on drag motion. Each read
would start a download of files the user may never drop. Until the mouse button is released
a drag therefore offers stand-in paths (enough for the target to show a copy cursor) and the
real files are fetched for the request that comes with the drop.
"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

from gpudesk.core import paths as app_paths
from gpudesk.ui.qt import Qt, QtGui

# GetAsyncKeyState's virtual keys for the left, right and middle buttons.
_VK_BUTTONS = (0x01, 0x02, 0x04)


def staging_root() -> Path:
    """Where drag-out copies are downloaded to (one fresh folder per drop)."""
    return app_paths.cache_dir() / "drag-out"


def pending_dir() -> Path:
    """The folder named in the stand-in paths offered before the drop (never created)."""
    return staging_root() / "pending"


def _windows_buttons_down() -> bool:
    # OLE runs the drag in its own loop: Qt never sees the button go up, the OS does.
    user32 = ctypes.windll.user32  # type: ignore[attr-defined]
    return any(user32.GetAsyncKeyState(vk) & 0x8000 for vk in _VK_BUTTONS)


def dropped() -> bool:
    """Whether the drag's button is up, so data asked for now is for a drop."""
    if sys.platform == "win32":
        return not _windows_buttons_down()
    if QtGui.QGuiApplication.platformName() in ("xcb", "offscreen", "minimal"):
        # Qt handles the release itself before it sends the drop to the target.
        return QtGui.QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton
    # Cocoa and Wayland ask a drag for its data only at the drop, and Qt does not see the
    # release there (the system runs the drag).
    return True
