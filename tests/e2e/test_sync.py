"""Project sync against the real sshd: plans, real runs, excludes, .gitignore, download, CLI."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import threading
from pathlib import Path

import pytest

from gpudesk.core.sync import SyncPair, SyncPairStore, make_plan, run_plan
from gpudesk.core.transfer.names import PART_SUFFIX
from tests.helpers.cli import gpudesk, on_sshd

pytestmark = pytest.mark.e2e

T0 = 1_700_000_000  # a fixed past mtime, so "changed" never depends on the clock


def write(path: Path, data: bytes, mtime: int = T0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))
    return path


def make_project(root: Path) -> Path:
    for i in range(30):
        write(root / f"pkg{i % 3}" / f"mod{i}.py", f"# module {i}\n".encode() * (i + 1))
    write(root / "README.md", b"readme\n")
    write(root / "data" / "weights.bin", os.urandom(2 * 1024 * 1024 + 5))
    write(root / ".git" / "HEAD", b"ref: refs/heads/main\n")
    write(root / "pkg0" / "__pycache__" / "mod0.cpython-311.pyc", b"\0pyc")
    write(root / ".venv" / "bin" / "python", b"#!")
    write(root / "node_modules" / "x" / "index.js", b"js")
    write(root / "run" / "epoch1.ckpt", b"ckpt")
    return root


def files_under(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def synced(root: Path) -> dict[str, bytes]:
    """What a sync with the default excludes should carry."""
    skip = (".git/", ".venv/", "node_modules/", "pkg0/__pycache__/")
    return {k: v for k, v in files_under(root).items() if not k.startswith(skip) and not k.endswith(".ckpt")}


def test_first_sync_then_only_the_changes(connect, remote_dir: str, tmp_path: Path) -> None:
    src = make_project(tmp_path / "proj")
    dest = remote_dir + "/proj"  # not there yet: the first sync creates it
    conn = connect()
    first = make_plan(conn, src, dest)
    assert not first.target_exists and first.changed == [] and first.deleted == []
    assert sorted(first.new) == sorted(synced(src))
    result = run_plan(conn, first)
    assert sorted(result.sent) == sorted(synced(src))
    assert files_under(Path(dest)) == synced(src)  # the test sshd runs on this machine
    assert os.stat(Path(dest) / "README.md").st_mtime == T0

    # Nothing changed: nothing to do.
    again = make_plan(conn, src, dest)
    assert again.empty and again.unchanged == len(synced(src))

    # Change one file (same size, new mtime, other content), add one, delete one.
    write(src / "pkg1" / "mod1.py", b"# MODULE 1\n" * 2, mtime=T0 + 50)
    write(src / "pkg2" / "new.py", b"print('new')\n")
    (src / "README.md").unlink()
    # Same content, another mtime: hashed, found equal, not sent.
    write(src / "pkg0" / "mod3.py", (src / "pkg0" / "mod3.py").read_bytes(), mtime=T0 + 99)
    plan = make_plan(conn, src, dest)
    assert (plan.new, plan.changed, plan.deleted) == (["pkg2/new.py"], ["pkg1/mod1.py"], ["README.md"])
    assert plan.hashed == 2 and plan.touch == ["pkg0/mod3.py"]
    result = run_plan(conn, plan)
    assert sorted(result.sent) == ["pkg1/mod1.py", "pkg2/new.py"] and result.deleted == []
    assert result.bytes == len(b"# MODULE 1\n" * 2) + len(b"print('new')\n")
    remote = files_under(Path(dest))
    assert remote["pkg1/mod1.py"] == b"# MODULE 1\n" * 2 and remote["pkg2/new.py"] == b"print('new')\n"
    assert remote["README.md"] == b"readme\n"  # never deleted without being asked
    assert os.stat(Path(dest) / "pkg0" / "mod3.py").st_mtime == T0 + 99  # mtime fixed, so no hash next time
    assert not any(PART_SUFFIX in k for k in remote)

    after = make_plan(conn, src, dest)
    assert after.empty and after.hashed == 0 and after.deleted == ["README.md"]
    gone = make_plan(conn, src, dest, delete=True)
    result = run_plan(conn, gone)
    assert result.deleted == ["README.md"] and result.sent == []
    assert files_under(Path(dest)) == synced(src)


def test_gitignore_and_user_excludes(connect, remote_dir: str, tmp_path: Path) -> None:
    src = make_project(tmp_path / "proj")
    write(src / ".gitignore", b"# build output\nbuild/\n*.log\n!keep.log\n/top.tmp\n")
    write(src / "build" / "lib" / "a.so", b"so")
    write(src / "logs" / "train.log", b"log")
    write(src / "logs" / "keep.log", b"keep")
    write(src / "top.tmp", b"top")
    write(src / "sub" / "top.tmp", b"sub-level: not anchored")
    write(src / "scratch" / "big.npy", b"npy")
    conn = connect()
    plan = make_plan(conn, src, remote_dir, excludes=["scratch/", "pkg2/*.py"])
    run_plan(conn, plan)
    got = set(files_under(Path(remote_dir)))
    assert {".gitignore", "logs/keep.log", "sub/top.tmp", "README.md", "pkg0/mod0.py"} <= got
    for left_out in ("build/lib/a.so", "logs/train.log", "top.tmp", "scratch/big.npy", "pkg2/mod2.py",
                     ".git/HEAD", ".venv/bin/python", "node_modules/x/index.js", "run/epoch1.ckpt",
                     "pkg0/__pycache__/mod0.cpython-311.pyc"):  # fmt: skip
        assert left_out not in got, left_out
    # Excluded files at the target are never deleted, even with --delete.
    write(Path(remote_dir) / "scratch" / "remote-only.npy", b"r")
    os.chown(Path(remote_dir) / "scratch", os.stat(remote_dir).st_uid, os.stat(remote_dir).st_gid)
    plan = make_plan(conn, src, remote_dir, excludes=["scratch/", "pkg2/*.py"], delete=True)
    assert plan.deleted == [] and plan.empty


def test_many_small_new_files_take_the_tar_path_and_download_brings_results(
    connect, remote_dir: str, tmp_path: Path
) -> None:
    src = tmp_path / "proj"
    for i in range(200):
        write(src / f"d{i % 5}" / f"f{i}.txt", f"{i}\n".encode() * 50)
    conn = connect()
    plan = make_plan(conn, src, remote_dir)
    result = run_plan(conn, plan)
    assert len(result.sent) == 200 and result.streamed == 200
    assert files_under(Path(remote_dir)) == files_under(src)
    assert os.stat(Path(remote_dir) / "d0" / "f0.txt").st_mtime == T0

    # The job writes results on the server; download brings only those back.
    conn.exec(f"cd {shlex.quote(remote_dir)} && mkdir -p out && seq 1 1000 > out/metrics.csv && echo x >> d1/f1.txt")
    write(src / "local-only.txt", b"mine")
    down = make_plan(conn, src, remote_dir, direction="download")
    assert (down.new, down.changed, down.deleted) == (["out/metrics.csv"], ["d1/f1.txt"], ["local-only.txt"])
    result = run_plan(conn, down)
    assert sorted(result.sent) == ["d1/f1.txt", "out/metrics.csv"] and result.streamed == 2  # changed ones, too
    assert (src / "out" / "metrics.csv").read_text().splitlines()[-1] == "1000"
    assert (src / "d1" / "f1.txt").read_bytes().endswith(b"x\n")
    assert (src / "local-only.txt").exists()
    assert make_plan(conn, src, remote_dir, direction="download").empty


def test_a_cut_sync_resumes_from_the_partial_copy(connect, proxy, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "proj"
    write(src / "small.txt", b"s")
    write(src / "model.bin", os.urandom(48 * 1024 * 1024))
    stalled = threading.Event()

    def on_progress(p) -> None:  # type: ignore[no-untyped-def]
        # Freeze the wire once some of the big file is through, so the cut lands mid-file.
        if p.done > 4 * 1024 * 1024 and not stalled.is_set():
            stalled.set()
            proxy.stall()

    via_proxy = connect(port=proxy.port)
    plan = make_plan(via_proxy, src, remote_dir)
    failed: list[BaseException] = []

    def go() -> None:
        try:
            run_plan(via_proxy, plan, on_progress=on_progress, progress_interval=0)
        except BaseException as exc:  # noqa: BLE001 - the test looks at it
            failed.append(exc)

    worker = threading.Thread(target=go)
    worker.start()
    assert stalled.wait(60)
    proxy.cut()
    proxy.resume()
    worker.join(60)
    assert not worker.is_alive() and failed, "the cut must end the run with an error"
    part = Path(remote_dir) / ("model.bin" + PART_SUFFIX)
    assert part.exists() and 0 < part.stat().st_size < 48 * 1024 * 1024
    assert not (Path(remote_dir) / "model.bin").exists()
    conn = connect()
    again = make_plan(conn, src, remote_dir)  # the partial copy is neither listed nor deleted
    assert "model.bin" in again.new and not any(PART_SUFFIX in r for r in again.deleted)
    result = run_plan(conn, again)
    assert result.resumed == [remote_dir + "/model.bin"]  # continued, then checked by SHA-256
    assert files_under(Path(remote_dir)) == files_under(src)


def test_pairs_are_saved_per_session(tmp_path: Path) -> None:
    store = SyncPairStore()
    store.save("s1", SyncPair(str(tmp_path / "a"), "/srv/a", excludes=["*.npy"]))
    store.save("s1", SyncPair(str(tmp_path / "b"), "/srv/b", direction="download"))
    store.save("s1", SyncPair(str(tmp_path / "a"), "/srv/a", excludes=["*.pt"], delete=True))
    store.save("s2", SyncPair(str(tmp_path / "c"), "/srv/c"))
    again = SyncPairStore()
    assert [(p.remote, p.excludes, p.delete) for p in again.pairs("s1")] == [
        ("/srv/a", ["*.pt"], True),
        ("/srv/b", [], False),
    ]
    assert again.pairs("s1")[1].direction == "download" and [p.remote for p in again.pairs("s2")] == ["/srv/c"]
    assert again.pairs("nobody") == []


def cli(sshd, *args: str) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return gpudesk("sync", *on_sshd(sshd), *args)


def test_cli_dry_run_then_sync(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    src = make_project(tmp_path / "proj")
    rel = "~/" + Path(remote_dir).name + "/proj"
    dry = cli(sshd, str(src), rel, "--dry-run", "--json", "--exclude", "data/")
    assert dry.returncode == 0, dry.stderr
    plan = json.loads(dry.stdout)["plan"]
    assert sorted(plan["new"]) == sorted(k for k in synced(src) if not k.startswith("data/"))
    assert not Path(remote_dir, "proj").exists()  # a dry run changes nothing
    done = cli(sshd, str(src), rel, "--exclude", "data/")
    assert done.returncode == 0, done.stderr
    assert "0 changed" in done.stdout and not Path(remote_dir, "proj", "data").exists()
    write(src / "pkg0" / "mod0.py", b"changed!")
    text = cli(sshd, str(src), rel, "--exclude", "data/", "--dry-run")
    assert text.returncode == 0 and "M pkg0/mod0.py" in text.stdout.splitlines()
    missing = cli(sshd, str(tmp_path / "nope"), rel)
    assert missing.returncode == 2 and "not a folder" in missing.stderr
    down = cli(sshd, str(tmp_path / "results"), "~/" + Path(remote_dir).name + "/absent", "--download")
    assert down.returncode == 4 and "does not exist" in down.stderr
