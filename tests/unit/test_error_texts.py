"""Every error text a user sees says what happened in words, even for an exception with no text.

Network libraries raise ``socket.timeout()``, ``EOFError()`` or a bare ``SSHException()``; their
``str()`` is empty, and "... ({error})." then read "... ()." to users after a cut.
"""

from __future__ import annotations

import errno
import re
import socket
from pathlib import Path

import paramiko
import pytest

from gpudesk.core.i18n import Msg
from gpudesk.core.ssh.errors import reason
from gpudesk.core.transfer.errors import FX_FAILURE, connection_lost, describe_local, describe_remote

ROOT = Path(__file__).resolve().parents[2]

TEXTLESS = [
    socket.timeout(),  # noqa: UP041 - the name paramiko and older code raise, kept on purpose
    TimeoutError(),
    EOFError(),
    OSError(),
    OSError(errno.EIO, ""),
    ConnectionResetError(),
    BrokenPipeError(),
    paramiko.SSHException(),
    RuntimeError(),
    RuntimeError("  "),
]


def words(text: str) -> None:
    assert text.strip(), "empty"
    assert not text.rstrip(" .").endswith("()"), text
    assert "()" not in text, text
    assert re.search(r"[A-Za-z]{3,}", text), text


@pytest.mark.parametrize("exc", TEXTLESS, ids=lambda e: type(e).__name__)
def test_an_exception_without_text_is_named_in_words(exc: BaseException) -> None:
    words(reason(exc))
    words(connection_lost(exc))
    if isinstance(exc, OSError):
        words(describe_local(exc))
        words(describe_local(exc, "/data/x.bin"))


def test_kinds_are_told_apart_and_translatable() -> None:
    assert reason(socket.timeout()) == "no answer in time"  # noqa: UP041 - as paramiko raises it
    assert reason(EOFError()) == "the other side closed the connection"
    assert reason(ConnectionResetError()) == "the connection was reset"
    assert "SSHException" in reason(paramiko.SSHException())
    # gpudesk's own words go through msg() (the UI shows them translated, e.g. in Chinese);
    # connection_lost keeps the reason inside as a translatable value.
    for exc in (socket.timeout(), EOFError(), paramiko.SSHException()):  # noqa: UP041
        text = reason(exc)
        assert isinstance(text, Msg) and text.context == "ConnectError"
        lost = connection_lost(exc)
        assert isinstance(lost, Msg) and isinstance(lost.args["error"], Msg) and lost.args["error"] == text


def test_text_of_an_exception_is_kept() -> None:
    assert reason(paramiko.SSHException("Timeout opening channel.")) == "Timeout opening channel."
    assert connection_lost(OSError("Socket is closed")) == "The connection was lost (Socket is closed)."
    assert describe_local(OSError(errno.EIO, "Input/output error"), "/x") == "A local disk error occurred (/x): Input/output error."


def test_a_server_failure_without_words_still_has_some() -> None:
    words(describe_remote(FX_FAILURE, "", "/srv/a"))
    words(describe_remote(FX_FAILURE, "   ", ""))
    words(describe_remote(99, "", ""))


def test_no_message_is_built_from_a_possibly_empty_exception_text() -> None:
    """``str(exc or ...)``: an exception is always true, so the fallback never applied."""
    bad = re.compile(r"str\(exc or|str\(exc\) or type\(exc\)")
    offenders = []
    for folder in ("gpudesk/core/transfer", "gpudesk/core/ssh"):
        for path in sorted((ROOT / folder).glob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if bad.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{n}")
    assert offenders == []
