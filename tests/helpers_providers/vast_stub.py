"""Vast.ai stub (reference §5): ``/api/v1/instances/`` list, ``/api/v0`` get/PUT state/DELETE.

Renting (reference §5.5, §5.7; [VAST-DOCS create_instance.yaml, show_ssh_keys.yaml]; [VAST-CLI
vastai/api/keys.py, tests/live/test_live_ssh_key_cycle.py]): ``PUT /api/v0/asks/{offer}/`` answers
``{"success": true, "new_contract": ID}`` and marks the offer rented; an offer that is gone answers the
documented 404 ``no_such_ask`` (or 410 with ``gone_status = 410``). ``GET /api/v0/ssh/`` answers the
yaml's bare list of ``{id, user_id, key, created_at, deleted_at}`` (the CLI tests' ``{"ssh_keys": …}``
shape is the other one the reference saw; ``keys_wrapped = True`` serves that). ``POST /api/v0/ssh/``
answers ``{"success": true, "key": {"id": N}}`` (the live test). A rented instance is ``null`` for
``provision_looks`` looks, then ``loading``, then ``running`` with its SSH address at ``launch_ssh``.

Where the live API differs from (or goes beyond) its spec: an account with no key answers ``GET
/api/v0/ssh/`` with 404 "No SSH keys found for the user" (show_ssh_keys.yaml, reference §5.7); a new
instance can answer ``{"instances": null}`` for ``unseen_looks`` looks first (vast-cli ``show_instance``
returns None then; dstack's vastai ``update_provisioning_data`` keeps provisioning while ``get_instance``
is None, dstackai/dstack src/dstack/_internal/core/backends/vastai/compute.py @ 9f803a1f); a spot bid
below ``bid_floor`` makes a stopped instance and answers ``success: false`` with its ``new_contract``
(issue #31's field report; create_instance.yaml shows no such answer); searches closer than
``search_interval_s`` or past ``search_budget`` answer the plain-text 429 (search_offers.yaml
``x-rate-limit``: 10 a minute; rate-limits-and-errors.mdx: no Retry-After). ``POST /api/v0/bundles/``
applies the documented ``eq`` and ``in`` operators.
"""

from __future__ import annotations

import copy
import time

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
    {"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.41, "min_bid": 0.2, "rentable": True, "rented": False,
     "geolocation": "California, US"},
    {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.35, "min_bid": 0.18, "rentable": True, "rented": False,
     "geolocation": "Ontario, CA"},
    {"id": 3, "gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 19.2, "min_bid": 9.6, "rentable": True, "rented": False,
     "geolocation": "Texas, US"},
]


