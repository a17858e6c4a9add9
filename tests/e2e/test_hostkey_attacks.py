"""Host-key attacks against real servers: the real sshd, a second sshd with several host keys,
and a paramiko server that plays the attacker and records whether any login reached it.

OpenSSH is the reference: a host known with any key that shows another key (of any type) has
CHANGED, accept-new never accepts it, revoked keys are refused, and no credential is sent
before the host key is trusted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyRevoked, HostKeyStore, fetch_server_key
from tests.helpers.cli import gpudesk
from tests.helpers.evil_server import EvilServer, new_key, public_line

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PASSWORD_VAR = "GPUDESK_HOSTKEY_TEST_PW"
# A throw-away value: only the attacker's recorder would ever see it.
PASSWORD = "not-a-real-password-0"
HOSTILE_LINES = (
    b"# servers \xff\xfe from an old export\n"
    b"broken.example.com ssh-ed25519 AAAA!!notbase64\n"
    + f"@cert-authority *.example.com {public_line(new_key('ed25519'))}\n".encode()
)


@pytest.fixture
def evil():
    """``evil("rsa", "ecdsa")`` starts an attacker server with fresh keys of those kinds."""
    servers: list[EvilServer] = []

    def start(*kinds: str) -> EvilServer:
        server = EvilServer([new_key(kind) for kind in kinds])
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="module")
def multi_key_sshd():
    """A second real sshd with an ed25519, an RSA and an ECDSA host key."""
    from tests.helpers.sshd import start_sshd

    if os.geteuid() != 0:
        pytest.skip("needs root")
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-hk-"))
    extra = []
    for kind, bits in (("rsa", "3072"), ("ecdsa", "256")):
        path = workdir / f"host_{kind}"
        subprocess.run(["ssh-keygen", "-q", "-t", kind, "-b", bits, "-N", "", "-f", str(path)], check=True)
        extra.append(f"HostKey {path}")
    server = start_sshd(workdir, extra_config="\n".join(extra))
    yield server
    server.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def entry(port: int) -> str:
    return f"[127.0.0.1]:{port}"


def pub_of(path: Path) -> str:
    return " ".join(path.with_suffix(".pub").read_text().split()[:2])


def connect(host: str, port: int, store: HostKeyStore, asked: list, user: str = "root", **creds) -> Connection:
    creds = creds or {"password": PASSWORD}
    method = "key_file" if "identity_file" in creds else "password"
    conn = Connection(
        Target(host, port, user, timeout_s=10, keepalive_s=0),
        Credentials(method, **creds),
        store,
        ask_host_key=lambda q: asked.append(q) or "always",
    )
    return conn.connect()


def cli(url: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {PASSWORD_VAR: PASSWORD, **(env or {})}
    return gpudesk("gpus", url, "--accept-new-host-key", "--password-env", PASSWORD_VAR, *args, env=full_env, timeout=120)


# -- 1. a key of another type for a known host ------------------------------------------------------


@pytest.mark.parametrize("kind", ["rsa", "ecdsa"])
@pytest.mark.parametrize("where", ["own", "user"])
def test_other_key_type_is_changed_and_gets_no_password(evil, tmp_path: Path, kind: str, where: str) -> None:
    server = evil(kind)
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(server.port)} {public_line(new_key('ed25519'))}\n")
    before = known.read_bytes()
    own = tmp_path / "own" if where == "user" else known
    store = HostKeyStore(own, extra_files=[known] if where == "user" else [])
    asked: list = []
    with pytest.raises(E.HostKeyChanged, match="CHANGED") as info:
        connect(server.host, server.port, store, asked)
    server.wait_idle()
    assert server.handshakes == 1, "the client did reach the attacker"
    assert server.auth_attempts == [], "no login request (and no password) may reach a server whose key changed"
    assert asked == [], "a changed key is never offered as a 'new server' question"
    assert known.read_bytes() == before
    assert not (tmp_path / "own").exists() or where == "own"
    assert info.value.fingerprint != info.value.known_fingerprint
    # Control: had the attacker's key been trusted, the recorder would have seen the password.
    trusted = HostKeyStore(tmp_path / "trusted", extra_files=[])
    with pytest.raises(E.AuthenticationFailed):
        connect(server.host, server.port, trusted, [])
    assert server.auth_attempts and all(method == "password" for method, _ in server.auth_attempts)


def test_real_sshd_with_other_type_stored_is_changed(sshd, tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", str(tmp_path / "other")], check=True)
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(sshd.port)} {pub_of(tmp_path / 'other')}\n")
    before = known.read_bytes()
    asked: list = []
    with pytest.raises(E.HostKeyChanged) as info:
        connect(sshd.host, sshd.port, HostKeyStore(known, extra_files=[]), asked, user=sshd.username, password=sshd.password)
    assert asked == [] and known.read_bytes() == before
    assert info.value.fingerprint == sshd.host_key_fingerprint
    assert "ssh-rsa" in str(info.value) and "ssh-ed25519" in str(info.value), "the warning names both key types"


@pytest.mark.parametrize("kind", ["rsa", "ecdsa"])
def test_known_key_type_is_asked_for_first(multi_key_sshd, tmp_path: Path, kind: str) -> None:
    """A server with several host keys presents the one we know (OpenSSH's HostKeyAlgorithms order)."""
    server = multi_key_sshd
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(server.port)} {pub_of(server.workdir / f'host_{kind}')}\n")
    asked: list = []
    with connect(server.host, server.port, HostKeyStore(known, extra_files=[]), asked,
                 user=server.username, identity_file=str(server.key_path)) as conn:
        assert conn.exec("true").exit_code == 0
        assert conn.info.host_key_type == pub_of(server.workdir / f"host_{kind}").split()[0]
    assert asked == []
    # The same server, its ed25519 key known: that one is shown.
    known.write_text(f"{entry(server.port)} {server.host_key_line}\n")
    with connect(server.host, server.port, HostKeyStore(known, extra_files=[]), asked,
                 user=server.username, identity_file=str(server.key_path)) as conn:
        assert conn.info.host_key_type == "ssh-ed25519"


