"""Parse the login line a provider shows: ``ssh -p 34567 root@host`` or ``ssh://root@host:34567``."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit


@dataclass
class LoginLine:
    host: str
    port: int = 22
    username: str = "root"
    identity_file: str = ""
    jump_host: str = ""


class LoginLineError(ValueError):
    pass


def parse(text: str) -> LoginLine:
    """Turn a pasted ssh command or URL into host, port and user.

    Accepts what providers print: ``ssh -p 34567 root@region-9.example.com``, extra options
    (``-o StrictHostKeyChecking=no``, ``-i key``, ``-J jump``), ``ssh://user@host:port`` and
    a bare ``user@host`` or ``host:port``.
    """
    text = text.strip()
    if not text:
        raise LoginLineError("Paste the login command your provider shows, e.g. ssh -p 34567 root@host.")
    if text.startswith("ssh://"):
        return _parse_url(text)
    try:
        words = shlex.split(text, posix=True)
    except ValueError as exc:
        raise LoginLineError(f"Could not read the command: {exc}.") from exc
    if words and words[0].lower() in ("ssh", "ssh.exe"):
        words = words[1:]
    port: int | None = None
    user = ""
    identity = ""
    jump = ""
    target = ""
    takes_value = set("BbcDEeFIiJLlmOopQRSWw")
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("-") and len(word) >= 2:
            flag, rest = word[1], word[2:]
            if flag in takes_value:
                value = rest if rest else (words[i + 1] if i + 1 < len(words) else "")
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
                    if key.lower() == "port":
                        port = _port(val)
                    elif key.lower() == "user":
                        user = val
                continue
            i += 1
            continue
        if target:
            break  # a second plain word starts the remote command
        target = word  # OpenSSH reads options after the destination too (AutoDL prints them so)
        i += 1
    if not target:
        raise LoginLineError("No server address found in the command.")
    if "@" in target:
        user_part, target = target.rsplit("@", 1)
        user = user or user_part
    if port is None and target.count(":") == 1:
        target, port_text = target.split(":")
        port = _port(port_text)
    if target.startswith("[") and target.endswith("]"):
        target = target[1:-1]
    if not target:
        raise LoginLineError("No server address found in the command.")
    return LoginLine(host=target, port=port or 22, username=user or "root", identity_file=identity, jump_host=jump)


def _parse_url(text: str) -> LoginLine:
    parts = urlsplit(text)
    if not parts.hostname:
        raise LoginLineError("No server address found in the ssh:// address.")
    try:
        port = parts.port or 22
    except ValueError as exc:
        raise LoginLineError("The port in the address is not a number between 1 and 65535.") from exc
    user = unquote(parts.username) if parts.username else "root"
    return LoginLine(host=parts.hostname, port=port, username=user)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise LoginLineError(f"'{text}' is not a port number.") from None
    if not 1 <= port <= 65535:
        raise LoginLineError(f"Port must be between 1 and 65535, not {port}.")
    return port
