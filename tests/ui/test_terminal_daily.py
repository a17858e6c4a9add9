"""Terminal panel in daily use: splits keep usable sizes; the broadcast menu turns broadcast on and shows it."""

from __future__ import annotations

import pytest

from gpudesk.ui.qt import QtCore
from tests.helpers.waits import WAIT
from tests.ui.test_terminal_panel import make_panel  # noqa: F401 - the fixture is used by name

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt


def _settle(qtbot, panel) -> None:
    qtbot.waitUntil(lambda: all(v.state == "running" for v in panel.views), timeout=WAIT)
    QtCore.QCoreApplication.processEvents()


def test_split_down_beside_another_pane_keeps_its_column(make_panel, qtbot) -> None:  # noqa: F811
    from gpudesk.ui.terminal.panel import MIN_COLS, MIN_ROWS

    panel = make_panel()
    panel.resize(1000, 600)
    left = panel.views[0]
    right = panel.split(Qt.Orientation.Horizontal)
    _settle(qtbot, panel)
    right.setFocus()
    qtbot.waitUntil(lambda: panel.current_view() is right, timeout=WAIT)
    width_before = right.width()
    below = panel.split(Qt.Orientation.Vertical)
    assert below is not None
    _settle(qtbot, panel)
    # The column the two new panes share is as wide as the pane it came from, not a sliver.
    assert right.width() >= width_before - 4 and below.width() >= width_before - 4
    for view in (left, right, below):
        assert view.canvas.screen.cols >= MIN_COLS and view.canvas.screen.rows >= MIN_ROWS, view.key


def test_splits_stop_at_the_minimum_size_with_a_message(make_panel, qtbot) -> None:  # noqa: F811
    from gpudesk.ui.terminal.panel import MIN_COLS, MIN_ROWS

    panel = make_panel()
    panel.resize(700, 300)
    for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
        refused = False
        for _ in range(12):
            view = panel.split(orientation)
            if view is None:
                refused = True
                break
            view.setFocus()
            _settle(qtbot, panel)
        assert refused, orientation
        assert panel.notice.isVisible() and str(MIN_COLS) in panel.notice.text()
        for view in panel.views:
            assert view.canvas.screen.cols >= MIN_COLS and view.canvas.screen.rows >= MIN_ROWS, view.key


def _menu_action(panel, text: str):
    panel.broadcast_menu.aboutToShow.emit()
    return next(a for a in panel.broadcast_menu.actions() if a.text().startswith(text))


def test_all_terminals_turns_broadcast_on_and_marks_the_tabs(make_panel, qtbot) -> None:  # noqa: F811
    from gpudesk.ui.terminal.broadcast import broadcaster

    panel = make_panel()
    panel.new_tab()
    _settle(qtbot, panel)
    bc = broadcaster()
    try:
        assert not bc.enabled and panel.broadcasting_tabs() == []
        _menu_action(panel, "All terminals").trigger()
        assert bc.enabled and panel.broadcast_button.isChecked()
        assert set(bc.targets()) >= set(panel.views)
        assert panel.broadcasting_tabs() == [0, 1]
        assert "(" in panel.broadcast_button.text()  # "Broadcast (n)"
        _menu_action(panel, "None").trigger()
        assert not bc.enabled and bc.targets() == [] and panel.broadcasting_tabs() == []
    finally:
        panel.broadcast_to_none()


def test_ticking_one_target_turns_broadcast_on_and_shows_which(make_panel, qtbot) -> None:  # noqa: F811
    from gpudesk.ui.terminal.broadcast import broadcaster

    panel = make_panel()
    second = panel.new_tab()
    _settle(qtbot, panel)
    bc = broadcaster()
    try:
        label = f"{panel.server.session.label} — {second.canvas.screen.title or second.key}"
        _menu_action(panel, label).setChecked(True)
        assert bc.enabled and panel.broadcast_button.isChecked()
        assert bc.targets() == [second]
        assert panel.broadcasting_tabs() == [1]
        _menu_action(panel, label).setChecked(False)
        assert not bc.enabled and panel.broadcasting_tabs() == []
    finally:
        panel.broadcast_to_none()
