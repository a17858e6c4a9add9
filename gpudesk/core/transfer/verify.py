"""SHA-256 of local files and of remote files (``sha256sum`` or ``shasum -a 256`` on the server)."""

from __future__ import annotations

import hashlib
import shlex
from pathlib import Path

from gpudesk.core.ssh.connection import Connection

_CHUNK = 1024 * 1024


def local_sha256(path: Path | str, limit: int | None = None) -> str:
    h = hashlib.sha256()
    left = limit
    with open(path, "rb") as fh:
        while left is None or left > 0:
            chunk = fh.read(_CHUNK if left is None else min(_CHUNK, left))
            if not chunk:
                break
            h.update(chunk)
            if left is not None:
                left -= len(chunk)
    return h.hexdigest()


def remote_sha256(conn: Connection, path: str) -> str | None:
    """The remote file's SHA-256, or ``None`` when the server has no tool for it."""
    q = shlex.quote(path)
    cmd = (
        f"if command -v sha256sum >/dev/null 2>&1; then sha256sum -- {q}; "
        f"elif command -v shasum >/dev/null 2>&1; then shasum -a 256 -- {q}; else exit 127; fi"
    )
    result = conn.exec(cmd, timeout=3600)
    if result.exit_code != 0:
        return None
    digest = result.out.split(" ", 1)[0].lstrip("\\").strip().lower()
    return digest if len(digest) == 64 else None
