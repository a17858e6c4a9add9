"""Help → "Create diagnostics bundle": what a bug report needs, with secrets and host names removed."""

from __future__ import annotations

import io
import json
import platform
import re
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpudesk import __version__
from gpudesk.core import logs, paths, redact, secrets, settings
from gpudesk.core.sessions.store import SessionStore


def _anonymiser(store: SessionStore):  # type: ignore[no-untyped-def]
    """Map every host, user and session name to a stable placeholder."""
    mapping: dict[str, str] = {}
    for i, session in enumerate(store, 1):
        for value, label in (
            (session.host, f"host-{i}"),
            (session.name, f"session-{i}"),
            (session.username, f"user-{i}"),
            (session.proxy_host, f"proxy-{i}"),
            (session.jump_host, f"jump-{i}"),
        ):
            if value and value not in mapping and len(value) > 1:
                mapping[value] = label
    ordered = sorted(mapping, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(v) for v in ordered)) if ordered else None

    def anonymise(text: str) -> str:
        text = logs.scrub(text)
        return pattern.sub(lambda m: mapping[m.group(0)], text) if pattern else text

    return anonymise


def _setting_value(name: str, value: Any, anonymise: Callable[[str], str]) -> Any:
    """A setting as the bundle shows it: text scrubbed and anonymised, a secret-named one hidden."""
    if not isinstance(value, str):
        return value
    if value and redact.is_secret_name(name.rsplit(".", 1)[-1]):
        return redact.REDACTED
    return anonymise(value)


def build(dest: Path, extra: dict[str, str] | None = None, store: SessionStore | None = None) -> Path:
    """Write the bundle zip to ``dest`` and return it. ``extra`` adds facts the UI knows (Qt version …)."""
    store = store or SessionStore()
    anonymise = _anonymiser(store)
    info = {
        "app_version": __version__,
        "python": sys.version.split()[0],
        "os": platform.platform(),
        "machine": platform.machine(),
        "keyring_backend": secrets.describe_backend(),
        "keyring_usable": secrets.available(),
        **(extra or {}),
    }
    sessions = []
    for i, s in enumerate(store, 1):
        sessions.append(
            {
                "session": f"session-{i}",
                "port": s.port,
                "auth": s.auth,
                "has_key_file": bool(s.identity_file),
                "has_jump_host": bool(s.jump_host),
                "proxy": s.proxy_kind,
                "provider": s.provider,
                "folder_depth": len([p for p in s.folder.split("/") if p]),
                "forwards": len(s.forwards),
            }
        )
    current_settings = {name: _setting_value(name, settings.get(name), anonymise) for name in settings.SETTINGS}
    current_settings["updates.feed_url"] = "set" if settings.get("updates.feed_url") else ""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("info.json", json.dumps(info, indent=2))
        bundle.writestr("settings.json", json.dumps(current_settings, indent=2))
        bundle.writestr("sessions.json", json.dumps(sessions, indent=2))
        log_dir = paths.data_dir() / "logs"
        for log in sorted(log_dir.glob("*.log*")) if log_dir.exists() else []:
            # Scrub the whole file before keeping its tail: a cut could fall inside a private key.
            text = anonymise(log.read_text("utf-8", errors="replace"))[-500_000:]
            bundle.writestr(f"logs/{log.name}", text)
    from gpudesk.core import atomic

    atomic.write_bytes(dest, buffer.getvalue(), mode=0o644)
    return dest
