"""Host keys: trust on first use, block on change.

The app keeps its own known_hosts file (OpenSSH format) and also reads the user's
``~/.ssh/known_hosts``, so servers the user already trusts in OpenSSH are trusted here.
Only the app's own file is ever written.
"""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass
from pathlib import Path

import paramiko

from gpudesk.core import atomic, paths
from gpudesk.core.ssh.keys import fingerprint


class Verdict(enum.Enum):
    KNOWN = "known"
    UNKNOWN = "unknown"
    CHANGED = "changed"


@dataclass(frozen=True)
class HostKeyQuestion:
    """What the UI shows when a server is new: answer with one of ``ANSWERS``."""

    host: str
    port: int
    key_type: str
    fingerprint: str

    ANSWERS = ("once", "always", "reject")


def host_entry(host: str, port: int) -> str:
    return host if port == 22 else f"[{host}]:{port}"


class HostKeyStore:
    def __init__(self, path: Path | None = None, extra_files: list[Path] | None = None) -> None:
        self.path = path or paths.known_hosts_file()
        if extra_files is None:
            from gpudesk.core import settings

            extra_files = [paths.user_known_hosts_file()] if settings.get("ssh.read_user_known_hosts") else []
        self.extra_files = extra_files
        self._lock = threading.Lock()
        self._session_trust: set[tuple[str, str]] = set()

    def _load(self, path: Path) -> paramiko.HostKeys:
        keys = paramiko.HostKeys()
        if path.exists():
            try:
                keys.load(str(path))
            except (OSError, paramiko.SSHException, ValueError, UnicodeDecodeError):
                pass  # an unreadable file trusts nothing, and is never overwritten
        return keys

    def check(self, host: str, port: int, key: paramiko.PKey) -> tuple[Verdict, str]:
        """Return the verdict and, for CHANGED, the fingerprint that was expected."""
        entry = host_entry(host, port)
        if (entry, key.get_base64()) in self._session_trust:
            return Verdict.KNOWN, ""
        changed_from = ""
        for path in [self.path, *self.extra_files]:
            known = self._load(path).lookup(entry)
            if not known:
                continue
            stored = known.get(key.get_name())
            if stored is None:
                continue
            if stored.asbytes() == key.asbytes():
                return Verdict.KNOWN, ""
            changed_from = changed_from or fingerprint(stored)
        if changed_from:
            return Verdict.CHANGED, changed_from
        return Verdict.UNKNOWN, ""

    def trust_once(self, host: str, port: int, key: paramiko.PKey) -> None:
        self._session_trust.add((host_entry(host, port), key.get_base64()))

    def add(self, host: str, port: int, key: paramiko.PKey) -> None:
        """Trust ``key`` for ``host:port`` from now on (appends to the app's file)."""
        with self._lock:
            keys = self._load(self.path)
            keys.add(host_entry(host, port), key.get_name(), key)
            self._save(keys)

    def replace(self, host: str, port: int, key: paramiko.PKey) -> None:
        """Drop every stored key for ``host:port`` in the app's file and trust ``key`` instead.

        This is the explicit, separate step after a CHANGED warning. Keys in
        ``~/.ssh/known_hosts`` are not touched: the app's own file is read first, so its
        match wins from now on.
        """
        with self._lock:
            keys = self._load(self.path)
            entry = host_entry(host, port)
            if entry in keys:
                del keys[entry]
            keys.add(entry, key.get_name(), key)
            self._save(keys)

    def _save(self, keys: paramiko.HostKeys) -> None:
        lines = []
        for entry in keys._entries:  # HostKeys.save() is not atomic; write the same lines ourselves
            line = entry.to_line()
            if line:
                lines.append(line)
        atomic.write_text(self.path, "".join(lines), mode=0o644)


def fetch_server_key(host: str, port: int, timeout: float = 15.0) -> paramiko.PKey:
    """Read the key a server presents, without logging in."""
    import socket

    with socket.create_connection((host, port), timeout=timeout) as sock:
        transport = paramiko.Transport(sock)
        try:
            transport.start_client(timeout=timeout)
            return transport.get_remote_server_key()
        finally:
            transport.close()
