"""The per-platform choices of packaging/gpudesk.spec, as plain functions the tests can call for each OS."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "gpudesk" / "resources"
BUNDLE_ID = "io.gpudesk.app"
# The oldest macOS that Qt 6.8+ supports; used when the installed PySide6 wheel does not say (a non-Mac build).
FALLBACK_MIN_MACOS = "12.0"


def executables(platform: str | None = None) -> list[tuple[str, bool]]:
    """(name, console) of each executable, the one users launch first.

    Windows and macOS: a windowed ``gpudesk`` (no console window; on macOS a normal Dock app, since PyInstaller
    marks a console build background-only) plus ``gpudesk-cli`` with a console for scripts.
    Linux has no windowed/console distinction: one ``gpudesk`` does both.
    """
    platform = platform or sys.platform
    if platform in ("win32", "darwin"):
        return [("gpudesk", False), ("gpudesk-cli", True)]
    return [("gpudesk", True)]


def icon(platform: str | None = None) -> Path | None:
    platform = platform or sys.platform
    if platform == "win32":
        return RESOURCES / "gpudesk.ico"
    if platform == "darwin":
        return RESOURCES / "gpudesk.icns"
    return None


def min_macos_from_wheel(wheel_metadata: str) -> str | None:
    """The macOS version a wheel's WHEEL file says its binaries need (``Tag: …-macosx_12_0_universal2`` → 12.0)."""
    found = [
        (int(major), int(minor))
        for major, minor in re.findall(r"^Tag:\s*\S+-macosx_(\d+)_(\d+)_\w+\s*$", wheel_metadata, flags=re.MULTILINE)
    ]
    if not found:
        return None
    major, minor = max(found)
    return f"{major}.{minor}"


def qt_min_macos() -> str:
    """LSMinimumSystemVersion for the .app: what the PySide6 wheel being bundled was built for."""
    from importlib import metadata

    for dist in ("PySide6-Essentials", "PySide6"):
        try:
            text = metadata.distribution(dist).read_text("WHEEL") or ""
        except metadata.PackageNotFoundError:
            continue
        found = min_macos_from_wheel(text)
        if found:
            return found
    return FALLBACK_MIN_MACOS


def info_plist(version: str, min_macos: str) -> dict[str, object]:
    """Info.plist keys of gpudesk.app (merged over PyInstaller's own).

    LSBackgroundOnly/LSUIElement are stated false: PyInstaller's BUNDLE takes ``console`` from the last EXE
    in the COLLECT (here ``gpudesk-cli``, a console one) and would otherwise write LSBackgroundOnly=true —
    an app with no Dock icon, no menu bar and no ⌘-Tab.
    """
    return {
        "CFBundleName": "gpudesk",
        "CFBundleDisplayName": "gpudesk",
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSBackgroundOnly": False,
        "LSUIElement": False,
        "LSMinimumSystemVersion": min_macos,
        "LSApplicationCategoryType": "public.app-category.developer-tools",
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follow the system's dark mode
    }
