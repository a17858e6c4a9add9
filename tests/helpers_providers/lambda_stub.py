"""Lambda Cloud API v1 stub (reference §2): ``{"data": …}`` envelope, ``{"error": {code, message}}``."""

from __future__ import annotations

import base64
import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

# [LAM-TEST m_instances_response.json] (reference §2.3), copied; "status" is "active" and
# "actions" all available, as in the [LAM-OAS] terminate example (§2.6), so it can be terminated.
INSTANCE = {
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
    "actions": {
        "migrate": {"available": True},
        "rebuild": {"available": True},
        "restart": {"available": True},
        "cold_reboot": {"available": True},
        "terminate": {"available": True},
    },
}
# [LAM-TEST m_instances_response.json] (reference §2.3): the actions of an instance still booting.
BOOTING_ACTIONS = {
    name: {"available": False, "reason_code": "vm-has-not-launched", "reason_description": "string"}
    for name in ("migrate", "rebuild", "restart", "cold_reboot", "terminate")
}
# [LAM-OAS] ``Filesystem`` schema (reference §2.2 paths; the body is not copied in the reference):
# id, name, mount_point, region and created_by.email/id/status are the schema's examples. The
# schema gives no example for created, is_in_use or bytes_used: those values are the stub's own.
# is_in_use is computed from the instances that name the filesystem.
FILESYSTEM = {
    "id": "398578a2336b49079e74043f0bd2cfe8",
    "name": "my-filesystem",
    "mount_point": "/lambda/nfs/my-filesystem",
    "created": "2025-01-01T00:00:00+00:00",
    "created_by": {"id": "3da5a70a57a7422ea8a7203f98b2198b", "email": "me@example.com", "status": "active"},
    "region": {"name": "us-west-1", "description": "California, USA"},
    "bytes_used": 5 * 2**30,
}
SPARE_FILESYSTEM = dict(FILESYSTEM, id="a098b0c7ff041399e34823a0be62549", name="spare-data", bytes_used=0)
# [LAM-OAS] ApiErrorFilesystemInUse: the code is the schema's const; it gives no message, so the
# message is the stub's own.
ERR_FS_IN_USE = {"error": {"code": "filesystems/filesystem-in-use", "message": "Filesystem is in use."}}
# [LAM-OAS] ApiErrorFilesystemNotFound: const code and default message.
ERR_FS_404 = {"error": {"code": "global/object-does-not-exist", "message": "Filesystem was not found."}}
# [LAM-OAS] error bodies (reference §2.11): const codes and default messages.
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
        self.filesystems = {f["id"]: copy.deepcopy(f) for f in (FILESYSTEM, SPARE_FILESYSTEM)}

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
        if method == "GET" and path == "/api/v1/file-systems":  # list: "file-systems" (§2.2)
            return Reply(200, {"data": [self._filesystem(f) for f in self.filesystems.values()]})
        if method == "DELETE" and path.startswith("/api/v1/filesystems/"):  # delete: "filesystems" (§2.2)
            fs = self.filesystems.get(path.rsplit("/", 1)[1])
            if fs is None:
                return Reply(404, ERR_FS_404)
            if self._filesystem(fs)["is_in_use"]:
                return Reply(400, ERR_FS_IN_USE)
            del self.filesystems[fs["id"]]
            return Reply(200, {"data": {"deleted_ids": [fs["id"]]}})  # [LAM-OAS] FilesystemDeleteResponse
        if method == "GET" and path == "/api/v1/instance-types":
            it = INSTANCE["instance_type"]
            return Reply(200, {"data": {it["name"]: {"instance_type": it, "regions_with_capacity_available": []}}})
        # Unknown paths (including a stop operation, which v1 lacks): 404 (reference §2.7).
        return Reply(404, ERR_404)

    def _filesystem(self, fs: dict) -> dict:
        mounted = any(
            fs["name"] in i.get("file_system_names", []) and i["status"] != "terminated"
            for i in self.instances.values()
        )
        return dict(fs, is_in_use=mounted)

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
