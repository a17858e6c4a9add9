"""Provider credit below a threshold: read each account's ``balance()`` now and then, off every caller's thread.

The threshold (one amount, in each account's own currency) is kept in ``alerts/limits.json``
(``{"credit_below": 5.0}``; absent or null: off). :class:`CreditWatch` runs its own daemon thread:
network calls never run on the clock's thread or the GUI's.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from gpudesk.core import datafile, paths
from gpudesk.core.alerts.watch import Watch
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.base import Balance
from gpudesk.core.providers.errors import ProviderError

if TYPE_CHECKING:
    from gpudesk.core.alerts.dispatch import AlertDispatcher

log = logging.getLogger("gpudesk.alerts")

INTERVAL_S = 1800.0


def limits_file() -> Path:
    return paths.data_dir() / "alerts" / "limits.json"


def _check(raw: JSON) -> tuple[JSONObject, list[str]]:
    data = datafile.mapping(raw, "limits")
    value = data.get("credit_below")
    if value is not None:
        value = datafile.number(value, "credit_below")
    return {**data, "credit_below": value}, []


def credit_threshold() -> float | None:
    """The credit under which an alert goes out, or None (off)."""
    loaded = datafile.load(limits_file(), _check, what=msg("Alerts", "The alert limits file"), empty=dict)
    value = loaded.data.get("credit_below")
    return None if value is None else float(value)


def set_credit_threshold(value: float | None) -> None:
    if value is not None and value < 0:
        raise ValueError(msg("Alerts", "The credit threshold cannot be negative."))

    def change(current: datafile.Loaded) -> JSONObject:
        return {**current.data, "credit_below": value}

    datafile.update(limits_file(), _check, change, what=msg("Alerts", "The alert limits file"), empty=dict)


def check_once(dispatcher: AlertDispatcher, threshold: float | None = None) -> list[Balance]:
    """Read every provider account's credit and alert on the low ones; returns the balances read."""
    limit = credit_threshold() if threshold is None else threshold
    if limit is None:
        return []
    found: list[Balance] = []
    for account in list(AccountStore()):
        try:
            balance = provider_for(account).balance()
        except (ProviderError, OSError) as exc:
            log.info("credit of %s not read: %s", account.name, exc)
            continue
        if balance is None:
            continue
        balance = Balance(balance.amount, balance.currency, account.name)
        found.append(balance)
        dispatcher.note_balance(balance, limit)
    return found


class CreditWatch(Watch):
    """Checks the credit every ``interval_s`` (first after ``first_s``) until :meth:`close`."""

    what = "credit"

    def __init__(self, dispatcher: AlertDispatcher, interval_s: float = INTERVAL_S, first_s: float = 60.0) -> None:
        self.dispatcher = dispatcher
        super().__init__(interval_s, first_s)

    def check(self) -> list[Balance]:
        return check_once(self.dispatcher)


__all__ = ["CreditWatch", "check_once", "credit_threshold", "limits_file", "set_credit_threshold"]
