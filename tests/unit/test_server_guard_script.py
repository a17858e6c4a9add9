"""The server guard's sh text: shellcheck-clean, and the same decisions under dash and bash.

The guard runs here, one check at a time (``--once``), in a temporary folder with a stand-in
nvidia-smi; its stop is a command that records it ran.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.guard import script
from gpudesk.core.guard.policy import ImpossibleAction, ProviderAction, ServerPolicy, config_text

SHELLS = [s for s in ("dash", "bash") if shutil.which(s)]


def need(tool: str) -> None:
    if shutil.which(tool) is None:
        if os.environ.get("GPUDESK_REQUIRE_SSHD"):  # CI installs it (.ci/run): never skip there
            pytest.fail(f"{tool} is not installed")
        pytest.skip(f"{tool} is not installed")


def test_every_script_passes_shellcheck(tmp_path: Path) -> None:
    need("shellcheck")
    texts = {
        "guard.sh": script.guard_script(),
        "install.sh": "#!/bin/sh\n" + script.build_install_script("INTERVAL_S=1\n", "{}", key="k"),
        "install-nohup.sh": "#!/bin/sh\n" + script.build_install_script("", "{}", path="/usr/bin", runner="nohup"),
        "status.sh": "#!/bin/sh\n" + script.build_status_script(),
        "remove.sh": "#!/bin/sh\n" + script.build_remove_script(".gpudesk/guard-x"),
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
    result = subprocess.run(["shellcheck", "-s", "sh", *sorted(texts)], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def st_result(g: Guard) -> str:
    return json.loads((g.dir / "last_action.json").read_text())["result"]


class Guard:
    """guard.sh in a temporary folder, run one check at a time by ``shell``."""

    def __init__(self, tmp: Path, shell: str, policy: ServerPolicy, action: ProviderAction | None = None) -> None:
        self.tmp, self.shell = tmp, shell
        self.dir = tmp / "guard"
        self.dir.mkdir()
        (tmp / "jobs").mkdir()
        self.nvsmi = tmp / "nvidia-smi"
        self.nvsmi.write_text('#!/bin/sh\ncat "$(dirname "$0")/util"\n')
        self.nvsmi.chmod(0o755)
        self.util("0\n0")
        self.marker = tmp / "stopped"
        action = action or ProviderAction("command", command=f'echo "$1 $GPUDESK_GUARD_REASON" >> {self.marker}')
        (self.dir / "guard.sh").write_text(script.guard_script())
        (self.dir / "config").write_text(
            config_text(policy, action, nvidia_smi=str(self.nvsmi), jobs_dir=str(tmp / "jobs"))
            + f"STARTED_AT={int(time.time()) - 10}\n"
        )

    def util(self, text: str) -> None:
        (self.tmp / "util").write_text(text + "\n")

    def idle_since(self, seconds_ago: int) -> None:
        (self.dir / "state").write_text(f"IDLE_SINCE={int(time.time()) - seconds_ago}\n")

    def check(self) -> dict:
        result = subprocess.run([self.shell, str(self.dir / "guard.sh"), "--once"], capture_output=True, text=True,
                                timeout=60, env={**os.environ, "HOME": str(self.tmp)})
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
        return json.loads((self.dir / "status.json").read_text())

    def stops(self) -> list[str]:
        return self.marker.read_text().splitlines() if self.marker.exists() else []


@pytest.mark.parametrize("shell", SHELLS)
def test_idle_acts_once_per_episode(tmp_path: Path, shell: str) -> None:
    g = Guard(tmp_path, shell, ServerPolicy(idle_s=60, interval_s=1, action="stop"))
    first = g.check()
    assert first["idle_s"] == 0 and first["last_action"] is None and first["gpu_util"] == 0
    g.idle_since(61)
    st = g.check()
    assert st["last_action"]["action"] == "stop" and st["last_action"]["reason"] == "idle"
    assert st["acted"] is True and g.stops() == ["stop idle"]
    st = g.check()
    assert "already acted" in st["decision"] and g.stops() == ["stop idle"]
    g.util("0\n80")  # one GPU works again: a new episode may begin
    st = g.check()
    assert st["acted"] is False and "gpu" in st["held_by"] and st["gpu_util"] == 80
    g.util("0")
    g.check()
    g.idle_since(61)
    assert g.check()["acted"] is True and g.stops() == ["stop idle", "stop idle"]
    log = (g.dir / "guard.log").read_text()
    # A stop command's exit status cannot tell whether the bill ended: requested, never confirmed.
    assert log.count("ACTION stop (idle): requested") == 2
    assert st_result(g) == "requested"


@pytest.mark.parametrize("shell", SHELLS)
def test_a_failed_stop_is_retried_later_not_at_once(tmp_path: Path, shell: str) -> None:
    g = Guard(tmp_path, shell, ServerPolicy(idle_s=1, interval_s=1, action="stop", retry_s=300),
              ProviderAction("command", command=f"echo tried >> {tmp_path}/stopped; echo 'no route' >&2; exit 7"))
    g.idle_since(10)
    st = g.check()
    assert st["last_action"]["result"] == "failed" and "exited 7: no route" in st["last_action"]["detail"]
    st = g.check()
    assert "next try" in st["decision"] and g.stops() == ["tried"]


@pytest.mark.parametrize("shell", SHELLS)
def test_budget_heartbeat_and_pause(tmp_path: Path, shell: str) -> None:
    # 3.6 an hour is 0.001 a second; the guard was started 10 s ago: 0.010 spent, over 0.005.
    g = Guard(tmp_path, shell, ServerPolicy(idle_s=3600, interval_s=1, action="remind", budget=0.005,
                                            budget_action="stop", rate_per_hour=3.6, grace_s=100))
    now = int(time.time())
    (g.dir / "pause").write_text(f"{now + 3600}\n")
    st = g.check()
    assert st["paused_until"] == now + 3600 and "paused" in st["held_by"] and g.stops() == []
    (g.dir / "pause").unlink()
    (g.dir / "heartbeat").write_text(f"{now}\n")  # the app is there: it asks the user itself
    st = g.check()
    assert "app" in st["held_by"] and "the app is connected" in st["decision"] and g.stops() == []
    (g.dir / "heartbeat").write_text(f"{now - 500}\n")  # … and gone for longer than the grace time
    st = g.check()
    assert st["last_action"]["reason"] == "budget" and st["spend"] >= 0.01 and g.stops() == ["stop budget"]
    g.check()
    assert g.stops() == ["stop budget"]


@pytest.mark.parametrize("shell", SHELLS)
def test_hostile_nvidia_smi_output_keeps_the_status_valid_and_blocks_idleness(tmp_path: Path, shell: str) -> None:
    g = Guard(tmp_path, shell, ServerPolicy(idle_s=1, interval_s=1, action="stop"))
    g.nvsmi.write_text('#!/bin/sh\nprintf \'Failed "to" \\\\ talk\\033[31m\\tto the driver\\n\'\nexit 9\n')
    g.idle_since(100)
    st = g.check()
    assert st["gpu_util"] is None and st["idle_s"] is None and st["last_action"] is None
    assert st["problems"] == ['nvidia-smi failed (exit 9): Failed "to" \\ talk[31mto the driver']
    g.nvsmi.unlink()
    st = g.check()
    assert "nvidia-smi not found" in st["problems"][0] and g.stops() == []


@pytest.mark.parametrize("shell", SHELLS)
def test_a_stop_command_is_passed_verbatim(tmp_path: Path, shell: str) -> None:
    nasty = f"echo \"it's $1\" > {tmp_path}/out; # '; touch {tmp_path}/pwned"
    g = Guard(tmp_path, shell, ServerPolicy(idle_s=1, interval_s=1, action="stop"), ProviderAction("command", command=nasty))
    sourced = subprocess.run([shell, "-c", '. "$0"; printf %s "$STOP_COMMAND"', str(g.dir / "config")],
                             capture_output=True, text=True)
    assert sourced.stdout == nasty
    g.idle_since(5)
    g.check()
    assert (tmp_path / "out").read_text() == "it's stop\n" and not (tmp_path / "pwned").exists()


def test_policy_from_the_apps_config() -> None:
    cfg = GuardConfig(idle=IdleConfig(threshold_pct=5.5, minutes=15), policy="terminate", answer_minutes=10)
    runpod = ProviderAction("runpod")
    p = ServerPolicy.from_config(cfg, runpod)
    assert p.action == "remind"  # terminate was never confirmed
    assert p.idle_s == 25 * 60 and p.threshold_pct == 5.5
    cfg.terminate_confirmed = True
    assert ServerPolicy.from_config(cfg, runpod).action == "terminate"
    assert ServerPolicy.from_config(cfg, ProviderAction("autodl")).action == "remind"  # no release from inside
    cfg.policy = "stop"
    assert ServerPolicy.from_config(cfg, ProviderAction("none")).action == "remind"
    assert "THRESHOLD=6" in config_text(p, runpod)  # whole percents: below 5.5 is below 6
    with pytest.raises(ImpossibleAction, match="only remind"):
        ServerPolicy(action="stop").check(ProviderAction("none"), terminate_confirmed=False)
    with pytest.raises(ImpossibleAction, match="confirm"):
        ServerPolicy(action="terminate").check(ProviderAction("vast"), terminate_confirmed=False)
    ServerPolicy(action="terminate").check(ProviderAction("vast"), terminate_confirmed=True)
    with pytest.raises(ImpossibleAction):
        ProviderAction("poweroff")  # only where the user confirmed it ends billing
    assert "secret-value" not in repr(ProviderAction("vast", key="secret-value"))


@pytest.mark.parametrize("shell", SHELLS)
def test_a_running_transfer_holds_the_guard_unless_transfers_are_not_watched(tmp_path: Path, shell: str) -> None:
    tool = tmp_path / "bin" / "rsync"  # a process the guard takes for a transfer, moving bytes
    tool.parent.mkdir()
    tool.symlink_to(shutil.which("dd") or "/bin/dd")
    busy = subprocess.Popen([str(tool), "if=/dev/zero", "of=/dev/null", "bs=4k"], stderr=subprocess.DEVNULL)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        watched = Guard(tmp_path / "a", shell, ServerPolicy(idle_s=60, interval_s=1, action="stop"))
        watched.check()
        assert "transfer" in watched.check()["held_by"]
        # The demo's server is the user's own computer: an rsync of theirs is no demo transfer.
        unwatched = Guard(tmp_path / "b", shell, ServerPolicy(idle_s=60, interval_s=1, action="stop", watch="tty"))
        unwatched.check()
        assert "transfer" not in unwatched.check()["held_by"]
    finally:
        busy.kill()
        busy.wait()
    with pytest.raises(ValueError):
        ServerPolicy(watch="tty gpu; rm -rf ~")


def lib(shell: str, code: str, *args: str) -> str:
    """Run ``code`` with guard.sh's functions loaded (GPUDESK_GUARD_LIB=1 stops it before the guard starts)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "guard.sh"
        path.write_text(script.guard_script())
        result = subprocess.run([shell, "-c", f'. "$GUARD"; {code}', "lib", *args], capture_output=True, text=True,
                                timeout=30, env={**os.environ, "GUARD": str(path), "GPUDESK_GUARD_LIB": "1"})
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout


