"""The Collect results dialog: asks where to save (and remembers the folder), names the zip after the job,
keeps the job's code, and says plainly what the patterns did not find.

Against the real test sshd, through the main window's Jobs tab.
"""

from __future__ import annotations

import zipfile

import pytest

from gpudesk.core import settings
from gpudesk.core.jobs import JobSpec
from gpudesk.ui.qt import QtWidgets
from tests.ui.test_jobs_panel import open_jobs

pytestmark = pytest.mark.gui

SETUP = r"""
rm -rf ~/honest-ui && mkdir -p ~/honest-ui && cd ~/honest-ui
printf 'mkdir -p outputs\necho ok > outputs/metrics.txt\n' > train.sh
git init -q . && git add train.sh && git -c user.name=gpudesk -c user.email=test@example.invalid commit -qm first
"""


@pytest.fixture
def finished_job(window, qtbot, app_trusts_sshd, connect):  # type: ignore[no-untyped-def]
    tab, panel = open_jobs(window, qtbot, app_trusts_sshd, name="collector")
    assert tab.controller.connection.exec("sh -s", stdin=SETUP.encode()).exit_code == 0
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec("sh train.sh", name="sweep lr 3e-4", workdir="~/honest-ui"))
    job = started.args[0]
    qtbot.waitUntil(lambda: (j := panel.job(job.id)) is not None and j.exit_code is not None, timeout=60000)
    panel.select(job.id)
    yield panel, job
    connect().exec(f"rm -rf ~/honest-ui ~/.gpudesk/jobs/{job.id}")


def _collect(dialog, qtbot):  # type: ignore[no-untyped-def]
    dialog.with_env.setChecked(False)
    with qtbot.waitSignal(dialog.collected, timeout=60000) as collected:
        dialog.collect_button.click()
    return collected.args[0]


def test_asks_where_remembers_the_folder_and_names_the_zip(finished_job, qtbot, tmp_path) -> None:
    panel, job = finished_job
    dialog = panel.collect_selected()
    assert dialog.dest.name == f"sweep_lr_3e-4-{job.id}.zip"  # named after the job, not its id alone
    assert dialog.dest_edit.text() == str(dialog.dest)
    chosen = tmp_path / "my results"
    chosen.mkdir()
    files = dialog.choose_destination()
    assert isinstance(files, QtWidgets.QFileDialog) and files.isVisible()
    assert files.acceptMode() == QtWidgets.QFileDialog.AcceptMode.AcceptSave
    files.selectFile(str(chosen / "sweep.zip"))
    files.accept()
    assert dialog.dest == chosen / "sweep.zip" and dialog.dest_edit.text() == str(chosen / "sweep.zip")
    result = _collect(dialog, qtbot)
    assert result.path == chosen / "sweep.zip"
    with zipfile.ZipFile(result.path) as zf:
        names = set(zf.namelist())
        assert {"job/code/train.sh", "job/git.txt", "job/git.diff", "results/outputs/metrics.txt"} <= names
    text = dialog.status.text()
    assert "train.sh" in text and "git commit" in text
    # Patterns the job did not use: said as information, not as a failure.
    assert dialog.skipped.isVisible() and "skipped" in dialog.skipped.text()
    assert "Nothing matched" not in text + dialog.skipped.text()
    dialog.close()
    # The next collect starts in the folder chosen last, with the next zip named after its job.
    qtbot.waitUntil(lambda: settings.get("jobs.results_folder") == str(chosen), timeout=5000)
    again = panel.collect_selected()
    assert again.dest == chosen / f"sweep_lr_3e-4-{job.id}.zip"
    again.close()


def test_nothing_matched_reads_as_information(finished_job, qtbot, tmp_path) -> None:
    panel, _job = finished_job
    dialog = panel.collect_selected()
    dialog.patterns.setPlainText("checkpoints\n*.ckpt")
    dialog.set_destination(str(tmp_path))  # a folder: the zip keeps the job's name inside it
    result = _collect(dialog, qtbot)
    assert result.files == 0 and result.path.parent == tmp_path and result.path.exists()
    assert not dialog.bar.isHidden() and dialog.bar.value() == dialog.bar.maximum()
    info = dialog.skipped.text()
    assert dialog.skipped.isVisible() and "record only" in info
    for word in ("Nothing matched", "fail", "error", "Error"):
        assert word not in info and word not in dialog.status.text()
    assert "Saved 0 result file(s)" in dialog.status.text()
    dialog.close()
