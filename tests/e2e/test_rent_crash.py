"""A crash right after a rent loses neither the session nor what the provider knows (issue #33, item 2).

A real process runs the rent dialog's rent (``gpudesk.core.providers.rent.rent``) against the demo provider API
(its pod stuck provisioning, as a provider that takes its time) and is killed with SIGKILL the
moment the provider gave the instance's id. Then, as after a restart: the rented session is in
the session list with its provider link and login, its meter runs from the launch, and a demo
provider started again on the same state file (the demo host restarted) still lists the pod, so
Providers, the meter and the list agree.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpudesk.core.billing.meter import Meter
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
from gpudesk.core.sessions.store import SessionStore

pytestmark = pytest.mark.e2e

RENT = r"""
import json, sys, threading, types
from gpudesk.core.demo.provider_api import demo_account
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
from gpudesk.core.providers import rent

url, token = sys.argv[1], sys.argv[2]
account = demo_account(url, token)
offer = types.SimpleNamespace(provider="Vast.ai", gpu_name="H200 SXM", gpu_count=1, vram_gb_per_gpu=141.0,
                              price_per_hour=2.47, currency="USD", billing="on-demand")
choice = rent.quote_for(offer, account, demo=DEMO_ACCOUNT)
login = rent.DemoLogin("demo", "demo-password", None)
login.host, login.port = "127.0.0.1", 2222  # the demo server's address

def report(step, value):
    if step == "saved":
        print("SAVED " + json.dumps({"id": value.id}), flush=True)
    elif step == "launched":
        print("LAUNCHED " + value.id, flush=True)

rent.rent(choice, choice.spec, by="rent dialog", report=report, cancel=threading.Event(), demo_login=login, timeout_s=600, poll_s=0.2)
print("RETURNED", flush=True)
"""


def test_a_rent_killed_with_sigkill_keeps_its_session_meter_and_instance(tmp_path: Path) -> None:
    state = tmp_path / "pod.json"
    api = DemoProviderAPI("127.0.0.1", 2222, phase_s=3600.0, state_file=state).start()  # it never finishes booting
    proc = subprocess.Popen(
        [sys.executable, "-c", RENT, api.url, api.token],
        env={**os.environ},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    saved_id = pod_id = ""
    launched_seen = 0.0
    try:
        deadline = time.time() + 60
        while time.time() < deadline and not saved_id:
            if pod_id:  # launched: the session is saved at once, or never before the rent returns
                deadline = min(deadline, launched_seen + 10)
            ready, _w, _x = select.select([proc.stdout], [], [], 0.5)
            if not ready:
                continue
            line = proc.stdout.readline() if proc.stdout else ""
            if not line:
                break
            if line.startswith("LAUNCHED "):
                launched_seen = time.time()
            if line.startswith("LAUNCHED "):
                pod_id = line.split()[1]
            if line.startswith("SAVED "):
                saved_id = json.loads(line[6:])["id"]
        assert pod_id, proc.stderr.read() if proc.stderr else ""
        assert saved_id, "the rent returned (or failed) without saving its session before"
        launched_at = time.time()
        proc.send_signal(signal.SIGKILL)  # the app dies the moment the provider gave the id
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        api.stop()
    # The app starts again.
    session = SessionStore().get(saved_id)
    assert session is not None, "the rented session was lost in the crash"
    assert (session.provider, session.provider_instance_id) == (DEMO_ACCOUNT, pod_id)
    assert (session.host, session.port, session.username, session.auth) == ("127.0.0.1", 2222, "demo", "password")
    from gpudesk.core import secrets

    assert secrets.get_secret(session.secret_key, session.username) == "demo-password"
    meter = Meter()
    assert meter.is_running(saved_id) and meter.rate_per_hour(saved_id) == pytest.approx(2.49 / 8, abs=1e-3)
    assert meter.seconds(saved_id) <= time.time() - launched_at + 60
    # The demo host starts again on its state: the provider still lists the pod that bills.
    again = DemoProviderAPI("127.0.0.1", 2222, phase_s=3600.0, state_file=state)
    try:
        status, body, _change = again._route("GET", "/v2/pods", f"Bearer {again.token}", None)
        assert status == 200 and pod_id in [p["id"] for p in body["pods"]]
    finally:
        again._httpd.server_close()
