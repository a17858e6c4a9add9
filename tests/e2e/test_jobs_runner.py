"""Jobs on the real sshd: tmux and nohup runners, exit codes, logs, surviving a cut connection."""

from __future__ import annotations

import time

import pytest

from gpudesk.core.jobs import JobSpec, list_jobs, read_log, start_job, stop_job
from gpudesk.core.jobs.model import FAILED, LOST, RUNNING, STOPPED, SUCCEEDED
from gpudesk.core.jobs.runner import LogFollower, get_job, remove_job

pytestmark = pytest.mark.e2e


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.2):  # type: ignore[no-untyped-def]
    """Poll a remote condition (no Qt here); returns the first truthy value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(interval)


@pytest.fixture
def jobs(connect):
    """Start jobs and stop whatever is still running at the end of the test."""
    conn = connect()
    started: list[str] = []

    def run(spec: JobSpec, runner: str = "auto"):  # type: ignore[no-untyped-def]
        info = start_job(conn, spec, runner)
        started.append(info.id)
        return info

    run.conn = conn  # type: ignore[attr-defined]
    yield run
    for job_id in started:
        try:
            stop_job(conn, job_id)
            remove_job(conn, job_id)
        except Exception:  # noqa: BLE001 - best effort cleanup
            pass


def finished(conn, job_id):  # type: ignore[no-untyped-def]
    def check():  # type: ignore[no-untyped-def]
        info = get_job(conn, job_id)
        return info if info is not None and info.exit_code is not None else None

    return wait_for(check)


@pytest.mark.parametrize("runner", ["tmux", "nohup"])
def test_job_runs_and_records_its_exit_code(jobs, runner: str) -> None:
    conn = jobs.conn
    info = jobs(JobSpec("echo hello from $GPUDESK_T; echo to-stderr >&2; exit 3", name="exit3", env={"GPUDESK_T": "job"}), runner)
    assert info.runner == runner
    assert info.name == "exit3"
    done = finished(conn, info.id)
    assert done.exit_code == 3
    assert done.status == FAILED
    assert done.start is not None and done.end is not None and done.end >= done.start
    log = read_log(conn, info.id).decode()
    assert "hello from job" in log and "to-stderr" in log


def test_working_folder_env_and_gpus(jobs, sshd) -> None:
    conn = jobs.conn
    conn.exec("mkdir -p ~/proj-jobs && printf 'print(\"loss=0.5\")\\n' > ~/proj-jobs/train.py")
    # A relative working folder starts at home, as in a terminal.
    info = jobs(JobSpec("pwd; echo CVD=$CUDA_VISIBLE_DEVICES; cat train.py", workdir="proj-jobs", gpus="1,3"))
    done = finished(conn, info.id)
    assert done.status == SUCCEEDED and done.exit_code == 0
    log = read_log(conn, info.id).decode()
    assert f"{sshd.home}/proj-jobs" in log
    assert "CVD=1,3" in log
    assert done.env["CUDA_VISIBLE_DEVICES"] == "1,3"
    assert 'print("loss=0.5")' in log
    conn.exec("rm -rf ~/proj-jobs")


def test_missing_working_folder_fails_with_a_message(jobs) -> None:
    conn = jobs.conn
    info = jobs(JobSpec("echo never", workdir="~/no-such-folder-here"))
    done = finished(conn, info.id)
    assert done.exit_code == 2
    log = read_log(conn, info.id).decode()
    assert "No such file or directory" in log and "never" not in log


def test_path_from_login_profile_is_used(jobs, sshd) -> None:
    # ~/.profile puts ~/bin on PATH; a terminal sees it, so a job must too.
    sshd.install_bin("gpudesk-job-tool", "#!/bin/sh\necho tool says hi\n")
    info = jobs(JobSpec("gpudesk-job-tool"))
    done = finished(jobs.conn, info.id)
    assert done.exit_code == 0
    assert "tool says hi" in read_log(jobs.conn, info.id).decode()


def test_job_survives_a_cut_connection_and_an_app_restart(connect, proxy, jobs) -> None:
    first = connect(port=proxy.port)
    info = start_job(first, JobSpec("for i in 1 2 3 4 5 6; do echo step $i/6 loss=0.$i; sleep 0.5; done", name="survivor"))
    jobs_started = info.id
    try:
        assert info.status == RUNNING
        proxy.cut()
        # The next use of the old connection finds it dead (the proxy's sockets are gone).
        with pytest.raises(Exception):  # noqa: B017, PT011 - Disconnected or RemoteCommandError, either is a dead link
            first.exec("echo still here", timeout=5)
        # "The app restarts": a brand-new Connection rebuilds the job list from the server.
        second = connect()
        listed = {j.id: j for j in list_jobs(second)}
        assert jobs_started in listed
        assert listed[jobs_started].name == "survivor"
        done = finished(second, jobs_started)
        assert done.status == SUCCEEDED
        log = read_log(second, jobs_started).decode()
        assert [line for line in log.splitlines() if line.startswith("step ")] == [f"step {i}/6 loss=0.{i}" for i in range(1, 7)]
    finally:
        stop_job(jobs.conn, jobs_started)
        remove_job(jobs.conn, jobs_started)


def test_stop_records_a_stopped_job(jobs) -> None:
    conn = jobs.conn
    info = jobs(JobSpec("echo started; sleep 300; echo never"))
    wait_for(lambda: b"started" in read_log(conn, info.id))
    # It runs in tmux on the jobs' own server, so the user's tmux (kill-server, options) cannot end it.
    assert info.runner == "tmux"
    assert conn.exec(f"tmux -L gpudesk has-session -t gpudesk-{info.id}").exit_code == 0
    assert conn.exec(f"tmux has-session -t gpudesk-{info.id}").exit_code != 0
    stop_job(conn, info.id)
    done = get_job(conn, info.id)
    assert done is not None and done.status == STOPPED and done.exit_code == 143
    assert not done.alive
    assert b"never" not in read_log(conn, info.id)
    assert conn.exec(f"tmux -L gpudesk has-session -t gpudesk-{info.id}").exit_code != 0


def test_follower_streams_until_the_job_ends(jobs) -> None:
    conn = jobs.conn
    info = jobs(JobSpec("for i in 1 2 3 4; do echo line $i; sleep 0.3; done"))
    chunks: list[bytes] = []
    ended: list[str | None] = []
    follower = LogFollower(conn, info.id, 0, chunks.append, ended.append).open()
    follower.wait(30)
    assert ended == [None]
    assert b"".join(chunks).decode().splitlines() == ["line 1", "line 2", "line 3", "line 4"]
    # From an offset: only what comes after it.
    rest: list[bytes] = []
    LogFollower(conn, info.id, len(b"line 1\n"), rest.append).open().wait(30)
    assert b"".join(rest) == b"line 2\nline 3\nline 4\n"


def test_a_job_whose_wrapper_vanished_is_lost(jobs) -> None:
    conn = jobs.conn
    info = jobs(JobSpec("sleep 300"), "nohup")
    # Kill the wrapper with SIGKILL (no trap runs), as a reboot would.
    conn.exec(f'kill -KILL "-$(cat ~/.gpudesk/jobs/{info.id}/pid)"')
    lost = wait_for(lambda: (j := get_job(conn, info.id)) is not None and j.status == LOST and j)
    assert lost.exit_code is None and not lost.alive
