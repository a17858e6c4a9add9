"""A stop is done when the provider says so: the server guard on a real sshd against the provider stubs
(real local HTTP servers) records ``confirmed`` only when the instance's state, read back, shows it
stopped; ``requested`` while it does not; ``failed`` with the provider's words, bounded and without
the key. The app closes its meter only on a confirmed record."""

from __future__ import annotations

import json
import time

import pytest

from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.guard import ProviderAction, ServerPolicy, actions
from gpudesk.core.guard.app import import_actions
from gpudesk.core.sessions.model import Session
from tests.e2e.test_server_guard import box  # noqa: F401 - a private guard folder on the real sshd
from tests.helpers_providers.base import Fault

pytestmark = pytest.mark.e2e


def fast(**kw) -> ServerPolicy:  # type: ignore[no-untyped-def]
    kw.setdefault("interval_s", 1)
    kw.setdefault("idle_s", 2)
    kw.setdefault("grace_s", 5)
    kw.setdefault("action", "stop")
    kw.setdefault("recheck_s", 1)
    kw.setdefault("retry_s", 300)
    return ServerPolicy(**kw)


def running_meter(session: Session) -> Meter:
    meter = Meter()
    meter.configure(session.id, session.name, Price(0.44))
    meter.start(session.id, time.time() - 3600)
    return meter


def test_vast_200_success_false_is_a_failed_stop_and_the_meter_keeps_running(box) -> None:  # noqa: F811
    from tests.helpers_providers.vast_stub import VastStub

    stub = VastStub().start()
    try:
        # Vast.ai answers a stop it refuses with 200 and success false (reference §5.5; its CLI treats it as failed).
        stub.fail_next(Fault(200, {"success": False, "error": "missing_billing"}))
        box.install(fast(), ProviderAction("vast", instance_id="312", api_url=stub.url, key=stub.token))
        st = box.wait(lambda s: s["last_action"] is not None)
        last = st["last_action"]
        assert (last["action"], last["result"], last["provider"]) == ("stop", "failed", "Vast.ai"), last
        assert "missing_billing" in last["detail"] and "refused" in last["detail"]
        # It read the state back: still running, in the provider's own words.
        assert "actual_status running" in last["state"]
        assert stub.instances[312]["actual_status"] == "running"
        assert "next try" in box.wait(lambda s: "next try" in (s.get("decision") or ""))["decision"]

        session = Session(name="vast box", host="h", provider="vast-acct", provider_instance_id="312")
        meter = running_meter(session)
        new = import_actions(box.conn, session, meter, root=box.root)
        assert [(a["action"], a["result"]) for a in new] == [("stop", "failed")]
        assert meter.is_running(session.id), "a failed stop closed the meter"
    finally:
        stub.stop()


def test_runpod_accepted_but_still_running_is_requested_then_confirmed_when_it_exits(box) -> None:  # noqa: F811
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    pod = POD["id"]
    try:
        # The v2 action answers 200 with the pod, but the pod goes on RUNNING (the stub's state is untouched).
        stub.fail_next(Fault(200, dict(stub.pods[pod])))
        box.install(fast(verify_s=600), ProviderAction("runpod", instance_id=pod, api_url=stub.url, key=stub.token))
        st = box.wait(lambda s: "waiting for RunPod to confirm" in (s.get("decision") or ""))
        assert st["pending"] == "stop" and "status RUNNING" in st["decision"]
        first = st["last_action"]
        assert (first["action"], first["result"], first["via"]) == ("stop", "requested", "RunPod v2 API"), first
        assert "accepted the stop (HTTP 200)" in first["detail"]

        # The app connects meanwhile: the news says requested, not confirmed, and the meter runs on.
        session = Session(name="pod", host="h", provider="rp-acct", provider_instance_id=pod)
        meter = running_meter(session)
        new = import_actions(box.conn, session, meter, root=box.root)
        assert [(a["action"], a["result"], a["outcome"]) for a in new] == [("stop", "requested", "requested")]
        assert str(new[0]["words"]).startswith("stop requested — not confirmed by RunPod")
        assert meter.is_running(session.id)
        # The app's book of unconfirmed requests holds the guard's too (every view says "stop requested").
        from gpudesk.core.billing.confirm import book

        assert book().get(session.provider, session.provider_instance_id) is not None
        gets = len([r for r in stub.requests if r.method == "GET"])
        box.wait(lambda s: len([r for r in stub.requests if r.method == "GET"]) >= gets + 2)  # it keeps reading

        with stub.lock:
            stub._set(stub.pods[pod], "EXITED")  # the provider gets there late
        st = box.wait(lambda s: s["last_action"]["result"] == "confirmed")
        done = st["last_action"]
        assert done["requested_at"] == first["t"] and done["state"] == "status EXITED"
        assert st["pending"] is None
        assert len([r for r in stub.requests if r.method == "POST"]) == 1  # asked once, read until it showed
        new = import_actions(box.conn, session, meter, root=box.root)
        assert [(a["action"], a["result"], a["outcome"]) for a in new] == [("stop", "ok", "confirmed")]
        assert not meter.is_running(session.id)
        assert meter.entries[session.id].runs[-1].end == float(done["t"])
        assert book().get(session.provider, session.provider_instance_id) is None
    finally:
        stub.stop()


