"""A second gpudesk GUI for the same user and data folder brings the first forward and ends;
the CLI is never affected."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.ui.single_instance import InstanceGuard, server_name

pytestmark = pytest.mark.gui


@pytest.fixture
def first(qtbot):
    guard = InstanceGuard()
    assert guard.claim() is True
    yield guard
    guard.close()


def test_a_second_start_in_the_same_folder_is_refused_and_calls_the_first(first, qtbot) -> None:
    with qtbot.waitSignal(first.activate, timeout=10000) as got:
        assert InstanceGuard().claim(demo=True) is False
    assert got.args == [True]


def test_the_real_second_gui_ends_and_the_first_comes_forward(first, qtbot, gpudesk_home: Path) -> None:
    env = {**os.environ, "GPUDESK_HOME": str(gpudesk_home), "QT_QPA_PLATFORM": "offscreen"}
    with qtbot.waitSignal(first.activate, timeout=60000) as got:
        proc = subprocess.Popen([sys.executable, "-m", "gpudesk"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail("the second gpudesk kept running beside the first")
    assert proc.returncode == 0, err
    assert got.args == [False]
    from gpudesk.core import logs

    folder = logs.log_dir()
    assert not folder.exists() or not any(folder.iterdir())  # it never touched the log


def test_other_data_folders_and_the_cli_run_beside_it(first, gpudesk_home: Path, tmp_path: Path) -> None:
    other = InstanceGuard(name=server_name() + "-other-profile")
    assert other.claim() is True  # another GPUDESK_HOME: its own name
    other.close()
    env = {**os.environ, "GPUDESK_HOME": str(gpudesk_home)}
    cli = subprocess.run([sys.executable, "-m", "gpudesk", "sessions", "list"], env=env, capture_output=True, timeout=60)
    assert cli.returncode == 0, cli.stderr


def test_a_stale_socket_of_a_crashed_run_does_not_block(qtbot) -> None:
    name = server_name() + "-stale"
    from PySide6.QtNetwork import QLocalServer

    crashed = QLocalServer()
    assert crashed.listen(name)
    path = crashed.fullServerName()
    crashed.close()
    if sys.platform != "win32":
        Path(path).touch()  # a crash leaves the socket file behind
    guard = InstanceGuard(name)
    assert guard.claim() is True
    guard.close()


@pytest.mark.skipif(sys.platform == "win32", reason="Unix socket folders")
def test_another_user_cannot_take_the_name_first(qtbot) -> None:
    """The name once sat in the shared /tmp: another local user listening there made every start end at once."""
    import getpass
    import hashlib
    import stat

    from PySide6.QtNetwork import QLocalServer

    from gpudesk.core import paths

    digest = hashlib.sha256(f"{getpass.getuser()}\0{paths.config_dir()}".encode()).hexdigest()[:20]
    squatter = QLocalServer()
    assert squatter.listen(f"gpudesk-{digest}")  # the guessable name in /tmp
    try:
        name = server_name()
        folder = Path(name).parent
        st = folder.lstat()
        assert Path(name).is_absolute() and stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid()
        assert not st.st_mode & 0o077
        guard = InstanceGuard()
        assert guard.claim() is True  # not fooled: it starts
        guard.close()
    finally:
        squatter.close()
