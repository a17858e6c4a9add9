"""Live prices ("Refresh"): the providers whose APIs publish them, cached with a timestamp.

* Lambda Cloud: ``GET /api/v1/instance-types`` — ``price_cents_per_hour`` per instance type.
* RunPod: REST v2 ``GET /v2/catalog/gpus`` — ``price.secure`` and ``price.community`` per GPU-hour
  (GraphQL's ``gpuTypes`` is rate-limited and retires in early 2027). RunPod's v2 spec marks every
  call as authenticated, so without a RunPod account the bundled, dated snapshot is what shows.
* Vast.ai: ``POST /api/v0/bundles/`` — marketplace offers. The search allows 10 requests a minute
  (search_offers.yaml ``x-rate-limit``; limits are "a minimum interval between requests",
  rate-limits-and-errors.mdx), so the catalog GPUs go in two searches with ``gpu_name: {"in": [...]}``
  (the yaml's own example), data-centre cards apart from the rest (one query for the globally
  cheapest offers is all RTX cards and misses the H100/H200 renters plan for), spaced by that
  interval. A 429 keeps the rows already fetched and says the list is partial; the GPUs it did not
  reach keep their earlier prices. The cheapest ``dph_total`` per GPU model and count is kept.

Shapes follow ``reference/providers.md`` §2.8, §3.9 and §5.6. Requests go through the provider
accounts' HTTP client (auth header, retries, typed errors, token scrubbed from messages). The
result is written to ``catalog-live.json`` in the cache folder and merged over the bundled
snapshot: a live row is dated to the minute, so it wins over an older row for the same
provider, GPU and count.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from gpudesk.core import atomic, paths
from gpudesk.core.catalog.data import Catalog, GpuModel, Offer
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import message_of, msg
from gpudesk.core.providers.errors import ProviderError, RateLimited
from gpudesk.core.providers.http import ApiClient
from gpudesk.core.providers.runpod import v2_base

KINDS = ("lambda", "runpod", "vast")
VAST_QUERY = {
    "verified": {"eq": True},
    "rentable": {"eq": True},
    "rented": {"eq": False},
    "order": [["dph_total", "asc"]],
    "type": "on-demand",
    "limit": 100,
}
# Vast.ai's own names (``gpu_name``) for the catalog's GPUs, in two searches: data-centre cards, then the rest.
VAST_GPU_GROUPS = (
    ("H200", "H100 SXM", "H100 PCIE", "H100 NVL", "H800 PCIE", "A100 SXM4", "A100 PCIE", "A100X", "A800 PCIE"),
    ("L40S", "L40", "L4", "A10", "Tesla T4", "Tesla V100", "RTX 4090", "RTX 3090", "RTX A6000", "RTX 6000Ada"),
)  # fmt: skip
VAST_GPU_NAMES = tuple(name for group in VAST_GPU_GROUPS for name in group)
#: search_offers.yaml: 10 requests per minute, enforced as a minimum interval between requests
VAST_SEARCH_INTERVAL_S = 6.0
VAST_SEARCH_LIMIT = 1000
PROVIDER_NAMES = {"lambda": "Lambda Cloud", "runpod": "RunPod", "vast": "Vast.ai"}


@dataclass(frozen=True)
class LiveRow:
    """One price as a provider's API gave it, before it is matched to a catalog GPU."""

    provider: str
    gpu_name: str
    gpu_count: int
    vram_gb: float | None
    price_per_hour: float
    billing: str
    instance_type: str
    source: str
    region: str = ""
    vcpus: int | None = None
    ram_gb: float | None = None
    fetched_at: str = ""  # when this row was fetched (a kept row of a failed provider keeps its own)


@dataclass
class RefreshResult:
    fetched_at: str  # ISO 8601, UTC, to the minute (rows without their own time were fetched then)
    rows: list[LiveRow]
    errors: dict[str, str]  # provider → plain message (never contains the token)
    partial: set[str] = field(default_factory=set)  # providers (also in errors) whose rows are only part of the list


