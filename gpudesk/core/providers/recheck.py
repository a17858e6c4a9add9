"""At start-up, every linked session's instance is read again from its provider.

The meter on disk is the last run's view (or a crash's): a server stopped, terminated or started
while the app was away must not be counted (cost bar, spending report, Guide, quit warning) by
that old view. :func:`recheck_all` asks each provider once per linked instance, and the meter
takes its word (a gone instance closes its run); every open server's billing hears it through
:data:`gpudesk.core.billing.actions.seen`. Blocking (provider HTTP): run it off the GUI thread.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gpudesk.core.billing import actions
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.storage import track
from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.base import Instance
from gpudesk.core.providers.errors import NotFound, ProviderError

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session

log = logging.getLogger(__name__)


@dataclass
class Rechecked:
    """What the providers said: instance states by session id, gone instances, and accounts not asked."""

    states: dict[str, Instance | None] = field(default_factory=dict)  # None: the provider no longer knows it
    errors: dict[str, str] = field(default_factory=dict)  # account → why it could not be asked


def recheck_all(sessions: Iterable[Session], meter: Meter, *, with_storage: bool = True) -> Rechecked:
    """Read every linked session's instance from its provider; the meter follows (blocking)."""
    store = AccountStore()
    result = Rechecked()
    by_account: dict[str, list[Session]] = {}
    for session in sessions:
        name = session.provider or ""
        if name and session.provider_instance_id:
            by_account.setdefault(name, []).append(session)
    for account_name, linked in by_account.items():
        account = store.get(account_name)
        if account is None:
            result.errors[account_name] = "no such account"
            continue
        try:
            provider = provider_for(account)
        except (ProviderError, OSError) as exc:
            result.errors[account_name] = str(exc)
            continue
        for session in linked:
            sid, iid = session.id, session.provider_instance_id
            try:
                inst = provider.get_instance(iid)
            except NotFound:
                meter.sync(sid, False)  # the provider no longer knows it: it bills no more
                actions.observe(account_name, iid, None, gone=True, meter=meter)
                result.states[sid] = None
                continue
            except (ProviderError, OSError) as exc:
                result.errors[account_name] = str(exc)
                break
            meter.sync(sid, inst.billing, inst.started_at)
            actions.observe(account_name, iid, inst, meter=meter)
            result.states[sid] = inst
        if with_storage and account_name not in result.errors:
            try:
                track(meter, account_name, provider.list_storage())
            except (ProviderError, OSError) as exc:
                log.info("storage of %s not listed: %s", account_name, exc)
    return result
