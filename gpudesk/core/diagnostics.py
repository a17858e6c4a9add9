"""Help → "Create diagnostics bundle": what a bug report needs, with secrets and host names removed.

Removed (replaced by a placeholder): every saved session's host, name, user, proxy and jump host;
provider account names and instance ids; the local user name and home folder; any other host
name (a provider's gateway quoted in a log line), IP address, e-mail address and file path.
A Python source file keeps its base name (a traceback must still say where it failed).
"""

from __future__ import annotations

import getpass
import io
import json
import platform
import re
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

from gpudesk import __version__
from gpudesk.core import logs, paths, redact, secrets, settings
from gpudesk.core.datafile import JSON
from gpudesk.core.sessions.store import SessionStore

#: a host name with a public suffix (``ssh5.vast.ai``, ``gpu-7.corp.example.com``); module names have none
_HOST = re.compile(
    r"(?<![\w.@-])(?!gpudesk\.)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
    r"(?:com|net|org|ai|io|pro|cloud|dev|cn|co|uk|de|jp|kr|sg|xyz|edu|gov|us|eu)"
    r"(?![\w-])",
    re.I,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_IPV4 = re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])")
#: with a "::" or at least four groups, so a clock time (16:00:00) is not one
_IPV6 = re.compile(
    r"(?<![\w:])(?=[0-9a-fA-F:]*::|(?:[0-9a-fA-F]{1,4}:){4})[0-9a-fA-F:]*:[0-9a-fA-F:]*[0-9a-fA-F](?![\w:])"
)
#: an absolute path (POSIX, ``~``, or Windows) with at least two parts
_PATH = re.compile(r"(?:(?<![\w.:/~-])(?:~|[A-Za-z]:)?(?:[/\\][\w.@+$%-][^\s/\\\"':,;()\[\]<>]*){2,})")
_KEEP = {"127.0.0.1", "0.0.0.0"}  # noqa: S104 - a text to keep, not an address to bind


def _placeholders(store: SessionStore) -> dict[str, str]:
    """Every known name (sessions, provider accounts, instances, this computer's user) to its placeholder."""
    mapping: dict[str, str] = {}

    def add(value: str, label: str) -> None:
        if value and value not in mapping and len(value) > 1:
            mapping[value] = label

    for i, session in enumerate(store, 1):
        for value, label in (
            (session.host, f"host-{i}"),
            (session.name, f"session-{i}"),
            (session.username, f"user-{i}"),
            (session.proxy_host, f"proxy-{i}"),
            (session.jump_host, f"jump-{i}"),
            (session.provider_instance_id, f"instance-{i}"),
        ):
            add(value, label)
    try:
        from gpudesk.core.providers.accounts import AccountStore

        for i, account in enumerate(AccountStore(), 1):
            if account.name != account.kind:  # "vast" as a name is the provider's, not the user's
                add(account.name, f"account-{i}")
    except Exception:  # noqa: BLE001 - a damaged accounts file still gets a bundle (its names are not known)
        pass
    try:
        add(getpass.getuser(), "local-user")
    except Exception:  # noqa: BLE001 - no user name to hide
        pass
    home = str(Path.home())
    if len(home) > 1:
        add(home, "~")
    return mapping


def _path(match: re.Match[str]) -> str:
    text = match.group(0)
    base = re.split(r"[/\\]", text)[-1]
    return f"<path>/{base}" if base.endswith((".py", ".pyi")) else "<path>"


def _anonymiser(store: SessionStore) -> Callable[[str], str]:
    """Map every host, user and session name to a stable placeholder, then every other address and path."""
    mapping = _placeholders(store)
    ordered = sorted(mapping, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(v) for v in ordered)) if ordered else None

    def anonymise(text: str) -> str:
        text = logs.scrub(text)
        text = pattern.sub(lambda m: mapping[m.group(0)], text) if pattern else text
        text = _EMAIL.sub("<email>", text)
        text = _PATH.sub(_path, text)
        text = _HOST.sub("<host>", text)
        text = _IPV4.sub(lambda m: m.group(0) if m.group(0) in _KEEP else "<ip>", text)
        return _IPV6.sub("<ip>", text)

    return anonymise


def _setting_value(name: str, value: JSON, anonymise: Callable[[str], str]) -> JSON:
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
