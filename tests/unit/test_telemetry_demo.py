"""The demo's simulated nvidia-smi speaks the formats our parser (and the real tool's users) expect."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpudesk.core.telemetry.parse import parse_query, parse_versions
from gpudesk.core.telemetry.remote import snapshot_command
from gpudesk.core.telemetry.snapshot import parse_snapshot

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo_env(tmp_path: Path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    smi = bin_dir / "nvidia-smi"
    smi.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m gpudesk.core.demo.nvidia_smi "$@"\n')
    smi.chmod(0o755)
    state = tmp_path / "state"
    state.mkdir()

    def env(load: str = "training", gpus: int = 8, age_s: float = 400.0, model: str = "NVIDIA H100 80GB HBM3") -> dict[str, str]:
        (state / "nvidia-smi-start").write_text(repr(time.time() - age_s))
        return dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", PYTHONPATH=str(ROOT), GPUDESK_DEMO_GPUS=str(gpus),
                    GPUDESK_DEMO_GPU_MODEL=model, GPUDESK_DEMO_LOAD=load, GPUDESK_DEMO_STATE_DIR=str(state))

    return env


def smi(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["nvidia-smi", *args], capture_output=True, text=True, env=env, timeout=30)


def snapshot(env: dict[str, str]):
    run = subprocess.run(snapshot_command(), shell=True, capture_output=True, text=True, env=env, timeout=60)
    return parse_snapshot(run.stdout, run.returncode)


def test_training_load_through_our_snapshot(demo_env) -> None:
    snap = snapshot(demo_env("training", gpus=8, age_s=400))
    assert snap.status.ok and len(snap.gpus) == 8
    assert (snap.versions.driver, snap.versions.cuda) == ("590.48.01", "13.1")
    busy = [g for g in snap.gpus if g.index != 7]
    assert all(g.util_gpu is not None and g.util_gpu > 70 for g in busy)
    assert snap.gpus[7].util_gpu is not None and snap.gpus[7].util_gpu < 50  # the lagging GPU the hints talk about
    assert all(g.mem_used_mib and g.mem_total_mib == 81559 and g.mem_used_mib > 0.5 * g.mem_total_mib for g in busy)
    assert snap.gpus[7].mem_used_mib < 0.5 * snap.gpus[7].mem_total_mib  # small batch: the "raise the batch size" hint
    assert snap.gpus[0].fan_pct is None  # data-centre GPUs report [N/A], as in the capture
    assert len(snap.processes) == 8 and {p.gpu_uuid for p in snap.processes} == {g.uuid for g in snap.gpus}


def test_idle_and_oom_loads(demo_env) -> None:
    idle = snapshot(demo_env("idle", gpus=2))
    assert [g.util_gpu for g in idle.gpus] == [0, 0] and idle.processes == []
    near = snapshot(demo_env("oom", gpus=1, age_s=190))
    g = near.gpus[0]
    assert g.mem_used_mib / g.mem_total_mib > 0.92  # about to run out
    after = snapshot(demo_env("oom", gpus=1, age_s=230))
    assert after.gpus[0].util_gpu == 0 and after.processes == []


def test_the_loop_moves_over_time(demo_env) -> None:
    env = demo_env("training", gpus=1, age_s=25)  # ramping up
    proc = subprocess.Popen(["nvidia-smi", "--query-gpu=index,utilization.gpu,memory.used", "--format=csv,noheader,nounits",
                             "-lms", "300"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        lines = [proc.stdout.readline() for _ in range(8)]
    finally:
        proc.kill()
        proc.wait()
    used = [float(ln.split(",")[2]) for ln in lines]
    assert used[-1] > used[0]


def test_other_forms(demo_env) -> None:
    env = demo_env("training", gpus=4, model="NVIDIA A100-SXM4-80GB")
    table = smi(env).stdout
    assert parse_versions(table).cuda == "13.1" and table.count("A100-SXM4-80GB") == 4 and "python train.py" in table
    assert smi(env, "-L").stdout.count("(UUID: GPU-") == 4
    dmon = smi(env, "dmon", "-c", "2").stdout.splitlines()
    assert dmon[0].startswith("# gpu") and len(dmon) == 2 + 2 * 4
    assert "<attached_gpus>4</attached_gpus>" in smi(env, "-q", "-x").stdout
    assert "Product Name" in smi(env, "-q").stdout
    csv = smi(env, "--query-gpu=name,memory.total,power.limit", "--format=csv").stdout.splitlines()
    assert csv[0] == "name, memory.total [MiB], power.limit [W]" and csv[1].endswith("81920 MiB, 400.00 W")
    bad = smi(env, "--query-gpu=nope", "--format=csv")
    assert bad.returncode == 2 and 'Field "nope" is not a valid field' in bad.stdout
    gpus, other = parse_query(smi(env, "--query-gpu=timestamp,index,uuid,name,utilization.gpu,utilization.memory,memory.used,"
                                     "memory.total,temperature.gpu,power.draw,power.limit,clocks.sm,clocks.mem,fan.speed,"
                                     "pstate", "--format=csv,noheader,nounits").stdout)
    assert len(gpus) == 4 and other == []
