"""The log file receives the app's log: start, connections (with what failed), transfers, provider
API errors and billing actions, plus any exception nobody caught — and never a password."""

from __future__ import annotations

import logging
import threading
import uuid

import pytest

from gpudesk.core import logs
from gpudesk.core.billing import audit
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore

pytestmark = pytest.mark.gui


@pytest.fixture
def log_file():  # type: ignore[no-untyped-def]
    logger = logging.getLogger("gpudesk")
    before = list(logger.handlers)
    path = logs.setup()
    yield path
    for handler in logger.handlers[:]:
        if handler not in before:
            logger.removeHandler(handler)
            handler.close()


def _text(path) -> str:  # type: ignore[no-untyped-def]
    for handler in logging.getLogger("gpudesk").handlers:
        handler.flush()
    return path.read_text("utf-8")


def test_connections_transfers_and_billing_reach_the_log_file_without_secrets(log_file, window, qtbot, sshd, tmp_path) -> None:
    assert "started: Python" in _text(log_file)
    wrong = "Sup3r-s3cret-pw"
    session = Session(name="logged", host=sshd.host, port=sshd.port, username=sshd.username, auth="password")
    tab = window._make_tab(session, password=wrong, host_keys=HostKeyStore(extra_files=[sshd.known_hosts]))
    tab.start()
    qtbot.waitUntil(lambda: tab.controller.state == "failed", timeout=30000)
    tab.close_tab()
    good = Session(name="logged-key", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                   identity_file=str(sshd.key_path))
    tab = window._make_tab(good, host_keys=HostKeyStore(extra_files=[sshd.known_hosts]))
    tab.start()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    from gpudesk.core.transfer import DONE, TransferQueue

    src = tmp_path / "weights.bin"
    src.write_bytes(b"x" * 4096)
    queue = TransferQueue(tab.controller.connection)
    try:
        remote = f"/tmp/gpudesk-applog-{uuid.uuid4().hex[:8]}"  # its own folder: a shared /tmp may hold another's file
        assert tab.controller.connection.exec(f"mkdir {remote}").exit_code == 0
        item = queue.add_upload(src, remote)
        qtbot.waitUntil(lambda: item.state == DONE, timeout=30000)
    finally:
        queue.close()
    tab.close_tab()
    audit.record(good.id, "stop", "idle", "ok")
    text = _text(log_file)
    assert "logged (" in text and ": failed: " in text  # the failed login, with why
    assert "logged-key (" in text and ": connected" in text
    assert "upload done: weights.bin (4096 of 4096 bytes)" in text
    assert "billing: automatic stop (idle)" in text
    assert wrong not in text


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_exception_nobody_caught_on_a_thread_is_logged(log_file) -> None:
    def boom() -> None:
        raise RuntimeError("broken worker")

    worker = threading.Thread(target=boom, name="worker-x")
    worker.start()
    worker.join()
    text = _text(log_file)
    assert "uncaught RuntimeError in thread worker-x" in text and "broken worker" in text
