"""Text from outside is text: no label, message box, tooltip or item shows server or provider text as markup.

Qt reads text as HTML when it *might* be rich text; for ``<img src="/dev/zero">`` it then opens that file
itself and reads until memory runs out. The markers here are harmless (a missing file, a bold tag): each test
checks the text is shown literally, through each place that shows outside text and across every window.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import gpudesk.ui
from gpudesk.core.sessions import Session
from gpudesk.ui import plaintext
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

pytestmark = pytest.mark.gui
Qt = QtCore.Qt
HOSTILE = '<b>bold</b><img src="/nonexistent-gpudesk-probe.png">'
RAW = "<b>bold</b>"


def widgets_of(root: QtWidgets.QWidget) -> list[QtWidgets.QWidget]:
    return [root, *root.findChildren(QtWidgets.QWidget)]


def describe(w: QtWidgets.QWidget) -> str:
    chain, p = [], w
    while p is not None:
        chain.append(f"{type(p).__name__}({p.objectName()})")
        p = p.parentWidget()
    return " < ".join(chain)


def shown_tooltip(widget: QtWidgets.QWidget, pos: QtCore.QPoint | None = None) -> str:
    """The tooltip as Qt would show it after hovering ``widget`` at ``pos``."""
    QtWidgets.QToolTip.hideText()
    pos = pos or QtCore.QPoint(1, 1)
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos))
    QtWidgets.QApplication.sendEvent(widget, event)
    return QtWidgets.QToolTip.text()


def assert_outside_text_is_text(root: QtWidgets.QWidget) -> int:
    """The one rule, over every widget under ``root``; returns how many labels it looked at."""
    seen = 0
    for w in widgets_of(root):
        w.ensurePolished()
        if isinstance(w, QtWidgets.QLabel | QtWidgets.QMessageBox):
            seen += 1
            fmt = w.textFormat()
            assert fmt == Qt.TextFormat.PlainText or (fmt == Qt.TextFormat.RichText and w.property(plaintext.RICH)), (
                f"{describe(w)} reads its text as markup ({fmt})"
            )
            if fmt != Qt.TextFormat.PlainText:
                assert RAW not in w.text() and "<img" not in w.text(), f"{describe(w)} shows outside markup"
        tip = w.toolTip()
        if RAW in tip or "<img" in tip:
            assert RAW not in shown_tooltip(w), f"{describe(w)}'s tooltip reads outside markup"
        if isinstance(w, QtWidgets.QTabBar):
            for i in range(w.count()):
                if RAW in w.tabToolTip(i):
                    assert RAW not in shown_tooltip(w, w.tabRect(i).center()), f"{describe(w)} tab {i}"
    return seen


# -- the rule itself -------------------------------------------------------------------------------


def test_a_label_left_at_auto_text_shows_outside_text_literally(qtbot):
    plaintext.install()
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    label = QtWidgets.QLabel(HOSTILE, host)
    label.adjustSize()  # sizing is where Qt would load the image
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == HOSTILE


def test_a_message_box_shows_outside_text_literally(qtbot):
    plaintext.install()
    box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Warning, "gpudesk", HOSTILE)
    box.setInformativeText(HOSTILE)
    qtbot.addWidget(box)
    box.show()
    assert box.textFormat() == Qt.TextFormat.PlainText
    for label in box.findChildren(QtWidgets.QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText
    box.close()


def test_a_tooltip_with_markup_is_shown_as_typed(qtbot):
    plaintext.install()
    button = QtWidgets.QPushButton("x")
    qtbot.addWidget(button)
    button.setToolTip(HOSTILE)
    button.show()
    shown = shown_tooltip(button)
    assert RAW not in shown and "&lt;b&gt;bold" in shown
    assert plaintext.tooltip("no markup") == "no markup"
    made = plaintext.tooltip(HOSTILE)
    assert RAW not in made and "&lt;img" in made
    button.setToolTip(made)
    assert shown_tooltip(button) == made  # made by the helper: shown once escaped, not twice


def test_item_and_tab_tooltips_with_markup_are_shown_as_typed(qtbot):
    plaintext.install()
    tree = QtWidgets.QTreeWidget()
    qtbot.addWidget(tree)
    item = QtWidgets.QTreeWidgetItem([HOSTILE])
    item.setToolTip(0, HOSTILE)
    tree.addTopLevelItem(item)
    tabs = QtWidgets.QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QtWidgets.QWidget(), "t")
    tabs.setTabToolTip(0, HOSTILE)
    tree.show()
    tabs.show()
    rect = tree.visualItemRect(item)
    assert RAW not in shown_tooltip(tree.viewport(), rect.center())
    assert "&lt;b&gt;" in QtWidgets.QToolTip.text()
    bar = tabs.tabBar()
    assert RAW not in shown_tooltip(bar, bar.tabRect(0).center())


# -- each place named in the report ----------------------------------------------------------------


def test_job_name_folder_command_and_current_line_are_text(qtbot):
    from gpudesk.core.jobs.model import JobInfo
    from gpudesk.ui.jobs.detail import JobDetail
    from gpudesk.ui.jobs.log_view import LogView

    plaintext.install()
    detail = JobDetail()
    qtbot.addWidget(detail)
    detail.show_job(JobInfo(id="j1", name=HOSTILE, command=HOSTILE, workdir=HOSTILE, runner="nohup"))
    assert detail.title.textFormat() == Qt.TextFormat.PlainText and detail.title.text() == HOSTILE
    assert detail.facts.textFormat() == Qt.TextFormat.PlainText and HOSTILE in detail.facts.text()
    log = LogView()
    qtbot.addWidget(log)
    log.feed(b"done\n" + HOSTILE.encode())  # the current, unfinished line
    assert log.live.textFormat() == Qt.TextFormat.PlainText and log.live.text() == HOSTILE
    assert_outside_text_is_text(detail)
    assert_outside_text_is_text(log)


def test_multi_server_output_header_escapes_the_server_name(qtbot):
    from gpudesk.ui.multi.outputs import OutputColumn

    column = OutputColumn(HOSTILE)
    qtbot.addWidget(column)
    assert RAW not in column.name.text() and "&lt;b&gt;bold&lt;/b&gt;" in column.name.text()
    assert_outside_text_is_text(column)


def test_rent_progress_labels_are_text(qtbot):
    from gpudesk.ui.rent.pages import wrapped

    assert wrapped(HOSTILE).textFormat() == Qt.TextFormat.PlainText


def test_cost_bar_tooltip_shows_a_provider_status_as_typed(qtbot, window):
    bar = window.cost_bar if hasattr(window, "cost_bar") else None
    if bar is None:
        bar = next(w for w in window.findChildren(QtWidgets.QWidget) if type(w).__name__ == "CostBar")
    bar.label.setToolTip(HOSTILE)  # a provider status or server name in it, however it got there
    assert RAW not in shown_tooltip(bar.label) and "&lt;b&gt;bold" in QtWidgets.QToolTip.text()
    bar.label.setToolTip(plaintext.tooltip(HOSTILE))  # as render() sets it
    assert shown_tooltip(bar.label) == plaintext.tooltip(HOSTILE)


def test_the_connection_banner_shows_an_error_as_typed(qtbot, window):
    from gpudesk.ui.connection_tab import Banner

    banner = Banner()
    qtbot.addWidget(banner)
    banner.show_message("error", HOSTILE, [])
    assert banner.label.textFormat() == Qt.TextFormat.PlainText and banner.label.text() == HOSTILE


def test_a_terminal_title_with_markup_is_a_plain_tab_tooltip(qtbot, sshd, tmp_path):
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.panel import TerminalPanel

    plaintext.install()
    session = Session(
        name="t", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path),
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(extra_files=[sshd.known_hosts]))
    panel = TerminalPanel(controller.server)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    controller.link.connect()
    try:
        qtbot.waitUntil(lambda: bool(panel.views) and panel.views[0].state == "running", timeout=20000)
        view = panel.views[0]
        # a folder named with &#47; that a prompt puts into the window title
        view.canvas.feed(b"\x1b]0;" + HOSTILE.encode() + b"\x07")
        qtbot.waitUntil(lambda: RAW in panel.tabs.tabToolTip(0) or "&lt;b&gt;" in panel.tabs.tabToolTip(0), timeout=5000)
        assert RAW not in panel.tabs.tabToolTip(0)
        assert_outside_text_is_text(panel)
    finally:
        panel.shutdown()
        controller.close()


# -- every window and dialog -----------------------------------------------------------------------


def test_the_whole_main_window_shows_outside_text_as_typed(qtbot, window):
    session = window.store.add(Session(name=HOSTILE, host="127.0.0.1", port=9, username="u", folder=HOSTILE))
    window.open_session(session.id)  # a tab, a sidebar entry, a banner saying port 9 refused
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "failed", timeout=20000)
    window.setWindowTitle(HOSTILE)
    assert assert_outside_text_is_text(window) > 5


def _dialog_classes() -> dict[str, type]:
    for info in pkgutil.walk_packages(gpudesk.ui.__path__, "gpudesk.ui."):
        importlib.import_module(info.name)
    found: dict[str, type] = {}
    todo = [QtWidgets.QDialog]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("gpudesk.ui."):
                found[f"{sub.__module__}.{sub.__qualname__}"] = sub
            todo.append(sub)
    return found


def _builders(window):  # type: ignore[no-untyped-def]
    from gpudesk.core.billing.meter import shared_meter
    from gpudesk.core.envcheck import Check, Report
    from gpudesk.core.jobs.model import JobInfo
    from gpudesk.core.providers.accounts import AccountStore
    from gpudesk.core.sessions.store import SessionStore
    from gpudesk.core.transfer.conflict import Conflict
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.jobs.run_dialog import NodeChoice

    session = Session(name=HOSTILE, host="127.0.0.1", port=9, username="u")
    controller = ConnectionController(session)
    job = JobInfo(id="j1", name=HOSTILE, command=HOSTILE, workdir=HOSTILE, results=[HOSTILE])
    return {
        "gpudesk.ui.catalog.guide.GuideDialog": lambda c: c(window),
        "gpudesk.ui.jobs.run_dialog.RunJobDialog": lambda c: c(NodeChoice(HOSTILE, HOSTILE, None), parent=window),
        "gpudesk.ui.jobs.collect_dialog.CollectDialog": lambda c: c(job, controller.server, window),
        "gpudesk.ui.session_dialog.SessionDialog": lambda c: c(session, parent=window),
        "gpudesk.ui.providers.account_dialog.AccountDialog": lambda c: c(AccountStore(), window),
        "gpudesk.ui.settings_dialog.SettingsDialog": lambda c: c(window),
        "gpudesk.ui.files.conflict_dialog.ConflictDialog": lambda c: c(
            Conflict("download", HOSTILE, HOSTILE, 1, 2, 0.0, False), window
        ),
        "gpudesk.ui.shortcuts_dialog.ShortcutSheet": lambda c: c(window),
        "gpudesk.ui.shortcuts_dialog.ShortcutEditor": lambda c: c(window),
        "gpudesk.ui.billing.report.SpendingReport": lambda c: c(shared_meter(), window),
        "gpudesk.ui.billing.report.AuditLog": lambda c: c(window),
        "gpudesk.ui.billing.session_dialog.BillingDialog": lambda c: c(session, window),
        "gpudesk.ui.forwards.panel.ForwardDialog": lambda c: c(window),
        "gpudesk.ui.forwards.panel.UrlDialog": lambda c: c(HOSTILE, window),
        "gpudesk.ui.sync.dialog.SyncDialog": lambda c: c(controller.server, HOSTILE, HOSTILE, window),
        "gpudesk.ui.importer.dialog.ImportDialog": lambda c: c(SessionStore(), window),
        "gpudesk.ui.gpus.envreport.EnvReportDialog": lambda c: c(
            Report(checks=[Check(HOSTILE, "fail", HOSTILE, HOSTILE)]), HOSTILE, window
        ),
        "gpudesk.ui.connect_prompt.ConnectPrompt": lambda c: c(session, HOSTILE, window),
        "gpudesk.ui.alerts_settings.AlertsDialog": lambda c: c(window),
        "gpudesk.ui.alerts_settings.AddChannelDialog": lambda c: c(window),
        "gpudesk.ui.demo_phone.DemoPhoneDialog": lambda c: _phone(c, window),
    }, controller


def _phone(cls, window):  # type: ignore[no-untyped-def]
    """The demo phone with a message as hostile as a receiver could be sent (it never reads the network here)."""
    dialog = cls("http://127.0.0.1:9", window)
    dialog.timer.stop()
    dialog._show([{"time": 0, "title": HOSTILE, "text": HOSTILE, "priority": "4"}])
    return dialog


#: dialogs built elsewhere with what they need (a provider stub, a live rent)
ELSEWHERE = {"gpudesk.ui.rent.dialog.RentDialog": "tests/ui/test_rent_flow.py builds it with the provider stubs"}


def test_every_dialog_shows_outside_text_as_typed(qtbot, window):
    builders, controller = _builders(window)
    classes = _dialog_classes()
    missing = sorted(set(classes) - set(builders) - set(ELSEWHERE))
    assert not missing, f"a dialog the walk does not build yet: {missing}"
    try:
        for name, build in builders.items():
            dialog = build(classes[name])
            qtbot.addWidget(dialog)
            dialog.show()
            assert_outside_text_is_text(dialog)
            dialog.close()
    finally:
        controller.close()