# -- GPU name matching ---------------------------------------------------------------
_FORM = re.compile(r"^(sxm\d?|pcie|nvl|\d+gb)$")


def _tokens(text: str) -> list[str]:
    return [
        t
        for t in re.split(
            r"[^a-z0-9]+", text.lower().replace("nvidia", " ").replace("geforce", " ").replace("tesla", " ")
        )
        if t
    ]


def _family(model: GpuModel) -> tuple[str, ...]:
    """The words naming a GPU without its form factor or memory: "A100 SXM 80GB" → ("a100",)."""
    return tuple(t for t in _tokens(model.model) if not _FORM.match(t))


def match_gpu(catalog: Catalog, name: str, vram_gb: float | None = None) -> tuple[GpuModel, float] | None:
    """The catalog GPU (and its memory) a provider's GPU name means, or None when unsure.

    Ambiguous names resolve like ``aliases.csv``: the smaller memory and, without "SXM" in the
    name, the PCIe part, so nothing is promised that the machine may not have.
    """
    words = _tokens(name)
    if not words:
        return None
    if vram_gb is None:
        sizes = re.findall(r"(\d+)\s*gb", name.lower())
        vram_gb = float(sizes[0]) if sizes else None
    longest = 0
    candidates: list[GpuModel] = []
    for model in catalog.gpus.values():
        family = _family(model)
        if family and all(word in words for word in family):
            if len(family) > longest:
                longest, candidates = len(family), [model]
            elif len(family) == longest:
                candidates.append(model)
    if not candidates:
        alias = catalog.aliases.get(name.strip())
        if alias:
            gpu = catalog.gpus[alias]
            return gpu, vram_gb or gpu.vram_gb
        return None
    if vram_gb is not None:
        sized = [m for m in candidates if abs(m.vram_gb - vram_gb) <= max(2.0, 0.06 * m.vram_gb)]
        candidates = sized or candidates
    wants_sxm = any(w.startswith("sxm") or w == "hgx" for w in words)
    form = [m for m in candidates if ("SXM" in m.model) == wants_sxm]
    candidates = form or candidates
    best = min(candidates, key=lambda m: m.vram_gb)
    return best, vram_gb if vram_gb is not None else best.vram_gb


# -- fetchers ------------------------------------------------------------------------
def _num(value: JSON) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number == number and number >= 0 else None  # drops NaN and negatives


def fetch_lambda(api: ApiClient) -> list[LiveRow]:
    body = api.request("GET", "/api/v1/instance-types")
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, dict):
        raise ProviderError(
            msg(
                "ProviderError",
                "{provider} sent instance types gpudesk does not understand (expected {shape}).",
                provider="Lambda Cloud",
                shape="{'data': {...}}",
            )
        )
    rows = []
    for name, entry in data.items():
        itype = (entry or {}).get("instance_type") or {}
        cents = _num(itype.get("price_cents_per_hour"))
        specs = itype.get("specs") or {}
        count = int(_num(specs.get("gpus")) or 0)
        if cents is None or count < 1:
            continue
        regions = [
            r.get("name", "") for r in (entry.get("regions_with_capacity_available") or []) if isinstance(r, dict)
        ]
        rows.append(
            LiveRow(
                provider="Lambda Cloud",
                gpu_name=str(itype.get("gpu_description") or itype.get("description") or name),
                gpu_count=count,
                vram_gb=None,
                price_per_hour=cents / 100.0,
                billing="on-demand",
                instance_type=str(itype.get("name") or name),
                source=f"{api.base_url}/api/v1/instance-types",
                region=", ".join(regions) if regions else "no capacity now",
                vcpus=int(specs["vcpus"]) if isinstance(specs.get("vcpus"), int) else None,
                ram_gb=_num(specs.get("memory_gib")),
            )
        )
    return rows


