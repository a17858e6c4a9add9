"""The demo host signals only its own guard, never whatever process a stale pid file names."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from gpudesk.core.demo import host
from gpudesk.core.guard.script import DEFAULT_ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")


@pytest.fixture
def sandbox(tmp_path):
    folder = tmp_path / "sandbox"
    (folder / DEFAULT_ROOT).mkdir(parents=True)
    (folder / DEFAULT_ROOT / "guard.sh").write_text(
        ": > ready\nsleep 60\nexit 0\n"
    )  # sh stays: its command line names the script
    return folder


def _start(argv, cwd):
    return subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_a_pid_file_naming_an_unrelated_process_is_not_ours(sandbox):
    stranger = _start(["sleep", "60"], sandbox)  # after a reboot the old pid names this
    try:
        (sandbox / DEFAULT_ROOT / "pid").write_text(f"{stranger.pid}\n")
        assert host._guard_pid(sandbox) is None
        (sandbox / DEFAULT_ROOT / "pid").write_text(f"{os.getpid()}\n")  # nor the host itself
        assert host._guard_pid(sandbox) is None
        assert stranger.poll() is None
    finally:
        stranger.kill()
        stranger.wait()


def test_the_sandbox_own_guard_is_found(sandbox):
    guard = _start(["sh", str(sandbox / DEFAULT_ROOT / "guard.sh")], sandbox)
    try:
        deadline = time.monotonic() + 10
        while not (sandbox / "ready").exists() and time.monotonic() < deadline:  # the shell runs the script now
            time.sleep(0.01)
        (sandbox / DEFAULT_ROOT / "pid").write_text(f"{guard.pid}\n")
        assert host._guard_pid(sandbox) == guard.pid
    finally:
        guard.kill()
        guard.wait()
