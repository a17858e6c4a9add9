"""gpudesk's own OpenSSH config (``~/.ssh/gpudesk_config``): one ``Host gpudesk-<slug>`` per session.

VS Code / Cursor / Windsurf Remote-SSH and the system's ``ssh`` then reach a session's server the way
gpudesk does: same address, port, user, jump hosts or ProxyCommand, and the SAME host key (``HostKeyAlias``
and ``UserKnownHostsFile`` point OpenSSH at gpudesk's known_hosts, with ``StrictHostKeyChecking yes``,
so a server gpudesk has not trusted, or whose key changed, is refused by OpenSSH too).

Safety: every value written is checked so it cannot start another line or option (line breaks, quotes,
``%`` tokens, option-like values are refused, and the session is left out with a comment); names and folders
appear in comments only, cleaned. No secret is ever written: a password session leaves OpenSSH to ask, a key
kept in the keyring ("stored_key") is used through the SSH agent, added there only on request
(:func:`add_stored_key_to_agent`, ``ssh-add -t``). Only the part of the file between gpudesk's markers is
ever rewritten, and ``~/.ssh/config`` gets one ``Include`` line only when asked (:func:`add_include`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shlex
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core import atomic, ctrlchars, paths, settings
from gpudesk.core.i18n import msg
from gpudesk.core.sessions.model import Session, ValidationError, check_text_fields
from gpudesk.core.sshsyntax import command_argv, host_entry, parse_jump_hosts

BEGIN = "# >>> gpudesk sessions (written by gpudesk; edits between these lines are replaced) >>>"
END = "# <<< gpudesk sessions <<<"
INCLUDE_COMMENT = (
    "# Added by gpudesk: its sessions as ssh hosts (remove with: gpudesk sessions export-ssh-config --remove-include)"
)
CONFIG_NAME = "gpudesk_config"
ALIAS_PREFIX = "gpudesk-"
_log = logging.getLogger(__name__)
_SLUG_BAD = re.compile(r"[^a-z0-9._]+")
_ALIAS_OK = re.compile(r"[a-z0-9][a-z0-9._-]*")
#: ProxyCommand tokens gpudesk itself fills in; any other ``%`` token would mean something else to OpenSSH.
_PROXY_TOKENS = re.compile(r"%(.)")


class ExportError(ValueError):
    """A hand-off step cannot be done (no agent, no key, a file that cannot be written); the text says why."""


def ssh_dir() -> Path:
    """The user's OpenSSH folder (``~/.ssh``)."""
    return Path.home() / ".ssh"


def config_path() -> Path:
    """gpudesk's own file of ``Host`` entries."""
    return ssh_dir() / CONFIG_NAME


def user_config_path() -> Path:
    return ssh_dir() / "config"


def agent_pub_path(session: Session) -> Path:
    """The public half of a keyring key gpudesk added to the agent (lets OpenSSH pick that agent key)."""
    return paths.config_dir() / "agent-keys" / f"{session.id}.pub"


def slug(name: str) -> str:
    """A session name as a Host alias part: lower-case letters, digits, ``.``, ``_`` and ``-`` only."""
    text = _SLUG_BAD.sub("-", ctrlchars.clean(name).strip().lower()).strip("-.")
    return text[:40].strip("-.") or "session"


def aliases_for(sessions: Iterable[Session]) -> dict[str, str]:
    """Session id → ``gpudesk-<slug>``, in the store's order: a later session whose slug is taken gets a stable
    suffix from its id, so adding a session never renames the host an editor already knows."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for s in sessions:
        base = slug(s.name)
        if base in taken:
            base = f"{base}-{hashlib.sha256(s.id.encode()).hexdigest()[:6]}"
        taken.add(base)
        out[s.id] = ALIAS_PREFIX + base
    return out


def alias_for(session: Session, sessions: Iterable[Session]) -> str:
    """``session``'s Host alias among ``sessions`` (the saved ones; a session not saved comes last)."""
    listed = list(sessions)
    if all(s.id != session.id for s in listed):
        listed.append(session)
    return aliases_for(listed)[session.id]


def _path_value(path: str | Path) -> str:
    """A local path as a config value: ``%`` doubled (OpenSSH expands tokens in it), quoted if it has a space."""
    text = os.path.expanduser(str(path))
    if ctrlchars.has_control(text) or '"' in text:
        raise ValidationError(
            "identity_file",
            msg("Handoff", "The path {path} holds a quote or a control character.", path=ctrlchars.escape(text)),
        )
    text = text.replace("%", "%%")
    return f'"{text}"' if any(c.isspace() for c in text) else text


