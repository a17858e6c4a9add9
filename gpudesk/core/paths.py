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


def private_dir(path: Path) -> Path:
    """Create ``path`` for this user only (0700 on POSIX); a folder of ours that others can read is closed.

    Sessions, settings, billing records and logs name servers, users and paths: another local user
    must not be able to list or read them.
    """
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.name == "posix":
        try:
            st = path.stat()
            if st.st_uid == os.getuid() and st.st_mode & 0o077:
                path.chmod(st.st_mode & 0o700 | 0o700)
        except OSError:
            pass  # a folder we cannot inspect or change is used as it is (a read-only portable stick)
    return path


def config_dir() -> Path:
    return private_dir(_base("config"))


def data_dir() -> Path:
    return private_dir(_base("data"))


def cache_dir() -> Path:
    return private_dir(_base("cache"))


def sessions_file() -> Path:
    return config_dir() / "sessions.json"


def settings_file() -> Path:
    return config_dir() / "settings.json"


def known_hosts_file() -> Path:
    return config_dir() / "known_hosts"


def user_known_hosts_file() -> Path:
    return Path.home() / ".ssh" / "known_hosts"
