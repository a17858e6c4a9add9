"""The app's folders and its log are this user's only (0700 / 0600 on POSIX)."""

from __future__ import annotations

import logging
import os
import stat

import pytest

from gpudesk.core import logs, paths

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_config_data_cache_and_log_folders_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUDESK_HOME", str(tmp_path / "home"))
    old = os.umask(0o022)
    try:
        assert mode(paths.config_dir()) == 0o700
        assert mode(paths.data_dir()) == 0o700
        assert mode(paths.cache_dir()) == 0o700
        assert mode(logs.log_dir()) == 0o700
    finally:
        os.umask(old)


def test_a_folder_an_older_version_left_open_is_closed(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUDESK_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "config").mkdir(parents=True)
    os.chmod(tmp_path / "home" / "config", 0o755)
    assert mode(paths.config_dir()) == 0o700


def test_the_log_file_is_private_also_after_a_rotation(tmp_path):
    old = os.umask(0o022)
    target = tmp_path / "gpudesk.log"
    target.write_text("from an older version\n")
    os.chmod(target, 0o644)
    handler = logs._PrivateFileHandler(target, maxBytes=100, backupCount=2, encoding="utf-8")
    try:
        record = logging.LogRecord("gpudesk", logging.INFO, __file__, 1, "x" * 80, None, None)
        handler.emit(record)
        assert mode(target) == 0o600
        handler.doRollover()
        handler.emit(record)
        assert mode(target) == 0o600
    finally:
        handler.close()
        os.umask(old)
