"""Hostile remote names and links never write outside the chosen folder."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from gpudesk.core.transfer import DONE, TransferQueue


def test_hostile_names_are_renamed_and_links_stay_inside(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    script = (
        f"cd {rq} && mkdir evil && cd evil && "
        "printf 1 > $'ctl\\x01name' && printf 2 > 'con.txt' && printf 3 > 'a:b?.txt' && "
        "printf 4 > 'back\\slash' && printf 5 > 'trail. ' && printf 6 > $'new\\nline' && "
        "printf 7 > 'aux' && mkdir '..sub' && printf 8 > '..sub/x' && "
        "ln -s /etc/passwd out && ln -s /etc outdir && ln -s 'a:b?.txt' inlink && "
        "for i in $(seq 1 10); do printf $i > n$i; done"
    )
    r = conn.exec(script)
    assert r.exit_code == 0, r.err
    dest = tmp_path / "dest"
    dest.mkdir()
    q = TransferQueue(conn)
    try:
        item = q.add_download(f"{remote_dir}/evil", dest)
        assert q.wait_idle(60)
    finally:
        q.close()
    assert item.state == DONE, item.error
    root = dest / "evil"
    names = sorted(p.name for p in root.iterdir())
    # Every file is inside the chosen folder, with a name that is valid on Windows too.
    for p in root.rglob("*"):
        assert os.path.realpath(p).startswith(os.path.realpath(root) + os.sep)
        assert not any(c in p.name for c in '<>:"\\|?*') and all(ord(c) >= 32 for c in p.name)
        assert not p.name.endswith((".", " "))
        assert not p.is_symlink()
    assert "ctl_name" in names and "a_b_.txt" in names and "back_slash" in names and "new_line" in names
    assert "_con.txt" in names and "_aux" in names and "trail" in names
    assert (root / "a_b_.txt").read_text() == "3"
    assert (root / "..sub" / "x").read_text() == "8"
    # The link to a file inside the tree is copied as a file; links out of it are skipped.
    assert (root / "inlink").read_text() == "3"
    assert "out" not in names and "outdir" not in names
    assert not (tmp_path / "passwd").exists()
    text = "\n".join(item.warnings)
    assert "points outside" in text and "Renamed" in text
    assert not list(tmp_path.rglob("*.gpudesk-part"))


def test_single_hostile_file_download(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    rq = shlex.quote(remote_dir)
    conn.exec(f"printf data > {rq}/$'bad|name\\x7f'")
    q = TransferQueue(conn)
    try:
        item = q.add_download(f"{remote_dir}/bad|name\x7f", tmp_path)
        assert q.wait_idle(30)
    finally:
        q.close()
    assert item.state == DONE, item.error
    assert (tmp_path / "bad_name_").read_text() == "data"
    assert item.warnings
