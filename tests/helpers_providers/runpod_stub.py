"""RunPod REST v2 stub (reference §3.9; RunPod's v2 OpenAPI file, runpod/docs api-reference-v2/openapi.json
@ 081392fe1efc029efd36cb9d6f2c504694588d97): wrapped lists, ``POST /v2/pods/{id}/action``, RFC 9457 errors.

The lifecycle is real, one step per look at the pod: a started pod goes PROVISIONING → STARTING →
RUNNING, and ``ssh.direct`` / ``runtime`` appear only once it is RUNNING. An action the pod's status
does not allow answers 409. ``resume_fails`` and ``resume_zero_gpus`` play the two documented ways
a resume goes wrong (reference §3.9, RunPod's manage-pods page). Any ``/v1`` path answers 410 Gone, as
the retired REST v1 does since 15 Nov 2026.

Renting (the v2 spec's ``createPod`` and ``CreatePodRequest``, same file): ``POST /v2/pods`` checks the
body as the spec does (``name`` required, ``image`` unless ``templateId``, exactly ``gpu`` or ``cpu``,
no field outside the schema: 422) and answers 201 with the pod in PROVISIONING, ``ssh.direct`` null and
``runtime`` {} (the spec's 201 example). A rented pod stays PROVISIONING for ``provision_looks`` looks,
then STARTING, then RUNNING with ``ssh.direct`` at ``launch_ssh`` (point it at the test sshd).
``capacity_detail`` makes the next creates answer 400 (the spec: capacity "carries no machine-readable
code of its own — only a human-readable detail"; the words are RunPod's own GraphQL-era message,
runpod/runpodctl#189, because the v2 wording is NOT FOUND). ``stuck`` keeps rented pods PROVISIONING.
``GET /v2/catalog/gpus`` serves the reference §3.9 example plus an H100 row (the stub's own prices).
"""

from __future__ import annotations

import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

# The v2 spec's own example of GET /v2/pods/{id} (components Pod example), copied.
POD = {
    "id": "7h9k2m4n6p",
    "name": "pytorch-training",
    "image": "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
    "args": "",
    "disk": 50,
    "ports": ["8888/http", "22/tcp"],
    "env": {"MODEL_NAME": "llama-3"},
    "registry": None,
    "status": "RUNNING",
    "actions": ["stop", "restart", "terminate"],
    "mounts": {"persistent": {"size": 20, "path": "/workspace"}},
    "gpu": {"id": "NVIDIA GeForce RTX 4090", "count": 1, "vcpuCount": 16, "memory": 64},
    "cloud": "SECURE",
    "dataCenterId": "US-KS-2",
    "cudaVersion": "12.8",
    "ssh": {
        "proxy": {
            "host": "ssh.runpod.io",
            "port": 22,
            "username": "7h9k2m4n6p-64411eb2",
            "command": "ssh 7h9k2m4n6p-64411eb2@ssh.runpod.io",
        },
        "direct": {"host": "195.26.233.3", "port": 34446, "username": "root", "command": "ssh root@195.26.233.3 -p 34446"},
    },
    "template": "9x4m2p7v",
    "cost": 0.44,
    "locked": False,
    "globalNetworking": {"enabled": False},
    "runtime": {"uptime": 3600, "ports": [{"private": 22, "public": 34446, "type": "tcp", "ip": "195.26.233.3"}]},
    "createdAt": "2026-06-01T12:00:00Z",
    "startedAt": "2026-06-01T12:02:00Z",
}
# The spec's example of GET /v2/network-volumes, copied.
NETWORK_VOLUMES = [{"id": "2q9m7x4c", "name": "training-dataset", "size": 100, "dataCenter": "US-KS-2", "type": "HIGH_PERFORMANCE"}]
# The allowed actions per status, from the podAction description in the spec.
ALLOWED = {
    "RUNNING": ["stop", "restart", "terminate"],
    "EXITED": ["start", "terminate"],
    "ERROR": ["start", "terminate"],
    "PROVISIONING": ["stop", "terminate"],
    "STARTING": ["stop", "terminate"],
}
NEXT = {"PROVISIONING": "STARTING", "STARTING": "RUNNING"}
# The v2 spec's CreatePodRequest properties (ContainerConfig + its own): anything else is a 422.
CREATE_FIELDS = {"args", "disk", "env", "image", "ports", "registry", "name", "cloud", "cpu", "dataCenterIds",
                 "globalNetworking", "gpu", "mounts", "startJupyter", "startSsh", "templateId"}
