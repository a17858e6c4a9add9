"""The Qt-free GPU health core: nvidia-smi -q (text and XML) parsers, the Xid log parser, the rules
and the benchmark comparison, from real captures in tests/fixtures."""

from __future__ import annotations

import calendar
import json
import re
from pathlib import Path

import pytest

from gpudesk.core.catalog.data import load
from gpudesk.core.health.bench import compare, judge_links, loaded_links, parse_line
from gpudesk.core.health.collect import judge
from gpudesk.core.health.facts import NA, classify, to_bool, to_int
from gpudesk.core.health.model import CODES, Finding
from gpudesk.core.health.rules import Claim, evaluate
from gpudesk.core.health.smi_text import parse_q_text
from gpudesk.core.health.smi_xml import XmlError, parse_q_xml
from gpudesk.core.health.xid import parse_kernel_log

pytestmark = pytest.mark.unit

FIX = Path(__file__).resolve().parents[1] / "fixtures"
SMI = FIX / "nvidia-smi"
LOGS = FIX / "logs"
CATALOG = load()


def text(name: str) -> str:
    return next(SMI.glob(name + "*")).read_text()


def log(name: str) -> str:
    return next(LOGS.glob(name + "*")).read_text()


def test_readings_tell_not_applicable_from_unreadable() -> None:
    assert classify("N/A") is NA and classify("[Not Supported]") is NA and classify(None) is NA
    assert classify("[Unknown Error]") is None and classify("GPU requires reset") is None
    assert to_int("16x") == 16 and to_int("1980 MHz") == 1980 and to_int("4 %") == 4
    assert to_int("1" * 20) is None and to_int("garbage") is None
    assert to_bool("Not Active") is False and to_bool("Active") is True and to_bool("Maybe") is None


def test_text_parser_reads_the_h100_under_load() -> None:
    (g,) = parse_q_text(text("16_"))
    assert (g.name, g.bus_id, g.persistence, g.mig) == ("NVIDIA H100 80GB HBM3", "00000000:00:09.0", True, False)
    assert (g.pcie_gen, g.pcie_gen_max, g.pcie_width, g.pcie_width_max) == (5, 5, 16, 16)
    assert g.reasons["idle"] is False and g.util_gpu == 100 and (g.sm_clock, g.sm_clock_max) == (1980, 1980)
    assert g.retired_pending is NA  # Hopper reports row remapping instead
    assert (g.remap_pending, g.remap_failure, g.ecc_volatile_uncorrectable) == (False, False, 0)


def test_text_parser_reads_nested_and_old_throttle_reasons() -> None:
    brake = parse_q_text(text("22_"))
    assert len(brake) == 8
    assert all(g.reasons["hw_slowdown"] and g.reasons["hw_power_brake"] and not g.reasons["hw_thermal"] for g in brake)
    old = parse_q_text(text("25_"))  # driver 460: "Clocks Throttle Reasons"
    assert len(old) == 8 and all(g.reasons["idle"] is True and g.persistence is False for g in old)
    assert [g.bus_id for g in old][:2] == ["00000001:00:00.0", "00000002:00:00.0"]


def test_remapped_rows_under_mig_are_not_applicable() -> None:
    (g,) = parse_q_text(text("24_"))
    assert g.mig is True and g.remap_pending is NA and g.util_gpu is NA


def test_xml_parser_reads_old_ecc_layout_and_pending_retirement() -> None:
    (g,) = parse_q_xml(text("18_"))
    assert g.name == "Tesla V100-SXM3-32GB" and g.ecc_volatile_uncorrectable == 1
    assert g.ecc_aggregate_uncorrectable == 7627 and g.retired_pending is True and g.retired_dbe == 2
    geforce = parse_q_xml(text("20_"))
    assert [(g.pcie_width, g.pcie_width_max, g.util_gpu) for g in geforce] == [(1, 16, 100), (1, 16, 98)]
    assert geforce[0].ecc_mode is NA and geforce[0].ecc_volatile_uncorrectable is NA


def test_text_and_xml_of_the_same_h200_agree() -> None:
    (t,) = parse_q_text(text("40_"))
    (x,) = parse_q_xml(text("41_"))
    assert t == x


