"""What a provider account can really do, without a token or a network call.

The guard, the billing dialog and the Providers page ask here before they offer an action:
Lambda Cloud has no stop, a manual server has no API at all, a generic REST account has the
actions whose URLs it configured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.providers.accounts import KINDS, AccountStore

if TYPE_CHECKING:
    from gpudesk.core.providers.accounts import Account
    from gpudesk.core.sessions.model import Session


def actions_for(account: Account | None) -> frozenset[str]:
    """The lifecycle actions (start, stop, terminate, restart) the account's provider offers."""
    if account is None or account.kind not in KINDS:
        return frozenset()
    cls = KINDS[account.kind]
    actions = cls.__dict__.get("actions")
    if isinstance(actions, frozenset):
        return actions
    # A property (generic REST): it depends on the account's options; no token is needed to ask.
    return frozenset(cls(account.name, "", account.base_url, options=account.options).actions)


def session_actions(session: Session) -> frozenset[str]:
    """What gpudesk can do to the server behind ``session``: nothing unless it is linked to an account."""
    if not (session.provider and session.provider_instance_id):
        return frozenset()

    return actions_for(AccountStore().get(session.provider))
