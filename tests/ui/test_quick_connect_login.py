"""Quick connect logs in as ssh does, against the real sshd: server and host key first, then the password.

Nothing is saved until the login worked; a refused port, an unknown name or a changed key fail
before the prompt opens; text that is no login line is refused with an example.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpudesk.core import paths, secrets
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


class Shown(QtCore.QObject):
    """Records every dialog that is shown (the prompt, and the full session editor quick connect used to open).

    A session editor is closed at once, so a test on a window that still opens it fails instead of hanging.
    """

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def eventFilter(self, obj, event):  # noqa: N802 - Qt API
        if event.type() == QtCore.QEvent.Type.Show and isinstance(obj, QtWidgets.QDialog):
            self.names.append(type(obj).__name__)
            if type(obj).__name__ == "SessionDialog":
                QtCore.QTimer.singleShot(0, obj.reject)
        return False


@pytest.fixture
def shown(qapp):
    watcher = Shown()
    qapp.installEventFilter(watcher)
    yield watcher.names
    qapp.removeEventFilter(watcher)


@pytest.fixture
def app_trusts_sshd(app_trusts_sshd):
    """The test sshd, trusted, with no password remembered for it (the keyring file is shared by all tests)."""
    sshd = app_trusts_sshd
    forget = lambda: secrets.delete_secret(f"ssh@{sshd.host}:{sshd.port}", sshd.username)  # noqa: E731
    forget()
    yield sshd
    forget()


def enter(window, qtbot, text: str) -> None:
    window.quick.setFocus()
    window.quick.setText(text)
    qtbot.keyClick(window.quick, QtCore.Qt.Key.Key_Return)


def prompt_of(window):
    flow = getattr(window, "quick_flow", None)
    return None if flow is None else flow.prompt


def note_text(window) -> str:
    note = getattr(window, "quick_note", None)
    return note.text() if note is not None and note.isVisible() else ""


def test_enter_asks_the_password_after_the_server_answered_and_saves_only_after_login(
    window, qtbot, app_trusts_sshd, shown
) -> None:
    sshd = app_trusts_sshd
    line = f"ssh -p {sshd.port} {sshd.username}@{sshd.host}"
    enter(window, qtbot, line)
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    assert "SessionDialog" not in shown
    assert prompt.connect_button.text() == "Connect" and prompt.remember.isChecked()
    # The server answered and its key checked out; nothing is saved while the password is asked.
    assert window.quick_flow.controller.connection is None and window.quick_flow.controller.state == "connecting"
    assert list(window.store) == [] and window.tabs.count() == 0
    prompt.secret.setText(sshd.password)
    prompt.connect_button.click()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    tab = window.tabs.widget(0)
    assert tab.controller.state == "connected"
    assert tab.controller.connection.exec("echo quick-ok").out.strip() == "quick-ok"
    saved = list(window.store)
    assert [(s.host, s.port, s.username, s.auth) for s in saved] == [(sshd.host, sshd.port, sshd.username, "password")]
    assert window.tabs_by_session[saved[0].id] is tab
    assert secrets.get_secret(saved[0].secret_key, sshd.username) == sshd.password
    assert window.quick.text() == "" and window.quick_flow is None  # the prompt is gone with it
    assert shown.count("ConnectPrompt") == 1 and "SessionDialog" not in shown


def test_a_wrong_password_saves_nothing_says_why_and_keeps_the_line(window, qtbot, app_trusts_sshd, shown) -> None:
    sshd = app_trusts_sshd
    line = f"{sshd.username}@{sshd.host}:{sshd.port}"
    enter(window, qtbot, line)
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    prompt.secret.setText("definitely-wrong")
    prompt.connect_button.click()
    qtbot.waitUntil(lambda: "Wrong user name or password" in prompt.message.text(), timeout=WAIT)
    assert prompt.isVisible() and prompt.connect_button.isEnabled()
    assert list(window.store) == [] and window.tabs.count() == 0
    assert window.quick.text() == line
    assert secrets.get_secret(f"ssh@{sshd.host}:{sshd.port}", sshd.username) is None
    # Cancel: still nothing saved, no tab, the line is kept for a correction.
    prompt.cancel_button.click()
    qtbot.waitUntil(lambda: window.quick_flow is None, timeout=WAIT)
    assert list(window.store) == [] and window.tabs.count() == 0 and window.tabs_by_session == {}
    assert window.quick.text() == line
    assert "SessionDialog" not in shown


def test_the_right_password_after_a_wrong_one_logs_in_on_the_same_prompt(window, qtbot, app_trusts_sshd, shown) -> None:
    sshd = app_trusts_sshd
    enter(window, qtbot, f"ssh://{sshd.username}@{sshd.host}:{sshd.port}")
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    prompt.remember.setChecked(False)
    prompt.secret.setText("definitely-wrong")
    prompt.connect_button.click()
    qtbot.waitUntil(lambda: "Wrong user name or password" in prompt.message.text(), timeout=WAIT)
    prompt.secret.setText(sshd.password)
    prompt.connect_button.click()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    assert len(list(window.store)) == 1
    session = next(iter(window.store))
    assert secrets.get_secret(session.secret_key, session.username) is None  # "remember" was off
    # The password that worked (not the wrong one) serves a reconnect.
    tab = window.tabs.widget(0)
    tab.controller.link.reconnect()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    assert shown.count("ConnectPrompt") == 1


@pytest.mark.parametrize("kind", ["refused", "unknown host"])
def test_a_refused_port_or_unknown_host_fails_before_any_password_prompt(window, qtbot, shown, kind) -> None:
    from tests.helpers.sshd import free_port

    line = f"ssh -p {free_port()} root@127.0.0.1" if kind == "refused" else "root@no-such-gpu-host.invalid"
    enter(window, qtbot, line)
    expected = "refused" if kind == "refused" else "could not be found"
    qtbot.waitUntil(lambda: expected in note_text(window), timeout=WAIT)
    assert "ConnectPrompt" not in shown and "SessionDialog" not in shown
    assert window.quick_flow is None
    assert list(window.store) == [] and window.tabs.count() == 0 and window.tabs_by_session == {}
    assert window.quick.text() == line


def test_a_changed_host_key_is_refused_before_the_password(window, qtbot, sshd, shown, tmp_path) -> None:
    other = tmp_path / "other_host_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    kind, blob = Path(f"{other}.pub").read_text().split()[:2]
    paths.known_hosts_file().write_text(f"[127.0.0.1]:{sshd.port} {kind} {blob}\n")
    enter(window, qtbot, f"ssh -p {sshd.port} {sshd.username}@127.0.0.1")
    qtbot.waitUntil(lambda: "CHANGED" in note_text(window), timeout=WAIT)
    assert sshd.host_key_fingerprint in note_text(window)
    assert "ConnectPrompt" not in shown and "SessionDialog" not in shown
    assert list(window.store) == [] and window.tabs.count() == 0


@pytest.mark.parametrize(
    "text", ["please connect me to my gpu", "https://console.runpod.io/pods", "ssh root@host; rm -rf ~", "x" * 10_000]
)
def test_text_that_is_no_login_line_is_refused_with_an_example(window, qtbot, shown, text) -> None:
    enter(window, qtbot, text)
    note = note_text(window)
    assert "for example: ssh -p 34567 root@" in note
    assert len(note) < 400  # a pasted page is not echoed back
    assert window.quick.text() == text
    assert getattr(window, "quick_flow", None) is None
    assert list(window.store) == [] and window.tabs.count() == 0 and shown == []


def test_key_login_from_the_line_connects_without_a_prompt(window, qtbot, app_trusts_sshd, shown) -> None:
    sshd = app_trusts_sshd
    enter(window, qtbot, f"ssh -p {sshd.port} -i {sshd.key_path} {sshd.username}@{sshd.host}")
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    assert window.tabs.widget(0).controller.state == "connected"
    assert [(s.auth, s.identity_file) for s in window.store] == [("key_file", str(sshd.key_path))]
    assert "ConnectPrompt" not in shown and "SessionDialog" not in shown


def test_a_key_passphrase_is_asked_in_the_prompt_after_the_host_key(window, qtbot, app_trusts_sshd, shown) -> None:
    sshd = app_trusts_sshd
    enter(window, qtbot, f"ssh -p {sshd.port} -i {sshd.encrypted_key_path} {sshd.username}@{sshd.host}")
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    assert prompt.secret_label.text() == "Key passphrase" and list(window.store) == []
    prompt.remember.setChecked(False)
    prompt.secret.setText(sshd.passphrase)
    prompt.connect_button.click()
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    assert window.tabs.widget(0).controller.state == "connected" and len(list(window.store)) == 1
    assert shown.count("ConnectPrompt") == 1 and "SessionDialog" not in shown


def test_save_keeps_the_session_even_when_the_login_is_abandoned(window, qtbot, app_trusts_sshd, shown) -> None:
    sshd = app_trusts_sshd
    enter(window, qtbot, f"ssh -p {sshd.port} {sshd.username}@{sshd.host}")
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    prompt.save_button.click()
    assert [(s.host, s.port) for s in window.store] == [(sshd.host, sshd.port)]
    prompt.cancel_button.click()
    qtbot.waitUntil(lambda: window.quick_flow is None, timeout=WAIT)
    assert len(list(window.store)) == 1 and window.tabs.count() == 0


def answer_host_key(button: str, seen: list) -> None:
    """Click ``button`` in the next "new server" question (a modal box opened by exec())."""

    tries = [0]

    def look() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):
            tries[0] += 1
            if tries[0] < 400:  # none came: the test's own assertions say so
                QtCore.QTimer.singleShot(50, look)
            return
        seen.append(box.text())
        next(b for b in box.buttons() if b.text() == button).click()

    QtCore.QTimer.singleShot(50, look)


def test_a_new_server_is_asked_about_before_the_password(window, qtbot, sshd, shown) -> None:
    secrets.delete_secret(f"ssh@{sshd.host}:{sshd.port}", sshd.username)
    seen: list = []
    answer_host_key("Cancel", seen)
    line = f"ssh -p {sshd.port} {sshd.username}@{sshd.host}"
    enter(window, qtbot, line)
    qtbot.waitUntil(lambda: "did not trust" in note_text(window), timeout=WAIT)
    assert seen and "first connection" in seen[0]
    assert "ConnectPrompt" not in shown and list(window.store) == [] and window.tabs.count() == 0

    answer_host_key("Trust once", seen)
    enter(window, qtbot, line)
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    assert len(seen) == 2  # the key question came first, then the password prompt
    prompt_of(window).cancel_button.click()
    qtbot.waitUntil(lambda: window.quick_flow is None, timeout=WAIT)
    assert list(window.store) == []


def test_enter_after_a_wrong_password_retries_and_the_whole_reason_shows(window, qtbot, app_trusts_sshd, shown) -> None:
    """Typing the password again and pressing Enter logs in: it never saves the session instead (the default
    button used to move to Save while the field was busy), and every line of the reason is on screen."""
    sshd = app_trusts_sshd
    enter(window, qtbot, f"ssh://{sshd.username}@{sshd.host}:{sshd.port}")
    qtbot.waitUntil(lambda: prompt_of(window) is not None and prompt_of(window).isVisible(), timeout=WAIT)
    prompt = prompt_of(window)
    prompt.remember.setChecked(False)
    prompt.secret.setText("definitely-wrong")
    qtbot.keyClick(prompt.secret, QtCore.Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Wrong user name or password" in prompt.message.text(), timeout=WAIT)
    assert prompt.connect_button.isDefault() and not prompt.save_button.isDefault()
    # The reason is shown whole: the label has the height its wrapped text needs.
    message = prompt.message
    qtbot.waitUntil(lambda: message.height() >= message.heightForWidth(message.width()), timeout=2000)
    prompt.secret.setFocus()
    prompt.secret.setText(sshd.password)
    qtbot.keyClick(prompt.secret, QtCore.Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=WAIT)
    assert window.tabs.widget(0).controller.state == "connected"
