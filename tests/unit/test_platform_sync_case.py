"""`sync --download --delete` on disks that fold case: a case-only rename on the server never
deletes the file here. The local disk is case-sensitive; the folding is switched on (the disk
probe) or reproduced (two names for one file, as NTFS, APFS, exFAT and SMB shares present it)."""

from __future__ import annotations

import os
from pathlib import Path

from gpudesk.core.sync import make_plan, run_plan
from gpudesk.core.sync import plan as plan_module
from gpudesk.core.transfer.names import case_insensitive_dir

T0 = 1_700_000_000


def write(path: Path, data: bytes, mtime: int = T0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))
    return path


def test_case_only_rename_on_a_folding_disk_keeps_the_file(connect, remote_dir: str, tmp_path: Path, monkeypatch) -> None:
    local = tmp_path / "proj"
    write(local / "Model.py", b"old weights loader\n")
    write(local / "gone.txt", b"deleted on the server\n")
    write(Path(remote_dir) / "model.py", b"new weights loader\n", T0 + 60)  # renamed Model.py -> model.py, and edited
    monkeypatch.setattr(plan_module, "case_insensitive_dir", lambda folder: True)  # this disk folds case
    conn = connect()
    plan = make_plan(conn, local, remote_dir, direction="download", delete=True)
    assert plan.deleted == ["gone.txt"]  # Model.py is model.py here: changed, not deleted
    assert plan.changed == ["model.py"]
    result = run_plan(conn, plan)
    assert result.deleted == ["gone.txt"]
    assert (local / "Model.py").exists()
    assert (local / "model.py").read_bytes() == b"new weights loader\n"


def test_delete_never_removes_a_file_the_disk_aliases_to_a_synced_one(connect, remote_dir: str, tmp_path: Path) -> None:
    local = tmp_path / "proj"
    write(local / "model.py", b"weights loader\n")
    os.link(local / "model.py", local / "Model.py")  # one file, two names: what a folding disk shows
    write(local / "stale.txt", b"x")
    write(Path(remote_dir) / "model.py", b"weights loader\n")
    conn = connect()
    plan = make_plan(conn, local, remote_dir, direction="download", delete=True)
    result = run_plan(conn, plan)
    assert result.deleted == ["stale.txt"]
    assert (local / "Model.py").exists() and (local / "model.py").read_bytes() == b"weights loader\n"
    assert any("Model.py" in w and "same file" in w for w in result.warnings)


def test_the_disk_probe(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert case_insensitive_dir(empty) is None  # nothing to tell by: the platform's guess stands
    sensitive = tmp_path / "sensitive"
    write(sensitive / "Data.csv", b"1")
    assert case_insensitive_dir(sensitive) is False
    folding = tmp_path / "folding"
    write(folding / "Data.csv", b"1")
    os.link(folding / "Data.csv", folding / "dATA.CSV")  # a lookup with the case swapped finds the same file
    assert case_insensitive_dir(folding) is True
    assert case_insensitive_dir(tmp_path / "missing") is None
