"""TerminalView: one shell on the connection — canvas, scrollbar, find bar, drop banner.

The shell channel is opened on the connection's IO thread; its reader thread only pokes
the GUI (a queued signal, at most one outstanding) and the canvas drains the bytes.
When the connection drops the screen stays, a banner offers Reconnect, and once the
server is connected again the view re-opens its shell (re-attaching tmux).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core import settings
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.terminal import clipboard_trust
from gpudesk.core.terminal.cwd import usable_folder
from gpudesk.core.terminal.shell import ShellSession, has_tmux, tmux_name
from gpudesk.core.terminal.termlog import TeeBuffer, TerminalLog
from gpudesk.ui import bridge, plaintext, shortcuts
from gpudesk.ui.background import call_in_gui
from gpudesk.ui.panels import submit
from gpudesk.ui.qt import QtCore, QtWidgets, Signal
from gpudesk.ui.terminal.canvas import TerminalCanvas
from gpudesk.ui.terminal.findbar import FindBar
from gpudesk.ui.terminal_folder import TerminalFolder

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

Qt = QtCore.Qt
# A window or splitter drag resizes the view many times a second: the remote pty hears the size once
# the drag pauses this long (the final size always goes out), not at every step.
RESIZE_DEBOUNCE_MS = 80


class _Banner(QtWidgets.QFrame):
    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("terminal-banner")
        self.setStyleSheet("#terminal-banner { background: #5c3b00; } QLabel { color: white; }")
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.label = plaintext.plain(QtWidgets.QLabel(self))
        self.button = QtWidgets.QPushButton(self)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.hide()


class _ClipboardNotice(QtWidgets.QFrame):
    """A small bar above the terminal: "the server set your clipboard [Undo]", or the question once per server."""

    UNDO_MS = 10_000

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("terminal-clipboard-notice")
        self.setStyleSheet("#terminal-clipboard-notice { background: palette(alternate-base); }")
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(8, 2, 8, 2)
        self.label = plaintext.plain(QtWidgets.QLabel(self))
        self.label.setWordWrap(True)
        self.allow_button = QtWidgets.QPushButton(self.tr("Allow for this server"), self)
        self.deny_button = QtWidgets.QPushButton(self.tr("Not from this server"), self)
        self.undo_button = QtWidgets.QPushButton(self.tr("Undo"), self)
        layout.addWidget(self.label, 1)
        for button in (self.allow_button, self.deny_button, self.undo_button):
            layout.addWidget(button)
        self.timer = QtCore.QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(self.UNDO_MS)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def show_question(self, server: str) -> None:
        self.timer.stop()
        self.label.setText(
            self.tr("A program on %1 wants to set your clipboard. Allow it for this server?").replace("%1", server)
        )
        self.allow_button.show()
        self.deny_button.show()
        self.undo_button.hide()
        self.show()

    def show_set(self, server: str, chars: int) -> None:
        self.label.setText(
            self.tr("%1 set your clipboard (%n character(s)).", "", chars).replace("%1", server)
        )
        self.allow_button.hide()
        self.deny_button.hide()
        self.undo_button.show()
        self.show()
        self.timer.start()


class TerminalView(QtWidgets.QWidget):
    """A terminal bound to a shell on ``server``'s connection.

    Args:
        server: the server (its link's connection).
        key: identifies this terminal among the session's (names its tmux session).
    """

    typed = Signal(bytes)  # user input; the panel routes it (broadcast) and calls send_to_host
    title_changed = Signal(str)
    state_changed = Signal(str)  # "starting" | "running" | "lost" | "exited" | "closed"
    _data_signal = Signal()

    def __init__(self, server: LiveServer, key: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.terminal = TerminalFolder.of(server)  # where this server's terminal is, for the file browser
        self.key = key
        self.session: ShellSession | None = None
        self.state = "idle"
        self.tmux: str | None = None
        self._notify_pending = False
        self._generation = 0  # sessions replaced by a reconnect must not report into this view
        self.log: TerminalLog | None = None  # written on the shell's reader thread

        self.canvas = TerminalCanvas(self)
        self.scrollbar = QtWidgets.QScrollBar(Qt.Orientation.Vertical, self)
        self.findbar = FindBar(self.canvas, self)
        self.banner = _Banner(self)
        self.banner.button.clicked.connect(self._banner_clicked)
        # OSC 52 "set" is never silent: asked once per server, and each change can be undone.
        self.clip_notice = _ClipboardNotice(self)
        self._clip_pending: tuple[tuple[str, ...], str] | None = None
        self._clip_before: str | None = None
        self.clip_notice.allow_button.clicked.connect(lambda: self._clipboard_answer(True))
        self.clip_notice.deny_button.clicked.connect(lambda: self._clipboard_answer(False))
        self.clip_notice.undo_button.clicked.connect(self._clipboard_undo)

        row = QtWidgets.QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.canvas, 1)
        row.addWidget(self.scrollbar)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.clip_notice)
        layout.addLayout(row, 1)
        layout.addWidget(self.findbar)
        self.setFocusProxy(self.canvas)

        self.canvas.send.connect(self.typed)
        self.canvas.clipboard_policy = self._clipboard_policy
        self.canvas.clipboard_asked.connect(self._clipboard_asked)
        self.canvas.clipboard_set.connect(self._clipboard_set)
        self.canvas.reply.connect(self.answer_host)
        self.canvas.size_changed.connect(self._resized)
        self._resize_timer = QtCore.QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(RESIZE_DEBOUNCE_MS)
        self._resize_timer.timeout.connect(self._send_size)
        self.canvas.scrolled.connect(self._sync_scrollbar)
        self.canvas.title_changed.connect(self.title_changed)
        self.canvas.folder_changed.connect(self._reported_folder)
        self._folder_timer = QtCore.QTimer(self)
        self._folder_timer.setSingleShot(True)
        self._folder_timer.setInterval(700)
        self._folder_timer.timeout.connect(self._after_command)
        self._reports_at_enter = 0
        self.canvas.interrupt.connect(self._interrupted)
        self.canvas.user_input.connect(lambda: server.activity.emit("user"))
        self.canvas.user_input.connect(self._became_active)
        self._osc_host: str | None = None  # the host the shell first reported its folder from
        self.scrollbar.valueChanged.connect(self._scrollbar_moved)
        self._data_signal.connect(self._on_data, Qt.ConnectionType.QueuedConnection)
        bridge.connect(server.link.dropped, self._on_dropped, self)
        bridge.connect(server.link.connected, lambda _conn: self._on_connected(), self)

        shortcuts.make_shortcut("terminal.find", self, self.findbar.open, Qt.ShortcutContext.WidgetWithChildrenShortcut)

    # -- OSC 52: a program on the server sets the clipboard -------------------------------
    @property
    def clipboard_server(self) -> str:
        """The server as the clipboard question names and remembers it."""
        session = self.server.session
        return f"{session.host}:{session.port}"

    def _clipboard_policy(self) -> str | None:
        return clipboard_trust.decision(self.clipboard_server)

    def _clipboard_asked(self, targets: tuple[str, ...], text: str) -> None:
        self._clip_pending = (targets, text)  # the latest request waits for the answer
        self.clip_notice.show_question(self.clipboard_server)

    def _clipboard_answer(self, allow: bool) -> None:
        clipboard_trust.remember(self.clipboard_server, allow)
        pending, self._clip_pending = self._clip_pending, None
        self.clip_notice.hide()
        if allow and pending is not None:
            self.canvas.apply_clipboard(*pending)

    def _clipboard_set(self, before: str, text: str) -> None:
        self._clip_before = before
        self.clip_notice.show_set(self.clipboard_server, len(text))

    def _clipboard_undo(self) -> None:
        if self._clip_before is not None:
            QtWidgets.QApplication.clipboard().setText(self._clip_before)
            self._clip_before = None
        self.clip_notice.hide()

    # -- shell lifecycle ---------------------------------------------------------------
    def start(self) -> None:
        """Open the shell (now if connected, else once the server connects)."""
        if self.server.link.connection is None or self.state in ("starting", "running"):
            return
        self._set_state("starting")
        self._generation += 1
        generation = self._generation
        cols, rows = self.canvas.screen.cols, self.canvas.screen.rows
        persistent = settings.get("terminal.persistent_tmux") and getattr(self.server.session, "persistent_tmux", True)
        wanted = tmux_name(f"{self.server.session.id[:8]}-{self.key}") if persistent else None
        session = ShellSession(
            cols,
            rows,
            on_output=self._notify_from_thread,
            on_closed=lambda reason: call_in_gui(lambda r: self._on_closed(generation, r), reason),
        )
        session.output = TeeBuffer()
        session.output.log = self.log

        def open_shell(conn: Connection) -> ShellSession:
            # A tmux the server lacks is simply not used: a plain shell still works.
            session.tmux_session = wanted if wanted and (self.tmux or has_tmux(conn)) else None
            session.start(conn)
            return session

        submit(
            self.server,
            open_shell,
            lambda s: self._started(generation, s),
            lambda e: self._failed(generation, e),
            owner=self,
        )

    def _started(self, generation: int, session: ShellSession) -> None:
        if generation != self._generation:
            session.close()
            return
        self.session = session
        self.tmux = session.tmux_session
        if isinstance(session.output, TeeBuffer):
            session.output.log = self.log  # logging may have been switched while the shell opened
        self.canvas.source = session.output
        cols, rows = self.canvas.screen.cols, self.canvas.screen.rows
        session.resize(cols, rows)  # the widget may have been resized while the channel opened
        self.banner.hide()
        self._set_state("running")
        self.canvas.data_ready()

    def _failed(self, generation: int, exc: BaseException) -> None:
        if generation != self._generation:
            return
        self._set_state("lost")
        self._show_banner(self.tr("Could not open a shell: %1").replace("%1", str(exc)), self.tr("Reconnect"))

    def _notify_from_thread(self) -> None:
        if not self._notify_pending:
            self._notify_pending = True
            self._data_signal.emit()

    def _on_data(self) -> None:
        self._notify_pending = False
        self.canvas.data_ready()

    def _on_closed(self, generation: int, reason: str) -> None:
        if generation != self._generation or self.state == "closed":
            return
        self.canvas.data_ready()  # show the last bytes
        if reason == "exited":
            self._set_state("exited")
            self._show_banner(self.tr("The shell has ended."), self.tr("Restart"))
        else:
            self._set_state("lost")
            self._show_banner(self._lost_text(), self.tr("Reconnect"))

    def _lost_text(self) -> str:
        if self.tmux:
            return self.tr("Connection lost. Your programs keep running in tmux session %1 on the server.").replace(
                "%1", self.tmux
            )
        return self.tr("Connection lost. The screen below is what the server sent last.")

    def _on_dropped(self, _message: str) -> None:
        if self.state in ("running", "starting"):
            self._set_state("lost")
            self._show_banner(self._lost_text(), self.tr("Reconnect"))

    def _on_connected(self) -> None:
        if self.state in ("idle", "lost"):
            if self.session is not None and self.tmux is None:
                self.canvas.feed(b"\r\n\x1b[2m--- reconnected: a new shell ---\x1b[0m\r\n")
            self._drop_session()
            self.start()

    def _banner_clicked(self) -> None:
        conn = self.server.link.connection
        alive = conn is not None and conn.is_alive
        if alive and self.server.link.state == LinkState.CONNECTED:
            self._drop_session()
            self._set_state("idle")
            self.start()
        else:
            self.server.link.reconnect()

    def _show_banner(self, text: str, button: str) -> None:
        self.banner.label.setText(text)
        self.banner.button.setText(button)
        self.banner.show()

    def _drop_session(self) -> None:
        session, self.session = self.session, None
        self.canvas.source = None
        if session is not None:
            self._generation += 1
            session.close()

    def close_shell(self) -> None:
        """Close the channel for good (a tmux session stays on the server)."""
        self._set_state("closed")
        self._drop_session()
        self.set_log(None)

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    # -- logging ---------------------------------------------------------------------
    def set_log(self, log: TerminalLog | None) -> None:
        """Log this terminal's output to ``log`` from now on (``None`` stops; the old log is closed)."""
        old, self.log = self.log, log
        session = self.session
        if session is not None and isinstance(session.output, TeeBuffer):
            session.output.log = log
        if old is not None and old is not log:
            old.close()

    # -- IO --------------------------------------------------------------------------
    def answer_host(self, data: bytes) -> None:
        """The terminal's own answers (queries, mouse, focus): bounded, a duplicate already waiting is dropped."""
        session = self.session
        if session is not None and self.state == "running":
            session.answer(data)

    def send_to_host(self, data: bytes) -> None:
        session = self.session
        if session is not None and self.state == "running":
            if self._resize_timer.isActive():
                # A size still waiting for the drag to end goes first: what is typed now runs at the new size.
                self._resize_timer.stop()
                self._send_size()
            session.write(data)
            if b"\r" in data and self.terminal.follow:
                self._reports_at_enter = self.canvas.screen.cwd_reports
                self._folder_timer.start()  # a command ran (maybe a cd): look once it had time to

    # -- the shell's folder (for the file browser) ------------------------------------
    def _became_active(self) -> None:
        self.terminal.active = self  # the terminal the file browser follows

    def _own_folder(self) -> str:
        """The OSC 7 folder when it is this server's: after ``ssh otherbox`` a shell there reports its host."""
        screen = self.canvas.screen
        if not screen.cwd:
            return ""
        if self._osc_host is None:
            self._osc_host = screen.cwd_host
        return screen.cwd if screen.cwd_host == self._osc_host else ""

    def _reported_folder(self, _path: str) -> None:
        active = self.terminal.active
        if active is not None and active is not self:
            return  # a background tab or split printing its prompt
        if path := self._own_folder():
            self._tell_folder(path)

    def _tell_folder(self, path: str) -> None:
        # Whatever the shell (or a program printing OSC 7) reports: a relative path or one with
        # control characters is never adopted by the file pane, nor typed back by "Open in terminal".
        if usable_folder(path):
            self.terminal.folder.emit(path)

    def _after_command(self) -> None:
        if self.canvas.screen.cwd_reports > self._reports_at_enter and self._own_folder():
            return  # the prompt reported its folder itself (already passed on when it changed)
        # No report since Enter: a shell without the hook (tmux in between, sudo -i, a long command),
        # so ask the server where the shell is.
        self._ask_server()

    def report_folder(self) -> None:
        """Tell ``TerminalFolder.of(server).folder`` where this shell is: from OSC 7, else by asking the server."""
        if path := self._own_folder():
            self._tell_folder(path)
            return
        self._ask_server()

    def _ask_server(self) -> None:
        session = self.session
        if session is None or self.state != "running":
            return
        generation = self._generation

        def found(path: str | None) -> None:
            if path and generation == self._generation:
                self._tell_folder(path)

        submit(self.server, session.current_folder, found, lambda _exc: None, owner=self)

    def _resized(self, _cols: int, _rows: int) -> None:
        # Every change of the grid (window, splitter, a dock opening, font size; a hidden tab's when it
        # is shown) restarts the timer, so the server gets the size the drag ends on.
        self._resize_timer.start()
        self._sync_scrollbar()

    def _send_size(self) -> None:
        session = self.session
        if session is not None:
            session.resize(self.canvas.screen.cols, self.canvas.screen.rows)

    def _interrupted(self) -> None:
        # Like a tty's flush on interrupt: output still queued here is dropped so the flood stops now.
        session = self.session
        if session is not None and len(session.output) > 64 * 1024:
            session.flush_output()

    # -- scrollback ------------------------------------------------------------------
    def _sync_scrollbar(self) -> None:
        history = len(self.canvas.screen.history)
        bar = self.scrollbar
        bar.blockSignals(True)
        bar.setRange(0, history)
        bar.setPageStep(self.canvas.screen.rows)
        bar.setValue(history - self.canvas.offset)
        bar.blockSignals(False)

    def _scrollbar_moved(self, value: int) -> None:
        self.canvas.scroll_to(len(self.canvas.screen.history) - value)
