"""A second way in when a provider's direct SSH address does not answer.

Vast.ai publishes a direct address (public IP + mapped 22/tcp) and an SSH proxy gateway; the
direct one is faster but is often firewalled. When connecting to the direct address is refused
or times out, the app asks the provider for the instance and, where it lists a fallback
(``Instance.extra["ssh_fallback"]``), tries that instead. The gateway is the same server or none:
the connection passes only when it presents a key already trusted for the instance (its direct
address, or the gateway's own recorded key); any other key is a changed key, never a "new server",
and nothing is sent before that check. The gateway's host comes from the provider's API, so it is
checked like any address a user types before it reaches a socket or a ProxyCommand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.base import to_int
from gpudesk.core.providers.errors import ProviderError
from gpudesk.core.sessions.model import ValidationError, check_host

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session

#: connection failures that mean "this address does not answer", not "you may not log in"
UNREACHABLE = frozenset({"refused", "timeout", "closed"})


@dataclass(frozen=True)
class Address:
    host: str
    port: int
    user: str

    def __str__(self) -> str:
        return f"{self.user}@{self.host}:{self.port}"


def fallback_for(session: Session) -> Address | None:
    """The provider's other address for the session's instance, or None (blocking: off the GUI thread)."""
    if not (session.provider and session.provider_instance_id):
        return None

    account = AccountStore().get(session.provider)
    if account is None:
        return None
    try:
        inst = provider_for(account).get_instance(session.provider_instance_id)
    except ProviderError:
        return None
    other = inst.extra.get("ssh_fallback") if isinstance(inst.extra, dict) else None
    if not isinstance(other, dict) or not other.get("host"):
        return None
    port = to_int(other.get("port"))
    if port is None or not 0 < port < 65536:
        return None
    host = other["host"]
    if not isinstance(host, str):
        return None
    try:
        check_host("host", host)
    except ValidationError:
        return None  # not a host name: could become an option or shell text in a ProxyCommand
    # The same machine behind another door: log in as the session's user, as on the direct address.
    address = Address(host, port, session.username or str(other.get("user") or "root"))
    if (address.host, address.port) == (session.host, session.port):
        return None
    return address
