"""Lambda Cloud API v1 stub (reference §2): ``{"data": …}`` envelope, ``{"error": {code, message}}``."""

from __future__ import annotations

import base64
import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

INSTANCE = {  # reference §2.3, copied from the community mock of the official schema
    "id": "0920582c7ff041399e34823a0be62549",
    "name": "My Instance",
    "ip": "198.51.100.2",
    "private_ip": "10.0.2.100",
    "status": "active",
    "ssh_key_names": ["My SSH key"],
    "file_system_names": ["my-filesystem"],
    "region": {"name": "us-west-1", "description": "California, USA"},
    "instance_type": {
        "name": "gpu_8x_h100_sxm5gdr",
        "description": "8x H100 (80 GB SXM5)",
        "gpu_description": "H100 (80 GB SXM5)",
        "price_cents_per_hour": 3592,
        "specs": {"vcpus": 208, "memory_gib": 1800, "storage_gib": 24780, "gpus": 8},
    },
    "hostname": "headnode1",
    "actions": {"terminate": {"available": True}, "restart": {"available": True}},
}
ERR_401 = {
    "error": {
        "code": "global/invalid-api-key",
        "message": "API key was invalid, expired, or deleted.",
        "suggestion": "Check your API key or create a new one, then try again.",
    }
}
ERR_404 = {"error": {"code": "global/object-does-not-exist", "message": "Specified instance does not exist."}}
ERR_500 = {
    "error": {
        "code": "global/internal-error",
        "message": "An internal server error occurred.",
        "suggestion": "Try again later. Contact Support if the problem persists.",
    }
}


class LambdaStub(StubServer):
    def __init__(self) -> None:
        super().__init__()
        self.instances = {INSTANCE["id"]: copy.deepcopy(INSTANCE)}

    def authorised(self, seen: Seen) -> bool:
        auth = seen.headers.get("Authorization", "")
        basic = "Basic " + base64.b64encode(f"{self.token}:".encode()).decode()
        return auth in (f"Bearer {self.token}", basic)

    def unauthorised(self) -> Reply:
        return Reply(401, ERR_401)

    def route(self, seen: Seen) -> Reply:
        path, method = seen.path, seen.method
        if method == "GET" and path == "/api/v1/instances":
            self._advance()
            return Reply(200, {"data": [i for i in self.instances.values() if i["status"] != "terminated"]})
        if method == "GET" and path.startswith("/api/v1/instances/"):
            inst = self.instances.get(path.rsplit("/", 1)[1])
            return Reply(200, {"data": inst}) if inst else Reply(404, ERR_404)
        if method == "POST" and path == "/api/v1/instance-operations/terminate":
            ids = (seen.body or {}).get("instance_ids", [])
            if not all(i in self.instances for i in ids):
                return Reply(404, ERR_404)
            for i in ids:
                self.instances[i]["status"] = "terminating"  # asynchronous, as the API is
            return Reply(200, {"data": {"terminated_instances": [self.instances[i] for i in ids]}})
        if method == "POST" and path == "/api/v1/instance-operations/restart":
            ids = (seen.body or {}).get("instance_ids", [])
            if not all(i in self.instances for i in ids):
                return Reply(404, ERR_404)
            return Reply(200, {"data": {"restarted_instances": [self.instances[i] for i in ids]}})
        if method == "GET" and path == "/api/v1/instance-types":
            it = INSTANCE["instance_type"]
            return Reply(200, {"data": {it["name"]: {"instance_type": it, "regions_with_capacity_available": []}}})
        # Unknown paths (including a stop operation, which v1 lacks): 404 (reference §2.7).
        return Reply(404, ERR_404)

    def _advance(self) -> None:
        for inst in self.instances.values():
            if inst["status"] == "terminating":
                inst["status"] = "terminated"

    def not_found_fault(self) -> Fault:
        return Fault(404, ERR_404)

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        # Lambda's 429 body is NOT FOUND in the reference: an empty body is the neutral choice.
        return Fault(429, None, {"Retry-After": retry_after} if retry_after else {})

    def server_error_fault(self) -> Fault:
        return Fault(500, ERR_500)
