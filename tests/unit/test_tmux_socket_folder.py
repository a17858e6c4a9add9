"""Another user's (or a linked) tmux-<uid> folder never stops persistent terminals or jobs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from gpudesk.core.jobs.model import JobSpec
from gpudesk.core.jobs.script import build_launch_script
from gpudesk.core.terminal.shell import tmux_command
from gpudesk.core.terminal.tmuxdir import PRIVATE, prefix

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


@pytest.fixture
def server(tmp_path):
    """A shared /tmp whose tmux-<uid> another user took first (here: a link to a folder not ours to use)."""
    shared = tmp_path / "shared"
    home = tmp_path / "home"
    shared.mkdir()
    home.mkdir()
    elsewhere = tmp_path / "attacker"
    elsewhere.mkdir(mode=0o777)
    (shared / f"tmux-{os.getuid()}").symlink_to(elsewhere)
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "TMUX_TMPDIR": str(shared), "TERM": "xterm"}
    yield env, home, shared
    subprocess.run(["tmux", "-L", "gpudesk", "kill-server"], env={**env, "TMUX_TMPDIR": str(home / PRIVATE)},
                   capture_output=True, check=False)  # fmt: skip
    subprocess.run(["tmux", "kill-server"], env={**env, "TMUX_TMPDIR": str(home / PRIVATE)}, capture_output=True)


def sh(script: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True, timeout=30)


def test_a_hijacked_folder_is_replaced_by_a_private_one_with_a_note(server):
    env, home, _shared = server
    plain = sh("tmux new-session -d -s probe 'sleep 30'", env)
    assert plain.returncode != 0  # what tmux does with that folder by itself: every terminal would exit
    done = sh(prefix(note=True) + "tmux new-session -d -s probe 'sleep 30' && tmux has-session -t probe", env)
    assert done.returncode == 0, done.stderr
    assert "belongs to another user" in done.stdout
    private = home / PRIVATE
    assert private.is_dir() and (private.stat().st_mode & 0o777) == 0o700
    assert (private / f"tmux-{os.getuid()}").is_dir()


def test_the_terminal_start_line_and_a_job_use_the_private_folder(server, tmp_path):
    env, home, _shared = server
    line = tmux_command("gpudesk-t1").replace("exec tmux -u attach-session", "tmux -u has-session")
    assert sh(line, env).returncode == 0
    script = build_launch_script(JobSpec(command="sleep 30", workdir=str(tmp_path)), "20261204-000000-ab12", "tmux")
    out = sh(script, env)
    assert "runner=tmux" in out.stdout, out.stdout + out.stderr


def test_our_own_folder_is_used_as_it_is(tmp_path):
    shared = tmp_path / "shared"
    (shared / f"tmux-{os.getuid()}").mkdir(parents=True, mode=0o700)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "TMUX_TMPDIR": str(shared)}
    assert sh(prefix() + 'printf %s "$TMUX_TMPDIR"', env).stdout == str(shared)
