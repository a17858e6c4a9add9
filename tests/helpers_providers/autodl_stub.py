"""AutoDL developer API stub (reference §6): ``Authorization: <token>``, ``{code, msg, data}``.

AutoDL documents no HTTP statuses or error codes: errors here are HTTP 200 with a
``code`` other than ``Success`` (the documented failure signal); the code words are
the stub's own (marked ``Stub…``) so no test mistakes them for AutoDL's.
"""

from __future__ import annotations

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer


class AutoDLStub(StubServer):
    def __init__(self) -> None:
        super().__init__()
        self.instances = {
            "pro-1": {
                "uuid": "pro-1",
                "status": "running",
                "name": "train-4090",
                "gpu_spec_uuid": "v-48g",
                "region_sign": "west-A",
            },
        }
        self.snapshot = {
            "ssh_command": "ssh -p 41234 root@connect.westa.seetacloud.com",
            "proxy_host": "connect.westa.seetacloud.com",
            "ssh_port": 41234,
            "root_password": "not-a-real-pw",
            "payg_price": 1880,
            "snapshot_gpu_alias_name": "RTX 4090",
        }
        self.bare_status = False  # AutoDL clients disagree: data may be "running" or {"status": …}

    def authorised(self, seen: Seen) -> bool:
        return seen.headers.get("Authorization") == self.token  # no "Bearer" word

    def unauthorised(self) -> Reply:
        return Reply(200, {"code": "StubAuthFailed", "msg": "token invalid", "data": None})

    def route(self, seen: Seen) -> Reply:
        path, body = seen.path, seen.body or {}
        ok = lambda data: Reply(200, {"code": "Success", "msg": "", "data": data})  # noqa: E731
        if path == "/api/v1/dev/wallet/balance":
            return ok({"assets": 1000, "accumulate": 1000, "voucher_balance": 1000})
        if path == "/api/v1/dev/instance/pro/list":
            return ok({"list": list(self.instances.values()), "max_page": 1})
        uuid = seen.query.get("instance_uuid", [""])[0] or body.get("instance_uuid", "")
        inst = self.instances.get(uuid)
        if inst is None:
            return Reply(200, {"code": "StubNotFound", "msg": f"instance {uuid} not found", "data": None})
        if path == "/api/v1/dev/instance/pro/snapshot":
            return ok(dict(self.snapshot))
        if path == "/api/v1/dev/instance/pro/status":
            return ok(inst["status"] if self.bare_status else {"status": inst["status"]})
        if path == "/api/v1/dev/instance/pro/power_off":
            inst["status"] = "shutdown"
            return ok(None)
        if path == "/api/v1/dev/instance/pro/power_on":
            inst["status"] = "running"
            return ok(None)
        if path == "/api/v1/dev/instance/pro/release":
            del self.instances[uuid]
            return ok(None)
        return Reply(404, None)

    def not_found_fault(self) -> Fault:
        return Fault(200, {"code": "StubNotFound", "msg": "instance not found", "data": None})

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        return Fault(429, None, {"Retry-After": retry_after} if retry_after else {})  # NOT FOUND: neutral

    def server_error_fault(self) -> Fault:
        return Fault(500, None)
