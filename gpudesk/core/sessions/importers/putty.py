"""PuTTY sessions exported with regedit (``HKCU\\Software\\SimonTatham\\PuTTY\\Sessions``) → sessions.

regedit writes UTF-16LE with a BOM and CRLF ("Version 5.00") or ANSI ("REGEDIT4"). Session key names
are %-escaped by PuTTY (space, ``%``, ``\\``, ``*``, ``?``, control and non-ASCII bytes); ports are
``dword:`` hex values. Values used: HostName (may be ``user@host``), PortNumber, UserName, Protocol,
PublicKeyFile, and ProxyMethod 6 ("SSH to proxy", PuTTY 0.77+) with ProxyHost/ProxyPort/ProxyUsername as
a jump host.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from gpudesk.core import ctrlchars
from gpudesk.core.sessions.importers.common import (
    FileResult,
    ImportedSession,
    ImportFileError,
    decode_text,
    jump_spec,
    key_auth,
    local_username,
    looks_like_gb,
    looks_like_placeholder,
    read_bytes,
    split_lines,
)
from gpudesk.core.sessions.model import Session, ValidationError

_HEADERS = ("windows registry editor version 5.00", "regedit4")
_SESSIONS_KEY = "\\software\\simontatham\\putty\\sessions\\"
_VALUE = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*=\s*(.*)$')
_HEX_VALUE = re.compile(r"=\s*hex")
_PROXY_SSH = (6, 7, 8)  # SSH to proxy: port forwarding, exec, subsystem


def unmunge(name: str) -> str:
    """Undo PuTTY's %XX escaping of session names (the bytes are UTF-8 or the ANSI code page)."""
    if "%" not in name:
        return name
    raw = bytearray()
    i = 0
    while i < len(name):
        ch = name[i]
        if ch == "%" and re.fullmatch(r"[0-9A-Fa-f]{2}", name[i + 1 : i + 3]):
            raw.append(int(name[i + 1 : i + 3], 16))
            i += 3
            continue
        raw.extend(ch.encode("utf-8"))
        i += 1
    data = bytes(raw)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if looks_like_gb(data):
        try:
            return data.decode("gbk")
        except UnicodeDecodeError:
            pass
    return data.decode("cp1252", errors="replace")


