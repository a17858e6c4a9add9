"""Far-link benchmark: gpudesk beside OpenSSH through a delay proxy (60 and 200 ms round trip).

A real OpenSSH sshd on loopback sits behind ``tests/helpers/delay_proxy.py`` (one-way delay
per chunk in each direction, a 25 MB/s = 200 Mbit/s cap shared by all connections). Per
round trip, in one run:

- ``wan_put``/``wan_get``: one file (64 MiB) up and down; ours through the transfer queue on an
  open connection, OpenSSH as one ``sftp -b`` command (login included, as bench_sftp.py times
  it; ``sftp_login_s`` is that login alone, measured apart). ratio = ours MB/s ÷ sftp MB/s.
- ``wan_sync``: a 2 000-file project (~41 MB, bench_sync.py's tree), first sync and re-sync after
  1 % changed; ours is plan + run on an open connection, OpenSSH is ``rsync -a -e ssh`` (one
  command, login included). ratio = rsync seconds ÷ ours. Without rsync this column is skipped.
- ``wan_notice``/``wan_reconnect`` (bench_reconnect.py, 200 ms): seconds until a silent link is given
  up (ours vs ``ssh -o ServerAliveInterval=15``; the notice ratio joins the mean) and from the link's
  return to a shell command answered on the connection the app reconnected by itself.

The proxy runs in its own process, so the measured client's threads do not delay it.
The last line is ``wan: ratio=…``, the geometric mean of all ratios (above 1: faster than OpenSSH).
Usage: ``python tests/benchmarks/bench_wan.py [--quick] [--rtt 60,200] [--size-mib 64] [--files 2000]
[--rate-mbps 25] [--channels N] [--no-reconnect]`` (``--channels 1`` gives the single-channel upload to compare).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gpudesk.core.ssh.connection import Connection, Credentials, Target  # noqa: E402
from gpudesk.core.ssh.hostkeys import HostKeyStore  # noqa: E402
from gpudesk.core.sync import make_plan, run_plan  # noqa: E402
from gpudesk.core.transfer import DONE, TransferQueue  # noqa: E402
from tests.benchmarks.bench_sync import change, make_tree  # noqa: E402
from tests.helpers.sshd import SshServer, start_sshd  # noqa: E402


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


class Far:
    """One far link: the proxy, our connection through it, and OpenSSH's command lines."""

    def __init__(self, server: SshServer, work: Path, rtt_ms: int, rate: float, channels: int | None) -> None:
        self.server = server
        # In its own process: the threads of the measured client would otherwise delay the proxy's.
        self.proxy = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.delay_proxy", server.host, str(server.port), str(rtt_ms / 2), str(rate or 0)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2], text=True,
        )  # fmt: skip
        self.port = int(self.proxy.stdout.readline())
        kh = work / f"known_hosts_{rtt_ms}"
        kh.write_text(f"[127.0.0.1]:{self.port} {server.host_key_line}\n")
        self.conn = Connection(
            Target(server.host, self.port, server.username, timeout_s=30, keepalive_s=0),
            Credentials("key_file", identity_file=str(server.key_path)),
            HostKeyStore(kh, extra_files=[]),
        ).connect()
        self.queue = TransferQueue(self.conn, policy="overwrite", upload_channels=channels)
        ssh_opts = ["-i", str(server.key_path), "-o", f"UserKnownHostsFile={kh}", "-o", "StrictHostKeyChecking=yes",
                    "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"]  # fmt: skip
        self.target = f"{server.username}@{server.host}"
        self.sftp = ["sftp", "-q", "-P", str(self.port), *ssh_opts, "-b", "-", self.target]
        self.rsh = " ".join(["ssh", "-p", str(self.port), *ssh_opts])

    def run_ours(self, kind: str, src: str, dest: str) -> None:
        q = self.queue
        item = q.add_upload(src, dest) if kind == "put" else q.add_download(src, dest)
        q.wait_idle()
        if item.state != DONE:
            raise SystemExit(f"our {kind} failed: {item.error}")

    def sftp_batch(self, batch: str) -> None:
        subprocess.run(self.sftp, input=batch.encode(), check=True, stdout=subprocess.DEVNULL)

    def close(self) -> None:
        self.queue.close()
        self.conn.close()
        self.proxy.stdin.close()
        self.proxy.wait(10)


def bench_file(far: Far, rtt: int, big: Path, remote: str, local: Path, ratios: dict[str, float]) -> None:
    size = big.stat().st_size
    login = timed(lambda: far.sftp_batch("pwd\n"))
    far.conn.exec(f"rm -f '{remote}/big.bin'")
    ssh_put = size / timed(lambda: far.sftp_batch(f"put {big} {remote}/big.bin\n")) / 1e6
    far.conn.exec(f"rm -f '{remote}/big.bin'")
    ours_put = size / timed(lambda: far.run_ours("put", str(big), remote)) / 1e6
    for d in ("g1", "g2"):
        shutil.rmtree(local / d, ignore_errors=True)
        (local / d).mkdir()
    ssh_get = size / timed(lambda: far.sftp_batch(f"get {remote}/big.bin {local}/g1/big.bin\n")) / 1e6
    ours_get = size / timed(lambda: far.run_ours("get", f"{remote}/big.bin", str(local / "g2"))) / 1e6
    if subprocess.run(["cmp", "-s", str(big), str(local / "g2" / "big.bin")]).returncode != 0:
        raise SystemExit("our download differs from the source")
    want = subprocess.run(["sha256sum", str(big)], capture_output=True, text=True).stdout.split()[0]
    if far.conn.exec(f"sha256sum < '{remote}/big.bin'").out.split()[0] != want:
        raise SystemExit("our upload differs from the source")
    for op, ours, theirs in (("put", ours_put, ssh_put), ("get", ours_get, ssh_get)):
        ratios[f"wan_{op}_{rtt}"] = ours / theirs
        print(f"wan_{op}: rtt_ms={rtt} ratio={ours / theirs:.2f} ours_MBps={ours:.1f} sftp_MBps={theirs:.1f} "
              f"sftp_login_s={login:.2f}", flush=True)  # fmt: skip
    far.conn.exec(f"rm -f '{remote}/big.bin'")
    shutil.rmtree(local / "g1")
    shutil.rmtree(local / "g2")


