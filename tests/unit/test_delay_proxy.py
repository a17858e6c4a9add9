"""The far-link proxy of the WAN benchmark and the reconnect tests: delay, cap, stall, cut (lower bounds only)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from tests.helpers.delay_proxy import DelayProxy


@pytest.fixture
def echo_port():
    """A loopback echo server (every connection echoes what it receives)."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve(conn: socket.socket) -> None:
        with conn:
            try:
                while data := conn.recv(65536):
                    conn.sendall(data)
            except OSError:
                pass

    def accept() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()


def _recv_exactly(sock: socket.socket, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return buf


def test_round_trip_is_at_least_twice_the_delay(echo_port):
    with DelayProxy("127.0.0.1", echo_port, delay_ms=40) as proxy, socket.create_connection(("127.0.0.1", proxy.port)) as sock:
        sock.settimeout(10)
        sock.sendall(b"warm")
        _recv_exactly(sock, 4)
        times = []
        for i in range(3):
            t = time.monotonic()
            sock.sendall(b"ping%d" % i)
            assert _recv_exactly(sock, 5) == b"ping%d" % i
            times.append(time.monotonic() - t)
        assert min(times) >= 0.080
        assert proxy.bytes == {"up": 19, "down": 19}


def test_the_cap_limits_throughput(echo_port):
    rate = 2_000_000
    payload = bytes(range(256)) * (4 * 4096)  # 4 MiB
    with DelayProxy("127.0.0.1", echo_port, delay_ms=5, rate_bytes_s=rate) as proxy, socket.create_connection(("127.0.0.1", proxy.port)) as sock:
        sock.settimeout(30)
        t = time.monotonic()
        sender = threading.Thread(target=sock.sendall, args=(payload,))
        sender.start()
        assert _recv_exactly(sock, len(payload)) == payload
        elapsed = time.monotonic() - t
        sender.join()
    # 4 MiB at 2 MB/s takes 2.1 s each way; the directions overlap, so at least ~2 s overall.
    assert elapsed >= 0.9 * len(payload) / rate


def test_stall_keeps_the_socket_open_and_silent_until_resumed(echo_port):
    with DelayProxy("127.0.0.1", echo_port, delay_ms=10) as proxy, socket.create_connection(("127.0.0.1", proxy.port)) as sock:
        sock.settimeout(5)
        sock.sendall(b"before")
        assert _recv_exactly(sock, 6) == b"before"
        proxy.stall()
        sock.sendall(b"during")
        sock.settimeout(0.7)
        with pytest.raises(TimeoutError):  # neither data nor EOF nor reset: a silent link
            sock.recv(16)
        assert proxy.connections == 1
        proxy.resume()
        sock.settimeout(5)
        assert _recv_exactly(sock, 6) == b"during"


def test_cut_closes_live_connections_and_new_ones_still_work(echo_port):
    with DelayProxy("127.0.0.1", echo_port, delay_ms=5) as proxy:
        with socket.create_connection(("127.0.0.1", proxy.port)) as sock:
            sock.settimeout(5)
            sock.sendall(b"x")
            _recv_exactly(sock, 1)
            proxy.cut()
            with pytest.raises((ConnectionError, OSError)):
                sock.sendall(b"y")
                _recv_exactly(sock, 1)
        with socket.create_connection(("127.0.0.1", proxy.port)) as sock:
            sock.settimeout(5)
            sock.sendall(b"z")
            assert _recv_exactly(sock, 1) == b"z"
        assert proxy.accepted == 2
