"""Sessions → an OpenSSH config snippet, so ``ssh`` and VS Code Remote-SSH reach the same servers.

No secret ever goes into the snippet: passwords stay in the keyring, and a key kept in the keyring
("stored_key") is mentioned in a comment only. Nothing from a session can add a line of its own: names
and folders go into comments with control characters replaced, and a session whose host, user, key
path or jump host could not be written safely (a line break, a leading ``-``) is left out with a comment.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from gpudesk.core import ctrlchars
from gpudesk.core.i18n import msg
from gpudesk.core.sessions.model import Session, ValidationError, check_text_fields

_UNSAFE = re.compile(r"[\s*?!,#\"'=\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def host_alias(name: str, taken: set[str]) -> str:
    """A ``Host`` alias for a session name: one token, no wildcard characters, unique in the snippet."""
    alias = _UNSAFE.sub("-", name.strip()).strip("-") or "session"
    base, n = alias, 2
    while alias.lower() in taken:
        alias = f"{base}-{n}"
        n += 1
    taken.add(alias.lower())
    return alias


def _quote(value: str) -> str:
    return f'"{value}"' if any(c.isspace() for c in value) else value


def _unsafe_reason(session: Session) -> str:
    """Why ``session`` cannot go into an ssh config as it is ("" when it can)."""
    try:
        check_text_fields(session)
    except ValidationError as exc:
        return str(exc)
    if '"' in session.identity_file:
        return msg("Session", "The key file path holds a double quote.")
    return ""


def export_ssh_config(sessions: Iterable[Session], today: date | None = None) -> str:
    """Return the snippet text for ``sessions`` (in the order given)."""
    sessions = list(sessions)
    taken: set[str] = set()
    aliases = {s.id: host_alias(s.name, taken) for s in sessions}
    by_name = {s.name: aliases[s.id] for s in sessions}
    stamp = (today or date.today()).isoformat()
    out = [f"# Exported from gpudesk on {stamp}. No passwords or keys are in this file.", ""]
    for s in sessions:
        if s.folder:
            out.append(f"# folder: {ctrlchars.clean(s.folder)}")
        reason = _unsafe_reason(s)
        if reason:
            out.append(f"# session {ctrlchars.clean(s.name)} is left out: {ctrlchars.clean(reason)}")
            out.append("")
            continue
        if s.name != aliases[s.id]:
            out.append(f"# session: {ctrlchars.clean(s.name)}")
        out.append(f"Host {aliases[s.id]}")
        out.append(f"    HostName {s.host.strip()}")
        if s.port != 22:
            out.append(f"    Port {s.port}")
        out.append(f"    User {_quote(s.username.strip())}")
        if s.auth == "key_file" and s.identity_file:
            out.append(f"    IdentityFile {_quote(s.identity_file)}")
            out.append("    IdentitiesOnly yes")
        elif s.auth == "stored_key":
            out.append("    # the key is kept in gpudesk's keyring; export it from the session editor to use it here")
        if s.jump_host:
            out.append(f"    ProxyJump {_jump(s.jump_host, by_name)}")
        out.append("")
    return "\n".join(out)


def _jump(jump: str, by_name: dict[str, str]) -> str:
    """Hops that name a saved session become that session's alias (ssh resolves the rest itself)."""
    hops = []
    for hop in (h.strip() for h in jump.split(",")):
        if hop:
            hops.append(by_name.get(hop, hop))
    return ",".join(hops)
