"""The app's side of the server guard on a real sshd: the session's own policy and provider, and what
the guard did while the app was away landing in the audit log and closing the meter's run then."""

from __future__ import annotations

import json
import time

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.guard.app import connect_sync, import_actions, plan
from gpudesk.core.providers.accounts import Account, AccountStore, add_transient, remove_transient
from gpudesk.core.sessions.model import Session
from tests.e2e.test_server_guard import box  # noqa: F401 - a private guard folder on the real sshd
from tests.helpers_providers.runpod_stub import POD, RunPodStub

pytestmark = pytest.mark.e2e


def test_the_plan_follows_the_provider_and_the_apps_own_rules():
    AccountStore().save(Account("lam", "lambda", "http://127.0.0.1:9"), token="t")
    lam = Session(name="h100", host="h", provider="lam", provider_instance_id="i1")
    # Lambda has no stop and no documented in-instance key: the guard there can only remind, as the app.
    policy, action = plan(lam, GuardConfig(policy="stop"), Price(2.0))
    assert (action.method, policy.action) == ("none", "remind")
    policy, _ = plan(lam, GuardConfig(policy="terminate", terminate_confirmed=True), Price(2.0))
    assert policy.action == "remind"
    own = Session(name="own box", host="h")
    policy, action = plan(own, GuardConfig(policy="remind", idle=IdleConfig(minutes=30), answer_minutes=10), None)
    assert (action.method, policy.action, policy.idle_s) == ("none", "remind", 40 * 60)
    policy, _ = plan(own, GuardConfig(budget_total=10.0), None)
    assert policy.budget is None  # a budget without a price cannot be measured on the server


def test_connecting_installs_the_sessions_guard_and_imports_what_it_did(box, sshd):  # noqa: F811
    stub = RunPodStub().start()
    account = Account("demo-like", "runpod", stub.url)
    add_transient(account, stub.token)  # a provider API on this machine, as the demo's
    try:
        session = Session(name="pod", host=sshd.host, port=sshd.port, provider=account.name, provider_instance_id=POD["id"])
        config = GuardConfig(idle=IdleConfig(minutes=0.05), answer_minutes=0.0, policy="stop")
        meter = Meter()
        meter.configure(session.id, "pod", Price(0.44))
        meter.start(session.id, time.time() - 3600)
        options = {"nvidia_smi": f"{box.aux_abs}/nvidia-smi", "jobs_dir": f"{box.aux}/jobs"}
        view = connect_sync(box.conn, session, config, Price(0.44), meter, root=box.root,
                            timing={"interval_s": 1, "grace_s": 2}, **options)  # fmt: skip
        assert view.running and view.policy["method"] == "runpod" and view.policy["action"] == "stop"
        assert view.last_heartbeat_s is not None and view.last_heartbeat_s <= 2 and view.new_actions == []
        # The app goes away (no more heartbeats): the guard stops the pod through the provider's API.
        st = box.wait(lambda s: (s["last_action"] or {}).get("result") == "confirmed")
        assert st["last_action"]["result"] == "confirmed" and stub.pods[POD["id"]]["status"] == "EXITED"
        # The next connection shows it and the meter ends the run when the guard stopped it.
        new = import_actions(box.conn, session, meter, root=box.root)
        assert [(a["action"], a["result"]) for a in new] == [("stop", "ok")]
        assert not meter.is_running(session.id)
        assert meter.entries[session.id].runs[-1].end == float(st["last_action"]["t"])
        entry = next(e for e in audit.read() if e.get("by") == "server-guard")
        assert (entry["session"], entry["action"], entry["result"], entry["automatic"]) == (session.id, "stop", "ok", True)
        assert import_actions(box.conn, session, meter, root=box.root) == []  # never twice
        assert stub.token not in json.dumps(audit.read())
    finally:
        stub.stop()
        remove_transient(account.name)
