"""Parser, decoder, hints and summary against the real captured nvidia-smi outputs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudesk.core.telemetry.hints import hints, short_model, summary
from gpudesk.core.telemetry.model import QUERY_FIELDS, Frame, GpuProcess, GpuSample, SmiState
from gpudesk.core.telemetry.parse import classify, num, parse_app_line, parse_query_line, parse_versions
from gpudesk.core.telemetry.remote import Decoder

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "nvidia-smi"


def fixture(name: str) -> str:
    return next(FIX.glob(name + "*")).read_text()


def h100_rows() -> list[dict[str, str]]:
    """The idle and load rows of the H100 capture, keyed by field name (units kept)."""
    text = fixture("03_")
    head = next(ln for ln in text.splitlines() if ln.startswith("timestamp, driver_version"))
    names = [re.sub(r" \[.*\]$", "", h) for h in head.split(", ")]
    rows = [ln for ln in text.splitlines() if re.match(r"\d{4}/\d\d/\d\d .*590\.48", ln)]
    return [dict(zip(names, row.split(", "), strict=False)) for row in rows]


def as_query_line(row: dict[str, str]) -> str:
    alias = {"clocks.sm": "clocks.current.sm", "clocks.mem": "clocks.current.memory"}
    return ", ".join(row[alias.get(f, f)] for f in QUERY_FIELDS)


@pytest.mark.parametrize("raw", ["[N/A]", "N/A", "[Not Supported]", "", "   ", "-", "[Requested functionality has been deprecated]"])
def test_missing_values_become_none(raw: str) -> None:
    assert num(raw) is None


def test_values_with_units_and_spaces() -> None:
    assert num(" 81559 MiB ") == 81559
    assert num("631.95 W") == pytest.approx(631.95)
    assert num("100.00 %") == 100
    assert num("1980 MHz") == 1980


def test_real_h100_rows_parse_with_units_and_deprecated_fields() -> None:
    idle, load = (parse_query_line(as_query_line(r)) for r in h100_rows())
    assert idle is not None and load is not None
    assert load.name == "NVIDIA H100 80GB HBM3" and load.index == 0
    assert load.mem_used_mib == 19818 and load.mem_total_mib == 81559
    assert load.util_gpu == 100 and load.util_mem == 11
    assert load.power_w == pytest.approx(631.95) and load.power_limit_w == 700
    assert load.sm_clock_mhz == 1980 and load.mem_clock_mhz == 2619
    assert load.fan_pct is None  # the capture says [N/A]
    assert idle.util_gpu == 0 and idle.temp_c == 41 and idle.pstate == "P0"


def test_shape_is_strict() -> None:
    good = as_query_line(h100_rows()[1])
    assert parse_query_line(good + ", extra") is None
    assert parse_query_line(good.rsplit(",", 1)[0]) is None
    assert parse_query_line("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.") is None
    # an index that is not a number is not a sample either
    assert parse_query_line(good.replace(", 0, GPU-", ", [N/A], GPU-", 1)) is None


def test_compute_apps_lines_from_the_capture() -> None:
    lines = [ln for ln in fixture("03_").splitlines() if re.match(r"\d{4}/", ln) and ln.count(", ") == 7]
    parsed = []
    for ln in lines:
        f = ln.split(", ")
        parsed.append(parse_app_line(f"{f[4]}, {f[5]}, {f[7].removesuffix(' MiB')}, {f[6]}"))
    assert [(p.pid, p.name, p.used_mib) for p in parsed if p] == [
        (11327, "/root/tools/memhog", 2566), (11328, "/root/tools/memhog", 1542), (11345, "./gpu_burn", 15690)
    ]
    odd = parse_app_line("GPU-1, 42, [N/A], /opt/my, odd/name")
    assert odd is not None and odd.name == "/opt/my, odd/name" and odd.used_mib is None


@pytest.mark.parametrize(
    "name,driver,cuda",
    [("01_", "590.48.01", "13.1"), ("05_", "595.71.05", "13.2"), ("09_", "535.129.03", "12.2"),
     ("15_", "560.35.03", "12.6"), ("08_", "390.25", None)],
)
def test_versions_from_real_table_headers(name: str, driver: str, cuda: str | None) -> None:
    v = parse_versions(fixture(name))
    assert (v.driver, v.cuda) == (driver, cuda)


def test_versions_from_xml_and_version_flag_and_610_names() -> None:
    assert parse_versions("NVIDIA-SMI version  : 550.78\nNVML version        : 550.78\n"
                          "DRIVER version      : 550.78\nCUDA Version        : 12.4").cuda == "12.4"
    v = parse_versions("| NVIDIA-SMI 610.57.04              KMD Version: 610.57.04     CUDA UMD Version: 13.3     |")
    assert (v.driver, v.cuda) == ("610.57.04", "13.3")
    v = parse_versions("KMD version         : 610.57.04\nCUDA UMD Version    : 13.3")
    assert (v.driver, v.cuda) == ("610.57.04", "13.3")


def test_errors_become_typed_states() -> None:
    driver = classify(fixture("10_"), 9)
    assert driver.state is SmiState.DRIVER_UNREACHABLE and "couldn't communicate" in driver.line
    assert "--gpus all" in driver.message()
    mismatch = classify(fixture("11_"), 18)
    assert mismatch.state is SmiState.NVML_MISMATCH and mismatch.line == "Failed to initialize NVML: Driver/library version mismatch"
    assert "Reboot" in mismatch.meaning
    lost = classify("Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU")
    assert lost.state is SmiState.GPU_LOST
    assert classify("sh: 1: nvidia-smi: not found", 127).state is SmiState.MISSING
    assert classify("No devices were found", 6).state is SmiState.NO_GPUS
    other = classify("Something new went wrong", 255)
    assert other.state is SmiState.ERROR and other.line == "Something new went wrong" and "255" in other.meaning


def _line(i: int, util: int = 50) -> str:
    return f"G 2026/07/14 08:12:53.353, {i}, GPU-{i}, NVIDIA H100 80GB HBM3, {util}, 5, 100, 81559, 40, 100.5, 700.00, 1980, 2619, [N/A], P0"


def test_decoder_groups_frames_and_tracks_gpus_falling_off() -> None:
    frames: list[Frame] = []
    states = []
    procs: list[list[GpuProcess]] = []
    d = Decoder(frames.append, procs.append, on_status=states.append, clock=lambda: 1.0)
    d.feed("V DRIVER version      : 590.48.01")
    d.feed("V CUDA Version        : 13.1")
    for i in range(4):
        d.feed(_line(i))
    d.feed(_line(0))  # the index repeats: the first frame is complete
    assert [len(f.gpus) for f in frames] == [4]
    assert d.versions.driver == "590.48.01" and d.versions.cuda == "13.1"
    for i in (1, 2, 3):
        d.feed(_line(i))
    assert len(frames) == 2  # as many GPUs as last time: complete without waiting
    d.feed(_line(0))
    d.feed("G Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU")
    d.feed(_line(2))
    d.feed(_line(3))
    assert len(frames) == 3 and [g.index for g in frames[2].gpus] == [0, 2, 3] and frames[2].lost
    assert states[-1].state is SmiState.GPU_LOST
    d.feed("P GPU-0, 11345, 15690, ./gpu_burn")
    d.feed("U 11345 alice")
    d.feed("P.")
    assert procs[-1][0].user == "alice" and procs[-1][0].used_mib == 15690
    d.feed("G NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.")
    d.feed("X 9")
    assert states[-1].state is SmiState.DRIVER_UNREACHABLE


def test_summary_and_model_names() -> None:
    gpus = [GpuSample(i, f"u{i}", "NVIDIA H100 80GB HBM3", util_gpu=70 + i, mem_used_mib=7808) for i in range(8)]
    assert summary(gpus) == "8× H100 · 74% · 61 GB"
    assert short_model("Tesla V100-SXM2-16GB") == "V100"
    assert short_model("NVIDIA GeForce RTX 4080 ...") == "RTX 4080"
    assert summary([]) == ""


def test_hints() -> None:
    def g(i: int, **kw: float) -> GpuSample:
        return GpuSample(i, f"u{i}", "H100", mem_total_mib=80000, power_limit_w=700, **kw)

    kinds = {h.kind for h in hints([g(0, util_gpu=20, mem_used_mib=10000)], [GpuProcess("u0", 1, "python", 10000)])}
    assert kinds == {"batch"}
    assert {h.kind for h in hints([g(0, util_gpu=99, mem_used_mib=79000)])} == {"oom"}
    assert {h.kind for h in hints([g(0, util_gpu=99, mem_used_mib=40000, temp_c=88, power_w=699)])} == {"thermal", "power"}
    idle = hints([g(0, util_gpu=0, mem_used_mib=1), g(1, util_gpu=0, mem_used_mib=1)])
    assert [h.kind for h in idle] == ["idle"] and "All GPUs" in idle[0].text
    assert hints([g(0, util_gpu=95, mem_used_mib=50000)]) == []


def test_every_field_we_query_is_valid_for_the_real_driver() -> None:
    """A field the driver does not know fails the whole query, so check ours against its own help text."""
    help_text = fixture("help_query_gpu")
    valid = set(re.findall(r'^"([^"]+)"(?: or "([^"]+)")?', help_text, re.M))
    names = {n for pair in valid for n in pair if n}
    assert set(QUERY_FIELDS) <= names, set(QUERY_FIELDS) - names
