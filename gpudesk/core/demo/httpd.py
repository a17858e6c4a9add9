"""A threading HTTP server that ends its keep-alive connections when it closes.

``ThreadingHTTPServer.shutdown()`` stops accepting, but a client that keeps a connection alive (the app's
provider client does) keeps that connection's handler thread waiting for its next request. The demo
provider API closes with the demo; this server takes those connections down with it.
"""

from __future__ import annotations

import socket
import threading
from http.server import ThreadingHTTPServer
from typing import Any


class ClosingHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening, then end every connection still open: its handler reads EOF and returns."""
        super().server_close()
        with self._open_lock:
            still = list(self._open)
        for sock in still:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # the client went meanwhile
