"""The planner: from a workload to ranked GPU configurations with costs and reasons.

Ranking is by estimated cost for the whole job, then by time. For training and fine-tuning the
job is a number of tokens (defaults below), so a faster GPU that costs more per hour can still
be cheaper per job; with ``hours`` given the configurations are costed for that rental length
and ranked by cost per token. Inference, rendering and science are costed for ``hours`` of use
(8 by default). The reasons carry the seed's advice: A100/H100 with NVLink for multi-GPU
training, RTX 4090 with NVENC for rendering, V100 with CPU cores for GROMACS/OpenFOAM, and
RDMA/InfiniBand between nodes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from gpudesk.core.catalog import billing
from gpudesk.core.catalog.billing import BillingOption
from gpudesk.core.catalog.data import Catalog, GpuModel, Offer
from gpudesk.core.catalog.estimate import (
    EstimateError,
    MemoryEstimate,
    decode_tokens_per_s,
    format_params,
    inference_memory,
    training_flops,
    training_memory,
)
from gpudesk.core.catalog.money import Money
from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import Msg, concat, join, message_of, msg

TASKS = ("training", "fine-tuning", "inference", "rendering", "science")
DEFAULT_PARAMS = 7e9
DEFAULT_RENT_HOURS = 8.0
DEFAULT_TOKENS = {"full": 1e9, "lora": 1e8, "qlora": 1e8}
# Model FLOPs utilisation: a well-tuned large run reaches ~46% (PaLM, Chowdhery et al. 2022,
# arXiv:2204.02311, Table 3); 40% is a planning figure for a typical fine-tuning script.
MFU = 0.40
# Assumed multi-GPU efficiency of sharded data parallelism, by interconnect (planning figures).
SCALING_NVLINK = 0.95
SCALING_PCIE = 0.75
SCALING_MULTI_NODE = 0.85
GPUS_PER_NODE = 8
# Providers whose price scales linearly with the GPU count (RunPod's 8× H100 SXM is 8 × its 1×
# price in the snapshot, on demand and spot), so 2/4/8-GPU pods can be priced from a 1× row.
PER_GPU_PRICING = ("RunPod",)
# Rendering is ranked by cost per FP32 TFLOP-hour, expressed as the cost of the same work on
# the reference (an RTX 4090, 82.6 FP32 TFLOPS); only the order depends on it.
REFERENCE_FP32_TFLOPS = 82.6
SCIENCE_MIN_FP64 = 5.0  # TFLOPS: the data-centre GPUs with full-rate FP64 (V100, A100, H100)
SCIENCE_MIN_VCPUS_PER_GPU = 4
# The English words stay what --json and the command line always printed; the UI translates them.
FIELD_NAMES = {
    "hours": msg("Planner", "hours"),
    "hours_per_day": msg("Planner", "hours per day"),
    "days": msg("Planner", "days"),
    "tokens": msg("Planner", "tokens"),
    "vram_gb": msg("Planner", "vram gb"),
}
METHOD_NAMES = {"full": msg("Planner", "full"), "lora": msg("Planner", "lora"), "qlora": msg("Planner", "qlora")}
MODE_NAMES = {
    "hourly": msg("BillingMode", "hourly"),
    "daily": msg("BillingMode", "daily"),
    "monthly": msg("BillingMode", "monthly"),
    "spot": msg("BillingMode", "spot"),
    "reserved-1y": msg("BillingMode", "reserved-1y"),
    "reserved-3y": msg("BillingMode", "reserved-3y"),
}


class PlanError(ValueError):
    """The workload cannot be planned as given (the message says why and what to change)."""


@dataclass
class Workload:
    """What the user wants to run. ``None`` fields take the task's defaults."""

    task: str = "training"
    params: float | None = None
    precision: str | None = None
    gpus: int | None = None
    gpu: str | None = None
    hours: float | None = None
    tokens: float | None = None
    vram_gb: float | None = None  # "I know how much VRAM I need" instead of a model size
    method: str | None = None  # full, lora, qlora (training/fine-tuning)
    hours_per_day: float | None = None
    days: float | None = None
    allow_spot: bool = False
    limit: int = 10

    def resolved(self) -> Workload:
        if self.task not in TASKS:
            raise PlanError(
                msg("Planner", "Unknown task '{task}'; choose one of: {tasks}.", task=self.task, tasks=", ".join(TASKS))
            )
        w = replace(self)
        if w.gpus is not None and not 1 <= w.gpus <= 64:
            raise PlanError(msg("Planner", "The number of GPUs must be between 1 and 64."))
        for name in ("hours", "hours_per_day", "days", "tokens", "vram_gb"):
            value = getattr(w, name)
            if value is not None and not (value > 0 and math.isfinite(value)):
                raise PlanError(
                    msg(
                        "Planner",
                        "{field} must be a positive number, not {value}.",
                        field=FIELD_NAMES[name],
                        value=value,
                    )
                )
        if w.hours_per_day is not None and w.hours_per_day > 24:
            raise PlanError(msg("Planner", "There are only 24 hours in a day."))
        if w.task in ("training", "fine-tuning", "inference"):
            w.precision = w.precision or "bf16"
            if w.params is None and w.vram_gb is None:
                w.params = DEFAULT_PARAMS
        if w.task == "training":
            w.method = w.method or "full"
        elif w.task == "fine-tuning":
            w.method = w.method or ("qlora" if w.precision == "int4" else "lora")
        if w.method == "qlora":
            w.precision = "int4"
        if w.task in ("training", "fine-tuning") and w.precision == "int4" and w.method == "full":
            raise PlanError(
                msg(
                    "Planner",
                    "4-bit weights cannot be trained directly: fine-tune with QLoRA instead (--task fine-tuning --precision int4).",
                )
            )
        if w.hours is None and w.hours_per_day is not None and w.days is not None:
            w.hours = w.hours_per_day * w.days
        if w.task in ("training", "fine-tuning") and w.tokens is None and w.method:
            w.tokens = DEFAULT_TOKENS[w.method]
        return w

    def usage(self, hours: float) -> billing.Usage:
        """How ``hours`` of work spread over days: as the user said, or back to back."""
        if self.hours_per_day is not None:
            return billing.Usage(self.hours_per_day, hours / self.hours_per_day)
        return billing.Usage.from_hours(hours)


