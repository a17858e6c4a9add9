"""The Windows installer script, the icons, the build's failure modes and the CI workflow, checked on Linux.

What only a real runner can prove (ISCC compiling, signtool, codesign, notarisation) runs in
.github/workflows/build.yml; these tests pin the parts of it that can be read here.
"""

from __future__ import annotations

import os
import re
import struct
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
ISS = ROOT / "packaging" / "windows" / "gpudesk.iss"
ISL = ROOT / "packaging" / "windows" / "ChineseSimplified.isl"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
sys.path.insert(0, str(ROOT / "packaging"))

import build  # noqa: E402
import icons  # noqa: E402
import smoke  # noqa: E402
import spec_options  # noqa: E402

# Custom messages Inno's Default.isl defines for English.
DEFAULT_CUSTOM_MESSAGES = {"CreateDesktopIcon", "AdditionalIcons", "LaunchProgram", "UninstallProgram", "NameAndVersion"}


def _workflow() -> dict:
    data = yaml.safe_load(WORKFLOW.read_text())
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def _iss_sections(text: str) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        stripped = line.strip()
        if re.fullmatch(r"\[\w+\]", stripped):
            current = stripped[1:-1]
            sections[current] = []
        elif stripped and not stripped.startswith(";") and current:
            sections[current].append(stripped)
    return sections


def test_inno_version_is_pinned_the_same_in_the_script_and_in_ci() -> None:
    text = ISS.read_text()
    defined = re.search(r'#define InnoVersion "(\d+)\.(\d+)\.(\d+)"', text)
    required = re.search(r"#if Ver < EncodeVer\((\d+), (\d+), (\d+)\)\s*\n\s*#error", text)
    assert defined and required, "the script must refuse an older compiler"
    assert defined.groups() == required.groups()
    ci = _workflow()["env"]["INNO_VERSION"]
    assert ci == ".".join(defined.groups())
    choco = [s["run"] for s in _workflow()["jobs"]["package"]["steps"] if "choco install innosetup" in s.get("run", "")]
    assert choco and all('--version "$env:INNO_VERSION"' in run for run in choco)


def test_chinese_messages_are_vendored_and_every_custom_message_exists_in_both_languages() -> None:
    text = ISS.read_text()
    sections = _iss_sections(text)
    languages = dict(re.findall(r'Name: "(\w+)"; MessagesFile: "([^"]+)"', "\n".join(sections["Languages"])))
    assert languages == {"en": "compiler:Default.isl", "zh": "ChineseSimplified.isl"}  # Inno 6 ships no zh file
    raw = ISL.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "Inno reads a .isl as UTF-8 only with a BOM"
    isl = raw[3:].decode("utf-8")
    isl_sections = _iss_sections(isl)
    assert "LanguageName=简体中文" in isl_sections["LangOptions"] and "LanguageID=$0804" in isl_sections["LangOptions"]
    messages = dict(line.split("=", 1) for line in isl_sections["Messages"])
    assert messages["ButtonNext"].startswith("下一步") and "[name]" in messages["WelcomeLabel1"]
    zh_custom = {line.split("=", 1)[0] for line in isl_sections["CustomMessages"]}
    iss_custom = {line.split("=", 1)[0] for line in sections.get("CustomMessages", [])}
    used = set(re.findall(r"\{cm:(\w+)", text))
    for name in used:
        assert name in DEFAULT_CUSTOM_MESSAGES or f"en.{name}" in iss_custom, f"{name} has no English text"
        assert name in zh_custom or f"zh.{name}" in iss_custom, f"{name} has no Chinese text"


def test_installer_ships_both_executables_and_a_gpudesk_command_for_path() -> None:
    text = ISS.read_text()
    assert 'Name: "addtopath"' in text and "ChangesEnvironment=yes" in text
    assert "RemoveFromPath" in text and "CurUninstallStepChanged" in text  # uninstall takes the entry away again
    shim = (ROOT / "packaging" / "windows" / "gpudesk.cmd").read_text()
    assert r'"%~dp0..\gpudesk-cli.exe" %*' in shim  # the console exe: the windowed one prints nothing
    assert ("gpudesk-cli", True) in spec_options.executables("win32")
    assert re.search(r'SetupIconFile=(\S+)', text).group(1).replace("\\", "/") == "../../gpudesk/resources/gpudesk.ico"


