"""The bundled catalog: GPU models, provider offers and the billing constants, each with its source.

Files live in ``gpudesk/resources/catalog`` (package data), so an installed wheel or a frozen
build finds them. See that folder's README for every source and caveat.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from gpudesk.core.catalog.age import PriceAge, price_age

SNAPSHOT_DATE = "2026-12-02"
# Offers the planner may recommend; the others are shown in the table with their status.
USABLE_STATUS = "ok"


def _f(value: str) -> float | None:
    value = (value or "").strip()
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        return None


def _i(value: str) -> int | None:
    number = _f(value)
    return None if number is None else int(number)


@dataclass(frozen=True)
class GpuModel:
    """One GPU model's spec sheet (dense tensor figures) and where each value came from."""

    model: str
    arch: str
    vram_gb: float
    mem_bandwidth_gbps: float | None
    fp32_tflops: float | None
    tf32_tflops: float | None
    bf16_tflops: float | None
    fp8_tflops: float | None
    fp64_tflops: float | None
    nvlink: str
    nvenc: int | None
    tdp_w: float | None
    launch_year: int | None
    purchase_price_usd: float | None
    source: str
    price_source: str
    notes: str

    @property
    def has_nvlink(self) -> bool:
        return self.nvlink.startswith("yes")

    @property
    def nvlink_gbps(self) -> float | None:
        if not self.has_nvlink:
            return None
        return _f(self.nvlink.split(";", 1)[1].replace("GB/s", "")) if ";" in self.nvlink else None

    @property
    def has_bf16(self) -> bool:
        # Volta and Turing have FP16 tensor cores but no BF16.
        return self.arch not in ("Volta", "Turing")

    def tflops_for(self, precision: str) -> float | None:
        """Dense tensor throughput for a training/inference precision (None: not supported or not sourced)."""
        if precision == "fp8":
            return self.fp8_tflops
        if precision == "bf16" and not self.has_bf16:
            return None
        # fp16 and bf16 share the column (FP32 accumulate); int4 inference runs its matmuls in 16-bit.
        return self.bf16_tflops


@dataclass(frozen=True)
class Offer:
    """One observed price: an instance of ``gpu_count`` × ``gpu_model`` at a provider."""

    provider: str
    region: str
    gpu_name: str  # as the provider lists it
    gpu: GpuModel
    gpu_count: int
    vram_gb_per_gpu: float
    vcpus: int | None
    ram_gb: float | None
    price_per_hour: float
    currency: str
    billing: str  # "on-demand" or "spot"
    observed_date: str
    source: str
    instance_type: str
    price_per_hour_max: float | None
    price_per_day: float | None
    price_per_month: float | None
    status: str
    notes: str
    live: bool = False  # fetched from the provider's API (observed_date is then the UTC minute)

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.provider, self.gpu.model, self.gpu_count)

    @property
    def total_vram_gb(self) -> float:
        return self.vram_gb_per_gpu * self.gpu_count

    @property
    def usable(self) -> bool:
        return self.status == USABLE_STATUS

    @property
    def age(self) -> PriceAge:
        """How old the price is: its source's date, "before" the bundled catalog's date, or live."""
        return price_age(self.observed_date, self.live, SNAPSHOT_DATE)

    @property
    def date_label(self) -> str:
        return self.age.label()


@dataclass(frozen=True)
class Term:
    key: str
    value: float
    unit: str
    source: str
    observed_date: str
    note: str


@dataclass
class Catalog:
    gpus: dict[str, GpuModel]
    offers: list[Offer]
    terms: dict[str, Term]
    snapshot_date: str = SNAPSHOT_DATE
    aliases: dict[str, str] = field(default_factory=dict)

    def term(self, key: str) -> float:
        return self.terms[key].value

    def find_gpu(self, name: str) -> GpuModel | None:
        """A GPU by name, forgiving case, spaces and the usual short forms ("4090", "h100")."""
        wanted = _norm(name)
        if not wanted:
            return None
        for model in self.gpus.values():
            if _norm(model.model) == wanted:
                return model
        alias = {_norm(k): v for k, v in self.aliases.items()}.get(wanted)
        if alias:
            return self.gpus[alias]
        matches = [m for m in self.gpus.values() if wanted in _norm(m.model)]
        return matches[0] if len(matches) == 1 else None

    def gpu_matches(self, name: str) -> list[GpuModel]:
        """Every model a user's GPU filter could mean ("A100" → all A100 SKUs)."""
        wanted = _norm(name)
        exact = self.find_gpu(name)
        found = [m for m in self.gpus.values() if wanted and wanted in _norm(m.model)]
        if exact is not None and exact not in found:
            found.insert(0, exact)
        return found


