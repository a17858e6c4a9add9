"""The demo provider API: a RunPod-REST-v2-shaped HTTP server on 127.0.0.1 with one pod.

The pod stands for the demo GPU server and lives the real v2 lifecycle (reference §3.9): a
start goes PROVISIONING → STARTING → RUNNING over a few seconds, with no SSH address until it
runs; stop goes to EXITED at once; an action the status does not allow answers 409. The demo
account also holds a network volume, so the Providers page shows storage that keeps billing.
``resume_fails`` / ``resume_zero_gpus`` play the two documented bad resumes. An
``on_change(status)`` callback lets the app make the demo SSH server follow if it wants.
Auth is ``Authorization: Bearer <token>`` with a per-run token kept in memory only; the old
``/v1`` paths answer 410 Gone, as RunPod's retired REST v1 does.

The provider's own book: ``ledger`` records every state change of every pod (``{"t", "pod",
"status"}``, oldest first, kept in the state file too), the record a provider bills from, so
the app's figures can be checked against it (:func:`billed_seconds`).

Renting offline: ``GET /v2/catalog/gpus`` lists the demo GPU, and ``POST /v2/pods`` (the v2 create,
reference §3.9) "rents" a pod of it that points at the same demo SSH server: it walks PROVISIONING →
STARTING → RUNNING like the demo pod and can be stopped and terminated. A GPU the demo does not have
answers 400, as RunPod does when it cannot place a pod.
"""

from __future__ import annotations

import json
import os
import secrets as pysecrets
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpudesk.core import atomic
from gpudesk.core.billing import config
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.demo.httpd import ClosingHTTPServer
from gpudesk.core.demo_timing import DEMO_ACCOUNT as DEMO_ACCOUNT

if TYPE_CHECKING:
    from gpudesk.core.providers.accounts import Account
    from gpudesk.core.sessions.model import Session

#: pod states the app counts as billing (gpudesk.core.providers.base.BILLING_STATES, as RunPod names them)
BILLING = frozenset({"PROVISIONING", "STARTING", "RUNNING", "ERROR"})
#: state changes the ledger keeps (the oldest go first)
LEDGER_MAX = 1000
#: how many stops of the demo pod the demo provider accepts without carrying them out (README: the demo)
STOPS_IGNORED_ENV = "GPUDESK_DEMO_IGNORE_STOPS"


def _count_env(name: str) -> int:
    """A small count from the environment; anything else (junk, negative, huge) is 0."""
    text = os.environ.get(name, "").strip()
    return int(text) if text.isdigit() and len(text) <= 3 else 0


