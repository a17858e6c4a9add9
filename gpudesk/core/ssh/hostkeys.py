"""Host keys: trust on first use, block on change, refuse revoked keys.

The app keeps its own known_hosts file (OpenSSH format) and also reads the user's
``~/.ssh/known_hosts``, so servers the user already trusts in OpenSSH are trusted here.
Only the app's own file is ever written: new keys are appended, and a replaced key is
written back with every other line kept byte-for-byte.

The verdict follows OpenSSH's ``check_key_in_hostkeys``: a host that is known with any key
(of any type) and presents a key that is not among them has CHANGED, never "new".
"""

from __future__ import annotations

import enum
import os
import socket
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import paramiko

from gpudesk.core import atomic, paths, settings
from gpudesk.core.i18n import msg
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh import knownhosts as kh
from gpudesk.core.ssh.knownhosts import host_entry

__all__ = [
    "HostKeyQuestion",
    "HostKeyRevoked",
    "HostKeyStore",
    "KnownKey",
    "Verdict",
    "fetch_server_key",
    "host_entry",
    "host_key_known",
    "untrusted_note",
]

# Host-key algorithms that sign with a key of another name (OpenSSH's sshkey_type_plain).
_ALGORITHM_KEY_TYPE = {"rsa-sha2-256": "ssh-rsa", "rsa-sha2-512": "ssh-rsa"}


class Verdict(enum.Enum):
    KNOWN = "known"
    UNKNOWN = "unknown"
    CHANGED = "changed"
    REVOKED = "revoked"


class HostKeyRevoked(E.ConnectError):
    """The server presented a key that a known_hosts file marks ``@revoked``."""

    kind = "host_key_revoked"


@dataclass(frozen=True)
class HostKeyQuestion:
    """What the UI shows when a server is new: answer with one of ``ANSWERS``."""

    host: str
    port: int
    key_type: str
    fingerprint: str

    ANSWERS = ("once", "always", "reject")


@dataclass(frozen=True)
class KnownKey:
    """A key a known_hosts file trusts for a host."""

    key_type: str
    fingerprint: str
    path: Path


def key_type_of_algorithm(algorithm: str) -> str:
    """The key type (as known_hosts names it) behind a host-key algorithm name."""
    algorithm = algorithm.removesuffix("-cert-v01@openssh.com")
    return _ALGORITHM_KEY_TYPE.get(algorithm, algorithm)


def order_algorithms(algorithms: Iterable[str], known_types: Iterable[str]) -> tuple[str, ...]:
    """Known key types first, each group in the given order (OpenSSH's ``order_hostkeyalgs``)."""
    algorithms = tuple(algorithms)
    known = set(known_types)
    first = tuple(a for a in algorithms if key_type_of_algorithm(a) in known)
    return first + tuple(a for a in algorithms if a not in first)


