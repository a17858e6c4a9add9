"""How much GPU memory a job needs, and how much compute.

Training memory is weights + gradients + optimizer states + activations; inference memory is
weights + KV cache. The byte counts follow the usual references:

* Mixed-precision Adam keeps 16 bytes per trained parameter: 2 (BF16 weights) + 2 (BF16
  gradients) + 12 (FP32 master weights, momentum, variance). ZeRO, Rajbhandari et al. 2019
  (arXiv:1910.02054), §3.1.
* Activations per transformer layer are ``34·s·b·h`` bytes with flash attention (the
  ``5·a·s²·b`` attention-score term is gone); with activation checkpointing only each layer's
  input (``2·s·b·h``) is kept plus one layer's working set. Korthikanti et al. 2022
  (arXiv:2205.05198), §4.
* QLoRA keeps the frozen base model in 4-bit NF4 with double quantization, about 4.127 bits per
  parameter. Dettmers et al. 2023 (arXiv:2305.14314), §3.
* KV cache: ``2 (K and V) · layers · kv_heads · head_dim · context · batch`` values, 16-bit.
* Training compute: ``6·P·T`` FLOPs for forward + backward (Kaplan et al. 2020,
  arXiv:2001.08361), plus one more forward (``2·P·T``) when activations are recomputed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from gpudesk.core.i18n import Msg, join, msg

GB = 1e9
PRECISIONS = ("bf16", "fp16", "fp8", "int4")
BYTES_PER_PARAM = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int4": 4.127 / 8}
# CUDA context, cuBLAS/NCCL workspaces and allocator slack: a fixed part per GPU plus a share.
# These are planning margins, not measurements; they keep "fits" from meaning "fits to the byte".
OVERHEAD_FIXED_GB = 1.0
OVERHEAD_SHARE = 0.05
# The memory parts by their key, as people read them (the keys stay English identifiers).
PART_NAMES = {
    "weights": msg("Estimate", "weights"),
    "gradients": msg("Estimate", "gradients"),
    "optimizer": msg("Estimate", "optimizer"),
    "activations": msg("Estimate", "activations"),
    "adapters+optimizer": msg("Estimate", "adapters+optimizer"),
    "KV cache": msg("Estimate", "KV cache"),
    "stated need": msg("Estimate", "stated need"),
}


class EstimateError(ValueError):
    """The job cannot be estimated as described (bad size, unsupported combination)."""


@dataclass(frozen=True)
class Shape:
    """Transformer dimensions that memory and compute depend on."""

    layers: int
    hidden: int
    heads: int
    kv_heads: int

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


# Published configurations (Hugging Face config.json of meta-llama/Llama-2-7b-hf, Llama-2-13b-hf,
# Llama-2-70b-hf and Meta-Llama-3-8B); other sizes are derived by ``shape_for``.
KNOWN_SHAPES = {
    7e9: Shape(32, 4096, 32, 32),
    8e9: Shape(32, 4096, 32, 8),
    13e9: Shape(40, 5120, 40, 40),
    70e9: Shape(80, 8192, 64, 8),
}


def shape_for(params: float) -> Shape:
    """A plausible shape for ``params``: the published one, or P ≈ 12·L·h² with h ≈ 128·L."""
    for size, shape in KNOWN_SHAPES.items():
        if abs(params - size) / size < 0.03:
            return shape
    layers = max(2, round((params / (12 * 128 * 128)) ** (1 / 3)))
    hidden = max(128, round(math.sqrt(params / (12 * layers)) / 128) * 128)
    heads = max(1, hidden // 128)
    # Large open models use grouped-query attention with 8 KV heads (Llama-2-70B, Llama-3).
    kv_heads = 8 if params >= 30e9 and heads >= 8 else heads
    return Shape(layers, hidden, heads, kv_heads)


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmbt]?)\s*$", re.IGNORECASE)
_SCALE = {"": 1.0, "k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}


def parse_params(text: str) -> float:
    """``"7B"`` → 7e9, ``"350M"`` → 3.5e8, ``"1.5t"`` → 1.5e12; raises EstimateError otherwise."""
    match = _SIZE.match(text or "")
    if not match:
        raise EstimateError(
            msg("Estimate", "'{text}' is not a model size; write it like 7B, 70B, 1.5B or 350M.", text=text)
        )
    value = float(match.group(1)) * _SCALE[match.group(2).lower()]
    if not 1e6 <= value <= 2e12:
        raise EstimateError(
            msg("Estimate", "A model of {text} parameters is outside what the planner covers (1M to 2T).", text=text)
        )
    return value


_NAME_SIZE = re.compile(r"(?<![a-z0-9.])(?:(\d+)x)?(\d+(?:\.\d+)?)([bm])(?![a-z])", re.IGNORECASE)


def size_from_name(name: str) -> float | None:
    """The parameter count in a model's name: "meta-llama/Llama-3-8B-Instruct" → 8e9.

    A mixture of experts written "8x7B" counts every expert (an upper bound for memory).
    None when the name carries no size (then the planner's default applies).
    """
    best = None
    for match in _NAME_SIZE.finditer(name or ""):
        experts = int(match.group(1) or 1)
        value = experts * float(match.group(2)) * (1e9 if match.group(3).lower() == "b" else 1e6)
        if 1e6 <= value <= 2e12:
            best = value  # the last size wins: "Qwen2.5-72B" names the model, not "2.5"
    return best


def format_params(params: float) -> str:
    if params >= 1e9:
        return f"{params / 1e9:g}B"
    return f"{params / 1e6:g}M"


@dataclass
class MemoryEstimate:
    """GPU memory for a job, in GB, split into named parts.

    ``sharded`` parts are divided between GPUs (ZeRO-3/FSDP for training, tensor parallelism
    for inference); ``replicated`` parts are needed on every GPU.
    """

    method: str  # "full", "lora", "qlora", "inference", "fixed"
    sharded: dict[str, float] = field(default_factory=dict)
    replicated: dict[str, float] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)  # Msg each: translatable

    @property
    def total_gb(self) -> float:
        return self.per_gpu_gb(1)

    def per_gpu_gb(self, gpus: int) -> float:
        body = sum(self.sharded.values()) / max(1, gpus) + sum(self.replicated.values())
        return body * (1 + OVERHEAD_SHARE) + OVERHEAD_FIXED_GB

    def parts(self) -> dict[str, float]:
        return {**self.sharded, **self.replicated}

    def describe(self, gpus: int = 1) -> Msg:
        parts = join(
            msg("Estimate", ", "),
            (
                Msg("", "{name} {value:.1f}", {"name": PART_NAMES.get(name, name), "value": value})
                for name, value in self.parts().items()
                if value >= 0.05
            ),
        )
        if gpus > 1:
            return msg(
                "Estimate",
                "needs ≈{need:.0f} GB per GPU over {gpus} GPUs ({parts} GB, + overhead)",
                need=self.per_gpu_gb(gpus),
                gpus=gpus,
                parts=parts,
            )
        return msg("Estimate", "needs ≈{need:.0f} GB ({parts} GB, + overhead)", need=self.per_gpu_gb(gpus), parts=parts)


def _activations_gb(shape: Shape, seq: int, batch: int, checkpointing: bool) -> float:
    per_layer_full = 34 * seq * batch * shape.hidden
    if checkpointing:
        return (2 * seq * batch * shape.hidden * shape.layers + per_layer_full) / GB
    return per_layer_full * shape.layers / GB


def training_memory(
    params: float,
    method: str = "full",
    precision: str = "bf16",
    seq_len: int = 2048,
    micro_batch: int = 1,
    checkpointing: bool = True,
    lora_rank: int = 16,
) -> MemoryEstimate:
    """Memory of a training or fine-tuning step (``method``: full, lora, qlora)."""
    shape = shape_for(params)
    acts = _activations_gb(shape, seq_len, micro_batch, checkpointing)
    notes: list[str] = [
        msg(
            "Estimate",
            "sequence {seq} tokens × micro-batch {batch}, activation checkpointing",
            seq=seq_len,
            batch=micro_batch,
        )
        if checkpointing
        else msg("Estimate", "sequence {seq} tokens × micro-batch {batch}", seq=seq_len, batch=micro_batch)
    ]
    if method == "full":
        if precision == "int4":
            raise EstimateError(
                msg(
                    "Estimate",
                    "4-bit weights cannot be trained directly; use fine-tuning with QLoRA (--task fine-tuning --precision int4).",
                )
            )
        # FP8 training still keeps BF16 weights/gradients and FP32 optimizer states.
        est = MemoryEstimate(
            "full",
            sharded={"weights": 2 * params / GB, "gradients": 2 * params / GB, "optimizer": 12 * params / GB},
            replicated={"activations": acts},
        )
        notes.append(
            msg("Estimate", "AdamW, mixed precision: 16 bytes per parameter, sharded across GPUs (ZeRO-3/FSDP)")
        )
    elif method in ("lora", "qlora"):
        base_bytes = BYTES_PER_PARAM["int4"] if method == "qlora" else BYTES_PER_PARAM.get(precision, 2.0)
        # Adapters on the four attention projections: 2·r·h parameters per matrix per layer.
        adapter = shape.layers * 4 * 2 * lora_rank * shape.hidden
        est = MemoryEstimate(
            method,
            sharded={"weights": base_bytes * params / GB},
            replicated={"adapters+optimizer": 16 * adapter / GB, "activations": acts},
        )
        notes.append(
            msg("Estimate", "QLoRA (4-bit base) rank {rank} on q,k,v,o", rank=lora_rank)
            if method == "qlora"
            else msg("Estimate", "LoRA rank {rank} on q,k,v,o", rank=lora_rank)
        )
    else:
        raise EstimateError(msg("Estimate", "Unknown training method '{method}'.", method=method))
    est.assumptions = notes
    return est


def inference_memory(params: float, precision: str = "bf16", context: int = 4096, batch: int = 1) -> MemoryEstimate:
    """Memory to serve a model: weights + KV cache (16-bit)."""
    shape = shape_for(params)
    kv = 2 * shape.layers * shape.kv_heads * shape.head_dim * context * batch * 2 / GB
    est = MemoryEstimate(
        "inference",
        sharded={"weights": BYTES_PER_PARAM[precision] * params / GB, "KV cache": kv},
    )
    est.assumptions = [
        msg(
            "Estimate",
            "context {context} tokens × batch {batch}, 16-bit KV cache, tensor-parallel across GPUs",
            context=context,
            batch=batch,
        )
    ]
    return est


def training_flops(params: float, tokens: float, method: str, checkpointing: bool = True) -> float:
    """FLOPs to train on ``tokens``: 6·P·T, +2·P·T with recomputation; LoRA skips weight gradients (−2·P·T)."""
    per_token = 6 * params
    if method in ("lora", "qlora"):
        per_token -= 2 * params
    if checkpointing:
        per_token += 2 * params
    return per_token * tokens


def decode_tokens_per_s(weight_gb: float, bandwidth_gbps: float, gpus: int) -> float:
    """Single-stream decode speed: each token reads every weight once (memory-bandwidth bound)."""
    return bandwidth_gbps * gpus / max(weight_gb, 1e-9)
