"""The safe-name rule for remote names that become local paths (transfers, sync, editor, drag-out).

The Windows device list here is the test's own (from Microsoft's naming rules), not the
product's, so a name the product forgets shows up as a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gpudesk.core.transfer.names import local_child, safe_name

_SUPERSCRIPTS = ("\u00b9", "\u00b2", "\u00b3")
DEVICES = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{p}{n}" for p in ("COM", "LPT") for n in (*"0123456789", *_SUPERSCRIPTS)
}
WINDOWS_FORBIDDEN = set('<>:"/\\|?*')


def windows_takes_as_device(name: str) -> bool:
    """What Windows does: the part before the first dot, trailing spaces dropped, any case."""
    return name.split(".", 1)[0].rstrip(" ").upper() in DEVICES


def portable(name: str) -> bool:
    """A name that is one valid, harmless path component on Windows, macOS and Linux."""
    return (
        name not in ("", ".", "..")
        and not (WINDOWS_FORBIDDEN & set(name))
        and all(ord(c) >= 32 and not 0x7F <= ord(c) <= 0x9F for c in name)
        and not name.endswith((".", " "))
        and not windows_takes_as_device(name)
        and len(name.encode("utf-8")) <= 255
    )


DEVICE_NAMES = [
    "CON", "con", "Con.txt", "CON .txt", "con.tar.gz", "NUL.", "nul . ", "AUX.", "prn",
    "COM0", "com9.log", "LPT0", "lpt9", "COM\u00b9", "com\u00b2.txt", "LPT\u00b3", "lpt\u00b9.bin",
    "CONIN$", "conin$.txt", "CONOUT$", "conout$ .log", "COM1 ", "LPT2 .x",
]  # fmt: skip


@pytest.mark.parametrize("name", DEVICE_NAMES)
def test_every_windows_device_name_is_made_safe(name: str) -> None:
    out = safe_name(name)
    assert portable(out), (name, out)
    assert out.lower().endswith(name.rstrip(" .").lower()[-3:])  # still recognisable


@pytest.mark.parametrize("name", ["CONSOLE", "COM10", "LPT", "console.txt", "con_txt", "aux2", "COM1x", "NULL", "CONIN"])
def test_names_that_only_look_like_devices_are_kept(name: str) -> None:
    assert safe_name(name) == name


@pytest.mark.parametrize(
    "name",
    ["..", ".", "", "...", " . ", "a/b", "../../.bashrc", "/etc/passwd", "a\\b", "..\\..\\x", "x\x00y",
     "\x1b[31mred", "bell\x07", "c1\x9b31m", "del\x7f", "trail. ", "tab\tname", "new\nline", "a:b", "what?.txt"],
)  # fmt: skip
def test_separators_dots_and_control_characters(name: str) -> None:
    out = safe_name(name)
    assert portable(out), (name, out)
    assert "/" not in out and "\\" not in out


def test_long_names_are_shortened_keeping_the_extension() -> None:
    a = "x" * 300 + "-a.tar.gz"
    b = "x" * 300 + "-b.tar.gz"
    wide = "\u00e9" * 200 + ".pt"  # 2 bytes each in UTF-8
    for name, ext in ((a, ".tar.gz"), (b, ".tar.gz"), (wide, ".pt"), ("\u65e5" * 120 + ".safetensors", ".safetensors")):
        out = safe_name(name)
        assert portable(out) and out.endswith(ext), out
        assert len((out + ".gpudesk-part").encode("utf-8")) <= 255  # the partial copy fits too
        out.encode("utf-8")  # never cut inside a character
    # Two long names that differ only at the end stay two names.
    assert safe_name(a) != safe_name(b)
    assert portable(safe_name("CON." + "a" * 300))


def test_safe_names_are_left_alone() -> None:
    corpus = [*DEVICE_NAMES, "x" * 300 + ".pt", "ckpt_10:00.pt", "ok name.tar.gz", "\u65e5\u672c\u8a9e.txt", ".bashrc",
              "-rf", "a\udcffb"]  # fmt: skip
    for name in corpus:
        once = safe_name(name)
        assert safe_name(once) == once, name
    for name in ("ok name.tar.gz", "\u65e5\u672c\u8a9e.txt", ".bashrc", "-rf", "COM10", "train.py"):
        assert safe_name(name) == name


def test_local_child_stays_in_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    assert local_child(folder, "..") == folder / "_"
    assert local_child(folder, "../../x") == folder / ".._.._x"  # one harmless name
    assert local_child(folder, "CONIN$") == folder / "_CONIN$"
    (folder / "link").symlink_to(outside)
    with pytest.raises(ValueError):
        local_child(folder, "link")  # a link of that name would lead the write elsewhere
    assert os.path.realpath(local_child(folder, "a/b")).startswith(os.path.realpath(folder) + os.sep)
