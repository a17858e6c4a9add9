"""The environment check's verdicts, from real snapshot output and facts text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpudesk.core.envcheck import evaluate, parse_facts, torch_index
from gpudesk.core.telemetry.model import GpuSample, SmiState, SmiStatus, Versions
from gpudesk.core.telemetry.parse import classify
from gpudesk.core.telemetry.snapshot import Snapshot

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "nvidia-smi"
KIB_GB = 1024 * 1024


def snap(cuda: str = "12.2", n: int = 8) -> Snapshot:
    gpus = [GpuSample(i, f"GPU-{i}", "Tesla V100-SXM2-16GB", util_gpu=100, mem_used_mib=3085, mem_total_mib=16384) for i in range(n)]
    return Snapshot(gpus=gpus, versions=Versions("535.129.03", cuda))


def facts(torch: dict | None = None, free_gb: float = 200, tmux: str = "tmux 3.3a", nvcc: str = "", tf: dict | None = None) -> dict[str, str]:
    text = "== nvcc\n" + nvcc + "\n== torch\n" + json.dumps(torch or {"installed": False})
    text += "\n== tensorflow\n" + json.dumps(tf or {"installed": False})
    text += f"\n== df\n/home/u /dev/vda 300000000 1000 {int(free_gb * KIB_GB)} 1% /\n== tmux\n{tmux}\n== end\n"
    return parse_facts(text)


def by_name(report, name: str):
    return next(c for c in report.checks if c.name == name)


def test_a_healthy_server() -> None:
    rep = evaluate(snap(), facts({"installed": True, "version": "2.3.1", "cuda": "12.1", "available": True, "devices": 8},
                                  nvcc="Cuda compilation tools, release 12.1, V12.1.105"))
    assert rep.worst == "ok", rep.checks
    out = rep.to_json()
    assert set(out) == {"gpus", "driver", "cuda", "checks"} and out["driver"] == "535.129.03" and out["cuda"] == "12.2"
    assert set(out["checks"][0]) == {"name", "status", "detail", "fix"}
    assert "8× Tesla V100-SXM2-16GB" in by_name(rep, "GPUs").detail
    assert "sees 8 GPU" in by_name(rep, "PyTorch").detail


def test_pytorch_built_for_a_newer_cuda_major_is_an_environment_conflict() -> None:
    rep = evaluate(snap("12.2"), facts({"installed": True, "version": "2.9.0", "cuda": "13.0", "available": False, "devices": 0}))
    check = by_name(rep, "PyTorch")
    assert check.status == "fail" and "environment conflict" in check.detail and "12.2" in check.fix


def test_newer_minor_is_a_warning_and_cpu_build_is_a_warning() -> None:
    rep = evaluate(snap("12.2"), facts({"installed": True, "version": "2.5.0", "cuda": "12.4", "available": True, "devices": 8}))
    assert by_name(rep, "PyTorch").status == "warn"
    rep = evaluate(snap("12.2"), facts({"installed": True, "version": "2.5.0", "cuda": None, "available": False, "devices": 0}))
    check = by_name(rep, "PyTorch")
    assert check.status == "warn" and "CPU-only" in check.detail and "cu121" in check.fix


def test_broken_import_and_tensorflow_line() -> None:
    rep = evaluate(snap(), facts({"installed": True, "error": "ImportError: libcudnn.so.9: cannot open shared object file"},
                                 tf={"installed": True, "version": "2.16.1", "cuda": "12.3", "available": True, "devices": 8}))
    assert by_name(rep, "PyTorch").status == "fail" and "libcudnn" in by_name(rep, "PyTorch").detail
    assert by_name(rep, "TensorFlow").status == "warn"  # 12.3 on a 12.2 driver


@pytest.mark.parametrize("free,status", [(0.5, "fail"), (5, "warn"), (50, "ok")])
def test_disk(free: float, status: str) -> None:
    assert by_name(evaluate(snap(), facts(free_gb=free)), "Disk (home)").status == status


def test_tmux_missing_is_a_warning_with_a_fix() -> None:
    check = by_name(evaluate(snap(), facts(tmux="")), "tmux")
    assert check.status == "warn" and "apt-get install" in check.fix


def test_driver_failure_fails_with_nvidia_smis_words() -> None:
    status = classify((FIX / "10_error_cannot_communicate_with_driver.txt").read_text(), 9)
    rep = evaluate(Snapshot(status=status), facts())
    check = by_name(rep, "nvidia-smi")
    assert check.status == "fail" and "couldn't communicate" in check.detail and "--gpus all" in check.fix
    assert rep.gpus == [] and rep.driver is None
    assert not any(c.name == "GPUs" for c in rep.checks)


def test_no_gpu_visible() -> None:
    rep = evaluate(Snapshot(status=SmiStatus(SmiState.OK), versions=Versions("550.78", "12.4")), facts())
    assert by_name(rep, "GPUs").status == "fail"


def test_torch_index_picks_the_newest_build_the_driver_runs() -> None:
    assert torch_index("12.2").endswith("/cu121")
    assert torch_index("13.1").endswith("/cu130")
    assert torch_index("11.4").endswith("/cu118")
