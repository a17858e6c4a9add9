"""Every page and dialog usable at 1024×700 and 1440×900, in English and Chinese, light and dark.

The main window with the demo session open (each of its tabs), the Catalog with the planner,
Providers, the Guide dock, the multi-server page, and every dialog a newcomer meets, each measured
by tests/helpers/layout.py: no text cut without an ellipsis, no overlaps, tables with at least four
rows, no window larger than the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from gpudesk.core import settings
from gpudesk.core.jobs import JobSpec
from gpudesk.core.shell import Page
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.layout import Problem, problems, show_like_a_screen

pytestmark = pytest.mark.gui

SCREENS = (QtCore.QSize(1024, 700), QtCore.QSize(1440, 900))
LOOKS = [("en", "light"), ("en", "dark"), ("zh_CN", "light"), ("zh_CN", "dark")]


@pytest.fixture(params=LOOKS, ids=["-".join(look) for look in LOOKS])
def look(request, qapp) -> Iterator[tuple[str, str]]:
    """The UI language and theme, installed the way the app does at start-up, undone afterwards."""
    from gpudesk.ui.i18n import apply_theme, install_translations

    language, theme = request.param
    palette, style = QtGui.QPalette(qapp.palette()), qapp.style().name()
    hints = QtGui.QGuiApplication.styleHints()
    scheme = hints.colorScheme()
    assert install_translations(qapp, language) == language
    settings.set("ui.theme", theme)
    apply_theme(qapp)
    try:
        yield language, theme
    finally:
        install_translations(qapp, "en")
        if hasattr(hints, "setColorScheme"):
            hints.setColorScheme(scheme)
        qapp.setStyle(style)
        qapp.setPalette(palette)


@pytest.fixture
def demo_window(look, qtbot):
    """The main window with the demo server's session connected."""
    from gpudesk.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(SCREENS[0])
    win.show()
    yield win
    win.shutdown()
    from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
    from gpudesk.core.providers.accounts import remove_transient

    remove_transient(DEMO_ACCOUNT)


def _settle(qtbot, ms: int = 50) -> None:
    qtbot.wait(ms)
    QtWidgets.QApplication.processEvents()


