"""A tiny local web service answering "ok": what a forward carries in the Forwards tests."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Ok(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def ok_server() -> Iterator[http.server.ThreadingHTTPServer]:
    """Serve "ok" on 127.0.0.1 (the port is ``server.server_address[1]``) until the block ends."""
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        yield web
    finally:
        web.shutdown()
        web.server_close()
