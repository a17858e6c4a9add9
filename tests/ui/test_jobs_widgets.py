"""The Jobs tab's widgets on their own: log view (redraws, colours, search), loss chart, run form."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core.jobs.lines import split_text
from gpudesk.core.jobs.metrics import MetricScanner

pytestmark = pytest.mark.gui

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


def test_log_view_keeps_the_last_redraw_and_strips_colours(qtbot) -> None:
    from gpudesk.ui.jobs.log_view import LogView

    view = LogView()
    qtbot.addWidget(view)
    data = "\x1b[32mstarting\x1b[0m\n 10%|█  | 1/10\r 50%|█████ | 5/10\r100%|██████████| 10/10\ndone".encode()
    cut = data.index("█".encode()) + 1  # a chunk ends inside a UTF-8 character
    view.feed(data[:cut])
    view.feed(data[cut:])
    assert view.plain_text().splitlines() == ["starting", "100%|██████████| 10/10"]
    assert view.live.text() == "done"  # the line still being written
    view.finish()
    assert view.plain_text().splitlines()[-1] == "done" and view.live.text() == ""


def test_log_view_search(qtbot) -> None:
    from gpudesk.ui.jobs.log_view import LogView

    view = LogView()
    qtbot.addWidget(view)
    view.feed((LOGS / "nccl_timeout.log").read_bytes())
    view.search.setText("Watchdog caught")
    assert view.found.text() == "2 match(es)"
    assert view.find_next() and "Watchdog caught" in view.text.textCursor().block().text()
    first = view.text.textCursor().blockNumber()
    assert view.find_next() and view.text.textCursor().blockNumber() > first
    assert view.find_next() and view.text.textCursor().blockNumber() == first  # wraps around
    assert not view.follow.isChecked()  # reading an old line: stop jumping to the end
    view.search.setText("no such text")
    assert not view.find_next() and view.found.text() == "0 match(es)"


def test_loss_chart_draws_every_loss_series(qtbot) -> None:
    from gpudesk.ui.jobs.chart import LossChart

    chart = LossChart()
    qtbot.addWidget(chart)
    scanner = MetricScanner()
    chart.set_scanner(scanner)
    assert chart.stack.currentWidget() is chart.empty
    scanner.scan_lines(split_text((LOGS / "lightning.log").read_text("utf-8")))
    chart.refresh()
    assert sorted(chart._curves) == ["train_loss", "val_loss"]
    xs, ys = chart._curves["train_loss"].getData()
    assert list(ys) == scanner.values("train_loss") and list(xs) == list(range(1, 13))
    chart.which.setCurrentIndex(chart.which.findData("val_loss"))
    assert list(chart._curves) == ["val_loss"]


def test_run_form_conda_and_templates(qtbot) -> None:
    from gpudesk.ui.jobs.run_dialog import NodeChoice, RunJobDialog, parse_env

    dialog = RunJobDialog(NodeChoice("box", "10.0.0.5", None))
    qtbot.addWidget(dialog)
    dialog.template.setCurrentIndex(dialog.template.findData("single"))
    dialog.activation.setCurrentIndex(dialog.activation.findData("conda"))
    dialog.activation_value.setText("torch")
    # No made-up hyper-parameters: fields start empty, the suggestion is only shown greyed.
    assert dialog.param_edits["batch_size"].text() == "" and "32" in dialog.param_edits["batch_size"].placeholderText()
    [(_c, untouched)] = dialog.specs()
    assert untouched.command == "python train.py"
    dialog.param_edits["lr"].setText("1e-5")
    [(controller, spec)] = dialog.specs()
    assert controller is None
    assert spec.command == "python train.py --lr 1e-5"
    assert spec.activation.kind == "conda" and spec.activation.value == "torch"
    assert "conda activate torch" in dialog.preview.text()
    dialog.template.setCurrentIndex(dialog.template.findData("ddp"))
    assert dialog.param_edits["lr"].text() == "1e-5"  # values survive a template change
    assert parse_env("# c\nA=1\nexport B='x y'\n\nC=\"q\"") == {"A": "1", "B": "x y", "C": "q"}
    with pytest.raises(ValueError):
        parse_env("=1")


def test_loss_chart_uses_the_logged_step_as_x_and_offers_a_log_scale(qtbot) -> None:
    from gpudesk.ui.jobs.chart import LossChart

    chart = LossChart()
    qtbot.addWidget(chart)
    scanner = MetricScanner()
    chart.set_scanner(scanner)
    scanner.scan_lines([f"step {s} loss={1.0 / (s + 1):.4f}" for s in (0, 50, 100, 150)])
    chart.refresh()
    xs, _ys = chart._curves["loss"].getData()
    assert list(xs) == [0, 50, 100, 150] and chart.by_step
    assert chart.plot.getPlotItem().getAxis("bottom").labelText == "step"
    chart.log_y.setChecked(True)
    assert chart.plot.getPlotItem().ctrl.logYCheck.isChecked()
    # A counter that restarts each epoch is no axis: the ordinal keeps the curve monotonic.
    again = MetricScanner()
    again.scan_lines(["epoch 1 step 1 loss=0.9", "epoch 1 step 2 loss=0.8", "epoch 2 step 1 loss=0.7", "loss=0.6"])
    chart.set_scanner(again)
    xs, _ys = chart._curves["loss"].getData()
    assert list(xs) == [1, 2, 3, 4] and not chart.by_step
    assert chart.plot.getPlotItem().getAxis("bottom").labelText == "log entry"