def _string_value(text: str, where: str) -> str:
    if not (len(text) >= 2 and text.startswith('"') and text.endswith('"')):
        raise ImportFileError(f"{where}: a text value is not closed (truncated file?).")
    body = text[1:-1]
    out, i = [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(body[i + 1])
            i += 2
            continue
        if body[i] == '"':
            raise ImportFileError(f"{where}: a text value has a stray quote (damaged file?).")
        out.append(body[i])
        i += 1
    return "".join(out)


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """Join regedit's backslash-continued hex lines (in linear time: a value may span 100 000 lines)."""
    lines: list[tuple[int, str]] = []
    pending: list[str] = []
    start = 0
    for n, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        continued = line.endswith("\\")
        if pending:
            pending.append(line[:-1] if continued else line)
            if not continued:
                lines.append((start, "".join(pending)))
                pending = []
            continue
        if continued and _HEX_VALUE.search(line):
            start, pending = n, [line[:-1]]
            continue
        lines.append((n, line))
    if pending:
        lines.append((start, "".join(pending)))
    return lines


def parse_putty_reg(path: str | os.PathLike[str], encoding: str | None = None) -> FileResult:
    """Parse a ``.reg`` export of PuTTY's saved sessions.

    Raises:
        ImportFileError: unreadable, not a regedit export, or damaged.
    """
    p = Path(path)
    try:
        text = decode_text(read_bytes(p), str(p), encoding)
        return _parse(p, text)
    except ImportFileError as exc:
        if not exc.path:
            raise ImportFileError(f"{p}, {exc}", str(p)) from None
        raise


def _parse(p: Path, text: str) -> FileResult:
    header_seen = False
    keys: list[tuple[str, dict[str, object]]] = []
    current: dict[str, object] | None = None
    for n, line in _logical_lines(text):
        if not line or line.startswith(";"):
            continue
        if not header_seen:
            if line.lower() not in _HEADERS:
                raise ImportFileError(
                    f"{p} is not a regedit export (it should start with 'Windows Registry Editor').", str(p)
                )
            header_seen = True
            continue
        where = f"line {n}"
        if line.startswith("["):
            if not line.endswith("]"):
                raise ImportFileError(f"{where}: a registry key name is not closed (truncated file?).")
            key = line[1:-1]
            current = None
            idx = key.lower().find(_SESSIONS_KEY)
            if not key.startswith("-") and idx >= 0:
                name = key[idx + len(_SESSIONS_KEY) :]
                if name and "\\" not in name:
                    current = {}
                    # A name may decode to a line break or ESC (%0A, %1B): only a label, so cleaned.
                    keys.append((ctrlchars.clean(unmunge(name)), current))
            continue
        m = _VALUE.match(line)
        if not m and line.startswith("@="):
            continue  # a key's default value: PuTTY does not use it
        if not m:
            raise ImportFileError(f"{where}: '{line[:50]}' is not a registry value (damaged file?).")
        if current is None:
            continue
        name, raw = m.group(1), m.group(2).strip()
        if raw.startswith('"'):
            current[name.lower()] = _string_value(raw, where)
        elif raw.lower().startswith("dword:"):
            digits = raw[6:].strip()
            if not re.fullmatch(r"[0-9A-Fa-f]{1,8}", digits):
                raise ImportFileError(f"{where}: '{raw[:30]}' is not a dword value (truncated file?).")
            current[name.lower()] = int(digits, 16)
        # hex(…): values and deletions ("-") carry nothing an SSH session needs.
    if not header_seen:
        raise ImportFileError(f"{p} is empty: it is not a regedit export.", str(p))
    result = FileResult(str(p))
    non_ssh: dict[str, int] = {}
    for name, values in keys:
        if name == "Default Settings":
            continue
        protocol = str(values.get("protocol", "ssh")).lower()
        if protocol != "ssh":
            non_ssh[protocol] = non_ssh.get(protocol, 0) + 1
            result.skipped += 1
            continue
        item = _session(name, values, str(p))
        if item is None:
            result.warnings.append(f"{name} skipped: it has no host name.")
            continue
        try:
            item.session.validate()
        except ValidationError as exc:
            result.warnings.append(f"{name} skipped: {exc}")
            continue
        result.sessions.append(item)
    if non_ssh:
        kinds = ", ".join(f"{count} {proto}" for proto, count in sorted(non_ssh.items()))
        result.warnings.append(f"{result.skipped} non-SSH sessions skipped ({kinds}).")
    if not keys:
        result.warnings.append(
            f"{p.name} holds no PuTTY sessions (export HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions)."
        )
    return result


def _session(name: str, values: dict[str, object], source: str) -> ImportedSession | None:
    notes: list[str] = []
    host = str(values.get("hostname", "")).strip()
    user = str(values.get("username", "")).strip()
    if "@" in host:
        # PuTTY accepts "user@host" in the host box.
        at_user, _, host = host.rpartition("@")
        user = user or at_user
    if not host:
        return None
    port = values.get("portnumber", 22)
    if not isinstance(port, int) or not 1 <= port <= 65535:
        notes.append(f"Port {port!r} is not a port number; 22 is used.")
        port = 22
    if not user:
        user = local_username()
        notes.append(f"No user name saved (PuTTY asks 'login as:'); '{user}' is filled in.")
    session = Session(name=name, host=host, port=port, username=user, auth="password")
    if looks_like_placeholder(host):
        notes.append(f"Host {host} looks like a placeholder: enter the real address before connecting.")
    key = str(values.get("publickeyfile", "")).strip()
    if key:
        key_auth(key, session, notes, agent_word="the SSH agent (Pageant on Windows)")
    method = values.get("proxymethod", 0)
    proxy_host = str(values.get("proxyhost", "")).strip()
    if method in _PROXY_SSH and proxy_host:
        proxy_port = values.get("proxyport", 22)
        session.jump_host = jump_spec(
            proxy_host, proxy_port if isinstance(proxy_port, int) else 22, str(values.get("proxyusername", "")).strip()
        )
    elif method and method not in _PROXY_SSH:
        notes.append("PuTTY's proxy setting (SOCKS/HTTP/Telnet/command) is not imported.")
    return ImportedSession(session, source, notes)
