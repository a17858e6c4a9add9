"""Imported sessions connect to a real sshd: key from the config, jump host chain, and PuTTY .ppk keys."""

from __future__ import annotations

from pathlib import Path

import paramiko
import pytest

from gpudesk.core.sessions import SessionStore
from gpudesk.core.sessions.importers import parse_paths
from gpudesk.core.sessions.importers.plan import apply_plan, build_plan
from gpudesk.core.ssh.open import connection_for
from gpudesk.core.ssh.ppk import load_ppk, ppk_to_openssh

pytestmark = pytest.mark.e2e
PPK = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "ppk"
PASSPHRASE = "correct horse 电池"


def accept_test_server(sshd):  # type: ignore[no-untyped-def]
    return lambda q: "once" if q.fingerprint == sshd.host_key_fingerprint else "reject"


def test_imported_ssh_config_connects_directly_and_through_its_jump_host(sshd, trusting_store, tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.write_text(
        f"""Host *
    IdentityFile {sshd.key_path}
Host lab-bastion
    HostName 127.0.0.1
    Port {sshd.port}
    User {sshd.username}
Host lab-gpu
    # "localhost" as seen from the bastion: a different name, so not a duplicate of it
    HostName localhost
    Port {sshd.port}
    User {sshd.username}
    ProxyJump lab-bastion
"""
    )
    store = SessionStore()  # the app's own store: jump hosts are looked up there at connect time
    report = apply_plan(build_plan(parse_paths("ssh-config", [config]), store), store)
    assert [s.name for s in report.created] == ["lab-bastion", "lab-gpu"]
    bastion, target = store.find("lab-bastion"), store.find("lab-gpu")
    assert bastion.auth == "key_file" and target.jump_host == f"{sshd.username}@127.0.0.1:{sshd.port}"

    with connection_for(bastion, host_keys=trusting_store, ask_host_key=accept_test_server(sshd)).connect() as c:
        assert c.exec("whoami").out.strip() == sshd.username
    c2 = connection_for(target, host_keys=trusting_store, ask_host_key=accept_test_server(sshd))
    assert c2.via is not None  # the chain was built from the imported ProxyJump
    with c2.connect():
        # The tunnelled login arrives from the bastion (sshd itself), which reached "localhost".
        assert c2.exec("echo $SSH_CONNECTION").out.split()[2] in ("127.0.0.1", "::1")
        assert c2.exec("whoami").out.strip() == sshd.username


@pytest.fixture
def ppk_authorized(sshd):  # type: ignore[no-untyped-def]
    """Authorise the puttygen-made keys on the test sshd for one test, then restore its key list."""
    auth = sshd.workdir / "authorized_keys"
    before = auth.read_text()
    auth.write_text(before + "".join(p.read_text() for p in sorted(PPK.glob("*.pub"))))
    yield
    auth.write_text(before)


@pytest.mark.parametrize("name", ["rsa2048_v2_enc.ppk", "ed25519_v3_argon2id.ppk", "ecdsa256_v3_argon2i.ppk"])
def test_ppk_key_logs_in(sshd, ppk_authorized, name: str) -> None:
    if "_v3_" in name:
        pytest.importorskip("argon2", reason="encrypted PuTTY v3 keys need argon2-cffi")
    key = load_ppk((PPK / name).read_text(), PASSPHRASE, source=name)
    transport = paramiko.Transport((sshd.host, sshd.port))
    try:
        transport.connect()
        assert transport.get_remote_server_key().get_base64() == sshd.host_key_line.split()[1]
        transport.auth_publickey(sshd.username, key)
        assert transport.is_authenticated()
    finally:
        transport.close()


def test_converted_ppk_works_as_a_sessions_key_file(sshd, ppk_authorized, trusting_store, tmp_path: Path) -> None:
    """Today's path for an imported .ppk: convert once to OpenSSH, then the session uses that file."""
    from gpudesk.core.sessions import Session

    out = tmp_path / "id_from_ppk"
    out.write_text(ppk_to_openssh((PPK / "rsa2048_v2_enc.ppk").read_text(), PASSPHRASE))
    out.chmod(0o600)
    session = Session(name="ppk", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
                      identity_file=str(out))
    session.validate()
    with connection_for(session, host_keys=trusting_store, passphrase="").connect() as c:
        assert c.exec("true").exit_code == 0
