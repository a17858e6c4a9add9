"""The provider client's retries (urllib3's Retry on the adapter): what is sent again, how often, and counted."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from gpudesk.core.providers.errors import ProviderTimeout, RateLimited, ServerError
from gpudesk.core.providers.http import ApiClient


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def _answer(self) -> None:
        server = self.server
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        server.seen.append((self.command, self.path))  # type: ignore[attr-defined]
        script = server.script  # type: ignore[attr-defined]
        status, headers = script.pop(0) if script else (200, {})
        body = json.dumps({"ok": True} if status == 200 else {"message": "busy"}).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer


@pytest.fixture
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.script = []  # type: ignore[attr-defined]
    httpd.seen = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()
    thread.join(5)


def client(httpd, **kw) -> ApiClient:
    sleeps: list[float] = []
    api = ApiClient(f"http://127.0.0.1:{httpd.server_address[1]}", {}, provider="Test", sleep=sleeps.append, **kw)
    api.sleeps = sleeps  # type: ignore[attr-defined]
    return api


def test_get_is_retried_on_5xx_and_every_request_is_counted(server) -> None:
    server.script[:] = [(503, {}), (502, {})]
    api = client(server)
    assert api.request("GET", "/x") == {"ok": True}
    assert api.calls == 3 == len(server.seen)
    assert len(api.sleeps) == 2 and api.sleeps[1] > api.sleeps[0] > 0


def test_post_is_not_sent_again_after_a_5xx(server) -> None:
    server.script[:] = [(503, {})]
    api = client(server)
    with pytest.raises(ServerError):
        api.request("POST", "/launch", json_body={})
    assert api.calls == 1 == len(server.seen) and api.sleeps == []


def test_post_is_sent_again_after_a_429_and_an_idempotent_post_after_a_5xx(server) -> None:
    server.script[:] = [(429, {"Retry-After": "1"}), (503, {})]
    api = client(server)
    with pytest.raises(ServerError):
        api.request("POST", "/launch", json_body={})
    assert api.calls == 2 == len(server.seen) and api.sleeps == [1.0]
    server.script[:] = [(503, {})]
    assert api.request("POST", "/search", json_body={}, idempotent=True) == {"ok": True}
    assert api.calls == 4 == len(server.seen)


def test_retries_stop_after_the_given_number(server) -> None:
    server.script[:] = [(429, {"Retry-After": "0"})] * 5
    api = client(server, retries=2)
    with pytest.raises(RateLimited):
        api.request("GET", "/x")
    assert api.calls == 3 == len(server.seen)


def test_a_retry_after_over_the_longest_wait_is_reported_not_waited(server) -> None:
    server.script[:] = [(429, {"Retry-After": "31"})]
    api = client(server)
    with pytest.raises(RateLimited) as info:
        api.request("GET", "/x")
    assert info.value.retry_after == 31.0 and api.sleeps == [] and api.calls == 1


def test_a_refused_connection_is_tried_again_even_for_a_post() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    sleeps: list[float] = []
    api = ApiClient(f"http://127.0.0.1:{port}", {}, provider="Test", retries=2, sleep=sleeps.append)
    with pytest.raises(ProviderTimeout) as info:
        api.request("POST", "/launch", json_body={})
    assert "Could not reach Test" in str(info.value)
    assert api.calls == 3 and len(sleeps) == 2
