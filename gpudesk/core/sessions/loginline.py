"""Parse the login line a provider shows: ``ssh -p 34567 root@host`` or ``ssh://root@host:34567``.

Strict on purpose: whatever is not a login line ("please connect me to my gpu", a web address,
a pasted page, shell text) is refused with an example of what is accepted, instead of becoming a
session for the host "please".
"""

from __future__ import annotations

import ipaddress
import re
import shlex
import unicodedata
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from gpudesk.core import ctrlchars
from gpudesk.core.i18n import Msg, msg

#: Longer than any provider's line (with a key path and forwards); a pasted page is refused unread.
MAX_LENGTH = 1000

EXAMPLES = "ssh -p 34567 root@region-9.example.com · root@1.2.3.4:2222 · ssh://root@host:2222"

# A host name as DNS and OpenSSH know it (letters of any script for IDN names, digits, '.', '-', '_').
_HOST_NAME = re.compile(r"[^\W_](?:[\w.-]*[^\W_])?\.?", re.UNICODE)
# A user name: what Linux and Windows accounts and providers' proxy users use (RunPod: "8u4ge3kx5w0pxm-64411c4e").
_USER = re.compile(r"[\w.+-][\w.@+$-]*", re.UNICODE)
# Flags of OpenSSH's ssh that take a value (ssh.c): their value is never the destination.
_TAKES_VALUE = frozenset("BbcDEeFIiJLlmOopQRSWw")


@dataclass
class LoginLine:
    host: str
    port: int = 22
    username: str = "root"
    identity_file: str = ""
    jump_host: str = ""


class LoginLineError(ValueError):
    pass


def _refuse(reason: Msg) -> LoginLineError:
    """The error for text that is no login line: why, then what is accepted."""
    return LoginLineError(
        msg(
            "LoginLine",
            "{reason} Paste the SSH login your provider shows, for example: {examples}",
            reason=reason,
            examples=EXAMPLES,
        )
    )


def parse(text: str) -> LoginLine:
    """Turn a pasted ssh command or URL into host, port and user.

    Accepts what providers print: ``ssh -p 34567 root@region-9.example.com``, extra options
    (``-o StrictHostKeyChecking=no``, ``-i key``, ``-J jump``, ``-L`` forwards, also after the
    address as AutoDL prints them), ``ssh://user@host:port``, a bare ``user@host``, ``host:port``
    or ``user@[2001:db8::1]:2222``. Full-width characters typed with an input method count as
    their ASCII forms. Raises :class:`LoginLineError` with an example for anything else.
    """
    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text:
        raise _refuse(msg("LoginLine", "The quick connect box is empty."))
    if len(text) > MAX_LENGTH:
        raise _refuse(
            msg("LoginLine", "This text is too long to be a login line ({count} characters).", count=len(text))
        )
    if ctrlchars.has_control(text.replace("\t", " ")):
        raise _refuse(msg("LoginLine", "The text holds a line break or another control character."))
    lowered = text.lower()
    if lowered.startswith("ssh://"):
        return _parse_url(text)
    if re.match(r"[a-z][a-z0-9+.-]*://", lowered):
        raise _refuse(msg("LoginLine", "This is a web address, not an SSH login."))
    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        raise _refuse(msg("LoginLine", "A quote in the text is not closed.")) from None
    if not words:
        raise _refuse(msg("LoginLine", "The quick connect box is empty."))
    is_command = words[0].lower() in ("ssh", "ssh.exe")
    if is_command:
        words = words[1:]
    elif len(words) > 1:
        raise _refuse(msg("LoginLine", "This is not a login line."))
    return _parse_words(words, is_command)


