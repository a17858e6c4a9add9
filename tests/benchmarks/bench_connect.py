"""Connect to a shell prompt: ours vs OpenSSH `ssh`, same sshd on loopback, key login (median of 10).

Both sides: TCP connect, key exchange, host-key check against a known_hosts file, public-key
login, a PTY shell, and the first prompt on screen. Ours runs in-process (as in the app,
where Python and paramiko are already loaded). Prints `connect: ratio=… ours_s=… ssh_s=…`
last; ratio = ssh time ÷ ours, so higher is better. Needs root (it starts a real sshd).
"""

from __future__ import annotations

import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gpudesk.core.ssh.connection import Connection, Credentials, Target  # noqa: E402
from gpudesk.core.ssh.hostkeys import HostKeyStore  # noqa: E402
from tests.helpers.sshd import start_sshd  # noqa: E402

PROMPT = b"$ "


def ours(server) -> float:
    start = time.perf_counter()
    conn = Connection(
        Target(server.host, server.port, server.username, timeout_s=10, keepalive_s=0),
        Credentials("key_file", identity_file=str(server.key_path)),
        HostKeyStore(server.known_hosts, extra_files=[]),
    ).connect()
    chan = conn.open_shell(cols=120, rows=40)
    seen = b""
    while PROMPT not in seen:
        data = chan.recv(4096)
        if not data:
            raise RuntimeError("shell closed before the prompt")
        seen += data
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed


def openssh(server) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        ["ssh", "-tt", *server.ssh_args(), "-p", str(server.port), f"{server.username}@{server.host}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    seen = b""
    fd = proc.stdout.fileno()
    while PROMPT not in seen:
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            raise RuntimeError("ssh showed no prompt")
        import os

        data = os.read(fd, 4096)
        if not data:
            raise RuntimeError("ssh closed before the prompt")
        seen += data
    elapsed = time.perf_counter() - start
    proc.kill()
    proc.wait()
    return elapsed


def main() -> None:
    server = start_sshd(Path(tempfile.mkdtemp(prefix="gpudesk-bench-sshd-")))
    try:
        ours(server), openssh(server)  # warm-up: page cache, sshd's first fork
        ours_t, ssh_t = [], []
        for _ in range(10):
            ours_t.append(ours(server))
            ssh_t.append(openssh(server))
        o, s = statistics.median(ours_t), statistics.median(ssh_t)
        print(f"connect: ratio={s / o:.2f} ours_s={o:.3f} ssh_s={s:.3f}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
