"""The bundled catalog: every number has a source and a date, and offers map onto GPU specs."""

from __future__ import annotations

import csv
import io
from importlib import resources

import pytest

from gpudesk.core.catalog import load
from gpudesk.core.catalog.data import parse_offers
from gpudesk.core.catalog.money import Money

REQUIRED_MODELS = [
    "H200 SXM", "H100 SXM", "H100 PCIe", "A100 PCIe 40GB", "A100 SXM 80GB", "L40S", "A10", "L4", "T4",
    "V100 SXM2 32GB", "RTX 4090", "RTX 3090", "RTX A6000",
]  # fmt: skip


def _rows(name: str) -> list[dict[str, str]]:
    text = (resources.files("gpudesk") / "resources" / "catalog" / name).read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def test_issue_gpu_models_are_present_with_specs() -> None:
    cat = load()
    for name in REQUIRED_MODELS:
        gpu = cat.gpus[name]
        assert gpu.vram_gb > 0 and gpu.mem_bandwidth_gbps and gpu.fp32_tflops and gpu.tdp_w, name
    # Spot-check values against the datasheet figures quoted in the README (dense, not sparse).
    assert cat.gpus["H100 SXM"].bf16_tflops == 989 and cat.gpus["H100 SXM"].fp8_tflops == 1979
    assert cat.gpus["A100 SXM 80GB"].bf16_tflops == 312 and cat.gpus["A100 SXM 80GB"].fp8_tflops is None
    assert cat.gpus["RTX 4090"].nvenc == 2 and not cat.gpus["RTX 4090"].has_nvlink
    assert cat.gpus["H100 SXM"].nvlink_gbps == 900 and cat.gpus["A100 SXM 80GB"].nvlink_gbps == 600
    assert cat.gpus["V100 SXM2 32GB"].fp64_tflops == 7.8 and not cat.gpus["V100 SXM2 32GB"].has_bf16


def test_every_spec_and_every_offer_names_its_source() -> None:
    for row in _rows("gpus.csv"):
        assert row["source"].strip(), row["model"]
        if row["approx_purchase_price_usd"]:
            assert row["price_source"].strip(), row["model"]
        if row["fp64_tflops"]:
            assert "gmasse" in row["fp64_source"], row["model"]
    offers = _rows("offers.csv")
    assert len(offers) >= 100
    for row in offers:
        assert row["source"].strip() and row["currency"] in ("USD", "CNY"), row
        # Undated rows are SkyPilot snapshots, identified by the commit in their source.
        assert row["observed_date"] or "@" in row["source"], row
        assert row["status"] in ("ok", "suspect", "partial-price", "retired", "stale"), row
    for row in _rows("terms.csv"):
        assert row["source"].startswith(("http", "github:")), row["key"]


def test_every_offer_maps_to_a_spec_row() -> None:
    cat = load()
    assert len(cat.offers) == len(_rows("offers.csv"))
    names = {o.gpu_name for o in cat.offers}
    assert {"A10G", "V100", "A100 80GB"} <= names
    a10g = next(o for o in cat.offers if o.gpu_name == "A10G")
    assert a10g.gpu.model == "A10"
    a800 = next(o for o in cat.offers if o.gpu_name.startswith("A800"))
    assert a800.vram_gb_per_gpu == 40 and a800.gpu.vram_gb == 80


def test_offers_with_unknown_gpu_are_skipped_not_guessed() -> None:
    gpus = load().gpus
    row = dict(_rows("offers.csv")[0], gpu_model="B200")
    assert parse_offers([row], gpus, {}) == []


def test_flagged_offers_are_not_usable() -> None:
    cat = load()
    suspect = [o for o in cat.offers if o.provider == "RunPod" and o.gpu.model == "L40S"]
    assert suspect and all(o.status == "suspect" and not o.usable for o in suspect)
    partial = [o for o in cat.offers if o.instance_type == "(GPU add-on)"]
    assert partial and all(o.status == "partial-price" for o in partial)


@pytest.mark.parametrize(
    ("name", "model"),
    [("4090", "RTX 4090"), ("nvidia geforce rtx 4090", "RTX 4090"), ("h200", "H200 SXM"), ("A10G", "A10"), ("t4", "T4")],
)
def test_find_gpu_accepts_common_spellings(name: str, model: str) -> None:
    found = load().find_gpu(name)
    assert found is not None and found.model == model


def test_gpu_matches_a_family() -> None:
    models = {m.model for m in load().gpu_matches("A100")}
    assert models == {"A100 SXM 80GB", "A100 SXM 40GB", "A100 PCIe 40GB", "A100 PCIe 80GB"}


def test_currency_conversion_uses_the_editable_rate() -> None:
    usd = Money("USD", 7.0)
    cny = Money("CNY", 7.0)
    assert usd.convert(14.0, "CNY") == pytest.approx(2.0)
    assert cny.convert(2.0, "USD") == pytest.approx(14.0)
    assert usd.convert(3.0, "USD") == 3.0
    assert Money("CNY", 8.0).convert(1.0, "USD") == pytest.approx(8.0)
    assert cny.format(1234.5) == "¥1,234.50"
    with pytest.raises(ValueError):
        Money("EUR")
    with pytest.raises(ValueError):
        Money("USD", 0)


def test_money_from_settings_follows_the_user(gpudesk_home) -> None:
    from gpudesk.core import settings

    assert Money.from_settings() == Money("USD", settings.SETTINGS["catalog.cny_per_usd"].default)
    settings.set("catalog.currency", "CNY")
    settings.set("catalog.cny_per_usd", 7.5)
    assert Money.from_settings() == Money("CNY", 7.5)
    # A hand-edited bad value falls back instead of crashing (set() itself refuses it).
    import json

    from gpudesk.core import paths

    data = json.loads(paths.settings_file().read_text())
    data["catalog.currency"] = "XYZ"
    paths.settings_file().write_text(json.dumps(data))
    settings.reset_cache()
    assert Money.from_settings() == Money("USD", 7.5)


def test_table_rows_price_per_tflop_hour_and_availability() -> None:
    from gpudesk.core.catalog.table import PROVIDER_URLS, rows

    cat = load()
    table = rows(cat, Money("CNY", 7.0))
    assert len(table) == len(cat.offers)
    lambda_a100 = next(r for r in table if r.offer.instance_type == "gpu_8x_a100_80gb_sxm4")
    assert lambda_a100.tflops == pytest.approx(8 * 312)
    assert lambda_a100.price_per_hour == pytest.approx(14.32 * 7)
    assert lambda_a100.price_per_tflop_hour == pytest.approx(14.32 * 7 / (8 * 312))
    rtx3090 = next(r for r in table if r.offer.provider == "RunPod" and r.gpu == "RTX 3090")
    assert rtx3090.tflops == pytest.approx(35.6)  # no sourced BF16 rate: FP32 instead
    autodl = next(r for r in table if r.offer.provider == "AutoDL" and r.gpu == "RTX 4090")
    assert autodl.price_per_hour == pytest.approx(2.5)  # already CNY
    suspect = next(r for r in table if r.offer.status == "suspect")
    assert suspect.availability == "on-demand · price suspect"
    assert next(r for r in table if r.offer.billing == "spot").availability.startswith("spot (interruptible)")
    assert {o.provider for o in cat.offers} <= set(PROVIDER_URLS)