def _norm(text: str) -> str:
    text = text.lower().replace("nvidia", "").replace("geforce", "").replace("tesla", "")
    return "".join(ch for ch in text if ch.isalnum())


def _read(name: str) -> list[dict[str, str]]:
    text = (resources.files("gpudesk") / "resources" / "catalog" / name).read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def parse_gpus(rows: list[dict[str, str]]) -> dict[str, GpuModel]:
    gpus = {}
    for r in rows:
        gpus[r["model"]] = GpuModel(
            model=r["model"],
            arch=r["arch"],
            vram_gb=float(r["vram_gb"]),
            mem_bandwidth_gbps=_f(r["mem_bandwidth_gbps"]),
            fp32_tflops=_f(r["fp32_tflops"]),
            tf32_tflops=_f(r["tf32_tflops_dense"]),
            bf16_tflops=_f(r["fp16_bf16_tflops_dense"]),
            fp8_tflops=_f(r["fp8_tflops_dense"]),
            fp64_tflops=_f(r.get("fp64_tflops", "")),
            nvlink=r["nvlink"],
            nvenc=_i(r["nvenc"]),
            tdp_w=_f(r["tdp_w"]),
            launch_year=_i(r["launch_year"]),
            purchase_price_usd=_f(r["approx_purchase_price_usd"]),
            source=r["source"],
            price_source=r["price_source"],
            notes=r["notes"],
        )
    return gpus


def parse_offers(
    rows: list[dict[str, str]], gpus: dict[str, GpuModel], aliases: dict[str, tuple[str, float]]
) -> list[Offer]:
    offers = []
    for r in rows:
        name = r["gpu_model"]
        if name in gpus:
            gpu, vram = gpus[name], gpus[name].vram_gb
        elif name in aliases:
            model, vram = aliases[name]
            gpu = gpus[model]
        else:
            continue  # a GPU the spec table does not know cannot be planned with
        price = _f(r["price_per_hour"])
        if price is None:
            continue
        offers.append(
            Offer(
                provider=r["provider"],
                region=r["region"],
                gpu_name=name,
                gpu=gpu,
                gpu_count=int(r["gpu_count"]),
                vram_gb_per_gpu=vram,
                vcpus=_i(r["vcpus"]),
                ram_gb=_f(r["ram_gb"]),
                price_per_hour=price,
                currency=r["currency"],
                billing=r["billing"],
                observed_date=r["observed_date"],
                source=r["source"],
                instance_type=r["instance_type"],
                price_per_hour_max=_f(r["price_per_hour_max"]),
                price_per_day=_f(r.get("price_per_day", "")),
                price_per_month=_f(r.get("price_per_month", "")),
                status=r.get("status") or USABLE_STATUS,
                notes=r["notes"],
            )
        )
    return offers


@lru_cache(maxsize=1)
def load() -> Catalog:
    """The bundled snapshot (parsed once per process)."""
    gpus = parse_gpus(_read("gpus.csv"))
    alias_rows = _read("aliases.csv")
    aliases = {r["alias"]: (r["model"], float(r["vram_gb"])) for r in alias_rows}
    offers = parse_offers(_read("offers.csv"), gpus, aliases)
    terms = {
        r["key"]: Term(r["key"], float(r["value"]), r["unit"], r["source"], r["observed_date"], r["note"])
        for r in _read("terms.csv")
    }
    return Catalog(gpus=gpus, offers=offers, terms=terms, aliases={a: m for a, (m, _v) in aliases.items()})
