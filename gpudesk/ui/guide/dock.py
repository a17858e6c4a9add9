"""The four-step guide, docked on the right of the main window (experts just leave it closed).

The dock takes its room from the pages, never from the screen or the session list: the window keeps its
size (where the pages cannot give enough, the guide floats beside them), and closing the guide gives the
pages back exactly the room they had.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.ui.guide.panel import GuidePanel
from gpudesk.ui.qt import QCoreApplication, Qt, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


def show_guide(window: MainWindow, visible: bool = True) -> None:
    """Show (building it the first time) or hide the guide dock."""
    dock = window.guide_dock
    opening = visible and (dock is None or dock.isHidden())
    if opening:
        window.before_guide = (window.size(), window.splitter.sizes())
    if dock is None:
        if not visible:
            return
        dock = QtWidgets.QDockWidget(QCoreApplication.translate("MainWindow", "Guide"), window)
        dock.setObjectName("guide-dock")
        dock.setWidget(GuidePanel(window.workspace, window))
        dock.visibilityChanged.connect(lambda shown: _visibility(window, shown))
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        window.guide_dock = dock
    dock.setVisible(visible)
    if opening:
        _fit(window, dock)
    elif not visible:
        _restore(window)


def _fit(window: MainWindow, dock: QtWidgets.QDockWidget) -> None:
    assert window.before_guide is not None
    size, sizes = window.before_guide
    QtWidgets.QApplication.sendPostedEvents()
    frame = window.layout()
    assert frame is not None  # a QMainWindow always has its layout
    frame.activate()
    grown = window.width() > size.width() or window.height() > size.height()
    if not window.isMaximized() and not window.isFullScreen() and grown:
        # The pages cannot give up enough width: float the guide over the window's right edge.
        dock.setFloating(True)
        QtWidgets.QApplication.sendPostedEvents()
        frame.activate()  # the window's minimum no longer counts the dock
        window.resize(size)
        geo = window.geometry()
        width = max(dock.minimumSizeHint().width(), min(440, geo.width() // 3))  # as wide as it docks
        # Between the toolbar and the status bar: the Guide button and the cost bar stay in sight.
        central = window.centralWidget()
        assert central is not None  # the pages
        pages = central.geometry()
        dock.setGeometry(geo.right() - width, geo.top() + pages.top(), width, pages.height())
    else:
        wanted = max(dock.minimumSizeHint().width(), min(440, window.width() // 3))
        window.resizeDocks([dock], [wanted], Qt.Orientation.Horizontal)
    splitter = window.splitter
    splitter.setSizes([sizes[0], max(0, splitter.width() - sizes[0] - splitter.handleWidth())])
    window.after_guide = window.size()


def _restore(window: MainWindow) -> None:
    before = window.before_guide
    if before is None:
        return
    size, sizes = before
    window.before_guide = None
    if window.after_guide == window.size() and window.size() != size:
        window.resize(size)
    window.splitter.setSizes(sizes)


def _visibility(window: MainWindow, shown: bool) -> None:
    try:
        window.guide_action.setChecked(shown)
    except RuntimeError:
        pass  # the window is being torn down
