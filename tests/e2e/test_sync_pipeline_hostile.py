"""The batched sync against the real sshd when names, listings, tools and files misbehave.

Names with newlines, control characters and bytes that are not UTF-8 go through the one
listing, the one hash pass, the tar streams and the one script; a listing with records no
``find`` prints, a file that changes while it is sent or read, and a server whose tools are
missing or broken each end in a correct copy (or a clear warning), never a torn file.
"""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path

import pytest

from gpudesk.core.sync import make_plan, run_plan, stream
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.remote import run
from gpudesk.core.transfer.names import PART_SUFFIX

pytestmark = pytest.mark.e2e

T0 = 1_700_000_000
MiB = 1024 * 1024


def write(path: Path | bytes, data: bytes, mtime: int = T0, owner: tuple[int, int] | None = None) -> None:
    p = os.fsencode(path)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as fh:
        fh.write(data)
    os.utime(p, (mtime, mtime))
    if owner is not None:
        os.chown(p, *owner)


def tree(root: Path) -> dict[bytes, bytes]:
    """Every file under ``root`` by its raw relative name (bytes: names need not be UTF-8)."""
    out = {}
    base = os.fsencode(root)
    for folder, _dirs, files in os.walk(base):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, base)] = fh.read()
    return out


# Names a server (or a user) can really have: a newline, a tab, a terminal escape, a quote of
# each kind, a leading dash, bytes that are not UTF-8, and Unicode line separators.
HOSTILE = [b"a\nb.txt", b"tab\there.txt", b"esc\x1b[31mred.txt", b"q'uo\"te.txt", b"-rf", b"bad\xff\xfe.txt",
           b"line\xe2\x80\xa8sep.txt", b"nel\xc2\x85.txt", b"cr\rname.txt", b"back\\slash\\n.txt"]  # fmt: skip
DECOYS = [b"a", b"b.txt", b"tab", b"rf", b"bad.txt", b"cr"]


