"""Keepalive with a deadline against the real sshd: a link where packets vanish is noticed and closed.

The fault proxy stalls the link the way a dead Wi-Fi or a NAT timeout does: the TCP connection
stays open, no reset comes, bytes simply stop. Waits below are test timeouts, not speed claims.
"""

from __future__ import annotations

import threading
import time

import pytest

from gpudesk.core import settings
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.open import target_for
from tests.helpers.proxy import DOWN

pytestmark = pytest.mark.e2e

TEST_TIMEOUT = 60  # far above any deadline used here: only keeps a broken build from hanging


def dial(sshd, store, port: int, keepalive_s: int = 1, dead_after_s: float = 3, on_drop=None) -> Connection:
    target = Target(sshd.host, port, sshd.username, timeout_s=10, keepalive_s=keepalive_s, dead_after_s=dead_after_s)
    conn = Connection(
        target, Credentials("key_file", identity_file=str(sshd.key_path)), store, on_drop=on_drop,
        ask_host_key=lambda q: "once" if q.fingerprint == sshd.host_key_fingerprint else "reject",
    )  # fmt: skip
    return conn.connect()


def wait_for(check, timeout: float = TEST_TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "gave up waiting"
        time.sleep(0.05)


def test_a_stalled_link_is_declared_dead_and_every_channel_ends(sshd, trusting_store, proxy) -> None:
    dropped = threading.Event()
    reasons: list[str] = []
    conn = dial(sshd, trusting_store, proxy.port, on_drop=lambda text: (reasons.append(str(text)), dropped.set()))
    try:
        shell = conn.open_shell()
        sftp = conn.open_sftp()
        assert conn.exec("echo up").out.strip() == "up"
        ended: list[object] = []

        def read_shell() -> None:  # a terminal's reader: blocked in recv when the link goes
            try:
                while shell.recv(65536):
                    pass
                ended.append("eof")
            except Exception as exc:  # noqa: BLE001 - any error is an answer; hanging is not
                ended.append(exc)

        def list_home() -> None:  # an SFTP request sent into the dead link
            try:
                while True:
                    sftp.listdir(".")
                    time.sleep(0.2)
            except Exception as exc:  # noqa: BLE001
                ended.append(exc)

        readers = [threading.Thread(target=read_shell, daemon=True), threading.Thread(target=list_home, daemon=True)]
        for t in readers:
            t.start()
        proxy.stall()  # packets vanish; nothing tells the client
        assert dropped.wait(TEST_TIMEOUT), "the silent link was never noticed"
        assert "no answer" in reasons[0]
        assert not conn.is_alive
        for t in readers:
            t.join(TEST_TIMEOUT)
            assert not t.is_alive(), "a channel user still hangs on the dead link"
        assert len(ended) == 2
        with pytest.raises(E.Disconnected):
            conn.open_sftp()
        assert len(reasons) == 1, "the drop is told once"
    finally:
        proxy.resume()
        conn.close()


def test_a_quiet_healthy_connection_stays_up_because_the_server_answers(sshd, trusting_store) -> None:
    dropped = threading.Event()
    conn = dial(sshd, trusting_store, sshd.port, keepalive_s=1, dead_after_s=2, on_drop=lambda _t: dropped.set())
    try:
        keepalive = conn._keepalive
        assert keepalive is not None
        # No traffic of our own: only the probes' answers keep the link alive, for well past the deadline.
        wait_for(lambda: keepalive.answered >= 8 or dropped.is_set())
        assert not dropped.is_set() and conn.is_alive
        assert conn.exec("echo still").out.strip() == "still"
    finally:
        conn.close()


def test_probe_answers_are_not_taken_for_a_remote_forwards_answer(sshd, trusting_store, proxy) -> None:
    """Global replies come back in order: the reply to a probe must not answer paramiko's own request."""
    conn = dial(sshd, trusting_store, proxy.port, keepalive_s=1, dead_after_s=60)
    try:
        keepalive = conn._keepalive
        assert keepalive is not None
        proxy.hold(DOWN)  # the server's answers wait in the proxy, so probes pile up unanswered
        sent = keepalive.sent
        wait_for(lambda: keepalive.sent >= sent + 2)
        threading.Timer(0.5, proxy.release, args=(DOWN,)).start()
        port = conn.transport.request_port_forward("127.0.0.1", 0)  # answered after the probes' replies
        assert port and port > 0
        conn.transport.cancel_port_forward("127.0.0.1", port)
        assert conn.is_alive
    finally:
        proxy.release(DOWN)
        conn.close()


def test_keepalive_off_means_no_deadline(sshd, trusting_store) -> None:
    conn = dial(sshd, trusting_store, sshd.port, keepalive_s=0, dead_after_s=1)
    try:
        assert conn._keepalive is None  # without probes a quiet link cannot be told from a dead one
    finally:
        conn.close()


def test_the_deadline_is_a_setting(sshd) -> None:
    settings.set("ssh.dead_after_s", 7)
    settings.set("ssh.keepalive_s", 20)
    target = target_for(Session(name="k", host=sshd.host, port=sshd.port, username=sshd.username))
    assert (target.dead_after_s, target.keepalive_s) == (7, 20)
