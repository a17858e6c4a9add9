"""Importing hostile or odd files: unreadable Include matches, FIFOs, symlink loops, include loops and
very long lines. The import must finish, keep the good sessions and say what it skipped.

Sizes are chosen so that the quadratic parsing these tests guard against takes many minutes, while the
linear parsing takes about a second; no test measures time itself.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from gpudesk.core.sessions.importers import parse_paths
from gpudesk.core.sessions.importers.mobaxterm import parse_mobaxterm
from gpudesk.core.sessions.importers.putty import parse_putty_reg
from gpudesk.core.sessions.importers.ssh_config import parse_ssh_config
from gpudesk.core.sessions.importers.xshell import parse_xshell
from tests.helpers.cli import gpudesk

GOOD = "Host good\n  HostName 10.0.0.1\n  User ubuntu\n"


def names(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [i.session.name for i in result.sessions]


def test_unreadable_include_matches_are_skipped(tmp_path: Path) -> None:
    conf = tmp_path / "conf.d"
    conf.mkdir()
    os.mkfifo(conf / "a-fifo")  # opening it for reading would wait for a writer forever
    (conf / "b-folder").mkdir()
    (conf / "c-broken").symlink_to(tmp_path / "missing")
    (conf / "d-loop1").symlink_to(conf / "d-loop2")
    (conf / "d-loop2").symlink_to(conf / "d-loop1")
    (conf / "e-latin1.conf").write_bytes(b"Host caf\xe9\n  HostName 10.0.0.5\n")  # not UTF-8
    (conf / "f-fifo-link").symlink_to(conf / "a-fifo")
    # A file that includes itself, also under a second name (a hard link), and the top file again.
    (conf / "g-self.conf").write_text(f"Include {conf}/g-self.conf\nInclude {conf}/h-hard.conf\nInclude {tmp_path}/config\n"
                                      "Host self\n  HostName 10.0.0.6\n")
    os.link(conf / "g-self.conf", conf / "h-hard.conf")
    (tmp_path / "config").write_text(f"Include {conf}/*\nInclude {conf}/a-fifo\n" + GOOD)
    result = parse_ssh_config(tmp_path / "config", ssh_dir=tmp_path)
    assert names(result) == ["café", "self", "good"]
    assert any("includes itself" in w for w in result.warnings)
    skipped = " ".join(result.warnings)
    for name in ("a-fifo", "b-folder", "c-broken", "d-loop1", "f-fifo-link"):
        assert name in skipped, name


def run_cli_import(fmt: str, path: Path, home: Path) -> subprocess.CompletedProcess[str]:
    # A hang is the failure this guards against: the timeout turns it into an error.
    return gpudesk("sessions", "import", fmt, str(path), "--dry-run", home=home, timeout=60)


def test_a_fifo_or_a_symlink_loop_given_as_the_file_is_an_error_not_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "config"
    os.mkfifo(fifo)
    result = run_cli_import("ssh-config", fifo, tmp_path / "home")
    assert result.returncode == 2 and "not a regular file" in result.stderr
    for fmt in ("putty", "mobaxterm", "xshell"):
        (error,) = parse_paths(fmt, [fifo])
        assert "not a regular file" in error.error

    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    (error,) = parse_paths("ssh-config", [tmp_path / "a"])
    assert error.error and "symbolic links" in error.error


def test_a_five_megabyte_host_line_is_parsed(tmp_path: Path) -> None:
    long_alias = "a" * 5_000_000
    (tmp_path / "config").write_text(f"Host {long_alias}\n  HostName 10.0.0.3\n# {'c' * 5_000_000}\n" + GOOD)
    result = parse_ssh_config(tmp_path / "config", ssh_dir=tmp_path)
    assert [len(n) for n in names(result)] == [5_000_000, 4]
    assert result.sessions[0].session.host == "10.0.0.3"


def test_twenty_thousand_host_patterns_on_one_line(tmp_path: Path) -> None:
    hosts = [f"node{i:05d}" for i in range(20_000)]
    (tmp_path / "config").write_text(
        "Host " + " ".join(hosts) + " !node00007\n  User trainer\n  Port 2222\n"
        "Host node00003\n  HostName 10.9.9.9\n"
        "Host node0000?\n  Port 2200\n" + GOOD
    )
    result = parse_ssh_config(tmp_path / "config", ssh_dir=tmp_path)
    by_name = {i.session.name: i.session for i in result.sessions}
    assert len(by_name) == 20_001
    assert (by_name["node19999"].username, by_name["node19999"].port, by_name["node19999"].host) == ("trainer", 2222, "node19999")
    assert (by_name["node00003"].host, by_name["node00003"].port) == ("10.9.9.9", 2222)
    assert by_name["node00007"].port == 2200  # the negated pattern excludes the first block
    assert by_name["good"].username == "ubuntu"


def test_putty_long_hex_values_are_joined_in_linear_time(tmp_path: Path) -> None:
    continued = "00,\\\r\n" * 2_500_000  # one value over 2.5 million lines (15 MB, just under the size limit)
    reg = tmp_path / "big.reg"
    reg.write_text(
        "Windows Registry Editor Version 5.00\r\n\r\n"
        "[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\big]\r\n"
        '"HostName"="10.0.0.4"\r\n"Blob"=hex:00,\\\r\n' + continued + "  00\r\n"
        '"UserName"="u"\r\n'
    )
    result = parse_putty_reg(reg)
    assert names(result) == ["big"] and result.sessions[0].session.username == "u"


def test_long_runs_of_spaces_do_not_stall_mobaxterm_or_xshell(tmp_path: Path) -> None:
    spaces = " " * 1_000_000
    moba = tmp_path / "s.mxtsessions"
    moba.write_text(
        f"[Bookmarks]\nSubRep=\nImgNum=42\nname{spaces}x= #109#0%10.0.0.6%22%root%\n"
        "ok= #109#0%10.0.0.7%22%root%%-1%-1%%%%%0%0%0%%%-1%0%0%0%%1080%%0%0%1#F%10#0# #-1\n"
    )
    (error,) = parse_paths("mobaxterm", [moba])
    assert "cut off" in error.error or "not a MobaXterm session line" in error.error
    moba.write_text(
        f"[Bookmarks]\nSubRep=\nImgNum=42\n;{spaces}x\n"
        "ok= #109#0%10.0.0.7%22%root%%-1%-1%%%%%0%0%0%%%-1%0%0%0%%1080%%0%0%1#F%10#0# #-1\n"
        f"odd{spaces}= {spaces}\n"
    )
    (error,) = parse_paths("mobaxterm", [moba])
    assert "not a MobaXterm session line" in error.error

    xsh = tmp_path / "s.xsh"
    xsh.write_text(f"[CONNECTION]\nHost=10.0.0.8\nDescription{spaces}x\n")
    (error,) = parse_paths("xshell", [xsh])
    assert "not an Xshell session file" in error.error
    xsh.write_text(f"[CONNECTION]\nHost=10.0.0.8\nDescription=a{spaces}b\n[CONNECTION:AUTHENTICATION]\nUserName=u\n")
    assert names(parse_xshell(xsh)) == ["s"]
    assert parse_mobaxterm is not None
