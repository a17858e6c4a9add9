"""The GPUs sub-tab against the real sshd with the nvidia-smi replay."""

from __future__ import annotations

import csv

import pytest

from gpudesk.core import settings
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.ui.gpus.envreport import EnvReportDialog
from gpudesk.ui.qt import QtCore
from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - the replay fixture
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]


@pytest.fixture
def make_panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.gpus.panel import GpuPanel

    made = []

    def make(check_on_connect: bool = False):
        settings.set("telemetry.check_on_connect", check_on_connect)
        settings.set("telemetry.interval_ms", 300)
        settings.set("telemetry.processes_interval_s", 1)
        known = tmp_path / "known_hosts"
        known.write_text(sshd.known_hosts.read_text())
        session = Session(name="gpu-box", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                          identity_file=str(sshd.key_path), keepalive_s=0)
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        panel = GpuPanel(controller.server)
        qtbot.addWidget(panel)
        panel.resize(1200, 900)
        panel.show()
        made.append((panel, controller))
        controller.link.connect()
        return panel, controller

    yield make
    for panel, controller in made:
        panel.shutdown()
        controller.close()


def test_panel_shows_every_gpu_with_summary_and_processes(qtbot, make_panel, nvsmi) -> None:  # noqa: F811
    nvsmi("v100-x8")
    panel, controller = make_panel()
    qtbot.waitUntil(lambda: sum(c.isVisible() for c in panel.cards) == 8, timeout=WAIT)
    assert panel.cards[3].title.text() == "GPU 3 · Tesla V100-SXM2-16GB"
    assert "52 °C" in panel.cards[3].details.text()  # row 3 of the capture: 52C, 77W / 300W
    assert "77 / 300 W" in panel.cards[3].details.text()
    qtbot.waitUntil(lambda: controller.summary.startswith("8× V100 · 100%"), timeout=WAIT)
    qtbot.waitUntil(lambda: panel.table.rowCount() == 8, timeout=WAIT)
    pids = {panel.table.item(r, 1).text() for r in range(8)}
    assert "1552275" in pids
    assert panel.table.item(0, 0).text() == "0"
    qtbot.waitUntil(lambda: "driver 535.129.03" in panel.state_label.text(), timeout=WAIT)
    assert panel.sampler is not None and panel.sampler.streams_started == 1
    # charts have one curve per GPU on each of the four charts
    qtbot.waitUntil(lambda: len(panel.charts._curves["power_w"]) == 8, timeout=WAIT)


def test_broken_driver_is_explained_not_raised(qtbot, make_panel, nvsmi) -> None:  # noqa: F811
    nvsmi("nvml-mismatch")
    panel, _ = make_panel()
    qtbot.waitUntil(lambda: "Driver/library version mismatch" in panel.state_label.text(), timeout=WAIT)
    assert "Reboot" in panel.state_label.text()
    assert not panel.cards


def test_environment_check_and_exports(qtbot, make_panel, nvsmi, tmp_path) -> None:  # noqa: F811
    nvsmi("h100")
    panel, _ = make_panel(check_on_connect=True)
    with qtbot.waitSignal(panel.report_ready, timeout=60000) as got:
        pass
    report = got.args[0]
    assert report.driver == "590.48.01" and report.cuda == "13.1"
    assert {"nvidia-smi", "GPUs", "Driver", "tmux"} <= {c.name for c in report.checks}
    assert "Show report" in panel.check_label.text()
    assert not panel.findChildren(EnvReportDialog)  # after login: a line in the panel, no window
    with qtbot.waitSignal(panel.report_ready, timeout=60000):
        qtbot.mouseClick(panel.check_button, QtCore.Qt.MouseButton.LeftButton)
    dialogs = [d for d in panel.findChildren(EnvReportDialog) if d.isVisible()]
    assert len(dialogs) == 1 and dialogs[0].view.topLevelItemCount() == len(report.checks)
    dialogs[0].close()
    qtbot.waitUntil(lambda: len(panel.history.keys()) == 1 and panel.history.raw.n >= 3, timeout=WAIT)
    # the capture alternates idle (0 %) and load (100 %) frames: the util hint logic sees real values
    rows = panel.export_csv(str(tmp_path / "h.csv"))
    with open(tmp_path / "h.csv") as fh:
        data = list(csv.DictReader(fh))
    assert rows == len(data) >= 3 and {r["util_gpu"] for r in data} <= {"0", "100"}
    panel.charts.refresh()
    assert panel.charts.export_png(str(tmp_path / "c.png")) and (tmp_path / "c.png").stat().st_size > 1000
    text = panel.charts.readout_at(panel.history.latest_t)
    assert "GPU 0" in text and "GiB" in text


