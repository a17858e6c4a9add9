"""Vast.ai stub (reference §5): ``/api/v1/instances/`` list, ``/api/v0`` get/PUT state/DELETE."""

from __future__ import annotations

import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

INSTANCE = {  # reference §5.3, a subset of the documented fields
    "id": 312,
    "actual_status": "running",
    "cur_state": "running",
    "intended_status": "running",
    "label": "ML Training Job 2025",
    "public_ipaddr": "192.0.2.45",
    "ssh_host": "ssh123.vast.ai",
    "ssh_idx": "6",
    "ssh_port": 10600,
    "start_date": 1668804745.1223178,
    "gpu_name": "RTX 4090",
    "num_gpus": 1,
    "dph_base": 0.8,
    "dph_total": 0.8021,
    "ports": {
        "8888/tcp": [{"HostIp": "0.0.0.0", "HostPort": "8888"}],
        "22/tcp": [{"HostIp": "0.0.0.0", "HostPort": "20000"}],
    },
}


class VastStub(StubServer):
    page_size = 25

    def __init__(self, count: int = 1) -> None:
        super().__init__()
        self.instances: dict[int, dict] = {}
        for n in range(count):
            inst = copy.deepcopy(INSTANCE)
            inst["id"] = INSTANCE["id"] + n
            if n:
                inst.pop("ports")  # "Only present on running instances"; the proxy path then
            self.instances[inst["id"]] = inst

    def unauthorised(self) -> Reply:
        return Reply(401, {"success": False, "error": "auth_error", "msg": "Invalid user key"})

    def route(self, seen: Seen) -> Reply:
        path, method = seen.path, seen.method
        if method == "GET" and path == "/api/v0/users/current/":
            return Reply(200, {"id": 123456, "email": "you@example.com", "credit": 25.00})
        if method == "GET" and path == "/api/v1/instances/":
            ids = sorted(self.instances)
            after = int(seen.query.get("after_token", ["0"])[0] or 0)
            page = [i for i in ids if i > after][: self.page_size]
            more = bool(page) and page[-1] != ids[-1]
            return Reply(
                200,
                {
                    "success": True,
                    "instances_found": len(page),
                    "total_instances": len(ids),
                    "next_token": str(page[-1]) if more else None,
                    "instances": [self.instances[i] for i in page],
                },
            )
        if method == "POST" and path == "/api/v0/bundles/":
            offers = [  # reference §5.6 fields; prices are $/h
                {"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.41, "rentable": True},
                {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.35, "rentable": True},
                {"id": 3, "gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 19.2, "rentable": True},
            ]
            wanted = ((seen.body or {}).get("gpu_name") or {}).get("eq")
            return Reply(200, {"offers": [o for o in offers if not wanted or o["gpu_name"] == wanted]})
        parts = [p for p in path.split("/") if p]
        if parts[:3] == ["api", "v0", "instances"] and len(parts) == 4:
            try:
                inst = self.instances.get(int(parts[3]))
            except ValueError:
                return Reply(400, {"success": False, "error": "invalid_args", "msg": "invalid instance_id"})
            if method == "GET":
                return Reply(200, {"instances": inst})  # null when missing (reference §5.4)
            if inst is None:
                return Reply(404, {"success": False, "error": "not_found", "msg": "Instance not found"})
            if method == "PUT":
                state = (seen.body or {}).get("state")
                if state not in ("running", "stopped"):
                    return Reply(400, {"success": False, "error": "invalid_args", "msg": "bad state"})
                inst["intended_status"] = inst["actual_status"] = inst["cur_state"] = state
                return Reply(200, {"success": True})
            if method == "DELETE":
                del self.instances[inst["id"]]
                return Reply(200, {"success": True, "msg": "Instance destroyed successfully"})
        return Reply(404, {"success": False, "error": "not_found", "msg": "Not found"})

    def not_found_fault(self) -> Fault:
        return Fault(404, {"success": False, "error": "not_found", "msg": "Instance not found"})

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        # Vast documents 429 as plain text and no Retry-After; the header case is for the client's sake.
        return Fault(
            429,
            None,
            {"Retry-After": retry_after} if retry_after else {},
            text="API requests too frequent endpoint threshold=1.0",
        )

    def server_error_fault(self) -> Fault:
        return Fault(502, None, text="Bad Gateway")  # 5xx shape NOT FOUND; the CLI retries 502
