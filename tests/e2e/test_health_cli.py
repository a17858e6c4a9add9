"""``gpudesk check --health`` against the real sshd, replaying real nvidia-smi -q / -q -x captures
and real kernel logs (a ``dmesg`` stand-in replays the capture with its times moved to now)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from tests.e2e.test_gpus_cli import ROOT, cli, nvsmi  # noqa: F401 - the replay fixture

pytestmark = pytest.mark.e2e

LOGS = ROOT / "tests" / "fixtures" / "logs"
HEALTHY_LOG = "31_kernel_log_healthy_boot_h100_hgx_no_xid.txt"


@pytest.fixture
def server(sshd, nvsmi):  # noqa: F811
    """``server("h100-load", "26_…")``: the nvidia-smi scenario and the kernel log dmesg replays."""
    logs = sshd.workdir / "kernel-logs"
    if not logs.exists():
        logs.mkdir()
        for path in [*LOGS.glob("[23][0-9]_kernel_log_*"), *LOGS.glob("kernel_log_*")]:
            shutil.copy(path, logs / path.name)
        for path in [logs, *logs.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    capture = sshd.home / ".kernel-log-capture"
    fixtures = sshd.workdir / "nvidia-smi-fixtures"

    def use(scenario: str, log: str = HEALTHY_LOG) -> None:
        nvsmi(scenario)
        replay = (fixtures.parent / "nvidia-smi-fixtures" / "replay.py").read_text()
        sshd.install_bin("dmesg", replay.replace("@FIXTURES@", str(fixtures)))
        capture.write_text(log + "\n")
        os.chown(capture, sshd.uid, sshd.gid)

    yield use
    (sshd.home / "bin" / "dmesg").unlink(missing_ok=True)
    capture.unlink(missing_ok=True)


def health(sshd, *extra: str) -> tuple[int, dict]:
    run = cli(sshd, "check", "--health", "--json", *extra)
    assert run.stdout, run.stderr
    report = json.loads(run.stdout)
    assert set(report) >= {"gpus", "driver", "cuda", "checks", "health"}
    return run.returncode, report["health"]


def codes(h: dict, index: int | None = 0) -> dict[str, str]:
    (gpu,) = [g for g in h["gpus"] if g["index"] == index][:1]
    return {f["code"]: f["severity"] for f in gpu["findings"]}


def test_h100_under_load_is_healthy(sshd, server) -> None:
    server("h100-load")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "healthy", h
    (gpu,) = h["gpus"]
    assert gpu["name"] == "NVIDIA H100 80GB HBM3" and gpu["findings"] == [] and gpu["unknown"] == []
    assert h["kernel_log"]["status"] == "read" and h["bench"] is None


def test_the_real_h200_idle_capture_is_healthy_from_xml_and_from_text(sshd, server) -> None:
    for scenario in ("h200", "h200-text"):
        server(scenario, "kernel_log_firecracker_h200_no_xid_real.txt")
        rc, h = health(sshd)
        assert rc == 0 and h["verdict"] == "healthy", (scenario, h)
        assert h["gpus"][0]["uuid"] == "GPU-bb33272b-b3e1-c7d1-c0b1-599a5899ae06"


def test_an_idle_link_downshift_is_not_degradation(sshd, server) -> None:
    server("l40s-idle")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "unknown", h
    assert "pcie_link_degraded" not in codes(h)
    assert any("judged only under load" in u for u in h["gpus"][0]["unknown"])


def test_ecc_double_bit_errors_and_pending_retirement_are_faulty(sshd, server) -> None:
    server("v100-dbe")
    rc, h = health(sshd)
    assert rc == 4 and h["verdict"] == "faulty"
    assert codes(h) == {"ecc_uncorrectable": "fail", "retired_pages_pending": "fail"}
    assert all("refund" in f["fix"] for f in h["gpus"][0]["findings"])


def test_a_pending_row_remap_is_degraded(sshd, server) -> None:
    server("a10-remap")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "degraded"
    assert codes(h) == {"row_remap_pending": "warn"}


@pytest.mark.parametrize(("scenario", "gpus"), [("gtx1070-x1", 2), ("a10g-x8", 1)])
def test_a_narrow_pcie_link_under_load_is_degraded(sshd, server, scenario: str, gpus: int) -> None:
    server(scenario)
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "degraded"
    assert len(h["gpus"]) == gpus
    for g in h["gpus"]:
        found = {f["code"]: f for f in g["findings"]}
        assert found["pcie_link_degraded"]["severity"] == "warn"
        assert "x16" in found["pcie_link_degraded"]["detail"]
        assert found["persistence_off"]["severity"] == "info"


def test_hw_slowdown_and_power_brake_on_all_eight_gpus(sshd, server) -> None:
    server("h100-brake")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "degraded" and len(h["gpus"]) == 8
    for g in h["gpus"]:
        found = {f["code"]: f["severity"] for f in g["findings"]}
        assert found["throttle_hw_slowdown"] == found["throttle_power_brake"] == "warn"
        assert found["clocks_capped"] == "warn"


def test_a_lost_gpu_is_faulty_and_exits_4(sshd, server) -> None:
    server("gpu-lost")
    rc, h = health(sshd)
    assert rc == 4 and h["verdict"] == "faulty"
    (gpu,) = h["gpus"]
    assert gpu["bus_id"] == "0000:02:00.0" and gpu["findings"][0]["code"] == "gpu_lost"
    assert "GPU is lost" in gpu["findings"][0]["detail"]


def test_mig_is_information_only(sshd, server) -> None:
    server("h200-mig")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "healthy"
    assert codes(h) == {"mig_enabled": "info"}  # no remapped-rows finding: N/A under MIG by design


def test_persistence_off_is_information_only(sshd, server) -> None:
    server("a100-nopersist")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "healthy" and len(h["gpus"]) == 8
    assert all({f["code"] for f in g["findings"]} == {"persistence_off"} for g in h["gpus"])


def test_xid_79_names_a_gpu_nvidia_smi_no_longer_lists(sshd, server) -> None:
    server("h100-load", "26_kernel_log_xid79_fallen_off_bus_h100_hgx.txt")
    rc, h = health(sshd)
    assert rc == 4 and h["verdict"] == "faulty"
    assert codes(h) == {}  # the listed GPU is fine
    assert codes(h, None) == {"xid_recent": "fail"}
    (lost,) = [g for g in h["gpus"] if g["index"] is None]
    assert lost["bus_id"] == "0000:91:00" and "Xid 79" in lost["findings"][0]["detail"]


@pytest.mark.parametrize(
    ("log", "severity", "xids"),
    [
        ("27_kernel_log_xid48_63_94_dbe_row_remap_contained.txt", "fail", ("Xid 48", "Xid 63", "Xid 94")),
        ("28_kernel_log_xid48_64_dbe_retirement_failed_syslog.txt", "fail", ("Xid 48", "Xid 64")),
        ("29_kernel_log_xid31_mmu_fault.txt", "info", ("Xid 31",)),
        ("30_kernel_log_xid13_43_warp_exception.txt", "info", ("Xid 13", "Xid 43")),
    ],
)
def test_xids_in_the_kernel_log(sshd, server, log: str, severity: str, xids: tuple[str, ...]) -> None:
    server("h100-load", log)
    rc, h = health(sshd)
    assert rc == (4 if severity == "fail" else 0), h
    found = [f for g in h["gpus"] for f in g["findings"] if f["code"] == "xid_recent"]
    assert max((f["severity"] for f in found), key=["info", "warn", "fail"].index) == severity
    details = " ".join(f["detail"] for f in found)
    assert all(x in details for x in xids), details
    if severity == "info":
        assert h["verdict"] == "healthy"


def test_no_xid_in_a_healthy_boot_log(sshd, server) -> None:
    server("h100-load", HEALTHY_LOG)
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "healthy"
    assert "0 Xid line(s)" in h["kernel_log"]["detail"]


def test_an_unreadable_kernel_log_makes_the_verdict_unknown(sshd, server) -> None:
    server("h100-load", "unreadable")
    rc, h = health(sshd)
    assert rc == 0 and h["verdict"] == "unknown"
    assert h["kernel_log"]["status"] == "unreadable"
    assert "Operation not permitted" in h["kernel_log"]["detail"]


def test_a_model_the_provider_did_not_promise_is_faulty(sshd, server) -> None:
    server("a100-nopersist")
    rc, h = health(sshd, "--expect-gpu", "A100 SXM 80GB")
    assert rc == 4 and h["verdict"] == "faulty"
    assert codes(h)["memory_mismatch"] == "fail"
    rc, h = health(sshd, "--expect-gpu", "H100 SXM")
    assert rc == 4 and codes(h)["model_mismatch"] == "fail"


def test_text_report_and_unchanged_output_without_health(sshd, server) -> None:
    server("h100-brake")
    plain = cli(sshd, "check", "--json")
    assert "health" not in json.loads(plain.stdout)
    text = cli(sshd, "check", "--health")
    assert "GPU health: Degraded: " in text.stdout and "throttle_power_brake" in text.stdout
    assert "fix:" in text.stdout


def test_bench_sends_the_script_and_says_when_pytorch_is_missing(sshd, server) -> None:
    server("h200")
    rc, h = health(sshd, "--bench")
    assert rc == 0, h
    bench = h["bench"]
    # The test server's python3 has no PyTorch: the real script ran there and said so.
    assert bench["ok"] is False and bench["error"].startswith("no_torch"), bench
    assert bench["gpus"] == []
    text = cli(sshd, "check", "--health", "--bench")
    assert "Benchmark: not run (no_torch" in text.stdout
