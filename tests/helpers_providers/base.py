"""A threaded HTTP server with scripted faults, the base of every provider stub."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from gpudesk.core.demo.httpd import ClosingHTTPServer
from tests.helpers_providers import contract as contracts


@dataclass
class Fault:
    status: int = 500
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    text: str | None = None  # plain-text body instead of JSON


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any


@dataclass
class Reply:
    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    text: str | None = None


class StubServer:
    """Subclasses implement :meth:`route` and :meth:`authorised`; faults pre-empt both.

    A subclass names the schema file it follows in ``contract`` (``tests/fixtures/provider-schemas``):
    every request it receives and every JSON answer it sends is then checked against its provider's
    published API description (:mod:`tests.helpers_providers.contract`). Violations are collected in
    ``violations`` and :meth:`stop` raises :class:`ContractViolation` naming each one, so the test that
    used the stub fails even when the client coped with the bad answer.
    """

    token = "test-token-0123456789"
    contract: str | None = None  # the schema file's name; None: no published spec (generic REST)
    # Set to the reason when a test puts answers outside the spec into the stub's state on purpose
    # (hostile field types for the client's defences): answers are then not checked, requests still are.
    off_spec: str | None = None

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        self.requests: list[Seen] = []
        self.violations: list[contracts.Violation] = []
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode("utf-8", "replace")
                parts = urlsplit(self.path)
                seen = Seen(self.command, parts.path, parse_qs(parts.query), dict(self.headers.items()), body)
                with stub.lock:
                    stub.requests.append(seen)
                    fault = stub.faults.pop(0) if stub.faults else None
                stub.check_request(seen)
                if fault is not None:
                    if fault.delay_s:
                        time.sleep(fault.delay_s)  # the stub is slow on purpose: the client must time out
                    reply = Reply(fault.status, fault.body, fault.headers, fault.text)
                elif not stub.authorised(seen):
                    reply = stub.unauthorised()
                else:
                    with stub.lock:
                        reply = stub.route(seen)
                # a fault the client has given up on (delay_s) is not read by anyone: not checked
                if fault is None or not fault.delay_s:
                    stub.check_reply(seen, reply, fault=fault is not None)
                self._send(reply)

            def _send(self, reply: Reply) -> None:
                if reply.text is not None:
                    data, ctype = reply.text.encode(), "text/plain"
                elif reply.body is None:
                    data, ctype = b"", "application/json"
                else:
                    data, ctype = json.dumps(reply.body).encode(), "application/json"
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    if data:
                        self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _handle

        self.httpd = ClosingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=lambda: self.httpd.serve_forever(poll_interval=0.05), name=type(self).__name__, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> StubServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; then fail if any request or answer broke the provider's spec."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.raise_violations()

    # -- the provider's contract -------------------------------------------------------
    def check_request(self, seen: Seen) -> None:
        if self.contract is not None:
            self._record(lambda c: c.check_request(seen.method, seen.path, seen.body))

    def check_reply(self, seen: Seen, reply: Reply, *, fault: bool = False) -> None:
        if self.contract is not None and not self.off_spec:
            self._record(
                lambda c: c.check_response(
                    seen.method, seen.path, reply.status, reply.body, text=reply.text is not None, fault=fault
                )
            )

    def _record(self, check: Any) -> None:
        assert self.contract is not None
        try:
            found = check(contracts.load(self.contract))
        except Exception as exc:  # a broken schema file must fail the test, not hang the client
            found = [contracts.Violation(self.contract, "(checking)", "contract", "$", repr(exc), self.contract)]
        if found:
            with self.lock:
                self.violations.extend(found)

    def raise_violations(self) -> None:
        """Raise :class:`ContractViolation` for what was collected so far (and forget it)."""
        with self.lock:
            found, self.violations = self.violations, []
        if found:
            raise contracts.ContractViolation(contracts.report(found))

    def fail_next(self, *faults: Fault) -> None:
        with self.lock:
            self.faults.extend(faults)

    # -- per provider ---------------------------------------------------------------
    def authorised(self, seen: Seen) -> bool:
        return seen.headers.get("Authorization") == f"Bearer {self.token}"

    def unauthorised(self) -> Reply:
        raise NotImplementedError

    def route(self, seen: Seen) -> Reply:
        raise NotImplementedError

    # faults each provider documents; subclasses override the bodies
    def not_found_fault(self) -> Fault:
        return Fault(404, {"message": "not found"})

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        return Fault(429, {"message": "too many requests"}, {"Retry-After": retry_after} if retry_after else {})

    def server_error_fault(self) -> Fault:
        return Fault(500, {})
