"""The live core's Link, Qt-free, against the real sshd: questions, drops, tries by itself, giving up, cancel.

No Qt here: questions are answered from plain threads, waits are on the link's own events and the
tries by themselves run on a core Clock. Timeouts are test limits only, never speed claims.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from gpudesk.core import settings
from gpudesk.core.clock import Clock
from gpudesk.core.live.link import Link, ReconnectGaveUp, Transition
from gpudesk.core.live.questions import HostKeyAsk, PasswordAsk, Question
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.hostkeys import HostKeyStore
from tests.helpers.waits import WAIT_LONG_S as WAIT

pytestmark = pytest.mark.e2e


class Watch:
    """Every transition and question of a link, with a wait on a condition over them."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.changes: list[Transition] = []
        self.threads: list[tuple[LinkState, str]] = []
        self.questions: queue.Queue[Question] = queue.Queue()
        self._cv = threading.Condition()
        link.transition.subscribe(self._on_change)
        link.state_changed.subscribe(lambda state: self.threads.append((state, threading.current_thread().name)))

    def _on_change(self, change: Transition) -> None:
        with self._cv:
            self.changes.append(change)
            self._cv.notify_all()

    def ask_on(self) -> None:
        self.link.question.subscribe(self.questions.put)

    def until(self, condition: Callable[[], bool], timeout: float = WAIT) -> None:
        with self._cv:
            assert self._cv.wait_for(condition, timeout), [(c.state.value, c.attempt) for c in self.changes]

    def states(self) -> list[str]:
        return [c.state.value for c in self.changes]


@pytest.fixture
def fast() -> None:
    settings.set("ssh.keepalive_s", 1)
    settings.set("ssh.dead_after_s", 3)
    settings.set("ssh.connect_timeout_s", 3.0)


@pytest.fixture
def clock():
    c = Clock(name="link-test-clock")
    yield c
    c.stop()


def known_through(sshd, proxy, tmp_path: Path) -> HostKeyStore:
    """A store that trusts the sshd's key at the proxy's port."""
    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text().replace(f"]:{sshd.port} ", f"]:{proxy.port} "))
    return HostKeyStore(known, extra_files=[])


def key_session(sshd, port: int) -> Session:
    return Session(name="far", host=sshd.host, port=port, username=sshd.username, auth="key_file",
                   identity_file=str(sshd.key_path))  # fmt: skip


def test_a_new_host_key_is_asked_and_answered_from_another_thread(sshd, tmp_path, clock) -> None:
    known = tmp_path / "known_hosts"
    link = Link(key_session(sshd, sshd.port), HostKeyStore(known, extra_files=[]), clock=clock)
    watch = Watch(link)
    watch.ask_on()
    answered_on: list[str] = []

    def answerer() -> None:  # a thread that is neither the IO thread nor the caller's
        ask = watch.questions.get(timeout=WAIT)
        assert isinstance(ask, HostKeyAsk) and not ask.answered
        answered_on.append(threading.current_thread().name)
        ask.answer("always" if ask.fingerprint == sshd.host_key_fingerprint else "reject")

    helper = threading.Thread(target=answerer, name="answerer")
    helper.start()
    try:
        link.connect()
        watch.until(lambda: link.state in (LinkState.CONNECTED, LinkState.FAILED))
        helper.join(WAIT)
        assert link.state is LinkState.CONNECTED, link.last_error
        assert answered_on == ["answerer"]
        assert link.connection.exec("echo in").out.strip() == "in"
        assert sshd.host_key_line.split()[1] in known.read_text()  # "always" stored the key
        assert watch.states() == ["connecting", "connected"]
    finally:
        link.close()


def test_nobody_to_ask_refuses_the_new_key_instead_of_waiting_forever(sshd, tmp_path, clock) -> None:
    link = Link(key_session(sshd, sshd.port), HostKeyStore(tmp_path / "known_hosts", extra_files=[]), clock=clock)
    watch = Watch(link)
    try:
        link.connect()
        watch.until(lambda: link.state is LinkState.FAILED)
        assert isinstance(link.last_error, E.HostKeyRejected)
        assert (
            not (tmp_path / "known_hosts").exists()
            or sshd.host_key_line.split()[1] not in (tmp_path / "known_hosts").read_text()
        )
    finally:
        link.close()


