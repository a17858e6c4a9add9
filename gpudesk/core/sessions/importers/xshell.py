"""Xshell ``.xsh`` session files (and whole folders of them) → sessions.

An ``.xsh`` file is INI text: ``[CONNECTION]`` Host/Port/Protocol, ``[CONNECTION:AUTHENTICATION]``
UserName/UserKey. Xshell 7 writes UTF-16LE with a BOM and CRLF; Xshell 5 wrote the ANSI code page.
``UserKey`` names a key inside Xshell's User Key Manager, not a file, so the user is told how to export it.
The session name is the file name; the folder is the file's folder below the folder the user chose.
"""

from __future__ import annotations

import configparser
import os
from pathlib import Path

from gpudesk.core.sessions.importers.common import (
    FileResult,
    ImportedSession,
    ImportFileError,
    decode_text,
    key_auth,
    local_username,
    looks_like_placeholder,
    parse_port,
    read_bytes,
)
from gpudesk.core.sessions.model import Session, ValidationError

USER_KEY_HINT = (
    "Xshell logs in with its stored key '{key}', which lives in Xshell's User Key Manager, not in a file. "
    "In Xshell open Tools → User Key Manager, select '{key}', click Export and save the private key "
    "(OpenSSH/PEM format) to a file; then choose that file as this session's key. Until then the session "
    "logs in with the SSH agent."
)


def xsh_files(folder: Path) -> list[Path]:
    """Every ``.xsh`` below ``folder``, in a stable order."""
    return sorted((p for p in folder.rglob("*") if p.suffix.lower() == ".xsh" and p.is_file()), key=lambda p: str(p).lower())


def parse_xshell(path: str | os.PathLike[str], folder: str = "", encoding: str | None = None) -> FileResult:
    """Parse one ``.xsh`` file; ``folder`` is where its session goes.

    Raises:
        ImportFileError: unreadable, not an Xshell session, or damaged.
    """
    p = Path(path)
    text = decode_text(read_bytes(p), str(p), encoding)
    parser = configparser.RawConfigParser(strict=False, interpolation=None, comment_prefixes=(";", "#"))
    parser.optionxform = str.lower  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(text, source=str(p))
    except configparser.Error as exc:
        first = str(exc).splitlines()[0].rstrip(".")
        raise ImportFileError(f"{p} is not an Xshell session file ({first}).", str(p)) from None
    sections = {s.upper(): s for s in parser.sections()}
    if "CONNECTION" not in sections:
        raise ImportFileError(f"{p} has no [CONNECTION] section: it is not an Xshell session (or it is truncated).", str(p))

    def get(section: str, key: str) -> str:
        real = sections.get(section)
        if real is None:
            return ""
        return parser.get(real, key, fallback="").strip()

    result = FileResult(str(p))
    protocol = get("CONNECTION", "Protocol") or "SSH"
    if protocol.upper() != "SSH":
        result.skipped = 1
        result.warnings.append(f"{p.name}: {protocol} session skipped (only SSH sessions are imported).")
        return result
    host = get("CONNECTION", "Host")
    if not host:
        raise ImportFileError(f"{p} has no Host in [CONNECTION] (truncated or damaged file?).", str(p))
    notes: list[str] = []
    port = parse_port(get("CONNECTION", "Port"))
    if port is None:
        notes.append(f"Port {get('CONNECTION', 'Port')!r} is not a port number; 22 is used.")
        port = 22
    user = get("CONNECTION:AUTHENTICATION", "UserName")
    if not user:
        user = local_username()
        notes.append(f"No user name saved (Xshell asks for it); '{user}' is filled in.")
    session = Session(name=p.stem, host=host, port=port, username=user, folder=folder, auth="password")
    if looks_like_placeholder(host):
        notes.append(f"Host {host} looks like a placeholder: enter the real address before connecting.")
    key = get("CONNECTION:AUTHENTICATION", "UserKey")
    if key:
        key_auth("", session, [])
        notes.append(USER_KEY_HINT.format(key=key))
    proxy = get("CONNECTION:PROXY", "Proxy")
    if proxy:
        notes.append(f"Xshell proxy '{proxy}' is not imported; set a jump host in the session if it is an SSH gateway.")
    try:
        session.validate()
    except ValidationError as exc:
        result.warnings.append(f"{p.name} skipped: {exc}")
        return result
    result.sessions.append(ImportedSession(session, str(p), notes))
    return result


def parse_xshell_path(path: str | os.PathLike[str], encoding: str | None = None) -> list[FileResult]:
    """A file gives one result; a folder gives one per ``.xsh`` below it, with folders kept."""
    p = Path(path)
    if not p.is_dir():
        return [_safe(p, "", encoding)]
    files = xsh_files(p)
    if not files:
        return [FileResult(str(p), error=f"{p} holds no .xsh session files.")]
    results = []
    for f in files:
        rel = f.parent.relative_to(p)
        results.append(_safe(f, "/".join(rel.parts), encoding))
    return results


def _safe(path: Path, folder: str, encoding: str | None) -> FileResult:
    try:
        return parse_xshell(path, folder, encoding)
    except ImportFileError as exc:
        return FileResult(str(path), error=str(exc))