def _plain_value(field_name: str, value: str) -> str:
    """A host or user name: one word, no quote, no ``%`` token, no option-like start."""
    if not value or any(c.isspace() for c in value) or '"' in value or "'" in value or "%" in value or "#" in value:
        raise ValidationError(
            field_name,
            msg("Handoff", "'{value}' cannot be written to an ssh config safely.", value=ctrlchars.escape(value[:80])),
        )
    if value.startswith("-") or ctrlchars.has_control(value):
        raise ValidationError(
            field_name,
            msg("Handoff", "'{value}' cannot be written to an ssh config safely.", value=ctrlchars.escape(value[:80])),
        )
    return value


def _proxy_command(session: Session) -> str:
    """The session's ProxyCommand as OpenSSH will run it (through a shell): each word quoted.

    gpudesk splits the command into words and fills ``%h %p %r`` into each word; quoting each word here
    keeps the same words under ``sh -c`` and OpenSSH fills the same tokens.
    """
    for token in _PROXY_TOKENS.findall(session.proxy_command):
        if token not in "hpr%":
            raise ValidationError(
                "proxy_command", msg("Handoff", "The ProxyCommand uses a %-token other than %h, %p, %r.")
            )
    words = command_argv(session.proxy_command)
    if not words:
        raise ValidationError("proxy_command", msg("Session", "Enter the ProxyCommand to run."))
    return shlex.join(words)


def _known_hosts_files() -> list[Path]:
    files = [paths.known_hosts_file()]
    if settings.get("ssh.read_user_known_hosts"):
        files.append(paths.user_known_hosts_file())
    return files


@dataclass
class Entry:
    """One session's Host block (and the hop blocks it jumps through), or why it is left out."""

    session_id: str
    alias: str
    lines: list[str] = field(default_factory=list)
    skipped: str = ""
    auth: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "session_id": self.session_id,
            "host": self.alias,
            "auth": self.auth,
            "skipped": self.skipped or None,
            "text": "\n".join(self.lines),
        }


def _host_block(alias: str, host: str, port: int, user: str, session: Session, comment: str) -> list[str]:
    out = [f"# {comment}"] if comment else []
    out.append(f"Host {alias}")
    out.append(f"    HostName {_plain_value('host', host)}")
    out.append(f"    Port {int(port)}")
    out.append(f"    User {_plain_value('username', user)}")
    out.append(f"    HostKeyAlias {host_entry(host, port)}")
    out.append("    UserKnownHostsFile " + " ".join(_path_value(p) for p in _known_hosts_files()))
    out.append("    GlobalKnownHostsFile none")
    out.append("    StrictHostKeyChecking yes")
    out.append("    UpdateHostKeys no")
    out.append("    CheckHostIP no")
    if session.auth == "key_file":
        out.append(f"    IdentityFile {_path_value(session.identity_file)}")
        out.append("    IdentitiesOnly yes")
    elif session.auth == "stored_key":
        pub = agent_pub_path(session)
        out.append(
            "    # the key is kept in gpudesk's keyring: gpudesk adds it to your ssh-agent when you open the session"
        )
        if pub.is_file():
            out.append(f"    IdentityFile {_path_value(pub)}")
            out.append("    IdentitiesOnly yes")
    elif session.auth == "password":
        out.append("    PreferredAuthentications password,keyboard-interactive")
        out.append("    PubkeyAuthentication no")
    return out


def _hops(session: Session, saved: list[Session]) -> list[Session]:
    """The jump hosts as gpudesk logs into them (see ``ssh/open.py``): a saved session, or the target's way."""
    hops = []
    for host, port, user in parse_jump_hosts(session.jump_host):
        match = next(
            (
                s
                for s in saved
                if s.name == host or (s.host == host and s.port == port and (not user or s.username == user))
            ),
            None,
        )
        if match is not None:
            hop = Session.from_json(match.to_json())
        else:
            hop = Session(name=host, host=host, port=port, username=user or session.username)
            hop.auth = session.auth if session.auth in ("key_file", "agent", "stored_key") else "agent"
            hop.identity_file = session.identity_file
            hop.id = session.id if session.auth == "stored_key" else hop.id
        hop.jump_host = ""
        hops.append(hop)
    return hops