def test_a_late_password_is_asked_again_after_a_wrong_one_and_serves_the_reconnect(
    sshd, proxy, tmp_path, clock, fast
) -> None:
    password = sshd.password  # here, not in the answering thread: skips where sshd cannot check passwords
    session = Session(name="pw", host=sshd.host, port=proxy.port, username=sshd.username)  # password login
    link = Link(session, known_through(sshd, proxy, tmp_path), clock=clock)
    link.ask_password_late = True
    link.reconnect_delays_s = (0.2,)
    watch = Watch(link)
    watch.ask_on()
    reasons: list[object] = []

    def answerer() -> None:
        for answer in ("not-the-password", password):
            ask = watch.questions.get(timeout=WAIT)
            assert isinstance(ask, PasswordAsk)
            reasons.append(ask.reason)
            ask.answer(answer)

    helper = threading.Thread(target=answerer, name="answerer")
    helper.start()
    try:
        link.connect()
        watch.until(lambda: link.state in (LinkState.CONNECTED, LinkState.FAILED))
        helper.join(WAIT)
        assert link.state is LinkState.CONNECTED, link.last_error
        assert reasons[0] is None and isinstance(reasons[1], E.AuthenticationFailed)
        first = link.connection

        proxy.cut()  # the typed password, kept in memory, logs in again: nobody is asked
        watch.until(lambda: link.state is LinkState.CONNECTED and link.connection is not first)
        assert watch.questions.empty()
        assert link.connection.exec("echo again").out.strip() == "again"
    finally:
        link.close()


def test_a_cut_link_reconnects_by_itself_on_the_core_clock(sshd, proxy, tmp_path, clock, fast) -> None:
    link = Link(key_session(sshd, proxy.port), known_through(sshd, proxy, tmp_path), clock=clock)
    link.reconnect_delays_s = (0.2,)
    watch = Watch(link)
    dropped: list[object] = []
    link.dropped.subscribe(dropped.append)
    try:
        link.connect()
        watch.until(lambda: link.state is LinkState.CONNECTED)
        first = link.connection
        proxy.cut()
        watch.until(lambda: link.state is LinkState.CONNECTED and link.connection is not first)
        assert not first.is_alive
        assert link.connection.exec("echo back").out.strip() == "back"
        drop = next(c for c in watch.changes if c.state is LinkState.DROPPED)
        assert drop.dropped is not None and drop.retry is not None and drop.retry.attempt == 1
        assert dropped == [drop.dropped]
        # The try after the drop was started by the clock's thread (no GUI timer anywhere).
        at = next(i for i, (state, _thread) in enumerate(watch.threads) if state is LinkState.DROPPED)
        assert watch.threads[at + 1] == (LinkState.CONNECTING, "link-test-clock")
        assert link.reconnect_attempt == 0 and not link.retry_pending
        seqs = [c.seq for c in watch.changes]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    finally:
        link.close()


def test_tries_by_itself_end_after_n_with_a_gave_up_failure(sshd, proxy, tmp_path, clock, fast) -> None:
    link = Link(key_session(sshd, proxy.port), known_through(sshd, proxy, tmp_path), clock=clock)
    link.reconnect_delays_s = (0.1,)
    link.reconnect_attempts = 3
    watch = Watch(link)
    failures: list[object] = []
    link.failed.subscribe(failures.append)
    try:
        link.connect()
        watch.until(lambda: link.state is LinkState.CONNECTED)
        proxy.refuse = True  # the instance is stopped: every try is hung up on
        proxy.cut()
        watch.until(lambda: link.state is LinkState.FAILED)
        assert len(failures) == 1 and isinstance(failures[0], ReconnectGaveUp)
        assert failures[0].attempts == 3 and "3 tries" in str(failures[0])
        assert [c.retry.attempt for c in watch.changes if c.retry] == [1, 2, 3]
        assert watch.states().count("connecting") == 4  # the first connect and three tries
        assert link.reconnect_attempt == 0 and not link.retry_pending
        assert proxy.accepted == 1
        proxy.refuse = False
        link.reconnect()  # a click: the count starts over and it works again
        watch.until(lambda: link.state is LinkState.CONNECTED)
    finally:
        link.close()


