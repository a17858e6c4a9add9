"""The opt-in micro-benchmark (``--bench``): send ``resources/health/bench.py`` to the server's
python3, read its one JSON line, and set each figure against what the catalog says the GPU class
does (measured / expected / ratio).

Expected figures: dense BF16/FP16 TFLOP/s and memory bandwidth from the catalog; host↔device from
the PCIe link's maximum (per-lane rates of Gen1…Gen6, one direction). A figure under
:data:`DEGRADED_RATIO` of its class makes the GPU ``degraded``: compute and device memory as
``clocks_capped`` (the GPU is held below its class), host copies as ``pcie_link_degraded``.
While it runs, the PCIe link is read under that load: a link that sat below its maximum at idle
(not judged then) is judged with what it reached.
"""

from __future__ import annotations

import json
import math
import shlex
from importlib import resources
from typing import TYPE_CHECKING, Protocol

from gpudesk.core.catalog.data import Catalog
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.health.facts import GpuFacts
from gpudesk.core.health.identify import identify
from gpudesk.core.health.model import Finding, GpuHealth
from gpudesk.core.i18n import msg

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import ExecResult

DEGRADED_RATIO = 0.7
BENCH_TIMEOUT_S = 120.0
MAX_OUTPUT = 200_000
#: GB/s per lane, one direction, after line encoding (PCI-SIG: 2.5/5 GT/s 8b/10b; 8/16/32 GT/s 128b/130b; Gen6 PAM4+FLIT ≈ 64 GT/s).
PCIE_LANE_GBS = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
FIGURES = (
    ("bf16_tflops", "TFLOP/s"),
    ("fp16_tflops", "TFLOP/s"),
    ("mem_bw_gbs", "GB/s"),
    ("h2d_gbs", "GB/s"),
    ("d2h_gbs", "GB/s"),
)


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ..., stdin: bytes | None = ...) -> ExecResult: ...


def script() -> bytes:
    return (resources.files("gpudesk") / "resources" / "health" / "bench.py").read_bytes()


def _number(value: JSON, top: float = 1e6) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    v = float(value)
    return v if math.isfinite(v) and 0 <= v <= top else None


