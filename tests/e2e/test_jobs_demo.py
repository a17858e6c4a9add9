"""In the built-in demo server, the demo training job runs as a job and its loss curve is found in its log."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from gpudesk.core.jobs import JobSpec, read_log, start_job
from gpudesk.core.jobs.runner import get_job
from gpudesk.core.jobs.watch import JobWatch
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo(tmp_path: Path):
    from gpudesk.core.demo.server import DemoConfig, DemoServer

    server = DemoServer(DemoConfig(sandbox=tmp_path / "sandbox")).start()
    store = HostKeyStore(tmp_path / "known_hosts", extra_files=[])
    store.trust_once(server.host, server.port, server.host_key)
    conn = Connection(Target(server.host, server.port, server.username, timeout_s=10, keepalive_s=0),
                      Credentials("password", password=server.password), store).connect()
    yield server, conn
    conn.close()
    server.stop()


def test_demo_training_job_and_its_loss_curve(demo) -> None:
    server, conn = demo
    # Faster than the shipped 10 s, same output format ("epoch E step S loss L").
    train = server.sandbox / "project" / "train.py"
    train.write_text(train.read_text().replace("time.sleep(0.2)", "time.sleep(0.01)"))
    info = start_job(conn, JobSpec("python train.py", name="demo training", workdir="~/project"))
    try:
        deadline = time.monotonic() + 60
        while (job := get_job(conn, info.id)) is not None and job.exit_code is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert job is not None and job.exit_code == 0, read_log(conn, info.id)
        watch = JobWatch(info.id)
        watch.feed(read_log(conn, info.id))
        watch.finish(job.exit_code)
        losses = watch.metrics.values("loss")
        assert len(losses) == 50
        assert losses[0] == pytest.approx(2.0 / 11, abs=1e-4) and losses[-1] == pytest.approx(2.0 / 60, abs=1e-4)
        assert watch.diagnoser.findings == []
        # The job's files live in the demo's sandbox home, where its Files tab looks.
        assert (server.sandbox / ".gpudesk" / "jobs" / info.id / "log").exists()
    finally:
        conn.exec(f"rm -rf ~/.gpudesk/jobs/{info.id}")
