"""After a restart, billing claims nothing before the provider answered, and takes the newest answer (issue #33, item 5).

Real parts: the demo provider API (RunPod's v2 shape) on 127.0.0.1 and a live server's billing, no Qt.
The meter on disk is from the last run; the provider's word decides. A start nobody made through
the app (the demo host waking its pod) seen by another reader (the Providers page's listing)
reaches the server's billing at once, not a poll later.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Callable

from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.core.live.billing import BillingState
from gpudesk.core.live.server import LiveServer
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore


def until(cond: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _call(api, method: str, path: str, body: dict | None = None):  # type: ignore[no-untyped-def]
    """The demo host's own call to its API (as ``demo host wake`` does): not through the app's action path."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(api.url + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {api.token}")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as reply:  # noqa: S310 - 127.0.0.1
        return json.loads(reply.read() or b"null")


def _demo(tmp_path):  # type: ignore[no-untyped-def]
    from gpudesk.core.demo.provider_api import DemoProviderAPI

    api = DemoProviderAPI("127.0.0.1", 2222, phase_s=0.2, state_file=tmp_path / "pod.json").start()
    session = Session(name="Demo GPU server", host="127.0.0.1", port=2222, username="demo")
    api.link(session)
    return api, session


def test_a_restart_claims_no_billing_state_before_the_provider_answered(tmp_path) -> None:
    from gpudesk.core.providers.accounts import remove_transient

    api, session = _demo(tmp_path)
    _call(api, "POST", f"/v2/pods/{api.pod_id}/action", {"action": "stop"})  # stopped while the app was away
    meter = Meter()
    meter.configure(session.id, session.name, Price(2.49, currency="USD"), source="api")
    meter.start(session.id, time.time() - 600)  # the last run of the app saw it running
    states: list[str] = []
    answered = threading.Event()
    server = None
    try:
        server = LiveServer(session, host_keys=HostKeyStore())
        billing = server.billing
        billing.state_changed.subscribe(lambda s: states.append(f"{s.value}{'' if billing.instance else ' (no answer yet)'}"))
        billing.instance_changed.subscribe(lambda _i: answered.set())
        assert answered.wait(20), "the provider was never asked"
        assert until(lambda: billing.state == BillingState.STOPPED, 5), billing.state
        assert not [s for s in states if s.endswith("(no answer yet)") and not s.startswith("unknown")], states
        assert not billing.checking
    finally:
        if server is not None:
            server.close()
        api.stop()
        remove_transient("Demo provider")


def test_a_newer_answer_from_another_reader_reaches_the_open_server_at_once(tmp_path) -> None:
    from gpudesk.core.providers.accounts import AccountStore, remove_transient
    from gpudesk.ui.providers.page import fetch_account

    api, session = _demo(tmp_path)
    _call(api, "POST", f"/v2/pods/{api.pod_id}/action", {"action": "stop"})
    server = None
    try:
        server = LiveServer(session, host_keys=HostKeyStore())
        billing = server.billing
        assert until(lambda: billing.state == BillingState.STOPPED, 20), billing.state
        # The demo host wakes its pod by itself (not through the app's one path); a moment later it runs.
        _call(api, "POST", f"/v2/pods/{api.pod_id}/action", {"action": "start"})
        account = AccountStore().get(session.provider)
        view = fetch_account(account)  # the Providers page's read: running
        (listed,) = [i.status for i in view.instances if i.id == api.pod_id]
        assert listed in ("starting", "running")  # billing either way
        t0 = time.monotonic()
        assert until(lambda: billing.state == BillingState.BILLING, 1.0), billing.state  # not a poll (60 s) later
        assert time.monotonic() - t0 < 1.0
        assert billing.instance is not None and billing.instance.status in ("starting", "running")
        assert Meter().is_running(session.id)
    finally:
        if server is not None:
            server.close()
        api.stop()
        remove_transient("Demo provider")