@pytest.mark.parametrize("shell", SHELLS)
def test_runpodctl_is_judged_by_what_it_says_not_only_by_its_exit_status(shell: str) -> None:
    def judge(rc: int, out: str) -> str:
        return lib(shell, 'judge_ctl "$1" "$2"', str(rc), out).strip()

    # The legacy runpodctl (cmd/pod/stopPod.go) exits 0 after a stop that did not happen.
    assert judge(0, 'pod "7h9k2m4n6p" stop failed; status is RUNNING') == "failed"
    assert judge(0, 'pod "7h9k2m4n6p" stopped') == "accepted"
    assert judge(0, '{"id": "7h9k2m4n6p", "desiredStatus": "EXITED"}') == "accepted"  # today's "pod stop" prints the pod
    assert judge(1, "Error: failed to stop pod: 429 Too Many Requests") == "failed"
    assert judge(0, "Error: graphql: rate limited") == "failed"
    # An older runpodctl that knows only "stop pod": the guard then tries that syntax.
    assert judge(1, 'Error: unknown command "pod" for "runpodctl"') == "unknown"


@pytest.mark.parametrize("shell", SHELLS)
def test_json_reading_without_jq_is_bounded_and_redaction_covers_every_copy(shell: str, tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"pod": {"env": {"x": "y"}}, "status": "EXITED", "desiredStatus": "RUNNING", "success": false}')
    assert lib(shell, 'json_str status "$1"; echo; json_lit success "$1"', str(answer)).split() == ["EXITED", "false"]
    answer.write_text('{"status": "' + "R" * 500 + '"}')  # longer than any real status: not taken
    assert lib(shell, 'json_str status "$1"', str(answer)) == ""
    assert lib(shell, 'redact "$1" "$2"', "a KEY b KEYKEY c", "KEY") == "a [key] b [key][key] c"
    assert lib(shell, 'printf "a\\033[2Jb\\001\\nc" | clean') == "a[2Jb c\n"


