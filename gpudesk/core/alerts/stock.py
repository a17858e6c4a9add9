"""A GPU you want, back in stock at or under your price: watched while the app runs.

A *want* is a catalog GPU model (``H200 SXM``), a GPU count and a price per GPU-hour in US dollars, kept in
``alerts/stock.json``. :class:`StockWatch` reads the providers' live price APIs (the same reads as the
catalog's *Refresh prices*: Lambda's instance types with their regions that have capacity, RunPod's GPU
catalog, Vast.ai's marketplace offers, which are rentable by definition) every ``interval_s`` on its own
thread, and sends a ``gpu_in_stock`` alert the first time each matching offer appears; an offer that
goes and comes back is news again. What the providers' price APIs do not say (RunPod publishes a price,
not a count of free machines) is not claimed: the alert names its source.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.core import datafile, paths
from gpudesk.core.alerts.model import Alert
from gpudesk.core.alerts.watch import Watch
from gpudesk.core.catalog import live
from gpudesk.core.catalog.data import load as load_catalog
from gpudesk.core.catalog.live import match_gpu
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.errors import ProviderError

if TYPE_CHECKING:
    from gpudesk.core.alerts.sender import Sender
    from gpudesk.core.catalog.live import LiveRow

log = logging.getLogger("gpudesk.alerts")

INTERVAL_S = 600.0  # Vast.ai's search allows 10 requests a minute; the catalog refresh makes two
MAX_WANTS = 20
NO_CAPACITY = "no capacity now"  # core.catalog.live: a Lambda type without a region that has capacity


class StockError(ValueError):
    """A want that cannot be watched (the message says why)."""


@dataclass(frozen=True)
class Want:
    gpu: str  # a catalog GPU model, as the catalog names it
    max_price: float  # per GPU-hour, USD (the providers' live prices are in dollars)
    count: int = 1  # at least this many GPUs in one machine

    def to_json(self) -> JSONObject:
        return {"gpu": self.gpu, "max_price": self.max_price, "count": self.count}


def wants_file() -> Path:
    return paths.data_dir() / "alerts" / "stock.json"


_CHECK = datafile.record(
    {"gpu": datafile.nonempty_text, "max_price": datafile.number, "count": datafile.number},
    required=("gpu", "max_price"),
)


def _check(raw: JSON) -> tuple[JSONObject, list[str]]:
    items = datafile.mapping(raw, "stock file").get("wants", [])
    good, skipped = datafile.entries(datafile.listof(items, "wants"), _CHECK)
    return {"wants": good}, skipped


def _what() -> str:
    return msg("Alerts", "The GPU stock watch file")


def wants() -> list[Want]:
    loaded = datafile.load(wants_file(), _check, what=_what(), empty=lambda: {"wants": []})
    out = []
    for w in loaded.data["wants"]:
        price, count = float(w["max_price"]), int(w.get("count") or 1)
        if math.isfinite(price) and price > 0 and 1 <= count <= 64:
            out.append(Want(str(w["gpu"]), price, count))
    return out[:MAX_WANTS]


def resolve(gpu: str) -> str:
    """The catalog's name for ``gpu`` ("h200" → "H200 SXM"); StockError when the catalog has no such GPU."""
    found = match_gpu(load_catalog(), gpu)
    if found is None:
        raise StockError(
            msg("Alerts", "No GPU called '{gpu}' in the catalog (try H100, H200 SXM, A100 80GB).", gpu=gpu)
        )
    return found[0].model


def add_want(gpu: str, max_price: float, count: int = 1) -> Want:
    """Watch for ``gpu`` at or under ``max_price`` per GPU-hour (replaces a want for the same GPU and count)."""
    if not (math.isfinite(max_price) and max_price > 0):
        raise StockError(msg("Alerts", "The price must be an amount above 0."))
    if not 1 <= count <= 64:
        raise StockError(msg("Alerts", "The GPU count must be between 1 and 64."))
    want = Want(resolve(gpu), round(float(max_price), 4), int(count))

    def change(current: datafile.Loaded) -> JSONObject:
        kept = [w for w in current.data["wants"] if (w["gpu"], int(w.get("count") or 1)) != (want.gpu, want.count)]
        if len(kept) >= MAX_WANTS:
            raise StockError(msg("Alerts", "At most {n} GPUs can be watched.", n=MAX_WANTS))
        return {"wants": [*kept, want.to_json()]}

    datafile.update(wants_file(), _check, change, what=_what(), empty=lambda: {"wants": []})
    return want


