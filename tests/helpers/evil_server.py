"""A paramiko SSH server that plays the attacker: it presents host keys of our choosing and
records every login attempt that reaches it (it never lets anyone in).

Used to prove that a client that should stop at the host-key check sends no credential.
"""

from __future__ import annotations

import io
import socket
import threading

import paramiko
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519


def new_key(kind: str) -> paramiko.PKey:
    """A fresh private key: ``ed25519``, ``rsa`` or ``ecdsa`` (nistp256)."""
    if kind == "rsa":
        return paramiko.RSAKey.generate(2048)
    if kind == "ecdsa":
        return paramiko.ECDSAKey.generate(curve=ec.SECP256R1())
    if kind == "ed25519":
        private = ed25519.Ed25519PrivateKey.generate()
        text = private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
        ).decode("ascii")
        return paramiko.Ed25519Key.from_private_key(io.StringIO(text))
    raise ValueError(kind)


def public_line(key: paramiko.PKey) -> str:
    """``"ssh-ed25519 AAAA…"``: the key part of a known_hosts line."""
    return f"{key.get_name()} {key.get_base64()}"


class _Recorder(paramiko.ServerInterface):
    def __init__(self, server: EvilServer) -> None:
        self.server = server

    def _record(self, method: str, username: str) -> int:
        with self.server.lock:
            self.server.auth_attempts.append((method, username))
        return paramiko.AUTH_FAILED

    def get_allowed_auths(self, username: str) -> str:
        return "password,publickey,keyboard-interactive"

    def check_auth_none(self, username: str) -> int:
        return self._record("none", username)

    def check_auth_password(self, username: str, password: str) -> int:
        return self._record("password", username)

    def check_auth_publickey(self, username: str, key: paramiko.PKey) -> int:
        return self._record("publickey", username)

    def check_auth_interactive(self, username: str, submethods: str) -> int:
        return self._record("keyboard-interactive", username)


class EvilServer:
    """Listens on 127.0.0.1; ``auth_attempts`` lists ``(method, user)`` of every login try."""

    def __init__(self, keys: list[paramiko.PKey]) -> None:
        self.keys = keys
        self.lock = threading.Lock()
        self.auth_attempts: list[tuple[str, str]] = []
        self.handshakes = 0  # key exchanges completed (the client did reach us)
        self.presented: list[str] = []  # key type shown in each completed handshake
        self._closed = threading.Event()
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(8)
        self._sock.settimeout(0.2)
        self.host = "127.0.0.1"
        self.port = self._sock.getsockname()[1]
        self._threads: list[threading.Thread] = []
        self._accept = threading.Thread(target=self._serve, name="evil-sshd", daemon=True)
        self._accept.start()

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._handle, args=(conn,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _handle(self, conn: socket.socket) -> None:
        transport = paramiko.Transport(conn)
        try:
            for key in self.keys:
                transport.add_server_key(key)
            # With an event, start_server returns at once; the transport's own thread runs until
            # the client hangs up. Count the handshake from the finished transport: a client that
            # closes right after the key exchange makes a blocking start_server report failure.
            transport.start_server(event=threading.Event(), server=_Recorder(self))
            while transport.is_alive() and not self._closed.is_set():
                transport.join(0.05)
            if transport.initial_kex_done:
                with self.lock:
                    self.handshakes += 1
                    self.presented.append(transport.host_key_type or "")
        finally:
            transport.close()
            conn.close()

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Wait until every connection so far has ended (the client hung up), so counts are final."""
        for thread in list(self._threads):
            thread.join(timeout)

    def close(self) -> None:
        self._closed.set()
        self._sock.close()
        self._accept.join(5)
        for thread in self._threads:
            thread.join(5)
