"""A real OpenSSH sshd on 127.0.0.1 for the tests: generated host key, a test user with key and password login.

Run as root (Linux CI), it makes a throw-away test user with a password. Run as an ordinary user with
``GPUDESK_SSHD_AS_USER=1`` (the macOS runner, where there is no useradd and no root), it serves that same
user on a high port with key logins only: sshd cannot check a password without root (every password is wrong
to it), so the tests that log in with the right one skip (reading ``server.password`` skips them) and the rest,
wrong passwords included, run against the real sshd.
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pwd exists only on POSIX: imported where a user is made, so Windows can collect the tests
    import pwd

TEST_USER = "gpudesk-test"
# A test-only password for a throw-away local account that exists only while tests run.
TEST_PASSWORD = "Pw-for-gpudesk-tests-7"
KEY_PASSPHRASE = "correct horse battery"
SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.settimeout(2)
                if sock.recv(4).startswith(b"SSH-"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"sshd did not start on port {port}")


def ensure_user() -> pwd.struct_passwd:
    import pwd

    try:
        entry = pwd.getpwnam(TEST_USER)
    except KeyError:
        subprocess.run(["useradd", "-m", "-s", "/bin/bash", TEST_USER], check=True)
        entry = pwd.getpwnam(TEST_USER)
    subprocess.run(["chpasswd"], input=f"{TEST_USER}:{TEST_PASSWORD}", text=True, check=True)
    home = Path(entry.pw_dir)
    for sub in ("bin",):
        (home / sub).mkdir(exist_ok=True)
        os.chown(home / sub, entry.pw_uid, entry.pw_gid)
    profile = home / ".profile"
    line = 'PATH="$HOME/bin:$PATH"\n'
    if not profile.exists() or line not in profile.read_text():
        with profile.open("a") as fh:
            fh.write(line)
        os.chown(profile, entry.pw_uid, entry.pw_gid)
    return entry


@dataclass
class SshServer:
    host: str
    port: int
    username: str
    login_password: str | None  # None: sshd runs as the user itself and cannot check passwords
    home: Path
    key_path: Path  # ed25519, no passphrase
    encrypted_key_path: Path  # same key, protected by KEY_PASSPHRASE
    passphrase: str
    host_key_line: str  # "ssh-ed25519 AAAA..." of the server
    host_key_fingerprint: str
    known_hosts: Path  # an OpenSSH known_hosts file that trusts this server
    workdir: Path
    uid: int
    gid: int
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    pty_ok: bool = True  # whether this sshd can hand out a terminal (see ``start_sshd``)

    @property
    def password(self) -> str:
        """The test user's password; a test that logs in with it skips where sshd cannot check one."""
        if self.login_password is None:
            import pytest

            pytest.skip("password logins need sshd run as root (this sshd runs as the user itself, keys only)")
        return self.login_password

    @property
    def as_user(self) -> bool:
        return self.login_password is None

    def run_as_user(self, *argv: str) -> subprocess.CompletedProcess[bytes]:
        """Run a command as the server's user (``runuser`` as root; directly when sshd runs as that user)."""
        if self.as_user:
            env = dict(os.environ, TMUX_TMPDIR=str(self.workdir / "tmux"))
            return subprocess.run(list(argv), capture_output=True, check=False, env=env)
        return subprocess.run(["runuser", "-u", self.username, "--", *argv], capture_output=True, check=False)

    def url(self) -> str:
        return f"ssh://{self.username}@{self.host}:{self.port}"

    def install_bin(self, name: str, content: str) -> Path:
        """Put an executable ``name`` on the test user's PATH (e.g. the nvidia-smi replay)."""
        path = self.home / "bin" / name
        path.write_text(content)
        path.chmod(0o755)
        os.chown(path, self.uid, self.gid)
        return path

    def ssh_args(self) -> list[str]:
        """Arguments for OpenSSH's own ``ssh``/``sftp``/``scp`` to reach this server by key."""
        return [
            "-i", str(self.key_path),
            "-o", f"UserKnownHostsFile={self.known_hosts}",
            "-o", "StrictHostKeyChecking=yes",
            "-o", "BatchMode=yes",
            "-o", "IdentitiesOnly=yes",
        ]

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(self.workdir / "sshd_config")],
            stdout=subprocess.DEVNULL,
            stderr=open(self.workdir / "sshd.log", "ab"),  # noqa: SIM115 - lives as long as sshd
        )
        wait_port(self.port)


