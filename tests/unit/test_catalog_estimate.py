"""The VRAM and compute estimator against hand-computed figures."""

from __future__ import annotations

import pytest

from gpudesk.core.catalog.estimate import (
    EstimateError,
    format_params,
    inference_memory,
    parse_params,
    shape_for,
    training_flops,
    training_memory,
)


@pytest.mark.parametrize(("text", "value"), [("7B", 7e9), ("70b", 70e9), ("1.5B", 1.5e9), ("350M", 3.5e8), (" 13 B ", 13e9)])
def test_parse_params(text: str, value: float) -> None:
    assert parse_params(text) == value


@pytest.mark.parametrize("text", ["abc", "", "7X", "-7B", "7BB", "0.5", "5T"])
def test_parse_params_rejects_nonsense(text: str) -> None:
    with pytest.raises(EstimateError):
        parse_params(text)


def test_format_params_round_trips() -> None:
    assert format_params(7e9) == "7B" and format_params(3.5e8) == "350M"


def test_known_shapes_are_the_published_configs_and_others_are_plausible() -> None:
    assert shape_for(70e9).kv_heads == 8 and shape_for(70e9).layers == 80
    assert shape_for(7e9).hidden == 4096
    s = shape_for(30e9)
    # P ≈ 12·L·h² must land near the requested size.
    assert 0.8 < 12 * s.layers * s.hidden**2 / 30e9 < 1.2
    assert s.kv_heads == 8


def test_full_finetune_7b_is_16_bytes_per_parameter_plus_activations() -> None:
    est = training_memory(7e9, "full", "bf16")
    parts = est.parts()
    assert parts["weights"] == pytest.approx(14.0)
    assert parts["gradients"] == pytest.approx(14.0)
    assert parts["optimizer"] == pytest.approx(84.0)
    # Checkpointed activations of a 32×4096 model at 2048 tokens: 2·s·h·L + 34·s·h bytes.
    assert parts["activations"] == pytest.approx((2 * 2048 * 4096 * 32 + 34 * 2048 * 4096) / 1e9)
    assert 112 < est.total_gb < 125  # does not fit one 80 GB GPU, fits a 141 GB H200
    # ZeRO-3 sharding splits weights, gradients and optimizer states, not activations.
    assert est.per_gpu_gb(2) == pytest.approx((56 + parts["activations"]) * 1.05 + 1.0)


def test_without_checkpointing_activations_grow() -> None:
    with_ckpt = training_memory(7e9, "full", checkpointing=True).parts()["activations"]
    without = training_memory(7e9, "full", checkpointing=False).parts()["activations"]
    assert without == pytest.approx(34 * 2048 * 4096 * 32 / 1e9)
    assert without > 10 * with_ckpt


def test_lora_and_qlora_7b() -> None:
    lora = training_memory(7e9, "lora", "bf16")
    assert lora.parts()["weights"] == pytest.approx(14.0)
    assert 15 < lora.total_gb < 24  # a 24 GB card runs it
    qlora = training_memory(7e9, "qlora", "int4")
    assert qlora.parts()["weights"] == pytest.approx(7e9 * 4.127 / 8 / 1e9)
    assert qlora.total_gb < 8


def test_full_training_in_4_bit_is_refused() -> None:
    with pytest.raises(EstimateError, match="QLoRA"):
        training_memory(7e9, "full", "int4")


def test_inference_70b_4bit_weights_plus_kv_cache() -> None:
    est = inference_memory(70e9, "int4", context=4096, batch=1)
    assert est.parts()["weights"] == pytest.approx(36.1, abs=0.1)
    # GQA: 2 · 80 layers · 8 KV heads · 128 · 4096 tokens · 2 bytes.
    assert est.parts()["KV cache"] == pytest.approx(2 * 80 * 8 * 128 * 4096 * 2 / 1e9)
    assert 24 < est.total_gb <= 48
    assert est.per_gpu_gb(2) < 24  # two 24 GB cards with tensor parallelism


def test_inference_kv_cache_scales_with_context_and_batch() -> None:
    small = inference_memory(7e9, "bf16", context=2048, batch=1).parts()["KV cache"]
    big = inference_memory(7e9, "bf16", context=8192, batch=4).parts()["KV cache"]
    assert big == pytest.approx(16 * small)


def test_training_flops() -> None:
    assert training_flops(7e9, 1e9, "full", checkpointing=False) == pytest.approx(6 * 7e9 * 1e9)
    assert training_flops(7e9, 1e9, "full") == pytest.approx(8 * 7e9 * 1e9)
    assert training_flops(7e9, 1e9, "lora") == pytest.approx(6 * 7e9 * 1e9)


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("meta-llama/Llama-3-8B-Instruct", 8e9),
        ("Qwen/Qwen2.5-72B", 72e9),
        ("Qwen2.5-0.5B", 5e8),
        ("mistralai/Mixtral-8x7B-v0.1", 56e9),
        ("TheBloke/Llama-2-70B-GPTQ", 70e9),
        ("gpt2-350m", 3.5e8),
        ("13B", 13e9),
        ("microsoft/phi-2", None),
        ("stable-diffusion-xl", None),
        ("", None),
    ],
)
def test_size_from_model_name(name: str, size: float | None) -> None:
    from gpudesk.core.catalog.estimate import size_from_name

    assert size_from_name(name) == size