def bench_sync(far: Far, rtt: int, files: list[Path], src: Path, remote: str, rng: random.Random,
               ratios: dict[str, float]) -> None:  # fmt: skip
    rsync = shutil.which("rsync")
    have_rsync = rsync is not None and far.conn.exec("command -v rsync").out.strip() != ""
    ours_dest, theirs_dest = f"{remote}/sync_ours_{rtt}", f"{remote}/sync_rsync_{rtt}"
    rsync_cmd = [rsync or "rsync", "-a", "-e", far.rsh, f"{src}/", f"{far.target}:{theirs_dest}/"]

    def ours() -> None:
        plan = make_plan(far.conn, src, ours_dest)
        run_plan(far.conn, plan)

    for phase in ("first", "changed"):
        if phase == "changed":
            change(files, 0.01, rng, tick=10 + rtt)
        ours_s = timed(ours)
        if have_rsync:
            theirs_s = timed(lambda: subprocess.run(rsync_cmd, check=True, stdout=subprocess.DEVNULL))
            ratios[f"wan_sync_{phase}_{rtt}"] = theirs_s / ours_s
            print(f"wan_sync: rtt_ms={rtt} phase={phase} ratio={theirs_s / ours_s:.2f} ours_s={ours_s:.2f} "
                  f"rsync_s={theirs_s:.2f}", flush=True)  # fmt: skip
        else:
            print(f"wan_sync: rtt_ms={rtt} phase={phase} ours_s={ours_s:.2f} rsync_s=skipped (rsync is not installed)",
                  flush=True)  # fmt: skip
    if not make_plan(far.conn, src, ours_dest).empty:
        raise SystemExit("after our sync the remote copy still differs")
    far.conn.exec(f"rm -rf '{ours_dest}' '{theirs_dest}'")


def bench_reconnect(quick: bool, ratios: dict[str, float]) -> None:
    """wan_notice and wan_reconnect from bench_reconnect.py (its own process: it runs the app's Qt controller)."""
    script = Path(__file__).with_name("bench_reconnect.py")
    out = subprocess.run([sys.executable, str(script), *(["--quick"] if quick else [])], capture_output=True, text=True,
                         timeout=600)  # fmt: skip
    for line in out.stdout.splitlines():
        if line.startswith(("wan_notice", "wan_reconnect")):
            print(line, flush=True)
        elif line.startswith("reconnect: ratio="):
            ratios["reconnect_notice"] = float(line.split()[1].split("=")[1])
    if out.returncode != 0:
        print(f"wan_reconnect: failed ({out.stderr.strip().splitlines()[-1:] or out.returncode})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="200 ms only, 32 MiB, 500 files")
    ap.add_argument("--rtt", default="60,200", help="round trips in ms, comma-separated")
    ap.add_argument("--size-mib", type=int, default=64)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--rate-mbps", type=float, default=25.0, help="link cap in MB/s per direction (0: none)")
    ap.add_argument("--channels", type=int, default=None, help="SFTP channels per big upload (default: by round trip)")
    ap.add_argument("--no-sync", action="store_true")
    ap.add_argument("--no-reconnect", action="store_true", help="skip wan_notice / wan_reconnect (bench_reconnect.py)")
    args = ap.parse_args()
    if args.quick:
        args.rtt, args.size_mib, args.files = "200", 32, 500
    rtts = [int(x) for x in args.rtt.split(",") if x.strip()]
    rate = args.rate_mbps * 1e6 or None
    work = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-"))
    work.chmod(0o755)  # sshd reads authorized_keys in here as the test user
    server: SshServer = start_sshd(work / "sshd")
    local = work / "local"
    local.mkdir()
    ratios: dict[str, float] = {}
    started = time.perf_counter()
    try:
        big = local / "big.bin"
        with open(big, "wb") as fh:
            for _ in range(args.size_mib):
                fh.write(os.urandom(1 << 20))
        rng = random.Random(18)
        src = work / "project"
        files = [] if args.no_sync else make_tree(src, args.files, rng)
        if files:
            size_mb = sum(p.stat().st_size for p in files) / 1e6
            print(f"wan_tree: files={len(files)} size_MB={size_mb:.1f} rsync={'yes' if shutil.which('rsync') else 'no'}",
                  flush=True)  # fmt: skip
        for rtt in rtts:
            far = Far(server, work, rtt, rate, args.channels)
            try:
                remote = far.conn.exec("mktemp -d ~/bench-wan.XXXXXX").out.strip()
                bench_file(far, rtt, big, remote, local, ratios)
                if files:
                    bench_sync(far, rtt, files, src, remote, rng, ratios)
                far.conn.exec(f"rm -rf '{remote}'")
            finally:
                far.close()
        if not args.no_reconnect:
            bench_reconnect(args.quick, ratios)
        mean = math.exp(sum(math.log(r) for r in ratios.values()) / len(ratios))
        print(f"wan: ratio={mean:.2f} measures={len(ratios)} total_s={time.perf_counter() - started:.0f}")
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
