"""A link that goes silent, then returns: gpudesk beside OpenSSH, through a 200 ms delay proxy.

A real sshd on loopback sits behind ``tests/helpers/delay_proxy.py``. Both clients are logged
in; then the proxy stalls (packets vanish, no reset: a Wi-Fi switch, a NAT timeout).

- ``wan_notice``: seconds until each side gives the connection up. Ours is the app's own
  controller (headless Qt) with the default settings (keepalive 15 s, deadline 30 s); OpenSSH is
  ``ssh -o ServerAliveInterval=15`` (ServerAliveCountMax 3, its default), both on the same stall.
- ``wan_reconnect``: once both noticed, the link returns; ``usable_s`` is the time from then to
  a shell command answered on the connection the app reconnected by itself (no click).
  The proxy holds bytes while stalled and forwards them on return, as TCP retransmits would; a
  real network may add its retransmission backoff on top.

The last line is ``reconnect: ratio=…`` = OpenSSH's noticing time ÷ ours (above 1: we notice sooner).
Usage: ``python tests/benchmarks/bench_reconnect.py [--quick]`` (``--quick``: keepalive 2 s, deadline
6 s, ``ServerAliveInterval=2``, to check the script in seconds). Needs root (it starts a real sshd).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_HOME = tempfile.mkdtemp(prefix="gpudesk-bench-home-")
os.environ["GPUDESK_HOME"] = _HOME  # the bench's settings never touch the user's

from gpudesk.core import settings  # noqa: E402
from gpudesk.core.sessions.model import Session  # noqa: E402
from gpudesk.core.ssh.hostkeys import HostKeyStore  # noqa: E402
from tests.helpers.delay_proxy import DelayProxy  # noqa: E402
from tests.helpers.sshd import start_sshd  # noqa: E402


def spin(app, until, timeout: float) -> float:
    """Run the Qt loop until ``until()``; returns the monotonic time it became true."""
    end = time.monotonic() + timeout
    while not until():
        if time.monotonic() > end:
            raise SystemExit("timed out")
        app.processEvents()
        time.sleep(0.01)
    return time.monotonic()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rtt", type=int, default=200)
    args = ap.parse_args()
    alive, dead = (2, 6) if args.quick else (15, 30)
    settings.set("ssh.keepalive_s", alive)
    settings.set("ssh.dead_after_s", dead)
    settings.set("terminal.persistent_tmux", False)

    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.qt import QtWidgets

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    work = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-"))
    work.chmod(0o755)
    server = start_sshd(work / "sshd")
    proxy = DelayProxy(server.host, server.port, delay_ms=args.rtt / 2)
    ssh = None
    controller = None
    try:
        known = work / "known_hosts"
        known.write_text(f"[127.0.0.1]:{proxy.port} {server.host_key_line}\n")
        session = Session(name="far", host=server.host, port=proxy.port, username=server.username, auth="key_file",
                          identity_file=str(server.key_path))  # fmt: skip
        controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
        controller.link.connect()
        spin(app, lambda: controller.state == "connected", 60)
        ssh = subprocess.Popen(
            ["ssh", "-i", str(server.key_path), "-o", f"UserKnownHostsFile={known}", "-o", "StrictHostKeyChecking=yes",
             "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", f"ServerAliveInterval={alive}",
             "-p", str(proxy.port), f"{server.username}@{server.host}", "echo ready; exec sleep 3600"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert ssh.stdout is not None
        if ssh.stdout.readline().strip() != "ready":
            raise SystemExit("ssh did not log in")

        stalled = time.monotonic()
        proxy.stall()
        ours_at = spin(app, lambda: controller.state != "connected", dead * 4)
        ours_s = ours_at - stalled
        ssh_at = spin(app, lambda: ssh.poll() is not None, alive * 8)
        ssh_s = ssh_at - stalled
        print(f"wan_notice: rtt_ms={args.rtt} ours_s={ours_s:.1f} ssh_s={ssh_s:.1f} deadline_s={dead} "
              f"ssh_ServerAliveInterval={alive}", flush=True)  # fmt: skip

        tries = controller.reconnect_attempt
        in_flight = controller.state == "connecting"
        back = time.monotonic()
        proxy.resume()
        spin(app, lambda: controller.state == "connected", 120)
        result = controller.connection.exec("echo usable")
        usable_s = time.monotonic() - back
        if result.out.strip() != "usable":
            raise SystemExit("the reconnected shell did not answer")
        print(f"wan_reconnect: rtt_ms={args.rtt} usable_s={usable_s:.1f} tries_before_return={tries} "
              f"try_in_flight={'yes' if in_flight else 'no'}", flush=True)  # fmt: skip
        print(f"reconnect: ratio={ssh_s / ours_s:.2f} ours_notice_s={ours_s:.1f} ssh_notice_s={ssh_s:.1f} usable_s={usable_s:.1f}")
    finally:
        if ssh is not None and ssh.poll() is None:
            ssh.kill()
            ssh.wait()
        if controller is not None:
            controller.close()
        proxy.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(_HOME, ignore_errors=True)


if __name__ == "__main__":
    main()