def test_hostile_names_round_trip_and_are_deleted_exactly(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    owner = (sshd.uid, sshd.gid)
    remote = Path(remote_dir)
    for i, name in enumerate(HOSTILE + DECOYS):
        write(os.fsencode(remote / "in") + b"/" + name, b"%d\n" % i * (i + 3), owner=owner)
    os.chown(remote / "in", *owner)
    conn = connect()

    # Down: every hostile name arrives (under its safe local name), with its content.
    here = tmp_path / "here"
    plan = make_plan(conn, here, remote_dir + "/in", "download")
    assert len(plan.new) == len(HOSTILE) + len(DECOYS)
    result = run_plan(conn, plan)
    assert sorted(result.sent) == sorted(plan.new) and result.streamed == len(plan.new)
    got = tree(here)
    server = tree(remote / "in")
    for rel in plan.new:
        raw = rel.encode("utf-8", "surrogateescape")
        assert got[os.fsencode(plan.local(rel))] == server[raw], rel
    assert make_plan(conn, here, remote_dir + "/in", "download").empty

    # Same size, other time on the server: the one hash pass finds them equal (a name with a
    # line separator or a carriage return must not split the tool's answer).
    for name in HOSTILE:
        os.utime(os.fsencode(remote / "in") + b"/" + name, (T0 + 7, T0 + 7))
    again = make_plan(conn, here, remote_dir + "/in", "download")
    assert again.hashed == len(HOSTILE) and again.changed == [] and len(again.touch) == len(HOSTILE)

    # Up: the hostile names themselves go up exactly, as bytes.
    up = tmp_path / "up"
    for i, name in enumerate(HOSTILE):
        write(os.fsencode(up) + b"/" + name, b"up %d" % i)
    result = run_plan(conn, make_plan(conn, up, remote_dir + "/out"))
    assert tree(remote / "out") == tree(up)
    assert make_plan(conn, up, remote_dir + "/out").empty

    # Up with delete from a folder with only the decoys: each hostile name goes, each decoy stays.
    decoys = tmp_path / "decoys"
    for name in DECOYS:
        write(os.fsencode(decoys) + b"/" + name, server[name])
    plan = make_plan(conn, decoys, remote_dir + "/in", delete=True)
    assert len(plan.deleted) == len(HOSTILE) and plan.new == plan.changed == []
    result = run_plan(conn, plan)
    assert sorted(result.deleted) == sorted(plan.deleted)
    assert tree(remote / "in") == {name: server[name] for name in DECOYS}


LYING_FIND = r"""#!/bin/sh
# GNU find's records, then one no find prints: {record}
/usr/bin/find "$@"
s=$?
case "$*" in *-printf*) printf '{record}\000' ;; esac
exit $s
"""


@pytest.mark.parametrize("record", ["f/5/1e400/inf.txt", "f/-5/1700000000.0/negative.txt", "f/5/1e30/far.txt"])
def test_a_listing_with_records_no_find_prints_is_not_trusted(sshd, connect, remote_dir: str, tmp_path: Path,
                                                                record: str) -> None:  # fmt: skip
    conn = connect()
    remote = Path(remote_dir)
    conn.exec(f"cd {shlex.quote(remote_dir)} && mkdir -p t/sub && printf one > t/one.txt && printf two > t/sub/two.txt")
    fake = sshd.install_bin("find", LYING_FIND.replace("{record}", record))
    try:
        here = tmp_path / "here"
        plan = make_plan(conn, here, remote_dir + "/t", "download")  # the tree is walked by SFTP instead
        assert sorted(plan.new) == ["one.txt", "sub/two.txt"]
        run_plan(conn, plan)
        assert tree(here) == tree(remote / "t")
    finally:
        fake.unlink()


def test_output_without_end_is_cut_off_not_kept(connect) -> None:
    conn = connect()
    with pytest.raises(SyncError, match="more than"):
        run(conn, b"yes y", limit=4 * MiB)
    assert conn.exec("echo alive").out.strip() == "alive"


def test_a_file_that_changes_while_it_is_sent_is_left_for_the_next_sync(
    connect, remote_dir: str, tmp_path: Path
) -> None:
    src = tmp_path / "proj"
    for i in range(10):
        write(src / f"f{i}.txt", b"%d" % i)
    model = src / "model.bin"
    write(model, b"A" * 6 * MiB)  # under the size that goes one by one: it rides the stream
    conn = connect()
    run_plan(conn, make_plan(conn, src, remote_dir))
    write(model, b"B" * 6 * MiB, mtime=T0 + 1)
    write(src / "f3.txt", b"three", mtime=T0 + 1)
    edited: list[int] = []

    def on_progress(p) -> None:  # type: ignore[no-untyped-def]
        # The user saves the model again while it is halfway through the stream.
        if p.done > 2 * MiB and not edited:
            edited.append(p.done)
            write(model, b"C" * 5 * MiB, mtime=T0 + 2)

    plan = make_plan(conn, src, remote_dir)
    assert plan.changed == ["f3.txt", "model.bin"]
    result = run_plan(conn, plan, on_progress=on_progress, progress_interval=0)
    assert edited and result.sent == ["f3.txt"]
    assert any("model.bin" in w and "changed while" in w for w in result.warnings)
    remote = Path(remote_dir)
    assert (remote / "model.bin").read_bytes() == b"A" * 6 * MiB  # the old copy, whole
    assert (remote / "f3.txt").read_bytes() == b"three"
    assert not [p for p in os.listdir(remote) if PART_SUFFIX in p]
    again = make_plan(conn, src, remote_dir)
    assert again.changed == ["model.bin"]
    run_plan(conn, again)
    assert (remote / "model.bin").read_bytes() == b"C" * 5 * MiB


TEARING_TAR = r"""#!/bin/sh
# The server's tar packs victim.txt while the job rewrites it: the archive holds half of the
# old content and half of the new, the file on disk is the new one, and tar says so (exit 1).
if [ "$1" = cf ] && [ ! -e "$HOME/.tore" ]; then
  touch "$HOME/.tore"
  t=$(mktemp -d)
  cat > "$t/.names"
  tr '\0' '\n' < "$t/.names" | while IFS= read -r f; do mkdir -p "$t/$(dirname "$f")"; cp -p "$f" "$t/$f"; done
  head -c 2000 victim.txt > "$t/victim.txt"; printf '%02000d' 0 | tr 0 B >> "$t/victim.txt"
  touch -r victim.txt "$t/victim.txt"
  printf '%04000d' 0 | tr 0 B > victim.txt; touch -d @1700000100 victim.txt
  (cd "$t" && /usr/bin/tar cf - --null -T .names)
  echo "tar: ./victim.txt: file changed as we read it" >&2
  rm -rf "$t"; exit 1
fi
exec /usr/bin/tar "$@"
"""

GROWING_TAR = r"""#!/bin/sh
# The job appends to train.log while tar reads it: the archive holds what was there, the file
# has grown since, and tar says so (exit 1).
if [ "$1" = cf ]; then
  /usr/bin/tar "$@"; s=$?
  echo "step 2" >> train.log
  echo "tar: ./train.log: file changed as we read it" >&2
  exit 1
fi
exec /usr/bin/tar "$@"
"""


def test_a_server_file_torn_while_it_is_read_never_takes_its_place(
    sshd, connect, remote_dir: str, tmp_path: Path
) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"rm -f ~/.tore; cd {rq} && printf '%04000d' 0 | tr 0 A > victim.txt && touch -d @{T0} victim.txt "
              "&& for i in $(seq 1 12); do printf $i > r$i.txt; done")  # fmt: skip
    fake = sshd.install_bin("tar", TEARING_TAR)
    try:
        here = tmp_path / "results"
        plan = make_plan(conn, here, remote_dir, "download")
        assert "victim.txt" in plan.new
        result = run_plan(conn, plan)
        mixed = b"A" * 2000 + b"B" * 2000
        assert not (here / "victim.txt").exists() or (here / "victim.txt").read_bytes() != mixed
        assert not (here / "victim.txt").exists()
        assert any("victim.txt" in w and "changed on the server" in w for w in result.warnings)
        assert (here / "r12.txt").read_bytes() == b"12" and "victim.txt" not in result.sent
        assert not [p for p in here.iterdir() if PART_SUFFIX in p.name]
        again = make_plan(conn, here, remote_dir, "download")
        assert again.new == ["victim.txt"]
        run_plan(conn, again)
        assert (here / "victim.txt").read_bytes() == b"B" * 4000
    finally:
        fake.unlink()
        conn.exec("rm -f ~/.tore")


