"""Real local receivers for alert tests: an HTTP server (ntfy, webhook, Telegram, Feishu, DingTalk, WeCom
shapes) and an SMTP server (aiosmtpd). Each records what arrived, headers and all."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


@dataclass
class HttpReceiver:
    """``mode``: "ok", "5xx" (answers 503), "slow" (waits ``delay`` s before answering), "errcode" (HTTP 200
    with a bot error code). ``fail_first``: answer 503 to that many requests, then ``mode``."""

    mode: str = "ok"
    delay: float = 0.0
    fail_first: int = 0
    requests: list[Request] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # time.monotonic() of each request's arrival

    def start(self) -> HttpReceiver:
        receiver = self
        self._cond = threading.Condition()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with receiver._cond:
                    receiver.requests.append(Request("POST", self.path, dict(self.headers.items()), body))
                    receiver.times.append(time.monotonic())
                    count = len(receiver.requests)
                    receiver._cond.notify_all()
                if receiver.mode == "slow":
                    time.sleep(receiver.delay)
                if count <= receiver.fail_first or receiver.mode == "5xx":
                    self._answer(503, {"error": "busy"})
                elif receiver.mode == "errcode":
                    self._answer(200, {"errcode": 310000, "errmsg": "keywords not in content"})
                elif "/sendMessage" in self.path:
                    self._answer(200, {"ok": True, "result": {"message_id": count}})
                elif "/hook/" in self.path:
                    self._answer(200, {"code": 0, "msg": "success", "data": {}})
                elif "robot/send" in self.path or "webhook/send" in self.path:
                    self._answer(200, {"errcode": 0, "errmsg": "ok"})
                else:
                    self._answer(200, {"id": str(count)})

            def _answer(self, status: int, data: Any) -> None:
                raw = json.dumps(data).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)
                except OSError:
                    pass  # the client gave up (a slow answer past its timeout)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, name="alert-receiver", daemon=True)
        self._thread.start()
        return self

    def wait_for(self, count: int, timeout: float = 10.0) -> list[Request]:
        deadline = time.monotonic() + timeout
        with self._cond:
            while len(self.requests) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.requests)} of {count} requests arrived")
                self._cond.wait(left)
            return list(self.requests)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(5)


class SmtpReceiver:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps each message and, with ``auth``, asks for a login."""

    def __init__(self, user: str | None = None, password: str | None = None, tls: Any = None) -> None:
        self.user, self.password = user, password
        self.tls = tls  # an ssl.SSLContext: the server offers STARTTLS and requires it before AUTH
        self.messages: list[dict[str, Any]] = []
        self.logins: list[tuple[str, str]] = []

    def start(self) -> SmtpReceiver:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult, LoginPassword

        receiver = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                receiver.messages.append(
                    {"from": envelope.mail_from, "to": list(envelope.rcpt_tos), "data": envelope.content}
                )
                return "250 OK"

        def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
            if isinstance(auth_data, LoginPassword):
                user, password = auth_data.login.decode(), auth_data.password.decode()
                receiver.logins.append((user, password))
                ok = (user, password) == (receiver.user, receiver.password)
                return AuthResult(success=ok, handled=False)
            return AuthResult(success=False, handled=False)

        kwargs: dict[str, Any] = {}
        if self.user:
            kwargs = {
                "authenticator": authenticator,
                "auth_required": True,
                "auth_require_tls": self.tls is not None,
                "auth_exclude_mechanism": ["LOGIN"],  # PLAIN only: smtplib then tries one mechanism
            }
        if self.tls is not None:
            kwargs.update(tls_context=self.tls, require_starttls=True)
        import socket

        with socket.socket() as probe:  # aiosmtpd's start-up check connects to the port it was given
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, **kwargs)
        import warnings

        with warnings.catch_warnings():  # AUTH without TLS: only in the tests that say so (tls=none)
            warnings.simplefilter("ignore", UserWarning)
            self.controller.start()
        return self

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(self.messages)} of {count} mails arrived")
            time.sleep(0.02)
        return list(self.messages)

    def stop(self) -> None:
        self.controller.stop()


def self_signed_context(tmp_path: Any) -> Any:
    """A server SSL context with a fresh self-signed certificate for 127.0.0.1."""
    import datetime
    import ipaddress
    import ssl

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "smtp.crt", tmp_path / "smtp.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file, key_file)
    return context
