"""Screenshots of the cost bar, the Guide and Providers agreeing after a stop, for docs/ (offscreen, no display).

    python packaging/shots_billing_after_stop.py --language en --size 1440x900 --out docs

The demo server (its provider in this process) is stopped through the cost bar's one action path and the
provider confirms it. Then Providers (the stopped pod selected, as the Guide's "Release the server" selects it),
the Guide (after "Check with the providers") and the cost bar all say the same: compute stopped, the disks'
storage still billing. The cost bar's tooltip is drawn into the picture under the bar, as a user who points at
it sees it. ``billing-after-stop-<language>-<size>.png``; a throw-away data folder, nothing of the user's shown.
"""

from __future__ import annotations

from shots_common import arguments, pump, start, wait_until  # noqa: E402 - beside this script


def main() -> int:
    args = arguments(__doc__.splitlines()[0])
    width, height = args.width, args.height
    app = start(args.language, terminal__persistent_tmux=False)  # noqa: F841 - kept alive for the run
    from gpudesk.core.shell import Page
    from gpudesk.ui.guide.steps import COLLECT
    from gpudesk.ui.main_window import MainWindow
    from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

    window = MainWindow()
    window.resize(width, height)
    window.show()
    window.start_demo()
    wait_until(lambda: bool(window.tabs_by_session))
    tab = next(iter(window.tabs_by_session.values()))
    session = tab.controller.session
    bar = window.costbar
    tracker = bar.trackers[session.id]
    bar.focus(session.id)
    wait_until(lambda: tab.controller.state == "connected" and tracker.instance is not None)
    wait_until(lambda: bar.meter.is_running(session.id))
    pump(3000)  # a few seconds of billing, so the run has a time and a cost

    tracker.act("stop")  # the cost bar's Stop: the one action path
    wait_until(lambda: not bar.meter.is_running(session.id) and tracker.pending is None)
    window.show_guide(True)
    guide = window.guide_dock.widget()
    guide.check_release()
    wait_until(lambda: guide.release is not None and not guide.release_running)
    guide.release_server()  # Providers, the stopped pod selected
    page = window.pages[Page.PROVIDERS]
    wait_until(lambda: page._pending <= 0 and page.table.rowCount() >= 1 and page.selected() is not None)
    wait_until(lambda: bool(tracker.billing_now().storage) and bar.figures is not None)
    card = guide.cards[COLLECT]
    scroll = guide.findChild(QtWidgets.QScrollArea)
    if scroll is not None:  # step 4, where the Guide says what still bills, in view (a short window scrolls)
        scroll.ensureWidgetVisible(card, 0, 0)
        scroll.ensureWidgetVisible(card.state, 0, 8)
    pump(1500)  # the cost bar paints once a second

    shot = window.grab()
    painter = QtGui.QPainter(shot)
    dock = window.guide_dock
    if dock.isFloating():  # on a small screen the Guide floats over the window's right edge: as the user sees it
        painter.drawPixmap(dock.geometry().topLeft() - window.geometry().topLeft(), dock.grab())
    tip = bar.label.toolTip()
    painter.setFont(bar.label.font())
    metrics = painter.fontMetrics()
    flags = int(QtCore.Qt.AlignmentFlag.AlignLeft | QtCore.Qt.AlignmentFlag.AlignTop | QtCore.Qt.TextFlag.TextWordWrap)
    room = min(metrics.averageCharWidth() * 44, shot.width() // 3)  # a tooltip's width: long lines wrap
    text = metrics.boundingRect(QtCore.QRect(0, 0, room, 10_000), flags, tip)
    box_w, box_h = text.width() + 16, text.height() + 12
    # Above the cost bar: by its right end, or by its left end where the floating Guide is on the right.
    corner = bar.label.mapTo(window, QtCore.QPoint(40 if dock.isFloating() else bar.label.width(), 0))
    rect = QtCore.QRect(max(8, corner.x() - box_w), corner.y() - box_h - 6, box_w, box_h)
    palette = QtWidgets.QToolTip.palette()
    painter.fillRect(rect, palette.color(QtGui.QPalette.ColorRole.ToolTipBase))
    painter.setPen(palette.color(QtGui.QPalette.ColorRole.ToolTipText))
    painter.drawRect(rect.adjusted(0, 0, -1, -1))
    painter.drawText(rect.adjusted(8, 6, -8, -6), flags, tip)
    painter.end()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"billing-after-stop-{args.language}-{args.size}.png"
    shot.save(str(path))
    print(path)
    window.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