def test_replace_after_a_type_change_keeps_the_other_lines(sshd, tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", str(tmp_path / "old")], check=True)
    known = tmp_path / "known_hosts"
    known.write_bytes(HOSTILE_LINES + f"{entry(sshd.port)} {pub_of(tmp_path / 'old')}\n".encode())
    store = HostKeyStore(known, extra_files=[])
    with pytest.raises(E.HostKeyChanged):
        connect(sshd.host, sshd.port, store, [], user=sshd.username, password=sshd.password)
    store.replace(sshd.host, sshd.port, fetch_server_key(sshd.host, sshd.port))
    assert known.read_bytes() == HOSTILE_LINES + f"{entry(sshd.port)} {sshd.host_key_line}\n".encode()
    with connect(sshd.host, sshd.port, HostKeyStore(known, extra_files=[]), [], user=sshd.username, password=sshd.password) as c:
        assert c.exec("true").exit_code == 0


def test_replace_fetches_the_key_type_that_was_shown(multi_key_sshd, tmp_path: Path) -> None:
    """The UI's "Replace stored key" re-reads the server's key: it must read the type the warning named."""
    from gpudesk.core import paths
    from gpudesk.core.ssh.keys import fingerprint

    server = multi_key_sshd
    own = paths.known_hosts_file()
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text(f"{entry(server.port)} {public_line(new_key('rsa'))}\n")  # the server's RSA key was rotated
    store = HostKeyStore(extra_files=[])
    with pytest.raises(E.HostKeyChanged) as info:
        connect(server.host, server.port, store, [], user=server.username, identity_file=str(server.key_path))
    assert info.value.fingerprint == fingerprint(fetch_server_key(server.host, server.port))
    store.replace(server.host, server.port, fetch_server_key(server.host, server.port))
    with connect(server.host, server.port, HostKeyStore(extra_files=[]), [], user=server.username,
                 identity_file=str(server.key_path)) as conn:
        assert conn.info.host_key_type == "ssh-rsa"


# -- 2. known_hosts files with lines paramiko's all-or-nothing loader chokes on ----------------------


@pytest.mark.parametrize("bad", ["non-utf8", "bad-base64", "cert-authority"])
def test_hostile_known_hosts_still_blocks_a_changed_key(evil, tmp_path: Path, bad: str) -> None:
    server = evil("ed25519")
    lines = {
        "non-utf8": HOSTILE_LINES.splitlines(True)[0],
        "bad-base64": HOSTILE_LINES.splitlines(True)[1],
        "cert-authority": HOSTILE_LINES.splitlines(True)[2],
    }[bad]
    known = tmp_path / "known_hosts"
    known.write_bytes(lines + f"{entry(server.port)} {public_line(new_key('ed25519'))}\n".encode())
    before = known.read_bytes()
    asked: list = []
    with pytest.raises(E.HostKeyChanged):
        connect(server.host, server.port, HostKeyStore(known, extra_files=[]), asked)
    server.wait_idle()
    assert server.handshakes == 1 and server.auth_attempts == [] and asked == [] and known.read_bytes() == before


def test_hostile_known_hosts_still_trusts_the_real_server(sshd, tmp_path: Path) -> None:
    known = tmp_path / "known_hosts"
    known.write_bytes(HOSTILE_LINES + sshd.known_hosts.read_bytes())
    asked: list = []
    with connect(sshd.host, sshd.port, HostKeyStore(tmp_path / "own", extra_files=[known]), asked,
                 user=sshd.username, password=sshd.password) as conn:
        assert conn.exec("true").exit_code == 0
    assert asked == [], "the user's known_hosts trusts the server: one bad line must not make it 'new'"
    assert not (tmp_path / "own").exists()


def test_revoked_key_is_refused_before_login(evil, tmp_path: Path) -> None:
    server = evil("ed25519")
    key = public_line(server.keys[0])
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(server.port)} {key}\n@revoked * {key}\n")
    store = HostKeyStore(known, extra_files=[])
    store.trust_once(server.host, server.port, server.keys[0])
    with pytest.raises(HostKeyRevoked, match="REVOKED"):
        connect(server.host, server.port, store, [])
    server.wait_idle()
    assert server.handshakes == 1 and server.auth_attempts == []