def test_a_log_that_grows_while_it_is_read_comes_as_it_was(sshd, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"cd {rq} && echo 'step 1' > train.log && for i in $(seq 1 12); do printf $i > r$i.txt; done")
    fake = sshd.install_bin("tar", GROWING_TAR)
    try:
        here = tmp_path / "results"
        result = run_plan(conn, make_plan(conn, here, remote_dir, "download"))
        assert (here / "train.log").read_bytes() == b"step 1\n"  # what was there when it was read
        assert "train.log" in result.sent and not result.warnings
    finally:
        fake.unlink()
    again = make_plan(conn, here, remote_dir, "download")
    assert again.changed == ["train.log"]
    run_plan(conn, again)
    assert (here / "train.log").read_bytes() == b"step 1\nstep 2\n"


NO_PRINTF_FIND = """#!/bin/sh
for a; do [ "$a" = -printf ] && { echo "find: unrecognized: -printf" >&2; exit 1; }; done
exec /usr/bin/find "$@"
"""
NO_TOOL = """#!/bin/sh
echo "sh: {name}: not found" >&2
exit 127
"""
OLD_TAR = """#!/bin/sh
echo "tar: invalid option -- '-'" >&2
exit 1
"""


def test_a_server_without_gnu_find_sha256sum_or_a_working_tar_still_syncs_right(
    sshd, connect, remote_dir: str, tmp_path: Path
) -> None:
    fakes = [sshd.install_bin("find", NO_PRINTF_FIND), sshd.install_bin("tar", OLD_TAR)]
    fakes += [sshd.install_bin(n, NO_TOOL.replace("{name}", n)) for n in ("sha256sum", "shasum")]
    try:
        conn = connect()
        src = tmp_path / "proj"
        for i in range(30):
            write(src / f"d{i % 3}" / f"f{i}.txt", b"%d\n" % i * 20)
        write(src / "big.bin", os.urandom(9 * MiB))
        run_plan(conn, make_plan(conn, src, remote_dir + "/p"))
        assert tree(Path(remote_dir) / "p") == tree(src)
        write(src / "d0" / "f0.txt", b"0\n" * 20, mtime=T0 + 3)  # same content, other time: no hash tool, so sent
        write(src / "d1" / "f1.txt", b"changed", mtime=T0 + 3)
        (src / "d2" / "f2.txt").unlink()
        plan = make_plan(conn, src, remote_dir + "/p", delete=True)
        assert (plan.changed, plan.deleted) == (["d0/f0.txt", "d1/f1.txt"], ["d2/f2.txt"])
        result = run_plan(conn, plan)
        assert sorted(result.sent) == ["d0/f0.txt", "d1/f1.txt"] and result.deleted == ["d2/f2.txt"]
        assert tree(Path(remote_dir) / "p") == tree(src)
        here = tmp_path / "back"
        down = make_plan(conn, here, remote_dir + "/p", "download")
        run_plan(conn, down)
        assert tree(here) == tree(src)
    finally:
        for fake in fakes:
            fake.unlink()


