"""The main window's frame: its toolbar, the welcome page, its shortcuts, and its size and place on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.shell import Page
from gpudesk.ui import a11y, shortcuts
from gpudesk.ui import state as ui_state
from gpudesk.ui.icons import icon
from gpudesk.ui.pages import PAGE_CLASSES
from gpudesk.ui.pages import title as page_title
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtGui, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow

_PAGE_ICONS = {Page.CATALOG: "catalog", Page.PROVIDERS: "providers"}


def build_toolbar(window: MainWindow) -> tuple[QtWidgets.QLineEdit, QtGui.QAction, QtGui.QAction]:
    """The toolbar; returns its quick connect box, the Quit action and the Guide button's action."""
    bar = window.addToolBar(QCoreApplication.translate("MainWindow", "Main"))
    bar.setObjectName("main-toolbar")
    a11y.name_toolbar_extension(bar)
    bar.setMovable(False)
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    new = QtWidgets.QToolButton()
    new.setText(QCoreApplication.translate("MainWindow", "New session"))
    new.setIcon(icon("new-session"))
    new.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    new.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.MenuButtonPopup)
    new.clicked.connect(window.new_session)
    menu = QtWidgets.QMenu(new)
    menu.addAction(QCoreApplication.translate("MainWindow", "New session…"), window.new_session)
    menu.addAction(QCoreApplication.translate("MainWindow", "Open the demo server"), window.start_demo)
    menu.addSeparator()
    menu.addAction(QCoreApplication.translate("MainWindow", "Import sessions…"), window.import_sessions)
    menu.addSeparator()
    quit_action = menu.addAction(QCoreApplication.translate("MainWindow", "Quit gpudesk"), window.quit_app)
    quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)  # macOS: the app menu's Quit (Cmd+Q)
    shortcuts.bind_action(quit_action, "window.quit")
    window.addAction(quit_action)  # its keys work anywhere in the window
    new.setMenu(menu)
    bar.addWidget(new)
    bar.addSeparator()
    quick = QtWidgets.QLineEdit()
    quick.setPlaceholderText(
        QCoreApplication.translate("MainWindow", 'Quick connect: paste "ssh -p 34567 root@host" and press Enter')
    )
    quick.setMinimumWidth(420)
    quick.setClearButtonEnabled(True)
    a11y.name_clear_buttons(quick)
    quick.returnPressed.connect(window.quick_connect)
    quick.setAccessibleName(QCoreApplication.translate("MainWindow", "Quick connect"))
    bar.addWidget(quick)
    for page in PAGE_CLASSES:
        action = bar.addAction(icon(_PAGE_ICONS[page]), page_title(page))
        action.triggered.connect(lambda _=False, p=page: window.show_page(p))
    guide = bar.addAction(icon("guide"), QCoreApplication.translate("MainWindow", "Guide"))
    guide.setCheckable(True)
    guide.toggled.connect(window.show_guide)
    spacer = QtWidgets.QWidget()
    spacer.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Preferred)
    bar.addWidget(spacer)
    settings_action = bar.addAction(icon("settings"), QCoreApplication.translate("MainWindow", "Settings"))
    settings_action.triggered.connect(window.open_settings)
    help_button = QtWidgets.QToolButton()
    help_button.setText(QCoreApplication.translate("MainWindow", "Help"))
    help_button.setIcon(icon("help"))
    help_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    help_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
    help_menu = QtWidgets.QMenu(help_button)
    help_menu.addAction(QCoreApplication.translate("MainWindow", "Keyboard shortcuts"), window.show_shortcuts)
    help_menu.addAction(QCoreApplication.translate("MainWindow", "Open log folder"), window.open_log_folder)
    help_menu.addAction(
        QCoreApplication.translate("MainWindow", "Create diagnostics bundle…"), window.create_diagnostics
    )
    help_menu.addAction(
        QCoreApplication.translate("MainWindow", "Check for updates…"), lambda: window.check_updates(quiet=False)
    )
    help_menu.addSeparator()
    help_menu.addAction(QCoreApplication.translate("MainWindow", "About gpudesk"), window.show_about)
    help_button.setMenu(help_menu)
    bar.addWidget(help_button)
    return quick, quit_action, guide


