"""A generic REST API as a user might script one: GET status, POST start/stop, bearer token."""

from __future__ import annotations

from tests.helpers_providers.base import Reply, Seen, StubServer


class GenericStub(StubServer):
    def __init__(self) -> None:
        super().__init__()
        self.machines = {
            "box1": {
                "id": "box1",
                "status": "running",
                "host": "203.0.113.7",
                "port": 2222,
                "gpu_type": "A100",
                "gpu_count": 2,
            }
        }

    def unauthorised(self) -> Reply:
        return Reply(401, {"message": "bad token"})

    def route(self, seen: Seen) -> Reply:
        parts = [p for p in seen.path.split("/") if p]
        if parts[:1] != ["machines"] or len(parts) < 2:
            return Reply(404, {"message": "no such path"})
        machine = self.machines.get(parts[1])
        if machine is None:
            return Reply(404, {"message": f"no machine {parts[1]}"})
        if seen.method == "GET" and len(parts) == 2:
            return Reply(200, machine)
        if seen.method == "POST" and parts[2:] in (["start"], ["stop"]):
            machine["status"] = "running" if parts[2] == "start" else "stopped"
            return Reply(200, {"ok": True})
        return Reply(404, {"message": "no such path"})
