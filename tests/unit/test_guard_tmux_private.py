"""The server guard, like terminals and jobs, never silently drops to nohup when another user took the shared tmux
socket folder: its tmux uses the private folder, and the install says so (a warning the app shows)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from gpudesk.core.guard import script
from gpudesk.core.guard.remote import _warning_text
from gpudesk.core.terminal import tmuxdir

pytestmark = pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")


def test_the_install_switches_to_the_private_tmux_folder_and_warns(tmp_path) -> None:
    text = script.build_install_script("X=1\n", "{}", root=str(tmp_path / "root"))
    lines = text.splitlines()
    prefix = tmuxdir.prefix().strip()
    assert prefix in lines and lines.index(prefix) < next(i for i, line in enumerate(lines) if "new-session" in line)
    warn = next(line for line in lines if "tmux-private" in line and "warn=" in line)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / f"tmux-{os.getuid()}").symlink_to(tmp_path / "elsewhere")  # taken: a link by that name
    home = tmp_path / "home"
    home.mkdir()
    d = tmp_path / "guard"
    d.mkdir()
    run = subprocess.run(
        ["sh", "-c", f"d={d}; {prefix}\n{warn}\necho TMUX_TMPDIR=$TMUX_TMPDIR"],
        env={"HOME": str(home), "TMUX_TMPDIR": str(shared), "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        capture_output=True, text=True, timeout=10,
    )  # fmt: skip
    assert "warn=tmux-private" in run.stdout
    assert f"TMUX_TMPDIR={home}/{tmuxdir.PRIVATE}" in run.stdout
    assert (d / "warnings").read_text().strip() == "tmux-private"
    assert oct((home / tmuxdir.PRIVATE).stat().st_mode & 0o777) == "0o700"
    assert "private folder" in str(_warning_text("tmux-private"))
