"""The planner's answers for the documented cases (issue 8), on the bundled 2026-12-02 snapshot.

Each case states the expected ranking and the reasons the user sees. When the bundled prices are
refreshed, these expectations are re-derived by hand from the new snapshot.
"""

from __future__ import annotations

import pytest

from gpudesk.core.catalog import Money, Plan, PlanError, Workload, load, plan


def _ids(result: Plan, n: int) -> list[tuple[int, str, str]]:
    return [(r.count, r.gpu.model, r.offer.provider) for r in result.recommendations[:n]]


def _assert_sound(result: Plan) -> None:
    """Every recommendation fits, is a usable on-demand offer, and the list is best first."""
    assert result.recommendations
    for rec in result.recommendations:
        assert rec.offer.usable and rec.offer.billing == "on-demand"
        if rec.need_gb_per_gpu is not None:
            assert rec.need_gb_per_gpu <= rec.offer.vram_gb_per_gpu
            assert rec.reasons[0].startswith("Fits: needs")
        assert any(r.startswith("Billing: ") for r in rec.reasons)
        assert any(r.startswith("Price: ") for r in rec.reasons)
        assert rec.est_total_cost > 0 and rec.price_per_hour > 0
    ranks = [r.rank_cost for r in result.recommendations]
    assert ranks == sorted(ranks)


def test_fine_tune_7b_bf16_with_lora() -> None:
    result = plan(load(), Workload("fine-tuning", params=7e9, precision="bf16"))
    _assert_sound(result)
    assert result.workload.method == "lora" and result.workload.tokens == 1e8
    assert 15 < result.memory.total_gb < 24
    # A single GPU does it; the H100 finishes fastest and cheapest per job, a 24 GB RTX 4090 is next.
    assert _ids(result, 3) == [(1, "H100 SXM", "Vast.ai"), (1, "RTX 4090", "AutoDL"), (1, "RTX 4090", "Vast.ai")]
    assert all(r.count == 1 for r in result.recommendations[:3])
    rtx = result.recommendations[1]
    assert "of 24 GB per GPU" in rtx.reasons[0] and "lora training" in rtx.reasons[1]
    assert rtx.est_hours > result.recommendations[0].est_hours  # slower, but cheaper per hour
    # 16 GB cards are too small; Volta has no BF16.
    assert "less than" in result.rejected["T4"]
    assert result.rejected["V100 SXM2 32GB"].startswith("no BF16")
    # Ranked by cost for the whole job: est_total_cost is what the rank used.
    assert [r.est_total_cost for r in result.recommendations] == sorted(r.est_total_cost for r in result.recommendations)


def test_full_fine_tune_7b_needs_141_gb_or_nvlinked_80_gb_gpus() -> None:
    result = plan(load(), Workload("training"))  # the CLI's default: full fine-tune of 7B in BF16
    _assert_sound(result)
    assert result.workload.params == 7e9 and result.workload.precision == "bf16"
    assert 112 < result.memory.total_gb < 125
    assert _ids(result, 2) == [(1, "H200 SXM", "Vast.ai"), (2, "H100 SXM", "RunPod")]
    h100 = result.recommendations[1]
    assert any("NVLink 900 GB/s" in r and "multi-GPU training" in r for r in h100.reasons)
    assert h100.est_hours < result.recommendations[0].est_hours  # two GPUs finish sooner
    for rec in result.recommendations:
        if rec.count > 1 and not rec.gpu.has_nvlink:
            assert any(r.startswith("No NVLink") for r in rec.reasons), rec.gpu.model
        if rec.count == 1:
            assert rec.offer.vram_gb_per_gpu >= 112
    assert "less than" in result.rejected["H100 SXM"]  # on one GPU


def test_full_fine_tune_on_eight_gpus_prefers_nvlink() -> None:
    result = plan(load(), Workload("training", gpus=8))
    _assert_sound(result)
    assert all(r.count == 8 for r in result.recommendations)
    top = result.recommendations[0]
    assert (top.gpu.model, top.gpu.has_nvlink) == ("H100 SXM", True)


def test_inference_70b_in_4_bit() -> None:
    result = plan(load(), Workload("inference", params=70e9, precision="int4"))
    _assert_sound(result)
    assert 36 < result.memory.total_gb <= 48
    assert _ids(result, 3) == [(1, "RTX A6000", "RunPod"), (2, "A10", "Vast.ai"), (1, "RTX 6000 Ada", "RunPod")]
    top = result.recommendations[0]
    assert top.est_total_cost == pytest.approx(0.49 * 8)  # 8 h of use by default
    assert any("tokens/s per stream" in r for r in top.reasons)
    two = result.recommendations[1]
    assert any("tensor parallel" in r for r in two.reasons)
    assert "less than" in result.rejected["RTX 4090"]  # 24 GB alone is not enough


def test_4k_video_transcoding_prefers_rtx_4090_with_nvenc() -> None:
    result = plan(load(), Workload("rendering", hours=10))
    _assert_sound(result)
    assert [r.gpu.model for r in result.recommendations[:2]] == ["RTX 4090", "RTX 4090"]
    for rec in result.recommendations:
        assert rec.gpu.nvenc and rec.gpu.nvenc > 0
        assert "NVENC engine" in rec.reasons[0]
    assert "RTX 4090 with NVENC" in " ".join(result.recommendations[0].reasons)
    assert "AV1" in result.recommendations[0].reasons[0]  # Ada encoders
    for model in ("H100 SXM", "A100 SXM 80GB", "H200 SXM"):
        assert result.rejected[model] == "no NVENC video encoder"
    assert result.recommendations[0].est_total_cost == pytest.approx(result.recommendations[0].price_per_hour * 10)


