"""A finished job's cost stays pinned to the session and price it ran under (issue #33, item 8).

Against the real sshd: a job ends while the session bills $3.60/h; later the session's price
changes (a relaunch on another offer) and the app restarts. The Jobs tab, the notification and
"Collect results" still say the job's cost at $3.60/h.
"""

from __future__ import annotations

import pytest

from gpudesk.core import secrets
from gpudesk.core.jobs import JobSpec
from gpudesk.core.sessions import Session

pytestmark = pytest.mark.gui


def panel_of(window, qtbot, session_id):  # type: ignore[no-untyped-def]
    window.open_session(session_id)
    tab = window.tabs_by_session[session_id]
    panel = next(p for p in tab.panels if type(p).__name__ == "JobsPanel")
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=20000)
    return tab, panel


def test_a_finished_jobs_cost_keeps_its_price_after_a_price_change_and_a_restart(
    qtbot, app_trusts_sshd, connect
) -> None:
    from gpudesk.core.jobs.costs import book
    from gpudesk.ui.main_window import MainWindow

    sshd = app_trusts_sshd
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    session = Session(name="pinned", host=sshd.host, port=sshd.port, username=sshd.username)
    session.hourly_price = 3.6
    session.currency = "USD"
    window.store.add(session)
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    job_id = ""
    try:
        _tab, panel = panel_of(window, qtbot, session.id)
        with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
            panel.start(JobSpec("sleep 2", name="short"))
        job_id = started.args[0].id
        with qtbot.waitSignal(panel.job_finished, timeout=60000):
            pass
        job = panel.job(job_id)
        qtbot.waitUntil(lambda: "cost" in panel.detail.facts.text() and panel.detail.job.finished, timeout=10000)
        before = panel.detail.facts.text()
        expected_cost = 3.6 * job.duration_s() / 3600.0
        # The session is relaunched on another offer: it bills more from now on, not back in time.
        stored = window.store.get(session.id)
        stored.hourly_price = 9.0
        window.store.update(stored)
    finally:
        window.shutdown()
        window.close()
    # The app restarts.
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    try:
        _tab, panel = panel_of(window, qtbot, session.id)
        assert window.store.get(session.id).hourly_price == 9.0
        qtbot.waitUntil(lambda: panel.job(job_id) is not None, timeout=20000)
        panel.select(job_id)
        qtbot.waitUntil(lambda: "cost" in panel.detail.facts.text(), timeout=10000)
        assert panel.detail.facts.text() == before
        assert panel.detail.hourly_price == 3.6
        pin = book().get(session.id, job_id)
        assert pin is not None and pin.final and pin.hourly_price == 3.6 and pin.currency == "USD"
        assert pin.cost == pytest.approx(expected_cost)
        dialog = panel.collect_selected()
        try:
            from gpudesk.core.jobs.costs import price_of

            assert price_of(session.id, 9.0, "USD", job_id) == (3.6, "USD")
        finally:
            dialog.close()
    finally:
        window.shutdown()
        connect().exec(f"rm -rf ~/.gpudesk/jobs/{job_id}")
