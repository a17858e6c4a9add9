"""A login line's password is asked only after the server answered and its host key checked out
(core Connection against the real sshd): a refused port, an unknown name, a changed or a refused
key end before the question; a wrong password is asked again on the same connection."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import PASSWORD_PROMPTS, Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore


def password_connection(host: str, port: int, user: str, store: HostKeyStore, answers: list, asked: list, **kw) -> Connection:
    def ask(reason):  # type: ignore[no-untyped-def]
        asked.append(reason)
        return answers.pop(0) if answers else None

    return Connection(Target(host, port, user, timeout_s=10, keepalive_s=0), Credentials("password"), store, ask_password=ask, **kw)


def test_the_password_is_asked_after_the_host_key_and_again_after_a_wrong_one(sshd, trusting_store) -> None:
    asked: list = []
    conn = password_connection(sshd.host, sshd.port, sshd.username, trusting_store, ["wrong-1", sshd.password], asked)
    try:
        conn.connect()
        assert conn.exec("echo late-ok").out.strip() == "late-ok"
    finally:
        conn.close()
    assert asked[0] is None
    assert isinstance(asked[1], E.AuthenticationFailed) and "Wrong user name or password" in str(asked[1])
    assert len(asked) == 2


def test_wrong_passwords_end_after_the_prompt_limit(sshd, trusting_store) -> None:
    asked: list = []
    conn = password_connection(sshd.host, sshd.port, sshd.username, trusting_store, ["bad"] * 5, asked)
    with pytest.raises(E.AuthenticationFailed):
        conn.connect()
    assert len(asked) == PASSWORD_PROMPTS


def test_no_answer_cancels_the_login(sshd, trusting_store) -> None:
    asked: list = []
    conn = password_connection(sshd.host, sshd.port, sshd.username, trusting_store, [], asked)
    with pytest.raises(E.Cancelled):
        conn.connect()
    assert asked == [None]


def test_a_refused_port_or_unknown_name_never_asks(trusting_store) -> None:
    from tests.helpers.sshd import free_port

    for host, port, error in (("127.0.0.1", free_port(), E.ConnectionRefused), ("no-such-gpu.invalid", 22, E.HostNotFound)):
        asked: list = []
        with pytest.raises(error):
            password_connection(host, port, "root", trusting_store, ["x"], asked).connect()
        assert asked == []


def test_a_changed_or_untrusted_host_key_never_asks(sshd, tmp_path) -> None:
    other = tmp_path / "other_host_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    kind, blob = Path(f"{other}.pub").read_text().split()[:2]
    known = tmp_path / "known_hosts"
    known.write_text(f"[127.0.0.1]:{sshd.port} {kind} {blob}\n")
    asked: list = []
    with pytest.raises(E.HostKeyChanged):
        password_connection(sshd.host, sshd.port, sshd.username, HostKeyStore(known, extra_files=[]), ["x"], asked).connect()
    assert asked == []
    empty = HostKeyStore(tmp_path / "none", extra_files=[])
    with pytest.raises(E.HostKeyRejected):
        password_connection(
            sshd.host, sshd.port, sshd.username, empty, ["x"], asked, ask_host_key=lambda q: "reject"
        ).connect()
    assert asked == []
