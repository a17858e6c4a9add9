"""The four-step guide: where the user is, what is done, and next-action buttons that open the right place."""

from __future__ import annotations

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions import Session
from gpudesk.ui.guide.steps import CHOOSE, COLLECT, LOGIN, RUN

pytestmark = pytest.mark.gui


def guide_of(window):  # type: ignore[no-untyped-def]
    window.show_guide(True)
    return window.guide_dock.widget()


def test_guide_walks_through_the_four_steps(window, qtbot, app_trusts_sshd, connect) -> None:
    sshd = app_trusts_sshd
    connect().exec("rm -rf ~/.gpudesk/jobs")  # a fresh server: no job has run on it yet
    guide = guide_of(window)
    assert window.guide_dock.isVisible() and window.guide_action.isChecked()
    assert guide.progress.current == CHOOSE
    assert guide.summary.text().startswith("0 of 4")
    assert guide.current_card() is guide.cards[CHOOSE]
    assert not guide.cards[CHOOSE].why.isHidden() and guide.cards[RUN].why.isHidden()
    # Each step explains itself in two sentences.
    from gpudesk.ui.guide.steps import STEPS

    assert all(step.why.count(". ") + step.why.endswith(".") == 2 for step in STEPS)

    # Step 1 done once a server is saved.
    session = Session(name="guided", host=sshd.host, port=sshd.port, username=sshd.username)
    window.store.add(session)
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    guide.refresh()
    assert guide.progress.current == LOGIN
    labels = [b.text() for b in guide.cards[LOGIN].action_buttons()]
    assert labels == ["New session…", "Try the demo server"]

    # Step 2: connected.
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: guide.progress.current == RUN, timeout=20000)
    # The guide follows the live server; the tab's own copy of the connection arrives a moment later.
    qtbot.waitUntil(lambda: tab.controller.connection is not None, timeout=20000)
    assert guide.cards[LOGIN].state.text() == "Connected."
    jobs = next(p for p in tab.panels if type(p).__name__ == "JobsPanel")

    # Step 3: its first button opens the Jobs tab and the run form.
    run_button = guide.cards[RUN].action_buttons()[0]
    assert run_button.text() == "Run a job"
    run_button.click()
    assert tab.tabs.currentWidget() is jobs
    dialog = jobs._dialogs[-1]
    tab.controller.connection.exec("mkdir -p ~/guided")  # its own folder: the defaults must not collect others' files
    dialog.template.setCurrentIndex(dialog.template.findData("custom"))
    dialog.command.setText("mkdir -p guided-out && echo done > guided-out/r.txt && echo loss=0.1")
    dialog.workdir.setText("~/guided")
    dialog.results.setText("guided-out")
    with qtbot.waitSignal(jobs.job_started, timeout=30000) as started:
        dialog.run_button.click()
    job_id = started.args[0].id
    try:
        qtbot.waitUntil(lambda: guide.progress.current == COLLECT, timeout=10000)
        # "Upload files" brings the Files tab forward when there is one.
        upload = guide.cards[RUN].action_buttons()[1]
        assert upload.text() == "Upload files"
        upload.click()
        files = next((p for p in tab.panels if type(p).__name__ == "FilesPanel"), None)
        if files is not None:
            assert tab.tabs.currentWidget() is files
        qtbot.waitUntil(lambda: jobs.job(job_id) is not None and jobs.job(job_id).exit_code == 0, timeout=30000)

        # Step 4: collect opens the collect dialog for the selected job.
        jobs.select(job_id)
        collect = guide.cards[COLLECT].action_buttons()[0]
        assert collect.text() == "Collect results"
        collect.click()
        dialog = jobs._dialogs[-1]
        dialog.with_env.setChecked(False)
        dialog.collect_button.click()
        qtbot.waitUntil(lambda: dialog.result is not None or "failed" in dialog.status.text(), timeout=30000)
        assert dialog.result is not None, dialog.status.text()
        guide.refresh()
        assert all(guide.progress.done.values())
        assert guide.summary.text() == "All four steps done. Nothing of yours is billing any more."
        # Said only when true: a volume still billing after the stop keeps step 4 honest.
        from gpudesk.core.billing import storage
        from gpudesk.core.providers.base import Storage

        storage.track(window.costbar.meter, "rp", [Storage("vol1", "network_volume", "datasets", 100, 0.01)])
        guide.refresh()
        assert "Nothing of yours" not in guide.summary.text()
        assert "Billing now: compute $0.00/h + storage $0.01/h (datasets (network volume, rp))" in guide.cards[COLLECT].state.text()
        storage.track(window.costbar.meter, "rp", [])  # deleted at the provider
        guide.refresh()
        assert guide.summary.text().endswith("Nothing of yours is billing any more.")
        dialog.close()
    finally:
        connect().exec(f"rm -rf ~/.gpudesk/jobs/{job_id} ~/guided")


def test_troubleshooting_covers_the_pitfalls(window) -> None:
    guide = guide_of(window)
    titles = [guide.troubles.itemText(i) for i in range(guide.troubles.count())]
    assert titles == ["Environment conflicts", "Out of memory", "Network latency", "Billing traps"]
    texts = " ".join(guide.troubles.widget(i).text() for i in range(guide.troubles.count()))
    for needle in ("conda env or venv", "gradient accumulation", "RDMA", "stopped instance may still bill"):
        assert needle in texts


def test_experts_can_hide_it(window, qtbot) -> None:
    guide_of(window)
    window.guide_action.setChecked(False)
    assert not window.guide_dock.isVisible()


def test_actions_without_a_connection_say_what_to_do(window) -> None:
    guide = guide_of(window)
    assert guide.show_subtab("jobs") is None
    assert "Connect to a server first" in window.statusBar().currentMessage()


def test_what_still_bills_shows_in_step_4_before_the_user_gets_there(window, qtbot) -> None:
    """A stopped server's disk bills whatever step the user is at: step 4 says so in the ledger's words (as the cost bar
    and Providers say it), and says nothing while nothing bills."""
    from gpudesk.core.billing import storage
    from gpudesk.core.providers.base import Storage

    guide = guide_of(window)
    assert guide.progress.current == CHOOSE
    assert guide.cards[COLLECT].state.text() == ""  # nothing bills: no news on a later step
    storage.track(window.costbar.meter, "rp", [Storage("vol1", "network_volume", "datasets", 100, 0.01)])
    guide.refresh()
    text = guide.cards[COLLECT].state.text()
    assert "Billing now: compute $0.00/h + storage $0.01/h (datasets (network volume, rp))" in text, text
    assert guide.cards[COLLECT].state.isVisible()
