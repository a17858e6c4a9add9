"""The Jobs tab against the real sshd: run, follow, chart, diagnose, notify, collect, survive a drop."""

from __future__ import annotations

import zipfile

import pytest

from gpudesk.core import paths, secrets
from gpudesk.core.jobs import JobSpec
from gpudesk.core.sessions import Session

pytestmark = pytest.mark.gui

TRAIN = (
    "for i in 1 2 3 4 5 6; do echo \"step $i/6 loss=0.$((10 - i))\"; sleep 0.2; done; "
    "printf '\\033[31mtorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\\033[0m\\n'; exit 1"
)


def open_jobs(window, qtbot, sshd, port: int | None = None, name: str = "jobs"):  # type: ignore[no-untyped-def]
    session = Session(name=name, host=sshd.host, port=port or sshd.port, username=sshd.username)
    session.hourly_price = 3.6
    session.currency = "USD"
    window.store.add(session)
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    panel = next(p for p in tab.panels if type(p).__name__ == "JobsPanel")
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    return tab, panel


@pytest.fixture
def cleanup(connect):
    ids: list[str] = []
    yield ids
    conn = connect()
    for job_id in ids:
        conn.exec(f"d=~/.gpudesk/jobs/{job_id}; kill -TERM \"-$(cat $d/pid)\" 2>/dev/null; rm -rf $d")


def test_run_follow_chart_diagnose_notify_collect(window, qtbot, app_trusts_sshd, cleanup) -> None:
    tab, panel = open_jobs(window, qtbot, app_trusts_sshd)
    activity: list[int] = []
    tab.controller.server.activity.subscribe(lambda _kind: activity.append(1))
    tab.controller.connection.exec("rm -rf ~/ui-jobs && mkdir -p ~/ui-jobs")
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec(TRAIN, name="oom-demo", workdir="~/ui-jobs", results=["*.txt"]))
    job = started.args[0]
    cleanup.append(job.id)
    assert panel.selected_id == job.id and panel.ran_a_job
    with qtbot.waitSignal(panel.job_finished, timeout=60000) as finished:
        pass
    done = finished.args[0]
    assert done.id == job.id and done.exit_code == 1
    detail = panel.detail
    # The live log: every line, colours stripped.
    qtbot.waitUntil(lambda: "CUDA out of memory" in detail.log.plain_text(), timeout=10000)
    lines = detail.log.plain_text().splitlines()
    assert lines[:6] == [f"step {i}/6 loss=0.{10 - i}" for i in range(1, 7)]
    assert "\x1b" not in detail.log.plain_text()
    # The loss chart, drawn from the parsed log.
    qtbot.waitUntil(lambda: "loss" in detail.chart._curves, timeout=5000)
    xs, ys = detail.chart._curves["loss"].getData()
    assert list(ys) == [0.9, 0.8, 0.7, 0.6, 0.5, 0.4] and list(xs) == [1, 2, 3, 4, 5, 6]
    # Progress from "step N/M", the diagnosis with the seed's remedies, the notification with cost.
    assert detail.progress.value() == 1000
    assert not detail.diagnosis.isHidden()
    text = detail.diagnosis.toPlainText()
    assert "The GPU ran out of memory" in text and "gradient accumulation" in text and "Tried to allocate" in text
    assert "failed" in panel.message.text() and "exit code 1" in panel.message.text() and "$" in panel.message.text()
    assert "failed" in window.statusBar().currentMessage()
    assert activity, "a running job must count as activity"
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "oom-demo")
    assert panel.table.item(row, 4).text() == "1"

    # Collect results: one zip with the log, command and cost.
    tab.controller.connection.exec("echo result > ~/ui-jobs/metrics.txt")
    dialog = panel.collect_selected()
    dialog.with_env.setChecked(False)
    with qtbot.waitSignal(dialog.collected, timeout=60000) as collected:
        dialog.collect_button.click()
    result = collected.args[0]
    assert result.path.is_relative_to(paths.data_dir() / "jobs")
    with zipfile.ZipFile(result.path) as zf:
        assert zf.read("results/metrics.txt") == b"result\n"
        assert b"CUDA out of memory" in zf.read("job/log.txt")
    assert "$" in dialog.bill.text() and dialog.release_button.isVisible()
    dialog.close()
    tab.controller.connection.exec("rm -rf ~/ui-jobs")


