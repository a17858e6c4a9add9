"""The server guard counts an IDE's server at work (VS Code, Cursor, Windsurf) as use, up to its ceiling.

guard.sh runs one check at a time (``--once``, as in test_server_guard_script.py) next to a real process
named like VS Code's server (``.vscode-server/bin/<commit>/node``) that burns CPU.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from gpudesk.core.guard.policy import ServerPolicy
from tests.unit.test_server_guard_script import SHELLS, Guard


@pytest.fixture
def ide_server(tmp_path: Path):
    node = tmp_path / "home" / ".vscode-server" / "bin" / "0123abcd" / "node"
    node.parent.mkdir(parents=True)
    shutil.copy(shutil.which("sh") or "/bin/sh", node)
    proc = subprocess.Popen([str(node), "-c", "while :; do :; done"])
    yield proc
    proc.kill()
    proc.wait()


def _set_state(g: Guard, **values: int) -> None:
    """Change some of the guard's saved state (as time passing would), keeping the rest."""
    lines = [line for line in (g.dir / "state").read_text().splitlines() if line.split("=")[0] not in values]
    (g.dir / "state").write_text("\n".join([*lines, *(f"{k}={v}" for k, v in values.items())]) + "\n")


def _check_after_cpu(g: Guard) -> dict:
    time.sleep(0.3)  # the IDE burns CPU ticks between two checks
    return g.check()


@pytest.mark.parametrize("shell", SHELLS)
def test_an_ide_server_at_work_holds_the_idle_stop_off(tmp_path: Path, shell: str, ide_server) -> None:
    (tmp_path / "a").mkdir()
    g = Guard(tmp_path / "a", shell, ServerPolicy(idle_s=60, interval_s=1, action="stop"))
    g.check()
    _set_state(g, IDLE_SINCE=int(time.time()) - 61)
    st = _check_after_cpu(g)
    assert "ide" in st["held_by"] and st["decision"].startswith("busy:")
    assert g.stops() == []


@pytest.mark.parametrize("shell", SHELLS)
def test_without_an_ide_the_idle_stop_comes(tmp_path: Path, shell: str) -> None:
    (tmp_path / "a").mkdir()
    g = Guard(tmp_path / "a", shell, ServerPolicy(idle_s=60, interval_s=1, action="stop"))
    g.check()
    _set_state(g, IDLE_SINCE=int(time.time()) - 61)
    st = _check_after_cpu(g)
    assert "ide" not in st["held_by"]
    assert g.stops() == ["stop idle"]


@pytest.mark.parametrize("shell", SHELLS)
def test_past_the_ide_ceiling_an_idle_gpu_is_idle_and_the_decision_says_why(
    tmp_path: Path, shell: str, ide_server
) -> None:
    (tmp_path / "a").mkdir()
    g = Guard(tmp_path / "a", shell, ServerPolicy(idle_s=60, interval_s=1, action="stop"))
    g.check()
    now = int(time.time())
    _set_state(g, IDLE_SINCE=now - 61, GPU_IDLE_SINCE=now - 5 * 3600)  # the editor hummed all night
    st = _check_after_cpu(g)
    assert "ide" not in st["held_by"]
    assert "IDE" in st["decision"] and "limit" in st["decision"]
    assert g.stops() == ["stop idle"]
