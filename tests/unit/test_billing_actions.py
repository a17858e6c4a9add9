"""One path for provider actions: the provider is asked, its state is read back, the linked sessions' meter
follows what the provider reports (never the click), and the audit log says who did what: requested, then
confirmed — or that it failed, or is still not confirmed."""

from __future__ import annotations

import pytest

from gpudesk.core.billing import audit
from gpudesk.core.billing.actions import instance_action, sessions_for
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.providers import errors as E
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from tests.helpers_providers.runpod_stub import POD, RunPodStub


@pytest.fixture
def stub():
    server = RunPodStub().start()
    yield server
    server.stop()


def provider(stub: RunPodStub) -> RunPodProvider:
    return RunPodProvider("rp", stub.token, stub.url, sleep=lambda _s: None)


def linked_session() -> Session:
    session = SessionStore().add(
        Session(name="pod", host="h", username="root", provider="rp", provider_instance_id=POD["id"], hourly_price=0.44)
    )
    meter = Meter()
    meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
    meter.start(session.id)
    return session


def test_a_stop_moves_the_linked_meter_and_is_audited_once(stub) -> None:
    session = linked_session()
    SessionStore().add(Session(name="other", host="h2", username="root", provider="rp", provider_instance_id="nope"))
    assert sessions_for("rp", POD["id"]) == [session.id]
    outcome = instance_action(provider(stub), "rp", POD["id"], "stop", reason="Providers page")
    assert outcome.session_ids == [session.id] and outcome.confirmed
    assert provider(stub).get_instance(POD["id"]).status == "stopped"
    assert not Meter().is_running(session.id)  # the meter file says so, for every view and 'gpudesk cost'
    entries = [e for e in audit.read() if e["session"] == session.id]
    assert [(e["action"], e["reason"], e["result"], e["automatic"]) for e in entries] == [
        ("stop", "Providers page", "requested", False),
        ("stop", "Providers page", "ok", False),
    ]
    assert entries[1]["provider_state"] == "EXITED"  # what the provider said, in its own word
    instance_action(provider(stub), "rp", POD["id"], "start", reason="command line")
    assert Meter().is_running(session.id)


def test_a_refused_action_is_audited_as_failed_and_the_meter_runs_on(stub) -> None:
    session = linked_session()
    stub.fail_next(stub.server_error_fault())
    with pytest.raises(E.ProviderError):
        instance_action(provider(stub), "rp", POD["id"], "stop", reason="cost bar", automatic=True)
    assert Meter().is_running(session.id)  # nothing stopped: the bill is still counted
    [entry] = [e for e in audit.read() if e["session"] == session.id]
    assert entry["result"].startswith("failed: ") and entry["automatic"] is True


def test_an_unlinked_instance_is_audited_under_its_account(stub) -> None:
    assert instance_action(provider(stub), "rp", POD["id"], "stop", reason="command line").session_ids == []
    assert [(e["session"], e["result"]) for e in audit.read()] == [
        (f"rp:{POD['id']}", "requested"),
        (f"rp:{POD['id']}", "ok"),
    ]


def test_record_false_leaves_the_audit_to_the_caller(stub) -> None:
    session = linked_session()
    instance_action(provider(stub), "rp", POD["id"], "stop", reason="cost bar", session_ids=[session.id], record=False)
    assert not Meter().is_running(session.id) and audit.read() == []
    with pytest.raises(ValueError):
        instance_action(provider(stub), "rp", POD["id"], "reboot; rm -rf /", reason="x")


def test_hostile_lines_from_another_process_do_not_hide_the_stop_after_them() -> None:
    """The audit log is read back for other processes' stops: wrong types, junk and a half line are skipped."""
    import json

    from gpudesk.core.billing import actions, audit

    path = audit.audit_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("")
    heard: list = []
    unsubscribe = actions.acted.subscribe(heard.append)
    try:
        actions._Watch.start()  # news counts from here
        good = {"t": 1.0, "session": "s1", "action": "stop", "result": "ok", "account": "acc", "instance": "pod-1"}
        lines = [
            "not json",
            json.dumps([1, 2]),
            json.dumps({**good, "t": [1]}),  # a list where a time goes
            json.dumps({**good, "t": "soon"}),
            json.dumps({**good, "instance": ""}),
            json.dumps(good),
        ]
        with open(path, "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n" + '{"t": 2, "session": "s1", "act')  # the last line is still being written
        actions._Watch.poll()
    finally:
        unsubscribe()
    assert [(a.instance_id, a.action, a.session_ids) for a in heard] == [("pod-1", "stop", ("s1",))]


