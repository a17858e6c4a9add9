"""Check a release feed for a newer version: at most once a day, never installs anything.

The feed is JSON: ``{"version": "0.2.0", "url": "https://…", "notes": "…"}`` (or a list of
such objects, newest anywhere). The URL is a setting; empty means no checks.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

from gpudesk import __version__
from gpudesk.core import atomic, paths, settings
from gpudesk.core.i18n import msg

DAY = 24 * 3600


@dataclass
class Release:
    version: str
    url: str = ""
    notes: str = ""


class UpdateError(Exception):
    pass


def parse_version(text: str) -> tuple[int, ...]:
    numbers = re.findall(r"\d+", text.split("+")[0])
    return tuple(int(n) for n in numbers[:4]) or (0,)


def _state_file() -> Path:
    return paths.data_dir() / "update-check.json"


def due(now: float | None = None) -> bool:
    if not settings.get("updates.feed_url") or not settings.get("updates.auto_check"):
        return False
    try:
        last = json.loads(_state_file().read_text()).get("last_check", 0)
    except (OSError, ValueError):
        last = 0
    return (now or time.time()) - float(last) >= DAY


def check(url: str | None = None, current: str = __version__, timeout: float = 10.0) -> Release | None:
    """Return the newest release if it is newer than ``current``; ``None`` when up to date."""
    import requests

    url = url or settings.get("updates.feed_url")
    if not url:
        raise UpdateError(msg("Updates", "No release feed is configured (Settings → updates.feed_url)."))
    try:
        response = requests.get(url, timeout=timeout, headers={"User-Agent": f"gpudesk/{current}"})
    except requests.RequestException as exc:
        raise UpdateError(
            msg("Updates", "Could not reach the release feed: {error}.", error=exc.__class__.__name__)
        ) from None
    finally:
        atomic.write_text(_state_file(), json.dumps({"last_check": time.time()}))
    if response.status_code != 200:
        raise UpdateError(msg("Updates", "The release feed answered HTTP {status}.", status=response.status_code))
    try:
        data = response.json()
        entries = data if isinstance(data, list) else [data]
        releases = [Release(str(e["version"]), str(e.get("url", "")), str(e.get("notes", ""))) for e in entries]
    except (ValueError, KeyError, TypeError):
        raise UpdateError(msg("Updates", "The release feed is not in the expected format.")) from None
    if not releases:
        return None
    newest = max(releases, key=lambda r: parse_version(r.version))
    return newest if parse_version(newest.version) > parse_version(current) else None
