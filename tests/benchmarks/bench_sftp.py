"""SFTP benchmark: gpudesk's transfer engine against OpenSSH ``sftp -b`` and ``scp -r``.

Runs as root against a real OpenSSH sshd on loopback (the same one the tests start), in one
run, median of 3:

- one 512 MiB file, upload and download: ``sftp_put``/``sftp_get`` ratio = ours MB/s ÷ OpenSSH sftp MB/s;
- 2 000 files of 4 KiB in nested folders, upload and download: ``small_files_put``/``small_files_get``
  ratio = ``scp -r`` seconds ÷ ours.

Ours goes through the whole queue (partial names, rename, size check), not a bare copy loop.
Usage: ``python tests/benchmarks/bench_sftp.py [--size-mib 512] [--files 2000] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gpudesk.core.ssh.connection import Connection, Credentials, Target  # noqa: E402
from gpudesk.core.ssh.hostkeys import HostKeyStore  # noqa: E402
from gpudesk.core.transfer import DONE, TransferQueue  # noqa: E402
from tests.helpers.sshd import SshServer, start_sshd  # noqa: E402


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def run_ours(queue: TransferQueue, kind: str, src: str, dest: str) -> None:
    item = queue.add_upload(src, dest) if kind == "put" else queue.add_download(src, dest)
    queue.wait_idle()
    if item.state != DONE:
        raise SystemExit(f"our {kind} failed: {item.error}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mib", type=int, default=512)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-"))
    work.chmod(0o755)  # sshd reads authorized_keys in here as the test user
    server: SshServer = start_sshd(work / "sshd")
    local = work / "local"
    local.mkdir()
    try:
        kh = work / "known_hosts"
        kh.write_text(server.known_hosts.read_text())
        conn = Connection(
            Target(server.host, server.port, server.username, timeout_s=30, keepalive_s=0),
            Credentials("key_file", identity_file=str(server.key_path)),
            HostKeyStore(kh, extra_files=[]),
        ).connect()
        queue = TransferQueue(conn, policy="overwrite")
        remote = conn.exec("mktemp -d ~/bench.XXXXXX").out.strip()
        target = f"{server.username}@{server.host}"
        ssh = server.ssh_args()
        sftp = ["sftp", "-q", "-P", str(server.port), *ssh, "-b", "-", target]
        scp = ["scp", "-q", "-r", "-P", str(server.port), *ssh]

        def rm_remote(path: str) -> None:
            conn.exec(f"rm -rf '{path}'")

        # -- one big file ------------------------------------------------------
        big = local / "big.bin"
        with open(big, "wb") as fh:
            for _ in range(args.size_mib):
                fh.write(os.urandom(1 << 20))
        size = big.stat().st_size
        figures: dict[str, list[float]] = {k: [] for k in ("ours_put", "ssh_put", "ours_get", "ssh_get")}
        for _ in range(args.runs):
            rm_remote(f"{remote}/big.bin")
            figures["ssh_put"].append(size / timed(lambda: subprocess.run(sftp, input=f"put {big} {remote}/big.bin\n".encode(), check=True, stdout=subprocess.DEVNULL)) / 1e6)
            rm_remote(f"{remote}/big.bin")
            figures["ours_put"].append(size / timed(lambda: run_ours(queue, "put", str(big), remote)) / 1e6)
            for d in ("g1", "g2"):
                shutil.rmtree(local / d, ignore_errors=True)
                (local / d).mkdir()
            figures["ssh_get"].append(size / timed(lambda: subprocess.run(sftp, input=f"get {remote}/big.bin {local}/g1/big.bin\n".encode(), check=True, stdout=subprocess.DEVNULL)) / 1e6)
            figures["ours_get"].append(size / timed(lambda: run_ours(queue, "get", f"{remote}/big.bin", str(local / "g2"))) / 1e6)
        if subprocess.run(["cmp", "-s", str(big), str(local / "g2" / "big.bin")]).returncode != 0:
            raise SystemExit("our download differs from the source")
        big.unlink()
        shutil.rmtree(local / "g1")
        shutil.rmtree(local / "g2")
        rm_remote(f"{remote}/big.bin")
        ratios = {}
        for op in ("put", "get"):
            ours, theirs = statistics.median(figures[f"ours_{op}"]), statistics.median(figures[f"ssh_{op}"])
            ratios[f"sftp_{op}"] = ours / theirs
            print(f"sftp_{op}: ratio={ours / theirs:.2f} ours_MBps={ours:.0f} openssh_MBps={theirs:.0f}", flush=True)

        # -- many small files --------------------------------------------------
        tree = local / "tree"
        for i in range(args.files):
            sub = tree / f"d{i % 20:02d}" / f"s{(i // 20) % 10}"
            sub.mkdir(parents=True, exist_ok=True)
            (sub / f"f{i:04d}.bin").write_bytes(os.urandom(4096))
        times: dict[str, list[float]] = {k: [] for k in ("ours_put", "scp_put", "ours_get", "scp_get")}
        conn.exec(f"mkdir -p {remote}/src")
        for i in range(args.runs):
            conn.exec(f"rm -rf {remote}/p1 {remote}/p2 && mkdir {remote}/p1 {remote}/p2")
            times["scp_put"].append(timed(lambda: subprocess.run([*scp, str(tree), f"{target}:{remote}/p1/"], check=True)))
            times["ours_put"].append(timed(lambda: run_ours(queue, "put", str(tree), f"{remote}/p2")))
            if i == 0:
                conn.exec(f"cp -r {remote}/p2/tree {remote}/src/")
            for d in ("q1", "q2"):
                shutil.rmtree(local / d, ignore_errors=True)
                (local / d).mkdir()
            times["scp_get"].append(timed(lambda: subprocess.run([*scp, f"{target}:{remote}/src/tree", str(local / "q1")], check=True)))
            times["ours_get"].append(timed(lambda: run_ours(queue, "get", f"{remote}/src/tree", str(local / "q2"))))
        count = sum(1 for p in (local / "q2" / "tree").rglob("*") if p.is_file())
        if count != args.files:
            raise SystemExit(f"our download has {count} files, expected {args.files}")
        for op in ("put", "get"):
            ours, theirs = statistics.median(times[f"ours_{op}"]), statistics.median(times[f"scp_{op}"])
            ratios[f"small_files_{op}"] = theirs / ours
            print(f"small_files_{op}: ratio={theirs / ours:.2f} ours_s={ours:.3f} scp_s={theirs:.3f}", flush=True)
        queue.close()
        rm_remote(remote)
        conn.close()
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak_rss: MB={rss_mb:.0f}")
        print(f"sftp: ratio={min(ratios.values()):.2f} peak_rss_MB={rss_mb:.0f}")
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
