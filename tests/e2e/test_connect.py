"""Connecting to a real OpenSSH sshd: every login method and every failure class."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.ssh.keysetup import set_up_key_login
from gpudesk.core.ssh.open import connection_for

pytestmark = pytest.mark.e2e


def conn(sshd, store, creds: Credentials, port: int | None = None, timeout: float = 10, **kw) -> Connection:
    return Connection(Target(sshd.host, port or sshd.port, sshd.username, timeout_s=timeout, keepalive_s=kw.pop("keepalive_s", 0)), creds, store, **kw)


def test_password_login_runs_commands(sshd, trusting_store) -> None:
    with conn(sshd, trusting_store, Credentials("password", password=sshd.password)).connect() as c:
        result = c.exec("whoami; echo to-stderr >&2; exit 7")
        assert result.out.strip() == sshd.username
        assert result.err.strip() == "to-stderr"
        assert result.exit_code == 7
        assert c.info.host_key_fingerprint == sshd.host_key_fingerprint


def test_key_login_and_large_output_do_not_deadlock(sshd, trusting_store) -> None:
    with conn(sshd, trusting_store, Credentials("key_file", identity_file=str(sshd.key_path))).connect() as c:
        # 4 MB on stdout and 1 MB on stderr at once: both are drained.
        result = c.exec("head -c 4000000 /dev/zero; head -c 1000000 /dev/zero >&2", timeout=60)
        assert len(result.stdout) == 4_000_000 and len(result.stderr) == 1_000_000


def test_encrypted_key_with_passphrase(sshd, trusting_store) -> None:
    creds = Credentials("key_file", identity_file=str(sshd.encrypted_key_path), passphrase=sshd.passphrase)
    with conn(sshd, trusting_store, creds).connect() as c:
        assert c.exec("true").exit_code == 0
    assert creds.passphrase is None, "secrets are dropped from memory after connecting"


def test_key_needing_a_passphrase_says_so(sshd, trusting_store) -> None:
    with pytest.raises(E.PassphraseRequired):
        conn(sshd, trusting_store, Credentials("key_file", identity_file=str(sshd.encrypted_key_path))).connect()
    with pytest.raises(E.WrongPassphrase):
        conn(sshd, trusting_store, Credentials("key_file", identity_file=str(sshd.encrypted_key_path), passphrase="nope-123")).connect()


def test_wrong_password(sshd, trusting_store) -> None:
    with pytest.raises(E.AuthenticationFailed, match="Wrong user name or password") as info:
        conn(sshd, trusting_store, Credentials("password", password="not-the-password")).connect()
    assert "not-the-password" not in str(info.value)


def test_key_rejected(sshd, trusting_store, tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "stranger")], check=True)
    with pytest.raises(E.KeyRejected, match="authorized_keys"):
        conn(sshd, trusting_store, Credentials("key_file", identity_file=str(tmp_path / "stranger"))).connect()


def test_unsupported_key_type(sshd, trusting_store, tmp_path: Path) -> None:
    dsa = tmp_path / "id_dsa"
    dsa.write_text("-----BEGIN DSA PRIVATE KEY-----\nMIIBuwIBAAKBgQ==\n-----END DSA PRIVATE KEY-----\n")
    with pytest.raises(E.UnsupportedKey, match="ed25519"):
        conn(sshd, trusting_store, Credentials("key_file", identity_file=str(dsa))).connect()


def test_connection_refused(sshd, trusting_store) -> None:
    from tests.helpers.sshd import free_port

    with pytest.raises(E.ConnectionRefused, match="refused"):
        conn(sshd, trusting_store, Credentials("password", password="x"), port=free_port()).connect()


def test_unknown_host_name(trusting_store) -> None:
    c = Connection(Target("no-such-host.invalid", 22, "root", timeout_s=5), Credentials("password", password="x"), trusting_store)
    with pytest.raises(E.HostNotFound, match="could not be found"):
        c.connect()


def test_stalled_network_times_out(sshd, trusting_store, proxy) -> None:
    proxy.stall()
    with pytest.raises(E.ConnectTimeout):
        conn(sshd, trusting_store, Credentials("password", password=sshd.password), port=proxy.port, timeout=1.5).connect()


def test_server_closing_the_connection(sshd, trusting_store, proxy) -> None:
    proxy.refuse = True  # accepts TCP, then hangs up before SSH
    with pytest.raises(E.ServerClosed, match="closed it"):
        conn(sshd, trusting_store, Credentials("password", password=sshd.password), port=proxy.port).connect()


def test_cancel_while_connecting(sshd, trusting_store, proxy) -> None:
    proxy.stall()
    c = conn(sshd, trusting_store, Credentials("password", password=sshd.password), port=proxy.port, timeout=30)
    threading.Timer(0.5, c.cancel).start()
    with pytest.raises(E.Cancelled):
        c.connect()


def test_first_contact_asks_and_always_persists(sshd, tmp_path: Path) -> None:
    store = HostKeyStore(tmp_path / "kh", extra_files=[])
    asked = []

    def ask(question):
        asked.append(question)
        return "always"

    with conn(sshd, store, Credentials("password", password=sshd.password), ask_host_key=ask).connect():
        pass
    assert [q.fingerprint for q in asked] == [sshd.host_key_fingerprint]
    assert f"[127.0.0.1]:{sshd.port}" in (tmp_path / "kh").read_text()
    # A new store (next app start) trusts it without asking.
    again = HostKeyStore(tmp_path / "kh", extra_files=[])
    with conn(sshd, again, Credentials("password", password=sshd.password)).connect():
        pass


def test_trust_once_is_not_saved_and_reject_closes(sshd, tmp_path: Path) -> None:
    store = HostKeyStore(tmp_path / "kh", extra_files=[])
    with conn(sshd, store, Credentials("password", password=sshd.password), ask_host_key=lambda q: "once").connect():
        pass
    assert not (tmp_path / "kh").exists()
    with pytest.raises(E.HostKeyRejected):
        conn(sshd, HostKeyStore(tmp_path / "kh", extra_files=[]), Credentials("password", password=sshd.password), ask_host_key=lambda q: "reject").connect()
    with pytest.raises(E.HostKeyUnknown):
        conn(sshd, HostKeyStore(tmp_path / "kh", extra_files=[]), Credentials("password", password=sshd.password)).connect()


def test_users_own_known_hosts_is_trusted(sshd, tmp_path: Path) -> None:
    store = HostKeyStore(tmp_path / "own", extra_files=[sshd.known_hosts])
    with conn(sshd, store, Credentials("password", password=sshd.password)).connect():
        pass


def test_changed_host_key_blocks_until_explicitly_replaced(sshd, tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "other")], check=True)
    other = (tmp_path / "other.pub").read_text().split()
    (tmp_path / "kh").write_text(f"[127.0.0.1]:{sshd.port} {other[0]} {other[1]}\n")
    store = HostKeyStore(tmp_path / "kh", extra_files=[])
    asked = []
    with pytest.raises(E.HostKeyChanged) as info:
        conn(sshd, store, Credentials("password", password=sshd.password), ask_host_key=lambda q: asked.append(q) or "always").connect()
    assert not asked, "a changed key must never be offered as a simple 'trust?' question"
    assert info.value.fingerprint == sshd.host_key_fingerprint
    assert "CHANGED" in str(info.value)
    from gpudesk.core.ssh.hostkeys import fetch_server_key

    store.replace(sshd.host, sshd.port, fetch_server_key(sshd.host, sshd.port))
    with conn(sshd, store, Credentials("password", password=sshd.password)).connect():
        pass
    assert other[1] not in (tmp_path / "kh").read_text()


def test_dropped_connection_is_reported(sshd, trusting_store, proxy) -> None:
    dropped = threading.Event()
    c = conn(sshd, trusting_store, Credentials("key_file", identity_file=str(sshd.key_path)), port=proxy.port, keepalive_s=1, on_drop=lambda msg: dropped.set(), ask_host_key=lambda q: "once")
    c.connect()
    assert c.is_alive
    proxy.cut()
    assert dropped.wait(10), "the drop must be noticed"
    assert not c.is_alive
    with pytest.raises(E.Disconnected):
        c.exec("true")
    c.close()


def test_session_with_keyring_password_and_key_login_setup(sshd, trusting_store) -> None:
    session = Session(name="node", host=sshd.host, port=sshd.port, username=sshd.username, auth="password")
    secrets.set_secret(session.secret_key, session.username, sshd.password)
    c = connection_for(session, host_keys=trusting_store).connect()
    try:
        public = set_up_key_login(c, session)
    finally:
        c.close()
    try:
        assert session.auth == "stored_key"
        stored = secrets.get_secret(secrets.stored_key_entry(session.id), session.username)
        assert stored and "OPENSSH PRIVATE KEY" in stored
        with connection_for(session, host_keys=trusting_store).connect() as c2:
            assert c2.exec("true").exit_code == 0
        # Running it twice does not add the key twice.
        with connection_for(session, host_keys=trusting_store).connect() as c3:
            from gpudesk.core.ssh.keysetup import install_public_key

            install_public_key(c3, public)
            count = c3.exec("grep -c gpudesk- ~/.ssh/authorized_keys").out.strip()
            assert count == "1"
    finally:
        auth = sshd.home / ".ssh" / "authorized_keys"
        if auth.exists():
            auth.write_text("".join(line for line in auth.read_text().splitlines(True) if public.split()[1] not in line))


@pytest.fixture(scope="module")
def two_factor_sshd():
    """A second real sshd that wants a key AND the password (AuthenticationMethods publickey,password)."""
    import os
    import shutil
    import tempfile

    from tests.helpers.sshd import start_sshd

    if os.geteuid() != 0:
        pytest.skip("needs root")
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-sshd2-"))
    server = start_sshd(workdir, extra_config="AuthenticationMethods publickey,password")
    yield server
    server.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def test_second_login_step_is_asked_for(two_factor_sshd, tmp_path: Path) -> None:
    sshd = two_factor_sshd
    store = HostKeyStore(sshd.known_hosts, extra_files=[])
    asked = []

    def ask(question):
        asked.append(question)
        return [sshd.password]

    creds = Credentials("key_file", identity_file=str(sshd.key_path))
    with conn(sshd, store, creds, ask_prompt=ask).connect() as c:
        assert c.exec("echo both-factors").out.strip() == "both-factors"
    assert len(asked) == 1 and asked[0].prompts[0][1] is False, "the password prompt must not echo"
    with pytest.raises(E.AuthenticationFailed, match="second login step"):
        conn(sshd, store, Credentials("key_file", identity_file=str(sshd.key_path)), ask_prompt=lambda q: ["wrong-2nd"]).connect()
    with pytest.raises(E.Cancelled):
        conn(sshd, store, Credentials("key_file", identity_file=str(sshd.key_path)), ask_prompt=lambda q: None).connect()
    with pytest.raises(E.AuthenticationFailed, match="cannot be answered"):
        conn(sshd, store, Credentials("key_file", identity_file=str(sshd.key_path))).connect()
