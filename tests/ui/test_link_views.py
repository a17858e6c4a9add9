"""Views of the live link: the keyring is never read on the GUI thread, and a server stopped at the
provider is said to be stopped in its tab and in the session list, while its SSH link may still be up."""

from __future__ import annotations

import threading

import keyring
import pytest
from keyring.backend import KeyringBackend

from gpudesk.core import paths, secrets
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT, DemoProviderAPI
from gpudesk.core.live.billing import BillingState
from gpudesk.core.providers.accounts import remove_transient
from gpudesk.core.sessions import Session
from gpudesk.ui.qt import QtCore
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


class SlowKeyring(KeyringBackend):
    """A keyring whose reads wait until released, as a Secret Service that is starting or locked does."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[tuple[str, str], str] = {}
        self.readers: list[str] = []
        self.reading = threading.Event()
        self.release = threading.Event()

    def get_password(self, service: str, username: str) -> str | None:
        self.readers.append(threading.current_thread().name)
        self.reading.set()
        self.release.wait(20)  # bounded: on a build that reads on the GUI thread the test fails, not hangs
        return self.values.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.values[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.values.pop((service, username), None)


@pytest.fixture
def slow_keyring():
    previous = keyring.get_keyring()
    backend = SlowKeyring()
    keyring.set_keyring(backend)
    yield backend
    backend.release.set()
    keyring.set_keyring(previous)


def trust(sshd) -> None:
    paths.known_hosts_file().parent.mkdir(parents=True, exist_ok=True)
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text())


def test_a_slow_keyring_read_never_blocks_the_window(window, qtbot, sshd, slow_keyring) -> None:
    trust(sshd)
    session = window.store.add(Session(name="pw", host=sshd.host, port=sshd.port, username=sshd.username))
    slow_keyring.release.set()
    secrets.set_secret(session.secret_key, session.username, sshd.password)  # saved before; reads wait from now
    slow_keyring.release.clear()
    slow_keyring.readers.clear()
    slow_keyring.reading.clear()

    window.open_session(session.id)  # returns while the keyring is asked elsewhere
    assert slow_keyring.readers == [] or threading.main_thread().name not in slow_keyring.readers
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(slow_keyring.reading.is_set, timeout=WAIT)
    ticked = []
    QtCore.QTimer.singleShot(0, lambda: ticked.append(True))  # the GUI thread still runs its loop
    qtbot.waitUntil(lambda: bool(ticked), timeout=WAIT)
    assert "Looking for a saved password" in tab.banner.label.text()
    assert tab.controller.state == "idle"

    slow_keyring.release.set()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    assert tab.controller.connection.exec("echo saved").out.strip() == "saved"
    assert slow_keyring.readers and threading.main_thread().name not in slow_keyring.readers


def type_into_password_dialog(qtbot, password: str) -> None:
    """Type ``password`` into the password dialog once it opens, keep "save" ticked, and click OK."""
    from gpudesk.ui.qt import QtWidgets

    def answer() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(dialog, QtWidgets.QDialog) or not dialog.findChildren(QtWidgets.QLineEdit):
            QtCore.QTimer.singleShot(20, answer)
            return
        dialog.findChild(QtWidgets.QLineEdit).setText(password)
        dialog.findChild(QtWidgets.QCheckBox).setChecked(True)
        dialog.findChild(QtWidgets.QDialogButtonBox).button(QtWidgets.QDialogButtonBox.StandardButton.Ok).click()

    QtCore.QTimer.singleShot(0, answer)


def test_a_typed_password_is_saved_off_the_gui_thread(window, qtbot, sshd, slow_keyring) -> None:
    trust(sshd)
    slow_keyring.release.set()  # reads answer at once here; where they run is what is checked
    session = window.store.add(Session(name="pw2", host=sshd.host, port=sshd.port, username=sshd.username))
    type_into_password_dialog(qtbot, sshd.password)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    # Kept once it logged in (a wrong one is never saved), off the GUI thread.
    qtbot.waitUntil(lambda: sshd.password in slow_keyring.values.values(), timeout=WAIT)  # no read from here
    readers = list(slow_keyring.readers)  # the read, and the write's own read of the old entry
    assert len(readers) >= 2 and threading.main_thread().name not in readers
    assert secrets.get_secret(session.secret_key, session.username) == sshd.password


@pytest.fixture
def demo_api(sshd):
    api = DemoProviderAPI(sshd.host, sshd.port).start()
    yield api
    api.stop()
    remove_transient(DEMO_ACCOUNT)


def session_label(window, session_id: str) -> str:
    tree = window.sidebar.tree
    it = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    item = next(i for i in it if i.data(0, QtCore.Qt.ItemDataRole.UserRole) == session_id)
    return item.text(0)


def test_after_stop_now_the_tab_and_the_list_say_stopped_not_connected(window, qtbot, sshd, demo_api) -> None:
    trust(sshd)
    session = Session(name="pod", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                      identity_file=str(sshd.key_path))  # fmt: skip
    demo_api.link(session)
    session = window.store.add(session)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    billing = tab.controller.server.billing
    qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=WAIT)
    assert session_label(window, session.id).startswith("●")

    billing.act("stop")  # the one path every "Stop now" takes
    qtbot.waitUntil(lambda: demo_api.status == "EXITED", timeout=WAIT)
    qtbot.waitUntil(lambda: billing.state == BillingState.STOPPED, timeout=WAIT)
    # The SSH link to this test server stays up; the views still must not say the server runs.
    qtbot.waitUntil(lambda: "stopped at the provider" in tab.banner.label.text(), timeout=WAIT)
    assert tab.banner.isVisible() and "not billing" in tab.banner.label.text()
    buttons = [b.text() for b in tab.banner.buttons if not b.isHidden()]
    assert "Start" in buttons and "Reconnect" in buttons
    qtbot.waitUntil(lambda: "stopped at the provider" in session_label(window, session.id), timeout=WAIT)
    assert not session_label(window, session.id).startswith("●")
    # The tab's title and the status bar agree with the tab and the list.
    index = window.tabs.indexOf(tab)
    window.tabs.setCurrentIndex(index)
    qtbot.waitUntil(lambda: window.tabs.tabText(index).startswith("■"), timeout=WAIT)
    assert "Stopped at the provider (not billing)" in window.state_label.text()

    next(b for b in tab.banner.buttons if b.text() == "Start").click()
    qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=WAIT)
    qtbot.waitUntil(lambda: tab.banner.isHidden(), timeout=WAIT)
    qtbot.waitUntil(lambda: session_label(window, session.id).startswith("●"), timeout=WAIT)
    assert tab.controller.state == "connected"


def test_a_released_server_is_said_released_and_its_tries_by_itself_stop(window, qtbot, sshd, proxy, demo_api) -> None:
    from gpudesk.core import settings

    settings.set("ssh.keepalive_s", 1)
    settings.set("ssh.dead_after_s", 3)
    paths.known_hosts_file().parent.mkdir(parents=True, exist_ok=True)
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    session = Session(name="gone", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
                      identity_file=str(sshd.key_path))  # fmt: skip
    demo_api.link(session)
    session = window.store.add(session)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    controller = tab.controller
    qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
    billing = controller.server.billing
    qtbot.waitUntil(lambda: billing.state == BillingState.BILLING, timeout=WAIT)
    controller.link.reconnect_delays_s = (600,)  # a try by itself would wait long: the view must end it
    billing.act("terminate")
    qtbot.waitUntil(lambda: billing.state == BillingState.TERMINATED, timeout=WAIT)
    proxy.refuse = True  # released: the address answers no more
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "failed", timeout=WAIT)
    assert not controller.link.retry_pending
    assert "released at the provider" in tab.banner.label.text()
    qtbot.waitUntil(lambda: "released at the provider" in session_label(window, session.id), timeout=WAIT)


def test_activity_in_a_view_reaches_the_server(qtbot, sshd) -> None:
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.view import TerminalView

    controller = ConnectionController(Session(name="a", host=sshd.host, port=sshd.port, username=sshd.username))
    heard: list[str] = []
    controller.server.activity.subscribe(heard.append)
    view = TerminalView(controller.server, "t1")
    qtbot.addWidget(view)
    view.canvas.user_input.emit()  # a keystroke
    assert heard == ["user"]
    controller.close()
