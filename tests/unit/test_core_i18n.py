"""Core texts are translatable Msgs whose English is exactly what the CLI and --json always showed."""

from __future__ import annotations

import copy
import json
import pickle
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from gpudesk.core.billing.price import duration
from gpudesk.core.catalog import load
from gpudesk.core.catalog.billing import Usage as BillingUsage
from gpudesk.core.catalog.billing import compare, rent_vs_buy
from gpudesk.core.catalog.estimate import EstimateError, parse_params
from gpudesk.core.catalog.money import Money
from gpudesk.core.catalog.planner import PlanError, Workload, plan
from gpudesk.core.envcheck import Check, evaluate, parse_facts
from gpudesk.core.i18n import Msg, concat, join, message_of, msg
from gpudesk.core.providers.errors import BadToken, ProviderError
from gpudesk.core.providers.http import ApiClient
from gpudesk.core.telemetry.model import GpuSample, Versions
from gpudesk.core.telemetry.snapshot import Snapshot

ROOT = Path(__file__).resolve().parents[2]
KIB_GB = 1024 * 1024


@pytest.fixture(scope="module")
def catalog():
    return load()


@pytest.fixture(scope="module")
def collected() -> set[tuple[str, str]]:
    sys.path.insert(0, str(ROOT / "packaging"))
    import gen_core_strings

    return set(gen_core_strings.core_messages())


def _msgs(value: object):
    """Every Msg in ``value`` and, recursively, in its arguments."""
    if isinstance(value, Msg):
        yield value
        for arg in value.args.values():
            yield from _msgs(arg)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _msgs(item)


def _assert_offered(values: object, collected: set[tuple[str, str]]) -> None:
    """Every translatable template in ``values`` is in the generated list lupdate reads."""
    missing = {(m.context, m.template) for m in _msgs(values) if m.context} - collected
    assert not missing, f"run packaging/gen_core_strings.py: {sorted(missing)[:3]}"


# -- the Msg type ------------------------------------------------------------------------------------------------


def test_a_msg_is_its_english_text_everywhere_a_str_goes() -> None:
    m = msg("Planner", "Fits: {need} of {vram:.0f} GB per GPU", need=msg("Estimate", "needs ≈{gb:.0f} GB", gb=39.6), vram=48.0)
    english = "Fits: needs ≈40 GB of 48 GB per GPU"
    assert m == english and isinstance(m, str) and hash(m) == hash(english)
    assert f"{m}" == english and f"{m:>40}" == f"{english:>40}" and str(m) == english and type(str(m)) is str
    assert json.dumps({"reasons": [m]}, ensure_ascii=False) == json.dumps({"reasons": [english]}, ensure_ascii=False)
    assert json.dumps([m], indent=1) == json.dumps([english], indent=1)
    assert (m.context, m.template, m.args["vram"]) == ("Planner", "Fits: {need} of {vram:.0f} GB per GPU", 48.0)
    assert m.args["need"].template == "needs ≈{gb:.0f} GB"
    again = pickle.loads(pickle.dumps(m))
    assert again == english and again.template == m.template and again.args["need"].context == "Estimate"
    assert copy.deepcopy(m) is m and copy.copy(m) is m


def test_asdict_and_exceptions_keep_the_msg() -> None:
    check = Check(msg("EnvCheck", "Driver"), "ok", msg("EnvCheck", "NVIDIA driver {version}", version="535"))
    data = asdict(check)
    assert data == {"name": "Driver", "status": "ok", "detail": "NVIDIA driver 535", "fix": ""}
    assert isinstance(data["detail"], Msg)
    exc = ProviderError(msg("ProviderError", "{provider}: no instance '{id}'.", provider="RunPod", id="x"))
    assert str(exc) == "RunPod: no instance 'x'."
    assert isinstance(message_of(exc), Msg) and message_of(exc) == str(exc)
    assert message_of(ValueError("plain")) == "plain" and not isinstance(message_of(ValueError("plain")), Msg)


