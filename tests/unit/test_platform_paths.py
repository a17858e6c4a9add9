"""The README says where the data lives on Windows and macOS exactly as gpudesk/core/paths.py puts it."""

from __future__ import annotations

import re
from pathlib import Path

import platformdirs
import pytest
from platformdirs import macos, windows

from gpudesk.core import paths

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    match = re.search(rf"^## {title}\n(.*?)(?=^## )", README, re.S | re.M)
    assert match, title
    return match.group(1)


@pytest.fixture
def on_windows(monkeypatch):
    folders = {"CSIDL_LOCAL_APPDATA": "%LOCALAPPDATA%", "CSIDL_APPDATA": "%APPDATA%"}
    monkeypatch.setattr(windows, "get_win_folder", lambda csidl: folders.get(csidl, csidl))
    monkeypatch.setattr(platformdirs, "PlatformDirs", windows.Windows)
    monkeypatch.delenv("GPUDESK_HOME")


def win(path: Path) -> str:
    return str(path).replace("/", "\\")


def test_windows_folders_match_the_readme(on_windows) -> None:
    config, data, cache = (win(paths._base(k)) for k in ("config", "data", "cache"))
    assert config == data == r"%LOCALAPPDATA%\gpudesk"  # local to the machine, not the roaming %APPDATA%
    assert cache == r"%LOCALAPPDATA%\gpudesk\Cache"
    text = section("Windows")
    assert f"Your data is in `{data}`" in text and f"the cache in\n`{cache}`" in text
    assert "not in the roaming `%APPDATA%`" in text
    assert config in section("Where things are kept")


def test_macos_folders_match_the_readme(monkeypatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", macos.MacOS)
    monkeypatch.delenv("GPUDESK_HOME")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):  # set by the tests here, not on a Mac
        monkeypatch.delenv(name, raising=False)
    home = str(Path.home())
    config, data, cache = (str(paths._base(k)).replace(home, "~") for k in ("config", "data", "cache"))
    assert config == data == "~/Library/Application Support/gpudesk"
    assert cache == "~/Library/Caches/gpudesk"
    text = section("macOS")
    assert f"Your data is in `{data}`" in text and f"the cache\nin `{cache}`" in text
