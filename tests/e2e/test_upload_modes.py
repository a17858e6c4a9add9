"""Uploads never make world-writable files, and scripts from Windows stay executable.

Windows reports every file as 0o666 and has no execute bit; the upload derives the mode there
(0o644, 0o755 for ``#!`` scripts). Elsewhere the local bits go without group/other write. The
platform is switched with ``sys.platform``; the files land on the real test sshd (this machine),
through every upload path: single-file SFTP, the folder's tar fast path, and sync's tar stream.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from gpudesk.core.sync import make_plan, run_plan
from gpudesk.core.transfer import DONE, TransferQueue
from gpudesk.core.transfer.modes import upload_mode
from gpudesk.core.transfer.trees import TAR_MIN_FILES

pytestmark = pytest.mark.e2e


def mode_of(path: str | Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def write(path: Path, data: bytes, mode: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, mode)
    return path


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")


def upload(conn, local: Path, remote_parent: str) -> None:
    q = TransferQueue(conn)
    try:
        job = q.add_upload(local, remote_parent)
        assert q.wait_idle(60)
        assert job.state == DONE, job.error
    finally:
        q.close()


def test_the_rule_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert upload_mode(0o100777) == 0o755
    assert upload_mode(0o100666) == 0o644
    assert upload_mode(0o100600) == 0o600  # private stays private
    monkeypatch.setattr(sys, "platform", "win32")
    assert upload_mode(0o100666, b"#!/bin/sh") == 0o755
    assert upload_mode(0o100444, b"import os") == 0o644  # read-only on Windows: still owner-writable here


def test_single_files_from_windows(windows, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    data = write(tmp_path / "data.csv", b"a,b\n1,2\n", 0o666)
    script = write(tmp_path / "train.sh", b"#!/bin/bash\necho hi\n", 0o666)
    upload(conn, data, remote_dir)
    upload(conn, script, remote_dir)
    assert mode_of(f"{remote_dir}/data.csv") == 0o644
    assert mode_of(f"{remote_dir}/train.sh") == 0o755


def test_single_files_from_posix_never_world_writable(connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    tool = write(tmp_path / "tool", b"\x7fELF", 0o777)
    shared = write(tmp_path / "shared.txt", b"x", 0o666)
    secret = write(tmp_path / "secret.txt", b"x", 0o600)
    for f in (tool, shared, secret):
        upload(conn, f, remote_dir)
    assert mode_of(f"{remote_dir}/tool") == 0o755
    assert mode_of(f"{remote_dir}/shared.txt") == 0o644
    assert mode_of(f"{remote_dir}/secret.txt") == 0o600


def test_folder_fast_path_from_windows(windows, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    root = tmp_path / "proj"
    for i in range(TAR_MIN_FILES + 4):  # enough small files for the tar stream
        write(root / f"src/m{i}.py", f"x = {i}\n".encode(), 0o666)
    write(root / "run.sh", b"#!/bin/sh\npython -m src\n", 0o666)
    write(root / "big.bin", os.urandom(1024 * 1024 + 1), 0o666)  # goes through SFTP
    upload(conn, root, remote_dir)
    dest = Path(remote_dir) / "proj"
    assert mode_of(dest / "run.sh") == 0o755
    assert mode_of(dest / "big.bin") == 0o644
    assert {mode_of(p) for p in (dest / "src").iterdir()} == {0o644}


def test_sync_stream_from_windows(windows, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    root = tmp_path / "proj"
    for i in range(12):
        write(root / f"pkg/m{i}.py", b"pass\n", 0o666)
    write(root / "launch.sh", b"#!/usr/bin/env bash\n", 0o666)
    plan = make_plan(conn, root, remote_dir + "/proj")
    run_plan(conn, plan)
    dest = Path(remote_dir) / "proj"
    assert mode_of(dest / "launch.sh") == 0o755
    assert {mode_of(p) for p in (dest / "pkg").iterdir()} == {0o644}