def entry_for(session: Session, alias: str, saved: list[Session]) -> Entry:
    """The Host block(s) for ``session`` under ``alias``; a session that cannot be written safely is skipped."""
    entry = Entry(session.id, alias, auth=session.auth)
    try:
        if not _ALIAS_OK.fullmatch(alias):
            raise ValidationError(
                "name", msg("Handoff", "'{alias}' is not a safe ssh host name.", alias=ctrlchars.escape(alias))
            )
        check_text_fields(session)
        lines: list[str] = []
        jump_aliases: list[str] = []
        for i, hop in enumerate(_hops(session, saved) if session.jump_host else [], start=1):
            hop_alias = f"{alias}--jump{i}"
            lines += _host_block(
                hop_alias, hop.host.strip(), hop.port, hop.username.strip(), hop, f"jump host {i} of {alias}"
            )
            if jump_aliases:
                lines.append(f"    ProxyJump {jump_aliases[-1]}")
            jump_aliases.append(hop_alias)
            lines.append("")
        lines += _host_block(
            alias,
            session.host.strip(),
            session.port,
            session.username.strip(),
            session,
            f"session: {ctrlchars.clean(session.name)}",
        )
        if jump_aliases:
            lines.append(f"    ProxyJump {jump_aliases[-1]}")
        elif session.proxy_kind == "command":
            lines.append(f"    ProxyCommand {_proxy_command(session)}")
        elif session.proxy_kind in ("http", "socks5"):
            raise ValidationError(
                "proxy_kind",
                msg(
                    "Handoff",
                    "OpenSSH has no {kind} proxy setting of its own; this session is reached only through gpudesk.",
                    kind=session.proxy_kind.upper(),
                ),
            )
        if session.forward_agent:
            lines.append("    ForwardAgent yes")
        if session.keepalive_s:
            lines.append(f"    ServerAliveInterval {int(session.keepalive_s)}")
        entry.lines = lines
    except ValidationError as exc:
        entry.skipped = str(exc)
        entry.lines = [f"# session {ctrlchars.clean(session.name)} is left out: {ctrlchars.clean(str(exc))}"]
    return entry


def entries(sessions: Iterable[Session]) -> list[Entry]:
    sessions = list(sessions)
    names = aliases_for(sessions)
    return [entry_for(s, names[s.id], sessions) for s in sessions]


def render(sessions: Iterable[Session]) -> str:
    """gpudesk's block of the file (markers included)."""
    out = [BEGIN, "# No passwords or private keys are in this file.", ""]
    for e in entries(sessions):
        out += e.lines
        out.append("")
    out.append(END)
    return "\n".join(out) + "\n"


def _split(text: str) -> tuple[str, str]:
    """What the file holds before and after gpudesk's block (a user's own entries stay as they are)."""
    if BEGIN in text and END in text.split(BEGIN, 1)[1]:
        before, rest = text.split(BEGIN, 1)
        after = rest.split(END, 1)[1].removeprefix("\n")
        return before, after
    return text, ""


def write_config(sessions: Iterable[Session], path: Path | None = None) -> Path:
    """Rewrite gpudesk's block in its file (0600); every other line of the file is kept byte for byte."""
    path = path or config_path()
    try:
        old = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        old = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(
            msg(
                "Handoff",
                "{path} cannot be read ({error}); it was left as it is.",
                path=str(path),
                error=exc.__class__.__name__,
            )
        ) from None
    before, after = _split(old)
    if before and not before.endswith("\n"):
        before += "\n"
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    atomic.write_text(_real(path), before + render(sessions) + after, mode=0o600)
    return path


def refresh_if_written(sessions: Iterable[Session]) -> bool:
    """Rewrite gpudesk's block if its file already holds one (after a rename, delete or edit); False otherwise."""
    path = config_path()
    try:
        if BEGIN not in path.read_text(encoding="utf-8"):
            return False
        write_config(sessions, path)
    except (OSError, UnicodeDecodeError, ExportError) as exc:
        _log.warning("gpudesk's ssh config was not updated: %s", exc.__class__.__name__)
        return False
    return True


def include_line(path: Path | None = None) -> str:
    """The line ``~/.ssh/config`` needs (shown to the user before it is written)."""
    target = path or config_path()
    return f"Include {_path_value(target)}"


def include_present(user_config: Path | None = None, path: Path | None = None) -> bool:
    user_config = user_config or user_config_path()
    try:
        text = user_config.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if include_line(path) in text.splitlines():
        return True
    # The user's own Include of the file (``Include gpudesk_config``, ``Include ~/.ssh/gpudesk_config``) counts too.
    name = (path or config_path()).name
    return any(
        line.split(None, 1)[0].lower() == "include" and name in line for line in text.splitlines() if line.strip()
    )


def _real(path: Path) -> Path:
    """Where to write ``path``: a link (dotfiles kept in a repository) is followed, never replaced by a file."""
    return path.resolve() if path.is_symlink() else path


