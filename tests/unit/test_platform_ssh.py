"""SSH on Windows, checked here with the platform switched: ProxyCommand without POSIX-only pipes,
agent forwarding refused with a reason, and the CLI leaving the agent search to paramiko."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh import agent
from gpudesk.core.ssh.open import connection_for
from gpudesk.core.ssh.proxy import CommandPipe, command_argv

RELAY = r'''
import socket, sys, threading
if len(sys.argv) > 3:
    sys.stderr.buffer.write(b"debug1: chatter\n" * int(sys.argv[3]))  # as "ssh -vvv -W" does
    sys.stderr.buffer.flush()
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
def down():
    for d in iter(lambda: s.recv(65536), b""):
        sys.stdout.buffer.write(d)
        sys.stdout.buffer.flush()
threading.Thread(target=down, daemon=True).start()
for d in iter(lambda: sys.stdin.buffer.read1(65536), b""):
    s.sendall(d)
'''


def relay(folder: Path) -> Path:
    folder.mkdir(parents=True)
    script = folder / "relay.py"
    script.write_text(RELAY)
    return script


def session(sshd, command: str) -> Session:
    return Session(name="p", host="127.0.0.1", port=sshd.port, username=sshd.username, auth="key_file",
                   identity_file=str(sshd.key_path), proxy_kind="command", proxy_command=command)


def test_windows_command_line_keeps_its_backslashes(sshd, trusting_store, tmp_path: Path, monkeypatch) -> None:
    # A folder whose name holds a backslash, as every Windows path does: POSIX splitting eats it.
    script = relay(tmp_path / "Tools\\relay")
    monkeypatch.setattr(sys, "platform", "win32")
    command = f'"{sys.executable}" {script} %h %p'
    with connection_for(session(sshd, command), host_keys=trusting_store).connect() as conn:
        assert isinstance(conn._sock, CommandPipe)
        assert conn.exec("echo via-windows-proxy").out.strip() == "via-windows-proxy"
        pipe = conn._sock
    pipe.process.wait(10)  # closing the connection ends the command
    assert command_argv(r'"C:\Program Files\Git\usr\bin\nc.exe" %h %p', "win32") == [
        r"C:\Program Files\Git\usr\bin\nc.exe", "%h", "%p"]


def test_a_chatty_proxy_command_does_not_stall(sshd, trusting_store, tmp_path: Path) -> None:
    """1 MB on stderr before the first byte: an unread stderr pipe would block the command."""
    script = relay(tmp_path / "relay")
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))} %h %p 70000"
    with connection_for(session(sshd, command), host_keys=trusting_store).connect() as conn:
        assert conn.exec("echo chatty-ok").out.strip() == "chatty-ok"
        assert conn._sock.stderr_tail.endswith(b"debug1: chatter\n")


def test_agent_forwarding_is_refused_with_a_reason_on_windows(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    problem = agent.forwarding_problem()
    assert problem and "Windows" in str(problem)
    monkeypatch.setattr(sys, "platform", "linux")
    assert agent.forwarding_problem() == ""


def test_cli_leaves_the_agent_search_to_paramiko_on_windows(monkeypatch) -> None:
    """paramiko.Agent on win32 asks Pageant, then \\\\.\\pipe\\openssh-ssh-agent: no SSH_AUTH_SOCK needed."""
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    assert agent.may_have_agent() is True
    monkeypatch.setattr(sys, "platform", "linux")
    assert agent.may_have_agent() is False
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/agent.sock")
    assert agent.may_have_agent() is True


def test_cli_on_windows_tries_the_agent_without_ssh_auth_sock(monkeypatch) -> None:
    import argparse

    from gpudesk.commands.target import UsageError, add_target_arguments, open_connection
    from gpudesk.core.ssh import errors as E
    from tests.helpers.sshd import free_port

    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    parser = argparse.ArgumentParser()
    add_target_arguments(parser)
    args = parser.parse_args([f"ssh://me@127.0.0.1:{free_port()}"])
    # Not "no SSH agent is running" (exit 2): the connection is tried (and finds no server here).
    with pytest.raises(E.ConnectError) as info:
        open_connection(args)
    assert not isinstance(info.value, UsageError)


def test_a_channel_never_starts_agent_forwarding_where_it_cannot_work(monkeypatch, sshd) -> None:
    """A session synced from Linux with forwarding on: on Windows the channel opens without it."""
    import paramiko

    from gpudesk.core.ssh.connection import Connection, Credentials, Target
    from gpudesk.core.ssh.hostkeys import HostKeyStore

    started: list[object] = []
    monkeypatch.setattr(paramiko.agent, "AgentRequestHandler", lambda chan: started.append(chan))
    target = Target(sshd.host, sshd.port, sshd.username, forward_agent=True)
    conn = Connection(target, Credentials("key_file", identity_file=str(sshd.key_path)),
                      HostKeyStore(extra_files=[sshd.known_hosts]))
    conn.connect()
    try:
        assert conn.exec("echo ok").out.strip() == "ok" and len(started) == 1  # POSIX: forwarding asked
        monkeypatch.setattr("sys.platform", "win32")
        assert conn.exec("echo ok").out.strip() == "ok" and len(started) == 1  # Windows: never asked
    finally:
        conn.close()