def parse_line(text: str) -> JSONObject:
    """The script's JSON line (the last line that parses as an object); raises ValueError."""
    for line in reversed(text[-MAX_OUTPUT:].splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if isinstance(data, dict):
                return data
    raise ValueError("no JSON line from the benchmark")


def expected_for(catalog: Catalog, facts: GpuFacts | None, torch_name: str) -> dict[str, float]:
    name = facts.name if facts is not None and isinstance(facts.name, str) else torch_name
    mem = facts.mem_total_mib if facts is not None and isinstance(facts.mem_total_mib, int) else None
    model = identify(catalog, name, mem)
    out: dict[str, float] = {}
    if model is not None:
        if model.bf16_tflops:
            out["bf16_tflops"] = out["fp16_tflops"] = float(model.bf16_tflops)
        if model.mem_bandwidth_gbps:
            out["mem_bw_gbs"] = float(model.mem_bandwidth_gbps)
    if facts is not None and isinstance(facts.pcie_gen_max, int) and isinstance(facts.pcie_width_max, int):
        lane = PCIE_LANE_GBS.get(facts.pcie_gen_max)
        if lane:
            out["h2d_gbs"] = out["d2h_gbs"] = round(lane * facts.pcie_width_max, 1)
    return out


def compare(data: JSONObject, catalog: Catalog, facts: list[GpuFacts], health: list[GpuHealth]) -> JSONObject:
    """The ``bench`` object of the report; adds findings to ``health`` for figures under the class."""
    by_index = {f.index: f for f in facts if not f.lost}
    gpus_out = []
    raw_gpus = data.get("gpus") if isinstance(data.get("gpus"), list) else []
    for g in (raw_gpus or [])[:64]:
        if not isinstance(g, dict):
            continue
        index = g.get("index")
        index = index if isinstance(index, int) and 0 <= index < 1024 else None
        torch_name = str(g.get("name") or "")[:100]
        f = by_index.get(index) if index is not None else None
        expected = expected_for(catalog, f, torch_name)
        figures = []
        for key, unit in FIGURES:
            measured = _number(g.get(key))
            if measured is None:
                continue
            exp = expected.get(key)
            ratio = round(measured / exp, 2) if exp else None
            figures.append({"name": key, "unit": unit, "measured": measured, "expected": exp, "ratio": ratio})
            target = next((h for h in health if h.index == index), None)
            if ratio is not None and ratio < DEGRADED_RATIO and target is not None:
                code = "pcie_link_degraded" if key in ("h2d_gbs", "d2h_gbs") else "clocks_capped"
                target.findings.append(
                    Finding(
                        code,
                        "warn",
                        msg(
                            "Health",
                            "Benchmark {figure}: {measured} {unit} measured, {expected} expected for this GPU ({pct:.0f} %).",
                            figure=key,
                            measured=measured,
                            unit=unit,
                            expected=exp,
                            pct=ratio * 100,
                        ),
                        msg(
                            "Health", "This GPU is well under its class: ask the provider for another one, or a refund."
                        ),
                    )
                )
        error = g.get("error")
        gpus_out.append(
            {"index": index, "name": torch_name, "figures": figures, "error": str(error)[:300] if error else None}
        )
    busbw = _number(data.get("allreduce_busbw_gbs"))
    err = data.get("error")
    return {
        "ok": bool(data.get("ok")),
        "torch": str(data.get("torch"))[:40] if data.get("torch") else None,
        "error": str(err)[:300] if err else None,
        "seconds": _number(data.get("seconds"), 3600),
        "allreduce_busbw_gbs": busbw,
        "gpus": gpus_out,
    }


#: While the benchmark loads the GPUs, one looping nvidia-smi reads each GPU's PCIe link every half second
#: (the fields of the real H200 capture 43), so a link that idles below its maximum is judged under load.
LINK_FIELDS = "index,pcie.link.gen.current,pcie.link.width.current,utilization.gpu,clocks_event_reasons.active"
_RUN = (
    'command -v python3 >/dev/null 2>&1 || { echo \'{"ok": false, "error": "no_python3"}\'; exit 0; }\n'
    "t=$(mktemp 2>/dev/null || echo /tmp/gpudesk-link.$$)\n"
    "nvidia-smi --query-gpu=" + LINK_FIELDS + ' --format=csv,noheader,nounits -lms 500 >"$t" 2>/dev/null </dev/null &\n'
    "s=$!\n"
    "python3 -\n"
    "kill $s 2>/dev/null; wait $s 2>/dev/null\n"
    'echo "== link"; head -n 4000 "$t" | cut -c1-200; rm -f "$t"\n'
)


def loaded_links(text: str) -> dict[int, tuple[int, int]]:
    """The best PCIe (generation, width) each GPU reached while busy (utilization > 0, "Idle" not active)."""
    best: dict[int, tuple[int, int]] = {}
    for line in text.splitlines()[:4000]:
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 5 or not all(p.isdigit() for p in parts[:4]):
            continue
        index, gen, width, util = (int(p) for p in parts[:4])
        try:
            reasons = int(parts[4], 16)
        except ValueError:
            continue
        if not (0 <= index < 1024 and 0 < gen <= 16 and 0 < width <= 64) or util <= 0 or reasons & 0x1:
            continue
        old = best.get(index, (0, 0))
        best[index] = (max(old[0], gen), max(old[1], width))
    return best


def judge_links(links: dict[int, tuple[int, int]], facts: list[GpuFacts], health: list[GpuHealth]) -> None:
    """A link left unjudged at idle, judged now with what it reached under the benchmark's load."""
    for f in facts:
        target = next((h for h in health if h.index == f.index and not f.lost), None)
        seen = links.get(f.index)
        gen_max, width_max = f.pcie_gen_max, f.pcie_width_max
        if target is None or seen is None or not isinstance(gen_max, int) or not isinstance(width_max, int):
            continue
        waiting = [u for u in target.unknown if getattr(u, "template", "").startswith("PCIe link: Gen")]
        if not waiting:
            continue
        target.unknown = [u for u in target.unknown if u not in waiting]
        gen, width = seen
        if gen < gen_max or width < width_max:
            target.findings.append(
                Finding(
                    "pcie_link_degraded",
                    "warn",
                    msg(
                        "Health",
                        "PCIe link reached only Gen{gen} x{width} of Gen{gen_max} x{width_max} under the benchmark's "
                        "load: data moves to and from the GPU slower than it should.",
                        gen=gen,
                        width=width,
                        gen_max=gen_max,
                        width_max=width_max,
                    ),
                    msg(
                        "Health",
                        "Ask the provider to reseat the GPU or move you to another host (a riser or a slot "
                        "wired for fewer lanes does this).",
                    ),
                )
            )


def run_bench(conn: _Execs, timeout: float = BENCH_TIMEOUT_S) -> tuple[JSONObject, dict[int, tuple[int, int]]]:
    """Run the script on the server (its python3, its PyTorch): its JSON line, and the links seen under its load."""
    result = conn.exec("sh -c " + shlex.quote(_RUN), timeout=timeout, stdin=script())
    out = result.stdout[-MAX_OUTPUT:].decode("utf-8", errors="replace")
    head, _, tail = out.partition("\n== link\n")
    links = loaded_links(tail)
    try:
        return parse_line(head), links
    except ValueError:
        err = result.stderr[-2000:].decode("utf-8", errors="replace").strip().splitlines()
        return {"ok": False, "error": "bench_failed: " + (err[-1][:200] if err else f"exit {result.exit_code}")}, links


__all__ = ["compare", "judge_links", "loaded_links", "parse_line", "run_bench", "script"]