def test_gromacs_prefers_v100_with_cpu_cores() -> None:
    result = plan(load(), Workload("science"))
    _assert_sound(result)
    top = result.recommendations[0]
    assert top.gpu.arch == "Volta"
    assert "GROMACS/OpenFOAM" in top.reasons[0] and top.reasons[0].startswith("V100 with CPU cores")
    assert all((r.gpu.fp64_tflops or 0) >= 5 for r in result.recommendations)
    assert result.rejected["RTX 4090"] == "only 1.3 TFLOPS FP64"
    assert {r.gpu.arch for r in result.recommendations} <= {"Volta", "Ampere", "Hopper"}


def test_multi_node_training_needs_rdma() -> None:
    result = plan(load(), Workload("training", params=70e9, gpus=16))
    _assert_sound(result)
    assert any("RDMA" in n and "InfiniBand" in n for n in result.notes)
    for rec in result.recommendations:
        assert rec.count == 16 and rec.nodes == 2
        assert any("multi-node training needs RDMA" in r for r in rec.reasons)
    # Two nodes cost twice one node.
    runpod = next(r for r in result.recommendations if r.offer.instance_type == "8x_H100-SXM_SECURE")
    assert runpod.price_per_hour == pytest.approx(2 * 23.92)


def test_nothing_fits_says_what_to_do() -> None:
    result = plan(load(), Workload("training", params=2e12))
    assert result.recommendations == []
    assert "RDMA/InfiniBand" in result.notes[-1] and "LoRA" in result.notes[-1]


def test_gpu_filter_and_per_gpu_pricing() -> None:
    result = plan(load(), Workload("training", gpu="4090"))
    _assert_sound(result)
    assert {r.gpu.model for r in result.recommendations} == {"RTX 4090"}
    # Only RunPod prices per GPU, so only it can offer the 8 cards a full fine-tune needs.
    assert _ids(result, 5) == [(8, "RTX 4090", "RunPod")]
    assert result.recommendations[0].price_per_hour == pytest.approx(8 * 0.69)


def test_hours_given_costs_the_rental_and_ranks_by_cost_per_token() -> None:
    result = plan(load(), Workload("fine-tuning", params=7e9, hours=10))
    _assert_sound(result)
    for rec in result.recommendations:
        assert rec.est_total_cost == pytest.approx(rec.price_per_hour * 10)
        assert "tokens in 10 h" in rec.reasons[1]


def test_spot_allowed_picks_spot_and_reports_its_rate() -> None:
    result = plan(load(), Workload("inference", allow_spot=True))
    spot = [r for r in result.recommendations if r.billing == "spot"]
    assert spot
    for rec in spot:
        assert rec.price_per_hour < rec.offer.price_per_hour
        assert rec.est_total_cost == pytest.approx(rec.price_per_hour * 8)


def test_currency_changes_prices_not_the_ranking() -> None:
    usd = plan(load(), Workload("inference", params=70e9, precision="int4"))
    cny = plan(load(), Workload("inference", params=70e9, precision="int4"), Money("CNY", 7.0))
    assert _ids(usd, 5) == _ids(cny, 5)
    assert cny.recommendations[0].currency == "CNY"
    assert cny.recommendations[0].price_per_hour == pytest.approx(7.0 * usd.recommendations[0].price_per_hour)


def test_json_has_exactly_the_documented_keys() -> None:
    data = plan(load(), Workload("training")).to_json()
    assert list(data) == ["recommendations"]
    keys = ["gpu", "count", "vram_gb", "provider", "price_per_hour", "currency", "billing", "est_total_cost", "reasons"]
    for rec in data["recommendations"]:
        assert list(rec) == keys
        assert rec["billing"] in ("hourly", "daily", "monthly", "spot", "reserved-1y", "reserved-3y")


@pytest.mark.parametrize(
    ("workload", "message"),
    [
        (Workload("painting"), "Unknown task"),
        (Workload("training", precision="int4"), "QLoRA"),
        (Workload("training", gpus=0), "between 1 and 64"),
        (Workload("inference", hours=-1), "positive"),
        (Workload("training", gpu="Voodoo5"), "No GPU called"),
        (Workload("rendering", hours_per_day=30, days=2), "24 hours"),
    ],
)
def test_bad_workloads_are_explained(workload: Workload, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        plan(load(), workload)


def test_year_round_inference_switches_to_reserved_billing() -> None:
    result = plan(load(), Workload("inference", hours_per_day=24, days=365))
    top = result.recommendations[0]
    assert top.billing == "reserved-1y"
    assert top.price_per_hour == pytest.approx(top.offer.price_per_hour * 0.6)


def test_odd_gpu_counts() -> None:
    three = plan(load(), Workload("training", gpus=3))
    _assert_sound(three)
    assert {r.offer.provider for r in three.recommendations} == {"RunPod"}  # only per-GPU pricing makes 3
    assert all(r.count == 3 for r in three.recommendations)
    twelve = plan(load(), Workload("training", gpus=12))
    assert twelve.recommendations == []
    assert any("No offer in the catalog has 12 GPUs" in n for n in twelve.notes)