def test_an_upload_never_writes_through_a_link_on_the_server(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    outside = conn.exec("mktemp -d ~/outside.XXXXXX").out.strip()
    try:
        rq, oq = shlex.quote(remote_dir), shlex.quote(outside)
        conn.exec(f"printf precious > {oq}/precious && cd {rq} && ln -s {oq} data && ln -s {oq}/precious victim.txt")
        src = tmp_path / "proj"
        for i in range(12):
            write(src / "data" / f"x{i}.txt", b"x")
        write(src / "victim.txt", b"mine")
        write(src / "ok.txt", b"ok")
        plan = make_plan(conn, src, remote_dir)
        result = run_plan(conn, plan)
        assert sorted(os.listdir(outside)) == ["precious"] and (Path(outside) / "precious").read_bytes() == b"precious"
        assert any("data" in w and "link" in w for w in plan.warnings)
        assert sorted(result.sent) == ["ok.txt", "victim.txt"]
        assert not (Path(remote_dir) / "victim.txt").is_symlink()  # the link itself is replaced, as rsync does
        assert (Path(remote_dir) / "victim.txt").read_bytes() == b"mine" and (Path(remote_dir) / "data").is_symlink()
    finally:
        conn.exec(f"rm -rf {shlex.quote(outside)}")


def test_a_download_stream_whose_command_ended_before_the_list_is_sent_comes_one_by_one(
    connect, remote_dir: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's tar (or the cd before it) ends at once and its channel closes before the file list goes
    out: no exception, nothing streamed, and the caller fetches the files one by one."""
    conn = connect()
    lists = stream.nul_list

    def late(names: list[str]) -> bytes:
        data = lists(names)
        time.sleep(1.0)  # the command (cd into a folder that is not there) has ended and closed the channel
        return data

    monkeypatch.setattr(stream, "nul_list", late)
    progress = stream.Progress(lambda _n: None, lambda: None)
    got = stream.download(conn, remote_dir + "/not-there", tmp_path, {"a.txt": "a.txt"}, progress)
    assert got.received == {} and got.code != 0
    assert conn.is_alive