def test_join_and_concat_translate_their_parts_not_their_separators() -> None:
    parts = [msg("Estimate", "weights"), "x{y}", msg("Estimate", "KV cache")]
    joined = join("; {} ", parts)
    assert joined == "weights; {} x{y}; {} KV cache"
    assert joined.context == "" and join(", ", []) == ""
    assert concat("RunPod: ", msg("ProviderError", "request refused")) == "RunPod: request refused"
    translatable = join(msg("Planner", "; "), ["a", msg("Estimate", "weights")])
    assert translatable == "a; weights" and translatable.args["sep"].template == "; "


# -- the English is what it always was ---------------------------------------------------------------------------


def test_planner_texts_keep_their_english_and_are_translatable(catalog, collected) -> None:
    result = plan(catalog, Workload(task="inference", params=70e9, precision="int4"))
    assert result.notes == [
        "VRAM estimate: needs ≈40 GB (weights 36.1, KV cache 1.3 GB, + overhead); "
        "context 4096 tokens × batch 1, 16-bit KV cache, tensor-parallel across GPUs"
    ]
    note = result.notes[0]
    assert isinstance(note, Msg) and note.template == "VRAM estimate: {estimate}; {assumptions}"
    rec = result.recommendations[0]
    assert rec.reasons[0].startswith("Fits: needs ≈40 GB (weights 36.1, KV cache 1.3 GB, + overhead) of ")
    assert rec.reasons[0].template == "Fits: {need} of {vram:.0f} GB per GPU"
    assert all(isinstance(r, Msg) for r in rec.reasons), rec.reasons
    assert json.loads(json.dumps(result.to_json()))["recommendations"][0]["reasons"] == [str(r) for r in rec.reasons]

    big = plan(catalog, Workload(task="training", params=7e9, gpus=16))
    assert big.notes[1] == (
        "16 GPUs means 2 nodes: they need RDMA (InfiniBand or RoCE) between them, or training waits on the network."
    )
    first = big.recommendations[0].reasons
    assert first[0].startswith("Fits: needs ≈9 GB per GPU over 16 GPUs (weights 14.0, gradients 14.0, optimizer 84.0, ")
    assert "2 nodes × 8 GPUs: multi-node training needs RDMA (InfiniBand/RoCE, e.g. EFA on AWS); check the instance has it" in first
    assert any(r.startswith("≈") and r.endswith("(40% of BF16 peak, scaled for multi-GPU)") for r in first)

    texts: list[object] = []
    for task in ("training", "fine-tuning", "inference", "rendering", "science"):
        for gpus in (None, 2, 16):
            for hours in (None, 5.0):
                p = plan(catalog, Workload(task=task, gpus=gpus, hours=hours, limit=50))
                texts += p.notes + list(p.rejected.values())
                for r in p.recommendations:
                    texts += r.reasons + [o.note for o in r.options]
    texts += [rent_vs_buy(catalog, o, Money(), None, extra).note for o in catalog.offers[:40] for extra in (0.0, 500.0)]
    plain = [t for t in texts if not isinstance(t, Msg)]
    assert not plain, f"English the UI cannot translate: {plain[:3]}"
    _assert_offered(texts, collected)


def test_plan_and_estimate_errors_keep_their_english(catalog) -> None:
    with pytest.raises(PlanError) as info:
        plan(catalog, Workload(task="training", hours_per_day=30))
    assert str(info.value) == "There are only 24 hours in a day." and isinstance(info.value.args[0], Msg)
    with pytest.raises(PlanError) as info:
        plan(catalog, Workload(task="training", tokens=-1))
    assert str(info.value) == "tokens must be a positive number, not -1."
    assert info.value.args[0].args["field"].template == "tokens"
    with pytest.raises(EstimateError) as err:
        parse_params("huge")
    assert str(err.value) == "'huge' is not a model size; write it like 7B, 70B, 1.5B or 350M."


def test_billing_notes_keep_their_english(catalog) -> None:
    offer = next(o for o in catalog.offers if o.billing == "on-demand" and not o.price_per_month)
    notes = {o.mode: o.note for o in compare(catalog, offer, BillingUsage(8, 1), Money())}
    assert notes["hourly"] == "Pay for the hours used; stop any time."
    assert notes["monthly"] == "No monthly price published: 730 h of the hourly price per month started."
    assert notes["monthly"].template == "No monthly price published: {hours:.0f} h of the hourly price per month started."
    assert duration(3725) == "1 h 02 min" and duration(65) == "1 min 05 s" and duration(7) == "7 s"
    assert duration(3725).template == "{hours} h {minutes:02d} min"


