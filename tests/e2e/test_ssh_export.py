"""gpudesk's ssh config reaches the real sshd with OpenSSH's own ``ssh``, checking the host key gpudesk trusts."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from gpudesk.core import paths, secrets
from gpudesk.core.sessions import ssh_export
from gpudesk.core.sessions.model import Session

pytestmark = pytest.mark.e2e


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ``~`` (so ``~/.ssh`` is the test's), and gpudesk's known_hosts trusting the sshd."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("HOME", str(h))
    return h


def _trust(sshd) -> None:
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text())


def _ssh(cfg: Path, alias: str, *extra: str, env: dict[str, str] | None = None, password: str | None = None):
    argv = ["ssh", "-F", str(cfg), *extra, alias, "echo", "reached-$USER"]
    if password is not None:
        argv = ["sshpass", "-e", *argv]
        env = dict(env or os.environ, SSHPASS=password)
    else:
        argv[3:3] = ["-o", "BatchMode=yes"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=30, env=env, stdin=subprocess.DEVNULL)


def _key_session(sshd, name: str = "train box", **kw) -> Session:
    base = dict(
        host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file", identity_file=str(sshd.key_path)
    )
    base.update(kw)
    return Session(name=name, **base)  # type: ignore[arg-type]


def _write(*sessions: Session) -> tuple[Path, dict[str, str]]:
    cfg = ssh_export.write_config(list(sessions))
    return cfg, ssh_export.aliases_for(sessions)


def test_key_file_session_reaches_the_server_with_openssh(sshd, home) -> None:
    _trust(sshd)
    s = _key_session(sshd)
    cfg, names = _write(s)
    assert names[s.id] == "gpudesk-train-box"
    assert cfg == home / ".ssh" / "gpudesk_config"
    assert oct(cfg.stat().st_mode & 0o777) == "0o600"
    done = _ssh(cfg, names[s.id])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"reached-{sshd.username}"


def test_a_changed_or_unknown_host_key_is_refused_by_openssh_too(sshd, home, tmp_path) -> None:
    s = _key_session(sshd)
    cfg, names = _write(s)
    # Not trusted by gpudesk yet: OpenSSH must not accept it on its own (nor add it to gpudesk's file).
    done = _ssh(cfg, names[s.id])
    assert done.returncode == 255 and "Host key verification failed" in done.stderr
    assert not paths.known_hosts_file().exists() or sshd.host_key_line not in paths.known_hosts_file().read_text()
    # gpudesk trusts another key for this server: the real one is a CHANGED key.
    other = tmp_path / "other"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    kt, blob = (tmp_path / "other.pub").read_text().split()[:2]
    paths.known_hosts_file().write_text(f"[127.0.0.1]:{sshd.port} {kt} {blob}\n")
    done = _ssh(cfg, names[s.id])
    assert done.returncode == 255
    assert "REMOTE HOST IDENTIFICATION HAS CHANGED" in done.stderr


def test_password_session_asks_for_the_password_after_the_host_key(sshd, home) -> None:
    _trust(sshd)
    s = Session(name="pw", host=sshd.host, port=sshd.port, username=sshd.username, auth="password")
    cfg, names = _write(s)
    text = cfg.read_text()
    assert sshd.password not in text
    batch = _ssh(cfg, names[s.id])  # BatchMode: reaches auth (the host key passed), cannot ask
    assert batch.returncode == 255 and "Permission denied" in batch.stderr, batch.stderr
    if shutil.which("sshpass") is None:
        pytest.skip("sshpass is not installed: the password itself is not typed")
    done = _ssh(cfg, names[s.id], password=sshd.password)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"reached-{sshd.username}"


@pytest.fixture
def agent(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """A real ssh-agent of the test's own (ended by its pid)."""
    sock = tmp_path / "agent.sock"
    out = subprocess.run(["ssh-agent", "-s", "-a", str(sock)], capture_output=True, text=True, check=True).stdout
    pid = int(out.split("SSH_AGENT_PID=")[1].split(";")[0])
    monkeypatch.setenv("SSH_AUTH_SOCK", str(sock))
    yield sock
    os.kill(pid, signal.SIGTERM)