def add_include(user_config: Path | None = None, path: Path | None = None) -> bool:
    """Put the ``Include`` line at the top of ``~/.ssh/config`` (OpenSSH reads it only there); False if already there."""
    user_config = user_config or user_config_path()
    if include_present(user_config, path):
        return False
    try:
        old = user_config.read_text(encoding="utf-8")
        mode = user_config.stat().st_mode & 0o777
    except FileNotFoundError:
        old, mode = "", 0o600
    except (OSError, UnicodeDecodeError) as exc:
        raise ExportError(
            msg(
                "Handoff",
                "{path} cannot be read ({error}); it was left as it is.",
                path=str(user_config),
                error=exc.__class__.__name__,
            )
        ) from None
    user_config.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    atomic.write_text(_real(user_config), f"{INCLUDE_COMMENT}\n{include_line(path)}\n\n{old}", mode=mode)
    return True


def remove_include(user_config: Path | None = None, path: Path | None = None) -> bool:
    """Take gpudesk's ``Include`` line (and its comment) out of ``~/.ssh/config``; False if it was not there."""
    user_config = user_config or user_config_path()
    wanted = include_line(path)
    try:
        mode = user_config.stat().st_mode & 0o777
        lines = user_config.read_text(encoding="utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError):
        return False
    if wanted not in (line.rstrip("\r\n") for line in lines):
        return False  # only the line gpudesk wrote is ever taken out
    out: list[str] = []
    skip_blank = False
    for line in lines:
        bare = line.rstrip("\r\n")
        if bare in (wanted, INCLUDE_COMMENT):
            skip_blank = bare == wanted
            continue
        if skip_blank and not bare:
            skip_blank = False
            continue
        skip_blank = False
        out.append(line)
    atomic.write_text(_real(user_config), "".join(out), mode=mode)
    return True


def _unencrypted_openssh(key_text: str, passphrase: str | None) -> tuple[bytes, bytes]:
    """The private key in OpenSSH format without a passphrase, in memory only (for ``ssh-add -``), and its public line."""
    from cryptography.hazmat.primitives import serialization

    data = key_text.encode()
    secret = passphrase.encode() if passphrase else None
    try:
        key = serialization.load_ssh_private_key(data, secret)
    except ValueError:
        key = serialization.load_pem_private_key(data, secret)  # type: ignore[assignment]
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    )
    pub = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    return pem, pub + b"\n"


def add_stored_key_to_agent(session: Session, lifetime_s: int = 3600, passphrase: str | None = None) -> Path:
    """Add the session's keyring key to the running ssh-agent for ``lifetime_s`` (``ssh-add -t``).

    The key goes to ``ssh-add`` through a pipe, never a file; its public half is written (not secret) so
    the Host entry can pick this key among the agent's. Returns that public key file.
    """
    from gpudesk.core import secrets

    if session.auth != "stored_key":
        raise ExportError(msg("Handoff", "This session does not use a key kept in the keyring."))
    if not os.environ.get("SSH_AUTH_SOCK"):
        raise ExportError(
            msg(
                "Handoff",
                "No SSH agent is running (SSH_AUTH_SOCK is not set). Start one (eval $(ssh-agent)) or use a key file.",
            )
        )
    try:
        text = secrets.get_secret(secrets.stored_key_entry(session.id), session.username)
    except secrets.SecretsUnavailable:
        text = None
    if not text:
        raise ExportError(msg("Handoff", "The keyring holds no key for this session."))
    try:
        pem, pub = _unencrypted_openssh(text, passphrase)
    except (ValueError, TypeError):
        raise ExportError(
            msg(
                "Handoff", "The stored key could not be read (a passphrase is needed, or it is not an OpenSSH/PEM key)."
            )
        ) from None
    if not 60 <= lifetime_s <= 7 * 86400:
        raise ExportError(msg("Handoff", "The agent lifetime must be between 1 minute and 7 days."))
    try:
        done = subprocess.run(
            ["ssh-add", "-q", "-t", str(int(lifetime_s)), "-"], input=pem, capture_output=True, timeout=30, check=False
        )
    except FileNotFoundError:
        raise ExportError(msg("Handoff", "ssh-add is not installed (it comes with the OpenSSH client).")) from None
    except subprocess.TimeoutExpired:
        raise ExportError(msg("Handoff", "ssh-add did not answer within 30 s.")) from None
    if done.returncode != 0:
        raise ExportError(
            msg(
                "Handoff",
                "ssh-add refused the key: {error}",
                error=ctrlchars.escape(done.stderr.decode(errors="replace").strip()[:200]),
            )
        )
    out = agent_pub_path(session)
    paths.private_dir(out.parent)
    atomic.write_bytes(out, pub, mode=0o644)
    return out