def test_xml_with_declarations_or_cut_short_is_refused() -> None:
    body = text("41_")
    with pytest.raises(XmlError):
        parse_q_xml(body[: len(body) // 2])
    with pytest.raises(XmlError):
        parse_q_xml(body.replace("<nvidia_smi_log>", '<nvidia_smi_log><!ENTITY x "y">', 1))


def test_a_lost_gpu_line_is_a_gpu() -> None:
    (g,) = parse_q_text(text("23_"))
    assert g.lost and g.bus_id == "0000:02:00.0" and "GPU is lost" in g.lost_text


NOW_2024 = calendar.timegm((2024, 11, 15, 12, 0, 0, 0, 0, 0))


def test_xid_parser_reads_iso_times_and_drops_old_lines() -> None:
    events = parse_kernel_log(log("27_"), NOW_2024, None)
    assert sorted({e.code for e in events}) == [48, 63, 94]
    assert {e.bus for e in events} == {"0000:19:00"}
    assert parse_kernel_log(log("27_"), NOW_2024 + 3 * 86400, None) == []  # older than 24 h


def test_xid_parser_reads_boot_relative_syslog_and_bare_lines() -> None:
    fallen = parse_kernel_log(log("26_"), now=6_800_000.0, uptime=6_800_000.0)  # booted at epoch 0
    assert [e.code for e in fallen] == [79] and fallen[0].severity == "fail"
    assert parse_kernel_log(log("26_"), now=6_800_000.0 + 2 * 86400, uptime=6_800_000.0 + 2 * 86400) == []
    syslog = parse_kernel_log(log("28_"), calendar.timegm((2026, 12, 2, 12, 0, 0, 0, 0, 0)), None)
    assert [e.code for e in syslog] == [48, 64]
    bare = parse_kernel_log(log("29_"), NOW_2024, None)  # no times at all: kept
    assert [e.code for e in bare] == [31, 31] and bare[0].severity == "info" and bare[0].at is None
    app = parse_kernel_log(log("30_"), calendar.timegm((2025, 1, 21, 3, 0, 0, 0, 0, 0)), None)
    assert {e.code for e in app} == {13, 43} and all(e.severity == "info" for e in app)
    assert parse_kernel_log(log("31_"), calendar.timegm((2025, 1, 20, 0, 0, 0, 0, 0, 0)), None) == []


def test_verdicts_of_each_capture() -> None:
    cases = {
        "16_": "healthy",
        "17_": "unknown",
        "19_": "degraded",
        "21_": "degraded",
        "22_": "degraded",
        "23_": "faulty",
        "24_": "healthy",
        "25_": "healthy",
        "40_": "healthy",
    }
    for name, verdict in cases.items():
        assert evaluate(parse_q_text(text(name)), [], CATALOG).verdict == verdict, name
    for name, verdict in {"18_": "faulty", "20_": "degraded", "41_": "healthy"}.items():
        assert evaluate(parse_q_xml(text(name)), [], CATALOG).verdict == verdict, name


def test_an_unreadable_field_is_never_healthy() -> None:
    broken = re.sub(r"(DRAM Uncorrectable\s+): 0", r"\1: [Unknown Error]", text("16_"), count=1)
    rep = evaluate(parse_q_text(broken), [], CATALOG)
    assert rep.verdict == "unknown" and "ECC error counters" in rep.gpus[0].unknown[0]
    assert evaluate(parse_q_text(text("16_")), None, CATALOG).verdict == "unknown"  # kernel log unreadable


def test_claims_compare_model_and_memory() -> None:
    gpus = parse_q_text(text("40_"))
    assert evaluate(gpus, [], CATALOG, Claim("H200 SXM")).verdict == "healthy"
    wrong = evaluate(gpus, [], CATALOG, Claim("H100 SXM")).gpus[0]
    assert [f.code for f in wrong.findings] == ["model_mismatch"]
    small = evaluate(parse_q_text(text("25_")), [], CATALOG, Claim("A100 SXM 80GB")).gpus[0]
    assert "memory_mismatch" in {f.code for f in small.findings}


def test_findings_use_the_fixed_vocabulary() -> None:
    with pytest.raises(ValueError):
        Finding("gpu_on_fire", "fail", "x")
    assert len(CODES) == 16


def test_bench_figures_against_the_catalog() -> None:
    line = json.dumps(
        {
            "ok": True,
            "torch": "2.9.0",
            "gpus": [
                {
                    "index": 0,
                    "name": "NVIDIA H200",
                    "bf16_tflops": 801.6,
                    "fp16_tflops": 766.1,
                    "mem_bw_gbs": 4222.0,
                    "h2d_gbs": 55.0,
                    "d2h_gbs": 55.0,
                }
            ],
        }
    )
    data = parse_line("some warning\n" + line + "\n")
    facts = parse_q_text(text("40_"))
    rep = evaluate(facts, [], CATALOG)
    bench = compare(data, CATALOG, facts, rep.gpus)
    figures = {f["name"]: f for f in bench["gpus"][0]["figures"]}
    assert figures["bf16_tflops"]["expected"] == 989 and figures["bf16_tflops"]["ratio"] == 0.81
    assert figures["mem_bw_gbs"]["ratio"] == 0.88 and figures["h2d_gbs"]["expected"] == 63.0
    assert rep.verdict == "healthy"
    slow = json.loads(line)
    slow["gpus"][0]["bf16_tflops"] = 400.0
    slow["gpus"][0]["h2d_gbs"] = float("inf")  # not finite: ignored
    rep = evaluate(facts, [], CATALOG)
    bench = compare(slow, CATALOG, facts, rep.gpus)
    assert rep.verdict == "degraded" and [f.code for f in rep.gpus[0].findings] == ["clocks_capped"]
    assert "h2d_gbs" not in {f["name"] for f in bench["gpus"][0]["figures"]}


def test_judge_reads_the_whole_command_output() -> None:
    out = (
        "== now\n1800000000\n== uptime\n1000.5 2000.0\n== smi xml 0\n"
        + text("41_")
        + "\n== klog dmesg\n[  990.000000] NVRM: Xid (PCI:0000:00:06): 79, pid=1, GPU has fallen off the bus.\n== end\n"
    )
    rep, facts = judge(out, CATALOG)
    assert len(facts) == 1 and rep.verdict == "faulty"
    assert rep.gpus[0].findings[0].code == "xid_recent" and "Xid 79" in rep.gpus[0].findings[0].detail
    unreadable = "== now\n1800000000\n== smi text 9\nNVIDIA-SMI has failed\n== klog unreadable\ndmesg: denied\n"
    rep, facts = judge(unreadable, CATALOG)
    assert facts == [] and rep.verdict == "unknown" and "exit code 9" in rep.error
    assert rep.kernel_log == "unreadable"


def test_real_h200_health_command_output_as_root_and_unprivileged() -> None:
    rep, facts = judge(text("45_"), CATALOG)
    assert rep.verdict == "healthy" and rep.kernel_log == "read" and facts[0].name == "NVIDIA H200"
    rep, _ = judge(text("46_"), CATALOG)
    assert rep.verdict == "unknown" and rep.kernel_log == "unreadable"
    assert "Operation not permitted" in rep.kernel_log_detail


def test_real_h200_bench_line_is_within_its_class() -> None:
    rep, facts = judge(text("45_"), CATALOG)
    bench = compare(parse_line(text("47_")), CATALOG, facts, rep.gpus)
    ratios = {f["name"]: f["ratio"] for f in bench["gpus"][0]["figures"]}
    assert ratios == {"bf16_tflops": 0.81, "fp16_tflops": 0.77, "mem_bw_gbs": 0.89, "h2d_gbs": 0.88, "d2h_gbs": 0.88}
    assert rep.verdict == "healthy" and bench["ok"] and bench["torch"] == "2.11.0+cu130"


def test_a_link_that_idles_low_is_judged_under_the_benchmarks_load() -> None:
    facts = parse_q_text(text("17_"))  # L40S idling at Gen1 of Gen4: not judged at idle
    # Samples in the layout of the H200 capture's health fields (43_): index, gen, width, util, event reasons.
    idle = "0, 1, 16, 0, 0x0000000000000001\n"
    busy_full = idle + "0, 4, 16, 98, 0x0000000000000000\n"
    busy_low = idle + "0, 2, 16, 97, 0x0000000000000000\n[N/A], garbage\n"
    assert loaded_links(idle) == {}
    rep = evaluate(facts, [], CATALOG)
    assert rep.verdict == "unknown"
    judge_links(loaded_links(busy_full), facts, rep.gpus)
    assert rep.verdict == "healthy" and rep.gpus[0].findings == []
    rep = evaluate(facts, [], CATALOG)
    judge_links(loaded_links(busy_low), facts, rep.gpus)
    assert rep.verdict == "degraded" and "Gen2 x16 of Gen4 x16" in rep.gpus[0].findings[0].detail


def test_real_h200_bench_output_with_its_link_samples() -> None:
    out = text("48_")
    head, _, tail = out.partition("\n== link\n")
    assert parse_line(head)["gpus"][0]["bf16_tflops"] == 799.1
    assert loaded_links(tail) == {0: (5, 16)}  # the one busy sample, at the link's maximum
