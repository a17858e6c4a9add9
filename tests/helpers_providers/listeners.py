"""TCP ends for the launch tests: a port that answers nothing, and a forwarder to the real sshd.

``SilentPort`` accepts connections and never sends a byte (a rented machine whose SSH never comes
up). ``Forward`` listens on a chosen loopback address and port (Lambda's SSH is always port 22, so
the test listens on 127.x.y.z:22) and pipes each connection to the test sshd.
"""

from __future__ import annotations

import contextlib
import random
import socket
import threading


class SilentPort:
    def __init__(self) -> None:
        self._sock = socket.create_server(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        self._held: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="silent-port").start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            self._held.append(conn)  # held open, silent

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)  # wakes the accept() thread; close() alone does not
        self._sock.close()
        for conn in self._held:
            conn.close()


class Forward:
    """Listen on ``127.a.b.c:port`` (a random loopback address unless given) and pipe to ``target``."""

    def __init__(self, target: tuple[str, int], port: int = 22, host: str | None = None) -> None:
        self.target = target
        self.host = host or f"127.{random.randint(1, 254)}.{random.randint(1, 254)}.{random.randint(2, 254)}"
        self._sock = socket.socket()
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind((self.host, port))
        self._sock.listen(16)
        self.port = port
        self._closed = False
        self._open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True, name="forward").start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._sock.accept()
                upstream = socket.create_connection(self.target)
            except OSError:
                if self._closed:
                    return
                continue
            self._open += [client, upstream]
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)  # wakes the accept() thread
        self._sock.close()
        for s in self._open:
            s.close()
