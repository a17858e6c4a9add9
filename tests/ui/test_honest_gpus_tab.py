"""The GPUs tab with the demo's eight GPUs in a 1440×900 window: every card in view without scrolling,
a legend that says which colour is which GPU, the same axis labelling on every chart, and no tuning
hint before the warm-up has passed.
"""

from __future__ import annotations

import re

import pytest

from gpudesk.core.telemetry.hints import TUNING, Warmup
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.chart_axes import tick_labels

pytestmark = pytest.mark.gui


@pytest.fixture
def gpus_tab(qtbot):  # type: ignore[no-untyped-def]
    from gpudesk.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(QtCore.QSize(1440, 900))
    win.show()
    win.start_demo()
    qtbot.waitUntil(lambda: bool(win.tabs_by_session), timeout=30000)
    tab = next(iter(win.tabs_by_session.values()))
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    panel = next(p for p in tab.panels if type(p).__name__ == "GpuPanel")
    tab.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: len(panel.history.gpus()) == 8 and len(panel.cards) == 8, timeout=30000)
    qtbot.wait(300)
    QtWidgets.QApplication.processEvents()
    yield panel
    win.shutdown()
    from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
    from gpudesk.core.providers.accounts import remove_transient

    remove_transient(DEMO_ACCOUNT)


def test_all_eight_cards_show_without_scrolling(gpus_tab) -> None:
    panel = gpus_tab
    area = panel.cards_area
    assert area.verticalScrollBar().maximum() == 0 and area.horizontalScrollBar().maximum() == 0
    view = area.viewport().rect()
    for card in panel.cards:
        top_left = card.mapTo(area.viewport(), QtCore.QPoint(0, 0))
        assert view.contains(QtCore.QRect(top_left, card.size())), (card.title.text(), top_left, card.size(), view)


def test_a_legend_maps_colours_to_gpus(gpus_tab) -> None:
    charts = gpus_tab.charts
    assert charts.legend.isVisible()
    doc = QtGui.QTextDocument()
    doc.setHtml(charts.legend.text())
    assert " ".join(doc.toPlainText().split()) == " ".join(f"● GPU {i}" for i in range(8))
    for n, curve in enumerate(charts._curves["util_gpu"]):
        colour = curve.opts["pen"].color().name()
        # The curve's colour is the colour the legend gives its GPU, and the one on its card.
        assert f"color:{colour}; font-size:large'>●</span>&nbsp;GPU&nbsp;{n}" in charts.legend.text(), (n, colour)
        swatch = gpus_tab.cards[n].swatch.palette().color(QtGui.QPalette.ColorRole.Window).name()
        assert swatch == colour and gpus_tab.cards[n].swatch.isVisible()


def test_every_chart_is_labelled_alike(gpus_tab) -> None:
    charts = gpus_tab.charts
    charts.refresh()
    QtWidgets.QApplication.processEvents()
    plots = list(charts._plots.values())
    bottoms = [plot.getAxis("bottom") for plot in plots]
    assert all(axis.isVisible() for axis in bottoms)  # a time axis under every chart
    times = [[text for _rect, text in tick_labels(axis)] for axis in bottoms]
    # The same clock labels on every chart (a chart a pixel wider may show one more tick at its left end).
    assert all(t and all(re.fullmatch(r"\d\d:\d\d:\d\d", x) for x in t) for t in times), times
    assert all(t[-2:] == times[0][-2:] for t in times), times
    widths = {round(plot.getAxis("left").width()) for plot in plots}
    assert len(widths) == 1, widths  # the y axes line up


def test_no_tuning_hint_before_the_warmup(gpus_tab, qtbot) -> None:
    panel = gpus_tab
    start = panel.history.latest_t
    qtbot.waitUntil(lambda: (panel.history.latest_t or 0) - start >= 3, timeout=30000)
    panel.redraw()
    assert not {h.kind for h in panel.current_hints} & set(TUNING), [h.text for h in panel.current_hints]
    assert panel.hints_label.isHidden() or not panel.hints_label.text()
    # Once the warm-up has passed, the advice comes (the demo's GPUs are idle or ramping up).
    panel.warmup = Warmup(warmup_s=1.0)
    panel.redraw()
    qtbot.waitUntil(lambda: (panel.redraw(), bool({h.kind for h in panel.current_hints} & set(TUNING)))[1], timeout=30000)
    assert panel.hints_label.isVisible()
