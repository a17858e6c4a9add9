import sys
from pathlib import Path

import pytest

from gpudesk.core import paths


def test_gpudesk_home_redirects_everything(gpudesk_home: Path) -> None:
    assert paths.config_dir() == gpudesk_home / "config"
    assert paths.sessions_file().parent == gpudesk_home / "config"
    assert paths.data_dir() == gpudesk_home / "data"


def test_portable_mode_keeps_data_beside_the_executable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exe = tmp_path / "gpudesk"
    exe.write_text("")
    monkeypatch.delenv("GPUDESK_HOME")
    monkeypatch.setattr(sys, "executable", str(exe))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.portable_root() is None, "without the marker file it is an ordinary install"
    (tmp_path / "portable").write_text("")
    assert paths.config_dir() == tmp_path / "data" / "config"
