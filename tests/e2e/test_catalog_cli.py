"""``gpudesk catalog`` as a user's script runs it: a fresh process, its exit code and its JSON."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers.cli import gpudesk

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["gpu", "count", "vram_gb", "provider", "price_per_hour", "currency", "billing", "est_total_cost", "reasons"]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return gpudesk("catalog", *args)


def recs(*args: str) -> list[dict]:
    result = cli(*args, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data) == ["recommendations"]
    for rec in data["recommendations"]:
        assert list(rec) == KEYS
    return data["recommendations"]


def test_default_is_a_full_fine_tune_of_7b_in_bf16() -> None:
    default = recs()
    explicit = recs("--task", "training", "--params", "7B", "--precision", "bf16")
    assert default == explicit
    assert default[0]["gpu"] == "H200 SXM" and default[0]["count"] == 1
    assert any("NVLink" in r for rec in default if rec["count"] > 1 for r in rec["reasons"])
    costs = [r["est_total_cost"] for r in default]
    assert costs == sorted(costs)
    for rec in default:
        assert rec["vram_gb"] >= 112 and rec["currency"] == "USD"


def test_inference_70b_int4_and_hours() -> None:
    rows = recs("--task", "inference", "--params", "70B", "--precision", "int4", "--hours", "24")
    assert (rows[0]["gpu"], rows[0]["provider"]) == ("RTX A6000", "RunPod")
    assert rows[0]["est_total_cost"] == pytest.approx(rows[0]["price_per_hour"] * 24, abs=0.01)
    assert all(r["vram_gb"] >= 40 for r in rows)


def test_rendering_prefers_nvenc() -> None:
    rows = recs("--task", "rendering")
    assert rows[0]["gpu"] == "RTX 4090"
    assert all(r["gpu"] not in ("H100 SXM", "A100 SXM 80GB", "H200 SXM") for r in rows)
    assert any("NVENC" in reason for reason in rows[0]["reasons"])


def test_gpu_and_gpus_filters() -> None:
    rows = recs("--gpu", "H100", "--gpus", "8")
    assert rows and all(r["gpu"].startswith("H100") and r["count"] == 8 for r in rows)


def test_text_output_lists_reasons() -> None:
    result = cli("--task", "science")
    assert result.returncode == 0, result.stderr
    assert "Catalog snapshot 2026-12-02" in result.stdout
    assert " 1. 1× V100" in result.stdout and "GROMACS/OpenFOAM" in result.stdout


def test_currency_setting_applies(gpudesk_home) -> None:
    from gpudesk.core import settings

    usd = recs("--task", "inference")
    settings.set("catalog.currency", "CNY")
    settings.set("catalog.cny_per_usd", 7.0)
    cny = recs("--task", "inference")
    assert cny[0]["currency"] == "CNY"
    assert cny[0]["price_per_hour"] == pytest.approx(usd[0]["price_per_hour"] * 7, rel=1e-3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--params", "abc"], "'abc' is not a model size"),
        (["--gpu", "Voodoo5"], "No GPU called 'Voodoo5'"),
        (["--precision", "int4"], "QLoRA"),
        (["--hours", "0"], "--hours"),
        (["--gpus", "0"], "--gpus"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(args: list[str], message: str) -> None:
    result = cli(*args)
    assert result.returncode == 2
    assert message in result.stderr and result.stdout == ""
    assert "Traceback" not in result.stderr


def test_nothing_fits_is_not_an_error() -> None:
    result = cli("--params", "2000B", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {"recommendations": []}
