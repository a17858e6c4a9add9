"""Reach an SSH server through an HTTP CONNECT or SOCKS5 proxy, or a ProxyCommand.

Company networks and connections from mainland China often need one of these. The proxy
password, like every secret, comes from the keyring and is never part of a message.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import ipaddress
import re
import shlex
import socket
import struct
import subprocess
import threading
import time
from dataclasses import dataclass

from gpudesk.core.i18n import msg
from gpudesk.core.ssh import errors as E
from gpudesk.core.sshsyntax import command_argv as command_argv  # a ProxyCommand line's words

PROXY_KINDS = ("", "http", "socks5", "command")


@dataclass
class ProxySpec:
    kind: str = ""  # "" (none) | http | socks5 | command
    host: str = ""
    port: int = 0
    username: str = ""
    password: str | None = None
    command: str = ""  # ProxyCommand, with %h %p %r as in OpenSSH

    def __repr__(self) -> str:
        return f"ProxySpec(kind={self.kind!r}, host={self.host!r}, port={self.port!r}, username={self.username!r})"

    @property
    def where(self) -> str:
        """``socks5 proxy host:port``, for messages (a Msg)."""
        return msg("ConnectError", "{kind} proxy {address}", kind=self.kind, address=f"{self.host}:{self.port}")


class CommandPipe:
    """A ProxyCommand's stdin and stdout as the socket paramiko's Transport reads and writes.

    paramiko's own ProxyCommand waits on the pipe with ``select()``, which Windows allows on
    sockets only (WinError 10038, paramiko issue #512), splits the command by POSIX rules (a
    ``C:\\...`` path loses its backslashes), ends it with ``os.kill`` (access denied on Windows
    once it has exited) and never reads its stderr (a chatty ``ssh -v`` stalls when that pipe
    fills). Here threads read stdout and stderr and ``recv`` waits on a condition, the same on
    every platform; on Windows the command gets no console window.
    """

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # Windows only
        )
        self.timeout: float | None = None
        self.stderr_tail = b""  # the command's last words, for diagnostics
        self._buffer = bytearray()
        self._eof = False
        self._closed = False
        self._cond = threading.Condition()
        threading.Thread(target=self._read_out, daemon=True, name="proxycommand-out").start()
        threading.Thread(target=self._read_err, daemon=True, name="proxycommand-err").start()

    def _read_out(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            try:
                data = out.read(65536)
            except (OSError, ValueError):
                data = b""
            with self._cond:
                if data:
                    self._buffer += data
                else:
                    self._eof = True
                self._cond.notify_all()
            if not data:
                return

    def _read_err(self) -> None:
        err = self.process.stderr
        assert err is not None
        while True:
            try:
                data = err.read(4096)
            except (OSError, ValueError):
                return
            if not data:
                return
            self.stderr_tail = (self.stderr_tail + data)[-2048:]

    def settimeout(self, timeout: float | None) -> None:
        self.timeout = timeout

    def recv(self, size: int) -> bytes:
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        with self._cond:
            while not self._buffer and not self._eof:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError()
                self._cond.wait(left)
            data = bytes(self._buffer[:size])
            del self._buffer[:size]
            return data  # b"" once the command has ended: the Transport's EOF

    def send(self, data: bytes) -> int:
        stdin = self.process.stdin
        try:
            if stdin is None or self._closed:
                raise ValueError
            written = stdin.write(data)
        except (OSError, ValueError):
            # The command ended. (Its text stays out of the error: a command line may hold secrets.)
            raise OSError(errno.EPIPE, "the ProxyCommand has ended") from None
        return len(data) if written is None else written

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.terminate()
        threading.Thread(target=self._reap, daemon=True, name="proxycommand-reap").start()

    def _reap(self) -> None:
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                self.process.kill()
            self.process.wait()

    @property
    def closed(self) -> bool:
        return self._closed or self.process.poll() is not None


_TOKEN = re.compile(r"%([hpr%])")


def expand_argv(words: list[str], host: str, port: int, user: str) -> list[str]:
    """``%h %p %r %%`` filled in each word of an already split ProxyCommand (in one pass, as OpenSSH)."""
    values = {"h": host, "p": str(port), "r": user, "%": "%"}
    return [_TOKEN.sub(lambda m: values[m.group(1)], word) for word in words]


def open_via_proxy(spec: ProxySpec, host: str, port: int, user: str, timeout: float) -> socket.socket | CommandPipe:
    if spec.kind == "command":
        command = spec.command
        try:
            # Split first, then fill each word: a host or user can never add a word (an option, a command).
            argv = expand_argv(command_argv(command), host, port, user)
            if not argv:
                raise ValueError("empty command")
            return CommandPipe(argv)
        except (ValueError, OSError) as exc:
            raise E.ConnectionRefused(
                msg(
                    "ConnectError",
                    "The ProxyCommand could not start: {error}. Command: {command}",
                    error=str(exc),
                    command=shlex.quote(command),
                )
            ) from None
    try:
        sock = socket.create_connection((spec.host, spec.port), timeout=timeout)
    except socket.gaierror:
        raise E.HostNotFound(msg("ConnectError", "The proxy '{host}' could not be found.", host=spec.host)) from None
    except TimeoutError:
        raise E.ConnectTimeout(
            msg("ConnectError", "The {proxy} did not answer within {seconds:.0f} s.", proxy=spec.where, seconds=timeout)
        ) from None
    except OSError as exc:
        raise E.ConnectionRefused(
            msg(
                "ConnectError",
                "The {proxy} refused the connection ({error}). Check the proxy settings.",
                proxy=spec.where,
                error=str(exc.strerror),
            )
        ) from None
    try:
        if spec.kind == "http":
            _http_connect(sock, spec, host, port)
        elif spec.kind == "socks5":
            _socks5_connect(sock, spec, host, port)
        else:
            raise E.ConnectError(msg("ConnectError", "Unknown proxy type '{kind}'.", kind=spec.kind))
    except TimeoutError:
        sock.close()
        raise E.ConnectTimeout(
            msg("ConnectError", "The {proxy} did not answer within {seconds:.0f} s.", proxy=spec.where, seconds=timeout)
        ) from None
    except (OSError, ValueError) as exc:
        sock.close()
        if isinstance(exc, E.ConnectError):
            raise
        raise E.ServerClosed(
            msg("ConnectError", "The {proxy} closed the connection ({error}).", proxy=spec.where, error=str(exc))
        ) from None
    except E.ConnectError:
        sock.close()
        raise
    sock.settimeout(None)
    return sock


def _http_connect(sock: socket.socket, spec: ProxySpec, host: str, port: int) -> None:
    target = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    lines = [f"CONNECT {target} HTTP/1.1", f"Host: {target}"]
    if spec.username:
        token = base64.b64encode(f"{spec.username}:{spec.password or ''}".encode()).decode()
        lines.append(f"Proxy-Authorization: Basic {token}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)  # byte by byte: nothing after the header may be swallowed
        if not chunk:
            raise E.ServerClosed(
                msg("ConnectError", "The {proxy} closed the connection without answering.", proxy=spec.where)
            )
        head += chunk
        if len(head) > 16384:
            raise E.ServerClosed(msg("ConnectError", "The {proxy} sent an oversized answer.", proxy=spec.where))
    status_line = head.split(b"\r\n", 1)[0].decode("latin-1")
    parts = status_line.split(" ", 2)
    code = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    if code == 200:
        return
    if code == 407:
        raise E.AuthenticationFailed(
            msg(
                "ConnectError",
                "The {proxy} asks for a user name and password, or the ones given are wrong.",
                proxy=spec.where,
            )
        )
    raise E.ConnectionRefused(
        msg(
            "ConnectError",
            "The {proxy} would not connect to {address}: {status}.",
            proxy=spec.where,
            address=target,
            status=status_line,
        )
    )


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise OSError("connection closed")
        data += chunk
    return data


SOCKS_ERRORS = {
    1: msg("ConnectError", "general failure"),
    2: msg("ConnectError", "not allowed by the proxy's rules"),
    3: msg("ConnectError", "network unreachable"),
    4: msg("ConnectError", "host unreachable"),
    5: msg("ConnectError", "connection refused by the destination"),
    6: msg("ConnectError", "TTL expired"),
    7: msg("ConnectError", "command not supported"),
    8: msg("ConnectError", "address type not supported"),
}


def _socks5_connect(sock: socket.socket, spec: ProxySpec, host: str, port: int) -> None:
    methods = b"\x00\x02" if spec.username else b"\x00"
    sock.sendall(b"\x05" + bytes([len(methods)]) + methods)
    ver, method = _recv_exact(sock, 2)
    if ver != 5:
        raise E.ServerClosed(
            msg("ConnectError", "{address} is not a SOCKS5 proxy.", address=f"{spec.host}:{spec.port}")
        )
    if method == 0xFF:
        raise E.AuthenticationFailed(
            msg(
                "ConnectError",
                "The {proxy} accepts none of our login methods (a user name may be needed).",
                proxy=spec.where,
            )
        )
    if method == 2:
        user = spec.username.encode()
        password = (spec.password or "").encode()
        sock.sendall(b"\x01" + bytes([len(user)]) + user + bytes([len(password)]) + password)
        _, status = _recv_exact(sock, 2)
        if status != 0:
            raise E.AuthenticationFailed(
                msg("ConnectError", "The {proxy} rejected the user name or password.", proxy=spec.where)
            )
    try:
        addr = ipaddress.ip_address(host)
        atyp_addr = (b"\x01" if addr.version == 4 else b"\x04") + addr.packed
    except ValueError:
        name = host.encode("idna")
        atyp_addr = b"\x03" + bytes([len(name)]) + name
    sock.sendall(b"\x05\x01\x00" + atyp_addr + struct.pack(">H", port))
    ver, rep, _, atyp = _recv_exact(sock, 4)
    if rep != 0:
        reason = SOCKS_ERRORS.get(rep) or msg("ConnectError", "error {code}", code=rep)
        raise E.ConnectionRefused(
            msg(
                "ConnectError",
                "The {proxy} could not reach {address}: {error}.",
                proxy=spec.where,
                address=f"{host}:{port}",
                error=reason,
            )
        )
    _recv_exact(sock, {1: 4, 4: 16}.get(atyp, 0) or _recv_exact(sock, 1)[0])
    _recv_exact(sock, 2)