class VastStub(StubServer):
    contract = "vast"  # tests/fixtures/provider-schemas/vast.json
    page_size = 25

    def __init__(self, count: int = 1) -> None:
        super().__init__()
        self.instances: dict[int, dict] = {}
        self.offers = copy.deepcopy(OFFERS)
        self.ssh_keys: list[dict] = []
        self.keys_wrapped = False
        self.gone: set[int] = set()  # offer ids someone else just rented
        self.gone_status = 404
        self.launch_ssh: tuple[str, int] = ("127.0.0.1", 1)  # a closed port until a test says
        self.provision_looks = 2
        self.unseen_looks = 0  # a new instance answers {"instances": null} this many looks first
        self.unseen_gets: list[float] = []  # when those null answers were given (time.monotonic)
        self._unseen: dict[int, int] = {}
        self.search_interval_s: float | None = None  # set: a search sooner than this after the last one answers 429
        self.search_budget: int | None = None  # set: searches answered before every further one answers 429
        self._last_search = float("-inf")
        self.bid_floor: float | None = None  # set: a spot bid below it makes a stopped instance (success false)
        self.rented: list[dict] = []  # the create bodies received, with the offer id
        self.attached: list[tuple[int, str]] = []  # (instance id, key) of POST /instances/{id}/ssh/
        self._waiting: dict[int, int] = {}
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
            now = time.monotonic()
            too_soon = self.search_interval_s is not None and now - self._last_search < self.search_interval_s
            spent = self.search_budget is not None and self.search_budget <= 0
            if too_soon or spent:
                # search_offers.yaml: 10 requests a minute, "a minimum interval between requests"
                # (rate-limits-and-errors.mdx); the 429 body is plain text and carries no Retry-After.
                return Reply(429, text="API requests too frequent endpoint threshold=6.0")
            self._last_search = now
            if self.search_budget is not None:
                self.search_budget -= 1
            return Reply(200, {"offers": self._search(seen.body if isinstance(seen.body, dict) else {})})
        parts = [p for p in path.split("/") if p]
        if parts == ["api", "v0", "ssh"]:
            return self._keys(seen)
        if parts[:3] == ["api", "v0", "asks"] and len(parts) == 4 and method == "PUT":
            return self._rent(int(parts[3]) if parts[3].isdigit() else -1, seen.body)
        if parts[:3] == ["api", "v0", "instances"] and parts[4:] == ["ssh"] and method == "POST":
            iid = int(parts[3]) if parts[3].isdigit() else -1
            if iid not in self.instances:
                return Reply(404, {"success": False, "error": "not_found", "msg": "Instance not found"})
            self.attached.append((iid, (seen.body or {}).get("ssh_key", "")))
            return Reply(200, {"success": True})
        if parts[:3] == ["api", "v0", "instances"] and len(parts) == 4 and method == "GET" and parts[3].isdigit():
            iid = int(parts[3])
            if self._unseen.get(iid, 0) > 0:
                # A new instance answers {"instances": null} for a while before it shows (the CLI's show_instance
                # returns None then; dstack's vastai compute keeps provisioning while get_instance is None).
                self._unseen[iid] -= 1
                self.unseen_gets.append(time.monotonic())
                return Reply(200, {"instances": None})
            self._advance(iid)
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

    def _keys(self, seen: Seen) -> Reply:
        if seen.method == "GET":
            if not self.ssh_keys:
                # An account with no key: 404 "No SSH keys found for the user" [VAST-DOCS show_ssh_keys.yaml]
                return Reply(404, {"success": False, "error": "not_found", "msg": "No SSH keys found for the user"})
            return Reply(200, {"ssh_keys": self.ssh_keys} if self.keys_wrapped else self.ssh_keys)
        if seen.method == "POST":
            key = (seen.body or {}).get("ssh_key") if isinstance(seen.body, dict) else None
            if not isinstance(key, str) or not key.startswith("ssh-"):
                # the one 400 error code the spec documents for this call (the 'create ssh-key' page)
                return Reply(400, {"success": False, "error": "no_ssh_key", "msg": "invalid ssh key"})
            entry = {"id": 100 + len(self.ssh_keys), "user_id": CURRENT_USER["id"], "key": key,
                     "created_at": "2026-12-03T09:00:00Z", "deleted_at": None}
            self.ssh_keys.append(entry)
            return Reply(200, {"success": True, "key": {"id": entry["id"]}})
        return Reply(405, {"success": False, "error": "method_not_allowed", "msg": "Method not allowed"})

    def _rent(self, offer_id: int, body) -> Reply:
        offer = next((o for o in self.offers if o["id"] == offer_id), None)
        if offer is None or offer_id in self.gone or offer.get("rented"):
            if self.gone_status == 410:  # [VAST-DOCS create_instance.yaml] 410 example
                return Reply(410, {"success": False, "error": "no_such_ask",
                                   "msg": f"error 410/3907: no_such_ask Instance type {offer_id} is no longer available."})
            return Reply(404, {"success": False, "error": "invalid_args",  # the yaml's 404 example
                               "msg": f"error 404/3603: no_such_ask Instance type by id {offer_id} is not available."})
        if not isinstance(body, dict) or body.get("client_id") != "me" or not isinstance(body.get("image"), str):
            return Reply(400, {"success": False, "error": "invalid_args", "msg": "error 400/3467: Invalid args"})
        self.rented.append(dict(body, offer=offer_id))
        iid = max([*self.instances, 1000]) + 1
        bid = body.get("price")
        if self.bid_floor is not None and isinstance(bid, (int, float)) and bid < self.bid_floor:
            # A bid below what the host asks now: Vast.ai still makes the instance, stopped (its disk bills), and
            # answers success false with its id. Seen on the live API (issue #31); not in create_instance.yaml.
            self.instances[iid] = {
                "id": iid, "actual_status": "stopped", "cur_state": "stopped", "intended_status": "stopped",
                "label": body.get("label") or "", "image_uuid": body["image"], "image_runtype": body.get("runtype", "ssh"),
                "gpu_name": offer["gpu_name"], "num_gpus": offer["num_gpus"], "disk_space": body.get("disk", 10),
                "dph_total": bid, "is_bid": True, "geolocation": offer.get("geolocation", ""), "storage_cost": 0.15,
            }
            return Reply(200, {"success": False, "new_contract": iid,
                               "msg": f"Your bid of {bid} is below the current price {self.bid_floor}."})
        offer["rented"] = True
        self.instances[iid] = {
            "id": iid, "actual_status": None, "cur_state": "running", "intended_status": "running",
            "label": body.get("label") or "", "image_uuid": body["image"], "image_runtype": body.get("runtype", "ssh"),
            "gpu_name": offer["gpu_name"], "num_gpus": offer["num_gpus"], "disk_space": body.get("disk", 10),
            "dph_total": body["price"] if body.get("price") else offer["dph_total"], "is_bid": bool(body.get("price")),
            "geolocation": offer.get("geolocation", ""), "start_date": 1764752400.0, "storage_cost": 0.15,
        }
        self._waiting[iid] = self.provision_looks
        self._unseen[iid] = self.unseen_looks
        return Reply(200, {"success": True, "new_contract": iid, "instance_api_key": "d15a0000"})

    def _advance(self, iid: int) -> None:
        inst = self.instances.get(iid)
        if inst is None or iid not in self._waiting:
            return
        if inst["actual_status"] is None:
            if self._waiting[iid] > 0:
                self._waiting[iid] -= 1
                return
            inst["actual_status"] = "loading"
        elif inst["actual_status"] == "loading":
            host, port = self.launch_ssh
            inst.update({"actual_status": "running", "public_ipaddr": host, "ssh_host": host, "ssh_port": port,
                         "ports": {"22/tcp": [{"HostIp": "0.0.0.0", "HostPort": str(port)}]}})

    def _search(self, query: dict) -> list[dict]:
        """The filters the clients send (``eq`` on fields, ``limit``), applied as the API documents them."""
        found = []
        for offer in self.offers:
            fields = [(f, c) for f, c in query.items() if isinstance(c, dict) and f in ("id", "gpu_name", "num_gpus", "rentable", "rented")]
            wanted = all(
                (offer.get(f) == c["eq"]) if "eq" in c else (offer.get(f) in c["in"]) if isinstance(c.get("in"), list) else True
                for f, c in fields
            )  # the documented operators eq and in [VAST-DOCS search_offers.yaml]
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
