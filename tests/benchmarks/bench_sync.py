"""Project sync benchmark: re-syncing a 5 000-file project after 1 % changed, against a full ``scp -r``.

Runs as root against a real OpenSSH sshd on loopback (the one the tests start). The tree is
project-like: a few folders deep, mostly small source files, some MB-sized data files. After a
first full sync, each run changes 1 % of the files (new content and mtime, half of them with the
same size so the hash path is exercised) and times:

- ours: plan (one exec lists the tree while the local walk runs, one ``sha256sum`` exec) + sending
  the changes (one tar stream, placed by one script), on an open connection (as the Sync dialog
  does; ``ours_cold_s`` adds a fresh connect + login);
- scp: ``scp -r`` of the whole tree into a fresh folder (OpenSSH, key login, default ciphers).

Median of 3; the last line is ``sync: ratio=… ours_s=… scp_s=…`` with ratio = scp ÷ ours.
Usage: ``python tests/benchmarks/bench_sync.py [--files 5000] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import os
import random
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
from gpudesk.core.sync import make_plan, run_plan  # noqa: E402
from tests.helpers.sshd import SshServer, start_sshd  # noqa: E402


def make_tree(root: Path, count: int, rng: random.Random) -> list[Path]:
    """``count`` files: ~0.5 % of 1–4 MiB data, the rest 200 B–24 KiB sources, 2–4 folders deep."""
    files: list[Path] = []
    big = max(1, count // 200)
    for i in range(count):
        depth = 2 + i % 3
        parts = [f"pkg{(i // 400) % 12}", f"mod{(i // 40) % 10}", f"sub{(i // 8) % 5}"][: depth - 1]
        folder = root.joinpath(*parts)
        folder.mkdir(parents=True, exist_ok=True)
        if i < big:
            path = folder / f"data{i}.bin"
            path.write_bytes(rng.randbytes(rng.randint(1, 4) * 1024 * 1024))
        else:
            path = folder / f"file{i}.py"
            path.write_bytes(rng.randbytes(rng.randint(100, 12 * 1024)).hex().encode()[: rng.randint(200, 24 * 1024)])
        files.append(path)
    return files


def change(files: list[Path], fraction: float, rng: random.Random, tick: int) -> list[Path]:
    picked = rng.sample(files, max(1, int(len(files) * fraction)))
    for n, path in enumerate(picked):
        data = path.read_bytes()
        # Half keep their size (only the hash can tell), half grow.
        new = bytes(reversed(data)) if n % 2 else data + f"# edit {tick}\n".encode()
        if new == data:
            new = data + b"\n"
        path.write_bytes(new)
        t = time.time() + tick
        os.utime(path, (t, t))
    return picked


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--changed", type=float, default=0.01)
    args = ap.parse_args()
    rng = random.Random(10)
    work = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-"))
    work.chmod(0o755)  # sshd reads authorized_keys in here as the test user
    server: SshServer = start_sshd(work / "sshd")
    src = work / "project"
    try:
        files = make_tree(src, args.files, rng)
        size_mb = sum(p.stat().st_size for p in files) / 1e6
        kh = work / "known_hosts"
        kh.write_text(server.known_hosts.read_text())

        def connect() -> Connection:
            return Connection(
                Target(server.host, server.port, server.username, timeout_s=30, keepalive_s=0),
                Credentials("key_file", identity_file=str(server.key_path)),
                HostKeyStore(kh, extra_files=[]),
            ).connect()

        conn = connect()
        remote = conn.exec("mktemp -d ~/bench-sync.XXXXXX").out.strip()
        dest = f"{remote}/project"
        t = time.perf_counter()
        first = run_plan(conn, make_plan(conn, src, dest))
        first_s = time.perf_counter() - t
        print(f"sync_first: files={len(first.sent)} size_MB={size_mb:.1f} ours_s={first_s:.3f}", flush=True)

        target = f"{server.username}@{server.host}"
        scp = ["scp", "-q", "-r", "-P", str(server.port), *server.ssh_args()]
        ours: list[float] = []
        cold: list[float] = []
        theirs: list[float] = []
        for run in range(args.runs):
            picked = change(files, args.changed, rng, tick=10 * (run + 1))
            t = time.perf_counter()
            plan = make_plan(conn, src, dest)
            result = run_plan(conn, plan)
            ours.append(time.perf_counter() - t)
            if sorted(result.sent) != sorted(p.relative_to(src).as_posix() for p in picked):
                raise SystemExit(f"sync sent {len(result.sent)} files, expected the {len(picked)} changed ones")
            # The same again from a cold start: connect, log in, plan, send.
            picked = change(files, args.changed, rng, tick=10 * (run + 1) + 5)
            t = time.perf_counter()
            fresh = connect()
            run_plan(fresh, make_plan(fresh, src, dest))
            cold.append(time.perf_counter() - t)
            fresh.close()
            out = f"{remote}/scp{run}"
            t = time.perf_counter()
            subprocess.run([*scp, str(src), f"{target}:{out}"], check=True)
            theirs.append(time.perf_counter() - t)
            conn.exec(f"rm -rf '{out}'")
        check = make_plan(conn, src, dest)
        if not check.empty:
            raise SystemExit("after the runs the remote copy still differs")
        conn.exec(f"rm -rf '{remote}'")
        conn.close()
        o, c, s = statistics.median(ours), statistics.median(cold), statistics.median(theirs)
        print(f"sync_cold: ours_cold_s={c:.3f} scp_s={s:.3f} ratio={s / c:.2f}", flush=True)
        print(f"sync: ratio={s / o:.2f} ours_s={o:.3f} scp_s={s:.3f}", flush=True)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
