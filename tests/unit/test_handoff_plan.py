"""How each tool is started: argv lists (never a shell line), a URI on Windows, a clear message when missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core import handoff


@pytest.fixture
def bin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "bin"
    d.mkdir()
    monkeypatch.setenv("PATH", str(d))
    return d


def _tool(bin_dir: Path, name: str) -> Path:
    path = bin_dir / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_editors_get_the_remote_form_as_separate_words(bin_dir: Path) -> None:
    code = _tool(bin_dir, "code")
    launch = handoff.plan("code", "gpudesk-box", "/srv/my project; rm -rf ~", platform="linux")
    assert launch.argv == (str(code), "--remote", "ssh-remote+gpudesk-box", "/srv/my project; rm -rf ~")
    assert handoff.plan("code", "gpudesk-box", platform="linux").argv[-1] == "ssh-remote+gpudesk-box"


def test_a_missing_editor_or_terminal_is_explained(bin_dir: Path) -> None:
    with pytest.raises(handoff.HandoffError, match="Cursor was not found"):
        handoff.plan("cursor", "gpudesk-box", platform="linux")
    with pytest.raises(handoff.HandoffError, match="No terminal program"):
        handoff.plan("terminal", "gpudesk-box", platform="linux")
    assert handoff.available("linux") == []


@pytest.mark.parametrize("path", ["relative/dir", "/a\nb", "/a\x1b[31m"])
def test_remote_paths_must_be_absolute_and_plain(bin_dir: Path, path: str) -> None:
    _tool(bin_dir, "code")
    with pytest.raises(handoff.HandoffError):
        handoff.plan("code", "gpudesk-box", path, platform="linux")


@pytest.mark.parametrize("alias", ["-oProxyCommand=id", "box host", "Box", "a;b", ""])
def test_only_gpudesk_aliases_are_handed_on(bin_dir: Path, alias: str) -> None:
    _tool(bin_dir, "code")
    with pytest.raises(handoff.HandoffError):
        handoff.plan("code", alias, platform="linux")


def test_linux_terminal_runs_ssh_with_gpudesk_config_when_not_included(bin_dir: Path, tmp_path: Path) -> None:
    term = _tool(bin_dir, "gnome-terminal")
    cfg = tmp_path / "my dir" / "gpudesk_config"
    launch = handoff.plan("terminal", "gpudesk-box", config=cfg, platform="linux")
    assert launch.argv == (str(term), "--", "ssh", "-F", str(cfg), "gpudesk-box")
    x = _tool(bin_dir, "x-terminal-emulator")
    assert handoff.plan("terminal", "gpudesk-box", platform="linux").argv == (str(x), "-e", "ssh", "gpudesk-box")


def test_windows_uses_the_editors_uri_and_windows_terminal(bin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _tool(bin_dir, "wt")
    _tool(bin_dir, "windsurf")
    launch = handoff.plan("windsurf", "gpudesk-box", "/srv/my project", platform="win32")
    assert launch.uri == "windsurf://vscode-remote/ssh-remote+gpudesk-box/srv/my%20project" and not launch.argv
    assert handoff.plan("terminal", "gpudesk-box", platform="win32").argv == (
        "wt",
        "new-tab",
        "--",
        "ssh",
        "gpudesk-box",
    )


def test_macos_terminal_gets_the_alias_and_a_quoted_config(bin_dir: Path) -> None:
    launch = handoff.plan("terminal", "gpudesk-box", config=Path("/Users/a b/.ssh/gpudesk_config"), platform="darwin")
    assert launch.argv[0] == "osascript"
    assert "ssh -F '/Users/a b/.ssh/gpudesk_config' gpudesk-box" in launch.argv[2]
