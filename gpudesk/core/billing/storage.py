"""Storage that keeps billing after a stop, kept in the running total at its storage rate.

Each volume, filesystem or stopped instance's disk a provider lists becomes a meter entry of
its own (``storage:<account>:<id>``, source ``storage``): it opens a run when first seen and
closes it when the provider no longer lists it. So the cost bar's "today", the spending report
and ``gpudesk cost`` count it like any server, and "nothing is billing" is only said when true.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.provider_model import Storage

PREFIX = "storage:"


def entry_id(account: str, item_id: str) -> str:
    return f"{PREFIX}{account}:{item_id}"


def track(meter: Meter, account: str, items: Iterable[Storage], now: float | None = None) -> None:
    """Follow one account's listing: open a run for each priced item, close runs of items gone."""
    now = time.time() if now is None else now
    seen: set[str] = set()
    for item in items:
        if item.price_per_hour is None:
            continue  # no published rate: listed for the user, but nothing to add up
        sid = entry_id(account, item.id)
        seen.add(sid)
        label = f"{item.name or item.id} ({item.kind.replace('_', ' ')}, {account})"
        meter.configure(sid, label, Price(item.price_per_hour, "hour", item.currency, "second"), "storage")
        if not meter.is_running(sid):
            meter.start(sid, now)
    prefix = entry_id(account, "")
    for sid in [s for s in list(meter.entries) if s.startswith(prefix) and s not in seen]:
        meter.stop(sid, now)


@dataclass
class StillBilling:
    """What the meter says bills right now: per-currency rates and the names behind them."""

    rates: dict[str, float]
    names: list[str]

    @property
    def nothing(self) -> bool:
        return not self.names


def still_billing(meter: Meter) -> StillBilling:
    """Every open run (servers and storage) with its rate; an unpriced open run still counts as billing."""
    rates: dict[str, float] = {}
    names: list[str] = []
    for sid, entry in list(meter.entries.items()):
        if entry.open_run is None:
            continue
        names.append(entry.name or sid)
        if entry.price is not None:
            rates[entry.price.currency] = rates.get(entry.price.currency, 0.0) + entry.price.per_hour
    return StillBilling(rates, names)


@dataclass(frozen=True)
class BillingNow:
    """What bills right now, from the one ledger (the meter, which follows the providers' reported states).

    ``compute`` and ``storage`` are rates per hour by currency; the names say what they add up.
    Every view that says "billing now" (cost bar, tab, Guide, Providers, the quit warning) asks
    :func:`billing_now`, so they cannot disagree.
    """

    compute: dict[str, float]
    storage: dict[str, float]
    compute_names: tuple[str, ...] = ()
    storage_names: tuple[str, ...] = ()

    @property
    def nothing(self) -> bool:
        return not self.compute_names and not self.storage_names

    @property
    def rates(self) -> dict[str, float]:
        """Compute and storage together, by currency."""
        total = dict(self.compute)
        for currency, rate in self.storage.items():
            total[currency] = total.get(currency, 0.0) + rate
        return total


def _storage_of(sid: str, account: str, instance_id: str) -> bool:
    """Whether storage entry ``sid`` is the disk of ``instance_id`` at ``account`` (RunPod "volume:<id>", Vast.ai "<id>")."""
    prefix = entry_id(account, "")
    if not sid.startswith(prefix) or not instance_id:
        return False
    item = sid[len(prefix) :]
    return item == instance_id or item.endswith(":" + instance_id)


def billing_now(
    meter: Meter, session_ids: Iterable[str] | None = None, *, account: str = "", instance_id: str = ""
) -> BillingNow:
    """Compute X/h + storage Y/h billing now: everything, or one session (with its instance's disk).

    ``session_ids`` limits compute to those sessions; storage is then only the disk of
    ``instance_id`` at ``account`` (a stopped instance's volume). An unpriced open run counts
    by name, at no rate.
    """
    only = None if session_ids is None else set(session_ids)
    compute: dict[str, float] = {}
    storage: dict[str, float] = {}
    compute_names: list[str] = []
    storage_names: list[str] = []
    for sid, entry in list(meter.entries.items()):
        if entry.open_run is None:
            continue
        is_storage = sid.startswith(PREFIX)
        if only is not None:
            if is_storage and not _storage_of(sid, account, instance_id):
                continue
            if not is_storage and sid not in only:
                continue
        rates, names = (storage, storage_names) if is_storage else (compute, compute_names)
        names.append(entry.name or sid)
        if entry.price is not None:
            rates[entry.price.currency] = rates.get(entry.price.currency, 0.0) + entry.price.per_hour
    return BillingNow(compute, storage, tuple(compute_names), tuple(storage_names))
