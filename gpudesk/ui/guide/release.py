"""Step 4's last check: ask every provider account whether a server launched from gpudesk still runs.

"Launched from gpudesk" is what the audit log says gpudesk rented (the rent dialog and
``gpudesk instances launch`` record each launch as ``account:instance``). Blocking: provider HTTP;
the guide runs it off the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpudesk.core.billing import audit
from gpudesk.core.i18n import message_of
from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.errors import ProviderError


@dataclass
class StillRunning:
    account: str
    id: str
    name: str
    status: str
    price_per_hour: float | None
    currency: str


@dataclass
class ReleaseCheck:
    asked: list[str] = field(default_factory=list)  # the accounts that answered
    running: list[StillRunning] = field(default_factory=list)  # launched from gpudesk and still billing
    errors: dict[str, object] = field(default_factory=dict)  # account → what went wrong (a Msg or text)


def launched_from_gpudesk() -> set[str]:
    """``account:instance`` of every launch the audit log holds."""
    return {str(e.get("session")) for e in audit.read(limit=100_000) if e.get("action") == "launch" and e.get("result") == "ok"}


def check() -> ReleaseCheck:
    """Blocking: list the instances of every account with an API; name those gpudesk launched that still bill."""
    launched = launched_from_gpudesk()
    result = ReleaseCheck()
    for account in AccountStore():
        if account.kind == "manual":
            continue
        try:
            instances = provider_for(account).list_instances()
        except ProviderError as exc:
            result.errors[account.name] = message_of(exc)
            continue
        result.asked.append(account.name)
        for inst in instances:
            if inst.billing and f"{account.name}:{inst.id}" in launched:
                result.running.append(StillRunning(account.name, inst.id, inst.name, inst.raw_status or inst.status,
                                                   inst.price_per_hour, inst.currency or "USD"))
    return result
