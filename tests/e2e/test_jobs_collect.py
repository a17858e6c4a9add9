"""Collect results into one zip per job, and TensorBoard through a port forward, on the real sshd."""

from __future__ import annotations

import json
import time
import urllib.request
import zipfile

import pytest

from gpudesk.core.jobs import JobSpec, start_job
from gpudesk.core.jobs.collect import archive_path, collect_results, default_patterns, glob_word, match_results
from gpudesk.core.jobs.runner import get_job, remove_job
from gpudesk.core.jobs.tensorboard import ensure_tensorboard
from gpudesk.core.ssh.forward import Forward, ForwardSpec

pytestmark = pytest.mark.e2e

FAKE_TENSORBOARD = r"""#!/usr/bin/env python3
# Stands in for TensorBoard: an HTTP server on --host/--port that names its --logdir.
import argparse, http.server, os
p = argparse.ArgumentParser()
p.add_argument("--logdir"); p.add_argument("--host"); p.add_argument("--port", type=int)
a = p.parse_args()
open(os.path.expanduser("~/fake-tensorboard.pid"), "w").write(str(os.getpid()))
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = ("TensorBoard logdir=" + a.logdir).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
http.server.HTTPServer((a.host, a.port), H).serve_forever()
"""


def wait_done(conn, job_id: str, timeout: float = 30):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info = get_job(conn, job_id)
        if info is not None and info.exit_code is not None:
            return info
        time.sleep(0.2)
    raise AssertionError("job did not finish")


@pytest.fixture
def project(connect):
    conn = connect()
    conn.exec("rm -rf ~/collect-proj && mkdir -p ~/collect-proj && cd ~/collect-proj && printf 'print(1)\\n' > train.py")
    yield conn
    conn.exec("rm -rf ~/collect-proj")


def test_collect_archives_results_log_command_and_cost(project) -> None:
    conn = project
    script = (
        "mkdir -p outputs/checkpoint-1 runs; head -c 300000 /dev/urandom > outputs/checkpoint-1/model.safetensors; "
        "echo '{\"acc\": 0.9}' > outputs/metrics.json; echo tb > runs/events.out; echo 'a log' > train.log; "
        "echo step 1/1 loss=0.25"
    )
    info = start_job(conn, JobSpec(script, name="collector", workdir="~/collect-proj", env={"SEED": "7"}, log_dir="runs"))
    try:
        job = wait_done(conn, info.id)
        assert job.exit_code == 0
        patterns = default_patterns(job)
        assert patterns[:2] == ["runs", "outputs"] and "*.log" in patterns
        names = [n for n, _ in match_results(conn, job, patterns)]
        assert sorted(names) == ["outputs", "runs", "train.log"]
        dest = archive_path(job, "My GPU box")
        assert dest.parent.name == "My_GPU_box"
        seen: list[int] = []
        result = collect_results(conn, job, patterns, dest, hourly_price=3.6, currency="USD",
                                 env_report="driver 550.54", progress=lambda done, total, name: seen.append(done))
        assert result.files == 4 and result.missing == ["checkpoints", "results"]
        assert seen and seen[-1] == result.bytes
        assert not dest.with_name(dest.name + ".part").exists()
        with zipfile.ZipFile(dest) as zf:
            names = set(zf.namelist())
            assert {"job/log.txt", "job/command.sh", "job/meta.json", "job/cost.json", "job/environment.txt",
                    "results/outputs/checkpoint-1/model.safetensors", "results/outputs/metrics.json",
                    "results/runs/events.out", "results/train.log"} <= names
            remote = conn.exec("cat ~/collect-proj/outputs/checkpoint-1/model.safetensors").stdout
            assert zf.read("results/outputs/checkpoint-1/model.safetensors") == remote
            assert zf.getinfo("results/outputs/checkpoint-1/model.safetensors").compress_type == zipfile.ZIP_STORED
            assert b"step 1/1 loss=0.25" in zf.read("job/log.txt")
            command = zf.read("job/command.sh").decode()
            assert "cd ~/collect-proj" in command and "export SEED=7" in command and "head -c 300000" in command
            cost = json.loads(zf.read("job/cost.json"))
            assert cost["currency"] == "USD" and cost["cost"] == pytest.approx(3.6 * job.duration_s() / 3600, abs=1e-3)
            assert json.loads(zf.read("job/meta.json"))["exit_code"] == 0
    finally:
        remove_job(conn, info.id)


def test_glob_words_never_run_anything(project) -> None:
    conn = project
    conn.exec("cd ~/collect-proj && touch 'a b.txt' c.txt")
    evil = "*.txt; touch pwned"
    word = glob_word(evil)
    out = conn.exec(f"cd ~/collect-proj && for f in {word}; do echo \"[$f]\"; done").out
    # The whole pattern is one literal word: nothing matches it and nothing ran.
    assert out == "[*.txt; touch pwned]\n"
    assert conn.exec("test -e ~/collect-proj/pwned").exit_code != 0
    assert glob_word("~/x/*.pt") == '"$HOME"/x/*.pt'
    assert conn.exec(f"cd ~/collect-proj && for f in {glob_word('a b*')}; do echo \"[$f]\"; done").out == "[a b.txt]\n"


def test_tensorboard_starts_once_and_is_reachable_through_a_forward(project, sshd) -> None:
    conn = project
    sshd.install_bin("tensorboard", FAKE_TENSORBOARD)
    info = start_job(conn, JobSpec("echo hi", workdir="~/collect-proj", log_dir="runs/exp1"))
    try:
        job = wait_done(conn, info.id)
        port = ensure_tensorboard(conn, job)
        assert 6006 <= port < 6016
        # A second click finds the running one instead of starting another.
        assert ensure_tensorboard(conn, job) == port
        fwd = Forward(conn, ForwardSpec("local", 0, "127.0.0.1", port)).start()
        try:
            body = urllib.request.urlopen(f"http://127.0.0.1:{fwd.spec.bind_port}/", timeout=10).read().decode()
            assert body == f"TensorBoard logdir={sshd.home}/collect-proj/runs/exp1"
        finally:
            fwd.close()
    finally:
        conn.exec('kill "$(cat ~/fake-tensorboard.pid)"; rm -f ~/fake-tensorboard.pid ~/bin/tensorboard')
        remove_job(conn, info.id)


def test_tensorboard_missing_is_explained(project) -> None:
    conn = project
    info = start_job(conn, JobSpec("true", workdir="~/collect-proj"))
    try:
        job = wait_done(conn, info.id)
        from gpudesk.core.jobs.runner import JobError

        with pytest.raises(JobError, match="pip install tensorboard"):
            ensure_tensorboard(conn, job)
    finally:
        remove_job(conn, info.id)