def remove_want(gpu: str) -> int:
    """Stop watching ``gpu`` (every count); returns how many wants went."""
    name = resolve(gpu)
    gone = 0

    def change(current: datafile.Loaded) -> JSONObject:
        nonlocal gone
        kept = [w for w in current.data["wants"] if w["gpu"] != name]
        gone = len(current.data["wants"]) - len(kept)
        return {"wants": kept}

    datafile.update(wants_file(), _check, change, what=_what(), empty=lambda: {"wants": []})
    return gone


@dataclass(frozen=True)
class Match:
    want: Want
    provider: str
    gpu_name: str
    gpu_count: int
    per_gpu: float
    region: str
    instance_type: str
    source: str

    @property
    def key(self) -> str:
        return f"{self.want.gpu}|{self.want.count}|{self.provider}|{self.instance_type}|{self.gpu_count}"


def matches(rows: list[LiveRow], want_list: list[Want]) -> list[Match]:
    """The offers among ``rows`` that are in stock and meet a want (price per GPU-hour, count, model)."""
    catalog = load_catalog()
    out = []
    for row in rows:
        if row.region == NO_CAPACITY or row.gpu_count < 1 or not math.isfinite(row.price_per_hour):
            continue
        found = match_gpu(catalog, row.gpu_name, row.vram_gb)
        if found is None:
            continue
        per_gpu = row.price_per_hour / row.gpu_count
        for want in want_list:
            if found[0].model == want.gpu and row.gpu_count >= want.count and per_gpu <= want.max_price + 1e-9:
                out.append(
                    Match(want, row.provider, row.gpu_name, row.gpu_count, per_gpu, row.region, row.instance_type,
                          row.source)
                )  # fmt: skip
    return out


def alert_for(match: Match, seen_at: float = 0.0) -> Alert:
    """The alert; ``seen_at`` (when this appearance began) makes an offer that went and came back news again."""
    where = f" ({match.region})" if match.region else ""
    return Alert(
        "gpu_in_stock",
        msg(
            "Alerts",
            "{gpu} at {provider}: ${price:.2f}/GPU-h",
            gpu=match.want.gpu,
            provider=match.provider,
            price=match.per_gpu,
        ),
        msg(
            "Alerts",
            "{count}× {name}{where} at ${price:.2f} per GPU-hour, at or under your ${limit:.2f}. "
            "Rent it in gpudesk: Catalog → Refresh prices → Rent this offer. Source: {source}",
            count=match.gpu_count,
            name=match.gpu_name,
            where=where,
            price=match.per_gpu,
            limit=match.want.max_price,
            source=match.source[:200],
        ),
        key=f"{match.key}|{seen_at:.3f}",
        priority=4,
    )


def live_clients() -> list[tuple[str, Any]]:
    """The (kind, API client) pairs of the provider accounts whose price APIs gpudesk reads."""
    clients = []
    for account in AccountStore():
        if account.kind in live.KINDS:
            try:
                clients.append((account.kind, provider_for(account).api))
            except ProviderError as exc:
                log.info("stock watch: %s not read: %s", account.name, exc)
    return clients


class StockWatch(Watch):
    """Reads the live prices every ``interval_s`` while there are wants; alerts on offers new since the last read."""

    what = "stock"

    def __init__(self, sender: Sender, interval_s: float = INTERVAL_S, first_s: float = 90.0) -> None:
        self.sender = sender
        self.seen: set[str] = set()  # offers already told about, while they stay
        super().__init__(interval_s, first_s)

    def check(self) -> list[Match]:
        return self.check_once()

    def check_once(self, clients: list[tuple[str, Any]] | None = None) -> list[Match]:
        """One read; returns the matches that were news (and sent)."""
        want_list = wants()
        if not want_list:
            self.seen.clear()
            return []
        result = live.refresh(live_clients() if clients is None else clients)
        for provider, error in result.errors.items():
            log.info("stock watch: %s: %s", provider, error)
        found = matches(result.rows, want_list)
        keys = {m.key for m in found}
        # An offer from a provider that could not be read this time is not "gone": it keeps its place.
        failed = set(result.errors) - result.partial
        self.seen = {k for k in self.seen if k in keys or k.split("|")[2] in failed}
        news = [m for m in found if m.key not in self.seen]
        now = time.time()
        for match in news:
            self.seen.add(match.key)
            self.sender.send(alert_for(match, now))
        return news


__all__ = ["Match", "StockError", "StockWatch", "Want", "add_want", "matches", "remove_want", "wants"]