def fetch_runpod(api: ApiClient) -> list[LiveRow]:
    """``GET /v2/catalog/gpus``: the list price of one GPU-hour in Secure and Community Cloud."""
    url = f"{v2_base(api.base_url)}/v2/catalog/gpus"
    body = api.request("GET", url)
    types = body.get("gpus") if isinstance(body, dict) else None
    if not isinstance(types, list):
        raise ProviderError(
            msg(
                "ProviderError",
                "RunPod sent GPU types gpudesk does not understand (expected {shape}).",
                shape="{'gpus': [...]}",
            )
        )
    rows = []
    for item in types:
        if not isinstance(item, dict):
            continue
        name = str(item.get("name") or item.get("id") or "")
        label = str(item.get("id") or name)
        vram = _num(item.get("memory"))
        price = item.get("price")
        if not isinstance(price, dict):
            price = {}
        for cloud, title in (("secure", "Secure Cloud"), ("community", "Community Cloud")):
            value = _num(price.get(cloud))
            if value and item.get(cloud) is not False:  # 0 or not offered there: skip
                rows.append(
                    LiveRow("RunPod", f"{label} {name}", 1, vram, value, "on-demand", f"1x {name} ({title})", url)
                )
    return rows


class PartialPrices(ProviderError):
    """A provider stopped answering part-way (Vast.ai: 429): ``rows`` is what was fetched before."""

    def __init__(self, message: str, rows: list[LiveRow]) -> None:
        super().__init__(message)
        self.rows = rows


def fetch_vast(
    api: ApiClient,
    groups: Iterable[Iterable[str]] = VAST_GPU_GROUPS,
    *,
    sleep: Callable[[float], None] = time.sleep,
) -> list[LiveRow]:
    offers: list[JSON] = []
    done: list[str] = []
    for n, group in enumerate([list(g) for g in groups]):
        if n:
            sleep(VAST_SEARCH_INTERVAL_S)  # Vast.ai's minimum interval between searches
        query = dict(VAST_QUERY, gpu_name={"in": group}, limit=VAST_SEARCH_LIMIT)
        try:
            body = api.request("POST", "/api/v0/bundles/", json_body=query, idempotent=True)  # a search: safe to resend
        except RateLimited as exc:
            if not done:
                raise
            rows = _vast_rows(api, offers)
            raise PartialPrices(
                msg(
                    "ProviderError",
                    "Vast.ai limited the price searches ({error}): the list is partial, with the prices of {done} "
                    "only; the other GPUs keep their earlier prices. Refresh again in a minute.",
                    error=message_of(exc),
                    done=", ".join(done),
                ),
                rows,
            ) from None
        found = body.get("offers") if isinstance(body, dict) else None
        if not isinstance(found, list):
            raise ProviderError(
                msg(
                    "ProviderError",
                    "{provider} sent offers gpudesk does not understand (expected {shape}).",
                    provider="Vast.ai",
                    shape="{'offers': [...]}",
                )
            )
        # A server that ignores the filter must not fill one GPU's rows with another's offers.
        offers.extend(o for o in found if isinstance(o, dict) and str(o.get("gpu_name") or "") in group)
        done.extend(group)
    return _vast_rows(api, offers)


def _vast_rows(api: ApiClient, offers: list[JSON]) -> list[LiveRow]:
    cheapest: dict[tuple[str, int], JSONObject] = {}
    for item in offers:
        price = _num(item.get("dph_total"))
        count = int(_num(item.get("num_gpus")) or 0)
        name = str(item.get("gpu_name") or "")
        if price is None or count < 1 or not name:
            continue
        key = (name, count)
        if key not in cheapest or price < cheapest[key]["dph_total"]:
            cheapest[key] = dict(item, dph_total=price)
    rows = []
    for (name, count), item in cheapest.items():
        gpu_ram_mb = _num(item.get("gpu_ram"))
        rows.append(
            LiveRow(
                provider="Vast.ai",
                gpu_name=name,
                gpu_count=count,
                vram_gb=round(gpu_ram_mb / 1024) if gpu_ram_mb else None,
                price_per_hour=float(item["dph_total"]),
                billing="on-demand",
                instance_type=f"{count}x {name} (offer {item.get('id', '?')})",
                source=f"{api.base_url}/api/v0/bundles/",
                region=str(item.get("geolocation") or ""),
                vcpus=int(_num(item.get("cpu_cores_effective")) or 0) or None,
                ram_gb=round((_num(item.get("cpu_ram")) or 0) / 1024) or None,
            )
        )
    return rows


