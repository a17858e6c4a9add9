"""AutoDL developer API stub (reference §6): ``Authorization: <token>``, ``{code, msg, data}``.

AutoDL documents no HTTP statuses or error codes: errors here are HTTP 200 with a
``code`` other than ``Success`` (the documented failure signal); the code words are
the stub's own (marked ``Stub…``) so no test mistakes them for AutoDL's.

Lifecycle: power_off moves ``running`` → ``shutting_down`` → ``shutdown`` after
``power_off_polls`` status polls (0: at once); release is refused unless the instance is
``shutdown`` (the community note "Power off first", [ADL-SK api-reference.md]; the refusal's
wording is the stub's own, AutoDL's is NOT FOUND).
"""

from __future__ import annotations

import copy

from tests.helpers_providers.base import Fault, Reply, Seen, StubServer

# List row: field names from [ADL-X] (reference §6.2: uuid, status, name, gpu_spec_uuid,
# region_sign); the values are the stub's own. No SSH address and no price in a row.
ROW = {"uuid": "pro-1", "status": "running", "name": "train-4090", "gpu_spec_uuid": "v-48g", "region_sign": "west-A"}
# Snapshot ``data``: field names from [ADL-X] (reference §6.2); the values are the stub's own.
SNAPSHOT = {
    "ssh_command": "ssh -p 41234 root@connect.westa.seetacloud.com",
    "proxy_host": "connect.westa.seetacloud.com",
    "ssh_port": 41234,
    "root_password": "not-a-real-pw",
    "payg_price": 1880,
    "snapshot_gpu_alias_name": "RTX 4090",
}
# [ADL-OFF common_api] (reference §6.1), copied.
BALANCE = {"assets": 1000, "accumulate": 1000, "voucher_balance": 1000}


class AutoDLStub(StubServer):
    contract = "autodl"  # tests/fixtures/provider-schemas/autodl.json (documented shapes)

    def __init__(self) -> None:
        super().__init__()
        self.instances = {ROW["uuid"]: copy.deepcopy(ROW)}
        self.snapshot = dict(SNAPSHOT)
        self.snapshots: dict[str, dict] = {}  # per-instance snapshots; ``snapshot`` for the rest
        self.balance = dict(BALANCE)
        self.bare_status = False  # AutoDL clients disagree: data may be "running" or {"status": …} [ADL-X]
        self.power_off_polls = 0  # status polls spent in shutting_down after a power_off
        self._polls_left: dict[str, int] = {}

    def authorised(self, seen: Seen) -> bool:
        return seen.headers.get("Authorization") == self.token  # no "Bearer" word [ADL-OFF]

    def unauthorised(self) -> Reply:
        return Reply(200, {"code": "StubAuthFailed", "msg": "token invalid", "data": None})

    def route(self, seen: Seen) -> Reply:
        path = seen.path
        body = seen.body if isinstance(seen.body, dict) else {}
        ok = lambda data: Reply(200, {"code": "Success", "msg": "", "data": data})  # noqa: E731
        if path == "/api/v1/dev/wallet/balance":
            return ok(dict(self.balance))
        if path == "/api/v1/dev/instance/pro/list":
            return ok({"list": [dict(i) for i in self.instances.values()], "max_page": 1})
        uuid = seen.query.get("instance_uuid", [""])[0] or body.get("instance_uuid", "")
        inst = self.instances.get(uuid)
        if inst is None:
            return Reply(200, {"code": "StubNotFound", "msg": f"instance {uuid} not found", "data": None})
        if path == "/api/v1/dev/instance/pro/snapshot":
            return ok(dict(self.snapshots.get(uuid, self.snapshot)))
        if path == "/api/v1/dev/instance/pro/status":
            self._advance(uuid)
            return ok(inst["status"] if self.bare_status else {"status": inst["status"]})
        if path == "/api/v1/dev/instance/pro/power_off":
            if self.power_off_polls:
                inst["status"] = "shutting_down"  # the ESD container flow's word (reference §6.4)
                self._polls_left[uuid] = self.power_off_polls
            else:
                inst["status"] = "shutdown"
            return ok(None)
        if path == "/api/v1/dev/instance/pro/power_on":
            inst["status"] = "running"
            return ok(None)
        if path == "/api/v1/dev/instance/pro/release":
            if inst["status"] != "shutdown":
                return Reply(200, {"code": "StubNotPoweredOff", "msg": "power off the instance before releasing it", "data": None})
            del self.instances[uuid]
            return ok(None)
        return Reply(404, None)

    def _advance(self, uuid: str) -> None:
        inst = self.instances[uuid]
        if inst["status"] != "shutting_down" or uuid not in self._polls_left:
            return  # set by a test, not by a power_off: it stays
        self._polls_left[uuid] -= 1
        if self._polls_left[uuid] <= 0:
            del self._polls_left[uuid]
            inst["status"] = "shutdown"

    def not_found_fault(self) -> Fault:
        return Fault(200, {"code": "StubNotFound", "msg": "instance not found", "data": None})

    def rate_limit_fault(self, retry_after: str | None = None) -> Fault:
        return Fault(429, None, {"Retry-After": retry_after} if retry_after else {})  # NOT FOUND: neutral

    def server_error_fault(self) -> Fault:
        return Fault(500, None)
