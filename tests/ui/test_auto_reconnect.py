"""A whole connection tab heals by itself after the link dies, against the real sshd.

The fault proxy stalls the link as a dead Wi-Fi does (no reset, bytes stop) or cuts it; nobody
clicks anything. Waits are test timeouts only, never speed claims.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import threading
import uuid
from pathlib import Path

import pytest

from gpudesk.core import paths, secrets, settings
from gpudesk.core.sessions import Session
from gpudesk.core.transfer import DONE
from gpudesk.ui.controller import ReconnectGaveUp
from gpudesk.ui.qt import QtCore
from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - the nvidia-smi replay fixture
from tests.helpers.waits import WAIT_LONG as WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
Qt = QtCore.Qt
MiB = 1024 * 1024


@pytest.fixture
def fast_deadline():
    """A small deadline so the test does not sit out the default 30 s."""
    settings.set("ssh.keepalive_s", 1)
    settings.set("ssh.dead_after_s", 3)
    settings.set("ssh.connect_timeout_s", 3.0)
    settings.set("telemetry.interval_ms", 300)
    settings.set("telemetry.processes_interval_s", 1)
    settings.set("telemetry.check_on_connect", False)


def trust_through(sshd, proxy) -> None:
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))


def open_tab(window, qtbot, session: Session):
    session = window.store.add(session)
    window.open_session(session.id)
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    return tab


def panel(tab, name: str):
    return next(p for p in tab.panels if type(p).__name__ == name)


def screen_text(view) -> str:
    screen = view.canvas.screen
    return "\n".join(screen.scrollback + screen.display)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed on this machine")
def test_a_stalled_link_heals_by_itself_shell_telemetry_forward_and_upload_come_back(
    window, qtbot, sshd, proxy, fast_deadline, nvsmi, tmp_path  # noqa: F811
) -> None:
    from gpudesk.core.ssh.forward import ForwardSpec

    nvsmi("v100-x8")
    settings.set("terminal.persistent_tmux", True)
    trust_through(sshd, proxy)
    tab = open_tab(window, qtbot, Session(
        name="far", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), persistent_tmux=True,
    ))  # fmt: skip
    controller = tab.controller
    first = controller.connection
    terminal, files, gpus, forwards = (panel(tab, n) for n in ("TerminalPanel", "FilesPanel", "GpuPanel", "ForwardsPanel"))
    qtbot.waitUntil(lambda: bool(terminal.views) and terminal.views[0].state == "running", timeout=WAIT)
    view = terminal.views[0]
    assert view.tmux
    qtbot.waitUntil(lambda: bool(controller.summary), timeout=WAIT)  # telemetry runs
    remote_dir = first.exec("mktemp -d ~/reconnect.XXXXXX").out.strip()
    try:
        # A forward to the server's own sshd: whatever answers on it says "SSH-2.0".
        forwards.start(ForwardSpec("local", 0, "127.0.0.1", sshd.port), save=False)
        qtbot.waitUntil(lambda: bool(forwards.forwards) and forwards.forwards[0].status == "listening", timeout=WAIT)
        local_port = forwards.forwards[0].spec.bind_port

        m = uuid.uuid4().hex[:8]
        qtbot.keyClicks(view.canvas, f"for i in $(seq 1 2000); do echo tick-{m}-$i; sleep 0.05; done")
        qtbot.keyClick(view.canvas, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: f"tick-{m}-3" in screen_text(view), timeout=WAIT)

        # A big upload; the link goes silent once a good part is on the server (past the span a
        # resume of a copy written by several channels at once goes back over).
        src = tmp_path / "big.bin"
        src.write_bytes(os.urandom(64 * MiB))
        stalled = threading.Event()
        report = files.queue.on_update

        def on_update(item) -> None:  # the queue's worker thread: stall right there, mid-file
            if item.done > 28 * MiB and not stalled.is_set():
                stalled.set()
                proxy.stall()
            report(item)

        files.queue.on_update = on_update
        item = files.queue.add_upload(src, remote_dir)
        qtbot.waitUntil(stalled.is_set, timeout=WAIT)

        # Noticed by the keepalive deadline; tries run (and fail) while the link stays dead.
        qtbot.waitUntil(lambda: controller.reconnect_attempt >= 2, timeout=WAIT)
        assert not first.is_alive
        assert "Reconnecting" in tab.banner.label.text()
        assert item.state != DONE
        proxy.resume()  # the network is back; nobody clicks anything

        qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
        assert controller.connection is not first and controller.reconnect_attempt == 0
        qtbot.waitUntil(lambda: tab.banner.isHidden(), timeout=WAIT)

        # The shell re-attached to the same tmux session, whose loop kept running.
        qtbot.waitUntil(lambda: view.state == "running" and not view.banner.isVisible(), timeout=WAIT)

        def last_tick() -> int:
            nums = [int(r.rsplit("-", 1)[1]) for r in view.canvas.screen.display if f"tick-{m}-" in r and r.rstrip()[-1:].isdigit()]
            return max(nums, default=0)

        qtbot.waitUntil(lambda: last_tick() > 0, timeout=WAIT)
        seen = last_tick()
        qtbot.waitUntil(lambda: last_tick() >= seen + 5, timeout=WAIT)

        # Telemetry resumed on the new connection.
        qtbot.waitUntil(lambda: bool(controller.summary), timeout=WAIT)
        assert gpus.sampler is not None and gpus.sampler.conn is controller.connection

        # The forward listens again on the same local port and reaches the server.
        qtbot.waitUntil(lambda: bool(forwards.forwards) and forwards.forwards[0].status == "listening", timeout=WAIT)
        assert forwards.forwards[0].spec.bind_port == local_port
        with socket.create_connection(("127.0.0.1", local_port), timeout=30) as s:
            assert s.recv(64).startswith(b"SSH-2.0")

        # The upload finished from its partial copy.
        qtbot.waitUntil(lambda: item.state == DONE, timeout=120000)
        assert item.resumed, (item.error, item.warnings)
        assert sha(Path(remote_dir) / "big.bin") == sha(src)
        assert proxy.accepted >= 2
    finally:
        files.queue.on_update = report if "report" in locals() else files.queue.on_update
        proxy.resume()
        sshd.run_as_user("tmux", "kill-session", "-t", view.tmux)
        shutil.rmtree(remote_dir, ignore_errors=True)


def test_a_refused_login_during_reconnect_stops_the_loop_with_a_clear_message(
    window, qtbot, sshd, proxy, fast_deadline
) -> None:
    trust_through(sshd, proxy)
    session = Session(name="pw", host=sshd.host, port=proxy.port, username=sshd.username)
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    tab = open_tab(window, qtbot, session)
    controller = tab.controller
    # The password was changed meanwhile (or the stored one tampered with): the retry must not keep trying it.
    secrets.set_secret(session.secret_key, session.username, "not-the-password-any-more")
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "failed", timeout=WAIT)
    assert controller.last_error.kind == "auth"
    assert controller.reconnect_attempt == 0 and not controller.link.retry_pending
    assert "Wrong user name or password" in tab.banner.label.text()
    assert "Try again" in [b.text() for b in tab.banner.buttons if not b.isHidden()]
    assert proxy.accepted == 2  # the first connection and the one refused try


def test_a_changed_host_key_is_never_retried(window, qtbot, sshd, proxy, fast_deadline, tmp_path) -> None:
    trust_through(sshd, proxy)
    tab = open_tab(window, qtbot, Session(
        name="hk", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file", identity_file=str(sshd.key_path),
    ))  # fmt: skip
    controller = tab.controller
    other = tmp_path / "other_host_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    kind, blob = Path(f"{other}.pub").read_text().split()[:2]
    paths.known_hosts_file().write_text(f"[127.0.0.1]:{proxy.port} {kind} {blob}\n")
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "failed", timeout=WAIT)
    assert controller.last_error.kind == "host_key_changed"
    assert controller.reconnect_attempt == 0 and not controller.link.retry_pending
    assert "CHANGED" in tab.banner.label.text()
    assert proxy.accepted == 2


def test_a_server_that_stays_gone_ends_in_disconnected_with_a_reconnect_button(
    window, qtbot, sshd, proxy, fast_deadline
) -> None:
    trust_through(sshd, proxy)
    tab = open_tab(window, qtbot, Session(
        name="gone", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file", identity_file=str(sshd.key_path),
    ))  # fmt: skip
    controller = tab.controller
    controller.link.reconnect_delays_s = (0.2,)  # keep the test short; the count is what matters here
    controller.link.reconnect_attempts = 3
    proxy.refuse = True  # the instance is stopped: every try is hung up on
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "failed", timeout=WAIT)
    assert isinstance(controller.last_error, ReconnectGaveUp) and controller.last_error.attempts == 3
    assert not controller.link.retry_pending
    assert "Disconnected" in tab.banner.label.text()
    assert tab.banner.buttons[0].text() == "Reconnect"
    assert proxy.accepted == 1  # tries were refused before the proxy counted them as connections
    proxy.refuse = False  # the instance is started again; the user clicks Reconnect
    tab.banner.buttons[0].click()
    qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
    assert controller.connection.exec("echo back").out.strip() == "back"


def test_stop_ends_the_tries_and_offers_reconnect(window, qtbot, sshd, proxy, fast_deadline) -> None:
    trust_through(sshd, proxy)
    tab = open_tab(window, qtbot, Session(
        name="stop", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file", identity_file=str(sshd.key_path),
    ))  # fmt: skip
    controller = tab.controller
    controller.link.reconnect_delays_s = (600,)  # the first try would come long after the click
    proxy.refuse = True  # and the server does not answer meanwhile (else the knock would retry at once)
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "dropped" and controller.reconnect_attempt == 1, timeout=WAIT)
    assert "Reconnecting in 600 s… (1)" in tab.banner.label.text()
    stop = next(b for b in tab.banner.buttons if b.text() == "Stop")
    stop.click()
    assert controller.state == "failed" and isinstance(controller.last_error, ReconnectGaveUp)
    assert not controller.link.retry_pending
    assert "stopped" in tab.banner.label.text()
    assert tab.banner.buttons[0].text() == "Reconnect"
    assert proxy.accepted == 1


def test_a_key_passphrase_typed_once_serves_the_reconnect(qtbot, sshd, proxy, fast_deadline, tmp_path) -> None:
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.controller import ConnectionController

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    session = Session(name="enc", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file",
                      identity_file=str(sshd.encrypted_key_path))  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    try:
        controller.link.connect(passphrase=sshd.passphrase)  # as typed into the dialog, not saved
        qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
        first = controller.connection
        proxy.cut()
        qtbot.waitUntil(lambda: controller.state == "connected" and controller.connection is not first, timeout=WAIT)
        assert controller.connection.exec("echo again").out.strip() == "again"
    finally:
        controller.close()


def test_the_network_coming_back_during_a_long_wait_reconnects_at_once(window, qtbot, sshd, proxy, fast_deadline) -> None:
    """A knock on the port each second while a retry waits: the wait does not delay a network that returned."""
    trust_through(sshd, proxy)
    tab = open_tab(window, qtbot, Session(
        name="wake", host=sshd.host, port=proxy.port, username=sshd.username, auth="key_file", identity_file=str(sshd.key_path),
    ))  # fmt: skip
    controller = tab.controller
    controller.link.reconnect_delays_s = (600,)  # only the knock can bring it back within the test's timeout
    proxy.refuse = True  # the network is gone: nothing answers
    proxy.cut()
    qtbot.waitUntil(lambda: controller.state == "dropped" and controller.reconnect_attempt == 1, timeout=WAIT)
    qtbot.wait(2500)  # a few knocks go unanswered: no try is made meanwhile
    assert controller.state == "dropped" and controller.reconnect_attempt == 1 and proxy.accepted == 1
    proxy.refuse = False  # the network is back
    qtbot.waitUntil(lambda: controller.state == "connected", timeout=WAIT)
    assert controller.connection.exec("echo back").out.strip() == "back"
