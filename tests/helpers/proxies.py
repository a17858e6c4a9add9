"""Small real proxy servers on 127.0.0.1 for the proxy tests: HTTP CONNECT and SOCKS5, with optional auth."""

from __future__ import annotations

import base64
import socket
import struct
import threading


def _pipe(a: socket.socket, b: socket.socket) -> None:
    def one(src: socket.socket, dst: socket.socket) -> None:
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

    threading.Thread(target=one, args=(a, b), daemon=True).start()
    threading.Thread(target=one, args=(b, a), daemon=True).start()


class _Server:
    def __init__(self, user: str = "", password: str = "") -> None:
        self.user, self.password = user, password
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.requests: list[tuple[str, int]] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def close(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()


class HttpConnectProxy(_Server):
    def _handle(self, client: socket.socket) -> None:
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = client.recv(1024)
            if not chunk:
                client.close()
                return
            head += chunk
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = lines[0].split(" ")
        if self.user:
            expected = "Basic " + base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
            if not any(line.lower() == f"proxy-authorization: {expected}".lower() for line in lines):
                client.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n")
                client.close()
                return
        host, _, port = target.rpartition(":")
        self.requests.append((host.strip("[]"), int(port)))
        try:
            upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=5)
        except OSError:
            client.sendall(b"HTTP/1.1 502 Bad Gateway\r\n\r\n")
            client.close()
            return
        upstream.settimeout(None)
        client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        _pipe(client, upstream)


class Socks5Proxy(_Server):
    def _handle(self, client: socket.socket) -> None:
        try:
            ver, n = client.recv(2)
            methods = client.recv(n)
            if self.user:
                if 2 not in methods:
                    client.sendall(b"\x05\xff")
                    client.close()
                    return
                client.sendall(b"\x05\x02")
                client.recv(1)
                user = client.recv(client.recv(1)[0]).decode()
                password = client.recv(client.recv(1)[0]).decode()
                ok = (user, password) == (self.user, self.password)
                client.sendall(b"\x01" + (b"\x00" if ok else b"\x01"))
                if not ok:
                    client.close()
                    return
            else:
                client.sendall(b"\x05\x00")
            _, cmd, _, atyp = client.recv(4)
            if atyp == 1:
                host = socket.inet_ntoa(client.recv(4))
            elif atyp == 3:
                host = client.recv(client.recv(1)[0]).decode()
            else:
                host = socket.inet_ntop(socket.AF_INET6, client.recv(16))
            (port,) = struct.unpack(">H", client.recv(2))
            self.requests.append((host, port))
            try:
                upstream = socket.create_connection((host, port), timeout=5)
            except OSError:
                client.sendall(b"\x05\x05\x00\x01" + b"\x00" * 6)
                client.close()
                return
            upstream.settimeout(None)
            client.sendall(b"\x05\x00\x00\x01" + socket.inet_aton("127.0.0.1") + struct.pack(">H", 0))
            _pipe(client, upstream)
        except (OSError, ValueError):
            client.close()