class HostKeyStore:
    def __init__(self, path: Path | None = None, extra_files: list[Path] | None = None) -> None:
        self.path = path or paths.known_hosts_file()
        if extra_files is None:
            extra_files = [paths.user_known_hosts_file()] if settings.get("ssh.read_user_known_hosts") else []
        self.extra_files = extra_files
        self._lock = threading.Lock()
        self._session_trust: set[tuple[str, str]] = set()

    @staticmethod
    def _read(path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return b""
        except OSError:
            return None  # unreadable: trusts nothing, and is never rewritten

    def _lines_for(self, name: str) -> list[tuple[Path, kh.Line]]:
        found = []
        for path in [self.path, *self.extra_files]:
            data = self._read(path)
            for line in kh.parse(data or b""):
                if kh.matches(line, name):
                    found.append((path, line))
        return found

    def known_keys(self, host: str, port: int) -> list[KnownKey]:
        """Every key trusted for ``host:port`` (``@revoked`` and ``@cert-authority`` lines left out)."""
        return [
            KnownKey(line.key_type, kh.fingerprint_of_blob(line.blob), path)
            for path, line in self._lines_for(host_entry(host, port))
            if not line.marker
        ]

    def known_key_types(self, host: str, port: int) -> list[str]:
        types: list[str] = []
        for known in self.known_keys(host, port):
            if known.key_type not in types:
                types.append(known.key_type)
        return types

    def check(self, host: str, port: int, key: paramiko.PKey) -> tuple[Verdict, str]:
        """Return the verdict and, for CHANGED, the fingerprint that was expected."""
        name = host_entry(host, port)
        blob = key.asbytes()
        lines = self._lines_for(name)
        # A revoked key is refused even where it is also listed as trusted, or trusted once.
        if any(line.marker == kh.MARKER_REVOKED and line.blob == blob for _, line in lines):
            return Verdict.REVOKED, ""
        if (name, key.get_base64()) in self._session_trust:
            return Verdict.KNOWN, ""
        plain = [line for _, line in lines if not line.marker]
        if any(line.blob == blob for line in plain):
            return Verdict.KNOWN, ""
        if plain:
            same_type = [line for line in plain if line.key_type == key.get_name()]
            return Verdict.CHANGED, kh.fingerprint_of_blob((same_type or plain)[0].blob)
        return Verdict.UNKNOWN, ""

    def trust_once(self, host: str, port: int, key: paramiko.PKey) -> None:
        self._session_trust.add((host_entry(host, port), key.get_base64()))

    def add(self, host: str, port: int, key: paramiko.PKey) -> None:
        """Trust ``key`` for ``host:port`` from now on (appends one line to the app's file)."""
        name = host_entry(host, port)
        blob = key.asbytes()
        with self._lock:
            data = self._read(self.path)
            if data is None:
                raise OSError(f"cannot read {self.path}")
            if any(kh.matches(line, name) and not line.marker and line.blob == blob for line in kh.parse(data)):
                return
            line = kh.format_line(name, key.get_name(), blob)
            if data and not data.endswith(b"\n"):
                line = b"\n" + line
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)

    def replace(self, host: str, port: int, key: paramiko.PKey) -> None:
        """Drop the stored keys for ``host:port`` in the app's file and trust ``key`` instead.

        This is the explicit, separate step after a CHANGED warning. Every other line (comments,
        other hosts, lines this parser cannot read, ``@revoked`` lines) is kept byte-for-byte.
        Keys in ``~/.ssh/known_hosts`` are not touched: a key in the app's file that matches
        makes the host KNOWN whatever else is stored.
        """
        name = host_entry(host, port)
        with self._lock:
            data = self._read(self.path)
            if data is None:
                raise OSError(f"cannot read {self.path}")  # never rewrite what we could not read
            kept = []
            for line in kh.parse(data):
                out = kh.without_host(line, name)
                if out is not None:
                    kept.append(out)
            if kept and not kept[-1].endswith(b"\n"):
                kept[-1] += b"\n"
            kept.append(kh.format_line(name, key.get_name(), key.asbytes()))
            atomic.write_bytes(self.path, b"".join(kept), mode=0o644)


def fetch_server_key(
    host: str, port: int, timeout: float = 15.0, known_types: Iterable[str] | None = None
) -> paramiko.PKey:
    """Read the key a server presents, without logging in.

    ``known_types`` are asked for first, as a connection does, so a server with several host
    keys shows the same key that the CHANGED warning named; ``None`` takes them from the app's
    store.
    """
    if known_types is None:
        known_types = HostKeyStore().known_key_types(host, port)
    with socket.create_connection((host, port), timeout=timeout) as sock:
        transport = paramiko.Transport(sock)
        try:
            opts = transport.get_security_options()
            opts.key_types = order_algorithms(opts.key_types, known_types)
            transport.start_client(timeout=timeout)
            return transport.get_remote_server_key()
        finally:
            transport.close()


# -- handing a session to OpenSSH (gpudesk's ssh config, core/sessions/ssh_export.py) --------------------
def host_key_known(session: Session) -> bool:
    """Whether gpudesk already trusts a host key for the session's server (else OpenSSH refuses it too)."""
    try:
        return bool(HostKeyStore().known_keys(session.host.strip(), session.port))
    except (OSError, ValueError):
        return False


def untrusted_note(session: Session) -> str:
    """What to tell the user when gpudesk has not trusted the server's host key yet ("" when it has)."""
    if host_key_known(session):
        return ""
    return msg(
        "Handoff",
        "gpudesk has not trusted this server's host key yet, so OpenSSH will refuse it: connect once in gpudesk "
        "and trust the key, then open it again.",
    )
