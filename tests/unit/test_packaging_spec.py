"""The PyInstaller spec for each platform, run with sys.platform switched and PyInstaller's own BUNDLE on macOS.

Analysis/PYZ and the executables' assembly are stand-ins (nothing is compiled here); the COLLECT's settings
inheritance and the Info.plist that BUNDLE writes are PyInstaller's real code.
"""

from __future__ import annotations

import plistlib
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "gpudesk.spec"
sys.path.insert(0, str(ROOT / "packaging"))

import check_bundle  # noqa: E402
import spec_options  # noqa: E402

pytest.importorskip("PyInstaller")
from PyInstaller.building.api import COLLECT, EXE  # noqa: E402
from PyInstaller.building.osx import BUNDLE  # noqa: E402
from PyInstaller.config import CONF  # noqa: E402


class _Collect(COLLECT):
    """PyInstaller's COLLECT (its settings inheritance is real) without copying any file."""

    def assemble(self) -> None:
        pass


def run_spec(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Execute gpudesk.spec as PyInstaller would on ``platform``; return what it made."""
    import PyInstaller.building.osx as osx
    import PyInstaller.utils.hooks as hooks

    work, dist = tmp_path / "work", tmp_path / "dist"
    work.mkdir()
    dist.mkdir()
    for key, value in (("workpath", str(work)), ("distpath", str(dist)), ("specpath", str(SPEC.parent)),
                       ("upx_available", False), ("spec", str(SPEC))):
        monkeypatch.setitem(CONF, key, value)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(osx, "is_darwin", platform == "darwin")  # BUNDLE is a no-op unless on macOS
    monkeypatch.setattr(hooks, "collect_submodules", lambda *a, **k: [])
    monkeypatch.setattr(hooks, "collect_data_files", lambda *a, **k: [])
    made: dict[str, object] = {"exes": []}

    def analysis(*args, **kwargs):
        return SimpleNamespace(scripts=[], pure=[], binaries=[], datas=[])

    def exe(pyz, scripts, binaries, exclude_binaries, name, console, icon=None):
        built = work / name
        built.write_bytes(b"stand-in executable")
        obj = EXE.__new__(EXE)
        obj.__dict__.update(name=str(built), console=console, icon=icon, dependencies=[], toc=[], append_pkg=True,
                            pkgname=str(work / f"{name}.pkg"), contents_directory="_internal", target_arch=None,
                            codesign_identity=None, entitlements_file=None, strip=False, upx=False, upx_exclude=[])
        made["exes"].append(obj)
        return obj

    def bundle(*args, **kwargs):
        made["bundle_kwargs"] = kwargs
        made["bundle"] = BUNDLE(*args, **kwargs)
        return made["bundle"]

    namespace = {"SPECPATH": str(SPEC.parent), "Analysis": analysis, "PYZ": lambda *a, **k: object(), "EXE": exe,
                 "COLLECT": _Collect, "BUNDLE": bundle, "__file__": str(SPEC)}
    exec(compile(SPEC.read_text(), str(SPEC), "exec"), namespace)
    made["collect"] = namespace["coll"]
    made["dist"] = dist
    return made


def test_macos_app_is_a_foreground_app_with_a_cli_beside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("darwin", tmp_path, monkeypatch)
    assert [(Path(e.name).name, e.console) for e in made["exes"]] == [("gpudesk", False), ("gpudesk-cli", True)]
    # The trap: COLLECT inherits `console` from its last EXE (the console CLI), and BUNDLE from the COLLECT.
    assert made["collect"].console is True
    app = made["dist"] / "gpudesk.app"
    with (app / "Contents" / "Info.plist").open("rb") as fh:
        plist = plistlib.load(fh)
    assert plist["CFBundleExecutable"] == "gpudesk"  # the windowed one is what Finder launches
    assert plist.get("LSBackgroundOnly") is False and plist.get("LSUIElement") is False
    assert plist["LSMinimumSystemVersion"] == spec_options.qt_min_macos()
    assert plist["CFBundleIconFile"] == "gpudesk.icns"
    assert check_bundle.bundle_problems(app, archs=[], needed_min_macos=spec_options.qt_min_macos()) == []


def test_without_the_explicit_keys_pyinstaller_would_make_it_background_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check catches what PyInstaller really writes when the spec does not override it."""
    base = spec_options.info_plist
    monkeypatch.setattr(spec_options, "info_plist", lambda *a: {k: v for k, v in base(*a).items() if k not in ("LSBackgroundOnly", "LSUIElement")})
    made = run_spec("darwin", tmp_path, monkeypatch)
    problems = check_bundle.bundle_problems(made["dist"] / "gpudesk.app", archs=[])
    assert any("LSBackgroundOnly" in p for p in problems), problems


def test_windows_gets_a_windowed_exe_and_a_console_cli_with_the_ico(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("win32", tmp_path, monkeypatch)
    exes = {Path(e.name).name: e for e in made["exes"]}
    assert list(exes) == ["gpudesk", "gpudesk-cli"]
    assert exes["gpudesk"].console is False and exes["gpudesk-cli"].console is True
    assert all(e.icon and Path(e.icon).name == "gpudesk.ico" and Path(e.icon).is_file() for e in exes.values())
    assert "bundle" not in made


def test_linux_gets_one_executable_and_no_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("linux", tmp_path, monkeypatch)
    assert [(Path(e.name).name, e.console) for e in made["exes"]] == [("gpudesk", True)]
    assert "bundle" not in made


@pytest.mark.parametrize(
    ("wheel", "expected"),
    [
        ("Wheel-Version: 1.0\nTag: cp39-abi3-macosx_12_0_universal2\n", "12.0"),
        ("Tag: cp39-abi3-macosx_11_0_x86_64\nTag: cp39-abi3-macosx_13_0_arm64\n", "13.0"),
        ("Tag: cp310-abi3-manylinux_2_34_x86_64\n", None),
        ("Tag: cp39-abi3-win_amd64\n", None),
    ],
)
def test_minimum_macos_comes_from_the_qt_wheel(wheel: str, expected: str | None) -> None:
    assert spec_options.min_macos_from_wheel(wheel) == expected


def test_plist_check_rejects_what_users_could_not_see_or_run() -> None:
    good = spec_options.info_plist("1.0", "12.0") | {"CFBundlePackageType": "APPL"}
    assert check_bundle.plist_problems(good, "12.0") == []
    assert check_bundle.plist_problems(good | {"LSBackgroundOnly": True}, "12.0")
    assert check_bundle.plist_problems(good | {"LSUIElement": "1"}, "12.0")
    assert check_bundle.plist_problems(good | {"LSMinimumSystemVersion": "11.0"}, "12.0")  # older than Qt needs
    assert check_bundle.plist_problems({k: v for k, v in good.items() if k != "LSMinimumSystemVersion"}, "12.0")
