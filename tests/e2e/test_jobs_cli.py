"""``gpudesk jobs run/list/logs`` as a user's script calls them, against the real sshd."""

from __future__ import annotations

import json
import subprocess
import time

import pytest

from tests.helpers.cli import gpudesk, on_sshd

pytestmark = pytest.mark.e2e


def cli(sshd, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    action, *rest = args
    return gpudesk("jobs", action, *on_sshd(sshd), *rest, timeout=timeout)


def listed(sshd, job_id: str) -> dict:  # type: ignore[no-untyped-def]
    result = cli(sshd, "list", "--json")
    assert result.returncode == 0, result.stderr
    return next(j for j in json.loads(result.stdout) if j["id"] == job_id)


@pytest.fixture(autouse=True)
def remove_jobs(connect):
    """Forget the jobs each test started (the job ids are printed by ``run``)."""
    before = set(connect().exec("ls ~/.gpudesk/jobs 2>/dev/null").out.split())
    yield
    conn = connect()
    for job_id in set(conn.exec("ls ~/.gpudesk/jobs 2>/dev/null").out.split()) - before:
        conn.exec(f"rm -rf ~/.gpudesk/jobs/{job_id}")


def test_run_list_logs_follow(sshd) -> None:
    run = cli(sshd, "run", "--name", "cli-job", "--workdir", "~", "--", "sh", "-c", "for i in 1 2 3; do echo step $i/3 loss=0.$i; sleep 0.4; done; exit 5")
    assert run.returncode == 0, run.stderr
    job_id = run.stdout.strip()
    assert job_id and "\n" not in job_id
    # --follow prints everything and returns when the job ends.
    follow = cli(sshd, "logs", job_id, "--follow")
    assert follow.returncode == 0, follow.stderr
    assert follow.stdout.splitlines() == [f"step {i}/3 loss=0.{i}" for i in (1, 2, 3)]
    assert "exit code 5" in follow.stderr
    job = listed(sshd, job_id)
    assert job["name"] == "cli-job" and job["status"] == "failed" and job["exit_code"] == 5
    assert job["duration_s"] is not None and job["duration_s"] >= 1
    assert set(job) >= {"id", "name", "status", "command", "workdir", "start", "end", "exit_code", "duration_s"}
    logs = cli(sshd, "logs", job_id)
    assert logs.returncode == 0 and logs.stdout == follow.stdout
    text = cli(sshd, "list")
    assert text.returncode == 0 and job_id in text.stdout and "cli-job" in text.stdout


def test_a_single_word_is_a_shell_command_line(sshd) -> None:
    run = cli(sshd, "run", "--", "echo one && echo two")
    assert run.returncode == 0, run.stderr
    job_id = run.stdout.strip()
    deadline = time.monotonic() + 30
    while listed(sshd, job_id)["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert cli(sshd, "logs", job_id).stdout == "one\ntwo\n"


def test_usage_and_remote_errors_have_their_exit_codes(sshd) -> None:
    assert cli(sshd, "run").returncode == 2
    assert cli(sshd, "run", "--").returncode == 2
    bad = cli(sshd, "logs", "../../etc")
    assert bad.returncode == 2 and "not a job id" in bad.stderr
    missing = cli(sshd, "logs", "20000101-000000-dead")
    assert missing.returncode == 4 and "no job" in missing.stderr.lower()


def test_connection_failure_is_exit_3(sshd) -> None:
    from tests.helpers.sshd import free_port

    result = gpudesk(
        "jobs", "list", f"ssh://{sshd.username}@127.0.0.1:{free_port()}",
        "--identity", str(sshd.key_path), "--known-hosts", str(sshd.known_hosts), timeout=60,
    )  # fmt: skip
    assert result.returncode == 3, result.stderr