def test_runpod_v2_gone_and_no_runpodctl_is_failed_naming_both_ways(box) -> None:  # noqa: F811
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    try:
        # The API the guard asks first fails (as GraphQL will with 410 in 2027); runpodctl is not on this server.
        assert box.conn.exec("command -v runpodctl").exit_code != 0
        stub.fail_next(Fault(410, {"title": "Gone", "status": 410, "detail": "this API has been retired"}))
        box.install(fast(), ProviderAction("runpod", instance_id=POD["id"], api_url=stub.url, key=stub.token))
        st = box.wait(lambda s: s["last_action"] is not None)
        last = st["last_action"]
        assert last["result"] == "failed", last
        assert "RunPod v2 API: HTTP 410: this API has been retired" in last["detail"]
        assert "runpodctl: not installed" in last["detail"]
        assert last["state"] == "status RUNNING"
        # Not tried again every check: the next try waits (and waits longer after each failure).
        st = box.wait_checks(2)
        assert "next try" in st["decision"]
        assert len([r for r in stub.requests if r.method == "POST"]) == 1
        assert [a["result"] for a in actions(box.conn, box.root)] == ["failed"]
    finally:
        stub.stop()


def test_a_hostile_provider_answer_is_bounded_stripped_and_keyless_in_the_record(box) -> None:  # noqa: F811
    from tests.helpers_providers.vast_stub import VastStub

    stub = VastStub().start()
    try:
        hostile = "\x1b[2J\x07" + stub.token + " bad\x00\r\nnews " + "A" * 2_000_000 + "\x1b]0;owned\x07"
        stub.fail_next(Fault(502, None, text=hostile), Fault(502, None, text=hostile))
        box.install(fast(), ProviderAction("vast", instance_id="312", api_url=stub.url, key=stub.token))
        st = box.wait(lambda s: s["last_action"] is not None)
        last = st["last_action"]
        assert last["result"] == "failed"
        assert last["detail"].startswith("Vast.ai API: HTTP 502: [2J[key] bad") and "news AAA" in last["detail"]
        assert len(last["detail"]) <= 300 and len(last["state"]) <= 300
        raw = box.conn.exec(f'cat "$HOME/{box.root}/actions.jsonl" "$HOME/{box.root}/guard.log"').out
        assert len(raw) < 8000
        assert not any(ord(c) < 32 and c != "\n" for c in raw)
        assert stub.token not in raw
        assert box.conn.exec(f'grep -rlF -- {stub.token} "$HOME/{box.root}" | grep -v "/key$"').out.strip() == ""
        json.loads(raw.splitlines()[0])
    finally:
        stub.stop()


def test_an_older_guards_ok_is_read_as_requested_and_leaves_the_meter_running(box) -> None:  # noqa: F811
    # Guard versions before 3 wrote "ok" for any 2xx or exit status 0 (a failed legacy runpodctl stop included).
    t = int(time.time()) - 60
    old = [
        {"t": t, "action": "stop", "reason": "idle", "result": "ok", "detail": "HTTP 200", "method": "runpod",
         "idle_s": 900, "spend": None, "automatic": True, "by": "server-guard"},
        {"t": t + 1, "action": "remind", "reason": "idle", "result": "ok", "detail": "remind only", "method": "runpod",
         "idle_s": 960, "spend": None, "automatic": True, "by": "server-guard"},
    ]
    text = "".join(json.dumps(e) + "\n" for e in old)
    assert box.conn.exec(f'mkdir -p "$HOME/{box.root}" && cat > "$HOME/{box.root}/actions.jsonl"',
                         stdin=text.encode()).exit_code == 0
    session = Session(name="pod", host="h", provider="rp-acct", provider_instance_id="7h9k2m4n6p")
    meter = running_meter(session)
    new = import_actions(box.conn, session, meter, root=box.root)
    assert [(a["action"], a["outcome"], a["result"]) for a in new] == [("stop", "requested", "requested"),
                                                                       ("remind", "ok", "ok")]
    assert str(new[0]["words"]) == "stop requested — not confirmed by RunPod"
    assert meter.is_running(session.id)
