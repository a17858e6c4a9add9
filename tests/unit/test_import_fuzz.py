"""No input crashes a parser: every file gives sessions/warnings or a typed error with a message."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpudesk.core.sessions.importers.common import FileResult, ImportFileError
from gpudesk.core.sessions.importers.mobaxterm import parse_mobaxterm
from gpudesk.core.sessions.importers.putty import parse_putty_reg
from gpudesk.core.sessions.importers.ssh_config import parse_ssh_config
from gpudesk.core.sessions.importers.xshell import parse_xshell
from gpudesk.core.ssh.errors import ConnectError
from gpudesk.core.ssh.ppk import load_ppk

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_DIR = Path(tempfile.mkdtemp(prefix="gpudesk-fuzz-"))


def run_parser(parser, data: bytes, name: str) -> None:  # type: ignore[no-untyped-def]
    path = _DIR / name
    path.write_bytes(data)
    try:
        result = parser(path)
    except ImportFileError as exc:
        assert str(exc).strip(), "an import error must say what is wrong"
        return
    assert isinstance(result, FileResult)
    for item in result.sessions:
        item.session.validate()  # whatever comes out can be saved
        assert item.session.name and item.session.host


def mutate(seed: bytes):  # type: ignore[no-untyped-def]
    """Real files with bytes cut, replaced or inserted: the damage users actually meet."""
    return st.tuples(st.integers(0, len(seed)), st.integers(0, len(seed)), st.binary(max_size=40)).map(
        lambda t: seed[: min(t[0], t[1])] + t[2] + seed[max(t[0], t[1]) :]
    )


def lines_from(alphabet: list[str]):  # type: ignore[no-untyped-def]
    return st.lists(st.sampled_from(alphabet) | st.text(max_size=30), max_size=25).map(lambda ls: "\n".join(ls).encode("utf-8"))


SSH_WORDS = ["Host *", "Host a b", "Host =x", "HostName 1.2.3.4", "Port 99999", "Port x", "User u", "Include *",
             "Include ../../../etc/*", "Match all", "Match exec \"false\"", "ProxyJump a,b@c:2", "ProxyJump [::1]:x",
             "IdentityFile ~/k", "Host \"unclosed", "Port=2222", "  "]
MOBA_WORDS = ["[Bookmarks]", "[Bookmarks_1]", "SubRep=a\\b", "ImgNum=41", "s=#109#0%h%22%u%", "x=#109#0%%%",
              "y=#109#0%h%0%%%%%%a__PIPE__b%1__PIPE__%u#t#0", "z=#1#4%h", "=#109#0%h%22%u%#a#b", "[Misc]", "k=v"]
REG_WORDS = ["Windows Registry Editor Version 5.00", "REGEDIT4", "[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\a%2]",
             '"HostName"="h"', '"HostName"="u@"', '"PortNumber"=dword:ffffffff', '"PortNumber"=dword:', '"Protocol"="ssh"',
             '"ProxyMethod"=dword:00000006', '"ProxyHost"="p"', '"ProxyPort"=dword:0', '"X"=hex:00,\\', "@=\"\""]
XSH_WORDS = ["[CONNECTION]", "[CONNECTION:AUTHENTICATION]", "Host=h", "Host=", "Port=0", "Port=22", "UserName=u",
             "UserKey=k", "Protocol=SSH", "Protocol=", "[CONNECTION", "k", "[CONNECTION:PROXY]", "Proxy=p"]


@FUZZ
@given(st.binary(max_size=600) | lines_from(SSH_WORDS) | mutate((FIX / "ssh" / "config").read_bytes()))
def test_ssh_config_never_crashes(data: bytes) -> None:
    run_parser(lambda p: parse_ssh_config(p, ssh_dir=_DIR / "no-such-dir"), data, "config")


@FUZZ
@given(st.binary(max_size=600) | lines_from(MOBA_WORDS) | mutate((FIX / "mobaxterm_gbk_chinese.mxtsessions").read_bytes()))
def test_mobaxterm_never_crashes(data: bytes) -> None:
    run_parser(parse_mobaxterm, data, "s.mxtsessions")


@FUZZ
@given(st.binary(max_size=600) | lines_from(REG_WORDS) | mutate((FIX / "putty_utf16_crlf.reg").read_bytes()))
def test_putty_never_crashes(data: bytes) -> None:
    run_parser(parse_putty_reg, data, "s.reg")


@FUZZ
@given(st.binary(max_size=600) | lines_from(XSH_WORDS) | mutate((FIX / "xshell7" / "Sessions" / "h800.xsh").read_bytes()))
def test_xshell_never_crashes(data: bytes) -> None:
    run_parser(parse_xshell, data, "s.xsh")


@settings(max_examples=80, deadline=None)
@given(mutate((FIX / "ppk" / "ed25519_v3_plain.ppk").read_bytes()) | mutate((FIX / "ppk" / "rsa2048_v2_plain.ppk").read_bytes()))
def test_ppk_never_crashes(data: bytes) -> None:
    try:
        load_ppk(data.decode("utf-8", errors="replace"), None)
    except ConnectError as exc:  # KeyFileError, UnsupportedKey, PassphraseRequired …
        assert str(exc).strip()