@pytest.mark.parametrize("name", ["gpudesk.ico", "gpudesk.icns"])
def test_committed_icons_hold_every_size_the_platforms_ask_for(name: str) -> None:
    data = (ROOT / "gpudesk" / "resources" / name).read_bytes()
    if name.endswith(".ico"):
        reserved, kind, count = struct.unpack_from("<HHH", data)
        assert (reserved, kind) == (0, 1)
        sizes = set()
        for i in range(count):
            w, _h, _c, _r, _planes, _bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
            assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
            sizes.add(w or 256)
        assert {16, 32, 48, 256} <= sizes
    else:
        assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
        kinds, pos = set(), 8
        while pos < len(data):
            kind, length = data[pos:pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
            assert data[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
            kinds.add(kind)
            pos += length
        assert pos == len(data) and {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


def test_icon_generator_writes_readable_containers(tmp_path: Path) -> None:
    pytest.importorskip("PySide6")
    ico, icns = tmp_path / "a.ico", tmp_path / "a.icns"
    icons.write_icons(ico, icns)
    from PySide6 import QtGui

    data = ico.read_bytes()
    assert struct.unpack_from("<HHH", data) == (0, 1, len(icons.ICO_SIZES))
    for i, size in enumerate(sorted(icons.ICO_SIZES)):
        *_, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        image = QtGui.QImage.fromData(data[offset:offset + length], "PNG")
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 3).alpha() == 255  # the drawing, not an empty square
    assert icns.read_bytes()[:4] == b"icns"


def test_windows_build_fails_without_the_inno_compiler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("ISCC", "WINDOWS_SIGN_PFX"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("ProgramFiles", str(tmp_path))
    monkeypatch.setenv("ProgramFiles(x86)", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["build.py"])
    with pytest.raises(SystemExit, match="ISCC"):
        build.windows_installer(tmp_path / "gpudesk")


def test_windows_build_fails_when_the_compiler_makes_no_installer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    silent = tmp_path / "ISCC.exe"  # a compiler that exits 0 and writes nothing
    silent.write_text("#!/bin/sh\nexit 0\n")
    silent.chmod(0o755)
    monkeypatch.setenv("ISCC", str(silent))
    monkeypatch.delenv("WINDOWS_SIGN_PFX", raising=False)
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    monkeypatch.setattr(sys, "argv", ["build.py"])
    if os.name != "posix":
        pytest.skip("the stand-in compiler is a shell script")
    with pytest.raises(SystemExit, match="missing"):
        build.windows_installer(tmp_path / "gpudesk")


def test_signing_is_skipped_without_a_certificate_and_refused_without_signtool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WINDOWS_SIGN_PFX", raising=False)
    assert build.sign_windows([tmp_path / "x.exe"]) is False
    monkeypatch.setenv("WINDOWS_SIGN_PFX", str(tmp_path / "cert.pfx"))
    monkeypatch.delenv("SIGNTOOL", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("ProgramFiles(x86)", str(tmp_path))
    with pytest.raises(SystemExit, match="signtool"):
        build.sign_windows([tmp_path / "x.exe"])


def test_smoke_runs_the_executable_users_launch() -> None:
    gui, cli = smoke.targets("win32")
    assert (gui.name, cli.name) == ("gpudesk.exe", "gpudesk-cli.exe")
    gui, cli = smoke.targets("darwin")
    assert gui.parts[-4:] == ("gpudesk.app", "Contents", "MacOS", "gpudesk") and cli.name == "gpudesk-cli"
    gui, cli = smoke.targets("linux")
    assert gui == cli and gui.name == "gpudesk"


def test_workflow_runs_on_every_change_on_every_platform_and_uploads_or_fails() -> None:
    wf = _workflow()
    assert set(wf["on"]) >= {"push", "pull_request"} and wf["on"]["push"] in (None, {})  # not only tags
    assert set(wf["jobs"]["test"]["strategy"]["matrix"]["os"]) >= {"windows-latest", "macos-14", "ubuntu-latest"}
    legs = wf["jobs"]["package"]["strategy"]["matrix"]["include"]
    assert {leg["os"] for leg in legs} >= {"windows-latest", "macos-14", "ubuntu-latest"}
    assert {leg["arch"] for leg in legs if leg["os"].startswith("macos")} == {"arm64", "x86_64"}  # Intel Macs too
    steps = wf["jobs"]["package"]["steps"]
    runs = "\n".join(s.get("run", "") for s in steps)
    assert "python packaging/smoke.py" in runs and "packaging/check_bundle.py dist/gpudesk.app --arch" in runs
    assert "smoke.py --app-dir" in runs  # the installed copy too
    uploads = [s for job in wf["jobs"].values() for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
    assert uploads and all(s["with"]["if-no-files-found"] == "error" for s in uploads)
    for job in wf["jobs"].values():
        for step in job["steps"]:
            assert "secrets." not in step.get("run", ""), "secrets reach scripts through env only"
            if "secrets." in str(step.get("env", {})) and step.get("name", "").startswith(("Authenticode", "Developer ID")):
                assert "steps.secrets.outputs" in step["if"], "signing steps are skipped when the secret is absent"


def test_every_posix_test_leg_has_a_real_sshd_target() -> None:
    """Linux runs the sshd tests as root (a throw-away user with a password); macOS, without root or useradd,
    serves the runner's own user (keys only), with tmux for the terminal tests."""
    steps = _workflow()["jobs"]["test"]["steps"]
    linux = [s for s in steps if s.get("if") == "runner.os == 'Linux'" and "pytest" in s.get("run", "")]
    mac = [s for s in steps if s.get("if") == "runner.os == 'macOS'" and "pytest" in s.get("run", "")]
    assert linux and "sudo" in linux[0]["run"] and "GPUDESK_REQUIRE_SSHD=1" in linux[0]["run"]
    assert mac and mac[0]["env"]["GPUDESK_SSHD_AS_USER"] == "1" and mac[0]["run"].endswith("pytest tests/e2e")
    assert any("brew install tmux" in s.get("run", "") for s in steps if s.get("if") == "runner.os == 'macOS'")
