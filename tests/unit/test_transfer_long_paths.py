"""A local path too long for the computer is said plainly (Windows' 260 characters, POSIX's NAME_MAX), not "missing"."""

from __future__ import annotations

import errno

import pytest

from gpudesk.core.transfer import errors


def test_a_name_too_long_for_the_disk_says_so_with_its_length(tmp_path) -> None:
    target = tmp_path / ("checkpoint-" + "x" * 300 + ".pt")
    with pytest.raises(OSError) as caught:
        target.write_bytes(b"")  # a real ENAMETOOLONG from this computer's file system
    text = errors.describe_local(caught.value, str(target))
    assert "Choose a shorter folder" in text and f"{len(str(target))} characters" in text


def test_windows_filename_exceeds_range_is_too_long() -> None:
    class WinError(OSError):
        winerror = 206  # ERROR_FILENAME_EXCED_RANGE

    exc = WinError(errno.EINVAL, "The filename or extension is too long")
    assert errors.too_long(exc, "C:\\Users\\me\\runs\\model.pt")
    assert "LongPathsEnabled" in errors.describe_local(exc, "C:\\Users\\me\\runs\\model.pt")


def test_on_windows_a_missing_file_deep_past_260_characters_is_a_path_too_long(monkeypatch) -> None:
    monkeypatch.setattr(errors.os, "name", "nt")
    deep = "/" + "/".join(["experiment-folder"] * 16) + "/epoch-10.pt"  # over 260 characters in all
    assert len(deep) > errors.WINDOWS_MAX_PATH
    assert "too long" in errors.describe_local(FileNotFoundError(errno.ENOENT, "path not found"), deep)
    # A short path that is missing is missing.
    short = errors.describe_local(FileNotFoundError(errno.ENOENT, "path not found"), "/runs/epoch-10.pt")
    assert "does not exist" in short and "too long" not in short


def test_elsewhere_a_long_missing_path_is_only_missing(monkeypatch) -> None:
    monkeypatch.setattr(errors.os, "name", "posix")
    deep = "/" + "/".join(["experiment-folder"] * 16) + "/epoch-10.pt"
    assert "does not exist" in errors.describe_local(FileNotFoundError(errno.ENOENT, "No such file"), deep)