# -- the command line: --accept-new-host-key is OpenSSH's accept-new --------------------------------


def test_cli_accept_new_never_accepts_another_key_type(evil, tmp_path: Path) -> None:
    server = evil("rsa")
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(server.port)} {public_line(new_key('ed25519'))}\n")
    before = known.read_bytes()
    run = cli(f"ssh://root@127.0.0.1:{server.port}", "--known-hosts", str(known))
    assert run.returncode == 3, run.stderr
    assert "changed" in run.stderr.lower() and "Traceback" not in run.stderr
    assert PASSWORD not in run.stderr + run.stdout
    server.wait_idle()
    assert server.handshakes == 1 and server.auth_attempts == []
    assert known.read_bytes() == before


def test_cli_accept_new_against_real_sshd_with_other_type_stored(sshd, tmp_path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", str(tmp_path / "other")], check=True)
    known = tmp_path / "known_hosts"
    known.write_text(f"{entry(sshd.port)} {pub_of(tmp_path / 'other')}\n")
    before = known.read_bytes()
    run = cli(sshd.url(), "--known-hosts", str(known), env={PASSWORD_VAR: sshd.password})
    assert run.returncode == 3, run.stderr
    assert "changed" in run.stderr.lower()
    assert known.read_bytes() == before


@pytest.mark.parametrize("where", ["own", "user"])
def test_cli_accept_new_with_the_app_store_never_stores_a_changed_key(evil, tmp_path: Path, gpudesk_home: Path, where: str) -> None:
    """Without --known-hosts, accept-new would append to the app's file: it must not for a known host."""
    from gpudesk.core import paths

    server = evil("ecdsa")
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    line = f"{entry(server.port)} {public_line(new_key('ed25519'))}\n".encode()
    own = paths.known_hosts_file()
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_bytes(HOSTILE_LINES + (line if where == "own" else b""))
    user = home / ".ssh" / "known_hosts"
    user.write_bytes(HOSTILE_LINES + (line if where == "user" else b""))
    before = own.read_bytes(), user.read_bytes()
    run = cli(f"ssh://root@127.0.0.1:{server.port}", env={"HOME": str(home), "GPUDESK_HOME": str(gpudesk_home)})
    assert run.returncode == 3, run.stderr
    assert "changed" in run.stderr.lower()
    server.wait_idle()
    assert server.handshakes == 1 and server.auth_attempts == []
    assert (own.read_bytes(), user.read_bytes()) == before


def test_cli_revoked_key_is_refused(sshd, tmp_path: Path) -> None:
    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text() + f"@revoked * {sshd.host_key_line}\n")
    before = known.read_bytes()
    run = cli(sshd.url(), "--known-hosts", str(known), env={PASSWORD_VAR: sshd.password})
    assert run.returncode == 3, run.stderr
    assert "revoked" in run.stderr.lower()
    assert known.read_bytes() == before
