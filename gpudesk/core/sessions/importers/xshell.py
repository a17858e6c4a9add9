"""Xshell ``.xsh`` session files (and whole folders of them) → sessions.

An ``.xsh`` file is INI text: ``[CONNECTION]`` Host/Port/Protocol, ``[CONNECTION:AUTHENTICATION]``
UserName/UserKey. Xshell 7 writes UTF-16LE with a BOM and CRLF; Xshell 5 wrote the ANSI code page.
``UserKey`` names a key inside Xshell's User Key Manager, not a file, so the user is told how to export it.
The session name is the file name; the folder is the file's folder below the folder the user chose.
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
    key_auth,
    local_username,
    looks_like_placeholder,
    parse_port,
    read_bytes,
    split_lines,
)
from gpudesk.core.sessions.model import Session, ValidationError

_DELIMITER = re.compile("[=:]")

USER_KEY_HINT = (
    "Xshell logs in with its stored key '{key}', which lives in Xshell's User Key Manager, not in a file. "
    "In Xshell open Tools → User Key Manager, select '{key}', click Export and save the private key "
    "(OpenSSH/PEM format) to a file; then choose that file as this session's key. Until then the session "
    "logs in with the SSH agent."
)


def xsh_files(folder: Path) -> list[Path]:
    """Every ``.xsh`` below ``folder``, in a stable order."""
    return sorted(
        (p for p in folder.rglob("*") if p.suffix.lower() == ".xsh" and p.is_file()), key=lambda p: str(p).lower()
    )


def parse_xshell(path: str | os.PathLike[str], folder: str = "", encoding: str | None = None) -> FileResult:
    """Parse one ``.xsh`` file; ``folder`` is where its session goes.

    Raises:
        ImportFileError: unreadable, not an Xshell session, or damaged.
    """
    p = Path(path)
    text = decode_text(read_bytes(p), str(p), encoding)
    sections = _read_ini(text, p)
    if "CONNECTION" not in sections:
        raise ImportFileError(
            f"{p} has no [CONNECTION] section: it is not an Xshell session (or it is truncated).", str(p)
        )

    def get(section: str, key: str) -> str:
        return sections.get(section, {}).get(key.lower(), "").strip()

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
    # Name and folder are only labels (file names may hold a line break): control characters become spaces.
    session = Session(
        name=ctrlchars.clean(p.stem),
        host=host,
        port=port,
        username=user,
        folder=ctrlchars.clean(folder),
        auth="password",
    )
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
        result.warnings.append(f"{ctrlchars.clean(p.name)} skipped: {exc}")
        return result
    result.sessions.append(ImportedSession(session, str(p), notes))
    return result


def _read_ini(text: str, p: Path) -> dict[str, dict[str, str]]:
    """``{SECTION: {key: value}}`` from INI text, one line per setting, in linear time.

    Xshell writes ``Key=Value`` lines only. configparser would also join indented lines into a
    multi-line value (a user name with a line break in it) and takes quadratic time on long runs
    of spaces, so the few rules needed are applied here. A later duplicate key wins, as in Xshell.
    """
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for n, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise ImportFileError(
                    f"{p} is not an Xshell session file (line {n}: a section name is not closed).", str(p)
                )
            current = sections.setdefault(line[1:-1].strip().upper(), {})
            continue
        m = _DELIMITER.search(line)
        if m is None:
            raise ImportFileError(f"{p} is not an Xshell session file (line {n} is not a setting).", str(p))
        if current is None:
            raise ImportFileError(f"{p} is not an Xshell session file (a setting before any [section]).", str(p))
        current[line[: m.start()].strip().lower()] = line[m.end() :].strip()
    return sections


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
