"""Port forwards over a Connection: local (-L), remote (-R) and dynamic SOCKS5 (-D).

Each forward owns its listening socket and pump threads, reports its state as plain data
(``status``, ``error``, ``active``) and closes cleanly. Used for TensorBoard/Jupyter and for
the user's own forwards.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection

KINDS = ("local", "remote", "dynamic")


@dataclass
class ForwardSpec:
    """What the user asked for; saved with the session as a plain dict."""

    kind: str = "local"  # local | remote | dynamic
    bind_port: int = 0  # local port for local/dynamic, server port for remote (0 = pick a free one)
    host: str = "127.0.0.1"  # destination host (seen from the server for local, from here for remote)
    port: int = 0  # destination port
    bind_host: str = "127.0.0.1"
    label: str = ""

    def describe(self) -> str:
        if self.kind == "local":
            return f"localhost:{self.bind_port} → {self.host}:{self.port}"
        if self.kind == "remote":
            return f"server:{self.bind_port} → {self.host}:{self.port}"
        return f"SOCKS5 on localhost:{self.bind_port}"


def _half_close(end: socket.socket | paramiko.Channel) -> None:
    try:
        if isinstance(end, socket.socket):
            end.shutdown(socket.SHUT_WR)
        else:
            end.shutdown_write()
    except (OSError, EOFError, paramiko.SSHException):
        pass


def _close(end: socket.socket | paramiko.Channel) -> None:
    try:
        if isinstance(end, socket.socket):
            # shutdown() wakes a thread blocked in recv(); close() alone would not send FIN.
            end.shutdown(socket.SHUT_RDWR)
        end.close()
    except (OSError, EOFError, paramiko.SSHException):
        pass


def _pump(a: socket.socket | paramiko.Channel, b: socket.socket | paramiko.Channel, done: Callable[[], None]) -> None:
    """Copy both ways; an EOF is passed on as a half-close, an error closes both ends."""

    def one_way(src: socket.socket | paramiko.Channel, dst: socket.socket | paramiko.Channel) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except (OSError, EOFError, paramiko.SSHException):
            _close(src)
            _close(dst)
            return
        _half_close(dst)

    t = threading.Thread(target=one_way, args=(b, a), daemon=True, name="forward-back")
    t.start()
    one_way(a, b)
    t.join()
    _close(a)
    _close(b)
    done()


class Forward:
    """A running forward. ``status`` is "starting" | "listening" | "failed" | "closed"."""

    def __init__(self, conn: Connection, spec: ForwardSpec, on_change: Callable[[Forward], None] | None = None) -> None:
        self.conn = conn
        self.spec = spec
        self.on_change = on_change
        self.status = "starting"
        self.error = ""
        self.active = 0
        self.total = 0
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self._closed = threading.Event()

    # -- common --------------------------------------------------------------
    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self)

    def _fail(self, message: str) -> None:
        self.status, self.error = "failed", message
        self._changed()

    def _opened(self) -> None:
        with self._lock:
            self.active += 1
            self.total += 1
        self._changed()

    def _finished(self) -> None:
        with self._lock:
            self.active -= 1
        self._changed()

    def start(self) -> Forward:
        if self.spec.kind == "remote":
            self._start_remote()
        else:
            self._start_listener()
        return self

    def close(self) -> None:
        self._closed.set()
        if self._listener is not None:
            try:
                # shutdown() wakes the thread blocked in accept(); close() alone would not.
                self._listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            try:
                self._listener.close()
            except OSError:
                pass
        if self.spec.kind == "remote" and self.status == "listening":
            transport = self.conn.transport
            if transport is not None and transport.is_active():
                try:
                    transport.cancel_port_forward(self.spec.bind_host, self.spec.bind_port)
                except (paramiko.SSHException, EOFError, OSError):
                    pass
        self.status = "closed"
        self._changed()

    # -- local and dynamic ---------------------------------------------------
    def _start_listener(self) -> None:
        try:
            listener = socket.create_server((self.spec.bind_host, self.spec.bind_port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                self._fail(
                    msg(
                        "Forward",
                        "Port {port} is already in use on this computer. Choose another local port.",
                        port=self.spec.bind_port,
                    )
                )
            else:
                self._fail(
                    msg(
                        "Forward",
                        "Cannot listen on {address}: {error}.",
                        address=f"{self.spec.bind_host}:{self.spec.bind_port}",
                        error=str(exc.strerror),
                    )
                )
            return
        self._listener = listener
        self.spec.bind_port = listener.getsockname()[1]
        self.status = "listening"
        self._changed()
        threading.Thread(target=self._accept, daemon=True, name=f"forward {self.spec.describe()}").start()

    def _accept(self) -> None:
        assert self._listener is not None
        while not self._closed.is_set():
            try:
                client, origin = self._listener.accept()
            except OSError:
                return
            handler = self._serve_local if self.spec.kind == "local" else self._serve_socks
            threading.Thread(target=handler, args=(client, origin), daemon=True).start()

    def _open_channel(self, host: str, port: int, origin: tuple[Any, ...]) -> paramiko.Channel | None:
        transport = self.conn.transport
        if transport is None or not transport.is_active():
            self.error = msg("Forward", "The SSH connection is closed; reconnect to use this forward.")
            self._changed()
            return None
        try:
            return transport.open_channel("direct-tcpip", (host, port), origin[:2], timeout=10)
        except paramiko.ChannelException as exc:
            self.error = msg(
                "Forward",
                "The server could not reach {address} ({error}). Is the service running there?",
                address=f"{host}:{port}",
                error=str(exc.text),
            )
        except (paramiko.SSHException, EOFError, OSError) as exc:
            self.error = msg(
                "Forward", "Could not open a tunnel to {address}: {error}.", address=f"{host}:{port}", error=str(exc)
            )
        self._changed()
        return None

    def _serve_local(self, client: socket.socket, origin: tuple[Any, ...]) -> None:
        chan = self._open_channel(self.spec.host, self.spec.port, origin)
        if chan is None:
            client.close()
            return
        self.error = ""
        self._opened()
        _pump(client, chan, self._finished)

    def _serve_socks(self, client: socket.socket, origin: tuple[Any, ...]) -> None:
        """A minimal SOCKS5 server (no auth, CONNECT only), which is what browsers and pip use."""
        try:
            client.settimeout(10)
            head = _recv_exact(client, 2)
            if head[0] != 5:
                raise OSError("not SOCKS5")
            _recv_exact(client, head[1])
            client.sendall(b"\x05\x00")
            ver, cmd, _, atyp = _recv_exact(client, 4)
            if cmd != 1:
                client.sendall(b"\x05\x07\x00\x01" + b"\x00" * 6)
                raise OSError("only CONNECT is supported")
            if atyp == 1:
                host = str(ipaddress.IPv4Address(_recv_exact(client, 4)))
            elif atyp == 3:
                host = _recv_exact(client, _recv_exact(client, 1)[0]).decode("idna")
            elif atyp == 4:
                host = str(ipaddress.IPv6Address(_recv_exact(client, 16)))
            else:
                raise OSError("bad address type")
            (port,) = struct.unpack(">H", _recv_exact(client, 2))
            client.settimeout(None)
        except (OSError, ValueError, IndexError):
            client.close()
            return
        chan = self._open_channel(host, port, origin)
        if chan is None:
            try:
                client.sendall(b"\x05\x05\x00\x01" + b"\x00" * 6)
            finally:
                client.close()
            return
        client.sendall(b"\x05\x00\x00\x01" + b"\x00" * 6)
        self._opened()
        _pump(client, chan, self._finished)

    # -- remote ----------------------------------------------------------------
    def _start_remote(self) -> None:
        transport = self.conn.transport
        if transport is None or not transport.is_active():
            self._fail(msg("Forward", "The SSH connection is closed."))
            return

        def handler(chan: paramiko.Channel, origin: tuple[Any, ...], server: tuple[Any, ...]) -> None:
            threading.Thread(target=self._serve_remote, args=(chan,), daemon=True).start()

        try:
            port = transport.request_port_forward(self.spec.bind_host, self.spec.bind_port, handler=handler)
        except (paramiko.SSHException, EOFError, OSError) as exc:
            self._fail(
                msg(
                    "Forward",
                    "The server refused to listen on port {port} ({error}). "
                    "The port may be in use there, or forwarding is disabled in its sshd_config.",
                    port=self.spec.bind_port,
                    error=E.reason(exc),
                )
            )
            return
        self.spec.bind_port = port
        self.status = "listening"
        self._changed()

    def _serve_remote(self, chan: paramiko.Channel) -> None:
        try:
            sock = socket.create_connection((self.spec.host, self.spec.port), timeout=10)
        except OSError as exc:
            self.error = msg(
                "Forward",
                "Nothing answered on {address} here ({error}).",
                address=f"{self.spec.host}:{self.spec.port}",
                error=str(exc.strerror),
            )
            self._changed()
            chan.close()
            return
        sock.settimeout(None)
        self.error = ""
        self._opened()
        _pump(chan, sock, self._finished)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise OSError("connection closed")
        data += chunk
    return data
