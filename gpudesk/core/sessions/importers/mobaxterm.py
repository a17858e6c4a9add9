"""MobaXterm ``.mxtsessions`` exports and the ``[Bookmarks…]`` sections of ``MobaXterm.ini`` → sessions.

A session line is ``name=#icon#type%host%port%user%…#terminal settings#…``: ``#`` separates groups and
``%`` the fields of a group. In the first group of an SSH session (type 0): 1 host, 2 port, 3 user
(``<default>`` = the Windows login), 8/9/10 the gateway (jump host) hosts/ports/users joined by
``__PIPE__``, 14 the private key path (``_CurrentDrive_`` for the drive letter). Folders come from
``SubRep`` (``Folder\\Sub``). The files are in the Windows ANSI code page (GBK on Chinese Windows).
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
    looks_like_placeholder,
    parse_port,
    read_bytes,
    split_lines,
)
from gpudesk.core.sessions.model import Session, ValidationError

_SECTION = re.compile(r"^\[(?P<name>[^\]]*)\]\s*$")
# Matched against the value only (after the first "="), with no two \s* side by side: either made
# a long run of spaces take quadratic time.
_SESSION_VALUE = re.compile(r"\s*(?:;\s*logout\s*)?#\d+#.*", re.DOTALL)
_BOOKMARKS = re.compile(r"^Bookmarks(_\d+)?$", re.IGNORECASE)
_ESCAPES = {"__PTVIRG__": ";", "__DIEZE__": "#", "__PERCENT__": "%"}
_TYPES = {
    "0": "SSH",
    "1": "Telnet",
    "2": "Rsh",
    "3": "XDMCP",
    "4": "RDP",
    "5": "VNC",
    "6": "FTP",
    "7": "SFTP",
    "8": "Serial",
    "9": "File",
    "10": "Shell",
    "11": "Browser",
    "12": "Mosh",
    "13": "S3",
    "14": "WSL",
}


def _unescape(text: str) -> str:
    for token, char in _ESCAPES.items():
        text = text.replace(token, char)
    return text.replace("_CurrentDrive_", "C").strip()


def _field(fields: list[str], index: int) -> str:
    return _unescape(fields[index]) if index < len(fields) else ""


def parse_mobaxterm(path: str | os.PathLike[str], encoding: str | None = None) -> FileResult:
    """Parse a ``.mxtsessions`` / ``.moba`` export or a ``MobaXterm.ini``.

    Raises:
        ImportFileError: unreadable, not a MobaXterm file, or a damaged session line.
    """
    p = Path(path)
    text = decode_text(read_bytes(p), str(p), encoding)
    result = FileResult(str(p))
    section: str | None = None
    folder = ""
    found_section = False
    skipped_types: dict[str, int] = {}
    for n, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        m = _SECTION.match(line)
        if m:
            section = m.group("name")
            folder = ""
            if _BOOKMARKS.match(section):
                found_section = True
            continue
        if section is None or not _BOOKMARKS.match(section):
            continue
        key, sep, value = raw.partition("=")
        if not sep:
            raise ImportFileError(f"{p}, line {n}: '{line[:60]}' is not a MobaXterm setting (damaged file?).", str(p))
        if key.strip().lower() == "subrep":
            folder = ctrlchars.clean("/".join(part.strip() for part in value.strip().split("\\") if part.strip()))
            continue
        if key.strip().lower() == "imgnum":
            continue
        if not _SESSION_VALUE.fullmatch(value):
            raise ImportFileError(f"{p}, line {n}: not a MobaXterm session line (damaged or truncated file?).", str(p))
        groups = value.split("#")
        # groups: [prefix, icon, settings, terminal, start mode, comment, tab colour]; an export cut
        # off mid-line loses the terminal group first.
        if len(groups) < 4:
            raise ImportFileError(f"{p}, line {n}: the session line is cut off (truncated file?).", str(p))
        fields = groups[2].split("%")
        kind = fields[0].strip()
        if kind != "0":
            label = _TYPES.get(kind, f"type {kind}")
            skipped_types[label] = skipped_types.get(label, 0) + 1
            result.skipped += 1
            continue
        if len(fields) < 4:
            raise ImportFileError(f"{p}, line {n}: the SSH session has too few fields (truncated file?).", str(p))
        # Only a label: a control character in it (ESC, C1, a stray CR) is replaced by a space.
        name = ctrlchars.clean(key.strip() or _field(fields, 1))
        item = _session(name, fields, folder, str(p))
        try:
            item.session.validate()
        except ValidationError as exc:
            result.warnings.append(f"{name} skipped: {exc}")
            continue
        result.sessions.append(item)
    if not found_section:
        raise ImportFileError(f"{p} has no [Bookmarks] section: it is not a MobaXterm sessions file.", str(p))
    if skipped_types:
        kinds = ", ".join(f"{count} {label}" for label, count in sorted(skipped_types.items()))
        result.warnings.append(f"{result.skipped} non-SSH sessions skipped ({kinds}).")
    return result


def _session(name: str, fields: list[str], folder: str, source: str) -> ImportedSession:
    notes: list[str] = []
    host = _field(fields, 1)
    port = parse_port(_field(fields, 2))
    if port is None:
        notes.append(f"Port {_field(fields, 2)!r} is not a port number; 22 is used.")
        port = 22
    user = _field(fields, 3)
    if not user or user == "<default>":
        user = local_username()
        notes.append(f"No user name saved (MobaXterm's default login); '{user}' is filled in.")
    session = Session(name=name, host=host, port=port, username=user, folder=folder)
    if looks_like_placeholder(host):
        notes.append(f"Host {host} looks like a placeholder: enter the real address before connecting.")
    key = _field(fields, 14)
    if key:
        key_auth(key, session, notes, agent_word="the SSH agent (Pageant or MobaXterm's agent on Windows)")
    else:
        session.auth = "password"
    hosts = [h for h in _field(fields, 8).split("__PIPE__")]
    ports = _field(fields, 9).split("__PIPE__")
    users = _field(fields, 10).split("__PIPE__")
    hops = []
    for i, hop in enumerate(hosts):
        if not hop.strip():
            continue
        hop_port = parse_port(ports[i]) if i < len(ports) else 22
        hop_user = users[i].strip() if i < len(users) else ""
        hops.append(jump_spec(hop.strip(), hop_port or 22, hop_user))
    session.jump_host = ",".join(hops)
    return ImportedSession(session, source, notes)
