"""Which process is the terminal's shell: the chooser script run on a fake /proc, so every case is decided."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpudesk.core.terminal.cwd import MARKER_VAR, find_shell_script


def fake_process(root: Path, pid: int, ppid: int, comm: str, start: int, cwd: Path, marked: bool) -> None:
    d = root / str(pid)
    d.mkdir()
    env = [b"PATH=/usr/bin", f"{MARKER_VAR}=abc123".encode()] if marked else [b"PATH=/usr/bin"]
    (d / "environ").write_bytes(b"\0".join(env) + b"\0")
    (d / "status").write_text(f"Name:\t{comm}\nPPid:\t{ppid}\n")
    fields = ["S", str(ppid)] + ["0"] * 17 + [str(start)] + ["0"] * 5
    (d / "stat").write_text(f"{pid} ({comm}) " + " ".join(fields) + "\n")
    (d / "comm").write_text(comm + "\n")
    (d / "cwd").symlink_to(cwd)


def run(root: Path) -> str:
    return subprocess.run(["sh", "-c", find_shell_script("abc123", str(root))], capture_output=True, text=True).stdout.strip()


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    proc = tmp_path / "proc"
    proc.mkdir()
    work, other = tmp_path / "work dir", tmp_path / "other"
    work.mkdir()
    other.mkdir()
    return proc, work, other


def test_the_shell_sshd_started_wins_over_a_detached_child_listed_first(folders) -> None:
    proc, work, other = folders
    fake_process(proc, 1, 0, "systemd", 1, Path("/"), False)
    fake_process(proc, 1999, 1, "sshd", 50, Path("/"), False)
    fake_process(proc, 2000, 1999, "bash", 60, work, True)  # the login shell
    fake_process(proc, 2100, 2000, "python", 70, other, True)  # a program it runs
    fake_process(proc, 100, 1, "ssh-agent", 80, other, True)  # detached (pid wrapped): "/proc/100" sorts first
    assert run(proc) == str(work)


def test_without_sshd_the_oldest_candidate_wins(folders) -> None:
    proc, work, other = folders
    fake_process(proc, 1, 0, "systemd", 1, Path("/"), False)
    fake_process(proc, 500, 1, "dropbear", 40, Path("/"), False)  # another SSH server
    fake_process(proc, 501, 500, "bash", 60, work, True)
    fake_process(proc, 300, 1, "tmux: server", 90, other, True)  # started later from the shell, detached
    assert run(proc) == str(work)


def test_no_marked_process_says_nothing(folders) -> None:
    proc, work, _ = folders
    fake_process(proc, 1, 0, "systemd", 1, Path("/"), False)
    fake_process(proc, 501, 1, "bash", 60, work, False)
    assert run(proc) == ""
