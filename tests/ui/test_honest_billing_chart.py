"""The billing-comparison chart: each mode's name readable on its own, nothing over the chart.

The main window at 1024×700 and 1440×900, in English and Chinese, the Catalog's planner answering
the documented case (a 70B model to serve), the chart's tab shown: the axis labels as the axis
paints them must not cover each other nor be clipped, and the notes must not lie over the bars.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gpudesk.core.shell import Page
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.chart_axes import clipped, overlapping, tick_labels
from tests.helpers.layout import problems

pytestmark = pytest.mark.gui

SCREENS = (QtCore.QSize(1024, 700), QtCore.QSize(1440, 900))


@pytest.fixture(params=["en", "zh_CN"])
def language(request, qapp) -> Iterator[str]:
    from gpudesk.ui.i18n import install_translations

    assert install_translations(qapp, request.param) == request.param
    try:
        yield request.param
    finally:
        install_translations(qapp, "en")


@pytest.mark.parametrize("screen", SCREENS, ids=["1024x700", "1440x900"])
def test_billing_modes_never_overlap(language, screen, qtbot) -> None:
    from gpudesk.ui.catalog.page import CatalogPage
    from gpudesk.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(screen)
    win.show()
    try:
        win.show_page(Page.CATALOG)
        page = win.findChild(CatalogPage)
        qtbot.waitUntil(lambda: page.catalog is not None, timeout=20000)
        form = page.planner
        form.task.setCurrentIndex(form.task.findData("inference"))
        form.params.setEditText("70B")
        form.run_plan()
        qtbot.waitUntil(lambda: len(page.billing_chart.options) >= 5, timeout=20000)
        page.charts.setCurrentWidget(page.billing_chart)
        qtbot.wait(50)
        QtWidgets.QApplication.processEvents()
        chart = page.billing_chart
        plot = chart.plot.getPlotItem()
        names = []
        for side in ("left", "bottom"):
            axis = plot.getAxis(side)
            labels = tick_labels(axis)
            names += [text for _rect, text in labels]
            assert not overlapping(labels), (side, overlapping(labels))
            assert not clipped(axis, labels), (side, clipped(axis, labels))
        # Every mode the chart compares is named where the user can read it.
        from gpudesk.ui.catalog.billing_text import mode_name

        for option in chart.options:
            assert any(mode_name(option.mode) in name for name in names), (option.mode, names)
        assert [str(p) for p in problems(chart, screen)] == []
    finally:
        win.shutdown()
