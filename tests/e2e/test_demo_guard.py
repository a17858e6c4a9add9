"""The demo shows the server guard: kill the app (SIGKILL) and the demo instance stops by itself.

The real thing end to end: ``python -m gpudesk --demo`` on an offscreen screen starts the detached
demo host (the demo SSH server and provider API in a process of their own), connects, and
installs the guard on the demo server with the demo's policy. The app is then killed with
SIGKILL, with no chance to say goodbye; the guard notices the missing heartbeat and stops the pod
through the demo provider API. Started again, the app finds the stopped pod, starts it, and
copies what the guard did into the billing audit log. Times are shortened through the demo's
timing variable (the guard's check interval 1 s, grace 5 s, idle 1.2 s + 6 s unanswered).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpudesk.core.demo import host as demo_host
from gpudesk.core.demo.provider_api import DemoProviderAPI

pytestmark = pytest.mark.skipif(
    os.name != "posix" or shutil.which("curl") is None, reason="the demo's guard needs a POSIX sh and curl"
)

TIMING = {"train_s": 1, "idle_minutes": 0.02, "answer_minutes": 0.1, "interval_s": 1, "grace_s": 5}


def _wait(what, timeout: float, step: float = 0.5):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(step)
    return what()


def _json(path: Path) -> dict | None:  # type: ignore[type-arg]
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _lines(path: Path) -> list[dict]:  # type: ignore[type-arg]
    try:
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except OSError:
        return []


@pytest.fixture
def demo_env(gpudesk_home: Path):  # type: ignore[no-untyped-def]
    env = {**os.environ, "GPUDESK_HOME": str(gpudesk_home), "QT_QPA_PLATFORM": "offscreen",
           demo_host.TIMING_ENV: json.dumps(TIMING)}
    env.pop("PYTEST_CURRENT_TEST", None)
    data = gpudesk_home / "data"
    yield env, data
    info = _json(data / "demo-host" / "host.json")
    if info and isinstance(info.get("pid"), int):
        try:
            os.kill(info["pid"], signal.SIGTERM)  # the host ends its guard and tmux with itself
        except OSError:
            pass
        _wait(lambda: not (data / "demo-host" / "host.json").exists(), 20)


def _app(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "gpudesk", "--demo"], env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT
    )


def test_sigkilled_app_leaves_the_guard_to_stop_the_demo_instance(demo_env, tmp_path: Path) -> None:
    env, data = demo_env
    guard_dir = data / "demo-server" / ".gpudesk" / "guard"
    pod_file = data / "demo-host" / "pod.json"
    app = _app(env, tmp_path / "app.log")
    try:
        # The app's heartbeat holds the guard while the app runs.
        status = _wait(lambda: "app" in ((_json(guard_dir / "status.json") or {}).get("held_by") or []), 90)
        assert status, f"no guard held by the app on the demo server: {(tmp_path / 'app.log').read_text()[-2000:]}"
        assert _json(pod_file)["status"] == "RUNNING"
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(10)
    killed_at = time.time()

    # idle 7.2 s plus the 5 s grace plus one check: well within a minute, but not timed here.
    stopped = _wait(lambda: (_json(pod_file) or {}).get("status") == "EXITED", 90)
    assert stopped, (guard_dir / "guard.log").read_text()[-2000:]
    done = _wait(lambda: [e for e in _lines(guard_dir / "actions.jsonl") if e.get("result") == "confirmed"], 20)
    assert done, _lines(guard_dir / "actions.jsonl")
    last = done[-1]  # the demo API's pod, read back after the stop, is EXITED
    assert (last["action"], last["reason"], last["result"], last["method"]) == ("stop", "idle", "confirmed", "runpod")
    assert last["t"] >= int(killed_at) - 1  # it acted after the app was gone, not before
    # The demo phone heard it from the server itself: the app was not running.
    def phone() -> list[dict]:  # type: ignore[type-arg]
        try:
            messages = json.loads((data / "demo-host" / "phone.json").read_text("utf-8"))
        except (OSError, ValueError):
            return []
        return [m for m in messages if "stop confirmed" in m.get("title", "")]

    heard = _wait(phone, 30)
    assert heard, (guard_dir / "guard.log").read_text()[-2000:]
    assert heard[-1]["title"] == "Demo GPU server: stop confirmed by RunPod" and heard[-1]["time"] >= killed_at
    assert last.get("alerted") is True  # so the app, started again, does not send it a second time
    host = _json(data / "demo-host" / "host.json")

    # The app again: the demo pod is started again, and the guard's stop is in the audit log.
    app = _app(env, tmp_path / "app2.log")
    try:
        audit = data / "billing" / "audit.jsonl"
        imported = _wait(
            lambda: [e for e in _lines(audit) if e.get("by") == "server-guard" and e.get("result") == "ok"], 90
        )
        assert imported and imported[-1]["action"] == "stop" and imported[-1]["t"] == last["t"]
        assert _wait(lambda: (_json(pod_file) or {}).get("status") == "RUNNING", 60)
        again = _json(data / "demo-host" / "host.json")
        if host is not None and again is not None:
            assert again["session_id"] == host["session_id"]  # the same demo session: its meter carries on
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(10)


def test_the_demo_host_is_found_again_and_ends_itself_when_nothing_needs_it(tmp_path: Path) -> None:
    folder = tmp_path / "dh"
    first = demo_host.spawn(train_s=0, folder=folder)
    try:
        again = demo_host.find(folder)
        assert again is not None and again.pid == first.pid and again.password == first.password
        # No guard runs and nobody is connected: it goes by itself and says so by removing host.json.
        assert _wait(lambda: not first.alive(), 90)
        assert not (folder / "host.json").exists()
        assert demo_host.find(folder) is None
    finally:
        first.stop()


def test_a_host_file_that_lies_is_not_trusted(tmp_path: Path) -> None:
    folder = tmp_path / "dh"
    folder.mkdir()
    for text in ("", "[]", "{not json", json.dumps({"pid": "1", "host": "127.0.0.1"}),
                 json.dumps({"pid": 1, "host": "127.0.0.1", "port": 22, "username": "demo", "host_key_type": "ssh-ed25519",
                             "host_key_b64": "AAAA", "api_url": "http://127.0.0.1:9", "pod_id": "x", "sandbox": "/",
                             "session_id": "s"})):
        (folder / "host.json").write_text(text)
        assert demo_host.find(folder) is None  # pid 1 is no demo host and has no keyring entry


def test_the_pod_keeps_its_id_and_stopped_state_across_demo_hosts(tmp_path: Path) -> None:
    state = tmp_path / "pod.json"
    api = DemoProviderAPI(state_file=state)
    pod_id = api.pod_id
    with api._lock:
        api._act("stop")
    later = DemoProviderAPI(state_file=state)
    assert (later.pod_id, later.status) == (pod_id, "EXITED")
    with later._lock:
        later._act("terminate")
    assert DemoProviderAPI(state_file=state).pod_id != pod_id  # a terminated pod is gone
    for hostile in ("{", "[1]", json.dumps({"id": "../../etc", "status": "EXITED"}), json.dumps({"id": 5})):
        state.write_text(hostile)
        fresh = DemoProviderAPI(state_file=state)
        assert fresh.status == "RUNNING" and fresh.pod_id.isalnum()


def test_demo_timing_takes_only_sane_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(demo_host.TIMING_ENV, json.dumps({"grace_s": 5, "idle_minutes": "0", "train_s": -1,
                                                          "interval_s": True, "evil": 3}))
    times = demo_host.timing()
    assert times["grace_s"] == 5 and times["idle_minutes"] == demo_host.TIMING["idle_minutes"]
    assert times["train_s"] == demo_host.TIMING["train_s"] and times["interval_s"] == demo_host.TIMING["interval_s"]
    assert "evil" not in times
    monkeypatch.setenv(demo_host.TIMING_ENV, "not json")
    assert demo_host.timing() == demo_host.TIMING
