"""A loopback TCP proxy that makes a far link: delay, a bandwidth cap, stall and cut.

Usage::

    with DelayProxy("127.0.0.1", sshd_port, delay_ms=100, rate_bytes_s=25_000_000) as proxy:
        connect_to("127.0.0.1", proxy.port)   # round trip now >= 200 ms, link capped at 25 MB/s
        proxy.stall()    # packets vanish: nothing is forwarded either way, sockets stay open
        proxy.resume()   # held bytes flow again (as TCP retransmits once the network is back)
        proxy.cut()      # every live connection is closed abruptly (RST); new ones are accepted
        proxy.refuse = True   # new connections are closed at once (the server is unreachable)

- ``delay_ms`` is the one-way delay added to every chunk in each direction, so the round trip
  is ``2 * delay_ms`` plus loopback. It may be changed while the proxy runs.
- ``rate_bytes_s`` caps each direction (shared by all connections, as one link would be):
  a chunk is serialised at that rate, then delayed. ``None`` means no cap.
- ``bytes`` counts bytes forwarded per direction ("up": client to server, "down": back);
  ``accepted`` counts connections ever made, ``connections`` the live ones.
- ``close()`` stops listening and cuts everything; the context manager calls it.
"""

from __future__ import annotations

import collections
import socket
import threading
import time

UP, DOWN = "up", "down"
_CHUNK = 65536
_QUEUE_S = 0.02  # how far ahead of the link a reader may get before it waits (the router's buffer)
_MAX_QUEUED = 64 << 20  # without a cap: bytes held per direction of one connection before reading pauses
_PROXY_RCVBUF = 256 << 10  # with a cap: small socket buffers, so backlog queues here, not unseen in the kernel