@pytest.mark.parametrize("shell", SHELLS)
def test_the_wait_after_failures_doubles_and_is_bounded(shell: str) -> None:
    waits = lib(shell, 'RETRY_S=300; for FAILS in 1 2 3 4 5 9; do printf "%s " "$(backoff)"; done').split()
    assert waits == ["300", "600", "1200", "2400", "3600", "3600"]


@pytest.mark.parametrize("shell", SHELLS)
def test_runpod_falls_over_to_the_other_way_and_puts_the_undone_one_last(shell: str, tmp_path: Path) -> None:
    need("curl")
    (tmp_path / "key").write_text("k-123")
    setup = f'dir={tmp_path}; API_URL=http://127.0.0.1:1; HTTP_MAX_S=5; INSTANCE_ID=p1; '
    first = lib(shell, setup + 'runpod_act stop; printf "%s|%s" "$RESULT" "$DETAIL"')
    assert first.startswith("failed|RunPod v2 API: no answer: curl: (7)") and first.endswith("; runpodctl: not installed")
    # A v2 stop that was accepted and never showed: next time the other way is tried first.
    again = lib(shell, setup + 'LAST_UNDONE="RunPod v2 API"; runpod_act stop; printf "%s|%s" "$RESULT" "$DETAIL"')
    assert again.startswith("failed|runpodctl: not installed; RunPod v2 API: no answer")
