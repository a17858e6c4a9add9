"""OpenSSH client config (``~/.ssh/config``) → sessions.

paramiko's :class:`~paramiko.SSHConfig` resolves options the way ``ssh`` does (first value wins,
wildcard ``Host`` blocks apply as defaults, tokens and ``~`` expanded), so it does the lookups. What it
does not do is handled here first, on the text: ``Include`` is followed (globs; relative paths from
``~/.ssh`` as OpenSSH does, else from the imported file's folder), and ``Match`` blocks are removed with
a note, because paramiko raises on them in ``get_hostnames()`` and would run ``Match exec`` commands.
"""

from __future__ import annotations

import glob
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

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
)
from gpudesk.core.sessions.model import Session, ValidationError

MAX_INCLUDE_DEPTH = 16  # OpenSSH's own limit (READCONF_MAX_DEPTH)
MAX_INCLUDED_FILES = 256  # globs at every level could otherwise multiply into millions of reads
_WILDCARDS = set("*?!")
#: Options that make paramiko touch the network or run commands during a lookup.
_DROPPED = {"canonicalizehostname", "canonicaldomains", "canonicalizemaxdots", "canonicalizefallbacklocal"}


@dataclass
class _Line:
    text: str
    file: str
    lineno: int


def _keyword(text: str) -> tuple[str, str]:
    """``"  HostName = x"`` → ``("hostname", "x")``."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return "", ""
    for i, ch in enumerate(stripped):
        if ch.isspace() or ch == "=":
            rest = stripped[i:].lstrip()
            if rest.startswith("="):
                rest = rest[1:].lstrip()
            return stripped[:i].lower(), rest
    return stripped.lower(), ""


def _split_args(value: str) -> list[str]:
    try:
        return shlex.split(value, posix=True)
    except ValueError:
        return value.split()


class _Expander:
    """Inline ``Include`` directives, remembering which file each line came from."""

    def __init__(self, top: Path, ssh_dir: Path, result: FileResult) -> None:
        self.top = top
        self.ssh_dir = ssh_dir
        self.result = result
        self.stack: list[Path] = []
        self.reads = 0

    def expand(self, path: Path, depth: int = 0) -> list[_Line]:
        real = path.resolve()
        if real in self.stack:
            self.result.warnings.append(f"{path} includes itself (through Include); the loop is not followed.")
            return []
        self.reads += 1
        if self.reads > MAX_INCLUDED_FILES:
            if self.reads == MAX_INCLUDED_FILES + 1:
                self.result.warnings.append(f"More than {MAX_INCLUDED_FILES} included files; the rest are not read.")
            return []
        self.stack.append(real)
        try:
            return self._expand(path, depth)
        finally:
            self.stack.pop()

    def _expand(self, path: Path, depth: int) -> list[_Line]:
        if depth == 0:
            text = decode_text(read_bytes(path), str(path))
        else:
            try:
                text = decode_text(read_bytes(path), str(path))
            except ImportFileError as exc:
                self.result.warnings.append(f"Included file skipped: {exc}")
                return []
        out: list[_Line] = []
        header: _Line | None = None
        for n, raw in enumerate(text.splitlines(), 1):
            key, value = _keyword(raw)
            line = _Line(raw, str(path), n)
            if key in ("host", "match"):
                header = line
            if key != "include":
                out.append(line)
                continue
            if depth + 1 > MAX_INCLUDE_DEPTH:
                self.result.warnings.append(f"{path}:{n}: Include nested too deeply; not followed.")
                continue
            included: list[_Line] = []
            for pattern in _split_args(value):
                included.extend(self._include(pattern, path, n, depth))
            out.extend(included)
            # An included file's own Host lines end the block it was included from; OpenSSH scopes them
            # to that file, so the enclosing block is reopened for the lines after the Include.
            if header is not None and any(_keyword(x.text)[0] in ("host", "match") for x in included):
                out.append(_Line(header.text, header.file, header.lineno))
        return out

    def _include(self, pattern: str, where: Path, lineno: int, depth: int) -> list[_Line]:
        expanded = os.path.expanduser(pattern)
        if os.path.isabs(expanded):
            candidates = [expanded]
        else:
            candidates = [str(self.ssh_dir / expanded), str(self.top.parent / expanded)]
        for candidate in candidates:
            matches = sorted(glob.glob(candidate))
            if matches:
                lines: list[_Line] = []
                for match in matches:
                    if Path(match).is_file():
                        lines.extend(self.expand(Path(match), depth + 1))
                return lines
        self.result.warnings.append(f"{where}:{lineno}: Include {pattern} matched no file.")
        return []


def _strip_match_blocks(lines: list[_Line], result: FileResult) -> list[_Line]:
    """Drop every ``Match`` block (its line up to the next Host/Match) and say so once per block."""
    kept: list[_Line] = []
    skipping = False
    for line in lines:
        key, value = _keyword(line.text)
        if key == "match":
            skipping = True
            result.warnings.append(
                f"{line.file}:{line.lineno}: 'Match {value}' block ignored (conditional blocks are not imported)."
            )
            continue
        if key == "host":
            skipping = False
        if skipping or key in _DROPPED:
            continue
        kept.append(line)
    return kept


def parse_ssh_config(path: str | os.PathLike[str], ssh_dir: str | os.PathLike[str] | None = None) -> FileResult:
    """Parse one OpenSSH client config file (and what it includes) into sessions.

    Raises:
        ImportFileError: the file cannot be read or is not an ssh config.
    """
    import paramiko

    top = Path(path)
    result = FileResult(str(top))
    base = Path(ssh_dir) if ssh_dir else Path(os.path.expanduser("~/.ssh"))
    lines = _strip_match_blocks(_Expander(top, base, result).expand(top), result)

    aliases: list[tuple[str, _Line]] = []
    seen: set[str] = set()
    for line in lines:
        key, value = _keyword(line.text)
        if key != "host":
            continue
        for name in _split_args(value):
            if _WILDCARDS & set(name) or name in seen:
                continue
            seen.add(name)
            aliases.append((name, line))
    recognised = any(_keyword(x.text)[0] in ("host", "hostname", "user", "port", "identityfile") for x in lines)
    if lines and not recognised:
        raise ImportFileError(f"{top} does not look like an OpenSSH config (no Host, HostName or User lines).", str(top))

    try:
        config = paramiko.SSHConfig.from_text("\n".join(x.text for x in lines))
    except (paramiko.ssh_exception.ConfigParseError, ValueError) as exc:
        raise ImportFileError(f"{top} is not a valid ssh config: {exc}.", str(top)) from None

    names = {name for name, _ in aliases}
    for alias, line in aliases:
        try:
            options = config.lookup(alias)
        except Exception as exc:  # noqa: BLE001 - paramiko raises assorted errors on odd values
            result.warnings.append(f"Host {alias} skipped: {exc}.")
            continue
        item = _session_for(alias, options, config, names, line, top)
        if item is None:
            continue
        try:
            item.session.validate()
        except ValidationError as exc:
            result.warnings.append(f"Host {alias} skipped: {exc}")
            continue
        result.sessions.append(item)
    if not aliases:
        result.warnings.append(f"{top} defines no concrete Host entries (only wildcard defaults).")
    return result


def _session_for(
    alias: str, options: dict, config, names: set[str], line: _Line, top: Path  # type: ignore[no-untyped-def]
) -> ImportedSession | None:
    notes: list[str] = []
    port = parse_port(str(options.get("port", "22")))
    if port is None:
        notes.append(f"Port {options.get('port')!r} is not a port number; 22 is used.")
        port = 22
    host = str(options.get("hostname") or alias)
    session = Session(name=alias, host=host, port=port, username=str(options.get("user") or local_username()))
    if looks_like_placeholder(host):
        notes.append(f"HostName {host} looks like a placeholder: enter the real address before connecting.")
    files = [str(f) for f in options.get("identityfile", [])]
    chosen = next((f for f in files if Path(f).is_file()), files[0] if files else "")
    if chosen:
        key_auth(chosen, session, notes)
        if len(files) > 1:
            notes.append(f"Several IdentityFile lines; {chosen} is used.")
    else:
        # No IdentityFile: ssh offers the agent's keys, so does the imported session.
        session.auth = "agent"
    jump = str(options.get("proxyjump", "")).strip()
    if jump and jump.lower() != "none":
        session.jump_host = _resolve_jump(jump, config, names, session.username)
    proxy = str(options.get("proxycommand", "")).strip()
    if proxy and proxy.lower() != "none" and not session.jump_host:
        notes.append("ProxyCommand is not supported; set a jump host (ProxyJump) in the session instead.")
    if line.file != str(top):
        session.folder = Path(line.file).stem
    return ImportedSession(session, line.file, notes)


def _resolve_jump(jump: str, config, names: set[str], default_user: str) -> str:  # type: ignore[no-untyped-def]
    """Turn each hop that names a Host alias into ``user@hostname:port`` so it resolves after import."""
    hops = []
    for hop in (h.strip() for h in jump.split(",")):
        if not hop:
            continue
        user, _, hostport = hop.rpartition("@")
        host, port = hostport, None
        if hostport.startswith("["):
            host, _, rest = hostport[1:].partition("]")
            port = parse_port(rest[1:]) if rest.startswith(":") else None
        elif hostport.count(":") == 1:
            host, port_text = hostport.split(":")
            port = parse_port(port_text)
        if host in names:
            opts = config.lookup(host)
            real_port = port or parse_port(str(opts.get("port", "22"))) or 22
            hops.append(jump_spec(str(opts.get("hostname") or host), real_port, user or str(opts.get("user") or "")))
        else:
            hops.append(jump_spec(host, port, user))
    return ",".join(hops)