def as_user_allowed() -> bool:
    """Whether the fixture may serve the current (non-root) user: opt-in, as it writes to that user's ~/bin."""
    return os.environ.get("GPUDESK_SSHD_AS_USER") == "1"


def start_sshd(workdir: Path, extra_config: str = "") -> SshServer:
    as_root = os.geteuid() == 0
    if not as_root and not as_user_allowed():
        raise RuntimeError("the sshd fixture needs root (it creates a test user), or GPUDESK_SSHD_AS_USER=1")
    if not Path(SSHD).exists():
        raise RuntimeError("OpenSSH sshd is not installed (apt-get install openssh-server)")
    if as_root:
        entry = ensure_user()
        username, home, uid, gid = TEST_USER, Path(entry.pw_dir), entry.pw_uid, entry.pw_gid
        Path("/run/sshd").mkdir(exist_ok=True)
    else:  # serve ourselves: no new user, no password, the same home
        username, home, uid, gid = getpass.getuser(), Path.home(), os.getuid(), os.getgid()
        (home / "bin").mkdir(exist_ok=True)
    workdir.mkdir(parents=True, exist_ok=True)
    workdir.chmod(0o755)
    host_key = workdir / "host_ed25519"
    user_key = workdir / "user_ed25519"
    enc_key = workdir / "user_ed25519_enc"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(host_key)], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", str(user_key)], check=True)
    shutil.copy(user_key, enc_key)
    subprocess.run(["ssh-keygen", "-q", "-p", "-P", "", "-N", KEY_PASSPHRASE, "-f", str(enc_key)], check=True, capture_output=True)
    auth_keys = workdir / "authorized_keys"
    auth_keys.write_text((workdir / "user_ed25519.pub").read_text())
    auth_keys.chmod(0o644)
    port = free_port()
    sftp_server = next(
        (p for p in ("/usr/lib/openssh/sftp-server", "/usr/libexec/openssh/sftp-server", "/usr/libexec/sftp-server") if Path(p).exists()),
        "internal-sftp",
    )
    tmux_env = ""
    if not as_root:  # the user's own tmux server stays out of it: the tests' sessions live in the workdir
        (workdir / "tmux").mkdir(exist_ok=True)
        tmux_env = f" TMUX_TMPDIR={workdir / 'tmux'}"
    (workdir / "sshd_config").write_text(
        f"""Port {port}
ListenAddress 127.0.0.1
HostKey {host_key}
PidFile {workdir}/sshd.pid
AuthorizedKeysFile {auth_keys} .ssh/authorized_keys
PasswordAuthentication yes
KbdInteractiveAuthentication no
PubkeyAuthentication yes
UsePAM no
StrictModes no
PermitRootLogin no
AllowUsers {username}
UseDNS no
MaxStartups 100:30:200
MaxSessions 100
ClientAliveInterval 0
LogLevel ERROR
AcceptEnv LANG LC_* GPUDESK_*
SetEnv PATH={home}/bin:/usr/local/bin:/usr/bin:/bin{tmux_env}
Subsystem sftp {sftp_server}
{extra_config}
"""
    )
    pub = (workdir / "host_ed25519.pub").read_text().split()
    host_key_line = f"{pub[0]} {pub[1]}"
    known_hosts = workdir / "known_hosts"
    known_hosts.write_text(f"[127.0.0.1]:{port} {host_key_line}\n")
    fp = subprocess.run(["ssh-keygen", "-lf", str(host_key) + ".pub"], capture_output=True, text=True, check=True)
    server = SshServer(
        host="127.0.0.1",
        port=port,
        username=username,
        login_password=TEST_PASSWORD if as_root else None,
        home=home,
        key_path=user_key,
        encrypted_key_path=enc_key,
        passphrase=KEY_PASSPHRASE,
        host_key_line=host_key_line,
        host_key_fingerprint=fp.stdout.split()[1],
        known_hosts=known_hosts,
        workdir=workdir,
        uid=uid,
        gid=gid,
    )
    server.start()
    if not as_root:
        server.pty_ok = _hands_out_a_pty(server)
    return server


def _hands_out_a_pty(server: SshServer) -> bool:
    """sshd not run as root gives a terminal only where it may chown the pty to the tty group (so on some
    systems and containers it cannot): ask it once with OpenSSH's own client."""
    try:
        done = subprocess.run(
            ["ssh", "-tt", "-p", str(server.port), *server.ssh_args(), f"{server.username}@{server.host}", "true"],
            capture_output=True,
            timeout=20,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0