@dataclass
class Recommendation:
    offer: Offer
    count: int
    nodes: int
    price_per_hour: float  # display currency, whole configuration
    currency: str
    billing: str
    est_hours: float
    est_total_cost: float
    rank_cost: float
    need_gb_per_gpu: float | None
    reasons: list[str]  # each a Msg: English here and in --json, translated by the UI
    options: list[BillingOption] = field(default_factory=list)  # `billing` is a field name here

    @property
    def gpu(self) -> GpuModel:
        return self.offer.gpu

    @property
    def vram_gb(self) -> float:
        return self.offer.vram_gb_per_gpu * self.count

    def to_json(self) -> JSONObject:
        """The DESIGN §3 shape, exactly these keys."""
        return {
            "gpu": self.gpu.model,
            "count": self.count,
            "vram_gb": round(self.vram_gb, 1),
            "provider": self.offer.provider,
            "price_per_hour": round(self.price_per_hour, 4),
            "currency": self.currency,
            "billing": self.billing,
            "est_total_cost": round(self.est_total_cost, 2),
            "reasons": list(self.reasons),
        }


@dataclass
class Plan:
    workload: Workload
    memory: MemoryEstimate | None
    recommendations: list[Recommendation]
    rejected: dict[str, str]
    notes: list[str]

    def to_json(self) -> JSONObject:
        return {"recommendations": [r.to_json() for r in self.recommendations]}


