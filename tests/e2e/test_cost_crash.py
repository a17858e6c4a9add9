"""A process metering a session is SIGKILLed; a restart shows the right billed time."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpudesk.core.billing.meter import Meter

ROOT = Path(__file__).resolve().parents[2]

# Meters like the app: a price, a run opened at first connection, a heartbeat that rewrites the
# state file as fast as it can (so the kill lands in the middle of writes).
CHILD = r"""
import sys, time
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
m = Meter()
m.configure("sess-1", "A100-node1", Price(7.2, "hour", "CNY", "second"))
m.start("sess-1", float(sys.argv[1]))
m.heartbeat()
print("metering", flush=True)
while True:
    m.heartbeat()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_sigkill_mid_billing_then_restart_shows_billed_time(tmp_path):
    started = time.time() - 7200  # the instance came up two hours ago
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, repr(started)], stdout=subprocess.PIPE, env=env, cwd=ROOT, text=True
    )
    try:
        assert child.stdout.readline().strip() == "metering"
        deadline = time.monotonic() + 30
        meter_path = Path(os.environ["GPUDESK_HOME"]) / "data" / "billing" / "meter.json"
        first = meter_path.stat().st_mtime_ns
        while meter_path.stat().st_mtime_ns == first and time.monotonic() < deadline:
            time.sleep(0.01)  # wait for the child's next write, a condition not a fixed pause
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    killed_at = time.time()

    # "Restart" an hour later: the server kept billing while gpudesk was dead.
    later = killed_at + 3600
    meter = Meter()
    assert meter.load_error == ""  # the file was never left half-written
    assert meter.is_running("sess-1")
    assert meter.seconds("sess-1", later) == pytest.approx(later - started, abs=1.0)
    assert meter.cost("sess-1", later) == pytest.approx((later - started) / 3600 * 7.2, abs=0.01)
    gaps = meter.recover(later)
    assert len(gaps) == 1 and gaps[0].name == "A100-node1"
    assert gaps[0].seconds == pytest.approx(3600, abs=30)  # what ran unseen, from the last heartbeat
    assert gaps[0].currency == "CNY"

    # The command line reads the same record right after the crash.
    out = subprocess.run(
        [sys.executable, "-m", "gpudesk", "cost", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    (session,) = data["sessions"]
    now = time.time()
    assert session["session"] == "A100-node1" and session["running"] is True
    assert session["billed_seconds"] == pytest.approx(now - started, abs=60)
    assert sum(data["total"].values()) == pytest.approx((now - started) / 3600 * 7.2, abs=0.2)
