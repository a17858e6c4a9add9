"""OpenSSH's spellings, shared by the sessions (which write an ssh config) and the ssh client.

The name a host has in known_hosts, the words of a ProxyCommand line and a ``ProxyJump`` list: pure
text rules, kept below both packages so that neither imports the other for them.
"""

from __future__ import annotations

import shlex
import sys


def host_entry(host: str, port: int) -> str:
    """The name OpenSSH looks up: the lower-cased host, bracketed with the port unless it is 22."""
    host = host.lower()
    return host if port == 22 else f"[{host}]:{port}"


def command_argv(command: str, platform: str | None = None) -> list[str]:
    """The argv of a ProxyCommand line: POSIX quoting, or on Windows its own (backslashes stay)."""
    if (platform or sys.platform) != "win32":
        return shlex.split(command)
    words = shlex.split(command, posix=False)
    return [w[1:-1] if len(w) > 1 and w[0] == w[-1] == '"' else w for w in words]


def parse_jump_hosts(text: str) -> list[tuple[str, int, str]]:
    """``"user@bastion:2222,other"`` → ``[(host, port, user), …]`` (user "" when not given)."""
    hops = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        user, _, hostport = part.rpartition("@")
        host, port = hostport, 22
        if hostport.startswith("["):
            host, _, rest = hostport[1:].partition("]")
            port = int(rest[1:]) if rest.startswith(":") else 22
        elif hostport.count(":") == 1:
            host, port_text = hostport.split(":")
            port = int(port_text)
        hops.append((host, port, user))
    return hops