def _report():
    gpus = [GpuSample(i, f"GPU-{i}", "Tesla V100-SXM2-16GB", util_gpu=100, mem_used_mib=3085, mem_total_mib=16384) for i in range(8)]
    torch = {"installed": True, "version": "2.9.0", "cuda": "13.0", "available": False, "devices": 0}
    text = "== nvcc\nCuda compilation tools, release 12.4, V12.4.1\n== torch\n" + json.dumps(torch)
    text += '\n== tensorflow\n{"installed": false}\n== df\n'
    text += f"/home/u /dev/vda 300000000 1000 {int(0.5 * KIB_GB)} 1% /\n== tmux\n\n== end\n"
    return evaluate(Snapshot(gpus=gpus, versions=Versions("535.129.03", "12.2")), parse_facts(text))


def test_environment_checks_keep_their_english_and_are_translatable(collected) -> None:
    rep = _report()
    assert rep.to_json()["checks"] == [
        {"name": "nvidia-smi", "status": "ok", "detail": "nvidia-smi works.", "fix": ""},
        {"name": "GPUs", "status": "ok", "detail": "8× Tesla V100-SXM2-16GB", "fix": ""},
        {"name": "Driver", "status": "ok", "detail": "NVIDIA driver 535.129.03", "fix": ""},
        {"name": "CUDA (driver)", "status": "ok", "detail": "The driver supports CUDA up to 12.2.", "fix": ""},
        {
            "name": "nvcc",
            "status": "warn",
            "detail": "CUDA toolkit 12.4: it is built for CUDA 12.4, newer than the driver's 12.2; most code runs "
            "(minor-version compatibility) but JIT-compiled kernels may fail",
            "fix": "Install a CUDA toolkit no newer than the driver supports, or update the driver.",
        },
        {
            "name": "PyTorch",
            "status": "fail",
            "detail": "PyTorch 2.9.0: it is built for CUDA 13.0 but the driver supports only up to CUDA 12.2 (environment conflict).",
            "fix": "Install a PyTorch build for CUDA 12.2 or older, or update the NVIDIA driver.",
        },
        {
            "name": "Disk (home)",
            "status": "fail",
            "detail": "Only 0.5 GB free on /home/u.",
            "fix": "Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk.",
        },
        {
            "name": "tmux",
            "status": "warn",
            "detail": "tmux is not installed, so a job dies when the connection drops.",
            "fix": "Install it: apt-get install -y tmux (or yum install -y tmux).",
        },
    ]
    words = [c.detail for c in rep.checks if c.name != "GPUs"] + [c.fix for c in rep.checks if c.fix]
    assert all(isinstance(t, Msg) for t in words), [t for t in words if not isinstance(t, Msg)]
    _assert_offered([c.detail for c in rep.checks] + [c.fix for c in rep.checks] + [c.name for c in rep.checks], collected)


class _Reply:
    def __init__(self, status: int, body: object) -> None:
        self.status_code, self._body, self.headers = status, body, {}
        self.content = json.dumps(body).encode()
        self.text = self.content.decode()

    def json(self) -> object:
        return self._body


def test_provider_errors_keep_their_english_and_the_servers_words(collected) -> None:
    api = ApiClient("https://api.example", {}, provider="RunPod", secret="s3cret-token")
    with pytest.raises(BadToken) as info:
        api._result(_Reply(401, {}))
    assert str(info.value) == "RunPod (401): the API token was refused. Check the token in Providers → account."
    assert info.value.args[0].template == "{provider} ({status}): {message}. Check the token in Providers → account."
    with pytest.raises(ProviderError) as info:
        api._result(_Reply(503, {"message": "maintenance for s3cret-token"}))
    assert str(info.value) == "RunPod (503): server error: maintenance for ***. Try again later."
    assert info.value.args[0].args["message"] == "maintenance for ***"  # the provider's words: never translated
    _assert_offered([info.value.args[0]], collected)
