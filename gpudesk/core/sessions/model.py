"""The saved session: where to connect and how to log in. Never holds a secret."""

from __future__ import annotations

import os
import uuid
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

AUTH_METHODS = ("password", "key_file", "stored_key", "agent")


class ValidationError(ValueError):
    """A session field is wrong; ``field`` names it so the editor can point at it."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass
class Session:
    name: str
    host: str
    port: int = 22
    username: str = "root"
    auth: str = "password"
    identity_file: str = ""
    jump_host: str = ""
    folder: str = ""
    hourly_price: float | None = None
    currency: str = ""
    provider: str = ""
    provider_instance_id: str = ""
    persistent_tmux: bool = True
    keepalive_s: int | None = None
    forward_agent: bool = False
    proxy_kind: str = ""  # "" | http | socks5 | command
    proxy_host: str = ""
    proxy_port: int = 0
    proxy_username: str = ""
    proxy_command: str = ""
    forwards: list[dict[str, Any]] = field(default_factory=list)  # ForwardSpec fields, started on connect
    id: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def secret_key(self) -> str:
        """The keyring entry name for this session's password or passphrase."""
        return f"ssh@{self.host}:{self.port}"

    @property
    def label(self) -> str:
        return self.name or f"{self.username}@{self.host}"

    def validate(self) -> None:
        """Raise :class:`ValidationError` with a plain message for the first bad field."""
        if not self.name.strip():
            raise ValidationError("name", "Give the session a name.")
        host = self.host.strip()
        if not host:
            raise ValidationError("host", "Enter the server's address (host name or IP).")
        if any(c.isspace() for c in host) or "/" in host:
            raise ValidationError("host", f"'{host}' is not a host name or IP address.")
        if not isinstance(self.port, int) or not 1 <= self.port <= 65535:
            raise ValidationError("port", f"Port must be between 1 and 65535, not {self.port}.")
        if not self.username.strip():
            raise ValidationError("username", "Enter the user name to log in as (often 'root' on rented servers).")
        if self.auth not in AUTH_METHODS:
            raise ValidationError("auth", f"Unknown login method '{self.auth}'.")
        if self.auth == "key_file":
            if not self.identity_file:
                raise ValidationError("identity_file", "Choose the private key file.")
            path = Path(os.path.expanduser(self.identity_file))
            if not path.is_file():
                raise ValidationError("identity_file", f"The key file {path} does not exist.")
            if not os.access(path, os.R_OK):
                raise ValidationError("identity_file", f"The key file {path} cannot be read (check its permissions).")
        if self.proxy_kind in ("http", "socks5"):
            if not self.proxy_host.strip():
                raise ValidationError("proxy_host", "Enter the proxy's address.")
            if not 1 <= int(self.proxy_port) <= 65535:
                raise ValidationError("proxy_port", f"Proxy port must be between 1 and 65535, not {self.proxy_port}.")
        elif self.proxy_kind == "command" and not self.proxy_command.strip():
            raise ValidationError("proxy_command", "Enter the ProxyCommand to run.")
        elif self.proxy_kind not in ("", "http", "socks5", "command"):
            raise ValidationError("proxy_kind", f"Unknown proxy type '{self.proxy_kind}'.")
        if self.hourly_price is not None and self.hourly_price < 0:
            raise ValidationError("hourly_price", "The hourly price cannot be negative.")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Session:
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        session = cls(**kwargs)
        session.port = int(session.port)
        return session
