"""AutoDL developer API (``https://api.autodl.com``, ``Authorization: <token>``), Pro instances.

The Pro instance endpoints are known from community clients only (reference §6.2), and
AutoDL documents no error codes, HTTP statuses or status values beyond ``running``: this
client accepts every shape seen in the sources and reports anything else as it is.
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, to_int
from gpudesk.core.providers.errors import ProviderError
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login

# Only "running" is documented for Pro; the rest follow the elastic-deployment flow (§6.4).
_STATES = {
    "running": "running",
    "creating": "starting",
    "created": "stopped",
    "starting": "starting",
    "oss_merged": "starting",
    "shutting_down": "stopping",
    "shutdown": "stopped",
}


class AutoDLProvider(BaseProvider):
    kind = "autodl"
    title = "AutoDL"
    default_url = "https://api.autodl.com"
    currency = "CNY"
    actions = frozenset({"start", "stop", "terminate"})

    def auth_headers(self, token: str) -> dict[str, str]:
        return {"Authorization": token, "Content-Type": "application/json"}

    def check(self) -> None:
        self._call("POST", "/api/v1/dev/wallet/balance", {})

    def list_instances(self) -> list[Instance]:
        out: list[Instance] = []
        page = 1
        while page <= 50:
            data = self._call("POST", "/api/v1/dev/instance/pro/list", {"page_index": page, "page_size": 50})
            items = data.get("list") if isinstance(data, dict) else None
            if not isinstance(items, list):
                break
            out.extend(self._instance(i) for i in items if isinstance(i, dict))
            max_page = to_int(data.get("max_page"), page) or page
            if page >= max_page or not items:
                break
            page += 1
        return out

    def get_instance(self, instance_id: str) -> Instance:
        data = self._call("GET", "/api/v1/dev/instance/pro/snapshot", params={"instance_uuid": instance_id})
        if not isinstance(data, dict):
            raise ProviderError(msg("ProviderError", "AutoDL: no details for instance '{id}'.", id=instance_id))
        inst = self._instance({"uuid": instance_id, **data})
        status = self._call("GET", "/api/v1/dev/instance/pro/status", params={"instance_uuid": instance_id})
        raw = status.get("status") if isinstance(status, dict) else status  # a dict or the bare string
        if isinstance(raw, str) and raw:
            inst.raw_status = raw
            inst.status = _STATES.get(raw, "unknown")
        return inst

    def start(self, instance_id: str) -> None:
        self._call("POST", "/api/v1/dev/instance/pro/power_on", {"instance_uuid": instance_id, "payload": "gpu"})

    def stop(self, instance_id: str) -> None:
        self._call("POST", "/api/v1/dev/instance/pro/power_off", {"instance_uuid": instance_id})

    def terminate(self, instance_id: str) -> None:
        self._call("POST", "/api/v1/dev/instance/pro/release", {"instance_uuid": instance_id})

    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "Power off ends the GPU time. AutoDL does not document what a powered-off instance still costs "
            "(disk, data retention): check its console before relying on it.",
        )

    def terminate_note(self) -> str:
        return msg("ProviderNote", "Release deletes the instance and its data. AutoDL asks to power it off first.")

    def _call(self, method: str, path: str, body: Any = None, params: dict[str, Any] | None = None) -> Any:
        reply = self.api.request(method, path, json_body=body, params=params)
        if not isinstance(reply, dict) or "code" not in reply:
            raise ProviderError(msg("ProviderError", "AutoDL sent an answer gpudesk does not understand (no 'code')."))
        if reply.get("code") != "Success":
            # Errors come as HTTP 2xx with code != Success; the codes themselves are undocumented.
            raise ProviderError(f"AutoDL: {reply.get('msg') or reply.get('code')}")  # AutoDL's own words
        return reply.get("data")

    def _instance(self, item: dict[str, Any]) -> Instance:
        raw = item.get("status")
        if isinstance(raw, dict):
            raw = raw.get("status")
        raw_text = str(raw or "")
        host, port, user = "", None, "root"
        command = item.get("ssh_command")
        if isinstance(command, str) and command.strip():
            try:
                line = parse_login(command)
                host, port, user = line.host, line.port, line.username
            except LoginLineError:
                pass
        if not host and item.get("proxy_host"):
            host, port = str(item["proxy_host"]), to_int(item.get("ssh_port"))
        price = item.get("payg_price")
        return Instance(
            id=str(item.get("uuid") or item.get("instance_uuid") or ""),
            name=str(item.get("name") or item.get("instance_name") or ""),
            status=_STATES.get(raw_text, "unknown") if raw_text else "unknown",
            raw_status=raw_text,
            gpu_type=str(item.get("snapshot_gpu_alias_name") or item.get("gpu_spec_uuid") or ""),
            gpu_count=to_int(item.get("req_gpu_amount") or item.get("gpu_amount"), 0) or 0,
            price_per_hour=price / 1000.0 if isinstance(price, (int, float)) else None,
            currency="CNY",
            ssh_host=host,
            ssh_port=port,
            ssh_user=user,
            ssh_password_available=bool(item.get("root_password")),
            provider=self.name,
        )