def test_reconnect_restarts_the_stream(qtbot, make_panel, nvsmi) -> None:  # noqa: F811
    nvsmi("gtx1650")
    panel, controller = make_panel()
    qtbot.waitUntil(lambda: panel.history.raw.n >= 2, timeout=WAIT)
    first = panel.sampler
    controller.link.reconnect()
    qtbot.waitUntil(lambda: panel.sampler is not None and panel.sampler is not first and panel.sampler.decoder.status is not None,
                    timeout=WAIT)
    n = panel.history.raw.n
    qtbot.waitUntil(lambda: panel.history.raw.n > n + 1, timeout=WAIT)
    assert not first.running
    assert panel.cards[0].details.text().count("–") >= 2  # power draw and clocks are N/A on that card


def test_charts_move_against_the_demo_server(qtbot, tmp_path) -> None:
    from gpudesk.core.demo.server import DemoConfig, DemoServer
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.gpus.panel import GpuPanel

    settings.set("telemetry.check_on_connect", False)
    settings.set("telemetry.interval_ms", 300)
    server = DemoServer(DemoConfig(gpus=2, load="training", sandbox=tmp_path / "demo")).start()
    try:
        info = server.info()
        known = tmp_path / "known_hosts"
        known.write_text(server.known_hosts_line())
        session = Session(name="demo", host=info["host"], port=info["port"], username=info["username"], auth="password")
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        controller.link.set_password(info["password"])
        panel = GpuPanel(controller.server)
        qtbot.addWidget(panel)
        panel.show()
        controller.link.connect()
        qtbot.waitUntil(lambda: panel.history.raw.n >= 4, timeout=WAIT)
        t, lo, _ = panel.history.window(panel.history.keys()[0], "power_w", 60)
        assert len(set(lo[~(lo != lo)].tolist())) > 1  # the simulated load moves
        qtbot.waitUntil(lambda: controller.summary.startswith("2× H100"), timeout=WAIT)
        panel.shutdown()
        controller.close()
    finally:
        server.stop()


def test_a_young_history_fills_the_chart_then_the_window_takes_over(qtbot) -> None:
    """Right after connecting, a few seconds of samples fill the chart instead of a dot at its right edge."""
    from gpudesk.core.telemetry.history import History
    from gpudesk.core.telemetry.model import Frame, GpuSample
    from gpudesk.ui.gpus.charts import MIN_SPAN_S, GpuCharts

    gpus = [GpuSample(0, "GPU-0", "NVIDIA H100 80GB HBM3", util_gpu=97.0, mem_used_mib=70000.0)]
    history = History()
    t0 = 1_000_000.0
    for i in range(5):
        history.add(Frame(t0 + i, gpus))
    charts = GpuCharts(history)
    qtbot.addWidget(charts)
    charts.span_s = 600.0
    charts.refresh(now=t0 + 4)
    plot = next(iter(charts._plots.values()))
    lo, hi = plot.vb.viewRange()[0]
    assert hi == pytest.approx(t0 + 4) and hi - lo == pytest.approx(MIN_SPAN_S)

    for i in range(5, 900, 5):
        history.add(Frame(t0 + i, gpus))
    charts.refresh(now=t0 + 895)
    lo, hi = plot.vb.viewRange()[0]
    assert hi - lo == pytest.approx(600.0)  # long enough: the chosen window
