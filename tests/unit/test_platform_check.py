"""When Qt's X11 plugin cannot load, the app names every library that is really missing and the packages
that hold them (not only the first one Qt happens to name)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.ui import platform_check

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="Linux")


def build_lib_needing(tmp_path: Path, needed: list[str]) -> Path:
    """A real shared object whose DT_NEEDED lists libraries this machine does not have (made with the C compiler)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build a test library")
    src = tmp_path / "p.c"
    src.write_text("int plugin_entry(void) { return 1; }\n")
    out = tmp_path / "libqxcb.so"
    stubs = []
    for name in needed:  # link against stand-in libraries of those sonames, then remove them
        stub = tmp_path / name
        subprocess.run([cc, "-shared", "-fPIC", "-o", str(stub), f"-Wl,-soname,{name}", str(src)], check=True)
        stubs.append(stub)
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(out), str(src), "-Wl,--no-as-needed", *map(str, stubs)], check=True)
    for stub in stubs:
        stub.unlink()
    return out


def test_every_missing_library_is_named_with_its_packages(tmp_path) -> None:
    # Names no system has, so the test means the same on a machine with or without the xcb packages.
    plugin = build_lib_needing(tmp_path, ["libgpudesk-absent-a.so.0", "libgpudesk-absent-b.so.4"])
    assert platform_check.missing_libraries(plugin) == ["libgpudesk-absent-a.so.0", "libgpudesk-absent-b.so.4"]
    text = platform_check.advice(["libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    assert "Missing: libxcb-cursor.so.0, libxcb-icccm.so.4, libxcb-keysyms.so.1." in text
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in text
    assert "sudo dnf install xcb-util-cursor xcb-util-keysyms xcb-util-wm" in text


def test_the_check_loads_the_plugin_as_qt_would_and_says_nothing_when_it_loads(tmp_path, monkeypatch) -> None:
    broken = build_lib_needing(tmp_path, ["libgpudesk-absent-c.so.4"])
    monkeypatch.setattr(platform_check, "xcb_plugin", lambda: broken)
    problem = platform_check.check({"DISPLAY": ":0"})
    assert problem is not None and "Missing: libgpudesk-absent-c.so.4." in problem
    assert platform_check.check({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}) is None  # not the X11 plugin
    assert platform_check.check({}) is None  # no display: Qt says so itself
    (tmp_path / "ok").mkdir()
    fine = build_lib_needing(tmp_path / "ok", [])
    monkeypatch.setattr(platform_check, "xcb_plugin", lambda: fine)
    assert platform_check.check({"DISPLAY": ":0"}) is None


def test_an_unknown_library_is_named_with_a_way_to_find_it() -> None:
    text = platform_check.advice(["libweird.so.9"])
    assert "libweird.so.9" in text and "package search" in text
