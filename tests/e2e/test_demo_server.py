"""`gpudesk demo-server`: its JSON line, and logins by our client and by OpenSSH's own ssh/sftp."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo(tmp_path: Path):
    env = dict(os.environ, GPUDESK_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "gpudesk", "demo-server", "--port", "0", "--gpus", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    line = proc.stdout.readline()
    assert line, proc.stderr.read()
    info = json.loads(line)
    info["sandbox"] = tmp_path / "home" / "data" / "demo-server"
    yield info
    proc.terminate()
    proc.wait(10)


def test_json_line_has_the_contract_fields(demo) -> None:
    assert set(demo) >= {"host", "port", "username", "password", "host_key_sha256"}
    assert demo["host"] == "127.0.0.1" and demo["port"] > 0
    assert demo["host_key_sha256"].startswith("SHA256:")


def _connect(demo, password: str, tmp_path: Path) -> Connection:
    answers = []

    def ask(question):
        answers.append(question.fingerprint)
        return "once"

    c = Connection(Target(demo["host"], demo["port"], demo["username"], timeout_s=10), Credentials("password", password=password), HostKeyStore(tmp_path / "kh", extra_files=[]), ask_host_key=ask)
    c.connect()
    assert answers == [demo["host_key_sha256"]], "the printed fingerprint is the one the server presents"
    return c


def test_login_shell_exec_and_sftp_with_the_printed_password(demo, tmp_path: Path) -> None:
    with _connect(demo, demo["password"], tmp_path) as c:
        result = c.exec("echo hello; pwd; exit 3")
        assert result.out.splitlines()[0] == "hello"
        assert result.exit_code == 3
        assert Path(result.out.splitlines()[1]).resolve() == demo["sandbox"].resolve()
        sftp = c.open_sftp()
        assert {"project", "data", "results"} <= set(sftp.listdir("."))
        with sftp.open("results/out.txt", "w") as fh:
            fh.write("from sftp")
        assert (demo["sandbox"] / "results" / "out.txt").read_text() == "from sftp"
        with pytest.raises(PermissionError):
            sftp.listdir("/etc")
        chan = c.open_shell(cols=100, rows=30)
        chan.sendall(b"stty size; exit\n")
        out = b""
        while chunk := chan.recv(4096):
            out += chunk
        assert b"30 100" in out


def test_wrong_password_is_refused(demo, tmp_path: Path) -> None:
    with pytest.raises(E.AuthenticationFailed):
        _connect(demo, "wrong-password-1", tmp_path)


def test_openssh_clients_can_use_it(demo, tmp_path: Path) -> None:
    askpass = tmp_path / "askpass.sh"
    askpass.write_text(f"#!/bin/sh\necho '{demo['password']}'\n")
    askpass.chmod(0o700)
    env = dict(os.environ, SSH_ASKPASS=str(askpass), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
    opts = ["-o", f"UserKnownHostsFile={tmp_path / 'kh'}", "-o", "StrictHostKeyChecking=accept-new", "-o", "PubkeyAuthentication=no", "-p", str(demo["port"])]
    out = subprocess.run(["ssh", *opts, f"{demo['username']}@{demo['host']}", "echo via-openssh"], env=env, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "via-openssh"
    # `sftp -b` forces BatchMode (no password); commands on stdin work with a password.
    sftp_opts = [o if o != "-p" else "-P" for o in opts]
    out = subprocess.run(["sftp", *sftp_opts, f"{demo['username']}@{demo['host']}"], env=env, capture_output=True, text=True, timeout=30, input="ls project\nbye\n")
    assert out.returncode == 0, out.stderr
    assert "train.py" in out.stdout


def test_demo_shell_reports_its_folder(demo, tmp_path: Path) -> None:
    """The demo's shell prints OSC 7 at each prompt, and its process carries our marker too."""
    import time

    from gpudesk.core.terminal import TerminalScreen
    from gpudesk.core.terminal.shell import ShellSession

    conn = _connect(demo, demo["password"], tmp_path)
    screen = TerminalScreen(80, 24)
    shell = ShellSession(80, 24)
    shell.start(conn)
    try:
        shell.write(b"mkdir -p 'runs/a #1 100%' && cd 'runs/a #1 100%'\r")
        want = str(demo["sandbox"].resolve() / "runs" / "a #1 100%")  # reported percent-encoded, read back intact
        deadline = time.monotonic() + 20
        while screen.cwd != want and time.monotonic() < deadline:
            screen.feed(shell.output.take(1 << 20))
            time.sleep(0.05)
        assert screen.cwd == want
        if sys.platform.startswith("linux"):
            assert shell.current_folder(conn) == want
    finally:
        shell.close()
        conn.close()


@pytest.mark.skipif(not __import__("shutil").which("tmux"), reason="tmux is not installed on this machine")
def test_demo_nvidia_smi_is_found_in_a_persistent_tmux_shell(demo, tmp_path: Path) -> None:
    """Shells in tmux are login shells; a system profile that resets PATH must not hide the demo's nvidia-smi."""
    import time

    from gpudesk.core.terminal import TerminalScreen
    from gpudesk.core.terminal.shell import ShellSession

    conn = _connect(demo, demo["password"], tmp_path)
    screen = TerminalScreen(100, 30)
    shell = ShellSession(100, 30, tmux_session="gpudesk-test-path")
    shell.start(conn)
    try:
        shell.write(b"echo N''=$(nvidia-smi -L | grep -c '^GPU ')\r")  # the demo fixture has 2 GPUs
        deadline = time.monotonic() + 20
        while "N=2" not in "\n".join(screen.display) and time.monotonic() < deadline:
            screen.feed(shell.output.take(1 << 20))
            time.sleep(0.05)
        assert "N=2" in "\n".join(screen.display), "\n".join(screen.display)
        assert "demo@gpu-server" in "\n".join(screen.display)  # the demo's prompt, not the system's
    finally:
        shell.close()
        conn.exec("tmux kill-server")
        conn.close()
