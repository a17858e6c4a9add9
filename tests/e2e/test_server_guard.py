"""The server guard on a real sshd: install, upgrade, remove; the app gone while the server idles;
a job, a heartbeat and a pause holding it off; a budget cap; and the reported problems.

Each test uses its own guard folder (``~/.gpudesk/guard-test-<hex>``) and its own stand-in
``nvidia-smi`` (prints the utilisation the test writes): the test user's home is shared.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from gpudesk.core.guard import (
    VERSION,
    GuardError,
    ProviderAction,
    ServerPolicy,
    actions,
    ensure,
    heartbeat,
    install,
    pause,
    remove,
    status,
)
from gpudesk.core.guard.script import TMUX_SOCKET, session_name
from tests.helpers.cli import gpudesk, on_sshd

pytestmark = pytest.mark.e2e

FAKE_NVSMI = """#!/bin/sh
# Stand-in for nvidia-smi: answers the guard's one query with the utilisation in ./util.
case "$*" in
  *--query-gpu=utilization.gpu*) cat "$(dirname "$0")/util" ;;
  *) echo "unexpected arguments: $*" >&2; exit 2 ;;
esac
"""


class Box:
    """A guard folder, its helper folder (fake nvidia-smi, jobs, marker) and a connection."""

    def __init__(self, conn, sshd) -> None:  # type: ignore[no-untyped-def]
        self.conn = conn
        self.sshd = sshd
        tag = secrets.token_hex(4)
        self.root = f".gpudesk/guard-test-{tag}"
        self.aux = f".gpudesk/guard-test-{tag}-aux"
        self.aux_abs = f"{sshd.home}/{self.aux}"
        self.marker = f"{self.aux_abs}/stopped"
        r = conn.exec(f'mkdir -p "$HOME/{self.aux}/jobs" && cat > "$HOME/{self.aux}/nvidia-smi" && '
                      f'chmod 755 "$HOME/{self.aux}/nvidia-smi"', stdin=FAKE_NVSMI.encode())
        assert r.exit_code == 0, r.err
        self.util(0)

    def util(self, pct: int) -> None:
        assert self.conn.exec(f'echo {pct} > "$HOME/{self.aux}/util"').exit_code == 0

    def command(self) -> ProviderAction:
        """A stop command that records each time it ran (and with which action and reason)."""
        return ProviderAction("command", command=f'echo "$1 $GPUDESK_GUARD_REASON" >> {self.marker}')

    def install(self, policy: ServerPolicy, action: ProviderAction | None = None, **kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("nvidia_smi", f"{self.aux_abs}/nvidia-smi")
        kwargs.setdefault("jobs_dir", f"{self.aux}/jobs")
        return install(self.conn, policy, action or self.command(), root=self.root, **kwargs)

    def status(self) -> dict:
        return status(self.conn, self.root)

    def stops(self) -> list[str]:
        return self.conn.exec(f"cat {self.marker} 2>/dev/null").out.splitlines()

    def guard_processes(self) -> int:
        """How many guards run on this folder (its own subshells, forked for a moment, not counted)."""
        # The pattern is split in two quoted pieces so this very command line never matches it.
        out = self.conn.exec(
            f"pat=\"{self.root}\"'/guard.sh'; for p in /proc/[0-9]*; do "
            "c=$(tr '\\0' ' ' < \"$p/cmdline\" 2>/dev/null); case $c in *\"$pat\"*) "
            "echo \"${p#/proc/} $(sed 's/.*) //' \"$p/stat\" | cut -d' ' -f2)\" ;; esac; done"
        ).out.split("\n")
        pairs = [line.split() for line in out if len(line.split()) == 2]
        pids = {pid for pid, _ in pairs}
        return sum(1 for _, ppid in pairs if ppid not in pids)

    def wait(self, what, timeout: float = 90.0) -> dict:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while True:
            st = self.status()
            if what(st):
                return st
            if time.monotonic() > deadline:
                raise AssertionError(f"the guard never got there: {st}")
            time.sleep(0.3)

    def wait_checks(self, seconds: int) -> dict:
        """Wait until the guard has kept checking for ``seconds`` more (by its own clock)."""
        t0 = self.wait(lambda st: st.get("checked_at") is not None)["checked_at"]
        return self.wait(lambda st: st["checked_at"] >= t0 + seconds)

    def log(self) -> list[str]:
        return self.conn.exec(f'cat "$HOME/{self.root}/guard.log"').out.splitlines()


@pytest.fixture
def box(connect, sshd):  # type: ignore[no-untyped-def]
    b = Box(connect(), sshd)
    yield b
    conn = connect()
    remove(conn, b.root)
    conn.exec(f'rm -rf "$HOME/{b.aux}"')


def fast(**kw) -> ServerPolicy:  # type: ignore[no-untyped-def]
    kw.setdefault("interval_s", 1)
    kw.setdefault("idle_s", 3)
    kw.setdefault("grace_s", 5)
    kw.setdefault("action", "stop")
    return ServerPolicy(**kw)


def test_install_upgrade_and_remove(box) -> None:  # type: ignore[no-untyped-def]
    box.util(50)  # busy: nothing happens while we look
    first = box.install(fast(idle_s=3600))
    assert first.old_version is None and first.runner == "tmux" and first.pid
    st = box.wait(lambda s: s["last_check_s"] is not None)
    assert st["installed"] and st["running"] and st["version"] == VERSION and st["up_to_date"]
    assert st["policy"]["idle_s"] == 3600 and st["policy"]["method"] == "command" and st["policy"]["action"] == "stop"
    assert st["gpu_util"] == 50 and "gpu" in st["held_by"]
    assert st["last_heartbeat_s"] is None and st["last_action"] is None and st["problems"] == []
    assert box.conn.exec(f"tmux -L {TMUX_SOCKET} has-session -t {session_name(box.root)}").exit_code == 0
    assert box.guard_processes() == 1

    # Same version, same policy: nothing to do.
    assert ensure(box.conn, fast(idle_s=3600), box.command(), root=box.root,
                  nvidia_smi=f"{box.aux_abs}/nvidia-smi", jobs_dir=f"{box.aux}/jobs") is None
    # An older guard on the server (as after an app update): the app replaces it.
    box.conn.exec(f"sed -i \"s/^GUARD_VERSION='{VERSION}'/GUARD_VERSION='0'/\" \"$HOME/{box.root}/guard.sh\"")
    old = box.status()
    assert old["version"] == "0" and not old["up_to_date"] and old["running"]
    upgraded = ensure(box.conn, fast(idle_s=3600), box.command(), root=box.root,
                      nvidia_smi=f"{box.aux_abs}/nvidia-smi", jobs_dir=f"{box.aux}/jobs")
    assert upgraded is not None and upgraded.old_version == "0" and upgraded.pid != first.pid
    assert box.conn.exec(f"kill -0 {first.pid}").exit_code != 0, "the old guard still runs"
    assert box.guard_processes() == 1
    st = box.status()
    assert st["version"] == VERSION and st["running"]

    remove(box.conn, box.root)
    gone = box.status()
    assert gone["installed"] is False and gone["running"] is False
    assert box.guard_processes() == 0
    assert box.conn.exec(f"tmux -L {TMUX_SOCKET} has-session -t {session_name(box.root)}").exit_code != 0
    assert box.conn.exec(f'test -e "$HOME/{box.root}"').exit_code != 0


def test_idle_without_the_app_stops_the_runpod_pod_once(box) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    try:
        pod = POD["id"]
        action = ProviderAction("runpod", instance_id=pod, api_url=stub.url, key=stub.token)
        box.install(fast(idle_s=3), action)
        st = box.wait(lambda s: (s["last_action"] or {}).get("result") == "confirmed")
        last = st["last_action"]
        assert (last["action"], last["reason"], last["result"]) == ("stop", "idle", "confirmed"), last
        assert last["via"] == "RunPod v2 API" and last["state"] == "status EXITED" and last["provider"] == "RunPod"
        assert stub.pods[pod]["status"] == "EXITED"
        posts = [r for r in stub.requests if r.method == "POST"]
        assert len(posts) == 1 and posts[0].path == f"/v2/pods/{pod}/action" and posts[0].body == {"action": "stop"}
        assert posts[0].headers.get("Authorization") == f"Bearer {stub.token}"
        # Within the policy time plus one check: it acted at the first check past the idle time.
        assert last["idle_s"] >= 3
        log = box.log()
        at = next(i for i, line in enumerate(log) if " ACTION stop (idle): confirmed" in line)
        before = [line for line in log[:at] if " check: " in line]
        assert before and "of 3s" in before[-1], before[-3:]
        # Never twice: more idle checks, still one stop.
        box.wait_checks(3)
        st = box.status()
        assert "already acted" in st["decision"]
        assert len([r for r in stub.requests if r.method == "POST"]) == 1
        # Written down when RunPod accepted it (the stop may take the guard down too), then confirmed.
        records = actions(box.conn, box.root)
        assert [(a["action"], a["result"]) for a in records] == [("stop", "requested"), ("stop", "confirmed")]
        assert records[1]["requested_at"] == records[0]["t"] < records[1]["t"]
        # The key is in a mode-600 file and nowhere else in the guard's folder.
        d = f'"$HOME/{box.root}"'
        assert box.conn.exec(f"stat -c %a {d}/key").out.strip() == "600"
        leaks = box.conn.exec(f"grep -rlF -- {stub.token} {d} | grep -v '/key$'").out.strip()
        assert leaks == ""
    finally:
        stub.stop()


def test_a_running_job_holds_it_off(box) -> None:  # type: ignore[no-untyped-def]
    from gpudesk.core.jobs import JobSpec, start_job
    from gpudesk.core.jobs.runner import remove_job, stop_job

    job = start_job(box.conn, JobSpec("sleep 300", name="guard-hold"))
    try:
        box.install(fast(idle_s=2), jobs_dir=".gpudesk/jobs")  # where gpudesk keeps its jobs
        st = box.wait(lambda s: job.id in (s.get("jobs") or []))
        assert "job" in st["held_by"] and st["gpu_util"] == 0
        box.wait_checks(2 + 3)  # well past the idle time
        assert box.status()["last_action"] is None and box.stops() == []
        stop_job(box.conn, job.id)
        st = box.wait(lambda s: s["last_action"] is not None)
        assert st["last_action"]["reason"] == "idle" and box.stops() == ["stop idle"]
    finally:
        stop_job(box.conn, job.id)
        remove_job(box.conn, job.id)


HEARTBEAT_APP = """
import sys, time
from pathlib import Path
from gpudesk.core.guard import heartbeat
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore
host, port, user, key, known, root = sys.argv[1:]
conn = Connection(Target(host, int(port), user), Credentials("key_file", identity_file=key),
                  HostKeyStore(Path(known), extra_files=[])).connect()
