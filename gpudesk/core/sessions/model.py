"""The saved session: where to connect and how to log in. Never holds a secret."""

from __future__ import annotations

import os
import re
import uuid
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from gpudesk.core import ctrlchars
from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import msg

AUTH_METHODS = ("password", "key_file", "stored_key", "agent")


class ValidationError(ValueError):
    """A session field is wrong; ``field`` names it so the editor can point at it."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


#: What OpenSSH (ssh.c, valid_hostname/valid_ruser) refuses in a host or user name: a value that reaches
#: a shell through a ProxyCommand's %h or %r must not be able to run anything.
_HOST_BAD = re.compile(r"['`\"$\\;&<>|(){},\s]")
_USER_BAD = re.compile(r"['`\";&<>|(){}]")
_HOP_BAD = re.compile(r"['`\"$;&<>|(){}]")
#: "<public-ip>" from a provider's documentation: imported as a placeholder the user fills in later.
_PLACEHOLDER = re.compile(r"<[\w.-]+>")


def check_host(field_name: str, host: str) -> None:
    """Refuse what is never a host and could become an option or shell text (OpenSSH's rule)."""
    bad = _HOST_BAD.search(host) and not _PLACEHOLDER.fullmatch(host)
    if bad or ctrlchars.has_control(host) or host.startswith("-") or "/" in host or len(host) > 255:
        raise ValidationError(
            field_name, msg("Session", "'{host}' is not a host name or IP address.", host=ctrlchars.escape(host[:80]))
        )


def check_text_fields(session: Session) -> None:
    """Refuse control characters, option-like values and shell text in what reaches ssh or a config file.

    A line break in a user name or key path would start a new line in an exported ssh config (a
    ``ProxyCommand`` the user never wrote); a leading ``-`` turns a host or user into an ``ssh`` option.
    """
    check_host("host", session.host.strip())
    user = session.username.strip()
    if ctrlchars.has_control(user) or user.startswith("-") or _USER_BAD.search(user):
        raise ValidationError(
            "username", msg("Session", "'{user}' is not a user name.", user=ctrlchars.escape(user[:80]))
        )
    if ctrlchars.has_control(session.identity_file):
        raise ValidationError(
            "identity_file", msg("Session", "The key file path holds a line break or another control character.")
        )
    if ctrlchars.has_control(session.proxy_username):
        raise ValidationError(
            "proxy_username", msg("Session", "The proxy user name holds a line break or another control character.")
        )
    if ctrlchars.has_control(session.proxy_command):
        raise ValidationError(
            "proxy_command", msg("Session", "The ProxyCommand holds a line break or another control character.")
        )
    if session.proxy_host.strip():
        check_host("proxy_host", session.proxy_host.strip())
    for hop in (h.strip() for h in session.jump_host.split(",")):
        host = hop.rpartition("@")[2]
        if (
            ctrlchars.has_control(hop)
            or hop.startswith("-")
            or host.startswith("-")
            or _HOP_BAD.search(_PLACEHOLDER.sub("", hop))
        ):
            raise ValidationError(
                "jump_host", msg("Session", "'{hop}' is not a jump host.", hop=ctrlchars.escape(hop[:80]))
            )


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
    forwards: list[JSONObject] = field(default_factory=list)  # ForwardSpec fields, started on connect
    id: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def secret_key(self) -> str:
        """The keyring entry name for this session's password or passphrase."""
        return f"ssh@{self.host}:{self.port}"

    @property
    def label(self) -> str:
        return self.name or f"{self.username}@{self.host}"

    def validate(self) -> None:
        """Raise :class:`ValidationError` with a plain message for the first bad field.

        The name and the folder are only labels, so control characters in them (a line break from an
        imported file, ESC, C1) are replaced by a space here rather than refused.
        """
        self.name = ctrlchars.clean(self.name)
        self.folder = ctrlchars.clean(self.folder)
        if not self.name.strip():
            raise ValidationError("name", msg("Session", "Give the session a name."))
        host = self.host.strip()
        if not host:
            raise ValidationError("host", msg("Session", "Enter the server's address (host name or IP)."))
        check_text_fields(self)
        if not isinstance(self.port, int) or not 1 <= self.port <= 65535:
            raise ValidationError(
                "port", msg("Session", "Port must be between 1 and 65535, not {port}.", port=self.port)
            )
        if not self.username.strip():
            raise ValidationError(
                "username", msg("Session", "Enter the user name to log in as (often 'root' on rented servers).")
            )
        if self.auth not in AUTH_METHODS:
            raise ValidationError("auth", msg("Session", "Unknown login method '{method}'.", method=self.auth))
        if self.auth == "key_file":
            if not self.identity_file:
                raise ValidationError("identity_file", msg("Session", "Choose the private key file."))
            path = Path(os.path.expanduser(self.identity_file))
            if not path.is_file():
                raise ValidationError(
                    "identity_file", msg("Session", "The key file {path} does not exist.", path=str(path))
                )
            if not os.access(path, os.R_OK):
                raise ValidationError(
                    "identity_file",
                    msg("Session", "The key file {path} cannot be read (check its permissions).", path=str(path)),
                )
        if self.proxy_kind in ("http", "socks5"):
            if not self.proxy_host.strip():
                raise ValidationError("proxy_host", msg("Session", "Enter the proxy's address."))
            if not 1 <= int(self.proxy_port) <= 65535:
                raise ValidationError(
                    "proxy_port",
                    msg("Session", "Proxy port must be between 1 and 65535, not {port}.", port=self.proxy_port),
                )
        elif self.proxy_kind == "command" and not self.proxy_command.strip():
            raise ValidationError("proxy_command", msg("Session", "Enter the ProxyCommand to run."))
        elif self.proxy_kind not in ("", "http", "socks5", "command"):
            raise ValidationError("proxy_kind", msg("Session", "Unknown proxy type '{kind}'.", kind=self.proxy_kind))
        if self.hourly_price is not None and self.hourly_price < 0:
            raise ValidationError("hourly_price", msg("Session", "The hourly price cannot be negative."))

    def to_json(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSONObject) -> Session:
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        session = cls(**kwargs)
        session.port = int(session.port)
        return session