def test_run_dialog_builds_and_starts_a_ddp_job(window, qtbot, app_trusts_sshd, cleanup) -> None:
    tab, panel = open_jobs(window, qtbot, app_trusts_sshd)
    tab.controller.connection.exec("mkdir -p ~/ddp-proj && printf '#!/bin/sh\\necho torchrun \"$@\"\\n' > ~/bin/torchrun && chmod +x ~/bin/torchrun")
    dialog = panel.run_dialog()
    dialog.template.setCurrentIndex(dialog.template.findData("ddp"))
    dialog.script.setText("train.py")
    dialog.gpus.setText("0,1")
    dialog.workdir.setText("~/ddp-proj")
    dialog.env.setPlainText("WANDB_MODE=offline")
    dialog.param_edits["batch_size"].setText("8")
    assert dialog.nproc.value() == 2
    assert "torchrun --standalone --nproc_per_node=2 train.py --batch-size 8" in dialog.preview.text()
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        dialog.run_button.click()
    cleanup.append(started.args[0].id)
    with qtbot.waitSignal(panel.job_finished, timeout=60000) as finished:
        pass
    assert finished.args[0].exit_code == 0
    qtbot.waitUntil(lambda: "torchrun --standalone --nproc_per_node=2" in panel.detail.log.plain_text(), timeout=10000)
    assert finished.args[0].env == {"WANDB_MODE": "offline", "CUDA_VISIBLE_DEVICES": "0,1"}
    tab.controller.connection.exec("rm -rf ~/ddp-proj ~/bin/torchrun")


def test_bad_env_line_blocks_run(window, qtbot, app_trusts_sshd) -> None:
    _tab, panel = open_jobs(window, qtbot, app_trusts_sshd)
    dialog = panel.run_dialog()
    assert dialog.template.currentData() == "single" and dialog.preview.text().startswith("python train.py")
    dialog.template.setCurrentIndex(dialog.template.findData("custom"))
    dialog.command.setText("true")
    dialog.env.setPlainText("NOT A PAIR")
    assert not dialog.run_button.isEnabled() and "Line 1" in dialog.error.text()
    dialog.reject()


def test_job_survives_a_drop_and_the_list_comes_back(window, qtbot, app_trusts_sshd, proxy, cleanup) -> None:
    sshd = app_trusts_sshd
    # The app trusts the sshd's key under the proxy's port too (same server, other door).
    with paths.known_hosts_file().open("a") as fh:
        fh.write(f"[127.0.0.1]:{proxy.port} {sshd.host_key_line}\n")
    tab, panel = open_jobs(window, qtbot, sshd, port=proxy.port, name="via-proxy")
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec("for i in $(seq 1 12); do echo step $i/12 loss=$i; sleep 0.25; done", name="long"))
    job = started.args[0]
    cleanup.append(job.id)
    qtbot.waitUntil(lambda: "step 2/12" in panel.detail.log.plain_text(), timeout=20000)
    proxy.cut()
    tab.controller.connection.transport.close()  # the cut surfaces at once instead of at the next keepalive
    qtbot.waitUntil(lambda: tab.controller.state == "dropped", timeout=20000)
    assert "keep running" in panel.message.text()
    tab.controller.link.reconnect()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    with qtbot.waitSignal(panel.job_finished, timeout=60000) as finished:
        pass
    assert finished.args[0].id == job.id and finished.args[0].exit_code == 0
    qtbot.waitUntil(lambda: "step 12/12" in panel.detail.log.plain_text(), timeout=10000)
    lines = [ln for ln in panel.detail.log.plain_text().splitlines() if ln.startswith("step ")]
    assert lines == [f"step {i}/12 loss={i}" for i in range(1, 13)]  # nothing lost, nothing twice
    assert panel.watches[job.id].metrics.values("loss") == [float(i) for i in range(1, 13)]


def test_app_restart_rebuilds_the_list_from_the_server(window, qtbot, app_trusts_sshd, cleanup, connect) -> None:
    from gpudesk.core.jobs import start_job

    conn = connect()
    info = start_job(conn, JobSpec("echo from before the restart; echo loss=0.25", name="earlier"))
    cleanup.append(info.id)
    _tab, panel = open_jobs(window, qtbot, app_trusts_sshd)
    qtbot.waitUntil(lambda: panel.job(info.id) is not None, timeout=20000)
    panel.select(info.id)
    qtbot.waitUntil(lambda: "from before the restart" in panel.detail.log.plain_text(), timeout=20000)
    qtbot.waitUntil(lambda: panel.watches[info.id].metrics.values("loss") == [0.25], timeout=10000)
    # A job the kernel killed (SIGKILL, as the OOM killer does) while the app was away is diagnosed on sight.
    killed = start_job(conn, JobSpec("echo loading the dataset; sh -c 'kill -KILL $$'", name="killed"))
    cleanup.append(killed.id)
    panel.refresh()
    qtbot.waitUntil(lambda: panel.job(killed.id) is not None and panel.job(killed.id).exit_code == 137, timeout=30000)
    panel.select(killed.id)
    qtbot.waitUntil(lambda: not panel.detail.diagnosis.isHidden(), timeout=20000)
    assert "host memory (RAM) ran out" in panel.detail.diagnosis.toPlainText()
    assert "loading the dataset" in panel.detail.log.plain_text()


