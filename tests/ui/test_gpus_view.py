"""The GPUs tab as a view of the server's live feed, against the real sshd with the nvidia-smi replay.

The feed (in the core) owns the one sampler and the history; panels only show it: a panel made
late shows what came before it, two panels share one remote stream, and the idle advice that says
the server "is billed" goes away once billing says it stopped.
"""

from __future__ import annotations

import pytest

from gpudesk.core import settings
from gpudesk.core.billing.price import Price
from gpudesk.core.live.billing import BillingState
from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.telemetry.hints import Warmup
from tests.e2e.test_gpus_cli import INTERVAL_MS, LOOPS, nvsmi  # noqa: F401 - nvsmi is a fixture
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
IDLE_ALL = "All GPUs are idle while the server is billed"


@pytest.fixture
def controller(qtbot, sshd, tmp_path):  # type: ignore[no-untyped-def]
    """A connected controller for the test sshd (its LiveServer made on the spot, as the app's would be)."""
    from gpudesk.ui.controller import ConnectionController

    settings.set("telemetry.check_on_connect", False)
    settings.set("telemetry.interval_ms", INTERVAL_MS)
    settings.set("telemetry.processes_interval_s", 1)
    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="gpu-box",
        host=sshd.host,
        port=sshd.port,
        username=sshd.username,
        auth="key_file",
        identity_file=str(sshd.key_path),
        keepalive_s=0,
    )
    made = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    yield made
    made.close()


def make_panel(qtbot, controller, owned: bool = True):  # type: ignore[no-untyped-def]
    from gpudesk.ui.gpus.panel import GpuPanel

    panel = GpuPanel(controller.server)
    if owned:  # closed by the test run; a panel the test deletes itself is not
        qtbot.addWidget(panel)
    panel.resize(1200, 900)
    panel.show()
    return panel


def loops(controller) -> int:  # type: ignore[no-untyped-def]
    return int(controller.connection.exec(LOOPS).out.strip() or 0)


def test_a_panel_made_after_the_samples_shows_them_at_once(qtbot, controller, nvsmi) -> None:  # noqa: F811
    nvsmi("v100-x8")
    controller.link.connect()
    feed = controller.server.telemetry
    # No panel yet: the server samples on its own.
    qtbot.waitUntil(lambda: feed.history.raw.n >= 3 and len(feed.processes) == 8, timeout=WAIT)
    qtbot.waitUntil(lambda: controller.summary.startswith("8× V100 · 100%"), timeout=WAIT)
    panel = make_panel(qtbot, controller)
    # At once, before any new sample could reach it.
    assert sum(c.isVisible() for c in panel.cards) == 8
    assert panel.cards[3].title.text() == "GPU 3 · Tesla V100-SXM2-16GB"
    assert panel.table.rowCount() == 8 and panel.table.item(0, 0).text() == "0"
    assert panel.history is feed.history and panel.charts.history is feed.history
    assert panel.sampler is feed.sampler and feed.sampler.streams_started == 1
    # It keeps moving with the feed.
    n = feed.history.raw.n
    qtbot.waitUntil(lambda: feed.history.raw.n > n and "driver 535.129.03" in panel.state_label.text(), timeout=WAIT)


def test_two_views_share_one_stream_and_outlive_each_other(qtbot, controller, nvsmi) -> None:  # noqa: F811
    nvsmi("h100")
    first = make_panel(qtbot, controller, owned=False)
    second = make_panel(qtbot, controller)
    controller.link.connect()
    feed = controller.server.telemetry
    qtbot.waitUntil(lambda: len(first.cards) == 1 and len(second.cards) == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: loops(controller) == 1, timeout=WAIT)
    assert first.sampler is second.sampler is feed.sampler and feed.sampler.streams_started == 1
    sampler = feed.sampler
    # Closing a view ends nothing that runs for the server.
    first.shutdown()
    first.deleteLater()
    qtbot.waitUntil(lambda: not alive(first), timeout=WAIT)
    n = feed.history.raw.n
    qtbot.waitUntil(lambda: feed.history.raw.n >= n + 2, timeout=WAIT)
    assert feed.sampler is sampler and sampler.running and loops(controller) == 1
    assert second.cards[0].isVisible()


def alive(widget) -> bool:  # type: ignore[no-untyped-def]
    import shiboken6

    return shiboken6.isValid(widget)


def test_the_idle_advice_goes_once_billing_stopped(qtbot, controller, nvsmi) -> None:  # noqa: F811
    nvsmi("gtx1650")  # one idle GPU, no processes
    feed, billing = controller.server.telemetry, controller.server.billing
    feed.warmup = Warmup(warmup_s=0.0)
    panel = make_panel(qtbot, controller)
    controller.link.connect()
    label = panel.hints_label
    qtbot.waitUntil(lambda: label.isVisible() and IDLE_ALL in label.text(), timeout=WAIT)
    assert billing.state == BillingState.UNKNOWN  # nobody knows: it may cost money

    sid, meter = controller.session.id, billing.meter
    meter.configure(sid, "gpu-box", Price(2.0), "manual")
    meter.start(sid)
    qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=WAIT)
    assert IDLE_ALL in label.text()
    meter.stop(sid)  # the instance was stopped: the tab must not say it is billed
    qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=WAIT)
    qtbot.waitUntil(lambda: "billed" not in label.text(), timeout=WAIT)
    n = feed.history.raw.n
    qtbot.waitUntil(lambda: feed.history.raw.n >= n + 3, timeout=WAIT)
    panel.redraw()
    assert "billed" not in label.text() and not any(h.kind == "idle" for h in panel.current_hints)


def test_a_panel_made_after_nvidia_smi_failed_says_so_at_once(qtbot, controller, nvsmi) -> None:  # noqa: F811
    nvsmi("nvml-mismatch")
    controller.link.connect()
    feed = controller.server.telemetry
    qtbot.waitUntil(lambda: feed.status is not None and not feed.status.ok, timeout=WAIT)
    panel = make_panel(qtbot, controller)
    text = panel.state_label.text()
    assert "Driver/library version mismatch" in text and "Reboot" in text
    assert not panel.cards
