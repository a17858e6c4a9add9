"""Sync and downloads against the real sshd with names, links and patterns a server chose.

Every test here does the damage the way a hostile or merely unusual server would: names that
change on the way down, two names for one local file, a `.gitignore` made to hang the client,
links, and a server whose `find` lies about the tree.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sync import make_plan, run_plan
from gpudesk.core.transfer import DONE, TransferQueue
from tests.helpers.cli import gpudesk, on_sshd

pytestmark = pytest.mark.e2e

T0 = 1_700_000_000


def cli(sshd, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return gpudesk("sync", *on_sshd(sshd), *args, timeout=timeout)


def files_under(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# -- item 1: downloads compare in local-name space -------------------------------------------


def test_download_delete_of_a_renamed_file_does_not_flip_flop(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    r = conn.exec(f"cd {rq} && printf weights > 'ckpt_10:00.pt' && mkdir 'ep:1' && printf log > 'ep:1/log.txt' "
                  f"&& printf ok > ok.txt && touch -d @{T0} 'ckpt_10:00.pt' 'ep:1/log.txt' ok.txt")  # fmt: skip
    assert r.exit_code == 0, r.err
    local = tmp_path / "results"
    rel = "~/" + Path(remote_dir).name
    first = cli(sshd, str(local), rel, "--download", "--delete", "--json")
    assert first.returncode == 0, first.stderr
    assert (local / "ckpt_10_00.pt").read_bytes() == b"weights"
    second = cli(sshd, str(local), rel, "--download", "--delete", "--json")
    assert second.returncode == 0, second.stderr
    done = json.loads(second.stdout)
    assert done["plan"]["new"] == [] and done["plan"]["deleted"] == [] and done["plan"]["changed"] == []
    assert done["result"]["sent"] == [] and done["result"]["deleted"] == []
    # Still here after the second run (the old compare fetched it and deleted it again).
    assert files_under(local) == {"ckpt_10_00.pt": b"weights", "ep_1/log.txt": b"log", "ok.txt": b"ok"}
    assert make_plan(conn, local, remote_dir, "download", delete=True).empty


def test_two_remote_names_for_one_local_name_are_reported_not_overwritten(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && printf colon > 'a:b.txt' && printf underscore > 'a_b.txt' && printf x > other.txt")
    local = tmp_path / "results"
    local.mkdir()
    (local / "a_b.txt").write_bytes(b"mine")
    plan = make_plan(conn, local, remote_dir, "download", delete=True)
    assert plan.conflicts == {"a_b.txt": ["a:b.txt", "a_b.txt"]}
    assert plan.new == ["other.txt"] and plan.deleted == []
    assert any("a:b.txt" in w for w in plan.warnings)
    run_plan(conn, plan)
    assert (local / "a_b.txt").read_bytes() == b"mine"  # neither server file silently won
    assert (local / "other.txt").read_bytes() == b"x"


# -- item 2: patterns from the server and from the command line -------------------------------


def test_a_hostile_server_gitignore_neither_hangs_nor_breaks_the_sync(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    deep = "/".join(["x"] * 40)
    gitignore = "**/**/**/**/**/**/**/**/**/**/**/**/a\n*a*a*a*a*a*a*a*a*a*b\nbroken[\n*.tmp\n"
    r = conn.exec(f"cd {rq} && mkdir -p {deep} && printf 1 > {deep}/file && printf 2 > {'a' * 80} "
                  f"&& printf 3 > {'a' * 60}b && printf 4 > junk.tmp && cat > .gitignore", stdin=gitignore.encode())  # fmt: skip
    assert r.exit_code == 0, r.err
    local = tmp_path / "results"
    # The timeout only guards against a hang: on the old matcher this takes hours.
    done = cli(sshd, str(local), "~/" + Path(remote_dir).name, "--download", "--json", timeout=100)
    assert done.returncode == 0, done.stderr
    got = set(files_under(local))
    assert {f"{deep}/file", "a" * 80, ".gitignore"} <= got
    assert "a" * 60 + "b" not in got and "junk.tmp" not in got
    assert "line 3" in done.stderr and "broken[" in done.stderr and "Traceback" not in done.stderr


def test_an_invalid_exclude_is_a_usage_error(sshd, tmp_path: Path) -> None:
    src = tmp_path / "proj"
    src.mkdir()
    done = cli(sshd, str(src), "~/nowhere", "--exclude", "data/[ab")
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "data/[ab" in done.stderr and "Traceback" not in done.stderr


# -- item 3: names, links and listings that would lead outside ---------------------------------


def test_links_here_are_never_written_through(connect, remote_dir: str, tmp_path: Path) -> None:
    """The local scan does not enter links, so to the plan a link looks like a new name."""
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && mkdir out && printf metrics > out/metrics.csv && printf server > victim.txt "
              "&& for i in $(seq 1 12); do printf $i > f$i.txt; done")  # fmt: skip
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"precious")
    local = tmp_path / "results"
    local.mkdir()
    (local / "out").symlink_to(elsewhere)
    (local / "victim.txt").symlink_to(precious)
    plan = make_plan(conn, local, remote_dir, "download")
    result = run_plan(conn, plan)  # many small new files: the tar fast path is taken
    assert precious.read_bytes() == b"precious"
    assert list(elsewhere.iterdir()) == []
    # As rsync does: the link at the file's own name is replaced by the file.
    assert not (local / "victim.txt").is_symlink() and (local / "victim.txt").read_bytes() == b"server"
    assert (local / "out").is_symlink() and any("out" in w and "link" in w for w in result.warnings)
    assert (local / "f12.txt").read_bytes() == b"12"


def test_server_links_are_not_followed_or_copied(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    outside = conn.exec("mktemp -d ~/outside.XXXXXX").out.strip()
    try:
        conn.exec(f"printf secret > {shlex.quote(outside)}/secret.txt && cd {rq} && printf ok > ok.txt "
                  f"&& ln -s {shlex.quote(outside)}/secret.txt leak.txt && ln -s {shlex.quote(outside)} leakdir "
                  "&& ln -s ok.txt inside.txt")  # fmt: skip
        local = tmp_path / "results"
        plan = make_plan(conn, local, remote_dir, "download")
        run_plan(conn, plan)
        assert files_under(local) == {"ok.txt": b"ok"}
        assert not any(p.is_symlink() for p in local.rglob("*"))
        assert any("3 link(s)" in w for w in plan.warnings)
    finally:
        conn.exec(f"rm -rf {shlex.quote(outside)}")


LYING_FIND = r"""#!/bin/sh
# A server whose find lists entries no real tree can hold, after the real ones.
/usr/bin/find "$@"
case "$*" in
*%m*) printf 'd/4096/1700000000.0/755/..\000d/4096/1700000000.0/755/../..\000f/5/1700000000.0/644/../../evil.txt\000f/5/1700000000.0/644//tmp/abs-evil.txt\000f/5/1700000000.0/644/./dot.txt\000' ;;
*-printf*) printf 'd/4096/1700000000.0/..\000d/4096/1700000000.0/../..\000f/5/1700000000.0/../../evil.txt\000f/5/1700000000.0//tmp/abs-evil.txt\000f/5/1700000000.0/./dot.txt\000' ;;
esac
"""


def test_a_lying_listing_never_leads_a_write_outside(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"mkdir -p {rq}/tree && printf ok > {rq}/tree/ok.txt")
    fake = sshd.install_bin("find", LYING_FIND)
    try:
        before = set(tmp_path.rglob("*"))
        local = tmp_path / "synced"
        plan = make_plan(conn, local, remote_dir + "/tree", "download")
        run_plan(conn, plan)
        assert files_under(local) == {"ok.txt": b"ok"}
        assert sum("no folder can hold" in w for w in plan.warnings) == 5
        dest = tmp_path / "dest"
        dest.mkdir()
        q = TransferQueue(conn)
        try:
            item = q.add_download(f"{remote_dir}/tree", dest)
            assert q.wait_idle(60)
        finally:
            q.close()
        assert item.state == DONE, item.error
        assert files_under(dest) == {"tree/ok.txt": b"ok"}
        assert sum("no folder can hold" in str(w) for w in item.warnings) == 5
        new = set(tmp_path.rglob("*")) - before
        assert all(str(p).startswith((str(local), str(dest))) for p in new), new
        assert not Path("/tmp/abs-evil.txt").exists()
    finally:
        fake.unlink()


def test_device_and_overlong_names_arrive_under_safe_names(connect, remote_dir: str, tmp_path: Path) -> None:
    """The transfer queue (also what a drag out of the app downloads with) uses the full rule."""
    conn = connect()
    rq = shlex.quote(remote_dir)
    long_a, long_b = "w" * 240 + "-a.safetensors", "w" * 240 + "-b.safetensors"
    names = ["COM\u00b9", "lpt\u00b3.txt", "CONIN$", "conout$.log", "CON .txt", "nul.tar.gz", "COM0", long_a, long_b]
    script = " && ".join(f"printf {i} > {shlex.quote(n)}" for i, n in enumerate(names))
    r = conn.exec(f"mkdir {rq}/dev && cd {rq}/dev && {script}")
    assert r.exit_code == 0, r.err
    dest = tmp_path / "dest"
    dest.mkdir()
    q = TransferQueue(conn)
    try:
        items = [q.add_download(f"{remote_dir}/dev", dest), q.add_download(f"{remote_dir}/dev/CONIN$", dest)]
        assert q.wait_idle(60)
    finally:
        q.close()
    assert all(i.state == DONE for i in items), [i.error for i in items]
    got = {p.name: p.read_text() for p in (dest / "dev").iterdir()}
    assert len(got) == len(names) and sorted(got.values()) == sorted(str(i) for i in range(len(names)))
    for name in got:
        stem = name.split(".", 1)[0].rstrip(" ").upper()
        assert not stem.startswith(("COM", "LPT", "CON", "NUL")) or stem.startswith("_"), name
        assert len(name.encode()) <= 255
    assert {n for n in got if n.endswith(".safetensors")} and (dest / "_CONIN$").read_text() == "2"
    assert os.path.realpath(dest / "dev") == str((dest / "dev").resolve())
