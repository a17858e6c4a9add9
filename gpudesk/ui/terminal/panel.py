"""TerminalPanel: the "Terminal" sub-tab — shell tabs, splits, broadcast and quick commands."""

from __future__ import annotations

import itertools
import math

from gpudesk.core import settings
from gpudesk.core.live.server import LiveServer
from gpudesk.core.terminal.cwd import cd_line
from gpudesk.core.terminal.quick import QuickCommand, QuickCommandStore
from gpudesk.core.terminal.termlog import TerminalLog, log_dir
from gpudesk.ui import a11y, bridge, plaintext, shortcuts
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from gpudesk.ui.terminal.broadcast import broadcaster
from gpudesk.ui.terminal.view import TerminalView
from gpudesk.ui.terminal_folder import TerminalFolder

Qt = QtCore.Qt
MIN_COLS, MIN_ROWS = 20, 5  # the smallest pane a split may leave: a prompt and a short command still fit


class TerminalPanel(QtWidgets.QWidget):
    """Shell tabs on one connection; each tab holds one terminal or a split of several."""

    def __init__(self, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.terminal = TerminalFolder.of(server)  # where the shell is, for the file browser
        self.views: list[TerminalView] = []
        self._serial = itertools.count(1)
        self.quick = QuickCommandStore.load()

        self.tabs = a11y.TabWidget(self)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabCloseRequested.connect(self.close_tab)

        bar = QtWidgets.QToolBar(self)
        a11y.name_toolbar_extension(bar)
        bar.setIconSize(QtCore.QSize(16, 16))
        self.new_tab_action = bar.addAction(self.tr("New tab"), self.new_tab)
        self.new_tab_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcuts.bind_action(self.new_tab_action, "terminal.new_tab", self.tr("Open another shell on this connection"))
        self.addAction(self.new_tab_action)
        bar.addAction(self.tr("Split right"), lambda: self.split(Qt.Orientation.Horizontal))
        bar.addAction(self.tr("Split down"), lambda: self.split(Qt.Orientation.Vertical))
        bar.addSeparator()
        self.broadcast_button = QtWidgets.QToolButton(self)
        self.broadcast_button.setText(self.tr("Broadcast"))
        self.broadcast_button.setCheckable(True)
        self.broadcast_button.setToolTip(self.tr("Send what you type to every terminal ticked in this menu"))
        self.broadcast_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.broadcast_menu = QtWidgets.QMenu(self)
        self.broadcast_menu.aboutToShow.connect(self._fill_broadcast_menu)
        self.broadcast_button.setMenu(self.broadcast_menu)
        self.broadcast_button.toggled.connect(broadcaster().set_enabled)
        broadcaster().changed.connect(self._sync_broadcast)
        bar.addWidget(self.broadcast_button)
        self.quick_button = QtWidgets.QToolButton(self)
        self.quick_button.setText(self.tr("Quick commands"))
        self.quick_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self.quick_menu = QtWidgets.QMenu(self)
        self.quick_menu.aboutToShow.connect(self._fill_quick_menu)
        self.quick_button.setMenu(self.quick_menu)
        bar.addWidget(self.quick_button)
        bar.addSeparator()
        self.log_action = bar.addAction(self.tr("Log to file"))
        self.log_action.setCheckable(True)
        self.log_action.setToolTip(self.tr("Write what these terminals show to log files (rotated by size)"))
        self.log_action.setChecked(bool(settings.get("terminal.log_all")))
        self.log_action.toggled.connect(self._logging_toggled)
        self.log_folder_action = bar.addAction(self.tr("Open log folder"), self.open_log_folder)
        self.log_folder_action.setToolTip(self.tr("Show this session's terminal logs in the file manager"))

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        # Why a split was refused; a label, not a dialog, so it never interrupts typing.
        self.notice = plaintext.plain(QtWidgets.QLabel(self))
        self.notice.setWordWrap(True)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notice.hide()
        self._notice_timer = QtCore.QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.setInterval(8000)
        self._notice_timer.timeout.connect(self.notice.hide)

        layout.addWidget(bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.tabs, 1)

        bridge.connect(server.link.connected, lambda _conn: self._on_connected(), self)
        self.terminal.folder_wanted.connect(self._report_folder)
        self.terminal.cd_wanted.connect(self.change_folder)
        if server.link.connection is not None:
            self._on_connected()

    def change_folder(self, path: str) -> bool:
        """``cd`` the terminal typed in last (else the current one) to ``path``, as if typed.

        False (nothing typed) for a path :func:`cd_line` refuses: one with control characters,
        which would edit or end the command line (the Files panel says why before it asks).
        """
        line = cd_line(path)
        active = self.terminal.active
        view = active if active in self.views else self.current_view()
        if line is None or view is None:
            return False
        view.send_to_host(line)
        return True

    def _report_folder(self) -> None:
        view = self.current_view()
        if view is not None:
            view.report_folder()

    # -- tabs and splits ---------------------------------------------------------------
    def _on_connected(self) -> None:
        if not self.views:
            self.new_tab()

    def _make_view(self) -> TerminalView:
        view = TerminalView(self.server, f"t{next(self._serial)}", self)
        view.typed.connect(lambda data, v=view: broadcaster().route(v, data))
        view.title_changed.connect(lambda _title, v=view: self._retitle(v))
        if self.log_action.isChecked():
            view.set_log(self._new_log(view))
        self.views.append(view)
        view.setMinimumSize(self._min_pane(view))
        broadcaster().register(view)
        return view

    @staticmethod
    def _min_pane(view: TerminalView) -> QtCore.QSize:
        """The smallest size that still shows ``MIN_COLS`` × ``MIN_ROWS`` cells (plus the scroll bar)."""
        painter = view.canvas.painter
        return QtCore.QSize(
            math.ceil(painter.cell_w * MIN_COLS) + view.scrollbar.sizeHint().width(),
            math.ceil(painter.cell_h * MIN_ROWS),
        )

    def _show_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.show()
        self._notice_timer.start()

    def new_tab(self) -> TerminalView:
        view = self._make_view()
        splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal, self.tabs)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(view)
        index = self.tabs.addTab(splitter, self.tr("Shell %1").replace("%1", view.key[1:]))
        self.tabs.setCurrentIndex(index)
        view.start()
        view.setFocus()
        return view

    def current_view(self) -> TerminalView | None:
        focused = QtWidgets.QApplication.focusWidget()
        for view in self.views:
            if focused is not None and (focused is view or view.isAncestorOf(focused)):
                return view
        page = self.tabs.currentWidget()
        if page is None:
            return None
        found = page.findChildren(TerminalView)
        return found[0] if found else None

    def split(self, orientation: Qt.Orientation) -> TerminalView | None:
        """Put a new terminal beside (or below) the current one, sharing the current one's space.

        The other panes keep their sizes. ``None`` (and a notice) when the current pane has no
        room for two of at least ``MIN_COLS`` × ``MIN_ROWS``.
        """
        current = self.current_view()
        if current is None:
            return self.new_tab()
        parent = current.parentWidget()
        assert isinstance(parent, QtWidgets.QSplitter)
        horizontal = orientation == Qt.Orientation.Horizontal
        minimum = self._min_pane(current)
        need = minimum.width() if horizontal else minimum.height()
        length = current.width() if horizontal else current.height()
        if current.isVisible() and length < 2 * need + parent.handleWidth():
            self._show_notice(
                self.tr("No room to split this terminal: each part needs at least %1 columns and %2 rows.")
                .replace("%1", str(MIN_COLS))
                .replace("%2", str(MIN_ROWS))
            )
            return None
        self.notice.hide()
        first = (length - parent.handleWidth()) // 2
        halves = [max(need, length - parent.handleWidth() - first), max(need, first)]
        view = self._make_view()
        index = parent.indexOf(current)
        if parent.orientation() == orientation or parent.count() == 1:
            sizes = parent.sizes() if parent.orientation() == orientation else [length]
            parent.setOrientation(orientation)
            parent.insertWidget(index + 1, view)
            parent.setSizes(sizes[:index] + halves + sizes[index + 1 :])
        else:
            # A new splitter takes the current pane's place and exactly its size; without
            # restoring the sizes the parent gives it a sliver (a column of two characters).
            sizes = parent.sizes()
            inner = QtWidgets.QSplitter(orientation)
            inner.setChildrenCollapsible(False)
            parent.insertWidget(index, inner)
            inner.addWidget(current)
            inner.addWidget(view)
            parent.setSizes(sizes)
            inner.setSizes(halves)
        view.start()
        view.setFocus()
        return view

    def close_tab(self, index: int) -> None:
        page = self.tabs.widget(index)
        if page is None:
            return
        for view in page.findChildren(TerminalView):
            self._forget(view)
        self.tabs.removeTab(index)
        page.deleteLater()

    def _forget(self, view: TerminalView) -> None:
        view.close_shell()
        broadcaster().unregister(view)
        if view in self.views:
            self.views.remove(view)
        if self.terminal.active is view:
            self.terminal.active = None

    def _retitle(self, view: TerminalView) -> None:
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is not None and (page is view or page.isAncestorOf(view)):
                title = view.canvas.screen.title or self.tr("Shell %1").replace("%1", view.key[1:])
                self.tabs.setTabText(i, title[:40])
                self.tabs.setTabToolTip(i, plaintext.tooltip(title))  # the server sets the title
                self.tabs.name_close_buttons()

    # -- logging ---------------------------------------------------------------------
    def _new_log(self, view: TerminalView) -> TerminalLog:
        return TerminalLog.for_session(
            self.server.session.id,
            view.key,
            raw=bool(settings.get("terminal.log_raw")),
            max_bytes=max(1, int(settings.get("terminal.log_max_mb"))) * 1024 * 1024,
            keep=int(settings.get("terminal.log_keep")),
        )

    def _logging_toggled(self, on: bool) -> None:
        for view in self.views:
            view.set_log(self._new_log(view) if on else None)

    def log_folder(self) -> str:
        return str(log_dir(self.server.session.id))

    def open_log_folder(self) -> None:
        folder = log_dir(self.server.session.id)
        # Created off the GUI thread (it may not exist before the first log), then opened.
        run_in_background(
            lambda: folder.mkdir(parents=True, exist_ok=True),
            lambda _r: QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(folder))),
        )

    # -- broadcast -------------------------------------------------------------------
    def _fill_broadcast_menu(self) -> None:
        menu = self.broadcast_menu
        menu.clear()
        b = broadcaster()
        for view in b.views():
            label = f"{view.server.session.label} — {view.canvas.screen.title or view.key}"
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(b.is_target(view))
            action.toggled.connect(lambda on, v=view: self.choose_broadcast_target(v, on))
        menu.addSeparator()
        menu.addAction(self.tr("All terminals"), self.broadcast_to_all)
        menu.addAction(self.tr("None"), self.broadcast_to_none)

    def choose_broadcast_target(self, view: TerminalView, on: bool) -> None:
        """Tick or untick ``view``; ticking one means "broadcast", so broadcasting starts."""
        b = broadcaster()
        b.set_target(view, on)
        if on:
            b.set_enabled(True)
        elif not b.targets():
            b.set_enabled(False)

    def broadcast_to_all(self) -> None:
        b = broadcaster()
        for view in b.views():
            b.set_target(view, True)
        b.set_enabled(True)

    def broadcast_to_none(self) -> None:
        b = broadcaster()
        for view in b.views():
            b.set_target(view, False)
        b.set_enabled(False)

    def _sync_broadcast(self) -> None:
        b = broadcaster()
        self.broadcast_button.blockSignals(True)
        self.broadcast_button.setChecked(b.enabled)
        self.broadcast_button.blockSignals(False)
        count = len(b.targets())
        self.broadcast_button.setText(
            self.tr("Broadcast (%1)").replace("%1", str(count)) if b.enabled else self.tr("Broadcast")
        )
        # A warning colour on the button and a mark on every tab whose input is being copied.
        self.broadcast_button.setStyleSheet("QToolButton { color: #c62828; font-weight: bold; }" if b.enabled else "")
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is None:
                continue
            hit = b.enabled and any(b.is_target(v) for v in page.findChildren(TerminalView))
            self.tabs.setTabIcon(i, _broadcast_icon() if hit else QtGui.QIcon())
            self.tabs.setTabWhatsThis(i, self.tr("Broadcasting") if hit else "")

    def broadcasting_tabs(self) -> list[int]:
        """Indexes of the tabs marked as receiving broadcast input."""
        return [i for i in range(self.tabs.count()) if not self.tabs.tabIcon(i).isNull()]

    # -- quick commands --------------------------------------------------------------
    def _fill_quick_menu(self) -> None:
        menu = self.quick_menu
        menu.clear()
        for command in self.quick.for_session(self.server.session.id):
            action = menu.addAction(command.name)
            action.setToolTip(plaintext.tooltip(command.command))
            action.triggered.connect(lambda _=False, c=command: self.run_quick(c))
        menu.addSeparator()
        menu.addAction(self.tr("Add quick command…"), self._add_quick)
        remove = menu.addMenu(self.tr("Remove"))
        for command in self.quick.for_session(self.server.session.id):

            def remove_command(c: QuickCommand = command) -> None:
                self.quick.remove(c)

            remove.addAction(command.name, remove_command)

    def run_quick(self, command: QuickCommand) -> None:
        view = self.current_view()
        if view is not None:
            broadcaster().route(view, command.payload())
            self.server.activity.emit("user")
            view.setFocus()

    def _add_quick(self) -> None:
        dialog = QtWidgets.QDialog(self)
        dialog.setWindowTitle(self.tr("Add quick command"))
        form = QtWidgets.QFormLayout(dialog)
        name = QtWidgets.QLineEdit(dialog)
        command = QtWidgets.QLineEdit(dialog)
        only_here = QtWidgets.QCheckBox(self.tr("Only for this session"), dialog)
        form.addRow(self.tr("Name"), name)
        form.addRow(self.tr("Command"), command)
        form.addRow(only_here)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok | QtWidgets.QDialogButtonBox.StandardButton.Cancel, dialog
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted and command.text().strip():
            self.quick.add(
                QuickCommand(
                    name.text().strip() or command.text().strip(),
                    command.text(),
                    self.server.session.id if only_here.isChecked() else "",
                )
            )

    def shutdown(self) -> None:
        """Close every shell (tmux sessions stay on the server)."""
        for view in list(self.views):
            self._forget(view)


def _broadcast_icon() -> QtGui.QIcon:
    """A red dot: this tab's terminals receive what is typed in any broadcast target."""
    pix = QtGui.QPixmap(12, 12)
    pix.fill(Qt.GlobalColor.transparent)
    p = QtGui.QPainter(pix)
    p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    p.setBrush(QtGui.QColor("#c62828"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(1, 1, 10, 10)
    p.end()
    return QtGui.QIcon(pix)