FAKE_TENSORBOARD = r"""#!/usr/bin/env python3
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


def test_tensorboard_button_forwards_and_opens_the_browser(window, qtbot, app_trusts_sshd, cleanup, monkeypatch) -> None:
    import urllib.request
    import webbrowser

    sshd = app_trusts_sshd
    sshd.install_bin("tensorboard", FAKE_TENSORBOARD)
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url) or True)  # no real browser in CI
    from gpudesk.ui.qt import QtGui

    # The Forwards tab opens it through the desktop (and shows the address when that fails).
    monkeypatch.setattr(QtGui.QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    tab, panel = open_jobs(window, qtbot, sshd)
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec("echo ok", name="tb", log_dir="tb-runs"))
    cleanup.append(started.args[0].id)
    try:
        panel.tensorboard_button.click()
        qtbot.waitUntil(lambda: bool(opened), timeout=30000)
        body = urllib.request.urlopen(opened[0], timeout=10).read().decode()
        assert body == f"TensorBoard logdir={sshd.home}/tb-runs"
        forwards = next(p for p in tab.panels if type(p).__name__ == "ForwardsPanel")
        assert [f.status for f in forwards.forwards] == ["listening"]  # listed (and closable) in Forwards
    finally:
        tab.controller.connection.exec('kill "$(cat ~/fake-tensorboard.pid)"; rm -rf ~/fake-tensorboard.pid ~/bin/tensorboard ~/tb-runs')


def test_multinode_job_starts_on_every_chosen_session(window, qtbot, app_trusts_sshd, proxy, cleanup) -> None:
    sshd = app_trusts_sshd
    with paths.known_hosts_file().open("a") as fh:
        fh.write(f"[127.0.0.1]:{proxy.port} {sshd.host_key_line}\n")
    tab_b, panel_b = open_jobs(window, qtbot, sshd, port=proxy.port, name="node-b")
    tab_a, panel_a = open_jobs(window, qtbot, sshd, name="node-a")
    tab_a.controller.connection.exec("printf '#!/bin/sh\\necho torchrun \"$@\"\\n' > ~/bin/torchrun && chmod +x ~/bin/torchrun")
    try:
        dialog = panel_a.run_dialog()
        dialog.template.setCurrentIndex(dialog.template.findData("multinode"))
        assert [n.label for n in dialog.nodes()] == ["node-a", "node-b"]
        dialog.workdir.setText("~")
        dialog.rdzv_host.setText("10.0.0.11")
        with qtbot.waitSignal(panel_a.job_started, timeout=30000) as started:
            dialog.run_button.click()
        first = started.args[0]
        cleanup.extend([first.id, first.id.replace("-node0", "-node1")])
        assert first.id.endswith("-node0")
        # node-b's own Jobs tab is refreshed and shows its part of the run.
        qtbot.waitUntil(lambda: panel_b.job(first.id.replace("-node0", "-node1")) is not None, timeout=30000)
        second = panel_b.job(first.id.replace("-node0", "-node1"))
        assert "node-b" in second.name and "--rdzv_endpoint=10.0.0.11:29500" in second.command
        assert "--nnodes=2" in first.command
    finally:
        tab_a.controller.connection.exec("rm -f ~/bin/torchrun")


def test_demo_training_job_draws_its_loss_curve(window, qtbot) -> None:
    """`gpudesk --demo`: Run a job → Run starts the demo's train.py; its loss curve draws."""
    window.start_demo()
    qtbot.waitUntil(lambda: bool(window.tabs_by_session), timeout=30000)
    tab = next(iter(window.tabs_by_session.values()))
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    panel = next(p for p in tab.panels if type(p).__name__ == "JobsPanel")
    train = window.demo_server.sandbox / "project" / "train.py"
    train.write_text(train.read_text().replace("time.sleep(0.2)", "time.sleep(0.02)"))  # same output, faster
    dialog = panel.run_dialog()
    assert dialog.workdir.text() == "~/project" and dialog.script.text() == "train.py"
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        dialog.run_button.click()
    job = started.args[0]
    try:
        with qtbot.waitSignal(panel.job_finished, timeout=60000) as finished:
            pass
        assert finished.args[0].exit_code == 0
        qtbot.waitUntil(lambda: "loss" in panel.detail.chart._curves
                        and len(panel.detail.chart._curves["loss"].getData()[1]) == 50, timeout=10000)
        ys = list(panel.detail.chart._curves["loss"].getData()[1])
        assert ys[0] == pytest.approx(2.0 / 11, abs=1e-4) and ys[-1] == pytest.approx(2.0 / 60, abs=1e-4)
        assert panel.detail.diagnosis.isHidden()
    finally:
        tab.controller.connection.exec(f"rm -rf ~/.gpudesk/jobs/{job.id}")
