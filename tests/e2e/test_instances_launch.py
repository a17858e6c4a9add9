"""``gpudesk instances launch`` and ``gpudesk jobs export --skypilot`` as scripts run them.

Real processes, the local provider servers, the real sshd and the file keyring: the JSON contract,
the exit codes (2 not confirmed or bad usage, 3 auth/connection or never reachable, 4 the provider
refused), nothing rented without --yes, nothing terminated unless asked.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.store import SessionStore
from tests.helpers.cli import gpudesk
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.listeners import SilentPort
from tests.helpers_providers.runpod_stub import NO_INSTANCES, RunPodStub
from tests.helpers_providers.vast_stub import VastStub

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "nvidia-smi"
KEYS = {"id", "provider", "status", "price_per_hour", "currency", "ssh", "session"}


@pytest.fixture
def runpod():
    server = RunPodStub().start()
    AccountStore().save(Account("rp", "runpod", server.url), token=server.token)
    yield server
    server.stop()


@pytest.fixture
def vast():
    server = VastStub().start()
    AccountStore().save(Account("va", "vast", server.url), token=server.token)
    yield server
    server.stop()


def creates(stub) -> int:
    return sum(1 for r in stub.requests if r.method == "POST" and r.path == "/v2/pods")


def test_without_yes_nothing_is_rented_and_the_price_is_shown(runpod):
    out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--count", "2")
    assert out.returncode == 2, out.stderr
    assert "Would rent 2× RTX 4090" in out.stderr and "0.880 USD/h" in out.stderr and "--yes" in out.stderr
    assert "volume disk" in out.stderr  # what keeps billing after stop
    assert creates(runpod) == 0


def test_rent_without_wait_prints_the_contract_json(runpod):
    out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--yes", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == KEYS
    assert (data["provider"], data["status"], data["price_per_hour"], data["currency"]) == ("rp", "starting", 0.44, "USD")
    assert data["ssh"] is None and data["session"] is None and data["id"] in runpod.pods
    assert runpod.created[0]["env"]["PUBLIC_KEY"].startswith("ssh-ed25519 ")  # the gpudesk key, made for this


def test_wait_returns_when_the_key_logs_in_with_a_saved_priced_session(runpod, sshd):
    runpod.launch_ssh, runpod.launch_user = (sshd.host, sshd.port), sshd.username
    auth = sshd.workdir / "authorized_keys"
    before = auth.read_text()
    runpod.authorized_keys = auth  # the pod puts the key it was sent there, as RunPod's images do
    try:
        out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--name", "trainer", "--yes", "--wait",
                      "--json")
    finally:
        auth.write_text(before)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["ssh"] == {"host": sshd.host, "port": sshd.port, "user": sshd.username} and data["status"] == "running"
    assert data["session"] == "trainer"
    session = SessionStore().find("trainer")
    assert session is not None and (session.provider, session.provider_instance_id) == ("rp", data["id"])
    assert (session.hourly_price, session.auth) == (0.44, "stored_key")
    assert "Logged in on" in out.stderr  # progress goes to stderr, the JSON alone to stdout
    listed = gpudesk("sessions", "list", "--json")
    assert "trainer" in listed.stdout


def test_never_reachable_exits_3_and_leaves_the_server_unless_asked_to_terminate(runpod):
    silent = SilentPort()
    try:
        runpod.launch_ssh = ("127.0.0.1", silent.port)
        out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--yes", "--wait", "--timeout", "1", "--json")
        assert out.returncode == 3, out.stderr
        pod_id = json.loads(out.stdout)["id"]
        assert "gpudesk instances terminate" in out.stderr and runpod.pods[pod_id]["status"] != "TERMINATED"
        out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--yes", "--wait", "--timeout", "1",
                      "--terminate-on-timeout")
        assert out.returncode == 3, out.stderr
        terminated = [p for p in runpod.pods.values() if p["status"] == "TERMINATED"]
        assert len(terminated) == 1 and terminated[0]["id"] != pod_id
        assert not any(s.provider == "rp" for s in SessionStore())  # no session for a server that never answered
    finally:
        silent.close()


def test_capacity_refusal_exits_4_in_the_providers_words_with_the_next_best_offer(vast, runpod):
    vast.gone.add(2)
    out = gpudesk("instances", "launch", "--provider", "va", "--offer", "2", "--yes")
    assert out.returncode == 4, out.stderr
    assert "no longer available" in out.stderr and "no_such_ask" in out.stderr
    runpod.capacity_detail = NO_INSTANCES
    out = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--yes")
    assert out.returncode == 4 and NO_INSTANCES in out.stderr
    assert creates(runpod) == 1  # refused once, never sent again


def test_vast_gpu_launch_names_the_next_best_offer_after_a_refusal(vast):
    vast.gone.add(2)  # the cheapest offer is listed but already taken when rented
    out = gpudesk("instances", "launch", "--provider", "va", "--gpu", "RTX 4090", "--yes")
    assert out.returncode == 4, out.stderr
    assert "next best: 1× RTX 4090 (offer 1" in out.stderr and "--offer '1'" in out.stderr


def test_usage_and_auth_exit_codes(runpod):
    assert gpudesk("instances", "launch", "--provider", "nope", "--gpu", "RTX 4090").returncode == 2
    assert gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--bid", "0.2").returncode == 2
    spot = gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--spot", "--yes")
    assert spot.returncode == 2 and "spot" in spot.stderr
    assert gpudesk("instances", "launch", "--provider", "rp", "--gpu", "RTX 4090", "--count", "0").returncode == 2
    assert gpudesk("instances", "launch", "--provider", "rp").returncode == 2  # --offer or --gpu
    AccountStore().save(Account("bad", "runpod", runpod.url), token="wrong-token-0000")
    bad = gpudesk("instances", "launch", "--provider", "bad", "--gpu", "RTX 4090", "--yes")
    assert bad.returncode == 3 and "wrong-token-0000" not in bad.stderr
    AccountStore().save(Account("mine", "manual", ""))
    assert gpudesk("instances", "launch", "--provider", "mine", "--gpu", "RTX 4090", "--yes").returncode == 2
    assert creates(runpod) == 0


def test_lambda_launch_without_capacity_exits_4():
    stub = LambdaStub()
    stub.offer_types()
    stub.start()
    try:
        AccountStore().save(Account("la", "lambda", stub.url), token=stub.token)
        out = gpudesk("instances", "launch", "--provider", "la", "--gpu", "GH200", "--yes")
        assert out.returncode == 4 and "no region has capacity" in out.stderr
        out = gpudesk("instances", "launch", "--provider", "la", "--offer", "gpu_1x_h100_pcie", "--yes", "--json")
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["price_per_hour"] == 2.49 and len(stub.ssh_keys) == 1
    finally:
        stub.stop()


# -- jobs export --skypilot --------------------------------------------------------------------
# SkyPilot's own task schema, transcribed (skypilot-org/skypilot sky/utils/schemas.py @
# 00052dfe0d132c5ad6aa9a175572b0695f747c80: get_task_schema, and get_resources_schema for the keys
# gpudesk writes). additionalProperties false as there: an unknown key fails as it fails in `sky launch`.
TASK_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "workdir": {"anyOf": [{"type": "string"}, {"type": "object"}]},
        "event_callback": {"type": "string"},
        "num_nodes": {"type": "integer"},
        "resources": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "cloud": {"type": "string", "enum": ["aws", "azure", "gcp", "lambda", "runpod", "vast", "kubernetes"]},
                "region": {"type": "string"},
                "accelerators": {"anyOf": [{"type": "string", "pattern": "^[A-Za-z0-9-]+(:[0-9]+)?$"}, {"type": "object"},
                                           {"type": "array"}]},
                "use_spot": {"type": "boolean"},
                "disk_size": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            },
        },
        "file_mounts": {"type": "object"},
        "service": {"type": "object"},
        "setup": {"type": "string"},
        "run": {"type": "string"},
        "envs": {"type": "object", "patternProperties": {"^[a-zA-Z_][a-zA-Z0-9_]*$": {"type": ["string", "null"]}},
                 "additionalProperties": False},
        "secrets": {"type": ["object", "array"]},
        "volumes": {"type": "object"},
        "config": {"type": "object"},
    },
}


@pytest.fixture
def h100_server(sshd):
    """The nvidia-smi replay of one H100 on the test server (the scenario every test leaves behind)."""
    fixtures = sshd.workdir / "nvidia-smi-fixtures"
    if not fixtures.exists():
        shutil.copytree(FIX, fixtures)
        for path in [fixtures, *fixtures.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    sshd.install_bin("nvidia-smi", (FIX / "replay.py").read_text().replace("@FIXTURES@", str(fixtures)))
    scenario = sshd.home / ".nvidia-smi-scenario"
    scenario.write_text("h100\n")
    os.chown(scenario, sshd.uid, sshd.gid)
    return sshd


def test_jobs_export_skypilot_writes_a_task_skypilot_accepts(h100_server, tmp_path):
    import jsonschema
    import yaml

    sshd = h100_server
    login = [sshd.url(), "--identity", str(sshd.key_path), "--known-hosts", str(sshd.known_hosts)]
    started = gpudesk("jobs", "run", *login, "--name", "finetune: 7B", "--", "HF_TOKEN=hf_secretvalue123 python -c 'print(1)'")
    assert started.returncode == 0, started.stderr
    job_id = started.stdout.strip()
    target = tmp_path / "task.yaml"
    out = gpudesk("jobs", "export", *login, "--skypilot", job_id, "--cloud", "runpod", "--mount", "/data=./data",
                  "-o", str(target))
    assert out.returncode == 0, out.stderr
    task = yaml.safe_load(target.read_text())
    jsonschema.validate(task, TASK_SCHEMA)
    assert task["resources"] == {"cloud": "runpod", "accelerators": "H100:1"}  # from the server's own GPUs
    assert task["name"] == "finetune: 7B" and task["num_nodes"] == 1 and task["workdir"] == "."
    assert task["file_mounts"] == {"/data": "./data"}
    assert task["run"] == "HF_TOKEN=hf_secretvalue123 python -c 'print(1)'" and "requirements.txt" in task["setup"]
    printed = gpudesk("jobs", "export", *login, "--skypilot", job_id, "--accelerators", "A100-80GB:8")
    assert printed.returncode == 0, printed.stderr
    assert yaml.safe_load(printed.stdout)["resources"] == {"accelerators": "A100-80GB:8"}
    assert gpudesk("jobs", "export", *login, "--skypilot", "../etc").returncode == 2
    assert gpudesk("jobs", "export", *login, "--skypilot", "20990101-000000-ffff").returncode == 4  # no such job
    assert gpudesk("jobs", "export", *login, "--skypilot", job_id, "--accelerators", "H100:8\nrun: evil").returncode == 2
