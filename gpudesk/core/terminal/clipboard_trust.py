"""Which servers may set the local clipboard (OSC 52 "set"): asked once per server, remembered.

The ``terminal.osc52`` setting still switches the feature as a whole; this is the per-server
answer to "a program on this server wants to set your clipboard". Reading the clipboard is never
allowed, whatever is stored here.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from gpudesk.core import atomic, paths

ALLOW = "allow"
DENY = "deny"
_lock = threading.Lock()


def _file() -> Path:
    return paths.config_dir() / "clipboard-servers.json"


def _load() -> dict[str, str]:
    try:
        data = json.loads(_file().read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if v in (ALLOW, DENY)}


def decision(server: str) -> str | None:
    """``ALLOW``, ``DENY``, or ``None`` when this server was never asked about."""
    with _lock:
        return _load().get(server)


def remember(server: str, allow: bool) -> None:
    """Store the user's answer for ``server`` (merged with what another window stored meanwhile)."""
    with _lock:
        data = _load()
        data[server] = ALLOW if allow else DENY
        atomic.write_text(_file(), json.dumps(data, indent=1, sort_keys=True), mode=0o600)


def forget(server: str) -> None:
    with _lock:
        data = _load()
        if data.pop(server, None) is not None:
            atomic.write_text(_file(), json.dumps(data, indent=1, sort_keys=True), mode=0o600)
