"""Where gpudesk keeps its files.

Every path the app writes goes through here, so tests (and portable installs) can
redirect everything with one environment variable: ``GPUDESK_HOME``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def portable_root() -> Path | None:
    """Portable mode: a file named ``portable`` beside the executable keeps all data in ``data/`` there.

    For users who run the app from a USB stick, as many MobaXterm users do.
    """
    exe_dir = Path(sys.executable).resolve().parent
    if getattr(sys, "frozen", False) and (exe_dir / "portable").exists():
        return exe_dir / "data"
    return None


def _base(kind: str) -> Path:
    override = os.environ.get("GPUDESK_HOME")
    if override:
        return Path(override) / kind
    portable = portable_root()
    if portable is not None:
        return portable / kind
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir("gpudesk", appauthor=False))
    if kind == "data":
        return Path(platformdirs.user_data_dir("gpudesk", appauthor=False))
    return Path(platformdirs.user_cache_dir("gpudesk", appauthor=False))


def config_dir() -> Path:
    path = _base("config")
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    path = _base("data")
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    path = _base("cache")
    path.mkdir(parents=True, exist_ok=True)
    return path


def sessions_file() -> Path:
    return config_dir() / "sessions.json"


def settings_file() -> Path:
    return config_dir() / "settings.json"


def known_hosts_file() -> Path:
    return config_dir() / "known_hosts"


def user_known_hosts_file() -> Path:
    return Path.home() / ".ssh" / "known_hosts"
