"""A shell gets a UTF-8 locale from gpudesk, with and without the server's AcceptEnv; typed CJK round-trips."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.terminal.keys import encode_key
from tests.e2e.test_terminal_shell import Term, term  # noqa: F401 - the fixture is used by name
from tests.helpers.sshd import start_sshd

pytestmark = pytest.mark.e2e


def _check_utf8_shell(t: Term) -> None:
    t.run("echo LANG''IS=$LANG")
    t.wait_text("LANGIS=C.UTF-8")
    # Typed, not printed by printf: bash's line editor must read the bytes as characters.
    t.shell.write("echo 中文''输入-$((6*7))".encode() + encode_key("Enter"))
    t.wait(lambda: any(r.rstrip() == "中文输入-42" for r in t.screen.display))


def test_lang_reaches_the_shell_and_cjk_typing_works(term, monkeypatch) -> None:  # noqa: F811
    monkeypatch.setenv("LANG", "C")  # a desktop without a UTF-8 locale
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    _check_utf8_shell(term())


@pytest.fixture(scope="module")
def strict_sshd(sshd):
    """A second sshd like the test one but without AcceptEnv: env requests are dropped silently."""
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-noenv-"))
    server = start_sshd(workdir)
    server.stop()
    cfg = workdir / "sshd_config"
    cfg.write_text("".join(line for line in cfg.read_text().splitlines(True) if not line.startswith("AcceptEnv")))
    server.start()
    yield server
    server.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def test_a_server_without_acceptenv_still_gets_a_utf8_shell(strict_sshd, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    own = tmp_path / "known_hosts"
    own.write_text(strict_sshd.known_hosts.read_text())
    conn = Connection(
        Target(strict_sshd.host, strict_sshd.port, strict_sshd.username, timeout_s=10),
        Credentials("key_file", identity_file=str(strict_sshd.key_path)),
        HostKeyStore(own, extra_files=[]),
    )
    conn.connect()
    assert conn.exec('printf "%s" "${LANG-unset}"').out == "unset"  # the server really ignores SendEnv
    t = Term(conn)
    try:
        _check_utf8_shell(t)
        # The marker for the file browser's "follow the shell" arrives the same way.
        t.run("cd /usr/share && echo in''share")
        t.wait_text("inshare")
        t.wait(lambda: t.shell.current_folder(conn) == "/usr/share")
    finally:
        t.shell.close()
        conn.close()
