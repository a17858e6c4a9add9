"""AutoDL developer API (``https://api.autodl.com``, ``Authorization: <token>``), Pro instances only.

Only 容器实例 Pro instances are reachable through the developer API (``/api/v1/dev/instance/pro/*``);
those endpoints are known from community clients only (reference §6.2), and AutoDL documents
no error codes, HTTP statuses or status values beyond ``running``: this client accepts every
shape seen in the sources and reports anything else as it is.

List rows carry no SSH address or price, so each running row is completed from its snapshot
(``ssh_command``/``proxy_host``+``ssh_port``, ``root_password``, ``payg_price``). The root
password itself is never kept on the Instance: only whether one exists.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import concat, msg
from gpudesk.core.providers.base import Balance, BaseProvider, Instance, Storage, to_float, to_int
from gpudesk.core.providers.errors import BadToken, ProviderError, ProviderTimeout, RateLimited
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login

# Only "running" is documented for Pro; the rest follow the elastic-deployment flow (§6.4).
# "released" and "failed" are NOT FOUND in the reference for Pro instances: they are named here
# so that a released or failed instance reads as such instead of "unknown".
_STATES = {
    "running": "running",
    "creating": "starting",
    "created": "stopped",
    "starting": "starting",
    "oss_merged": "starting",
    "shutting_down": "stopping",
    "shutdown": "stopped",
    "released": "terminated",
    "failed": "error",
}
PAGE_SIZE = 50
MAX_PAGES = 50
#: running rows completed from their snapshot per listing (one request each)
MAX_SNAPSHOTS = 50


class AutoDLProvider(BaseProvider):
    kind = "autodl"
    title = "AutoDL"
    default_url = "https://api.autodl.com"
    currency = "CNY"
    actions = frozenset({"start", "stop", "terminate"})
    #: how long terminate() waits for a power-off before it gives up, and how often it looks
    power_off_wait_s = 180.0
    power_off_poll_s = 3.0

    def __init__(
        self, name: str, token: str = "", base_url: str = "", *, sleep: Callable[[float], None] = time.sleep, **kw: Any
    ) -> None:
        super().__init__(name, token, base_url, sleep=sleep, **kw)
        self._sleep = sleep

    def auth_headers(self, token: str) -> dict[str, str]:
        return {"Authorization": token, "Content-Type": "application/json"}

    def check(self) -> None:
        self._call("POST", "/api/v1/dev/wallet/balance", {}, idempotent=True)

    # -- instances ---------------------------------------------------------------------
    def list_instances(self) -> list[Instance]:
        """Pro instances, page by page; running ones get SSH and price from their snapshot."""
        out: list[Instance] = []
        seen: set[str] = set()
        page = 1
        while page <= MAX_PAGES:
            data = self._call(
                "POST", "/api/v1/dev/instance/pro/list", {"page_index": page, "page_size": PAGE_SIZE}, idempotent=True
            )
            items = data.get("list") if isinstance(data, dict) else None
            if items is None and (data is None or isinstance(data, dict)):
                break  # {"data": null} or no list: nothing (more) to show
            if not isinstance(items, list):
                raise ProviderError(
                    msg("ProviderError", "AutoDL sent an answer gpudesk does not understand (no instance list).")
                )
            for item in items[:PAGE_SIZE]:  # a page never holds more than was asked for
                inst = self._instance(item) if isinstance(item, dict) else None
                if inst is None or not inst.id or inst.id in seen:
                    continue
                seen.add(inst.id)
                out.append(inst)
            max_page = to_int(data.get("max_page"), page) or page
            if page >= max_page or not items:
                break
            page += 1
        for inst in [i for i in out if i.status == "running"][:MAX_SNAPSHOTS]:
            if not self._complete(inst):
                break
        return out

    def get_instance(self, instance_id: str) -> Instance:
        data = self._call("GET", "/api/v1/dev/instance/pro/snapshot", params={"instance_uuid": instance_id})
        if not isinstance(data, dict):
            raise ProviderError(msg("ProviderError", "AutoDL: no details for instance '{id}'.", id=instance_id))
        inst = self._instance({**data, "uuid": instance_id})
        if inst is None:
            raise ProviderError(msg("ProviderError", "AutoDL: no details for instance '{id}'.", id=instance_id))
        raw = self._status(instance_id)
        if raw:
            inst.raw_status = raw
            inst.status = _STATES.get(raw, "unknown")
        return inst

    def start(self, instance_id: str) -> None:
        self._call("POST", "/api/v1/dev/instance/pro/power_on", {"instance_uuid": instance_id, "payload": "gpu"})

    def stop(self, instance_id: str) -> None:
        self._call("POST", "/api/v1/dev/instance/pro/power_off", {"instance_uuid": instance_id})

    def terminate(self, instance_id: str) -> None:
        """Power off (when needed), wait for ``shutdown``, then release: AutoDL releases only powered-off instances."""
        raw = self._status(instance_id)
        if raw == "released":
            return  # already gone
        if raw != "shutdown":
            if raw != "shutting_down":
                self.stop(instance_id)
            waited = 0.0
            while True:
                self._sleep(self.power_off_poll_s)
                waited += self.power_off_poll_s
                raw = self._status(instance_id)
                if raw == "shutdown":
                    break
                if waited >= self.power_off_wait_s:
                    raise ProviderError(
                        msg(
                            "ProviderError",
                            "AutoDL: instance '{id}' did not power off within {seconds:g} s (it is '{status}'), so it was "
                            "not released. Try again in a moment, or release it in the AutoDL console.",
                            id=instance_id,
                            seconds=self.power_off_wait_s,
                            status=raw or "?",
                        )
                    )
        self._call("POST", "/api/v1/dev/instance/pro/release", {"instance_uuid": instance_id})

    # -- storage and credit ------------------------------------------------------------
    def list_storage(self) -> list[Storage]:
        """Always []: what a powered-off Pro instance's disk costs is NOT FOUND in the reference (§6.3).

        Showing a guessed rate would look like a bill; the stop note tells the user to check the console.
        """
        return []

    def balance(self) -> Balance | None:
        """``assets`` / 1000 yuan from ``POST /api/v1/dev/wallet/balance`` (reference §6.1)."""
        data = self._call("POST", "/api/v1/dev/wallet/balance", {}, idempotent=True)
        assets = data.get("assets") if isinstance(data, dict) else None
        amount = None if isinstance(assets, bool) else to_float(assets)
        if amount is None or amount != amount or amount in (float("inf"), float("-inf")):
            raise ProviderError(
                msg("ProviderError", "AutoDL sent a balance gpudesk does not understand (no 'assets').")
            )
        return Balance(amount / 1000.0, "CNY", self.name)

    # -- notes -------------------------------------------------------------------------
    def stop_note(self) -> str:
        # The 15-day release of powered-off instances is a third-party report, not AutoDL's API docs: the
        # remote-gpu-trainer AutoDL profile (git.mytsl.cn/csh/playbook @ c4c6a41c,
        # skills/remote-gpu-trainer/profiles/autodl.md: "关机 (stop) auto-releases the box after 15 days → the
        # data disk is deleted; only /root/autodl-fs survives"); GPUhub's data docs (docs.gpuhub.com/data/
        # overview.md) state the same 15-day rule for their instances.
        return msg(
            "ProviderNote",
            "Power off ends the GPU time. An instance left powered off for 15 days in a row is released by "
            "AutoDL, and all data on it is deleted (only /root/autodl-fs survives); AutoDL's developer API "
            "does not document what a powered-off instance still costs: check its console.",
        )

    def terminate_note(self) -> str:
        return msg(
            "ProviderNote",
            "Release deletes the instance and its data. A running instance is powered off first, then released.",
        )

    # -- helpers -----------------------------------------------------------------------
    def _status(self, instance_id: str) -> str:
        """The status word: ``data`` is the bare string in some clients, ``{"status": …}`` in others (§6.2)."""
        data = self._call("GET", "/api/v1/dev/instance/pro/status", params={"instance_uuid": instance_id})
        raw = data.get("status") if isinstance(data, dict) else data
        return raw.strip() if isinstance(raw, str) else ""

    def _complete(self, inst: Instance) -> bool:
        """Fill SSH, password availability, price and GPU name from the instance's snapshot.

        False when the API stopped answering (timeout, rate limit): the other rows then stay as
        listed rather than waiting out one timeout each. A refused token still fails the list.
        """
        try:
            data = self._call("GET", "/api/v1/dev/instance/pro/snapshot", params={"instance_uuid": inst.id})
        except (BadToken, ProviderTimeout, RateLimited) as exc:
            if isinstance(exc, BadToken):
                raise
            return False
        except ProviderError:
            return True  # this row stays without an address; the list itself is still right
        full = self._instance({**data, "uuid": inst.id, "status": inst.raw_status}) if isinstance(data, dict) else None
        if full is not None:
            for key in ("ssh_host", "ssh_port", "ssh_user", "ssh_password_available", "price_per_hour"):
                setattr(inst, key, getattr(full, key))
            inst.gpu_type = full.gpu_type or inst.gpu_type
            inst.gpu_count = full.gpu_count or inst.gpu_count
            inst.name = inst.name or full.name
        return True

    def _call(
        self,
        method: str,
        path: str,
        body: JSON = None,
        params: JSONObject | None = None,
        *,
        idempotent: bool | None = None,
    ) -> JSON:
        """One request in AutoDL's envelope. POSTs change state unless ``idempotent=True`` (list, balance)."""
        reply = self.api.request(method, path, json_body=body, params=params, idempotent=idempotent)
        if not isinstance(reply, dict) or "code" not in reply:
            raise ProviderError(msg("ProviderError", "AutoDL sent an answer gpudesk does not understand (no 'code')."))
        if reply.get("code") != "Success":
            # Errors come as HTTP 2xx with code != Success; the codes themselves are undocumented.
            detail = reply.get("msg") or reply.get("code")
            raise ProviderError(
                concat("AutoDL: ", detail if isinstance(detail, str) else str(detail))
            )  # AutoDL's own words
        return reply.get("data")

    def _instance(self, item: JSONObject) -> Instance | None:
        ident = _text(item.get("uuid")) or _text(item.get("instance_uuid"))
        if not ident:
            return None
        raw = item.get("status")
        if isinstance(raw, dict):
            raw = raw.get("status")
        raw_text = _text(raw)
        host, port, user = "", None, "root"
        command = item.get("ssh_command")
        if isinstance(command, str) and command.strip():
            try:
                line = parse_login(command)
                host, port, user = line.host, line.port, line.username or "root"
            except LoginLineError:
                pass
        if not host and _text(item.get("proxy_host")):
            host, port = _text(item.get("proxy_host")), to_int(item.get("ssh_port"))
        if port is not None and not 0 < port < 65536:
            host, port = "", None
        price = item.get("payg_price")
        yuan_x1000 = None if isinstance(price, bool) else to_float(price)
        return Instance(
            id=ident,
            name=_text(item.get("name")) or _text(item.get("instance_name")),
            status=_STATES.get(raw_text, "unknown") if raw_text else "unknown",
            raw_status=raw_text,
            gpu_type=_text(item.get("snapshot_gpu_alias_name")) or _text(item.get("gpu_spec_uuid")),
            gpu_count=to_int(item.get("req_gpu_amount") or item.get("gpu_amount"), 0) or 0,
            price_per_hour=yuan_x1000 / 1000.0 if yuan_x1000 is not None and yuan_x1000 >= 0 else None,
            currency="CNY",
            ssh_host=host,
            ssh_port=port,
            ssh_user=user,
            ssh_password_available=bool(item.get("root_password")),
            provider=self.name,
        )


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""
