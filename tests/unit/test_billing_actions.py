"""One path for provider actions: the provider is asked, the linked sessions' meter follows at that
moment, and the audit log says who did what — or that it failed."""

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
from tests.helpers_providers.base import Fault
from tests.helpers_providers.runpod_stub import POD, RunPodStub


@pytest.fixture
def stub():
    server = RunPodStub().start()
    yield server
    server.stop()


def provider(stub: RunPodStub) -> RunPodProvider:
    return RunPodProvider("rp", stub.token, stub.url, sleep=lambda _s: None)


def linked_session() -> Session:
    session = SessionStore().add(Session(name="pod", host="h", username="root", provider="rp",
                                         provider_instance_id=POD["id"], hourly_price=0.44))
    meter = Meter()
    meter.configure(session.id, session.label, Price(0.44, "hour", "USD"), "api")
    meter.start(session.id)
    return session


def test_a_stop_moves_the_linked_meter_and_is_audited_once(stub) -> None:
    session = linked_session()
    SessionStore().add(Session(name="other", host="h2", username="root", provider="rp", provider_instance_id="nope"))
    assert sessions_for("rp", POD["id"]) == [session.id]
    assert instance_action(provider(stub), "rp", POD["id"], "stop", reason="Providers page") == [session.id]
    assert provider(stub).get_instance(POD["id"]).status == "stopped"
    assert not Meter().is_running(session.id)  # the meter file says so, for every view and 'gpudesk cost'
    entries = [e for e in audit.read() if e["session"] == session.id]
    assert [(e["action"], e["reason"], e["result"], e["automatic"]) for e in entries] == [
        ("stop", "Providers page", "ok", False)
    ]
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
    assert instance_action(provider(stub), "rp", POD["id"], "stop", reason="command line") == []
    assert [(e["session"], e["result"]) for e in audit.read()] == [(f"rp:{POD['id']}", "ok")]


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
