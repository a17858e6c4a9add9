"""The demo server's GPU-health switch: ``gpudesk demo-server --health degraded|faulty``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def start(health: str) -> tuple[subprocess.Popen[str], dict]:
    args = ["demo-server", "--gpus", "3", "--load", "idle"] + (["--health", health] if health else [])
    env = {k: v for k, v in os.environ.items() if k != "GPUDESK_DEMO_HEALTH"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gpudesk", *args], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env
    )
    assert proc.stdout is not None
    return proc, json.loads(proc.stdout.readline())


def health(demo: dict) -> tuple[int, dict]:
    env = dict(os.environ, DEMO_PW=demo["password"])
    target = f"ssh://{demo['username']}@{demo['host']}:{demo['port']}"
    run = subprocess.run(
        [sys.executable, "-m", "gpudesk", "check", "--health", "--json", target, "--password-env", "DEMO_PW",
         "--accept-new-host-key"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
    )  # fmt: skip
    return run.returncode, json.loads(run.stdout)["health"]


@pytest.mark.parametrize("switch", ["", "degraded", "faulty"])
def test_the_demo_offers_a_healthy_a_degraded_and_a_faulty_gpu(gpudesk_home, switch: str) -> None:
    proc, demo = start(switch)
    try:
        rc, h = health(demo)
    finally:
        proc.terminate()
        proc.wait(10)
    verdicts = [g["verdict"] for g in h["gpus"]]
    codes = [{f["code"] for f in g["findings"]} for g in h["gpus"]]
    assert h["kernel_log"]["status"] == "read"
    if not switch:
        assert rc == 0 and verdicts == ["healthy"] * 3
    elif switch == "degraded":
        assert rc == 0 and verdicts == ["healthy", "degraded", "healthy"]
        assert codes[1] == {"throttle_thermal", "throttle_hw_slowdown"}
    else:
        assert rc == 4 and verdicts == ["healthy", "degraded", "faulty"]
        assert codes[2] == {"ecc_uncorrectable", "row_remap_pending", "xid_recent"}