def _connect_demo(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_demo()
    qtbot.waitUntil(lambda: bool(win.tabs_by_session), timeout=30000)
    tab = next(iter(win.tabs_by_session.values()))
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    return tab


def _panel(tab, name: str):  # type: ignore[no-untyped-def]
    return next(p for p in tab.panels if type(p).__name__ == name)


def _finished_job(tab, qtbot):  # type: ignore[no-untyped-def]
    """A real job run on the demo server, finished, so "Collect results" has something to collect."""
    panel = _panel(tab, "JobsPanel")
    with qtbot.waitSignal(panel.job_started, timeout=30000) as started:
        panel.start(JobSpec("mkdir -p outputs && echo 0.42 > outputs/metrics.txt && echo done", name="layout-check"))
    job = started.args[0]
    qtbot.waitUntil(lambda: (j := panel.job(job.id)) is not None and j.exit_code is not None, timeout=60000)
    panel.select(job.id)
    return panel


def _window_pages(win, tab, qtbot) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, how to show it) for every page of the main window."""
    for i in range(tab.tabs.count()):
        yield (
            f"connection/{type(tab.tabs.widget(i)).__name__}",
            lambda i=i: (win.tabs.setCurrentWidget(tab), tab.tabs.setCurrentIndex(i)),
        )
    yield "catalog", lambda: win.show_page(Page.CATALOG)
    yield "providers", lambda: win.show_page(Page.PROVIDERS)
    yield "guide", lambda: (win.tabs.setCurrentWidget(tab), win.show_guide(True))
    yield "multi", lambda: (win.show_guide(False), win.open_multi([tab.controller.session.id]))


def _dialogs(win, tab, jobs) -> Iterator[tuple[str, Callable[[], QtWidgets.QWidget]]]:
    """(name, factory) for every dialog, built the way the app builds it."""
    from gpudesk.core.billing.meter import shared_meter
    from gpudesk.core.providers.accounts import AccountStore
    from gpudesk.core.transfer.conflict import Conflict
    from gpudesk.ui.billing.report import AuditLog, SpendingReport
    from gpudesk.ui.catalog.guide import GuideDialog
    from gpudesk.ui.files.conflict_dialog import ConflictDialog
    from gpudesk.ui.importer.dialog import ImportDialog
    from gpudesk.ui.providers.account_dialog import AccountDialog
    from gpudesk.ui.session_dialog import SessionDialog
    from gpudesk.ui.settings_dialog import SettingsDialog
    from gpudesk.ui.shortcuts_dialog import ShortcutEditor, ShortcutSheet
    from gpudesk.ui.sync.dialog import SyncDialog

    files = _panel(tab, "FilesPanel")

    def billing() -> QtWidgets.QWidget:
        win.tabs.setCurrentWidget(tab)
        return win.costbar.open_session_billing()

    yield "settings", lambda: SettingsDialog(win)
    yield "new session", lambda: SessionDialog(folders=["lab"], parent=win)
    yield "edit session", lambda: SessionDialog(tab.controller.session, ["lab"], win)
    yield "billing", billing
    yield "spending report", lambda: SpendingReport(shared_meter(), win)
    yield "audit log", lambda: AuditLog(win)
    yield "planner guide", lambda: GuideDialog(win)
    yield "run job", lambda: jobs.run_dialog()
    yield "sync", lambda: SyncDialog(tab.controller.server, files.local.path, files.remote.path or "~", win)
    yield "import", lambda: ImportDialog(win.store, win)
    yield "shortcut editor", lambda: ShortcutEditor(win)
    yield "shortcut sheet", lambda: ShortcutSheet(win)
    yield "provider account", lambda: AccountDialog(AccountStore(), win)
    yield (
        "file exists",
        lambda: ConflictDialog(
            Conflict(
                "download",
                "/home/demo/outputs/checkpoint-final.safetensors",
                files.local.path + "/checkpoint-final.safetensors",
                3_221_225_472,
                1_073_741_824,
                1_780_000_000,
                True,
            ),
            win,
        ),
    )


def _check_collect(tab, jobs, screen: QtCore.QSize, qtbot) -> list[Problem]:
    """Collect results, measured after collecting (the result text grows under the progress bar)."""
    dialog = jobs.collect_selected()
    show_like_a_screen(dialog, screen)
    found = problems(dialog, screen)
    dialog.with_env.setChecked(False)
    with qtbot.waitSignal(dialog.collected, timeout=60000):
        dialog.collect_button.click()
    _settle(qtbot)
    found += problems(dialog, screen)
    dialog.close()
    dialog.deleteLater()
    return found


def test_every_page_and_dialog_fits(demo_window, look, qtbot) -> None:
    win = demo_window
    found: list[str] = []

    def record(where: str, screen: QtCore.QSize, items: list[Problem]) -> None:
        found.extend(f"{'/'.join(look)} {screen.width()}×{screen.height()} {where}: {p}" for p in items)

    for screen in SCREENS:  # the welcome page, before any session
        win.resize(screen)
        _settle(qtbot)
        record("welcome", screen, problems(win, screen))

    tab = _connect_demo(win, qtbot)
    jobs = _finished_job(tab, qtbot)
    catalog_loaded = False
    for screen in SCREENS:
        win.resize(screen)
        for name, show in _window_pages(win, tab, qtbot):
            show()
            if name == "catalog" and not catalog_loaded:
                page = win.pages[Page.CATALOG]
                qtbot.waitUntil(lambda p=page: p.planner.row_count() > 0, timeout=30000)
                catalog_loaded = True
            _settle(qtbot, 150)
            record(name, screen, problems(win, screen))
        win.show_guide(False)
        win.tabs.setCurrentWidget(tab)
        for name, make in _dialogs(win, tab, jobs):
            dialog = make()
            show_like_a_screen(dialog, screen)
            _settle(qtbot)
            record(name, screen, problems(dialog, screen))
            dialog.close()
            dialog.deleteLater()
        record("collect results", screen, _check_collect(tab, jobs, screen, qtbot))

    assert not found, f"{len(found)} layout problem(s):\n" + "\n".join(found)


@pytest.mark.parametrize("screen", SCREENS, ids=["1024x700", "1440x900"])
def test_guide_never_widens_the_window_or_squeezes_the_sessions(window, qtbot, screen: QtCore.QSize) -> None:
    window.resize(screen)
    _settle(qtbot)
    size, sizes = window.size(), window.splitter.sizes()
    window.guide_action.setChecked(True)
    _settle(qtbot, 100)
    assert window.guide_dock.isVisible()
    assert window.size() == size, "opening the guide resized the window"
    assert window.splitter.sizes()[0] == sizes[0], "the guide took its room from the session list"
    assert window.sidebar.width() >= window.sidebar.minimumWidth() > 150
    window.guide_action.setChecked(False)
    _settle(qtbot, 100)
    assert window.size() == size and window.splitter.sizes() == sizes


def test_gpu_card_shortens_a_long_name_and_keeps_its_figures_off_the_bar(qtbot) -> None:
    from gpudesk.core.telemetry.model import GpuSample
    from gpudesk.ui.gpus.cards import GpuCard

    card = GpuCard(0)
    qtbot.addWidget(card)
    name = "NVIDIA H100 80GB HBM3 PCIe Confidential Compute"
    card.update_sample(GpuSample(0, "GPU-0", name, util_gpu=97, mem_used_mib=78000, mem_total_mib=81559))
    card.resize(card.minimumWidth(), card.sizeHint().height())  # the narrowest card the grid lays out
    card.show()
    _settle(qtbot)
    assert card.title.text() == f"GPU 0 · {name}"  # the full name stays the text (and the tooltip)
    found = problems(card, QtCore.QSize(1024, 700))
    assert not found, "\n".join(map(str, found))
    assert card.title.shown_text().startswith("GPU 0 · NVIDIA") and card.title.shown_text().endswith("…")
    # The memory figures are text of their own beside the bar, none of it painted over the fill.
    texts = [w for w in card.findChildren(QtWidgets.QLabel) if w.text() == "76.2 / 80 GiB"]
    assert texts and not texts[0].geometry().intersects(card.mem.geometry())
    assert not card.mem.isTextVisible()


def test_path_box_shows_the_start_and_the_end_of_a_long_path(qtbot) -> None:
    from gpudesk.ui.files.pane import LocalPane

    pane = LocalPane("Remote", lambda path, done, failed: done((path, [])))
    qtbot.addWidget(pane)
    pane.resize(420, 300)
    pane.show()
    path = "/home/data/projects/2026/experiments/llama-finetune/runs/demo-server"
    pane.navigate(path)
    qtbot.waitUntil(lambda: pane.path == path, timeout=5000)
    pane.tree.setFocus()
    _settle(qtbot)
    box = pane.path_edit
    shown = box.shown_text()
    assert box.text() == path
    assert shown.startswith("/home/") and shown.endswith("/demo-server") and "…" in shown, shown
    assert box.fontMetrics().horizontalAdvance(shown) <= box.width()
    found = problems(pane, QtCore.QSize(1024, 700))
    assert not found, "\n".join(map(str, found))


def test_a_restored_oversized_window_is_clamped_and_the_stopped_banner_keeps_the_bars_on_screen(
    qtbot, monkeypatch
) -> None:
    """Saved at 1440×900, restored on a 1024×700 screen: the window fits it; the "stopped at the provider"
    banner (with the Guide open) leaves the status bar and the cost bar on screen (issue #33, item 10)."""
    from gpudesk.core.sessions.model import Session
    from gpudesk.ui import main_window as mw
    from gpudesk.ui import window_chrome

    screen = QtCore.QSize(1024, 700)
    first = mw.MainWindow()
    qtbot.addWidget(first)
    first.setGeometry(40, 30, 1440, 900)
    first.show()
    _settle(qtbot)
    first.save_state()
    first.shutdown()
    first.close()

    monkeypatch.setattr(window_chrome, "available_area", lambda _w: QtCore.QRect(QtCore.QPoint(0, 0), screen))
    win = mw.MainWindow()
    qtbot.addWidget(win)
    win.show()
    try:
        qtbot.waitUntil(lambda: win.frameGeometry().height() <= screen.height(), timeout=3000)
        frame = win.frameGeometry()
        assert QtCore.QRect(QtCore.QPoint(0, 0), screen).contains(frame), frame
        session = win.store.add(Session(name="stopped", host="127.0.0.1", port=1, username="u"))
        tab = win._make_tab(session)
        win.tabs.setCurrentWidget(tab)
        tab.banner.show_message(
            "warn",
            tab.tr(
                "This server is stopped at the provider: it is not billing now (its disk may still be). "
                "What this tab shows is from before the stop."
            ),
            [(tab.tr("Start"), lambda: None), (tab.tr("Reconnect"), lambda: None)],
        )
        win.show_guide(True)
        _settle(qtbot, 150)
        assert win.height() <= screen.height() and win.minimumSizeHint().height() <= screen.height()
        status = win.statusBar()
        assert status.isVisible() and status.geometry().bottom() < win.height(), status.geometry()
        assert win.rect().contains(status.geometry()), status.geometry()
        found = problems(win, screen)
        assert not found, "\n".join(map(str, found))
    finally:
        win.show_guide(False)
        win.shutdown()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_remote_path_stays_readable_at_1024x700(window, qtbot, language: str, qapp) -> None:
    """At 1024×700 the Files view's path boxes keep room for a path (its root, "…" and the folder you are in);
    the check boxes go below them, and come back beside them in a wider window."""
    from gpudesk.ui.i18n import install_translations

    assert install_translations(qapp, language) == language
    try:
        window.resize(SCREENS[0])
        tab = _connect_demo(window, qtbot)
        files = _panel(tab, "FilesPanel")
        tab.tabs.setCurrentIndex(next(i for i in range(tab.tabs.count()) if tab.tabs.widget(i).isAncestorOf(files)
                                      or tab.tabs.widget(i) is files))  # fmt: skip
        remote = files.remote
        qtbot.waitUntil(lambda: bool(remote.path), timeout=30000)
        long_path = remote.path.rstrip("/") + "/results"  # the demo server's own folders: a real listing
        remote.navigate(long_path)
        qtbot.waitUntil(lambda: remote.path == long_path, timeout=10000)
        remote.tree.setFocus()
        _settle(qtbot, 100)
        for pane in (files.local, remote):
            box = pane.path_edit
            assert box.width() >= pane.path_room(), (type(pane).__name__, box.width(), pane.path_room())
            assert box.fontMetrics().averageCharWidth() * 20 <= box.width()
        shown = remote.path_edit.shown_text()
        assert shown.startswith("/") and shown.endswith("/results"), shown  # the root and the folder you are in
        assert remote.options_row.isVisible() and files.follow_box.isVisible()
        assert files.follow_box.parentWidget() is remote.options_row
        assert window.width() <= SCREENS[0].width()
        found = problems(remote, SCREENS[0])
        assert not found, "\n".join(map(str, found))

        window.resize(QtCore.QSize(1800, 900))  # room enough: the check boxes go back beside the path
        _settle(qtbot, 100)
        assert not remote.options_row.isVisible() and files.follow_box.parentWidget() is remote
        assert remote.path_edit.width() >= remote.path_room()
    finally:
        install_translations(qapp, "en")


def test_eight_gpus_and_the_stopped_banner_fit_a_1024x700_window(window, qtbot) -> None:
    """The demo's eight GPUs (cards, charts, processes) under the "stopped at the provider" banner: the GPUs tab scrolls
    where it is too short instead of making the window taller than the screen."""
    window.resize(SCREENS[0])
    tab = _connect_demo(window, qtbot)
    gpus = _panel(tab, "GpuPanel")
    qtbot.waitUntil(lambda: len([c for c in gpus.cards if not c.isHidden()]) == 8, timeout=30000)
    tab.banner.show_message("warn", "This server is stopped at the provider.", [("Start", lambda: None)])
    tab.tabs.setCurrentIndex(next(i for i in range(tab.tabs.count()) if tab.tabs.widget(i) is gpus
                                  or tab.tabs.widget(i).isAncestorOf(gpus)))  # fmt: skip
    _settle(qtbot, 150)
    assert window.minimumSizeHint().height() <= SCREENS[0].height(), window.minimumSizeHint()
    assert window.height() <= SCREENS[0].height()
    assert window.rect().contains(window.statusBar().geometry())


def test_a_floating_guide_leaves_the_toolbar_and_the_cost_bar_in_sight(window, qtbot) -> None:
    """At 1024×700 with Providers open the pages cannot give the Guide its room: it floats over the window's right
    edge, as wide as it docks, between the toolbar and the status bar (where the cost bar is)."""
    window.resize(SCREENS[0])
    window.show_page(Page.PROVIDERS)
    _settle(qtbot)
    window.show_guide(True)
    _settle(qtbot, 150)
    dock = window.guide_dock
    if not dock.isFloating():
        pytest.skip("the Guide docked: nothing floats over the window")
    geo, status = window.geometry(), window.statusBar().geometry().translated(window.geometry().topLeft())
    assert dock.geometry().bottom() < status.top(), (dock.geometry(), status)
    assert dock.geometry().top() >= geo.top() + window.centralWidget().geometry().top()
    assert dock.width() >= min(440, geo.width() // 3)
    assert window.size() == SCREENS[0]