def _configs(catalog: Catalog, wanted: int | None, candidates: set[str] | None) -> list[tuple[Offer, int, int]]:
    """(offer, gpu count, nodes) for each on-demand offer that could be rented."""
    out: list[tuple[Offer, int, int]] = []
    exact = {o.key for o in catalog.offers if o.billing == "on-demand" and o.usable}
    for offer in catalog.offers:
        if offer.billing != "on-demand" or not offer.usable:
            continue
        if candidates is not None and offer.gpu.model not in candidates:
            continue
        counts = [offer.gpu_count]
        if offer.provider in PER_GPU_PRICING and offer.gpu_count == 1:
            sizes = {2, 4, GPUS_PER_NODE} | ({wanted} if wanted and wanted <= GPUS_PER_NODE else set())
            counts += [n for n in sorted(sizes) if n > 1 and (offer.provider, offer.gpu.model, n) not in exact]
        for count in counts:
            if wanted is None or wanted == count:
                out.append((offer, count, 1))
            elif wanted > GPUS_PER_NODE and count == GPUS_PER_NODE and wanted % GPUS_PER_NODE == 0:
                out.append((offer, wanted, wanted // GPUS_PER_NODE))
    return out


def _dedupe(offers: list[Offer]) -> list[Offer]:
    """One row per (provider, GPU, count): a dated observation beats an undated snapshot."""
    best: dict[tuple[str, str, int], Offer] = {}
    for offer in offers:
        kept = best.get(offer.key)
        if (
            kept is None
            or (offer.observed_date and not kept.observed_date)
            or (bool(offer.observed_date) == bool(kept.observed_date) and offer.observed_date > kept.observed_date)
        ):
            best[offer.key] = offer
    return list(best.values())


def _memory(w: Workload) -> MemoryEstimate | None:
    try:
        if w.vram_gb is not None and w.params is None:
            return MemoryEstimate("fixed", sharded={"stated need": w.vram_gb})
        if w.task in ("training", "fine-tuning"):
            assert w.params is not None and w.method is not None and w.precision is not None
            return training_memory(w.params, w.method, w.precision)
        if w.task == "inference":
            assert w.params is not None and w.precision is not None
            return inference_memory(w.params, w.precision)
    except EstimateError as exc:
        raise PlanError(message_of(exc)) from None
    return None


def _scaling(gpu: GpuModel, count: int, nodes: int) -> float:
    if count == 1:
        return 1.0
    eff = SCALING_NVLINK if gpu.has_nvlink else SCALING_PCIE
    return eff * (SCALING_MULTI_NODE if nodes > 1 else 1.0)


def plan(catalog: Catalog, workload: Workload, money: Money | None = None) -> Plan:
    """Rank every configuration that can run ``workload``, best first."""
    money = money or Money()
    w = workload.resolved()
    memory = _memory(w)
    candidates: set[str] | None = None
    if w.gpu:
        matches = catalog.gpu_matches(w.gpu)
        if not matches:
            known = ", ".join(sorted(catalog.gpus))
            raise PlanError(
                msg("Planner", "No GPU called '{gpu}' in the catalog. Known models: {known}.", gpu=w.gpu, known=known)
            )
        candidates = {m.model for m in matches}
    rejected: dict[str, str] = {}
    notes: list[str] = []
    if memory is not None:
        notes.append(
            msg(
                "Planner",
                "VRAM estimate: {estimate}; {assumptions}",
                estimate=memory.describe(),
                assumptions=join(msg("Planner", "; "), memory.assumptions),
            )
        )

    recs: list[Recommendation] = []
    configs = _configs(catalog, w.gpus, candidates)
    usable_offers = _dedupe([o for o, _c, _n in configs])
    for offer, count, nodes in configs:
        if offer not in usable_offers:
            continue
        rec = _evaluate(catalog, w, memory, offer, count, nodes, money, rejected)
        if rec is not None:
            recs.append(rec)
    # Only the smallest fitting count per (provider, GPU) when the user did not ask for a count:
    # more GPUs of the same kind add cost without changing the answer's shape.
    if w.gpus is None:
        smallest: dict[tuple[str, str], Recommendation] = {}
        for rec in recs:
            k = (rec.offer.provider, rec.gpu.model)
            if (
                k not in smallest
                or rec.count < smallest[k].count
                or (rec.count == smallest[k].count and rec.rank_cost < smallest[k].rank_cost)
            ):
                smallest[k] = rec
        recs = list(smallest.values())
    recs.sort(key=lambda r: (r.rank_cost, r.est_hours, r.price_per_hour))
    if not configs:
        if w.gpu:
            notes.append(
                msg(
                    "Planner",
                    "No offer in the catalog has {gpus} GPUs of that model; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).",
                    gpus=w.gpus,
                )
            )
        else:
            notes.append(
                msg(
                    "Planner",
                    "No offer in the catalog has {gpus} GPUs; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).",
                    gpus=w.gpus,
                )
            )
    elif not recs:
        notes.append(_nothing_fits(w, memory))
    if w.gpus is not None and w.gpus > GPUS_PER_NODE:
        notes.append(
            msg(
                "Planner",
                "{gpus} GPUs means {nodes} nodes: they need RDMA (InfiniBand or RoCE) between them, or training waits on the network.",
                gpus=w.gpus,
                nodes=math.ceil(w.gpus / GPUS_PER_NODE),
            )
        )
    return Plan(w, memory, recs[: max(1, w.limit)], rejected, notes)


def _nothing_fits(w: Workload, memory: MemoryEstimate | None) -> str:
    if memory is not None and w.task in ("training", "fine-tuning", "inference"):
        return msg(
            "Planner",
            "Nothing in the catalog fits {need:.0f} GB on one node. Use several nodes connected with "
            "RDMA/InfiniBand (--gpus 16 or more), or cut memory: LoRA/QLoRA, 4-bit weights, a shorter sequence, "
            "gradient checkpointing.",
            need=memory.total_gb,
        )
    return msg("Planner", "No offer in the catalog matches; widen the GPU filter or the GPU count.")


def _evaluate(
    catalog: Catalog,
    w: Workload,
    memory: MemoryEstimate | None,
    offer: Offer,
    count: int,
    nodes: int,
    money: Money,
    rejected: dict[str, str],
) -> Recommendation | None:
    gpu = offer.gpu
    reasons: list[str] = []
    need = None
    if memory is not None:
        need = memory.per_gpu_gb(count)
        if need > offer.vram_gb_per_gpu:
            rejected.setdefault(
                gpu.model,
                msg(
                    "Planner",
                    "{vram:.0f} GB per GPU is less than the ≈{need:.0f} GB needed on {count} GPU(s)",
                    vram=offer.vram_gb_per_gpu,
                    need=need,
                    count=count,
                ),
            )
            return None
        reasons.append(
            msg(
                "Planner",
                "Fits: {need} of {vram:.0f} GB per GPU",
                need=memory.describe(count),
                vram=offer.vram_gb_per_gpu,
            )
        )

    # A node holds count/nodes GPUs; per-GPU priced providers scale their 1× row to that size.
    per_node_price = money.convert(offer.price_per_hour, offer.currency) * (count / nodes) / offer.gpu_count
    price = per_node_price * nodes
    rent_hours = w.hours if w.hours is not None else DEFAULT_RENT_HOURS
    job_hours = rent_hours
    rank_cost: float

    if w.task in ("training", "fine-tuning"):
        assert w.precision is not None and w.method is not None and w.params is not None and w.tokens is not None
        peak = gpu.tflops_for(w.precision)
        if peak is None:
            why = (
                msg("Planner", "no BF16 support (use FP16)")
                if w.precision == "bf16" and not gpu.has_bf16
                else msg("Planner", "no {precision} tensor figure in the data", precision=w.precision.upper())
            )
            rejected.setdefault(gpu.model, why)
            return None
        eff_tflops = peak * count * MFU * _scaling(gpu, count, nodes)
        flops = training_flops(w.params, w.tokens, w.method)
        job_hours = flops / (eff_tflops * 1e12) / 3600
        cost_per_token = price * job_hours / w.tokens
        rank_cost = cost_per_token * w.tokens
        if w.hours is None:
            speed = {
                "hours": job_hours,
                "tokens": format_params(w.tokens),
                "params": format_params(w.params),
                "method": METHOD_NAMES.get(w.method, w.method),
                "tflops": eff_tflops,
                "mfu": MFU,
                "precision": w.precision.upper(),
            }
            if count > 1:
                reasons.append(
                    msg(
                        "Planner",
                        "≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective "
                        "({mfu:.0%} of {precision} peak, scaled for multi-GPU)",
                        **speed,
                    )
                )
            else:
                reasons.append(
                    msg(
                        "Planner",
                        "≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective "
                        "({mfu:.0%} of {precision} peak)",
                        **speed,
                    )
                )
        else:
            tokens_in_time = w.tokens * rent_hours / job_hours
            reasons.append(
                msg(
                    "Planner",
                    "≈{tokens} tokens in {hours:g} h at {tflops:.0f} TFLOPS effective",
                    tokens=format_params(tokens_in_time),
                    hours=rent_hours,
                    tflops=eff_tflops,
                )
            )
            job_hours = rent_hours
        if count > 1 and gpu.has_nvlink:
            reasons.append(
                msg(
                    "Planner",
                    "NVLink {speed:.0f} GB/s between GPUs: A100/H100-class GPUs with NVLink are the choice for multi-GPU training",
                    speed=gpu.nvlink_gbps or 0,
                )
            )
        elif count > 1:
            reasons.append(
                msg(
                    "Planner",
                    "No NVLink: gradients cross PCIe, so multi-GPU training scales worse (counted as 75% efficiency)",
                )
            )
        elif w.task == "training":
            reasons.append(msg("Planner", "One GPU: no gradient exchange between GPUs"))
        if nodes > 1:
            reasons.append(
                msg(
                    "Planner",
                    "{nodes} nodes × {per_node} GPUs: multi-node training needs RDMA (InfiniBand/RoCE, e.g. EFA on AWS); "
                    "check the instance has it",
                    nodes=nodes,
                    per_node=GPUS_PER_NODE,
                )
            )
    elif w.task == "inference":
        assert memory is not None
        weights = memory.sharded.get("weights", 0.0)
        if gpu.mem_bandwidth_gbps and weights:
            tps = decode_tokens_per_s(weights, gpu.mem_bandwidth_gbps, count)
            if count > 1:
                reasons.append(
                    msg(
                        "Planner",
                        "≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth per GPU)",
                        tps=tps,
                        bandwidth=gpu.mem_bandwidth_gbps,
                    )
                )
            else:
                reasons.append(
                    msg(
                        "Planner",
                        "≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth)",
                        tps=tps,
                        bandwidth=gpu.mem_bandwidth_gbps,
                    )
                )
        rank_cost = price * rent_hours
        if count > 1 and gpu.has_nvlink:
            reasons.append(msg("Planner", "Split over {count} GPUs (tensor parallel) with NVLink", count=count))
        elif count > 1:
            reasons.append(msg("Planner", "Split over {count} GPUs (tensor parallel) over PCIe", count=count))
    elif w.task == "rendering":
        if not gpu.nvenc:
            rejected.setdefault(
                gpu.model,
                msg("Planner", "no NVENC video encoder")
                if gpu.nvenc == 0
                else msg("Planner", "NVENC count not in the data"),
            )
            return None
        engines = gpu.nvenc * count
        # Among GPUs that have NVENC, the best value is the lowest price per FP32 TFLOP-hour (3D
        # rendering scales with FP32; encoders are fixed-function, so any NVENC GPU can transcode).
        rank_cost = price * rent_hours * (REFERENCE_FP32_TFLOPS / ((gpu.fp32_tflops or 1.0) * count))
        codecs = "H.264/HEVC/AV1" if gpu.arch == "Ada Lovelace" else "H.264/HEVC"
        if engines > 1:
            reasons.append(
                msg(
                    "Planner",
                    "{engines} NVENC engines for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering",
                    engines=engines,
                    codecs=codecs,
                    tflops=gpu.fp32_tflops or 0,
                )
            )
        else:
            reasons.append(
                msg(
                    "Planner",
                    "{engines} NVENC engine for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering",
                    engines=engines,
                    codecs=codecs,
                    tflops=gpu.fp32_tflops or 0,
                )
            )
        if gpu.model == "RTX 4090":
            reasons.append(msg("Planner", "RTX 4090 with NVENC: the value pick for rendering and video transcoding"))
    else:  # science
        if gpu.fp64_tflops is None or gpu.fp64_tflops < SCIENCE_MIN_FP64:
            rejected.setdefault(
                gpu.model,
                msg("Planner", "FP64 rate not in the data")
                if gpu.fp64_tflops is None
                else msg("Planner", "only {tflops:g} TFLOPS FP64", tflops=gpu.fp64_tflops),
            )
            return None
        if offer.vcpus is not None and offer.vcpus / offer.gpu_count < SCIENCE_MIN_VCPUS_PER_GPU:
            rejected.setdefault(
                gpu.model,
                msg("Planner", "only {vcpus} vCPUs for {gpus} GPU(s)", vcpus=offer.vcpus, gpus=offer.gpu_count),
            )
            return None
        rank_cost = price * rent_hours
        cpus = (
            msg("Planner", "{vcpus} vCPUs", vcpus=offer.vcpus)
            if offer.vcpus
            else msg("Planner", "vCPU count not listed: check it before renting")
        )
        if gpu.arch == "Volta":
            reasons.append(
                msg(
                    "Planner",
                    "V100 with CPU cores ({cpus}): FP64 {tflops:g} TFLOPS at a low price, the classic pick for GROMACS/OpenFOAM",
                    cpus=cpus,
                    tflops=gpu.fp64_tflops,
                )
            )
        else:
            reasons.append(
                msg(
                    "Planner",
                    "FP64 {tflops:g} TFLOPS for double-precision solvers; {cpus} for the CPU side of GROMACS/OpenFOAM",
                    tflops=gpu.fp64_tflops,
                    cpus=cpus,
                )
            )

    usage = w.usage(job_hours)
    options = billing.compare(catalog, offer, usage, money)
    if count != offer.gpu_count or nodes > 1:
        scale = price / money.convert(offer.price_per_hour, offer.currency)
        options = [replace(o, total=o.total * scale) for o in options]
    best = billing.best_mode(options, w.allow_spot)
    total = best.total
    if w.task in ("inference", "science"):
        rank_cost = total
    elif best.mode != "hourly" and best.total < price * job_hours:
        rank_cost *= best.total / (price * job_hours)
    reasons.append(_billing_reason(best, options, usage, money))
    reasons.append(_price_reason(offer, money))
    # The hourly rate of the chosen billing mode (spot price, reserved discount), so the price and
    # the total agree and "Rent this" pre-fills the rate the user will actually pay.
    effective = best.total / best.billed_hours if best.billed_hours else price
    return Recommendation(
        offer=offer,
        count=count,
        nodes=nodes,
        price_per_hour=effective,
        currency=money.currency,
        billing=best.mode,
        est_hours=job_hours,
        est_total_cost=total,
        rank_cost=rank_cost,
        need_gb_per_gpu=need,
        reasons=reasons,
        options=options,
    )


def _billing_reason(
    best: billing.BillingOption, options: list[billing.BillingOption], usage: billing.Usage, money: Money
) -> Msg:
    mode = MODE_NAMES.get(best.mode, best.mode)
    total = money.format(best.total)
    spot = next((o for o in options if o.mode == "spot" and o.available), None)
    if spot is not None and best.mode != "spot" and spot.total < best.total:
        return msg(
            "Planner",
            "Billing: {mode} is cheapest for {hours:.0f} h ({total}); spot would cost {spot} (−{saving:.0%}) but can be interrupted",
            mode=mode,
            hours=usage.hours,
            total=total,
            spot=money.format(spot.total),
            saving=1 - spot.total / best.total,
        )
    return msg(
        "Planner", "Billing: {mode} is cheapest for {hours:.0f} h ({total})", mode=mode, hours=usage.hours, total=total
    )


def _price_reason(offer: Offer, money: Money) -> Msg:
    where = {"provider": offer.provider, "instance": offer.instance_type, "date": offer.date_label}
    parts = [
        msg("Planner", "Price: {provider}, {region}, {instance}, {date}", region=offer.region, **where)
        if offer.region
        else msg("Planner", "Price: {provider}, {instance}, {date}", **where)
    ]
    if offer.price_per_hour_max:
        parts.append(
            msg(
                "Planner",
                " (range {low:g}–{high:g} {currency}; low end used)",
                low=offer.price_per_hour,
                high=offer.price_per_hour_max,
                currency=offer.currency,
            )
        )
    if offer.currency != money.currency:
        parts.append(msg("Planner", " (converted from {currency})", currency=offer.currency))
    return concat(*parts)
