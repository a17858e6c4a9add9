"""Pieces of the multi-server tools that need no server: the target-folder shell line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpudesk.core.multi.servers import Server, unique_names
from gpudesk.core.multi.upload import resolve_command


def sh(line: str, home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", line], capture_output=True, text=True, cwd=cwd, env={"HOME": str(home), "GPU": "h100", "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("~", "home"),
        ("", "home"),
        ("~/runs/$GPU", "home/runs/h100"),
        ("rel dir/x", "work/rel dir/x"),
        ('odd "quote" \\ back', 'work/odd "quote" \\ back'),
        ("no-$(touch pwned)-cmd", "work/no-$(touch pwned)-cmd"),
        ("no-`touch pwned`-cmd", "work/no-`touch pwned`-cmd"),
        ("star*", "work/star*"),
    ],
)
def test_target_folder_is_created_and_expanded_like_a_shell_would(tmp_path: Path, typed: str, expected: str) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    (work / "starfish").mkdir()  # a glob must not pick this up
    result = sh(resolve_command(typed), home, work)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(tmp_path / expected)
    assert (tmp_path / expected).is_dir()
    assert not (work / "pwned").exists() and not (home / "pwned").exists()


def test_a_folder_that_cannot_be_created_fails(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    result = sh(resolve_command(str(tmp_path / "file" / "sub")), tmp_path, tmp_path)
    assert result.returncode != 0 and "file" in result.stderr


def test_duplicate_labels_get_numbered() -> None:
    servers = [Server("box"), Server("box"), Server("other"), Server("box")]
    unique_names(servers)
    assert [s.name for s in servers] == ["box", "box (2)", "other", "box (3)"]
