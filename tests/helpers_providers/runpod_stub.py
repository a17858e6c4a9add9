"""RunPod REST v1 stub (reference §3): bare objects/arrays, errors ``{"message": …}``."""

from __future__ import annotations

import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

POD = {  # reference §3.3, assembled from the spec's per-field examples
    "adjustedCostPerHr": 0.69,
    "costPerHr": "0.74",
    "desiredStatus": "RUNNING",
    "gpu": {"id": "NVIDIA GeForce RTX 4090", "count": 1, "displayName": "RTX 4090"},
    "id": "xedezhzb9la3ye",
    "image": "runpod/pytorch:2.1.0-py3.10-cuda11.8.0-devel-ubuntu22.04",
    "lastStartedAt": "2024-07-12T19:14:40.144Z",
    "name": "my pod",
    "portMappings": {"22": 10341},
    "ports": ["8888/http", "22/tcp"],
    "publicIp": "100.65.0.119",
    "volumeInGb": 20,
    "volumeMountPath": "/workspace",
}


class RunPodStub(StubServer):
    def __init__(self) -> None:
        super().__init__()
        self.pods = {POD["id"]: copy.deepcopy(POD)}

    def unauthorised(self) -> Reply:
        return Reply(401, {"message": "Unauthorized."})

    def route(self, seen: Seen) -> Reply:
        parts = [p for p in seen.path.split("/") if p]
        if parts[:1] != ["pods"]:
            return Reply(404, {"message": "Not found"})
        if seen.method == "GET" and len(parts) == 1:
            return Reply(200, [p for p in self.pods.values() if p["desiredStatus"] != "TERMINATED"])
        pod = self.pods.get(parts[1]) if len(parts) > 1 else None
        if seen.method == "GET" and len(parts) == 2:
            return Reply(200, pod) if pod else Reply(404, {"message": "Pod not found"})
        if pod is None:
            return Reply(400, {"message": "Invalid Pod ID."})  # start/stop/delete list 400, not 404
        if seen.method == "POST" and parts[2:] == ["stop"]:
            pod.update(desiredStatus="EXITED", publicIp="", portMappings={})
            return Reply(200, {"id": pod["id"], "desiredStatus": "EXITED"})  # runpodctl's mock shape
        if seen.method == "POST" and parts[2:] == ["start"]:
            pod.update(desiredStatus="RUNNING", publicIp=POD["publicIp"], portMappings=dict(POD["portMappings"]))
            return Reply(200, {"id": pod["id"], "desiredStatus": "RUNNING"})
        if seen.method == "DELETE" and len(parts) == 2:
            pod["desiredStatus"] = "TERMINATED"
            return Reply(204)
        return Reply(404, {"message": "Not found"})

    def not_found_fault(self) -> Fault:
        return Fault(404, {"message": "Pod not found"})

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        # v1's 429 is NOT FOUND; v2 documents this body and Retry-After (reference §3.9).
        body = {"title": "Too Many Requests", "status": 429, "detail": "rate limit exceeded for the minute window"}
        return Fault(429, body, {"Retry-After": retry_after} if retry_after else {})

    def server_error_fault(self) -> Fault:
        return Fault(500, {"message": "Internal Server Error"})  # shape NOT FOUND; the v1 error envelope
