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


# -- durations, nvidia-smi, transfers, sync, SSH, jobs and multi-server texts -------------------------------------


def test_job_durations_keep_their_english_and_share_the_billing_templates(collected) -> None:
    from gpudesk.core.jobs.model import format_duration

    texts = [format_duration(5400), format_duration(75), format_duration(7.4), format_duration(3725)]
    assert texts == ["1 h 30 min", "1 min 15 s", "7 s", "1 h 02 min"] and format_duration(None) == "–"
    assert [t.template for t in texts] == [duration(3725).template, duration(65).template, duration(7).template,
                                           duration(3725).template]  # fmt: skip
    _assert_offered(texts, collected)


def test_nvidia_smi_status_keeps_its_english_and_is_translatable(collected) -> None:
    from gpudesk.core.telemetry.model import SmiState, SmiStatus
    from gpudesk.core.telemetry.parse import MISSING, classify

    driver = classify("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure ...", 9)
    assert driver.state is SmiState.DRIVER_UNREACHABLE
    assert driver.message() == (
        'nvidia-smi said: "NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver. Make sure ...". '
        "The NVIDIA driver is not running, or this container was started without GPU access. "
        "Reboot the server or reinstall the driver; in Docker, start the container with --gpus all."
    )
    assert driver.message().template == 'nvidia-smi said: "{line}". {meaning}'
    assert driver.message().args["line"].startswith("NVIDIA-SMI has failed")  # nvidia-smi's words: never translated
    other = classify("Something new went wrong", 255)
    assert other.meaning == "nvidia-smi failed (exit code 255). Run nvidia-smi in a terminal on the server to see more."
    assert MISSING.message() == MISSING.meaning and MISSING.meaning.startswith("nvidia-smi is not installed on this server")
    assert SmiStatus(SmiState.OK).message() == "nvidia-smi works."
    statuses = [driver, other, MISSING, classify("", 0), classify("weird", 0), classify("", 127),
                classify("Failed to initialize NVML: Driver/library version mismatch"), classify("GPU is lost")]  # fmt: skip
    texts = [s.message() for s in statuses] + [s.meaning for s in statuses] + [SmiStatus(SmiState.OK).message()]
    assert all(isinstance(t, Msg) for t in texts), [t for t in texts if not isinstance(t, Msg)]
    _assert_offered(texts, collected)


def test_transfer_errors_keep_their_english_and_are_translatable(collected) -> None:
    import errno

    from gpudesk.core.transfer.errors import (
        FX_FAILURE,
        FX_NO_SUCH_FILE,
        FX_PERMISSION_DENIED,
        RemoteError,
        TransferError,
        connection_lost,
        describe_local,
        renamed_note,
    )

    full = describe_local(OSError(errno.ENOSPC, "No space left on device"), "/data/x.bin")
    assert full == "The local disk is full (/data/x.bin). Free some space and retry."
    assert describe_local(OSError(errno.EACCES, "Permission denied")) == (
        "Permission denied on this computer. Choose a folder you can write to."
    )
    odd = describe_local(OSError(errno.EIO, "Input/output error"), "x")
    assert odd == "A local disk error occurred (x): Input/output error." and odd.args["error"] == "Input/output error"
    gone = RemoteError(FX_NO_SUCH_FILE, "No such file", "/srv/a")
    assert str(gone) == "The remote file or folder does not exist (/srv/a); it may have been moved or deleted."
    assert isinstance(message_of(gone), Msg) and gone.code == FX_NO_SUCH_FILE
    denied = RemoteError(FX_PERMISSION_DENIED, "", "")
    assert str(denied) == "Permission denied on the server. Check the folder's owner and permissions."
    disk = RemoteError(FX_FAILURE, "No space left", "/srv")
    assert str(disk) == "The server's disk is full (/srv). Free some space and retry."
    plain = RemoteError(7, "", "/srv")
    assert str(plain) == "The server could not complete the request (/srv): the server reported a failure."
    assert RemoteError(7, "quota", "").args[0].args["error"] == "quota"  # the server's words stay as they are
    renamed = renamed_note('a:b?.txt', "a_b_.txt")
    assert renamed == "Renamed 'a:b?.txt' to 'a_b_.txt': the name is not safe on this computer."
    lost = connection_lost(EOFError("socket closed"))
    assert lost == "The connection was lost (socket closed)." and str(TransferError(lost)) == lost
    texts = [full, odd, gone.args[0], denied.args[0], disk.args[0], plain.args[0], renamed, lost]
    _assert_offered(texts, collected)


