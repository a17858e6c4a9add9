"""How old a price is, said the same way in the offers table, the planner and the Catalog's footer.

Three kinds of price:

* dated: its source gives a date (``2026-05-07``, ``2025-10``); that date is shown;
* undated: copied from a snapshot that records no date (the SkyPilot catalogs, known by their
  commit): all that is certain is that it is older than the bundled catalog, so it shows
  "before <the catalog's date>";
* live: fetched from the provider's API; it shows "live" with the minute it was fetched (UTC).

The footer's summary is built from the same ages, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpudesk.core.i18n import Msg, join, msg

if TYPE_CHECKING:
    from gpudesk.core.catalog.data import Offer

DATED, UNDATED, LIVE = "dated", "undated", "live"


@dataclass(frozen=True)
class PriceAge:
    kind: str  # DATED | UNDATED | LIVE
    date: str  # the source's date; the catalog's date (undated); "YYYY-MM-DD HH:MM" UTC (live)

    def label(self) -> Msg:
        """What the Observed column says: a date, "before <date>" or "live <date time> UTC"."""
        if self.kind == LIVE:
            return msg("Offers", "live {time} UTC", time=self.date)
        if self.kind == UNDATED:
            return msg("Offers", "before {date}", date=self.date)
        return Msg("", "{date}", {"date": self.date})  # the date itself: nothing to translate

    @property
    def sort_key(self) -> str:
        """Oldest first: an undated price (known only to be older than the catalog) before every date."""
        return "" if self.kind == UNDATED else self.date


def live_time(fetched_at: str) -> str:
    """``2026-12-02T10:31Z`` (as cached) → ``2026-12-02 10:31``."""
    return fetched_at.replace("T", " ").rstrip("Zz").strip()


def price_age(observed_date: str, live: bool, catalog_date: str) -> PriceAge:
    if live:
        return PriceAge(LIVE, live_time(observed_date))
    if observed_date:
        return PriceAge(DATED, observed_date)
    return PriceAge(UNDATED, catalog_date)


def summary(offers: Iterable[Offer]) -> Msg:
    """The footer's line: how many prices of each age, with the same dates the rows show."""
    offers = list(offers)
    ages = [o.age for o in offers]
    parts: list[Msg] = []
    dated = sorted(a.date for a in ages if a.kind == DATED)
    if dated:
        first, last = dated[0], dated[-1]
        if first == last:
            parts.append(msg("Offers", "{count} dated {date}", count=len(dated), date=first))
        else:
            parts.append(msg("Offers", "{count} dated {first} to {last}", count=len(dated), first=first, last=last))
    undated = [a for a in ages if a.kind == UNDATED]
    for date in sorted({a.date for a in undated}):
        count = sum(1 for a in undated if a.date == date)
        parts.append(
            msg("Offers", "{count} from undated snapshots: {label}", count=count, label=PriceAge(UNDATED, date).label())
        )
    live = [a for a in ages if a.kind == LIVE]
    for date in sorted({a.date for a in live}):
        fetched = [o for o in offers if o.age == PriceAge(LIVE, date)]
        providers = ", ".join(sorted({o.provider for o in fetched}))
        label = PriceAge(LIVE, date).label()
        parts.append(
            msg("Offers", "{count} {label} ({providers})", count=len(fetched), label=label, providers=providers)
        )
    if not parts:
        return msg("Offers", "No prices.")
    return msg("Offers", "Price dates (Observed column): {parts}.", parts=join("; ", parts))