# GET /v2/catalog/gpus: the reference §3.9 example, copied, then an H100 row whose values are the stub's own.
CATALOG = [
    {"id": "NVIDIA GeForce RTX 4090", "name": "RTX 4090", "pool": "ADA_24", "manufacturer": "NVIDIA", "memory": 24,
     "secure": True, "community": True, "price": {"secure": 0.44, "community": 0.31, "serverless": 1.1},
     "maxCount": {"secure": 8, "community": 4}},
    {"id": "NVIDIA H100 80GB HBM3", "name": "H100 SXM", "pool": "HOPPER_80", "manufacturer": "NVIDIA", "memory": 80,
     "secure": True, "community": False, "price": {"secure": 2.69, "community": 0.0}, "maxCount": {"secure": 8, "community": 0}},
]
# RunPod's words when nothing is free (runpod/runpodctl#189, reference §4.8).
NO_INSTANCES = "There are no longer any instances available with the requested specifications. Please refresh and try again."
# RunPod's own words when a resume finds no free GPU (runpod/runpod-python#168, reference §4.8).
NO_GPUS = "There are not enough free GPUs on the host machine to start this pod."


def problem(status: int, title: str, detail: str) -> dict:
    return {"title": title, "status": status, "detail": detail}


class RunPodStub(StubServer):
    contract = "runpod_v2"  # tests/fixtures/provider-schemas/runpod_v2.json

    def __init__(self) -> None:
        super().__init__()
        self.pods = {POD["id"]: copy.deepcopy(POD)}
        self.volumes = copy.deepcopy(NETWORK_VOLUMES)
        self.resume_fails = False
        self.resume_zero_gpus = False
        self.page_size: int | None = None  # set to make GET /v2/pods page (pagination.nextCursor / hasNextPage)
        self.hostile_paging: str | None = None  # "repeat" or "endless": a broken server's paging
        self.catalog = copy.deepcopy(CATALOG)
        self.launch_ssh: tuple[str, int] = ("127.0.0.1", 1)  # where rented pods answer SSH (a closed port until a test says)
        self.provision_looks = 2
        self.capacity_detail: str | None = None  # set: creates answer 400 with these words
        self.stuck = False
        # Where rented pods answer SSH as whom, and where they put the PUBLIC_KEY they were sent (RunPod's images
        # write it to authorized_keys when the container starts: the v2 spec's startSsh). ``key_delay_looks``:
        # looks at the RUNNING pod before the key is in place, so SSH answers but refuses the key at first.
        self.launch_user = "root"
        self.authorized_keys = None  # a Path: the test sshd's authorized_keys file
        self.key_delay_looks = 0
        self._keys_pending: dict[str, int] = {}
        # Stops that answer 200 with the pod as it was, which stays RUNNING: an action accepted and not carried
        # out (the case RunPod's legacy runpodctl reports as 'stop failed; status is RUNNING' with exit 0).
        self.stops_ignored = 0
        self.created: list[dict] = []  # the create bodies received, in order
        self._waiting: dict[str, int] = {}  # rented pod id → looks left in PROVISIONING

    def unauthorised(self) -> Reply:
        return Reply(401, problem(401, "Unauthorized", "missing bearer token"))

    def route(self, seen: Seen) -> Reply:
        parts = [p for p in seen.path.split("/") if p]
        if parts[:1] == ["v1"]:
            return Reply(410, {"message": "REST API v1 has been retired. Use https://api.runpod.io/v2."})
        if parts[:1] != ["v2"]:
            return Reply(404, problem(404, "Not Found", "resource not found"))
        parts = parts[1:]
        if parts == ["network-volumes"] and seen.method == "GET":
            return Reply(200, {"networkVolumes": self.volumes})
        if parts[:1] == ["network-volumes"] and len(parts) == 2 and seen.method == "DELETE":
            before = len(self.volumes)
            self.volumes = [v for v in self.volumes if v["id"] != parts[1]]
            return Reply(204) if len(self.volumes) < before else Reply(404, problem(404, "Not Found", "resource not found"))
        if parts == ["catalog", "gpus"] and seen.method == "GET":
            return Reply(200, {"gpus": self.catalog})
        if parts[:1] != ["pods"]:
            return Reply(404, problem(404, "Not Found", "resource not found"))
        if seen.method == "GET" and len(parts) == 1:
            return self._list(seen)
        if seen.method == "POST" and len(parts) == 1:
            return self._create(seen.body)
        pod = self.pods.get(parts[1]) if len(parts) > 1 else None
        if pod is None or pod["status"] == "TERMINATED":
            return Reply(404, problem(404, "Not Found", "The requested Pod does not exist."))
        if seen.method == "GET" and len(parts) == 2:
            self._advance(pod)
            return Reply(200, pod)
        if seen.method == "DELETE" and len(parts) == 2:
            pod["status"] = "TERMINATED"
            return Reply(204)
        if seen.method == "POST" and parts[2:] == ["action"]:
            action = (seen.body or {}).get("action") if isinstance(seen.body, dict) else None
            if action not in ("start", "stop", "restart", "terminate"):
                return Reply(422, problem(422, "Unprocessable Entity", "Request validation failed."))
            if action not in ALLOWED.get(pod["status"], []):
                return Reply(409, problem(409, "Conflict", f"Action not valid for current pod status {pod['status']}"))
            return self._act(pod, action)
        return Reply(404, problem(404, "Not Found", "resource not found"))

    def _list(self, seen: Seen) -> Reply:
        """``GET /v2/pods``, paged with ``page_size``: ``pagination {nextCursor, hasNextPage}``, next page ``?cursor=``.

        Not in the stored v2 spec (its ListPodsResponse has only ``pods``; runpod/docs @ 081392fe and fed16bc2):
        the shape issue #31 reports from the live API, recorded as a deviation in provider-schemas/runpod_v2.json;
        SkyPilot's v2 client follows a cursor too (PR #10846, reference §3.9). The query name ``cursor`` is the
        issue's; no published document names it.

        ``hostile_paging`` plays a broken server: "repeat" hands out the same cursor for ever (and the
        same page), "endless" a new cursor and a new made-up pod on every page.
        """
        for pod in self.pods.values():
            self._advance(pod)
        alive = [p for p in self.pods.values() if p.get("status") != "TERMINATED"]
        if self.page_size is None:
            return Reply(200, {"pods": alive})
        cursor = (seen.query.get("cursor") or [""])[0]
        if self.hostile_paging == "repeat":
            return Reply(200, {"pods": alive[: self.page_size], "pagination": {"nextCursor": "c-same", "hasNextPage": True}})
        if self.hostile_paging == "endless":
            n = int(cursor[2:] or 0) if cursor.startswith("c-") else 0
            pod = copy.deepcopy(POD)
            pod.update({"id": f"endless{n:05d}", "name": f"endless-{n}"})
            return Reply(200, {"pods": [pod], "pagination": {"nextCursor": f"c-{n + 1}", "hasNextPage": True}})
        start = int(cursor[2:]) if cursor.startswith("c-") and cursor[2:].isdigit() else 0
        page = alive[start : start + self.page_size]
        more = start + self.page_size < len(alive)
        return Reply(200, {"pods": page, "pagination": {"nextCursor": f"c-{start + self.page_size}" if more else None,
                                                        "hasNextPage": more}})

    def _create(self, body) -> Reply:
        if not isinstance(body, dict):
            return Reply(422, problem(422, "Unprocessable Entity", "Request validation failed."))
        extra = sorted(set(body) - CREATE_FIELDS)
        gpu = body.get("gpu")
        errors = [f"$: additional properties '{k}' not allowed" for k in extra]
        if not isinstance(body.get("name"), str) or not body["name"]:
            errors.append("$: missing property 'name'")
        if not body.get("templateId") and not isinstance(body.get("image"), str):
            errors.append("$: missing property 'image'")
        if not isinstance(gpu, dict) or not isinstance(gpu.get("id"), str) or not isinstance(gpu.get("count", 1), int):
            errors.append("$.gpu: expected {id, count}")
        if errors:
            return Reply(422, {**problem(422, "Unprocessable Entity", "Request validation failed."), "errors": errors})
        self.created.append(copy.deepcopy(body))
        if self.capacity_detail is not None:
            return Reply(400, problem(400, "Bad Request", self.capacity_detail))
        if not any(g["id"] == gpu["id"] for g in self.catalog):
            return Reply(400, problem(400, "Bad Request", f"unknown GPU type {gpu['id']}"))
        pod_id = f"rent{len(self.created):04d}x9"
        pod = copy.deepcopy(POD)
        # The pod's storage is what the create asked for: no ``mounts``, no volume (nothing survives a stop).
        pod.update({"id": pod_id, "name": body["name"], "image": body["image"], "disk": body.get("disk", 50),
                    "mounts": copy.deepcopy(body.get("mounts") or {}),
                    "ports": body.get("ports", []), "env": body.get("env", {}), "template": None,
                    "gpu": {"id": gpu["id"], "count": gpu.get("count", 1), "vcpuCount": 16, "memory": 64},
                    "dataCenterId": (body.get("dataCenterIds") or ["US-KS-2"])[0], "createdAt": "2026-12-03T09:00:00Z"})
        price = next(g["price"]["secure"] for g in self.catalog if g["id"] == gpu["id"])
        self.pods[pod_id] = pod
        self._set(pod, "PROVISIONING")
        pod["cost"] = round(price * pod["gpu"]["count"], 4)
        pod["runtime"] = {}  # the 201 example: runtime {} and ssh.direct null while provisioning
        self._waiting[pod_id] = self.provision_looks
        return Reply(201, pod)

    def _act(self, pod: dict, action: str) -> Reply:
        if action == "terminate":
            pod["status"] = "TERMINATED"
            return Reply(204)
        if action == "stop" and self.stops_ignored > 0:
            self.stops_ignored -= 1
            return Reply(200, pod)
        if action == "stop":
            self._set(pod, "EXITED")
        elif action == "start":
            if self.resume_fails:
                return Reply(400, problem(400, "Bad Request", NO_GPUS))
            self._set(pod, "PROVISIONING")
            if self.resume_zero_gpus:
                pod["gpu"]["count"] = 0
        else:  # restart
            self._set(pod, "STARTING")
        return Reply(200, pod)

    def _set(self, pod: dict, status: str) -> None:
        pod["status"] = status
        pod["actions"] = list(ALLOWED.get(status, []))
        running = status == "RUNNING"
        rented = pod["id"] in self._waiting
        cost = pod["cost"] if rented and pod.get("cost") else POD["cost"]
        pod["cost"] = cost if status not in ("EXITED", "TERMINATED") else 0.0
        pod["ssh"]["direct"] = copy.deepcopy(POD["ssh"]["direct"]) if running else None
        pod["runtime"] = copy.deepcopy(POD["runtime"]) if running else None
        if running and rented:
            host, port = self.launch_ssh
            user = self.launch_user
            pod["ssh"]["direct"] = {"host": host, "port": port, "username": user, "command": f"ssh {user}@{host} -p {port}"}
            pod["runtime"] = {"uptime": 0, "ports": [{"private": 22, "public": port, "type": "tcp", "ip": host}]}
        if status == "PROVISIONING":
            pod["startedAt"] = None

    def _advance(self, pod: dict) -> None:
        if pod.get("status") == "RUNNING" and pod["id"] in self._waiting and self.authorized_keys is not None:
            self._install_key(pod)
        if pod.get("status") == "PROVISIONING" and pod["id"] in self._waiting and (self.stuck or self._waiting[pod["id"]] > 0):
            self._waiting[pod["id"]] -= 1
            return
        nxt = NEXT.get(pod.get("status", ""))
        if nxt:
            self._set(pod, nxt)
            if nxt == "RUNNING":
                pod["startedAt"] = "2026-12-03T09:00:00Z"

    def _install_key(self, pod: dict) -> None:
        left = self._keys_pending.setdefault(pod["id"], self.key_delay_looks)
        if left < 0:
            return  # installed already
        if left > 0:
            self._keys_pending[pod["id"]] = left - 1
            return
        key = (pod.get("env") or {}).get("PUBLIC_KEY")
        if isinstance(key, str) and key.startswith("ssh-"):
            with open(self.authorized_keys, "a", encoding="utf-8") as fh:
                fh.write(key.strip() + "\n")
        self._keys_pending[pod["id"]] = -1

    def add_pod(self, pod_id: str, status: str = "RUNNING", **fields) -> dict:
        pod = copy.deepcopy(POD)
        pod.update({"id": pod_id, "name": f"pod-{pod_id}", **fields})
        self._set(pod, status)
        self.pods[pod_id] = pod
        return pod

    def not_found_fault(self) -> Fault:
        return Fault(404, problem(404, "Not Found", "resource not found"))

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        body = problem(429, "Too Many Requests", "rate limit exceeded for the minute window")
        return Fault(429, body, {"Retry-After": retry_after} if retry_after else {})

    def server_error_fault(self) -> Fault:
        return Fault(500, problem(500, "Internal Server Error", "internal error"))  # the v2 problem shape
