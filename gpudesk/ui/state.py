"""Window state (geometry, splitters, open folders) kept between runs, under the config dir."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from gpudesk.core import atomic, paths


def _file() -> Path:
    return paths.config_dir() / "ui-state.json"


def load() -> dict[str, Any]:
    try:
        data = json.loads(_file().read_text("utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def save(data: dict[str, Any]) -> None:
    atomic.write_text(_file(), json.dumps(data, indent=2))


def encode(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def decode(text: str) -> bytes:
    try:
        return base64.b64decode(text)
    except (ValueError, TypeError):
        return b""