def _parse_words(words: list[str], is_command: bool) -> LoginLine:
    port: int | None = None
    user = ""
    identity = ""
    jump = ""
    target: tuple[str, int | None, str] | None = None
    options_done = False
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--" and not options_done:
            options_done = True
            i += 1
            continue
        if word.startswith("-") and len(word) >= 2 and not options_done:
            if not is_command:
                raise _refuse(msg("LoginLine", "This is not a login line."))
            flag, rest = word[1], word[2:]
            if flag in _TAKES_VALUE:
                if not rest and i + 1 >= len(words):
                    raise _refuse(msg("LoginLine", "The option -{flag} has no value.", flag=flag))
                value = rest or words[i + 1]
                i += 1 if rest else 2
                if flag == "p":
                    port = _port(value)
                elif flag == "l":
                    user = value
                elif flag == "i":
                    identity = value
                elif flag == "J":
                    jump = value
                elif flag == "o":
                    key, _, val = value.partition("=")
                    if key.strip().lower() == "port":
                        port = _port(val.strip())
                    elif key.strip().lower() == "user":
                        user = val.strip()
                continue
            i += 1  # a flag without a value (-A, -t, -v, -4 …) changes nothing here
            continue
        if target:
            # OpenSSH would run this on the server; gpudesk opens a terminal instead.
            raise _refuse(
                msg("LoginLine", "Only the login is used: remove '{word}' after the address.", word=_shown(word))
            )
        target = _split_target(word)  # OpenSSH reads options after the destination too (AutoDL prints them so)
        i += 1
    if target is None:
        raise _refuse(msg("LoginLine", "No server address found in the text."))
    host, target_port, target_user = target
    if port is None:
        port = target_port
    return LoginLine(
        host=host,
        port=port or 22,
        username=_user(user or target_user or "root"),
        identity_file=identity,
        jump_host=jump,
    )


def _split_target(target: str) -> tuple[str, int | None, str]:
    """``user@host:port``, ``user@[v6]:port``, ``host``, a bare IPv6 address → (host, port or None, user)."""
    user = ""
    if "@" in target:
        user, target = target.rsplit("@", 1)
        if not user:
            raise _refuse(msg("LoginLine", "The user name before '@' is empty."))
    port: int | None = None
    if target.startswith("["):
        inside, bracket, rest = target[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise _refuse(msg("LoginLine", "'{address}' is not a server address.", address=_shown(target)))
        if rest:
            port = _port(rest[1:])
        target = inside
        if not _is_ipv6(target):
            raise _refuse(msg("LoginLine", "'{address}' is not an IPv6 address.", address=_shown(target)))
    elif target.count(":") == 1:
        target, port_text = target.split(":")
        port = _port(port_text)
    return _host(target), port, user


def _is_ipv6(text: str) -> bool:
    try:
        ipaddress.IPv6Address(text.partition("%")[0])
    except ValueError:
        return False
    return True


def _host(host: str) -> str:
    if not host:
        raise _refuse(msg("LoginLine", "No server address found in the text."))
    if ":" in host:
        if _is_ipv6(host):
            return host
    elif len(host) <= 253 and _HOST_NAME.fullmatch(host):
        return host
    raise _refuse(msg("LoginLine", "'{address}' is not a server address.", address=_shown(host)))


def _user(user: str) -> str:
    if len(user) > 64 or not _USER.fullmatch(user):
        raise _refuse(msg("LoginLine", "'{user}' is not a user name.", user=_shown(user)))
    return user


def _shown(text: str) -> str:
    """A piece of what was typed, short and printable, for a message."""
    text = ctrlchars.escape(text)
    return text if len(text) <= 40 else text[:37] + "…"


def _parse_url(text: str) -> LoginLine:
    if any(c.isspace() for c in text):
        raise _refuse(msg("LoginLine", "This is not a login line."))
    try:
        parts = urlsplit(text)
    except ValueError:  # a bracketed host that is no IPv6 address
        raise _refuse(msg("LoginLine", "No server address found in the ssh:// address.")) from None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _refuse(msg("LoginLine", "An ssh:// address has no path: ssh://user@host:port."))
    if not parts.hostname:
        raise _refuse(msg("LoginLine", "No server address found in the ssh:// address."))
    try:
        port = parts.port or 22
    except ValueError:
        raise _refuse(msg("LoginLine", "The port in the address is not a number between 1 and 65535.")) from None
    user = unquote(parts.username) if parts.username else "root"
    netloc = parts.netloc.rpartition("@")[2]
    host = parts.hostname
    if netloc.startswith("["):
        if not _is_ipv6(host):
            raise _refuse(msg("LoginLine", "'{address}' is not an IPv6 address.", address=_shown(host)))
    else:
        # urlsplit lowercases the host; keep what was typed (IDN names, case as shown).
        host = _host(netloc.rpartition(":")[0] if parts.port else netloc)
    return LoginLine(host=host, port=port, username=_user(user))


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise _refuse(msg("LoginLine", "'{text}' is not a port number.", text=_shown(text)))
    port = int(text)
    if not 1 <= port <= 65535:
        raise _refuse(msg("LoginLine", "Port must be between 1 and 65535, not {port}.", port=port))
    return port
