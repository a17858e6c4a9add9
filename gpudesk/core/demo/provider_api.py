"""The demo provider API: a RunPod-REST-v1-shaped HTTP server on 127.0.0.1 with one pod.

The pod stands for the demo GPU server. Stop flips it to ``EXITED`` (and empties its SSH
address, as RunPod does); start flips it back to ``RUNNING``. The API only flips state; an
``on_change(status)`` callback lets the app make the demo SSH server follow if it wants.
Auth is ``Authorization: Bearer <token>`` with a per-run token kept in memory only.
"""

from __future__ import annotations

import json
import secrets as pysecrets
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gpudesk.core.providers.accounts import Account
    from gpudesk.core.sessions.model import Session

DEMO_ACCOUNT = "Demo provider"


class DemoProviderAPI:
    """``DemoProviderAPI(ssh_host, ssh_port).start()``; then ``.url`` and ``.token``."""

    def __init__(
        self,
        ssh_host: str = "127.0.0.1",
        ssh_port: int = 22,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        gpus: int = 8,
        gpu_name: str = "H100 80GB HBM3",
        price_per_hour: float = 2.49,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.token = pysecrets.token_urlsafe(24)
        self.on_change = on_change
        self.ssh_host, self.ssh_port = ssh_host, ssh_port
        self._lock = threading.Lock()
        self.pod: dict[str, Any] = {
            "id": "demo" + pysecrets.token_hex(5),
            "name": "demo-gpu-server",
            "desiredStatus": "RUNNING",
            "costPerHr": f"{price_per_hour:.2f}",  # a string, as in RunPod's own example
            "adjustedCostPerHr": price_per_hour,
            "gpu": {"id": f"NVIDIA {gpu_name}", "count": gpus, "displayName": gpu_name},
            "image": "gpudesk/demo",
            "lastStartedAt": _iso(time.time()),
            "ports": ["22/tcp"],
            "volumeInGb": 20,
            "volumeMountPath": "/workspace",
        }
        self._address(True)
        self._httpd = ThreadingHTTPServer((host, port), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=lambda: self._httpd.serve_forever(poll_interval=0.1), name="demo-provider-api", daemon=True
        )

    @property
    def url(self) -> str:
        """The base URL to use as a RunPod account's API address."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def pod_id(self) -> str:
        return str(self.pod["id"])

    @property
    def status(self) -> str:
        with self._lock:
            return str(self.pod["desiredStatus"])

    def start(self) -> DemoProviderAPI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def account(self) -> Account:
        """A RunPod account pointing here, registered for this run only (token in memory)."""
        from gpudesk.core.providers.accounts import Account, add_transient

        account = Account(DEMO_ACCOUNT, "runpod", self.url)
        add_transient(account, self.token)
        return account

    def link(self, session: Session, idle_minutes: float = 1.0, policy: str = "remind") -> None:
        """Tie the demo session to the demo pod: price, provider, instance id, a short idle threshold."""
        from gpudesk.core.billing import config
        from gpudesk.core.billing.guard import GuardConfig
        from gpudesk.core.billing.idle import IdleConfig

        account = self.account()
        session.provider = account.name
        session.provider_instance_id = self.pod_id
        session.hourly_price = float(self.pod["adjustedCostPerHr"])
        session.currency = "USD"
        config.save(
            session.id, guard=GuardConfig(idle=IdleConfig(minutes=idle_minutes), policy=policy, answer_minutes=1.0)
        )

    # -- state --------------------------------------------------------------------------
    def _address(self, running: bool) -> None:
        self.pod["publicIp"] = self.ssh_host if running else ""
        self.pod["portMappings"] = {"22": self.ssh_port} if running else {}

    def _set(self, status: str) -> dict[str, Any]:
        with self._lock:
            changed = self.pod["desiredStatus"] != status
            self.pod["desiredStatus"] = status
            self._address(status == "RUNNING")
            if changed and status == "RUNNING":
                self.pod["lastStartedAt"] = _iso(time.time())
            snapshot = {"id": self.pod["id"], "desiredStatus": status}
        if changed and self.on_change is not None:
            self.on_change({"RUNNING": "running", "EXITED": "stopped"}.get(status, "terminated"))
        return snapshot

    def _route(self, method: str, path: str, auth: str) -> tuple[int, Any]:
        if auth != f"Bearer {self.token}":
            return 401, {"message": "Unauthorized."}
        parts = [p for p in path.split("?")[0].split("/") if p]
        if parts[:2] != ["v1", "pods"]:
            return 404, {"message": "Not found"}
        if method == "GET" and len(parts) == 2:
            with self._lock:
                alive = self.pod["desiredStatus"] != "TERMINATED"
                return 200, [dict(self.pod)] if alive else []
        if len(parts) < 3 or parts[2] != self.pod["id"]:
            return (404, {"message": "Pod not found"}) if method == "GET" else (400, {"message": "Invalid Pod ID."})
        if method == "GET" and len(parts) == 3:
            with self._lock:
                return 200, dict(self.pod)
        if method == "POST" and parts[3:] == ["stop"]:
            return 200, self._set("EXITED")
        if method == "POST" and parts[3:] == ["start"]:
            return 200, self._set("RUNNING")
        if method == "DELETE" and len(parts) == 3:
            self._set("TERMINATED")
            return 204, None
        return 404, {"message": "Not found"}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _do(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                status, body = api._route(self.command, self.path, self.headers.get("Authorization", ""))
                data = b"" if body is None else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if data:
                    self.wfile.write(data)

            do_GET = do_POST = do_DELETE = _do

        return Handler


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