def test_keyring_key_is_used_through_the_agent(sshd, home, agent) -> None:
    _trust(sshd)
    s = Session(name="kr", host=sshd.host, port=sshd.port, username=sshd.username, auth="stored_key")
    secrets.set_secret(secrets.stored_key_entry(s.id), s.username, sshd.encrypted_key_path.read_text())
    try:
        cfg, names = _write(s)
        assert "PRIVATE KEY" not in cfg.read_text()
        listed = subprocess.run(["ssh-add", "-l"], capture_output=True, text=True)
        assert listed.returncode == 1  # the agent holds nothing before the user asks
        pub = ssh_export.add_stored_key_to_agent(s, lifetime_s=120, passphrase=sshd.passphrase)
        assert pub.read_text().startswith("ssh-ed25519 ")
        listed = subprocess.run(["ssh-add", "-l"], capture_output=True, text=True)
        assert listed.returncode == 0 and "ED25519" in listed.stdout
        cfg, names = _write(s)  # now names the agent key by its public half
        assert str(pub) in cfg.read_text()
        done = _ssh(cfg, names[s.id])
        assert done.returncode == 0, done.stderr
        # No private key was written anywhere gpudesk keeps files.
        for root in (home, Path(os.environ["GPUDESK_HOME"])):
            for f in root.rglob("*"):
                if f.is_file():
                    assert b"PRIVATE KEY" not in f.read_bytes(), f
    finally:
        secrets.delete_secret(secrets.stored_key_entry(s.id), s.username)


def test_jump_host_session_goes_through_the_bastion(sshd, home) -> None:
    _trust(sshd)
    s = _key_session(sshd, name="behind", jump_host=f"{sshd.username}@127.0.0.1:{sshd.port}")
    cfg, names = _write(s)
    text = cfg.read_text()
    assert "Host gpudesk-behind--jump1" in text and "ProxyJump gpudesk-behind--jump1" in text
    done = _ssh(cfg, names[s.id], "-v")
    assert done.returncode == 0, done.stderr
    assert (
        "Jumping" in done.stderr or "proxy" in done.stderr.lower() or "ProxyJump" in done.stderr or "-W" in done.stderr
    )


def test_jump_host_named_by_a_saved_session(sshd, home) -> None:
    _trust(sshd)
    bastion = _key_session(sshd, name="bastion")
    s = _key_session(sshd, name="inner", jump_host="bastion")
    cfg, names = _write(bastion, s)
    done = _ssh(cfg, names[s.id])
    assert done.returncode == 0, done.stderr


def test_proxy_command_session(sshd, home) -> None:
    _trust(sshd)
    nc = shutil.which("nc") or shutil.which("ncat")
    cmd = (
        f"{nc} %h %p"
        if nc
        else "python3 -c \"import socket,sys,threading;s=socket.create_connection(('%h',%p));threading.Thread(target=lambda:[sys.stdout.buffer.write(d) or sys.stdout.buffer.flush() for d in iter(lambda:s.recv(65536),b'')],daemon=True).start();[s.sendall(d) for d in iter(lambda:sys.stdin.buffer.read1(65536),b'')]\""
    )
    s = _key_session(sshd, name="via cmd", proxy_kind="command", proxy_command=cmd)
    cfg, names = _write(s)
    done = _ssh(cfg, names[s.id])
    assert done.returncode == 0, done.stderr


def test_user_entries_in_the_file_and_a_rename_or_delete(sshd, home) -> None:
    _trust(sshd)
    cfg = home / ".ssh" / "gpudesk_config"
    cfg.parent.mkdir()
    cfg.write_text("Host mine\n    HostName example.org\n")
    s = _key_session(sshd, name="first")
    ssh_export.write_config([s])
    s.name = "renamed"
    ssh_export.write_config([s])
    text = cfg.read_text()
    assert text.startswith("Host mine\n    HostName example.org\n")
    assert "gpudesk-renamed" in text and "gpudesk-first" not in text
    ssh_export.write_config([])
    assert "gpudesk-renamed" not in cfg.read_text() and cfg.read_text().startswith("Host mine\n")