def test_an_accepted_stop_the_provider_does_not_carry_out_is_requested_and_the_meter_runs_on(stub) -> None:
    """RunPod answers 200 to the stop, and the pod stays RUNNING: nothing is 'done', nothing stops counting."""
    from gpudesk.core.billing import actions, confirm

    session = linked_session()
    stub.stops_ignored = 1
    heard: list = []
    unsubscribe = actions.acted.subscribe(heard.append)
    try:
        outcome = instance_action(
            provider(stub), "rp", POD["id"], "stop", reason="Providers page", confirm_s=3, sleep=lambda _s: None
        )
        assert not outcome.confirmed and outcome.instance is not None and outcome.instance.status == "running"
        assert Meter().is_running(session.id)  # the pod bills on, and so does the meter
        assert [e["result"] for e in audit.read() if e["session"] == session.id] == ["requested"]
        request = confirm.book().get("rp", POD["id"])
        assert request is not None and request.action == "stop"
        assert str(request.words()) == "stop requested — not yet confirmed by rp (RunPod)"
        assert [(a.action, a.state) for a in heard] == [("stop", "requested")]
        # A read that still shows it running settles nothing.
        assert actions.observe("rp", POD["id"], provider(stub).get_instance(POD["id"])) is None
        # After a restart the request is still open: rebuilt from the audit log.
        confirm._book = confirm.Book()
        assert confirm.book().get("rp", POD["id"]) is not None
        # The retry goes through; any later read confirms it, and only then does the meter stop.
        instance_action(provider(stub), "rp", POD["id"], "stop", reason="Providers page")
        assert confirm.book().get("rp", POD["id"]) is None
        assert not Meter().is_running(session.id)
        assert [e["result"] for e in audit.read() if e["session"] == session.id] == ["requested", "requested", "ok"]
        assert heard[-1].state == "confirmed"
    finally:
        unsubscribe()


def test_a_later_read_confirms_an_open_request_for_every_view(stub) -> None:
    from gpudesk.core.billing import actions, confirm

    session = linked_session()
    stub.stops_ignored = 1
    instance_action(provider(stub), "rp", POD["id"], "stop", reason="command line")
    stub.pods[POD["id"]]["status"] = "EXITED"  # the provider gets there on its own, a minute later
    settled = actions.observe("rp", POD["id"], provider(stub).get_instance(POD["id"]))
    assert settled is not None and settled.action == "stop"
    assert not Meter().is_running(session.id) and confirm.book().get("rp", POD["id"]) is None
    ok = [e for e in audit.read() if e["session"] == session.id and e["result"] == "ok"]
    assert ok and ok[0]["confirmed_after_s"] >= 0 and ok[0]["provider_state"] == "EXITED"


def test_a_terminated_instance_that_is_gone_confirms_the_terminate(stub) -> None:
    session = linked_session()
    outcome = instance_action(provider(stub), "rp", POD["id"], "terminate", reason="command line")
    assert outcome.confirmed and not Meter().is_running(session.id)


def test_a_new_run_never_starts_before_the_last_one_ended() -> None:
    """A resumed instance can report its first launch as its start: the stopped minutes are not billed twice."""
    meter = Meter()
    meter.configure("s", "pod", Price(3600.0, "hour", "USD"), "api")
    meter.sync("s", True, started_at=1000.0, now=1000.0)
    meter.sync("s", False, now=1540.0)  # 9 min
    meter.sync("s", True, started_at=1000.0, now=1615.0)  # started again 75 s later; the provider says 'since 1000'
    assert meter.seconds("s", now=1616.0) == 540.0 + 1.0


def test_a_stop_carried_out_unseen_and_started_again_ends_the_run_at_the_stop() -> None:
    """The guard's stop was accepted, the guard went down with the machine before it saw it stopped, and the
    instance was started again before anyone read it: its later start time proves the stop, so the stopped
    minutes are not billed (before: the run went on through them)."""
    import time

    from gpudesk.core.billing import actions, confirm
    from gpudesk.core.providers.base import Instance

    now = time.time()
    meter = Meter()
    meter.configure("s", "pod", Price(3600.0, "hour", "USD"), "api")
    meter.sync("s", True, started_at=now - 3600, now=now - 3600)
    confirm.book().add(
        confirm.Request("rp", "pod1", "stop", now - 1800, ("s",), True, "server-guard", "idle", "RunPod")
    )
    # A read that shows it running since before the request settles nothing.
    actions.observe("rp", "pod1", Instance("pod1", status="running", started_at=now - 3600), meter=meter)
    assert confirm.book().get("rp", "pod1") is not None and meter.is_running("s")
    # Started again ten minutes ago: stopped from the request until then.
    settled = actions.observe("rp", "pod1", Instance("pod1", status="running", started_at=now - 600), meter=meter)
    assert settled is not None and confirm.book().get("rp", "pod1") is None
    runs = meter.entries["s"].runs
    assert [(round(r.start - now), None if r.end is None else round(r.end - now)) for r in runs] == [
        (-3600, -1800),
        (-600, None),
    ]
    assert abs(meter.seconds("s", now=now) - (1800 + 600)) < 2
