"""A loopback TCP proxy that can stall or cut live connections, for fault tests.

Bytes are counted per direction ("up": client to server, "down": server to client), so a
test can cut at a chosen byte offset of one direction, hold one direction while the other
flows, and see how much a transfer sent after a fault.
"""

from __future__ import annotations

import socket
import threading

UP, DOWN = "up", "down"


class FaultProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        self._running = threading.Event()
        self._running.set()  # cleared = stalled
        self._flow = {UP: threading.Event(), DOWN: threading.Event()}  # cleared = that direction held
        for event in self._flow.values():
            event.set()
        self.bytes = {UP: 0, DOWN: 0}  # forwarded so far, all connections together
        self._cut_at: dict[str, int | None] = {UP: None, DOWN: None}
        self.cuts = 0
        self.accepted = 0  # connections ever made through the proxy
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
                self.accepted += 1
            threading.Thread(target=self._pump, args=(client, upstream, UP), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, DOWN), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, direction: str) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                self._running.wait()
                self._flow[direction].wait()
                cut = False
                with self._lock:
                    limit = self._cut_at[direction]
                    if limit is not None and self.bytes[direction] + len(data) >= limit:
                        data = data[: max(0, limit - self.bytes[direction])]
                        self._cut_at[direction] = None
                        cut = True
                    self.bytes[direction] += len(data)
                if data:
                    dst.sendall(data)
                if cut:
                    self.cut()
                    break
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

    def hold(self, direction: str) -> None:
        """Stop forwarding one direction only (the other keeps flowing)."""
        self._flow[direction].clear()

    def release(self, direction: str) -> None:
        self._flow[direction].set()

    def cut_after(self, direction: str, nbytes: int) -> None:
        """Forward exactly ``nbytes`` more in ``direction``, then cut every connection."""
        with self._lock:
            self._cut_at[direction] = self.bytes[direction] + nbytes

    def cut(self) -> None:
        """Close every live connection abruptly (as when the network drops)."""
        with self._lock:
            pairs, self._pairs = self._pairs, []
            self.cuts += 1
        for a, b in pairs:
            for sock in (a, b):
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    # A pump blocked in recv() holds the socket open past close(), and no reset
                    # would go out: wake it first (SHUT_RD sends nothing), then close with RST.
                    sock.shutdown(socket.SHUT_RD)
                except OSError:
                    pass
                try:
                    sock.close()
                except OSError:
                    pass

    def close(self) -> None:
        self._closed = True
        self.resume()
        for event in self._flow.values():
            event.set()
        self.cut()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() thread; close() alone does not
        except OSError:
            pass
        self._listener.close()