class DemoProviderAPI:
    """``DemoProviderAPI(ssh_host, ssh_port).start()``; then ``.url`` and ``.token``."""

    #: seconds the pod spends in PROVISIONING and in STARTING after a start
    PHASE_S = 2.0
    ALLOWED = {
        "RUNNING": ("stop", "restart", "terminate"),
        "EXITED": ("start", "terminate"),
        "ERROR": ("start", "terminate"),
        "PROVISIONING": ("stop", "terminate"),
        "STARTING": ("stop", "terminate"),
    }

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
        phase_s: float | None = None,
        on_change: Callable[[str], None] | None = None,
        token: str | None = None,
        state_file: Path | None = None,
    ) -> None:
        self.token = token or pysecrets.token_urlsafe(24)
        self.state_file = state_file  # the pod outlives this process there (the demo host restarts)
        self.on_change = on_change
        self.ssh_host, self.ssh_port = ssh_host, ssh_port
        self.price_per_hour = price_per_hour
        self.gpus = gpus
        self.phase_s = self.PHASE_S if phase_s is None else phase_s
        self.resume_fails = False
        self.resume_zero_gpus = False
        # The demo of "a stop is done when the provider says so": this many stops answer 200 with the pod as it
        # was, and it stays RUNNING (an action accepted and not carried out); the next stop goes through.
        self.stops_ignored = _count_env(STOPS_IGNORED_ENV)
        self._lock = threading.Lock()
        self._phase_started = time.time()
        pod_id = "demo" + pysecrets.token_hex(5)
        self.pod: JSONObject = {
            "id": pod_id,
            "name": "demo-gpu-server",
            "image": "gpudesk/demo",
            "args": "",
            "disk": 50,
            "ports": ["22/tcp"],
            "env": {},
            "registry": None,
            "status": "RUNNING",
            "actions": list(self.ALLOWED["RUNNING"]),
            "mounts": {"persistent": {"size": 20, "path": "/workspace"}},
            "gpu": {"id": f"NVIDIA {gpu_name}", "count": gpus, "vcpuCount": 16 * gpus, "memory": 128 * gpus},
            "cloud": "SECURE",
            "dataCenterId": "LOCAL-DEMO",
            "cudaVersion": "12.8",
            "ssh": {"proxy": None, "direct": None},
            "template": None,
            "cost": price_per_hour,
            "locked": False,
            "globalNetworking": {"enabled": False},
            "runtime": None,
            "createdAt": _iso(time.time()),
            "startedAt": _iso(time.time()),
        }
        self.rented: dict[str, JSONObject] = {}  # pods made with POST /v2/pods, by id
        self._rented_since: dict[str, float] = {}
        self.ledger: list[JSONObject] = []  # every state change of every pod, oldest first
        self._load()
        if not any(e["pod"] == self.pod["id"] for e in self.ledger):
            self._record(self.pod["id"], str(self.pod["status"]))  # a new pod: its first state
        self._save()
        self.volumes = [
            {"id": "demovol01", "name": "demo-datasets", "size": 50, "dataCenter": "LOCAL-DEMO", "type": "STANDARD"}
        ]
        self._address(True)
        # The demo's stand-in phone: an ntfy-style topic the demo's alerts (the app's and the server guard's) reach.
        self.phone = DemoPhone(state_file.with_name("phone.json") if state_file is not None else None)
        self._httpd = ClosingHTTPServer((host, port), self._handler())
        self._thread = threading.Thread(
            target=lambda: self._httpd.serve_forever(poll_interval=0.1), name="demo-provider-api", daemon=True
        )

    @property
    def url(self) -> str:
        """The base URL to use as a RunPod account's API address (v2 paths go below it)."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def pod_id(self) -> str:
        return str(self.pod["id"])

    @property
    def status(self) -> str:
        with self._lock:
            change = self._advance()
            status = str(self.pod["status"])
        if change is not None and self.on_change is not None:
            self.on_change(change)
        return status

    def start(self) -> DemoProviderAPI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def account(self) -> Account:
        """A RunPod account pointing here, registered for this run only (token in memory)."""
        return demo_account(self.url, self.token)

    def link(self, session: Session, idle_minutes: float = 1.0, policy: str = "remind") -> None:
        """Tie the demo session to the demo pod: price, provider, instance id, a short idle threshold."""
        # No server guard for an in-process demo: its server and provider API end with this app.
        link(session, self.url, self.token, self.pod_id, self.price_per_hour, idle_minutes=idle_minutes, policy=policy)

    # -- state (call with the lock held) ----------------------------------------------------
    def _load(self) -> None:
        """The pod as the last run of the demo host left it (its id, and stopped if it was)."""
        if self.state_file is None:
            return
        try:
            data = json.loads(self.state_file.read_text("utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not data["id"].isalnum():
            return
        book = data.get("ledger")
        for item in book[-LEDGER_MAX:] if isinstance(book, list) else []:
            if (
                isinstance(item, dict)
                and isinstance(item.get("t"), (int, float))
                and isinstance(item.get("pod"), str)
                and isinstance(item.get("status"), str)
            ):
                self.ledger.append({"t": float(item["t"]), "pod": item["pod"][:32], "status": item["status"][:20]})
        rented = data.get("rented")
        if isinstance(rented, dict):  # pods rented in an earlier run: a provider never forgets what bills
            found = data.get("rentedSince")
            since: JSONObject = found if isinstance(found, dict) else {}
            for pod_id, pod in list(rented.items())[:20]:
                if isinstance(pod_id, str) and pod_id.isalnum() and isinstance(pod, dict) and pod.get("id") == pod_id:
                    self.rented[pod_id] = pod
                    stamp = since.get(pod_id)
                    self._rented_since[pod_id] = float(stamp) if isinstance(stamp, (int, float)) else time.time()
        if data.get("status") == "TERMINATED":
            return  # a terminated pod is gone: this run has a new one
        self.pod["id"] = data["id"][:32]
        if data.get("status") == "EXITED":
            self._set("EXITED")  # keeps the file's stop time (same id, same status)
        started = data.get("startedAt")
        if isinstance(started, str) and data.get("status") != "EXITED":
            self.pod["startedAt"] = started

    def _save(self) -> None:
        if self.state_file is None:
            return

        old: JSONObject = {}
        try:
            loaded = json.loads(self.state_file.read_text("utf-8"))
            old = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            pass
        status = str(self.pod["status"])
        changed = old.get("changedAt") if old.get("status") == status and old.get("id") == self.pod["id"] else None
        data = {
            "id": self.pod["id"],
            "status": status,
            "startedAt": self.pod.get("startedAt"),
            "changedAt": changed or _iso(time.time()),
            "rented": {k: v for k, v in self.rented.items() if v.get("status") != "TERMINATED"},
            "rentedSince": {k: t for k, t in self._rented_since.items() if k in self.rented},
            "ledger": self.ledger,
        }
        try:
            atomic.write_text(self.state_file, json.dumps(data))
        except OSError:
            pass  # the demo goes on; only a restart of the demo host forgets the state

    def _address(self, running: bool) -> None:
        direct = {
            "host": self.ssh_host,
            "port": self.ssh_port,
            "username": "root",
            "command": f"ssh root@{self.ssh_host} -p {self.ssh_port}",
        }
        self.pod["ssh"]["direct"] = direct if running else None
        self.pod["runtime"] = (
            {"uptime": 0, "ports": [{"private": 22, "public": self.ssh_port, "type": "tcp", "ip": self.ssh_host}]}
            if running
            else None
        )

    def _record(self, pod_id: str, status: str, at: float | None = None) -> None:
        """Write a state change into the ledger (the same state again is no change)."""
        last = next((e for e in reversed(self.ledger) if e["pod"] == pod_id), None)
        if last is not None and last["status"] == status:
            return
        self.ledger.append({"t": time.time() if at is None else at, "pod": pod_id, "status": status})
        del self.ledger[:-LEDGER_MAX]

    def _set(self, status: str) -> str | None:
        """Move the pod to ``status``; returns the app-level change to announce, if any."""
        old = self.pod["status"]
        self._record(str(self.pod["id"]), status)
        self.pod["status"] = status
        self.pod["actions"] = list(self.ALLOWED.get(status, ()))
        self.pod["cost"] = self.price_per_hour if status not in ("EXITED", "TERMINATED") else 0.0
        self._address(status == "RUNNING")
        self._phase_started = time.time()
        # This start's billing begins when the pod starts provisioning (the ledger's BILLING): it reports that as
        # its start, so a reader who first sees it a poll later still meters it from then.
        if status == "PROVISIONING" or (status == "RUNNING" and old not in ("RUNNING", "PROVISIONING", "STARTING")):
            self.pod["startedAt"] = _iso(time.time())
        if old != status:
            self._save()
        changes = {"RUNNING": "running", "EXITED": "stopped", "TERMINATED": "terminated"}
        return changes.get(status) if old != status else None

    def _advance(self) -> str | None:
        nxt = {"PROVISIONING": "STARTING", "STARTING": "RUNNING"}.get(str(self.pod["status"]))
        if nxt and time.time() - self._phase_started >= self.phase_s:
            return self._set(nxt)
        return None

    def _act(self, action: str) -> tuple[int, JSON, str | None]:
        status = str(self.pod["status"])
        if action not in self.ALLOWED.get(status, ()):
            return 409, _problem(409, "Conflict", f"Action not valid for current pod status {status}"), None
        if action == "terminate":
            return 204, None, self._set("TERMINATED")
        if action == "stop" and self.stops_ignored > 0:
            self.stops_ignored -= 1
            return 200, dict(self.pod), None
        if action == "stop":
            change = self._set("EXITED")
        elif action == "start":
            if self.resume_fails:
                return (
                    400,
                    _problem(
                        400, "Bad Request", "There are not enough free GPUs on the host machine to start this pod."
                    ),
                    None,
                )
            change = self._set("PROVISIONING")
            self.pod["gpu"]["count"] = 0 if self.resume_zero_gpus else self.gpus
        else:
            change = self._set("STARTING")
        return 200, dict(self.pod), change

    def _route(self, method: str, path: str, auth: str, body: JSON) -> tuple[int, JSON, str | None]:
        parts = [p for p in path.split("?")[0].split("/") if p]
        if parts[:1] == ["v1"]:
            return 410, {"message": "REST API v1 has been retired. Use https://api.runpod.io/v2."}, None
        if auth != f"Bearer {self.token}":
            return 401, _problem(401, "Unauthorized", "missing bearer token"), None
        if parts[:1] != ["v2"]:
            return 404, _problem(404, "Not Found", "resource not found"), None
        parts = parts[1:]
        change = self._advance()
        if parts == ["network-volumes"] and method == "GET":
            return 200, {"networkVolumes": [dict(v) for v in self.volumes]}, change
        if parts[:1] == ["network-volumes"] and len(parts) == 2 and method == "DELETE":
            before = len(self.volumes)
            self.volumes = [v for v in self.volumes if v["id"] != parts[1]]
            found = len(self.volumes) < before
            return (204, None, change) if found else (404, _problem(404, "Not Found", "resource not found"), change)
        if parts == ["catalog", "gpus"] and method == "GET":
            return 200, {"gpus": [self._catalog_gpu()]}, change
        if parts == ["pods"] and method == "POST":
            return self._rent(body) + (change,)
        if parts == ["pods"] and method == "GET":
            alive = self.pod["status"] != "TERMINATED"
            rented = [self._rented_view(pid) for pid, pod in self.rented.items() if pod["status"] != "TERMINATED"]
            return 200, {"pods": ([dict(self.pod)] if alive else []) + rented}, change
        if parts[:1] == ["pods"] and len(parts) >= 2 and parts[1] in self.rented:
            return self._rented_route(method, parts[1], parts[2:], body) + (change,)
        if parts[:1] != ["pods"] or len(parts) < 2 or parts[1] != self.pod["id"] or self.pod["status"] == "TERMINATED":
            return 404, _problem(404, "Not Found", "The requested Pod does not exist."), change
        if method == "GET" and len(parts) == 2:
            return 200, dict(self.pod), change
        if method == "DELETE" and len(parts) == 2:
            return 204, None, self._set("TERMINATED")
        if method == "POST" and parts[2:] == ["action"]:
            action = body.get("action") if isinstance(body, dict) else None
            if action not in ("start", "stop", "restart", "terminate"):
                return 422, _problem(422, "Unprocessable Entity", "Request validation failed."), change
            return self._act(str(action))
        return 404, _problem(404, "Not Found", "resource not found"), change

    # -- pods rented with POST /v2/pods (call with the lock held) ----------------------------
    def _catalog_gpu(self) -> JSONObject:
        gpu_id = str(self.pod["gpu"]["id"])
        per_gpu = round(self.price_per_hour / max(1, self.gpus), 4)
        return {
            "id": gpu_id,
            "name": gpu_id.removeprefix("NVIDIA "),
            "pool": "DEMO",
            "manufacturer": "NVIDIA",
            "memory": 80,
            "secure": True,
            "community": False,
            "price": {"secure": per_gpu, "community": 0.0},
            "maxCount": {"secure": self.gpus, "community": 0},
        }

    def _rent(self, body: JSON) -> tuple[int, JSON]:
        gpu = body.get("gpu") if isinstance(body, dict) else None
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("name"), str)
            or not isinstance(body.get("image"), str)
            or not isinstance(gpu, dict)
            or not isinstance(gpu.get("id"), str)
        ):
            return 422, _problem(422, "Unprocessable Entity", "Request validation failed.")
        count = gpu.get("count", 1)
        if gpu["id"] != self.pod["gpu"]["id"] or not isinstance(count, int) or not 1 <= count <= self.gpus:
            return 400, _problem(400, "Bad Request", f"The demo has no machine with {count}× {gpu['id'][:80]}.")
        if len(self.rented) >= 20:
            return 400, _problem(400, "Bad Request", "The demo rents at most 20 pods; terminate some first.")
        pod_id = "demo" + pysecrets.token_hex(5)
        pod = json.loads(json.dumps(self.pod))  # the demo pod's shape, a copy
        env = body.get("env")
        if not isinstance(env, dict):
            env = {}
        pod.update(
            {
                "id": pod_id,
                "name": body["name"][:100],
                "image": body["image"][:200],
                "env": {k: "***" for k in env},
                "gpu": dict(pod["gpu"], count=count),
                "cost": round(self.price_per_hour / max(1, self.gpus) * count, 4),
                "mounts": {},
                "createdAt": _iso(time.time()),
                "startedAt": None,
                "status": "PROVISIONING",
                "actions": list(self.ALLOWED["PROVISIONING"]),
                "runtime": {},
                "ssh": {"proxy": None, "direct": None},
            }
        )
        self.rented[pod_id] = pod
        self._rented_since[pod_id] = time.time()
        self._record(pod_id, "PROVISIONING", self._rented_since[pod_id])
        self._save()  # the rented pod outlives this process (the demo host restarts)
        return 201, dict(pod)

    def _rented_view(self, pod_id: str) -> JSONObject:
        pod = self.rented[pod_id]
        nxt = {"PROVISIONING": "STARTING", "STARTING": "RUNNING"}.get(str(pod["status"]))
        moved = False
        while nxt and time.time() - self._rented_since[pod_id] >= self.phase_s:
            pod["status"], pod["actions"] = nxt, list(self.ALLOWED.get(nxt, ()))
            self._rented_since[pod_id] += self.phase_s
            self._record(pod_id, nxt, self._rented_since[pod_id])  # when it changed, seen or not
            nxt = {"PROVISIONING": "STARTING", "STARTING": "RUNNING"}.get(nxt)
            moved = True
        if moved:
            self._save()  # the ledger outlives this process
        running = pod["status"] == "RUNNING"
        if running and pod["ssh"]["direct"] is None:
            pod["startedAt"] = _iso(time.time())
            pod["ssh"]["direct"] = {
                "host": self.ssh_host,
                "port": self.ssh_port,
                "username": "root",
                "command": f"ssh root@{self.ssh_host} -p {self.ssh_port}",
            }
            pod["runtime"] = {
                "uptime": 0,
                "ports": [{"private": 22, "public": self.ssh_port, "type": "tcp", "ip": self.ssh_host}],
            }
        elif not running:
            pod["ssh"]["direct"], pod["runtime"] = None, None if pod["status"] in ("EXITED", "TERMINATED") else {}
        return dict(pod)

    def _rented_route(self, method: str, pod_id: str, rest: list[str], body: JSON) -> tuple[int, JSON]:
        pod = self.rented[pod_id]
        if pod["status"] == "TERMINATED":
            return 404, _problem(404, "Not Found", "The requested Pod does not exist.")
        if method == "GET" and not rest:
            return 200, self._rented_view(pod_id)
        action = (
            "terminate" if method == "DELETE" and not rest else body.get("action") if isinstance(body, dict) else None
        )
        if not (method == "DELETE" and not rest) and not (method == "POST" and rest == ["action"]):
            return 404, _problem(404, "Not Found", "resource not found")
        status = self._rented_view(pod_id)["status"]
        if action not in self.ALLOWED.get(str(status), ()):
            return 409, _problem(409, "Conflict", f"Action not valid for current pod status {status}")
        new = {"terminate": "TERMINATED", "stop": "EXITED", "start": "PROVISIONING", "restart": "STARTING"}[str(action)]
        pod["status"], pod["actions"] = new, list(self.ALLOWED.get(new, ()))
        pod["cost"] = (
            0.0
            if new in ("EXITED", "TERMINATED")
            else round(self.price_per_hour / max(1, self.gpus) * pod["gpu"]["count"], 4)
        )
        self._rented_since[pod_id] = time.time()
        self._record(pod_id, new, self._rented_since[pod_id])
        self._save()
        return (204, None) if new == "TERMINATED" else (200, self._rented_view(pod_id))

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _do(self) -> None:
                length = min(int(self.headers.get("Content-Length") or 0), 1 << 20)
                raw = self.rfile.read(length) if length else b""
                if self.path.split("?")[0].rstrip("/").startswith("/demo-phone"):
                    status, reply = api.phone.handle(self.command, dict(self.headers.items()), raw)
                    self._send(status, reply)
                    return
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                with api._lock:
                    status, reply, change = api._route(
                        self.command, self.path, self.headers.get("Authorization", ""), body
                    )
                if change is not None and api.on_change is not None:
                    api.on_change(change)
                self._send(status, reply)

            def _send(self, status: int, reply: JSON) -> None:
                data = b"" if reply is None else json.dumps(reply).encode()
                self.send_response(status)
                ctype = (
                    "application/problem+json"
                    if status >= 400 and isinstance(reply, dict) and "title" in reply
                    else "application/json"
                )
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if data:
                    self.wfile.write(data)

            do_GET = do_POST = do_DELETE = _do

        return Handler


class DemoPhone:
    """What a phone subscribed to an ntfy topic would show: ``POST /demo-phone/TOPIC`` with ntfy's
    ``Title`` and ``Priority`` headers and the text as the body (https://docs.ntfy.sh/publish/);
    ``GET /demo-phone`` lists what arrived, newest last. Bounded: the last 50 messages, each cut short."""

    KEEP = 50

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.messages: list[JSONObject] = []
        if path is not None:
            try:
                data = json.loads(path.read_text("utf-8"))
                self.messages = [m for m in data if isinstance(m, dict)][-self.KEEP :] if isinstance(data, list) else []
            except (OSError, ValueError):
                self.messages = []

    def handle(self, method: str, headers: dict[str, str], body: bytes) -> tuple[int, JSON]:
        if method == "GET":
            with self._lock:
                return 200, {"messages": list(self.messages)}
        if method != "POST":
            return 405, {"error": "method not allowed"}
        from email.header import decode_header, make_header

        try:
            title = str(make_header(decode_header(headers.get("Title", ""))))
        except (ValueError, LookupError):
            title = headers.get("Title", "")
        message = {
            "time": time.time(),
            "title": title[:200],
            "text": body.decode("utf-8", "replace")[:2000],
            "priority": headers.get("Priority", "3")[:2],
            "tags": headers.get("Tags", "")[:100],
        }
        with self._lock:
            self.messages = [*self.messages, message][-self.KEEP :]
            if self.path is not None:
                atomic.write_text(self.path, json.dumps(self.messages))
        return 200, {"id": str(len(self.messages)), "event": "message"}


def demo_account(url: str, token: str) -> Account:
    """A RunPod account pointing at a demo provider API, registered for this run only (token in memory)."""
    from gpudesk.core.providers.accounts import Account, add_transient

    account = Account(DEMO_ACCOUNT, "runpod", url)
    add_transient(account, token)
    return account


def link(
    session: Session,
    url: str,
    token: str,
    pod_id: str,
    price_per_hour: float,
    *,
    idle_minutes: float = 1.0,
    answer_minutes: float = 1.0,
    policy: str = "remind",
    server_guard: str = "off",
) -> None:
    """Tie the demo session to the demo pod: price, provider, instance id, a short idle threshold.

    ``server_guard="on"`` only where the demo server outlives the app (the demo host): a guard is
    pointless on a server that ends with the app.
    """
    account = demo_account(url, token)
    session.provider = account.name
    session.provider_instance_id = pod_id
    session.hourly_price = float(price_per_hour)
    session.currency = "USD"
    config.save(
        session.id,
        guard=GuardConfig(
            idle=IdleConfig(minutes=idle_minutes),
            policy=policy,
            answer_minutes=answer_minutes,
            server_guard=server_guard,
        ),
    )


def billed_seconds(ledger: list[JSONObject], pod_id: str, until: float, since: float = 0.0) -> float:
    """Seconds the ledger has ``pod_id`` in a billing state between ``since`` and ``until``."""
    total, began = 0.0, None
    for entry in ledger:
        if entry["pod"] != pod_id or entry["t"] > until:
            continue
        billing = entry["status"] in BILLING
        if billing and began is None:
            began = entry["t"]
        elif not billing and began is not None:
            total += max(0.0, entry["t"] - max(began, since))
            began = None
    if began is not None:
        total += max(0.0, until - max(began, since))
    return total


def _problem(status: int, title: str, detail: str) -> JSONObject:
    return {"title": title, "status": status, "detail": detail}


def _iso(t: float) -> str:
    when = datetime.fromtimestamp(t, UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"
