"""Before Qt starts on Linux: can its X11 platform plugin load? If not, name what is really missing.

When ``libqxcb.so`` cannot be loaded, Qt aborts with "Could not load the Qt platform plugin "xcb"" and
often names one library (``libxcb-cursor0``) while others are missing too. This check loads the plugin
the way Qt will (``dlopen``), and only when that fails asks ``ldd`` for every library not found, then
says which Debian/Ubuntu and Fedora packages hold them. It costs one ``dlopen`` of a file Qt loads anyway;
it imports nothing of Qt's Python side (so it runs before the abort could happen).
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

#: library (soname) → (Debian/Ubuntu package, Fedora package); the ones Qt 6's xcb plugin needs beyond X11 itself
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
}
NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)


def xcb_plugin() -> Path | None:
    """Where PySide6 keeps Qt's X11 platform plugin, found without importing PySide6."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        path = Path(base) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if path.is_file():
            return path
    return None


def missing_libraries(plugin: Path, ldd: str | None = None) -> list[str]:
    """The libraries ``plugin`` needs that the system does not have, as ``ldd`` lists them (in its order)."""
    ldd = ldd or shutil.which("ldd")
    if ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return list(dict.fromkeys(NOT_FOUND.findall(out[:200_000])))


def advice(missing: list[str], first_error: str = "") -> str:
    """The words for the user: what is missing, and the commands that install it."""
    debian = sorted({PACKAGES[lib][0] for lib in missing if lib in PACKAGES})
    fedora = sorted({PACKAGES[lib][1] for lib in missing if lib in PACKAGES})
    unknown = [lib for lib in missing if lib not in PACKAGES]
    lines = ["gpudesk cannot open its window: Qt's X11 platform plugin needs libraries this system lacks."]
    if missing:
        lines.append("Missing: " + ", ".join(missing) + ".")
    elif first_error:
        lines.append(f"The plugin did not load: {first_error}")
    if debian:
        lines.append("Debian/Ubuntu: sudo apt install " + " ".join(debian))
    if fedora:
        lines.append("Fedora: sudo dnf install " + " ".join(fedora))
    if unknown:
        lines.append("Find the package that holds " + ", ".join(unknown) + " with your distribution's package search.")
    lines.append("The README's Linux section lists every package the app needs.")
    return "\n".join(lines)


def check(environ: dict[str, str] | None = None) -> str | None:
    """On Linux with X11: None when the plugin loads (or the check does not apply), else the advice to print."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None  # offscreen, wayland, …: not the X11 plugin
    if not platform and not env.get("DISPLAY"):
        return None  # Qt will pick another platform (or say there is no display): not this plugin's problem
    plugin = xcb_plugin()
    if plugin is None:
        return None
    try:
        ctypes.CDLL(str(plugin))
        return None
    except OSError as exc:
        first = str(exc)
    return advice(missing_libraries(plugin), first)
