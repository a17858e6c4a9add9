"""The batched sync's pieces with hostile input: the listing a server prints, the hash tool's
answer, and the script that puts staged files in place (run by a real ``sh`` here)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sync.remote import quote
from gpudesk.core.sync.scan import PROBE_TAG, parse_hashes, parse_probe
from gpudesk.core.sync.stream import Unit, _script, delete_lines, touch_lines, units_for

HEAD = PROBE_TAG + b"/th//home/u\0"


def probe(records: list[bytes], status: bytes = b"0", gitignore: bytes = b"") -> bytes:
    return HEAD + b"".join(r + b"\0" for r in records) + b"=/" + status + b"\0" + gitignore


def test_names_with_newlines_controls_and_broken_utf8_are_kept_exactly() -> None:
    names = [b"a\nb.txt", b"esc\x1b]0;title\x07.txt", b"bad\xff.txt", b"d/=/x", b"-rf", b"sp ace/ x"]
    out = probe([b"d/4096/1700000000.5/d", b"d/4096/1700000000.5/sp ace"] + [b"f/3/1700000000.25/" + n for n in names])
    side = parse_probe("/srv/p", 0, out)
    assert side.listing is not None and side.tools == "th" and side.root == "/srv/p"
    assert sorted(side.listing.files) == sorted(n.decode("utf-8", "surrogateescape") for n in names)
    assert {e.mtime for e in side.listing.files.values()} == {1700000000}


@pytest.mark.parametrize(
    "record",
    [b"f/-1/1700000000.0/x", b"f/1/inf/x", b"f/1/nan/x", b"f/1/1e400/x", b"f/1/1e30/x", b"f/1e3/1700000000/x",
     b"f/1/1700000000", b"junk", b"f//1700000000/x", b"f/ 1/1700000000/x"],
)  # fmt: skip
def test_a_record_no_find_prints_makes_the_listing_unusable(record: bytes) -> None:
    side = parse_probe("/srv/p", 0, probe([b"f/1/1700000000.0/ok", record]))
    assert side.listing is None and side.tools == "th"  # walked by SFTP instead


def test_names_no_tree_can_hold_are_left_out_with_a_warning() -> None:
    side = parse_probe("/srv/p", 0, probe([b"f/1/1/../x", b"f/1/1//abs", b"f/1/1/a//b", b"d/1/1/.", b"f/1/1/ok"]))
    assert side.listing is not None and list(side.listing.files) == ["ok"] and len(side.listing.warnings) == 4


def test_the_gitignore_after_the_listing_may_hold_anything() -> None:
    text = b"*.log\n\0=/0\0f/1/1/fake\n"
    side = parse_probe("/srv/p", 0, probe([b"f/1/1700000000/a.log"], gitignore=text))
    assert side.gitignore == text and list(side.listing.files) == ["a.log"]


def test_frames_that_are_not_ours_are_not_trusted() -> None:
    assert parse_probe("/srv/p", 0, b"Welcome to the server!\n" + probe([])).tools == "?"
    assert parse_probe("/srv/p", 0, HEAD + b"f/1/1/x\0").listing is None  # no end frame
    assert parse_probe("/srv/p", 0, probe([b"f/1/1/x"], status=b"1")).listing is None  # find failed
    gone = parse_probe("/srv/p", 3, HEAD)
    assert gone.listing is not None and not gone.listing.exists


@pytest.mark.parametrize(("remote", "root"), [("~/proj", "/home/u/proj"), ("proj/", "/home/u/proj"), ("~", "/home/u"),
                                              ("", "/home/u"), ("/abs/x", "/abs/x")])  # fmt: skip
def test_home_and_relative_folders_resolve_from_the_same_answer(remote: str, root: str) -> None:
    assert parse_probe(remote, 0, probe([])).root.rstrip("/") == root


def test_hash_lines_with_escaped_and_odd_names() -> None:
    d = "ab" * 32
    out = (
        f"{d}  plain.txt\n\\{d}  a\\nb\\\\c\\rd\n{d}  line\u2028sep\x85.txt\n".encode()
        + d.encode() + b" *bin\xff.txt\n" + b"nothex" * 11 + b"ab  x\n"
    )  # fmt: skip
    got = parse_hashes(out)
    assert got == {"plain.txt": d, "a\nb\\c\rd": d, "line\u2028sep\x85.txt": d, "bin\udcff.txt": d}


# -- the script that puts staged files in place ------------------------------------------------


def run_script(root: Path, body: bytes, shell: str) -> list[str]:
    script = root / ".s"
    script.write_bytes(body)
    done = subprocess.run([shell, str(script)], cwd=root, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().split()


SHELLS = [s for s in ("sh", "dash", "bash") if shutil.which(s)]


def put(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


@pytest.mark.parametrize("shell", SHELLS)
def test_the_script_places_moves_deletes_and_never_follows_a_link(tmp_path: Path, shell: str) -> None:
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious").write_bytes(b"precious")
    stage = root / ".stage"
    odd = "d/li\nnk"  # on the server a link to a file outside; the file replaces the link
    folder = "d/it's a folder"  # on the server a folder; it stays
    files = ["d/a\nb", "d/bad\udcff", "d/-rf", odd, folder, "d/torn", "new/x/y z", "top"]
    for rel in files:
        put(stage / rel, b"new " + os.fsencode(rel))
    (stage / "d" / "torn").write_bytes(b"half")
    put(root / "d" / "a", b"decoy a")
    put(root / "d" / "b", b"decoy b")
    put(root / "d/bad\udcff", b"old")
    os.symlink(outside / "precious", root / odd)
    (root / folder).mkdir()
    (root / folder / "inner").write_bytes(b"inner")
    put(root / "gone\nfile", b"x")
    put(root / "gone", b"decoy gone")
    put(root / "keep.txt", b"k")
    size = lambda rel: 1  # noqa: E731
    units = units_for(files, size, ["new", "new/x"], {odd, folder})
    assert {(u.path, u.new) for u in units} == {("d", False), ("new", True), ("", False)}
    index = {rel: i for i, rel in enumerate(f for u in units for f in u.files)}
    body = _script(quote("./.stage"), units, index, {"d/torn"}, set(), delete_lines(["gone\nfile"], []),
                   touch_lines([("keep.txt", 1_600_000_000)]))  # fmt: skip
    reports = run_script(root, body, shell)
    assert reports == ["d", str(index[folder])]
    read = lambda rel: (root / rel).read_bytes()  # noqa: E731
    for rel in ("d/a\nb", "d/bad\udcff", "d/-rf", "new/x/y z", "top"):
        assert read(rel) == b"new " + os.fsencode(rel), rel
    assert read(odd) == b"new " + os.fsencode(odd) and not (root / odd).is_symlink()
    assert (outside / "precious").read_bytes() == b"precious"
    assert (root / folder).is_dir() and (root / folder / "inner").read_bytes() == b"inner"
    assert not (root / "d" / "torn").exists()
    assert (root / "d" / "a").read_bytes() == b"decoy a" and (root / "d" / "b").read_bytes() == b"decoy b"
    assert not (root / "gone\nfile").exists() and (root / "gone").read_bytes() == b"decoy gone"
    assert (root / "keep.txt").stat().st_mtime == 1_600_000_000
    assert not stage.exists()


@pytest.mark.parametrize("shell", SHELLS)
def test_a_new_folder_that_appeared_meanwhile_is_not_entered(tmp_path: Path, shell: str) -> None:
    root = tmp_path / "root"
    put(root / ".stage" / "new" / "f", b"ours")
    put(root / "new" / "theirs", b"theirs")  # made on the server after the listing
    units = [Unit("new", True, ["new"], ["new/f"])]
    reports = run_script(root, _script(quote("./.stage"), units, {"new/f": 0}, set(), set(), b"", b""), shell)
    assert reports == ["r", "0"]
    assert sorted(p.name for p in (root / "new").iterdir()) == ["theirs"] and not (root / ".stage").exists()
