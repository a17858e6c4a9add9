""""Edit" never hands a program to the desktop's default action, on any platform.

The decision function runs per platform here; the files are real (names, execute bits, content).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gpudesk.ui.files import editor
from gpudesk.ui.files.editor import COMMAND, DEFAULT, EDIT_VERB, REFUSE, choose, launch

PROGRAMS = ["train.py", "setup.bat", "build.cmd", "tool.js", "macro.vbs", "run.command", "app.desktop", "go.sh",
            "script.ps1", "Installer.EXE"]  # fmt: skip


def make(tmp_path: Path, name: str, data: bytes = b"text\n", mode: int = 0o644) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    os.chmod(path, mode)
    return path


def nothing_on_path(_name: str) -> None:
    return None


@pytest.mark.parametrize("name", PROGRAMS)
def test_windows_uses_the_edit_verb_for_programs(tmp_path: Path, name: str) -> None:
    plan = choose(make(tmp_path, name), platform="win32", which=nothing_on_path)
    assert plan.kind == EDIT_VERB
    assert plan.argv == ("notepad.exe", str(tmp_path / name))  # when the type has no "edit" verb


@pytest.mark.parametrize("name", [*PROGRAMS, "notes.txt"])
def test_macos_opens_everything_in_the_text_editor(tmp_path: Path, name: str) -> None:
    plan = choose(make(tmp_path, name), platform="darwin", which=nothing_on_path)
    assert plan == editor.EditPlan(COMMAND, ("open", "-t", str(tmp_path / name)))


@pytest.mark.parametrize("name", PROGRAMS)
def test_linux_never_gives_programs_to_xdg_open(tmp_path: Path, name: str) -> None:
    path = make(tmp_path, name)
    assert choose(path, platform="linux", which=nothing_on_path).kind == REFUSE
    found = choose(path, platform="linux", which=lambda n: f"/usr/bin/{n}" if n == "kate" else None)
    assert found == editor.EditPlan(COMMAND, ("/usr/bin/kate", str(path)))


@pytest.mark.parametrize(("name", "data", "mode"), [("run", b"echo hi\n", 0o755), ("job", b"#!/bin/sh\n", 0o644),
                                                    ("a.out.x", b"\x7fELF....", 0o644), ("prog", b"MZ\x90\x00", 0o644)])
def test_linux_spots_programs_by_bits_and_content(tmp_path: Path, name: str, data: bytes, mode: int) -> None:
    assert choose(make(tmp_path, name, data, mode), platform="linux", which=nothing_on_path).kind == REFUSE


@pytest.mark.parametrize("name", ["notes.txt", "config.yaml", "data.csv", "README.md", "Makefile"])
def test_linux_plain_files_go_to_the_default_application(tmp_path: Path, name: str) -> None:
    assert choose(make(tmp_path, name), platform="linux", which=nothing_on_path).kind == DEFAULT


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_the_editor_setting_wins_everywhere(tmp_path: Path, platform: str) -> None:
    path = make(tmp_path, "train.py")
    plan = choose(path, platform=platform, editor="code --wait", which=nothing_on_path)
    assert plan == editor.EditPlan(COMMAND, ("code", "--wait", str(path)))
    windows = choose(path, platform="win32", editor=r'"C:\Program Files\Notepad++\notepad++.exe" -multiInst')
    assert windows.argv == (r"C:\Program Files\Notepad++\notepad++.exe", "-multiInst", str(path))


def test_launch_runs_no_default_action_for_a_refusal_or_a_command(tmp_path: Path) -> None:
    path = make(tmp_path, "setup.bat")
    started: list[list[str]] = []
    defaulted: list[Path] = []

    def start(argv: list[str]) -> bool:
        started.append(argv)
        return True

    def open_default(p: Path) -> bool:
        defaulted.append(p)
        return True

    assert launch(choose(path, platform="linux", which=nothing_on_path), path, start=start, open_default=open_default) is False
    assert launch(choose(path, platform="darwin"), path, start=start, open_default=open_default) is True
    # On Windows without os.startfile (this machine), the fallback editor is started.
    assert launch(choose(path, platform="win32"), path, start=start, open_default=open_default) is True
    assert started == [["open", "-t", str(path)], ["notepad.exe", str(path)]]
    assert defaulted == []
