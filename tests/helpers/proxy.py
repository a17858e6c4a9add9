"""A loopback TCP proxy that can stall or cut live connections, for fault tests."""

from __future__ import annotations

import socket
import threading


class FaultProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        self._running = threading.Event()
        self._running.set()  # cleared = stalled
        self._closed = False
        self.refuse = False
        threading.Thread(target=self._accept, daemon=True, name="fault-proxy").start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self.refuse:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._pairs.append((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                self._running.wait()
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (src, dst):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    @property
    def connections(self) -> int:
        with self._lock:
            return len(self._pairs)

    def stall(self) -> None:
        """Stop forwarding bytes (connections stay open, as on a dead Wi-Fi)."""
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    def cut(self) -> None:
        """Close every live connection abruptly (as when the network drops)."""
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for a, b in pairs:
            for sock in (a, b):
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    sock.close()
                except OSError:
                    pass

    def close(self) -> None:
        self._closed = True
        self.resume()
        self.cut()
        self._listener.close()
