"""Lambda Cloud API v1 stub (reference §2): ``{"data": …}`` envelope, ``{"error": {code, message}}``.

Renting ([LAM-OAS] ``InstanceLaunchRequest``/``InstanceLaunchResponse``, ``SSHKey``; reference §2.5,
§2.8, §2.9): ``offer_types()`` serves the [LAM-TEST m_instance_types_response.json] types (gpu_1x_gh200
without capacity, gpu_8x_b200_sxm6 in two regions) plus a gpu_1x_h100_pcie row of the stub's own. The
launch checks the required fields and "exactly one SSH key", answers 400
``instance-operations/launch/insufficient-capacity`` (the spec's const code and default message) for a
region without capacity or while ``capacity_error`` is set, else ``{"data": {"instance_ids": [id]}}``.
The new instance is ``booting`` with no ``ip`` for ``boot_looks`` looks, then ``active`` with ``ip`` =
``launch_ip`` (SSH on port 22, as Lambda's always is).
"""

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
ERR_CAPACITY = {"error": {"code": "instance-operations/launch/insufficient-capacity",
                          "message": "Not enough capacity to fulfill launch request."}}
ERR_400 = {"error": {"code": "global/invalid-parameters", "message": "Invalid request data."}}
# [LAM-TEST m_instance_types_response.json] (reference §2.8), copied; the H100 PCIe row is the stub's own.
TYPES = {
    "gpu_1x_gh200": {
        "instance_type": {"name": "gpu_1x_gh200", "description": "1x GH200 (96 GB)", "gpu_description": "GH200 (96 GB)",
                          "price_cents_per_hour": 149, "specs": {"vcpus": 64, "memory_gib": 432, "storage_gib": 4096, "gpus": 1}},
        "regions_with_capacity_available": [],
    },
    "gpu_8x_b200_sxm6": {
        "instance_type": {"name": "gpu_8x_b200_sxm6", "description": "8x B200 (180 GB SXM6)", "gpu_description": "B200 (180 GB SXM6)",
                          "price_cents_per_hour": 3992, "specs": {"vcpus": 208, "memory_gib": 2900, "storage_gib": 22528, "gpus": 8}},
        "regions_with_capacity_available": [
            {"name": "australia-east-1", "description": "Sydney, Australia"},
            {"name": "us-east-1", "description": "Virginia, USA"},
        ],
    },
    "gpu_1x_h100_pcie": {
        "instance_type": {"name": "gpu_1x_h100_pcie", "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
                          "price_cents_per_hour": 249, "specs": {"vcpus": 26, "memory_gib": 200, "storage_gib": 1024, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-west-1", "description": "California, USA"}],
    },
}
ERR_500 = {
    "error": {
        "code": "global/internal-error",
        "message": "An internal server error occurred.",
        "suggestion": "Try again later. Contact Support if the problem persists.",
    }
}


class LambdaStub(StubServer):
    contract = "lambda"  # tests/fixtures/provider-schemas/lambda.json

    def __init__(self) -> None:
        super().__init__()
        self.instances = {INSTANCE["id"]: copy.deepcopy(INSTANCE)}
        self.filesystems = {f["id"]: copy.deepcopy(f) for f in (FILESYSTEM, SPARE_FILESYSTEM)}
        self.types: dict | None = None  # None: the one type of INSTANCE, without capacity (as before)
        self.ssh_keys: list[dict] = []
        self.capacity_error = False
        self.launch_ip = "127.0.0.1"  # port 22 there is closed until a test forwards it
        self.boot_looks = 2
        self.launches: list[dict] = []
        self._booting: dict[str, int] = {}

    def offer_types(self) -> None:
        self.types = copy.deepcopy(TYPES)

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
            self._boot(path.rsplit("/", 1)[1])
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
            if self.types is not None:
                return Reply(200, {"data": self.types})
            it = INSTANCE["instance_type"]
            return Reply(200, {"data": {it["name"]: {"instance_type": it, "regions_with_capacity_available": []}}})
        if path == "/api/v1/ssh-keys" and method == "GET":
            return Reply(200, {"data": self.ssh_keys})
        if path == "/api/v1/ssh-keys" and method == "POST":
            body = seen.body if isinstance(seen.body, dict) else {}
            if not isinstance(body.get("name"), str) or any(k["name"] == body["name"] for k in self.ssh_keys):
                return Reply(400, ERR_400)
            key = {"id": f"{len(self.ssh_keys) + 1:032x}", "name": body["name"], "public_key": body.get("public_key", "")}
            self.ssh_keys.append(key)
            return Reply(200, {"data": key})
        if method == "POST" and path == "/api/v1/instance-operations/launch":
            return self._launch(seen.body)
        # Unknown paths (including a stop operation, which v1 lacks): 404 (reference §2.7).
        return Reply(404, ERR_404)

    def _launch(self, body) -> Reply:
        if not isinstance(body, dict) or not all(isinstance(body.get(k), str) for k in ("region_name", "instance_type_name")):
            return Reply(400, ERR_400)
        keys = body.get("ssh_key_names")
        if not isinstance(keys, list) or len(keys) != 1 or not any(k["name"] == keys[0] for k in self.ssh_keys):
            return Reply(400, ERR_400)  # "exactly one SSH key must be specified", and it must exist
        self.launches.append(copy.deepcopy(body))
        entry = (self.types or {}).get(body["instance_type_name"])
        if entry is None:
            # [LAM-OAS] ApiErrorLaunchResourceNotFound requires a suggestion; the spec gives none, these words are the stub's
            return Reply(404, {"error": {"code": "global/object-does-not-exist", "message": "Instance type does not exist.",
                                         "suggestion": "List the instance types and pick one of those."}})
        regions = [r["name"] for r in entry["regions_with_capacity_available"]]
        if self.capacity_error or body["region_name"] not in regions:
            return Reply(400, ERR_CAPACITY)
        iid = f"{len(self.launches):04d}" + "c0ffee" * 4 + "ab"
        inst = copy.deepcopy(INSTANCE)
        inst.update({"id": iid, "name": body.get("name", ""), "status": "booting", "ssh_key_names": keys,
                     "file_system_names": [], "instance_type": copy.deepcopy(entry["instance_type"]),
                     "region": {"name": body["region_name"], "description": ""}, "actions": copy.deepcopy(BOOTING_ACTIONS)})
        inst.pop("ip", None)
        inst.pop("private_ip", None)
        self.instances[iid] = inst
        self._booting[iid] = self.boot_looks
        return Reply(200, {"data": {"instance_ids": [iid]}})

    def _boot(self, iid: str) -> None:
        inst = self.instances.get(iid)
        if inst is None or iid not in self._booting or inst["status"] != "booting":
            return
        if self._booting[iid] > 0:
            self._booting[iid] -= 1
            return
        inst.update({"status": "active", "ip": self.launch_ip, "actions": copy.deepcopy(INSTANCE["actions"])})

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
