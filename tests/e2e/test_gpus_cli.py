"""``gpudesk gpus`` / ``gpudesk check`` and the sampler against the real sshd with the nvidia-smi replay."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from gpudesk.core.telemetry.model import Frame, SmiState, SmiStatus
from gpudesk.core.telemetry.sampler import Sampler
from tests.helpers.cli import gpudesk, on_sshd

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "nvidia-smi"
REPLAY = FIX / "replay.py"
GOOD = ["h100", "rtx4080", "a100-mig", "gtx1080ti-x8", "v100-x8", "gtx1650"]
# Looping nvidia-smi processes on the server (the replay runs as "python3 …/bin/nvidia-smi --query-gpu=… -lms N").
# An odd interval tells this test's stream from samplers other tests may run on the same server.
INTERVAL_MS = 217
LOOPS = f"ps -eo args | grep -c '^[^ ]*python3 [^ ]*/nvidia-smi --query-gpu=.*-lms {INTERVAL_MS}$' || true"
TABLES = {"rtx4080": "05_", "gtx1080ti-x8": "08_", "v100-x8": "09_", "gtx1650": "15_"}


@pytest.fixture
def nvsmi(sshd):
    """Choose the replayed capture: ``nvsmi("v100-x8")``; ``nvsmi("missing")`` removes nvidia-smi."""
    scenario = sshd.home / ".nvidia-smi-scenario"
    binary = sshd.home / "bin" / "nvidia-smi"
    # The replay runs as the test user, who may not be able to read the checkout (CI clones into
    # a private folder): give it its own readable copy of the captures.
    fixtures = sshd.workdir / "nvidia-smi-fixtures"
    if not fixtures.exists():
        shutil.copytree(FIX, fixtures)
        for path in [fixtures, *fixtures.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)

    def use(name: str) -> None:
        if name == "missing":
            binary.unlink(missing_ok=True)
            return
        sshd.install_bin("nvidia-smi", REPLAY.read_text().replace("@FIXTURES@", str(fixtures)))
        scenario.write_text(name + "\n")
        os.chown(scenario, sshd.uid, sshd.gid)

    use("h100")
    yield use
    use("h100")
    scenario.unlink(missing_ok=True)


def cli(sshd, *args: str) -> subprocess.CompletedProcess[str]:
    return gpudesk(*args, *on_sshd(sshd))


def table_rows(prefix: str) -> list[tuple[float, float, float]]:
    """(memory used, memory total, temperature) of each GPU row in a captured table."""
    text = next(FIX.glob(prefix + "*")).read_text()
    return [(float(m[1]), float(m[2]), float(m[0])) for m in re.findall(r"(\d+)C\s+P\d+.*?(\d+)MiB\s*/\s*(\d+)MiB", text)]


@pytest.mark.parametrize("scenario", GOOD)
def test_gpus_json_for_every_captured_server(sshd, nvsmi, scenario: str) -> None:
    nvsmi(scenario)
    run = cli(sshd, "gpus", "--json")
    assert run.returncode == 0, run.stderr
    gpus = json.loads(run.stdout)
    keys = {"index", "uuid", "name", "util_gpu", "util_mem", "mem_used_mib", "mem_total_mib", "temp_c", "power_w",
            "power_limit_w", "sm_clock_mhz", "fan_pct", "processes"}
    assert gpus and all(set(g) == keys for g in gpus)
    assert [g["index"] for g in gpus] == list(range(len(gpus)))
    if scenario in TABLES:
        rows = table_rows(TABLES[scenario])
        assert [(g["mem_used_mib"], g["mem_total_mib"], g["temp_c"]) for g in gpus] == rows
        assert all(g["util_mem"] is None for g in gpus)  # the table does not show it: null, not 0
    if scenario == "h100":
        (g,) = gpus
        assert g["mem_total_mib"] == 81559 and g["power_limit_w"] == 700
        assert sorted(p["pid"] for p in g["processes"]) == [11327, 11328, 11345]
    if scenario == "gtx1650":
        assert gpus[0]["power_w"] is None and gpus[0]["power_limit_w"] == 75
    if scenario == "a100-mig":
        assert gpus[0]["util_gpu"] is None and gpus[0]["fan_pct"] is None and gpus[0]["mem_total_mib"] == 81920
    if scenario == "gtx1080ti-x8":
        assert sum(len(g["processes"]) for g in gpus) == 13


@pytest.mark.parametrize(
    "scenario,quote,meaning",
    [("driver-failure", "couldn't communicate with the NVIDIA driver", "--gpus all"),
     ("nvml-mismatch", "Driver/library version mismatch", "Reboot"),
     ("missing", "", "not installed")],
)
def test_gpus_explains_broken_servers(sshd, nvsmi, scenario: str, quote: str, meaning: str) -> None:
    nvsmi(scenario)
    run = cli(sshd, "gpus", "--json")
    assert run.returncode == 4, (run.stdout, run.stderr)
    assert run.stdout == ""
    assert quote in run.stderr and meaning in run.stderr


def test_gpus_human_output(sshd, nvsmi) -> None:
    nvsmi("v100-x8")
    run = cli(sshd, "gpus")
    assert run.returncode == 0, run.stderr
    assert "driver 535.129.03 · CUDA 12.2" in run.stdout
    assert run.stdout.count("Tesla V100-SXM2-16GB") == 8 and "pid 1552275" in run.stdout


def test_check_reports_every_line(sshd, nvsmi) -> None:
    nvsmi("v100-x8")
    run = cli(sshd, "check", "--json")
    report = json.loads(run.stdout)
    assert set(report) == {"gpus", "driver", "cuda", "checks"}
    assert report["driver"] == "535.129.03" and report["cuda"] == "12.2" and len(report["gpus"]) == 8
    names = [c["name"] for c in report["checks"]]
    for expected in ("nvidia-smi", "GPUs", "Driver", "CUDA (driver)", "nvcc", "Disk (home)", "tmux"):
        assert expected in names
    assert all(c["status"] in ("ok", "warn", "fail") for c in report["checks"])
    failed = [c for c in report["checks"] if c["status"] == "fail"]
    assert run.returncode == (4 if failed else 0), run.stderr


def test_check_on_a_broken_driver(sshd, nvsmi) -> None:
    nvsmi("driver-failure")
    run = cli(sshd, "check")
    assert run.returncode == 4
    assert "[FAIL] nvidia-smi" in run.stdout and "couldn't communicate" in run.stdout and "fix:" in run.stdout


def _collect(conn, interval_ms: int = INTERVAL_MS):
    frames: list[Frame] = []
    states: list[SmiStatus] = []
    procs: list = []
    got = threading.Event()

    def on_frame(f: Frame) -> None:
        frames.append(f)
        got.set()

    sampler = Sampler(conn, on_frame, procs.append, on_status=states.append, interval_ms=interval_ms, apps_s=1)
    return sampler.start(), frames, states, procs


def wait_for(cond, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)


def test_sampler_streams_over_one_channel(sshd, nvsmi, connect) -> None:
    nvsmi("h100")
    conn = connect()
    sampler, frames, states, procs = _collect(conn)
    try:
        wait_for(lambda: len(frames) >= 6 and procs)
        assert sampler.streams_started == 1
        # the capture alternates its idle and load frames
        assert {f.gpus[0].util_gpu for f in frames} == {0.0, 100.0}
        assert sampler.decoder.versions.cuda == "13.1"
        assert {p.pid for p in procs[-1]} == {11327, 11328, 11345}
        assert states[-1].state is SmiState.OK
        # exactly one looping query runs on the server
        assert conn.exec(LOOPS).out.strip() == "1"
    finally:
        sampler.stop(wait=5)
    assert not sampler.running
    wait_for(lambda: conn.exec(LOOPS).out.strip() == "0", 15)  # closing the channel ends the remote loop


def test_sampler_reports_a_driver_failure_as_a_state(sshd, nvsmi, connect) -> None:
    nvsmi("driver-failure")
    sampler, frames, states, _ = _collect(connect())
    try:
        wait_for(lambda: any(s.state is SmiState.DRIVER_UNREACHABLE for s in states))
        assert frames == [] and sampler.running  # it keeps trying: the driver may come back
    finally:
        sampler.stop(wait=5)


def test_sampler_after_a_dropped_connection(sshd, nvsmi, connect, proxy) -> None:
    nvsmi("v100-x8")
    conn = connect(port=proxy.port, keepalive_s=1)  # keepalives are how a silent drop is noticed
    sampler, frames, _, _ = _collect(conn)
    wait_for(lambda: len(frames) >= 2)
    assert len(frames[-1].gpus) == 8
    proxy.cut()
    wait_for(lambda: not sampler.running, 30)  # the stream ends with the connection, no crash
    again = connect(port=proxy.port)
    sampler2, frames2, _, _ = _collect(again)
    try:
        wait_for(lambda: len(frames2) >= 2)
        assert sampler2.streams_started == 1
    finally:
        sampler2.stop(wait=5)


def test_kill_terms_then_kills(sshd, connect) -> None:
    from gpudesk.ui.gpus.processes import kill_command

    conn = connect()
    polite = int(conn.exec("nohup sleep 300 >/dev/null 2>&1 & echo $!").out.strip())
    stubborn = int(conn.exec("nohup sh -c 'trap \"\" TERM; while :; do sleep 1; done' >/dev/null 2>&1 & echo $!").out.strip())
    assert conn.exec(kill_command(polite)).out.strip() == "terminated"
    started = time.monotonic()
    result = conn.exec(kill_command(stubborn, grace_s=1))
    assert result.exit_code == 0 and result.out.strip() == "killed" and time.monotonic() - started >= 1
    for pid in (polite, stubborn):
        # gone, or at most a zombie waiting for the server's init to reap it
        wait_for(lambda pid=pid: conn.exec(f"ps -o stat= -p {pid} || true").out.strip() in ("", "Z"), 10)
    gone = conn.exec(kill_command(999999))
    assert gone.exit_code != 0
