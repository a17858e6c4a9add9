"""Jobs on the real sshd against hostile input: names and result patterns that try to become shell
lines, secrets that must not leave the server in a results zip, and file times a zip cannot hold."""

from __future__ import annotations

import json
import secrets
import zipfile
from pathlib import Path

import pytest

from gpudesk.commands.jobs import job_json
from gpudesk.core.jobs import JobSpec, start_job
from gpudesk.core.jobs.collect import collect_results, environment_report, match_results
from gpudesk.core.jobs.runner import JobError, list_jobs, read_log, remove_job
from tests.e2e.test_jobs_collect import wait_done

pytestmark = pytest.mark.e2e


@pytest.fixture
def project(connect):
    conn = connect()
    conn.exec("rm -rf ~/hostile-proj && mkdir -p ~/hostile-proj/out")
    started: list[str] = []
    conn.started = started  # type: ignore[attr-defined]
    yield conn
    for job_id in started:
        try:
            remove_job(conn, job_id)
        except Exception:  # noqa: BLE001 - best effort cleanup
            pass
    conn.exec("rm -rf ~/hostile-proj")


def run(conn, spec: JobSpec, runner: str = "auto"):  # type: ignore[no-untyped-def]
    info = start_job(conn, spec, runner)
    conn.started.append(info.id)
    return wait_done(conn, info.id)


@pytest.mark.parametrize("runner", ["tmux", "nohup"])
def test_a_job_name_with_a_line_break_runs_nothing(project, runner: str) -> None:
    conn = project
    marker = Path(f"/tmp/PWNED-{secrets.token_hex(6)}")
    name = f"x\ntouch {marker}\n\x1b[2J"
    try:
        job = run(conn, JobSpec("echo ran", name=name, workdir="~/hostile-proj"), runner)
        assert job.exit_code == 0 and b"ran" in read_log(conn, job.id)
        assert not marker.exists(), "the job name ran as a command"
        assert job.name == f"x touch {marker} [2J"  # the label stays, on one line
        listed = next(j for j in list_jobs(conn) if j.id == job.id)
        assert "\n" not in listed.name and "\x1b" not in listed.name
    finally:
        marker.unlink(missing_ok=True)


def test_result_patterns_with_bracket_groups_run_nothing(project, sshd) -> None:
    conn = project
    token = secrets.token_hex(6)
    home_marker = sshd.home / f"PWNED-{token}"
    tmp_marker = Path(f"/tmp/PWNED-{token}")
    conn.exec("cd ~/hostile-proj && echo a > out1 && echo b > 'out ]x'")
    job = run(conn, JobSpec("true", name="patterns", workdir="~/hostile-proj"))
    patterns = [
        # A bracket group may not hold a line break: this one closes the loop and runs "touch".
        f"out[\ndo :\ndone\ncd\ntouch PWNED-{token}\nfor f in ]",
        f"out[ \n]touch {tmp_marker}",
        "out[1]",
    ]
    try:
        try:
            names: list[str] | Exception = [n for n, _ in match_results(conn, job, patterns)]
        except JobError as exc:  # the listing script broke (a syntax error after the injected lines)
            names = exc
        assert not home_marker.exists() and not tmp_marker.exists(), "a result pattern ran as a command"
        assert names == ["out1"]
    finally:
        home_marker.unlink(missing_ok=True)
        tmp_marker.unlink(missing_ok=True)


def test_secrets_in_the_job_environment_never_reach_the_results_zip(project, tmp_path: Path) -> None:
    conn = project
    secret = "secret-value-" + secrets.token_hex(8)
    env = {"HF_TOKEN": secret, "WANDB_API_KEY": secret + "-2", "SEED": "7"}
    command = 'echo "token is $HF_TOKEN"; echo "key $WANDB_API_KEY" >&2; echo done > out/result.txt'
    job = run(conn, JobSpec(command, name="secretive", workdir="~/hostile-proj", env=env))
    # The job itself got the real values.
    assert secret.encode() in read_log(conn, job.id)
    dest = tmp_path / "results.zip"
    report = environment_report(conn, job)
    collect_results(conn, job, ["out"], dest, env_report=report + f"\nHF_TOKEN={secret}\n")
    with zipfile.ZipFile(dest) as zf:
        members = zf.namelist()
        assert {"job/log.txt", "job/command.sh", "job/meta.json", "job/environment.txt", "results/out/result.txt"} <= set(members)
        for member in members:
            assert secret.encode() not in zf.read(member), member
        command_sh = zf.read("job/command.sh").decode()
        assert "export HF_TOKEN='***'" in command_sh or "export HF_TOKEN=***" in command_sh
        assert "export SEED=7" in command_sh
        meta = json.loads(zf.read("job/meta.json"))
        assert meta["env"] == {"HF_TOKEN": "***", "WANDB_API_KEY": "***", "SEED": "7"}
        assert b"token is ***" in zf.read("job/log.txt")
    # The listing gpudesk prints (jobs list --json) hides them too.
    listed = job_json(next(j for j in list_jobs(conn) if j.id == job.id))
    assert secret not in json.dumps(listed) and listed["env"]["SEED"] == "7"


def test_collect_keeps_files_dated_before_1980(project, tmp_path: Path) -> None:
    conn = project
    conn.exec("cd ~/hostile-proj/out && echo old > epoch.txt && touch -d @0 epoch.txt && echo new > now.txt")
    job = run(conn, JobSpec("true", name="old files", workdir="~/hostile-proj"))
    dest = tmp_path / "old.zip"
    result = collect_results(conn, job, ["out"], dest)
    assert result.files == 2
    with zipfile.ZipFile(dest) as zf:
        assert zf.read("results/out/epoch.txt") == b"old\n"
        assert zf.getinfo("results/out/epoch.txt").date_time == (1980, 1, 1, 0, 0, 0)
        assert zf.read("results/out/now.txt") == b"new\n"
        assert zf.getinfo("results/out/now.txt").date_time[0] >= 2024