while True:
    heartbeat(conn, root)
    print("beat", flush=True)
    time.sleep(0.5)
"""


def test_the_app_heartbeat_holds_it_off_until_the_app_is_killed(box, sshd) -> None:  # type: ignore[no-untyped-def]
    app = subprocess.Popen(
        [sys.executable, "-c", HEARTBEAT_APP, sshd.host, str(sshd.port), sshd.username, str(sshd.key_path),
         str(sshd.known_hosts), box.root],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert app.stdout is not None and app.stdout.readline().strip() == "beat"
        box.install(fast(idle_s=2, grace_s=4))
        st = box.wait(lambda s: "app" in s["held_by"] and (s["idle_s"] or 0) >= 2)
        assert st["last_heartbeat_s"] is not None and "the app is connected" in st["decision"]
        box.wait_checks(3)
        assert box.status()["last_action"] is None and box.stops() == []
        app.send_signal(signal.SIGKILL)  # the laptop lid closes: no goodbye
        app.wait(10)
        st = box.wait(lambda s: s["last_action"] is not None)
        assert st["last_action"]["reason"] == "idle" and box.stops() == ["stop idle"]
        assert st["last_heartbeat_s"] >= 4
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(10)


def test_a_budget_cap_acts_even_while_a_job_runs(box) -> None:  # type: ignore[no-untyped-def]
    from gpudesk.core.jobs import JobSpec, start_job
    from gpudesk.core.jobs.runner import remove_job, stop_job

    job = start_job(box.conn, JobSpec("sleep 300", name="guard-budget"))
    try:
        # 3.60 an hour is 0.001 a second: a budget of 0.002 is gone after two seconds.
        box.install(fast(idle_s=3600, action="remind", budget=0.002, budget_action="stop", rate_per_hour=3.6),
                    jobs_dir=".gpudesk/jobs")
        st = box.wait(lambda s: s["last_action"] is not None)
        last = st["last_action"]
        # A stop command's exit status says nothing about the bill: requested, and not tried again.
        assert (last["action"], last["reason"], last["result"]) == ("stop", "budget", "requested")
        assert last["spend"] >= 0.002
        assert job.id in st["jobs"] and "job" in st["held_by"]  # the job did not hold the budget off
        box.wait_checks(3)
        assert box.stops() == ["stop budget"]
    finally:
        stop_job(box.conn, job.id)
        remove_job(box.conn, job.id)


def test_a_pause_keeps_the_server(box) -> None:  # type: ignore[no-untyped-def]
    box.install(fast(idle_s=2))
    until = pause(box.conn, 3600, box.root)
    assert until is not None
    st = box.wait(lambda s: s["paused_until"] == until and (s["idle_s"] or 0) >= 2)
    assert "paused" in st["held_by"]
    box.wait_checks(3)
    assert box.status()["last_action"] is None and box.stops() == []
    assert pause(box.conn, None, box.root) is None
    st = box.wait(lambda s: s["last_action"] is not None)
    assert box.stops() == ["stop idle"]


def test_missing_nvidia_smi_and_tmux_are_reported(box) -> None:  # type: ignore[no-untyped-def]
    # A server whose PATH has neither tmux nor nvidia-smi (everything else is there).
    bindir = Path(tempfile.mkdtemp(prefix="gpudesk-guard-path-"))
    try:
        bindir.chmod(0o755)
        for folder in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
            if not os.path.isdir(folder):
                continue
            for name in os.listdir(folder):
                if name in ("tmux", "nvidia-smi") or (bindir / name).exists():
                    continue
                (bindir / name).symlink_to(os.path.join(folder, name))
        result = box.install(fast(idle_s=1), nvidia_smi="nvidia-smi", path=str(bindir))
        assert result.runner == "nohup"
        assert any("tmux is not installed" in w for w in result.warnings), result.warnings
        st = box.wait(lambda s: s["last_check_s"] is not None)
        assert st["running"] and st["gpu_util"] is None
        assert any("nvidia-smi not found" in p for p in st["problems"]), st["problems"]
        assert any("tmux is not installed" in p for p in st["problems"]), st["problems"]
        # Without a GPU reading the guard never calls the server idle.
        box.wait_checks(3)
        st = box.status()
        assert st["last_action"] is None and "cannot be read" in st["decision"] and box.stops() == []
        assert box.guard_processes() == 1  # running under nohup, found and stopped by remove below
        remove(box.conn, box.root)
        assert box.guard_processes() == 0
    finally:
        subprocess.run(["rm", "-rf", str(bindir)], check=False)


def test_a_read_only_home_is_reported(box) -> None:  # type: ignore[no-untyped-def]
    ro = Path(tempfile.mkdtemp(prefix="gpudesk-guard-ro-"))
    ro.chmod(0o555)  # not writable even when sshd serves the tests' own user
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(ro)],
                             capture_output=True).returncode == 0
    # Where a read-only mount is not allowed, a folder the user may not write fails the same way.
    try:
        root = f"{ro}/home/.gpudesk/guard"
        with pytest.raises(GuardError) as info:
            install(box.conn, fast(), box.command(), root=root, nvidia_smi=f"{box.aux_abs}/nvidia-smi")
        text = str(info.value)
        assert "read-only" in text and str(ro) in text
        assert ("Read-only file system" if mounted else "Permission denied") in text
        assert status(box.conn, root)["installed"] is False
    finally:
        if mounted:
            subprocess.run(["umount", str(ro)], check=False)
        ro.rmdir()


def test_heartbeat_and_actions_before_any_guard(box) -> None:  # type: ignore[no-untyped-def]
    heartbeat(box.conn, box.root)
    assert actions(box.conn, box.root) == []
    with pytest.raises(GuardError):  # nothing to pause
        pause(box.conn, 60, box.root + "-none")


# -- the command line ------------------------------------------------------------------------


def guard_cli(sshd, action: str, target: str | None = None, *args: str) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return gpudesk("guard", action, target or sshd.url(), *on_sshd(sshd)[1:], *args, timeout=120)


@pytest.fixture
def default_guard(connect):  # type: ignore[no-untyped-def]
    """The CLI works on the default folder (~/.gpudesk/guard): leave none behind."""
    yield
    remove(connect())


def test_cli_install_status_remove(sshd, connect, default_guard, tmp_path) -> None:  # type: ignore[no-untyped-def]
    marker = f"{sshd.home}/.gpudesk/guard-cli-stopped-{secrets.token_hex(4)}"
    # No way to stop a plain ssh:// server: "stop" is impossible, and nothing is installed.
    refused = guard_cli(sshd, "install", None, "--action", "stop")
    assert refused.returncode == 2 and "cannot stop" in refused.stderr and "only remind" in refused.stderr
    assert json.loads(guard_cli(sshd, "status", None, "--json").stdout)["installed"] is False
    refused = guard_cli(sshd, "install", None, "--action", "terminate", "--stop-command", "true")
    assert refused.returncode == 2 and "confirm" in refused.stderr

    done = guard_cli(sshd, "install", None, "--action", "stop", "--idle-minutes", "60", "--check-seconds", "1",
                     "--stop-command", f"touch {marker}", "--json")
    assert done.returncode == 0, done.stderr
    installed = json.loads(done.stdout)
    assert installed["version"] == VERSION and installed["runner"] == "tmux" and installed["pid"]
    assert installed["policy"]["method"] == "command" and installed["policy"]["idle_s"] == 3600
    st = json.loads(guard_cli(sshd, "status", None, "--json").stdout)
    assert {"installed", "running", "policy", "last_heartbeat_s", "last_action"} <= set(st)
    assert st["installed"] is True and st["running"] is True and st["policy"]["action"] == "stop"
    assert st["last_heartbeat_s"] is None and st["last_action"] is None
    heartbeat(connect())
    st = json.loads(guard_cli(sshd, "status", None, "--json").stdout)
    assert isinstance(st["last_heartbeat_s"], int)
    text = guard_cli(sshd, "status")
    assert text.returncode == 0 and "running" in text.stdout and "App heartbeat" in text.stdout
    paused = guard_cli(sshd, "pause", None, "--until", "09:00", "--json")
    assert paused.returncode == 0 and json.loads(paused.stdout)["paused_until"] > time.time()
    gone = guard_cli(sshd, "remove", None, "--json")
    assert gone.returncode == 0, gone.stderr
    st = json.loads(guard_cli(sshd, "status", None, "--json").stdout)
    assert st["installed"] is False and st["running"] is False


def test_cli_install_takes_the_saved_sessions_policy(sshd, default_guard) -> None:  # type: ignore[no-untyped-def]
    from gpudesk.core.billing import config as billing
    from gpudesk.core.billing.guard import GuardConfig
    from gpudesk.core.billing.idle import IdleConfig
    from gpudesk.core.billing.price import Price
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.sessions.store import SessionStore

    session = SessionStore().add(Session(name="guard-box", host=sshd.host, port=sshd.port, username=sshd.username,
                                         auth="key_file", identity_file=str(sshd.key_path)))
    billing.save(session.id, price=Price(3.6), guard=GuardConfig(
        idle=IdleConfig(threshold_pct=7.5, minutes=20), policy="stop", answer_minutes=10,
        budget_total=5.0, budget_policy="stop"))
    done = guard_cli(sshd, "install", "guard-box", "--stop-command", "true", "--json")
    assert done.returncode == 0, done.stderr
    policy = json.loads(done.stdout)["policy"]
    assert policy["threshold_pct"] == 7.5 and policy["idle_s"] == 30 * 60 and policy["action"] == "stop"
    assert policy["budget"] == 5.0 and policy["budget_action"] == "stop" and policy["rate_per_hour"] == 3.6
    # Flags override the saved policy; a terminate the user never confirmed is refused.
    done = guard_cli(sshd, "install", "guard-box", "--stop-command", "true", "--idle-minutes", "5", "--threshold", "2",
                     "--json")
    policy = json.loads(done.stdout)["policy"]
    assert policy["idle_s"] == 300 and policy["threshold_pct"] == 2
    refused = guard_cli(sshd, "install", "guard-box", "--stop-command", "true", "--action", "terminate")
    assert refused.returncode == 2 and "confirm" in refused.stderr
    st = json.loads(guard_cli(sshd, "status", "guard-box", "--json").stdout)
    assert st["policy"]["idle_s"] == 300  # the refused install changed nothing


def test_idle_without_the_app_stops_a_vast_instance_through_its_api(box) -> None:  # type: ignore[no-untyped-def]
    """Vast.ai's documented instance call (PUT state=stopped), with the instance's own key, against the stub."""
    from tests.helpers_providers.vast_stub import VastStub

    stub = VastStub().start()
    try:
        action = ProviderAction("vast", instance_id="312", api_url=stub.url, key=stub.token)
        box.install(fast(idle_s=3), action)
        st = box.wait(lambda s: (s["last_action"] or {}).get("result") == "confirmed")
        assert (st["last_action"]["action"], st["last_action"]["result"]) == ("stop", "confirmed"), st["last_action"]
        assert "actual_status stopped" in st["last_action"]["state"]
        assert stub.instances[312]["actual_status"] == "stopped"
        puts = [r for r in stub.requests if r.method == "PUT"]
        assert len(puts) == 1 and puts[0].path == "/api/v0/instances/312/" and puts[0].body == {"state": "stopped"}
        assert puts[0].headers.get("Authorization") == f"Bearer {stub.token}"
    finally:
        stub.stop()


def test_a_provider_that_refuses_is_logged_as_failed_and_retried_later(box) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers_providers.base import Fault
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    try:
        stub.fail_next(Fault(503, {"title": "Service Unavailable", "status": 503, "detail": "upstream down"}))
        action = ProviderAction("runpod", instance_id=POD["id"], api_url=stub.url, key=stub.token)
        box.install(fast(idle_s=3), action)
        st = box.wait(lambda s: s["last_action"] is not None)
        assert st["last_action"]["result"] == "failed" and stub.pods[POD["id"]]["status"] == "RUNNING"
    finally:
        stub.stop()