def build_welcome(window: MainWindow) -> QtWidgets.QWidget:
    """The page shown while no tab is open: what to do first, as buttons."""
    page = QtWidgets.QWidget()
    layout = QtWidgets.QVBoxLayout(page)
    layout.addStretch(1)
    title = QtWidgets.QLabel(QCoreApplication.translate("MainWindow", "Welcome to gpudesk"))
    font = title.font()
    font.setPointSize(font.pointSize() + 8)
    font.setBold(True)
    title.setFont(font)
    title.setAlignment(Qt.AlignmentFlag.AlignCenter)
    text = QtWidgets.QLabel(
        QCoreApplication.translate(
            "MainWindow",
            "Paste the SSH command your GPU provider shows into Quick connect above,\n"
            "or double-click a saved session on the left. No server yet? Try the demo.",
        )
    )
    text.setAlignment(Qt.AlignmentFlag.AlignCenter)
    row = QtWidgets.QHBoxLayout()
    row.addStretch(1)
    new = QtWidgets.QPushButton(QCoreApplication.translate("MainWindow", "New session…"))
    new.clicked.connect(window.new_session)
    demo = QtWidgets.QPushButton(QCoreApplication.translate("MainWindow", "Try the demo GPU server"))
    demo.clicked.connect(window.start_demo)
    demo.setDefault(True)
    row.addWidget(new)
    importer = QtWidgets.QPushButton(QCoreApplication.translate("MainWindow", "Import from MobaXterm, Xshell, PuTTY…"))
    importer.clicked.connect(window.import_sessions)
    row.addWidget(importer)
    guide = QtWidgets.QPushButton(QCoreApplication.translate("MainWindow", "Show the four-step guide"))
    guide.clicked.connect(lambda: window.guide_action.setChecked(True))
    row.addWidget(guide)
    row.addWidget(demo)
    row.addStretch(1)
    layout.addWidget(title)
    layout.addSpacing(8)
    layout.addWidget(text)
    layout.addSpacing(16)
    layout.addLayout(row)
    layout.addStretch(2)
    return page


def build_shortcuts(window: MainWindow) -> None:
    # Keys come from the registry, which updates these QShortcuts when the user changes them.
    shortcuts.make_shortcut("window.new_session", window, window.new_session)
    shortcuts.make_shortcut("window.quick_connect", window, lambda: window.quick.setFocus())
    shortcuts.make_shortcut("window.close_tab", window, lambda: window.close_tab(window.tabs.currentIndex()))
    shortcuts.make_shortcut("window.search_sessions", window.sidebar, lambda: window.sidebar.search.setFocus())


def available_area(widget: QtWidgets.QWidget) -> QtCore.QRect | None:
    """The available area (without task bars) of the screen ``widget`` is on, else the primary screen's."""
    screen = widget.screen() or QtGui.QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def fit_to_screen(window: QtWidgets.QWidget) -> None:
    """Clamp the window (frame included) into the available area of the screen it is on."""
    area = available_area(window)
    if area is None or window.isMaximized() or window.isFullScreen():
        return
    frame = window.frameGeometry()
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    width = max(1, min(window.width(), area.width() - extra_w))
    height = max(1, min(window.height(), area.height() - extra_h))
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.x()), area.x() + max(0, area.width() - frame.width()))
    y = min(max(frame.y(), area.y()), area.y() + max(0, area.height() - frame.height()))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def restore_state(window: MainWindow) -> None:
    """The window's size, place, docks, split and open folders as the last run left them."""
    data = ui_state.load()
    if "geometry" in data:
        window.restoreGeometry(QtCore.QByteArray(ui_state.decode(data["geometry"])))
        fit_to_screen(window)  # saved on a larger screen (or a docked laptop): never larger than this one
        QtCore.QTimer.singleShot(0, window, lambda: fit_to_screen(window))  # again once shown, with its frame known
    else:  # first start: most of the screen, centred
        screen = QtGui.QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            width, height = min(1400, int(area.width() * 0.92)), min(900, int(area.height() * 0.92))
            x, y = area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2
            window.setGeometry(x, y, width, height)
    if "window_state" in data:
        window.restoreState(QtCore.QByteArray(ui_state.decode(data["window_state"])))
    if "splitter" in data:
        window.splitter.restoreState(QtCore.QByteArray(ui_state.decode(data["splitter"])))
    window.sidebar.expanded = set(data.get("expanded_folders", []))
    window.sidebar.refresh()


def save_state(window: MainWindow) -> None:
    ui_state.save(
        {
            "geometry": ui_state.encode(bytes(window.saveGeometry().data())),
            "window_state": ui_state.encode(bytes(window.saveState().data())),
            "splitter": ui_state.encode(bytes(window.splitter.saveState().data())),
            "expanded_folders": sorted(window.sidebar.expanded),
        }
    )