def test_the_transfer_queue_keeps_errors_and_warnings_translatable(tmp_path, collected) -> None:
    from gpudesk.core.transfer.queue import TransferItem, TransferQueue

    queue = TransferQueue()  # no connection: the item waits for one
    item = TransferItem(1, "upload", str(tmp_path), "/srv")
    queue._warner(item)(msg("TransferError", "Skipped {path}: not a regular file.", path="fifo"))
    queue._warner(item)(msg("TransferError", "Skipped {path}: not a regular file.", path="fifo"))
    assert item.warnings == ["Skipped fifo: not a regular file."] and isinstance(item.warnings[0], Msg)

    class _Gone:
        transport = None
        is_alive = False

    queue._run_item(item, _Gone())  # type: ignore[arg-type]
    assert item.error == "Not connected." and isinstance(item.error, Msg)
    _assert_offered([item.error, *item.warnings], collected)
    queue.close()


def test_sync_errors_keep_their_english(tmp_path, collected) -> None:
    from gpudesk.core.sync.excludes import ExcludeRules
    from gpudesk.core.sync.scan import SyncError, scan_local

    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    with pytest.raises(SyncError) as info:
        scan_local(a_file, ExcludeRules([]))
    assert str(info.value) == f"{a_file} is not a folder." and isinstance(message_of(info.value), Msg)
    _assert_offered([info.value.args[0]], collected)


def test_ssh_errors_keep_their_english_and_the_details_stay_values(tmp_path, collected) -> None:
    import socket

    from gpudesk.core.ssh import errors as E
    from gpudesk.core.ssh.connection import Connection, Credentials, Target
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.core.ssh.keys import generate_ed25519, load_key_file, load_key_text
    from gpudesk.core.ssh.proxy import ProxySpec

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    conn = Connection(Target("127.0.0.1", port, timeout_s=5), Credentials(), HostKeyStore(tmp_path / "kh", extra_files=[]))
    with pytest.raises(E.ConnectionRefused) as refused:
        conn.connect()
    assert str(refused.value) == (
        f"127.0.0.1:{port} refused the connection: nothing listens on port {port}. "
        "Check the port number, and that the server is running."
    )
    assert refused.value.args[0].args == {"address": f"127.0.0.1:{port}", "port": port}
    with pytest.raises(E.KeyFileError) as missing:
        load_key_file(tmp_path / "id_none")
    assert str(missing.value) == f"The key file {tmp_path / 'id_none'} does not exist."
    _, public = generate_ed25519()
    with pytest.raises(E.KeyFileError) as pub:
        load_key_text(public)
    assert str(pub.value) == "the stored key is a public key. Choose the private key (the file without .pub)."
    assert pub.value.args[0].args["source"].template == "the stored key"
    where = ProxySpec("socks5", "10.0.0.1", 1080).where
    assert where == "socks5 proxy 10.0.0.1:1080" and where.template == "{kind} proxy {address}"
    cancelled = E.Cancelled(msg("ConnectError", "Connecting was cancelled."))
    _assert_offered([refused.value.args[0], missing.value.args[0], pub.value.args[0], where, cancelled.args[0]], collected)


def test_job_and_multi_server_errors_keep_their_english(collected) -> None:
    from gpudesk.core.jobs.model import JobSpec
    from gpudesk.core.jobs.runner import JobError, start_job
    from gpudesk.core.jobs.templates import build_command
    from gpudesk.core.multi.run import FAILED, MultiRun
    from gpudesk.core.multi.servers import Server

    with pytest.raises(JobError) as info:
        start_job(None, JobSpec(command="  "))  # type: ignore[arg-type] - refused before any IO
    assert str(info.value) == "The job has no command." and isinstance(message_of(info.value), Msg)
    with pytest.raises(ValueError) as bad:
        build_command("single", "", "")
    assert str(bad.value) == "Say which script to run (e.g. train.py)."
    run = MultiRun([Server("gpu-a")], "true").start()
    assert run.wait(10)
    result = run.results["gpu-a"]
    assert result.state == FAILED and result.error == "gpu-a is not connected. Connect it first."
    assert result.error.args["server"] == "gpu-a"
    _assert_offered([info.value.args[0], bad.value.args[0], result.error], collected)
