"""OpenSSH client config (``~/.ssh/config``) → sessions.

paramiko's :class:`~paramiko.SSHConfig` resolves options the way ``ssh`` does (first value wins,
wildcard ``Host`` blocks apply as defaults, tokens and ``~`` expanded), so it does the lookups. What it
does not do is handled here first, on the text: ``Include`` is followed (globs; relative paths from
``~/.ssh`` as OpenSSH does, else from the imported file's folder), and ``Match`` blocks are removed with
a note, because paramiko raises on them in ``get_hostnames()`` and would run ``Match exec`` commands.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.core import ctrlchars
from gpudesk.core.sessions.importers.common import (
    FileResult,
    ImportedSession,
    ImportFileError,
    decode_text,
    is_file,
    jump_spec,
    key_auth,
    local_username,
    looks_like_placeholder,
    parse_port,
    read_bytes,
    split_lines,
)
from gpudesk.core.sessions.model import Session, ValidationError

if TYPE_CHECKING:
    import paramiko

MAX_INCLUDE_DEPTH = 16  # OpenSSH's own limit (READCONF_MAX_DEPTH)
MAX_INCLUDED_FILES = 256  # globs at every level could otherwise multiply into millions of reads
MAX_IDENTITY_FILES = 100  # OpenSSH's SSH_MAX_IDENTITY_FILES: later IdentityFile lines are ignored by ssh too
#: Wildcard Host patterns weighed for every host: beyond this a hostile file would make the import
#: take hosts × patterns steps; real configs have a handful.
MAX_WILDCARD_PATTERNS = 1000
_WILDCARDS = set("*?!")
_GLOB_CHARS = set("*?[")
#: Options that make paramiko touch the network or run commands during a lookup.
_DROPPED = {"canonicalizehostname", "canonicaldomains", "canonicalizemaxdots", "canonicalizefallbacklocal"}
#: The options an imported session is made of; only these are resolved per host.
_USED = ("hostname", "port", "user", "identityfile", "proxyjump", "proxycommand")
_KEYWORD = re.compile(r"([^\s=]*)\s*=?\s*(.*)", re.DOTALL)
# One shell-like word: plain runs, backslash escapes and quoted parts (an unclosed quote runs to the end).
# The alternatives start with different characters, so matching never backtracks: linear on any line.
_WORD = re.compile(r"""(?:[^\s"'\\]+|\\.?|"[^"]*"?|'[^']*'?)+""", re.DOTALL)
_WORD_PART = re.compile(r"""\\(.?)|"([^"]*)"?|'([^']*)'?|([^\\"']+)""", re.DOTALL)


@dataclass
class _Line:
    text: str
    file: str
    lineno: int
    key: str = ""
    value: str = ""

    def __post_init__(self) -> None:
        self.key, self.value = _keyword(self.text)


def _keyword(text: str) -> tuple[str, str]:
    """``"  HostName = x"`` → ``("hostname", "x")``."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return "", ""
    m = _KEYWORD.match(stripped)
    assert m is not None  # the pattern matches any text
    return m.group(1).lower(), m.group(2)


def _split_args(value: str) -> list[str]:
    """Words of a config value, quotes and backslashes handled as ``shlex.split`` does, in linear time.

    (``shlex`` builds each word one character at a time: a 5 MB word took hours.)
    """
    words = []
    for m in _WORD.finditer(value):
        parts = []
        for part in _WORD_PART.finditer(m.group()):
            escaped, dq, sq, plain = part.groups()
            parts.append(next(x for x in (escaped, dq, sq, plain) if x is not None))
        words.append("".join(parts))
    return words


def _short(text: str, limit: int = 400) -> str:
    """A name for a message: control characters escaped, a very long one cut."""
    text = ctrlchars.escape(text)
    return text if len(text) <= limit else text[:limit] + "…"


class _Expander:
    """Inline ``Include`` directives, remembering which file each line came from."""

    def __init__(self, top: Path, ssh_dir: Path, result: FileResult) -> None:
        self.top = top
        self.ssh_dir = ssh_dir
        self.result = result
        self.stack: list[object] = []
        self.reads = 0

    def expand(self, path: Path, depth: int = 0) -> list[_Line]:
        # The file's identity (device, inode) finds a loop through symlinks and hard links alike;
        # Path.resolve() raised RuntimeError on a symlink loop.
        try:
            info = os.stat(path)
            identity: object = (info.st_dev, info.st_ino)
        except (OSError, ValueError):
            identity = os.path.abspath(path)
        if identity in self.stack:
            self.result.warnings.append(
                f"{_short(str(path))} includes itself (through Include); the loop is not followed."
            )
            return []
        self.reads += 1
        if self.reads > MAX_INCLUDED_FILES:
            if self.reads == MAX_INCLUDED_FILES + 1:
                self.result.warnings.append(f"More than {MAX_INCLUDED_FILES} included files; the rest are not read.")
            return []
        self.stack.append(identity)
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
        for n, raw in enumerate(split_lines(text), 1):
            line = _Line(raw, str(path), n)
            if line.key in ("host", "match"):
                header = line
            if line.key != "include":
                out.append(line)
                continue
            if depth + 1 > MAX_INCLUDE_DEPTH:
                self.result.warnings.append(f"{_short(str(path))}:{n}: Include nested too deeply; not followed.")
                continue
            included: list[_Line] = []
            for pattern in _split_args(line.value):
                included.extend(self._include(pattern, path, n, depth))
            out.extend(included)
            # An included file's own Host lines end the block it was included from; OpenSSH scopes them
            # to that file, so the enclosing block is reopened for the lines after the Include.
            if header is not None and any(x.key in ("host", "match") for x in included):
                out.append(_Line(header.text, header.file, header.lineno))
        return out

    def _include(self, pattern: str, where: Path, lineno: int, depth: int) -> list[_Line]:
        expanded = os.path.expanduser(pattern)
        if os.path.isabs(expanded):
            candidates = [expanded]
        else:
            candidates = [str(self.ssh_dir / expanded), str(self.top.parent / expanded)]
        for candidate in candidates:
            try:
                matches = sorted(glob.glob(candidate))
            except (OSError, ValueError):
                matches = []
            if matches:
                lines: list[_Line] = []
                for match in matches:
                    # A folder, FIFO, device or broken link that the glob matched is passed over;
                    # read_bytes refuses whatever slips through (it never blocks on a FIFO).
                    try:
                        regular = Path(match).is_file()
                    except OSError:
                        regular = False
                    if regular:
                        lines.extend(self.expand(Path(match), depth + 1))
                    else:
                        self.result.warnings.append(
                            f"{_short(str(where))}:{lineno}: Include matched {_short(match)}, which is not a file; skipped."
                        )
                return lines
        self.result.warnings.append(f"{_short(str(where))}:{lineno}: Include {_short(pattern)} matched no file.")
        return []


def _strip_match_blocks(lines: list[_Line], result: FileResult) -> list[_Line]:
    """Drop every ``Match`` block (its line up to the next Host/Match) and say so once per block."""
    kept: list[_Line] = []
    skipping = False
    for line in lines:
        key = line.key
        if key == "match":
            skipping = True
            result.warnings.append(
                f"{_short(line.file)}:{line.lineno}: 'Match {_short(line.value)}' block ignored (conditional blocks are not imported)."
            )
            continue
        if key == "host":
            skipping = False
        if skipping or key in _DROPPED:
            continue
        kept.append(line)
    return kept


@dataclass
class _Block:
    """One ``Host`` block (or the lines before the first one): its patterns and the options it sets."""

    literal: set[str]  # names without wildcards
    negated: set[str]  # "!name" without wildcards (the "!" dropped)
    globs: list[str]  # patterns with wildcards, "!" kept
    options: list[tuple[str, str]]  # (key, raw text after the keyword) for the options in _USED
    everything: bool = False  # the lines before the first Host apply to every host

    def applies(self, host: str) -> bool:
        """OpenSSH's rule (case-sensitive, as ``ssh -G`` shows): a matching negated pattern excludes,
        else any matching pattern includes."""
        if self.everything:
            return True
        name = host
        if name in self.negated:
            return False
        hit = name in self.literal
        for pattern in self.globs:
            negated = pattern.startswith("!")
            if fnmatch.fnmatchcase(name, pattern[1:] if negated else pattern):
                if negated:
                    return False
                hit = True
        return hit


class _Resolver:
    """Host lookups in time linear in the file: each host is weighed only against the blocks that name
    it and the wildcard blocks, and paramiko expands the ``%`` tokens of the few options used."""

    def __init__(self, lines: list[_Line], result: FileResult) -> None:
        import paramiko

        self._paramiko = paramiko
        self.blocks: list[_Block] = [_Block(set(), set(), [], [], everything=True)]
        self.by_name: dict[str, list[int]] = {}
        self.wild: list[int] = [0]
        globs = 0
        for line in lines:
            if line.key == "host":
                block = _Block(set(), set(), [], [])
                for word in _split_args(line.value):
                    negated = word.startswith("!")
                    bare = word[1:] if negated else word
                    if _GLOB_CHARS & set(bare):
                        globs += 1
                        if globs <= MAX_WILDCARD_PATTERNS:
                            block.globs.append(word)
                    elif negated:
                        block.negated.add(bare)
                    else:
                        block.literal.add(bare)
                index = len(self.blocks)
                self.blocks.append(block)
                if block.globs or block.negated:
                    self.wild.append(index)
                else:
                    for name in block.literal:
                        self.by_name.setdefault(name, []).append(index)
            elif line.key in _USED:
                self.blocks[-1].options.append((line.key, line.value))
        if globs > MAX_WILDCARD_PATTERNS:
            result.warnings.append(
                f"More than {MAX_WILDCARD_PATTERNS} wildcard Host patterns; the rest are not applied."
            )
        self._configs: dict[str, paramiko.SSHConfig] = {}

    def lookup(self, host: str) -> dict[str, Any]:
        """The options ssh would use for ``host``: the first value of each wins, tokens expanded."""
        indices = sorted(set(self.by_name.get(host, [])) | set(self.wild))
        seen: set[str] = set()
        files: list[str] = []
        text = ["Host *"]
        for i in indices:
            block = self.blocks[i]
            if not block.applies(host):
                continue
            for key, value in block.options:
                if key == "identityfile":
                    if value not in files and len(files) < MAX_IDENTITY_FILES:
                        files.append(value)
                elif key not in seen:
                    seen.add(key)
                    text.append(f"{key} {value}")
        text.extend(f"identityfile {f}" for f in files)
        source = "\n".join(text)
        config = self._configs.get(source)
        if config is None:
            config = self._configs[source] = self._paramiko.SSHConfig.from_text(source)
        options: dict[str, Any] = config.lookup(host)
        return options


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
        if line.key != "host":
            continue
        for name in _split_args(line.value):
            if _WILDCARDS & set(name) or name in seen:
                continue
            seen.add(name)
            aliases.append((name, line))
    recognised = any(x.key in ("host", "hostname", "user", "port", "identityfile") for x in lines)
    if lines and not recognised:
        raise ImportFileError(
            f"{top} does not look like an OpenSSH config (no Host, HostName or User lines).", str(top)
        )

    try:
        # Checks every line the way paramiko reads it. Host lines are checked above: paramiko splits
        # them with shlex, which takes quadratic time on a long word.
        paramiko.SSHConfig.from_text("\n".join("Host *" if x.key == "host" else x.text for x in lines))
        config = _Resolver(lines, result)
    except (paramiko.ssh_exception.ConfigParseError, ValueError) as exc:
        raise ImportFileError(f"{top} is not a valid ssh config: {_short(str(exc))}.", str(top)) from None

    names = {name for name, _ in aliases}
    for alias, line in aliases:
        try:
            options = config.lookup(alias)
        except Exception as exc:  # noqa: BLE001 - paramiko raises assorted errors on odd values
            result.warnings.append(f"Host {_short(alias)} skipped: {_short(str(exc))}.")
            continue
        item = _session_for(alias, options, config, names, line, top)
        if item is None:
            continue
        try:
            item.session.validate()
        except ValidationError as exc:
            result.warnings.append(f"Host {_short(alias)} skipped: {exc}")
            continue
        result.sessions.append(item)
    if not aliases:
        result.warnings.append(f"{top} defines no concrete Host entries (only wildcard defaults).")
    return result


def _session_for(
    alias: str, options: dict[str, Any], config: _Resolver, names: set[str], line: _Line, top: Path
) -> ImportedSession | None:
    notes: list[str] = []
    port = parse_port(str(options.get("port", "22")))
    if port is None:
        notes.append(f"Port {options.get('port')!r} is not a port number; 22 is used.")
        port = 22
    host = str(options.get("hostname") or alias)
    # The alias is only a label here: control characters in it (ESC, CR…) become spaces.
    session = Session(
        name=ctrlchars.clean(alias), host=host, port=port, username=str(options.get("user") or local_username())
    )
    if looks_like_placeholder(host):
        notes.append(f"HostName {host} looks like a placeholder: enter the real address before connecting.")
    files = [str(f) for f in options.get("identityfile", [])]
    chosen = next((f for f in files if is_file(f)), files[0] if files else "")
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


def _resolve_jump(jump: str, config: _Resolver, names: set[str], default_user: str) -> str:
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
