"""``gpudesk instances …`` and ``gpudesk cost`` as scripts run them: real processes, real keyring."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from tests.helpers.cli import gpudesk
from tests.helpers_providers.base import Fault
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.runpod_stub import RunPodStub

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def runpod():
    server = RunPodStub().start()
    AccountStore().save(Account("rp", "runpod", server.url), token=server.token)
    yield server
    server.stop()


def test_list_json_and_token_not_in_config(runpod):
    out = gpudesk("instances", "list", "--json")
    assert out.returncode == 0, out.stderr
    (inst,) = json.loads(out.stdout)
    assert inst["id"] == "7h9k2m4n6p" and inst["provider"] == "rp" and inst["status"] == "running"
    assert inst["ssh_host"] == "195.26.233.3" and inst["ssh_port"] == 34446 and inst["price_per_hour"] == 0.44
    config = (Path(os.environ["GPUDESK_HOME"]) / "config" / "providers.json").read_text()
    assert runpod.token not in config and "rp" in config
    text = gpudesk("instances", "list")
    assert "7h9k2m4n6p" in text.stdout and "0.440 USD/h" in text.stdout


def test_stop_needs_yes_without_a_terminal_then_stops_and_meters(runpod):
    session = Session(name="pod", host="195.26.233.3", port=34446, provider="rp", provider_instance_id="7h9k2m4n6p")
    SessionStore().add(session)
    Meter().configure(session.id, "pod", Price(0.69))
    Meter().start(session.id)
    refused = gpudesk("instances", "stop", "7h9k2m4n6p", stdin="")
    assert refused.returncode == 2 and "--yes" in refused.stderr and "volume disk" in refused.stderr
    assert runpod.pods["7h9k2m4n6p"]["status"] == "RUNNING"
    done = gpudesk("instances", "stop", "7h9k2m4n6p", "--provider", "rp", "--yes")
    assert done.returncode == 0, done.stderr
    assert runpod.pods["7h9k2m4n6p"]["status"] == "EXITED"
    assert not Meter().is_running(session.id)  # the meter follows the stop
    entry = audit.read()[-1]
    assert (entry["session"], entry["action"], entry["automatic"], entry["result"]) == (session.id, "stop", False, "ok")
    assert entry["provider_state"] == "EXITED"  # confirmed by reading the pod back, not by the 200
    started = gpudesk("instances", "start", "7h9k2m4n6p", "--yes")
    assert started.returncode == 0 and runpod.pods["7h9k2m4n6p"]["status"] in ("PROVISIONING", "STARTING")
    assert "no SSH address yet" in started.stdout


def test_exit_codes(runpod):
    assert gpudesk("instances", "list", "--provider", "nope").returncode == 2
    assert gpudesk("instances", "stop", "no-such-pod", "--yes").returncode == 4  # 404: no such pod
    AccountStore().save(Account("rp", "runpod", runpod.url), token="wrong-token")
    bad = gpudesk("instances", "list")
    assert bad.returncode == 3 and "wrong-token" not in bad.stderr
    assert gpudesk("cost", "--since", "yesterday").returncode == 2


def test_lambda_stop_is_refused_with_the_reason():
    server = LambdaStub().start()
    try:
        AccountStore().save(Account("lam", "lambda", server.url), token=server.token)
        out = gpudesk("instances", "stop", "0920582c7ff041399e34823a0be62549", "--yes")
        assert out.returncode == 2 and "no stop" in out.stderr  # a usage error: Lambda has no such action
        assert not any(r.path.endswith("terminate") for r in server.requests)
    finally:
        server.stop()


def test_cost_per_session_and_day():
    meter = Meter()
    meter.configure("s1", "A100-node1", Price(2.0, "hour", "USD", "hour"))
    meter.start("s1", 1_700_000_000.0)
    meter.stop("s1", 1_700_000_000.0 + 5400)  # 1.5 h billed as 2 started hours
    out = gpudesk("cost", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["total"] == {"USD": 4.0}
    assert sum(d["billed_seconds"] for d in data["days"]) == 7200
    assert data["sessions"][0]["running"] is False
    assert gpudesk("cost", "--since", "2100-01-01", "--json").stdout.count('"day"') == 0
    text = gpudesk("cost")
    assert "A100-node1" in text.stdout and "$4.00" in text.stdout


def test_storage_that_keeps_billing_is_listed_after_a_stop(runpod):
    out = gpudesk("instances", "storage", "--json")
    assert out.returncode == 0, out.stderr
    assert [s["kind"] for s in json.loads(out.stdout)] == ["network_volume"]
    assert gpudesk("instances", "stop", "7h9k2m4n6p", "--yes").returncode == 0
    items = {s["kind"]: s for s in json.loads(gpudesk("instances", "storage", "--json").stdout)}
    assert items["volume_disk"]["instance_id"] == "7h9k2m4n6p" and items["volume_disk"]["price_per_month"] == 4.0
    text = gpudesk("instances", "storage")
    assert "volume_disk" in text.stdout and "rate unknown" in text.stdout  # the HIGH_PERFORMANCE network volume


def test_a_retired_api_version_says_update_not_bad_token(runpod):
    runpod.fail_next(*[Fault(410, {"message": "REST API v1 has been retired."}) for _ in range(2)])
    out = gpudesk("instances", "list")
    assert out.returncode == 4
    assert "no longer served" in out.stderr and "Update gpudesk" in out.stderr and "token" not in out.stderr.lower()


def test_listed_storage_counts_in_cost(runpod):
    assert gpudesk("instances", "stop", "7h9k2m4n6p", "--yes").returncode == 0
    assert gpudesk("instances", "storage").returncode == 0
    sessions = {s["session"]: s for s in json.loads(gpudesk("cost", "--json").stdout)["sessions"]}
    volume = next(v for k, v in sessions.items() if k.startswith("pytorch-training (volume disk"))
    assert volume["running"] is True


def test_a_damaged_account_is_reported_and_the_others_still_answer(runpod):
    path = Path(os.environ["GPUDESK_HOME"]) / "config" / "providers.json"
    data = json.loads(path.read_text())
    data["accounts"].append({"name": 5, "kind": ["runpod"]})  # hand-edited into nonsense
    path.write_text(json.dumps(data))
    out = gpudesk("instances", "list", "--json")
    assert out.returncode == 0, out.stderr
    assert [i["id"] for i in json.loads(out.stdout)] == ["7h9k2m4n6p"]
    assert "damaged" in out.stderr and ".broken-" in out.stderr


def test_terminate_on_the_v2_api_deletes_the_pod(runpod):
    out = gpudesk("instances", "terminate", "7h9k2m4n6p", "--provider", "rp", "--yes")
    assert out.returncode == 0, out.stderr
    assert runpod.pods["7h9k2m4n6p"]["status"] == "TERMINATED"
    # Deleted, then read back: the 404 that follows is the provider confirming the pod is gone.
    assert [r.method for r in runpod.requests if r.path == "/v2/pods/7h9k2m4n6p"][-2:] == ["DELETE", "GET"]
    assert "confirmed by the provider" in out.stdout
    assert json.loads(gpudesk("instances", "list", "--json").stdout) == []


def test_a_stop_the_provider_accepts_but_does_not_do_exits_4_and_keeps_metering(runpod):
    """RunPod answers 200 and the pod stays RUNNING: the command says so and fails; the next listing that
    shows the pod stopped confirms it (for the app too, through the audit log)."""
    session = Session(name="pod", host="195.26.233.3", port=34446, provider="rp", provider_instance_id="7h9k2m4n6p")
    SessionStore().add(session)
    Meter().configure(session.id, "pod", Price(0.69))
    Meter().start(session.id)
    runpod.stops_ignored = 1
    out = gpudesk("instances", "stop", "7h9k2m4n6p", "--provider", "rp", "--yes", "--confirm-timeout", "2")
    assert out.returncode == 4, out.stdout
    assert "not confirmed after 2 s" in out.stderr and "RUNNING" in out.stderr and "may still bill" in out.stderr
    assert Meter().is_running(session.id)
    assert [e["result"] for e in audit.read() if e["session"] == session.id] == ["requested"]
    runpod.pods["7h9k2m4n6p"]["status"] = "EXITED"  # the provider gets there later
    assert gpudesk("instances", "list", "--provider", "rp").returncode == 0
    assert [e["result"] for e in audit.read() if e["session"] == session.id] == ["requested", "ok"]
    assert not Meter().is_running(session.id)


def test_confirm_timeout_must_be_a_finite_number_of_seconds(runpod):
    for bad in ("nan", "inf", "-1", "soon"):
        out = gpudesk("instances", "stop", "7h9k2m4n6p", "--yes", "--confirm-timeout", bad)
        assert out.returncode == 2 and "Traceback" not in out.stderr, (bad, out.stderr)
    assert runpod.pods["7h9k2m4n6p"]["status"] == "RUNNING"
