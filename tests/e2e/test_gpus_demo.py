"""``gpudesk gpus`` / ``gpudesk check`` against the built-in demo server and its simulated nvidia-smi."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo(gpudesk_home):
    proc = subprocess.Popen(
        [sys.executable, "-m", "gpudesk", "demo-server", "--gpus", "4", "--gpu-model", "NVIDIA A100-SXM4-80GB", "--load", "training"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env=dict(os.environ),
    )
    try:
        info = json.loads(proc.stdout.readline())
        yield info
    finally:
        proc.terminate()
        proc.wait(10)


def cli(demo: dict, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DEMO_PW=demo["password"])
    target = f"ssh://{demo['username']}@{demo['host']}:{demo['port']}"
    return subprocess.run([sys.executable, "-m", "gpudesk", *args, target, "--password-env", "DEMO_PW", "--accept-new-host-key"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


def test_gpus_and_check_against_the_demo(demo) -> None:
    run = cli(demo, "gpus", "--json")
    assert run.returncode == 0, run.stderr
    gpus = json.loads(run.stdout)
    assert [g["name"] for g in gpus] == ["NVIDIA A100-SXM4-80GB"] * 4
    assert all(g["mem_total_mib"] == 81920 and g["power_limit_w"] == 400 and g["fan_pct"] is None for g in gpus)
    check = cli(demo, "check", "--json")
    report = json.loads(check.stdout)
    assert report["driver"] == "590.48.01" and report["cuda"] == "13.1" and len(report["gpus"]) == 4
    assert next(c for c in report["checks"] if c["name"] == "nvidia-smi")["status"] == "ok"
