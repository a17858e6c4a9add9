"""Vast.ai stub (reference §5): ``/api/v1/instances/`` list, ``/api/v0`` get/PUT state/DELETE."""

from __future__ import annotations

import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

# [VAST-DOCS show_instances.yaml] (reference §5.3): a subset of the documented fields, values
# copied from the per-field examples.
INSTANCE = {
    "id": 312,
    "actual_status": "running",
    "cur_state": "running",
    "intended_status": "running",
    "label": "ML Training Job 2025",
    "image_runtype": "ssh ssh_direc ssh_proxy",
    "public_ipaddr": "192.0.2.45",
    "ssh_host": "ssh123.vast.ai",
    "ssh_idx": "6",
    "ssh_port": 10600,
    "start_date": 1668804745.1223178,
    "gpu_name": "RTX 4090",
    "num_gpus": 1,
    "disk_space": 10.08,
    "geolocation": "California, United States",
    "dph_base": 0.8,
    "dph_total": 0.8021,
    "storage_cost": 0.15,
    "storage_total_cost": 0.0021,
    "search": {"gpuCostPerHour": 0.8, "diskHour": 0.0021, "totalHour": 0.8021, "discountTotalHour": 0, "discountedTotalPerHour": 0.8013},
    "instance": {"gpuCostPerHour": 0.8, "diskHour": 0.0013, "totalHour": 0.8021, "discountTotalHour": 0, "discountedTotalPerHour": 0.5034},
    "ports": {
        "8888/tcp": [{"HostIp": "0.0.0.0", "HostPort": "8888"}],
        "22/tcp": [{"HostIp": "0.0.0.0", "HostPort": "20000"}],
    },
}
# [VAST-DOCS authentication.mdx] (reference §5.1), the documented key-check answer.
CURRENT_USER = {"id": 123456, "email": "you@example.com", "credit": 25.00, "ssh_key": "ssh-rsa AAAAB3..."}
# [VAST-DOCS search_offers.yaml] field names (reference §5.6); the models and $/h are the stub's own.
OFFERS = [
    {"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.41, "rentable": True, "rented": False},
    {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.35, "rentable": True, "rented": False},
    {"id": 3, "gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 19.2, "rentable": True, "rented": False},
]


class VastStub(StubServer):
    page_size = 25

    def __init__(self, count: int = 1) -> None:
        super().__init__()
        self.instances: dict[int, dict] = {}
        self.offers = copy.deepcopy(OFFERS)
        for n in range(count):
            inst = copy.deepcopy(INSTANCE)
            inst["id"] = INSTANCE["id"] + n
            if n:
                inst.pop("ports")  # "Only present on running instances"; the proxy path then
            self.instances[inst["id"]] = inst

    def unauthorised(self) -> Reply:
        return Reply(401, {"success": False, "error": "auth_error", "msg": "Invalid user key"})  # [VAST-DOCS show_instance.yaml]

    def route(self, seen: Seen) -> Reply:
        path, method = seen.path, seen.method
        if method == "GET" and path == "/api/v0/users/current/":
            return Reply(200, dict(CURRENT_USER))
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
                    "instances": [_public(self.instances[i]) for i in page],
                },
            )
        if method == "POST" and path == "/api/v0/bundles/":
            return Reply(200, {"offers": self._search(seen.body if isinstance(seen.body, dict) else {})})
        parts = [p for p in path.split("/") if p]
        if parts[:3] == ["api", "v0", "instances"] and len(parts) == 4:
            try:
                inst = self.instances.get(int(parts[3]))
            except ValueError:
                return Reply(400, {"success": False, "error": "invalid_args", "msg": "invalid instance_id"})  # [VAST-DOCS destroy_instance.yaml]
            if method == "GET":
                return Reply(200, {"instances": _public(inst)})  # null when missing (reference §5.4)
            if inst is None:
                return Reply(404, {"success": False, "error": "not_found", "msg": "Instance not found"})  # [VAST-DOCS destroy_instance.yaml]
            if method == "PUT":
                state = (seen.body or {}).get("state")
                if state not in ("running", "stopped"):
                    return Reply(400, {"success": False, "error": "invalid_args", "msg": "bad state"})
                inst["intended_status"] = inst["actual_status"] = inst["cur_state"] = state
                # "ports: Only present on running instances" [VAST-DOCS show_instances.yaml]
                if state == "stopped" and "ports" in inst:
                    inst["_ports"] = inst.pop("ports")
                elif state == "running" and "_ports" in inst:
                    inst["ports"] = inst.pop("_ports")
                return Reply(200, {"success": True})  # [VAST-DOCS hello-world.mdx]
            if method == "DELETE":
                del self.instances[inst["id"]]
                return Reply(200, {"success": True, "msg": "Instance destroyed successfully"})  # [VAST-DOCS destroy_instance.yaml]
        return Reply(404, {"success": False, "error": "not_found", "msg": "Not found"})

    def _search(self, query: dict) -> list[dict]:
        """The filters the clients send (``eq`` on fields, ``limit``), applied as the API documents them."""
        found = []
        for offer in self.offers:
            wanted = all(
                offer.get(field) == cond["eq"]
                for field, cond in query.items()
                if isinstance(cond, dict) and "eq" in cond and field in ("gpu_name", "num_gpus", "rentable", "rented")
            )
            if wanted:
                found.append(offer)
        found.sort(key=lambda o: o["dph_total"])
        limit = query.get("limit")
        return found[:limit] if isinstance(limit, int) and limit > 0 else found

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


def _public(inst: dict | None) -> dict | None:
    """The instance as the API shows it (without the stub's own bookkeeping keys)."""
    return None if inst is None else {k: v for k, v in inst.items() if not k.startswith("_")}
