"""A local path too long for the computer is said plainly (Windows' 260 characters, POSIX's NAME_MAX), not "missing"."""

from __future__ import annotations

import errno
import os

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


# -- the extended-length form: deep folders open without the user turning long paths on -----------------
DEEP_WIN = "C:\\Users\\me\\" + "\\".join(["experiment-folder"] * 16) + "\\epoch-10.pt"


def test_a_deep_windows_path_gets_the_extended_prefix_and_is_shown_without_it() -> None:
    from gpudesk.core.transfer.longpath import extended_str, shown

    wide = extended_str(DEEP_WIN, nt=True)
    assert wide == "\\\\?\\" + DEEP_WIN
    assert shown(wide) == DEEP_WIN  # what the user reads in an error or a conflict question


def test_the_prefixed_form_is_tidied_first_as_windows_no_longer_does_it_then() -> None:
    from gpudesk.core.transfer.longpath import extended_str

    messy = "C:/Users/me/" + "/".join(["experiment-folder"] * 16) + "/./runs/../epoch-10.pt"
    assert extended_str(messy, nt=True) == "\\\\?\\" + DEEP_WIN  # backslashes, no . or ..


def test_a_folder_whose_files_are_yet_to_come_is_extended_whatever_its_length() -> None:
    """A download into C:\\Users\\me\\Downloads makes files far below it: the root carries the prefix down."""
    from gpudesk.core.transfer.longpath import extended_str

    assert extended_str("C:\\Users\\me\\Downloads", nt=True, root=True) == "\\\\?\\C:\\Users\\me\\Downloads"
    assert extended_str("C:\\Users\\me\\Downloads", nt=True) == "C:\\Users\\me\\Downloads"  # one file: by length


def test_a_deep_share_path_gets_the_unc_form() -> None:
    from gpudesk.core.transfer.longpath import extended_str, shown

    share = "\\\\nas\\team\\" + "\\".join(["experiment-folder"] * 16) + "\\epoch-10.pt"
    wide = extended_str(share, nt=True)
    assert wide == "\\\\?\\UNC\\nas\\team\\" + "\\".join(["experiment-folder"] * 16) + "\\epoch-10.pt"
    assert shown(wide) == share


@pytest.mark.parametrize(
    "path",
    [
        "C:\\Users\\me\\runs\\epoch-10.pt",  # short: the classic calls work, nothing changes
        "\\\\?\\" + DEEP_WIN,  # already extended: never twice
        "relative\\" + "\\".join(["experiment-folder"] * 16),  # not absolute here: left as given
    ],
)
def test_paths_that_need_no_prefix_are_left_alone(path: str) -> None:
    from gpudesk.core.transfer.longpath import extended_str

    assert extended_str(path, nt=True) == path


def test_off_windows_nothing_changes() -> None:
    from gpudesk.core.transfer.longpath import extended_str

    deep = "/" + "/".join(["experiment-folder"] * 16) + "/epoch-10.pt"
    assert extended_str(deep, nt=False) == deep


def test_a_disk_error_on_an_extended_path_names_the_users_path(tmp_path) -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    text = errors.describe_local(full, "\\\\?\\" + DEEP_WIN)
    assert DEEP_WIN in text and "\\\\?\\" not in text


@pytest.mark.skipif(os.name != "nt", reason="Windows runner: real files deeper than 260 characters")
def test_on_windows_a_file_deeper_than_260_characters_is_written_and_read(tmp_path) -> None:
    from gpudesk.core.transfer.longpath import extended

    deep = tmp_path.joinpath(*["experiment-folder"] * 16)
    assert len(str(deep / "epoch-10.pt")) > errors.WINDOWS_MAX_PATH
    wide = extended(deep)
    wide.mkdir(parents=True)
    (wide / "epoch-10.pt").write_bytes(b"weights")
    assert (wide / "epoch-10.pt").read_bytes() == b"weights"


def test_a_file_whose_part_copy_would_pass_the_limit_is_extended_already() -> None:
    """250 characters fit, but the download is first written as ``name.gpudesk-part``: 263 would not."""
    from gpudesk.core.transfer.longpath import extended_str
    from gpudesk.core.transfer.names import PART_SUFFIX

    path = "C:\\runs\\" + "d" * 230 + "\\model.pt"
    assert len(path) < errors.WINDOWS_MAX_PATH <= len(path + PART_SUFFIX)
    assert extended_str(path, nt=True).startswith("\\\\?\\")