def test_stop_reconnecting_ends_a_long_wait(sshd, proxy, tmp_path, clock, fast) -> None:
    link = Link(key_session(sshd, proxy.port), known_through(sshd, proxy, tmp_path), clock=clock)
    link.reconnect_delays_s = (600,)
    watch = Watch(link)
    try:
        link.connect()
        watch.until(lambda: link.state is LinkState.CONNECTED)
        proxy.refuse = True
        proxy.cut()
        watch.until(lambda: link.state is LinkState.DROPPED and link.retry_pending)
        link.stop_reconnecting()
        assert link.state is LinkState.FAILED and isinstance(link.last_error, ReconnectGaveUp)
        assert "stopped" in str(link.last_error) and not link.retry_pending
        assert proxy.accepted == 1
    finally:
        link.close()


def test_the_knock_starts_the_try_as_soon_as_the_server_answers(sshd, proxy, tmp_path, clock, fast) -> None:
    link = Link(key_session(sshd, proxy.port), known_through(sshd, proxy, tmp_path), clock=clock)
    link.reconnect_delays_s = (600,)  # only the knock can bring it back within the test's limit
    watch = Watch(link)
    try:
        link.connect()
        watch.until(lambda: link.state is LinkState.CONNECTED)
        first = link.connection
        proxy.refuse = True
        proxy.cut()
        watch.until(lambda: link.state is LinkState.DROPPED and link.retry_pending)
        proxy.refuse = False
        watch.until(lambda: link.state is LinkState.CONNECTED and link.connection is not first)
        assert link.connection.exec("echo knock").out.strip() == "knock"
    finally:
        link.close()


def test_cancel_during_a_question_refuses_it_and_ends_closed(sshd, tmp_path, clock) -> None:
    known = tmp_path / "known_hosts"
    link = Link(key_session(sshd, sshd.port), HostKeyStore(known, extra_files=[]), clock=clock)
    watch = Watch(link)
    watch.ask_on()
    failures: list[object] = []
    link.failed.subscribe(failures.append)
    try:
        link.connect()
        ask = watch.questions.get(timeout=WAIT)  # the IO thread now waits on it; nobody answers
        assert link.pending_questions == [ask]
        link.cancel()
        assert ask.answered and ask.cancelled and ask.wait(0) == "reject"
        watch.until(lambda: link.state is LinkState.CLOSED)
        assert len(failures) == 1 and isinstance(failures[0], E.Cancelled)
        assert ask.answer("always") is False  # too late: a cancelled question stays refused
        assert not known.exists() or sshd.host_key_line.split()[1] not in known.read_text()
        # The IO thread is free again: a new connect is asked again and works.
        link.connect()
        watch.questions.get(timeout=WAIT).answer("once")
        watch.until(lambda: link.state is LinkState.CONNECTED)
    finally:
        link.close()


def test_close_during_a_question_frees_the_io_thread(sshd, tmp_path, clock) -> None:
    link = Link(key_session(sshd, sshd.port), HostKeyStore(tmp_path / "known_hosts", extra_files=[]), clock=clock)
    watch = Watch(link)
    watch.ask_on()
    link.connect()
    ask = watch.questions.get(timeout=WAIT)
    link.close()
    assert ask.cancelled and link.state is LinkState.CLOSED
    watch.until(lambda: link.state is LinkState.CLOSED)
    assert link.submit(lambda conn: conn).exception(WAIT) is not None
    link.connect()  # a closed link stays closed
    assert link.state is LinkState.CLOSED


def test_submit_runs_on_the_io_thread_and_fails_when_not_connected(sshd, tmp_path, clock) -> None:
    link = Link(key_session(sshd, sshd.port), HostKeyStore(sshd.known_hosts, extra_files=[]), clock=clock)
    watch = Watch(link)
    try:
        assert isinstance(link.submit(lambda conn: conn).exception(WAIT), E.Disconnected)
        link.connect()
        watch.until(lambda: link.state is LinkState.CONNECTED)
        out = link.submit(lambda conn: (threading.current_thread().name, conn.exec("echo io").out.strip())).result(WAIT)
        assert out[0].startswith("ssh-io") and out[1] == "io"
    finally:
        link.close()
