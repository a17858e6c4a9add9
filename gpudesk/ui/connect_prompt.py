"""Quick connect as ssh and MobaXterm do it: reach the server, check its key, then ask for the password.

Enter on a login line starts a :class:`QuickConnect`. The server is reached and its host key
checked first (a refused port, an unknown name or a changed key end there, said in a
:class:`QuickNote` under the box, before any password is typed). Then a compact
:class:`ConnectPrompt` asks for the password (or a key's passphrase) and logs in on that same
connection. The session is saved only once the login worked, or when the user clicks Save; a
typo or a wrong password leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Callable

from gpudesk.core import secrets
from gpudesk.core.live.link import Transition
from gpudesk.core.live.questions import PasswordAsk, Question
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions.loginline import LoginLine
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.ui import bridge
from gpudesk.ui.controller import ConnectionController
from gpudesk.ui.errors_text import explain
from gpudesk.ui.qt import QObject, Qt, QtCore, QtGui, QtWidgets, Signal

# Failures of a key that a typed passphrase can mend: asked in the prompt, not told in the note.
_PASSPHRASE_ERRORS = (E.PassphraseRequired, E.WrongPassphrase)


def session_from_line(line: LoginLine, name: str = "") -> Session:
    """A new (unsaved) session for a parsed login line: key login when it names a key, else password."""
    session = Session(
        name=name or (line.host if line.port == 22 else f"{line.host}:{line.port}"),
        host=line.host,
        port=line.port,
        username=line.username,
    )
    if line.identity_file:
        session.auth = "key_file"
        session.identity_file = line.identity_file
    session.jump_host = line.jump_host
    return session


class QuickNote(QtWidgets.QLabel):
    """A note under the quick connect box: why a line was refused or the server not reached.

    A tool-tip window that takes no focus and can be read and selected. It goes when the text
    changes, on Esc, when its window moves, resizes, hides or loses focus, when another note is
    shown, or after a while: a floating window must never stay behind on the screen.
    """

    SHOWN_MS = 30_000
    _shown: list[QuickNote] = []

    def __init__(self, anchor: QtWidgets.QLineEdit) -> None:
        super().__init__(anchor.window(), Qt.WindowType.ToolTip)
        self.anchor = anchor
        self.setObjectName("quick-note")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setWordWrap(True)
        self.setMaximumWidth(560)
        self.setMargin(8)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setStyleSheet("#quick-note { background: #fff3e0; color: #222; border: 1px solid #e0a060; }")
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        anchor.textChanged.connect(lambda _text: self.hide())
        anchor.installEventFilter(self)
        self._window = anchor.window()
        self._window.installEventFilter(self)

    _GONE_ON = (
        QtCore.QEvent.Type.Move,
        QtCore.QEvent.Type.Resize,
        QtCore.QEvent.Type.Hide,
        QtCore.QEvent.Type.WindowDeactivate,
        QtCore.QEvent.Type.WindowStateChange,
        QtCore.QEvent.Type.Close,
    )

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802 - Qt's name
        if self.isVisible():
            if watched is self._window and event.type() == QtCore.QEvent.Type.WindowDeactivate:
                # Another window of the app (or of the system) took the focus; a platform may also pass the
                # activation around while the note itself appears, so look once the events have settled.
                QtCore.QTimer.singleShot(50, self._hide_unless_active)
            elif watched is self._window and event.type() in self._GONE_ON:
                self.hide()
            elif (
                watched is self.anchor
                and event.type() == QtCore.QEvent.Type.KeyPress
                and isinstance(event, QtGui.QKeyEvent)
                and event.key() == Qt.Key.Key_Escape
            ):
                self.hide()
                return True
        return False

    def _hide_unless_active(self) -> None:
        if not self._window.isActiveWindow():
            self.hide()

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(event)

    def show_text(self, text: str) -> None:
        for other in list(QuickNote._shown):
            if other is self:
                continue
            try:
                other.hide()
            except RuntimeError:  # its window (and so the note) was already deleted
                QuickNote._shown.remove(other)
        self.setText(text)
        self.setAccessibleName(text)
        self.adjustSize()
        self.move(self.anchor.mapToGlobal(QtCore.QPoint(0, self.anchor.height() + 2)))
        self.show()
        self.raise_()
        if self not in QuickNote._shown:
            QuickNote._shown.append(self)
        self._timer.start(self.SHOWN_MS)

    def hideEvent(self, event: QtGui.QHideEvent) -> None:  # noqa: N802 - Qt's name
        self._timer.stop()
        if self in QuickNote._shown:
            QuickNote._shown.remove(self)
        super().hideEvent(event)


class ConnectPrompt(QtWidgets.QDialog):
    """The compact "connect" prompt: password (or passphrase) field, remember box, Connect, Save, Cancel."""

    connect_clicked = Signal(str, bool)  # the secret, remember it
    save_clicked = Signal()

    def __init__(self, session: Session, login_text: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Connect"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(380)
        layout = QtWidgets.QVBoxLayout(self)
        self.target = QtWidgets.QLabel(f"{session.username}@{session.host}:{session.port}")
        font = self.target.font()
        font.setBold(True)
        self.target.setFont(font)
        self.target.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.target.setToolTip(login_text)
        layout.addWidget(self.target)
        form = QtWidgets.QFormLayout()
        self.secret_label = QtWidgets.QLabel(self.tr("Password"))
        self.secret = QtWidgets.QLineEdit()
        self.secret.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName(self.tr("Password"))
        self.secret.textEdited.connect(lambda _t: self._update_buttons())
        form.addRow(self.secret_label, self.secret)
        layout.addLayout(form)
        self.remember = QtWidgets.QCheckBox(self.tr("Remember password"))
        self.remember.setChecked(secrets.available())
        self.remember.setEnabled(secrets.available())
        if not secrets.available():
            self.remember.setToolTip(self.tr("No system keyring was found; the password is asked for each time."))
        layout.addWidget(self.remember)
        self.message = QtWidgets.QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        layout.addWidget(self.message)
        buttons = QtWidgets.QDialogButtonBox()
        self.connect_button = buttons.addButton(self.tr("Connect"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        self.connect_button.setDefault(True)
        self.save_button = buttons.addButton(self.tr("Save"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        # Enter is always "try again": a button that took focus while the field was busy must not take Enter over.
        self.save_button.setAutoDefault(False)
        self.save_button.setToolTip(self.tr("Keep this session in the list, even before the login worked"))
        self.cancel_button = buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setAutoDefault(False)
        self.connect_button.clicked.connect(self._connect)
        self.save_button.clicked.connect(self.save_clicked.emit)
        self.cancel_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.busy = False
        self.passphrase_mode = False

    def ask(self, passphrase: bool = False, error: str = "") -> None:
        """Show the prompt ready for typing; ``error`` says why the last try failed."""
        self.passphrase_mode = passphrase
        label = self.tr("Key passphrase") if passphrase else self.tr("Password")
        self.secret_label.setText(label)
        self.secret.setAccessibleName(label)
        self.remember.setText(self.tr("Remember passphrase") if passphrase else self.tr("Remember password"))
        self.busy = False
        self.secret.setEnabled(True)
        if error:
            self.show_message(error, error=True)
            self.secret.selectAll()
        else:
            self.show_message("")
        self._update_buttons()
        self.connect_button.setDefault(True)  # Enter retries, whatever had focus while the last try ran
        if not self.isVisible():
            self.open()
        self.raise_()
        self.activateWindow()
        self.secret.setFocus(Qt.FocusReason.OtherFocusReason)

    def working(self, text: str) -> None:
        self.busy = True
        self.secret.setEnabled(False)
        self.show_message(text)
        self._update_buttons()

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #c62828;" if error else "")
        self.message.setVisible(bool(text))
        # Grow to show every line of the reason (a wrapped second line was cut off at the old height).
        layout = self.layout()
        assert layout is not None  # built in __init__
        layout.activate()
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))

    def saved(self) -> None:
        self.save_button.setEnabled(False)
        self.save_button.setText(self.tr("Saved"))

    def _update_buttons(self) -> None:
        self.connect_button.setEnabled(not self.busy)

    def _connect(self) -> None:
        if self.busy:
            return
        self.connect_clicked.emit(self.secret.text(), self.remember.isChecked())


class QuickConnect(QObject):
    """One quick connect: the controller (with its hidden tab), the prompt, and how it ended.

    ``succeeded`` when logged in; ``failed_early(exc)`` when it failed before the prompt opened
    (the window shows a :class:`QuickNote`); ``given_up`` when the user cancelled; ``save_requested``
    for the Save button. ``secret``/``remember`` are what was typed, for the window to keep.
    """

    succeeded = Signal()
    failed_early = Signal(object)
    given_up = Signal()
    save_requested = Signal()

    def __init__(self, controller: ConnectionController, login_text: str, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.controller = controller
        self.link = controller.link
        self.login_text = login_text
        self.session = controller.session
        self.prompt = ConnectPrompt(self.session, login_text, parent)
        self.secret: str | None = None
        self.remember = False
        self.saved = False
        self.done = False
        self._pending: str | None = None  # typed before the connection was there to take it
        self._password_ask: PasswordAsk | None = None  # the open password question, as shown
        self.link.ask_password_late = True
        # The link's news, heard after the controller and the tab took it (they subscribed first).
        self._unsubscribe: list[Callable[[], None]] = [
            bridge.connect(self.link.transition, self._on_transition, self),
            bridge.connect(self.link.question, self._on_question, self),
        ]
        self.prompt.connect_clicked.connect(self._on_connect_clicked)
        self.prompt.save_clicked.connect(self.save_requested.emit)
        self.prompt.rejected.connect(self._on_cancel)

    @property
    def target(self) -> str:
        s = self.session
        return f"{s.username}@{s.host}:{s.port}"

    def start(self) -> None:
        self.link.connect()

    # -- the link's side -------------------------------------------------------
    def _on_transition(self, change: Transition) -> None:
        if not self.controller.shows(change):
            return  # overtaken: a newer change was shown already
        if change.state is LinkState.CONNECTED:
            self._on_connected()
        if change.failed is not None and self.controller.shows(change):
            self._on_failed(change.failed)

    def _on_question(self, ask: Question) -> None:
        if ask.answered or not isinstance(ask, PasswordAsk):
            return  # cancelled before it could be shown; the tab asks the others
        self._password_ask = ask
        self._on_password_question(ask.reason)

    def _answer_password(self, password: str | None) -> None:
        ask, self._password_ask = self._password_ask, None
        if ask is not None:
            ask.answer(password)

    def _on_password_question(self, reason: object) -> None:
        if self.done:
            self._answer_password(None)
            return
        if reason is None and self._pending is not None:
            secret, self._pending = self._pending, None  # Connect was clicked: no second question
            self.secret = secret
            self.prompt.working(self.tr("Logging in to %1…").replace("%1", self.target))
            self._answer_password(secret)
            return
        self.prompt.ask(error=explain(reason) if isinstance(reason, BaseException) else "")

    def _on_connected(self) -> None:
        if self.done:
            return
        self.done = True
        self._disconnect()
        self.prompt.accept()
        self.succeeded.emit()

    def _on_failed(self, exc: object) -> None:
        if self.done:
            return
        if isinstance(exc, E.Cancelled) and not self.prompt.isVisible():
            self._finish_given_up()
            return
        if isinstance(exc, _PASSPHRASE_ERRORS) and self.session.auth in ("key_file", "stored_key"):
            # The key is read only after the server's key was checked: its passphrase is asked here.
            self._pending = None
            self.prompt.ask(passphrase=True, error=explain(exc) if isinstance(exc, E.WrongPassphrase) else "")
            return
        if not self.prompt.isVisible():
            self.done = True
            self._disconnect()
            self.failed_early.emit(exc)
            return
        self._pending = None
        self.prompt.ask(
            passphrase=self.prompt.passphrase_mode, error=explain(exc) if isinstance(exc, BaseException) else str(exc)
        )

    # -- the prompt's side -----------------------------------------------------
    def _on_connect_clicked(self, secret: str, remember: bool) -> None:
        self.remember = remember
        self.prompt.working(self.tr("Logging in to %1…").replace("%1", self.target))
        if self.prompt.passphrase_mode:
            self.secret = secret
            self.link.connect(passphrase=secret)
            return
        if self.controller.state == "connecting":  # the connection waits for this answer
            self.secret = secret
            self._answer_password(secret)
            return
        # The last try ended (the server closed, too many wrong passwords): connect again; the
        # password goes in once the server answered and its key checked out.
        self._pending = secret
        self.link.connect()

    def _on_cancel(self) -> None:
        if self.done:
            return
        if self.controller.state == "connecting":
            self.link.cancel()  # its "cancelled" failure ends the flow (the prompt is hidden now)
            return
        self._finish_given_up()

    def _finish_given_up(self) -> None:
        self.done = True
        self._disconnect()
        self.given_up.emit()

    def _disconnect(self) -> None:
        unsubscribe, self._unsubscribe = self._unsubscribe, []
        for end in unsubscribe:
            end()
        self.link.ask_password_late = False