class _Link:
    """One direction of the link: serialisation at the capped rate, shared by every connection."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.next_free = 0.0
        self.lock = threading.Lock()

    def depart(self, nbytes: int) -> float:
        """Reserve the link for ``nbytes``; return when their last byte has left."""
        now = time.monotonic()
        if not self.rate:
            return now
        with self.lock:
            start = max(now, self.next_free)
            self.next_free = start + nbytes / self.rate
            return self.next_free


class _Pipe:
    """Chunks of one direction of one connection, waiting for their delivery time."""

    def __init__(self) -> None:
        self.items: collections.deque[tuple[float, bytes]] = collections.deque()
        self.queued = 0
        self.cond = threading.Condition()
        self.eof = False


class DelayProxy:
    def __init__(self, target_host: str, target_port: int, delay_ms: float = 100, rate_bytes_s: float | None = None) -> None:
        self.target = (target_host, target_port)
        self.delay_ms = delay_ms
        self.rate_bytes_s = rate_bytes_s
        self._links = {UP: _Link(rate_bytes_s), DOWN: _Link(rate_bytes_s)}
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._running = threading.Event()  # cleared = stalled
        self._running.set()
        self._closed = False
        self.refuse = False
        self.bytes = {UP: 0, DOWN: 0}
        self.accepted = 0
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True, name="delay-proxy").start()

    # -- public controls ------------------------------------------------------
    @property
    def connections(self) -> int:
        with self._lock:
            return len(self._pairs)

    def stall(self) -> None:
        """Stop forwarding in both directions; sockets stay open and silent (a dead Wi-Fi)."""
        self._running.clear()

    def resume(self) -> None:
        """Forward again, held bytes first."""
        self._running.set()

    def cut(self) -> None:
        """Close every live connection abruptly (RST); the listener keeps accepting."""
        with self._lock:
            pairs, self._pairs = self._pairs, []
            self.cuts += 1
        for pair in pairs:
            for sock in pair:
                _abort(sock)

    def close(self) -> None:
        self._closed = True
        self._running.set()
        self.cut()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() thread; close() alone does not
        except OSError:
            pass
        try:
            self._listener.close()
        except OSError:
            pass

    def __enter__(self) -> DelayProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- forwarding -----------------------------------------------------------
    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self.refuse:
                _abort(client)
                continue
            threading.Thread(target=self._open, args=(client,), daemon=True, name="delay-proxy-conn").start()

    def _open(self, client: socket.socket) -> None:
        # The far end hears of the connection one delay later, as a SYN would take.
        time.sleep(self.delay_ms / 1000)
        try:
            upstream = socket.create_connection(self.target)
        except OSError:
            _abort(client)
            return
        for sock in (client, upstream):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.rate_bytes_s:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, _PROXY_RCVBUF)
        pair = (client, upstream)
        with self._lock:
            if self._closed:
                _abort(client)
                _abort(upstream)
                return
            self._pairs.append(pair)
            self.accepted += 1
        finished = [0]  # directions done; the sockets close when both are
        for src, dst, direction in ((client, upstream, UP), (upstream, client, DOWN)):
            pipe = _Pipe()
            threading.Thread(target=self._read, args=(src, pipe, direction), daemon=True).start()
            threading.Thread(target=self._write, args=(dst, pipe, direction, pair, finished), daemon=True).start()

    def _finish(self, pair: tuple[socket.socket, socket.socket], finished: list[int], error: bool) -> None:
        with self._lock:
            finished[0] += 1
            last = error or finished[0] == 2
            if last and pair in self._pairs:
                self._pairs.remove(pair)
        if error:
            for sock in pair:  # a reset on one side reaches the other, as on a real path
                _abort(sock)
        elif last:
            for sock in pair:
                try:
                    sock.close()
                except OSError:
                    pass

    def _read(self, src: socket.socket, pipe: _Pipe, direction: str) -> None:
        link = self._links[direction]
        try:
            while True:
                self._running.wait()
                data = src.recv(_CHUNK)
                if not data:
                    break
                self._running.wait()
                done = link.depart(len(data))
                with pipe.cond:
                    pipe.items.append((done + self.delay_ms / 1000, data))
                    pipe.queued += len(data)
                    pipe.cond.notify()
                    while pipe.queued > _MAX_QUEUED and not pipe.eof:
                        pipe.cond.wait(0.1)
                # Backpressure: do not read further ahead of the link than its buffer holds.
                ahead = done - time.monotonic() - _QUEUE_S
                if ahead > 0:
                    time.sleep(ahead)
        except OSError:
            pass
        finally:
            with pipe.cond:
                pipe.eof = True
                pipe.cond.notify_all()

    def _write(self, dst: socket.socket, pipe: _Pipe, direction: str, pair: tuple[socket.socket, socket.socket], finished: list[int]) -> None:
        error = False
        try:
            while True:
                with pipe.cond:
                    while not pipe.items and not pipe.eof:
                        pipe.cond.wait()
                    if not pipe.items:
                        break
                    due, data = pipe.items[0]
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                self._running.wait()
                with self._lock:
                    self.bytes[direction] += len(data)
                dst.sendall(data)
                with pipe.cond:
                    pipe.items.popleft()
                    pipe.queued -= len(data)
                    pipe.cond.notify_all()
            # The source said goodbye: pass the FIN on, after the data before it.
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            error = True
            with pipe.cond:
                pipe.eof = True
                pipe.items.clear()
                pipe.queued = 0
                pipe.cond.notify_all()
        self._finish(pair, finished, error)


def _abort(sock: socket.socket) -> None:
    """Close with a reset, waking any thread blocked on the socket first."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


def main() -> None:
    """``python -m tests.helpers.delay_proxy HOST PORT DELAY_MS [RATE_BYTES_S]``: prints the port, runs until stdin closes.

    A proxy in its own process keeps the measuring process's threads from delaying it.
    """
    import sys

    host, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    rate = float(sys.argv[4]) if len(sys.argv) > 4 and float(sys.argv[4]) > 0 else None
    with DelayProxy(host, port, delay_ms=delay, rate_bytes_s=rate) as proxy:
        print(proxy.port, flush=True)
        sys.stdin.read()


if __name__ == "__main__":
    main()
