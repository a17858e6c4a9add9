"""Names and words from the server are shown as text, never as markup (a link, an image, a fake button)."""

from __future__ import annotations

import pytest

from gpudesk.core.envcheck import Check, Report
from gpudesk.core.telemetry.model import GpuSample
from gpudesk.ui.gpus.cards import GpuCard
from gpudesk.ui.gpus.envreport import EnvReportView
from gpudesk.ui.qt import QtCore

pytestmark = pytest.mark.gui
HOSTILE = "<a href='file:///etc/passwd'>click</a><img src='x'>"


def test_a_gpu_name_with_markup_is_shown_as_typed(qtbot):
    card = GpuCard(0)
    qtbot.addWidget(card)
    card.update_sample(GpuSample(index=0, uuid="GPU-1", name=HOSTILE))
    assert card.title.textFormat() == QtCore.Qt.TextFormat.PlainText
    assert HOSTILE in card.title.text()


def test_a_check_detail_with_markup_is_escaped_in_its_tooltip(qtbot):
    view = EnvReportView()
    qtbot.addWidget(view)
    view.set_report(Report(checks=[Check("PyTorch", "fail", HOSTILE, "")]))
    tip = view.topLevelItem(0).toolTip(2)
    assert "<a href" not in tip and "&lt;a href=" in tip
