"""The Jobs tab's run time agrees with the job's log: it keeps up while the job runs (however far apart the
list refreshes are), stops where the log says the job ended, and a lost job's time does not count on.

Against the real test sshd; the job prints the server's clock, so the log carries its own timestamps.
"""

from __future__ import annotations

import re

import pytest

from gpudesk.core import settings
from gpudesk.core.jobs import JobSpec
from tests.ui.test_jobs_panel import open_jobs

pytestmark = pytest.mark.gui

# Prints the server's time with each step; the wrapper records start and end on the same clock.
STEPS = 'for i in 1 2 3 4 5 6 7 8; do echo "step $i/8 at $(date +%s)"; sleep 1; done; echo "done at $(date +%s)"'


def _ran(detail) -> int:  # type: ignore[no-untyped-def]
    """The detail's "ran …" as seconds."""
    m = re.search(r"ran (?:(\d+) h )?(?:(\d+) min )?(\d+) s", detail.facts.text())
    assert m, detail.facts.text()
    h, mins, secs = (int(v or 0) for v in m.groups())
    return h * 3600 + mins * 60 + secs


def _stamps(detail) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(v) for v in re.findall(r" at (\d+)$", detail.log.plain_text(), re.M)]


@pytest.fixture
def panel(window, qtbot, app_trusts_sshd, connect):  # type: ignore[no-untyped-def]
    settings.set("jobs.refresh_s", 3600)  # list refreshes far apart: the run time must not wait for them
    _tab, jobs = open_jobs(window, qtbot, app_trusts_sshd, name="runtime")
    yield jobs
    connect().exec('for d in ~/.gpudesk/jobs/*/; do kill -KILL "-$(cat "$d/pid")" 2>/dev/null; done; rm -rf ~/.gpudesk/jobs')


def test_run_time_keeps_up_with_the_log_and_stops_at_its_end(panel, qtbot) -> None:
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec(STEPS, name="steps"))
    job = started.args[0]
    detail = panel.detail
    # While it runs: once the log shows a step stamped 3 s after the start, the run time says at least that.
    qtbot.waitUntil(lambda: any(s - job.start >= 3 for s in _stamps(detail)), timeout=30000)
    logged = max(_stamps(detail)) - job.start
    assert panel.job(job.id).status == "running"
    qtbot.waitUntil(lambda: _ran(detail) >= logged, timeout=5000)
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "steps")
    qtbot.waitUntil(lambda: panel.table.item(row, 3).text() != "0 s", timeout=5000)
    # After it ends: the run time is the log's span, and it stays there.
    with qtbot.waitSignal(panel.job_finished, timeout=60000):
        pass
    finished = panel.job(job.id)
    # The recorded end comes after the log's last line (the wrapper writes it once the job's output closed).
    log_span = _stamps(detail)[-1] - job.start
    assert _ran(detail) == finished.end - finished.start and _ran(detail) >= log_span, (detail.facts.text(), log_span)
    shown = detail.facts.text()
    qtbot.wait(2500)
    assert detail.facts.text() == shown


def test_a_lost_job_does_not_count_on(panel, qtbot, connect) -> None:
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec("echo begin; sleep 300", name="doomed"))
    job = started.args[0]
    # The server loses the job without an exit record (a kill -9, an out-of-memory kill, a reboot).
    connect().exec(f'kill -KILL "-$(cat ~/.gpudesk/jobs/{job.id}/pid)"')
    panel.refresh()
    qtbot.waitUntil(lambda: (j := panel.job(job.id)) is not None and j.status == "lost", timeout=30000)
    panel.select(job.id)
    assert "ran –" in panel.detail.facts.text() and "cost" not in panel.detail.facts.text()
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "doomed")
    assert panel.table.item(row, 3).text() == "–"