FETCHERS: dict[str, Callable[[ApiClient], list[LiveRow]]] = {
    "lambda": fetch_lambda,
    "runpod": fetch_runpod,
    "vast": fetch_vast,
}


def refresh(clients: Iterable[tuple[str, ApiClient]], clock: Callable[[], float] = time.time) -> RefreshResult:
    """Ask each (kind, client) for its prices; one provider failing does not stop the others."""
    fetched_at = datetime.fromtimestamp(clock(), UTC).strftime("%Y-%m-%dT%H:%MZ")
    rows: list[LiveRow] = []
    errors: dict[str, str] = {}
    partial: set[str] = set()
    for kind, client in clients:
        try:
            rows += FETCHERS[kind](client)
        except PartialPrices as exc:
            rows += exc.rows  # what came before the provider stopped answering is kept, and said to be partial
            errors[PROVIDER_NAMES.get(kind, kind)] = message_of(exc)
            partial.add(PROVIDER_NAMES.get(kind, kind))
        except ProviderError as exc:
            errors[PROVIDER_NAMES.get(kind, kind)] = message_of(exc)
    return RefreshResult(fetched_at, rows, errors, partial)


# -- cache and merge -------------------------------------------------------------------
def cache_file() -> Path:
    return paths.cache_dir() / "catalog-live.json"


def save(result: RefreshResult) -> None:
    """Keep the rows with their timestamp; providers that failed keep their earlier rows, and their earlier time."""
    previous = load_cached()
    failed = set(result.errors) - result.partial
    fetched = {(r.provider, r.gpu_name, r.gpu_count) for r in result.rows}
    kept = [
        r
        for r in (previous.rows if previous else [])
        if r.provider in failed
        or (r.provider in result.partial and (r.provider, r.gpu_name, r.gpu_count) not in fetched)
    ]
    fresh = [replace(r, fetched_at=r.fetched_at or result.fetched_at) for r in result.rows]
    data = {"fetched_at": result.fetched_at, "rows": [asdict(r) for r in kept + fresh]}
    atomic.write_text(cache_file(), json.dumps(data, indent=1, ensure_ascii=False))


def load_cached() -> RefreshResult | None:
    try:
        raw = json.loads(cache_file().read_text("utf-8"))
        fetched_at = str(raw["fetched_at"])
        rows = [LiveRow(**r) for r in raw["rows"]]
        # A cache written before rows carried their own time: they were all fetched at its time.
        rows = [r if r.fetched_at else replace(r, fetched_at=fetched_at) for r in rows]
        return RefreshResult(fetched_at, rows, {})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def merged(catalog: Catalog, result: RefreshResult | None) -> tuple[Catalog, list[LiveRow]]:
    """The catalog with live rows added as offers; also the rows no GPU matched."""
    if result is None or not result.rows:
        return catalog, []
    live: list[Offer] = []
    unmatched: list[LiveRow] = []
    for row in result.rows:
        found = match_gpu(catalog, row.gpu_name, row.vram_gb)
        if found is None:
            unmatched.append(row)
            continue
        gpu, vram = found
        fetched_at = row.fetched_at or result.fetched_at
        live.append(
            Offer(
                provider=row.provider,
                region=row.region,
                gpu_name=row.gpu_name,
                gpu=gpu,
                gpu_count=row.gpu_count,
                vram_gb_per_gpu=vram,
                vcpus=row.vcpus,
                ram_gb=row.ram_gb,
                price_per_hour=row.price_per_hour,
                currency="USD",
                billing=row.billing,
                observed_date=fetched_at,
                source=f"live: {row.source}",
                instance_type=row.instance_type,
                price_per_hour_max=None,
                price_per_day=None,
                price_per_month=None,
                status="ok",
                notes=msg("Offers", "Fetched from the provider's API at {time}.", time=fetched_at),
                live=True,
            )
        )
    return replace(catalog, offers=catalog.offers + live), unmatched
