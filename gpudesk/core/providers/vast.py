"""Vast.ai (``/api/v0`` and the paginated ``/api/v1/instances/`` list, Bearer)."""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import concat, msg
from gpudesk.core.providers.base import BaseProvider, Instance, to_float, to_int
from gpudesk.core.providers.errors import NotFound, ProviderError

_STATES = {
    "running": "running",
    "frozen": "running",  # paused with memory kept: GPU charges apply
    "loading": "starting",
    "created": "starting",
    "rebooting": "starting",
    "scheduling": "starting",
    "stopped": "stopped",
    "exited": "stopped",
    "unknown": "unknown",
    "offline": "unknown",
}


class VastProvider(BaseProvider):
    kind = "vast"
    title = "Vast.ai"
    default_url = "https://console.vast.ai"
    actions = frozenset({"start", "stop", "terminate"})

    def check(self) -> None:
        self.api.request("GET", "/api/v0/users/current/")

    def list_instances(self) -> list[Instance]:
        out: list[Instance] = []
        token: str | None = None
        for _ in range(40):  # 25 per page; a thousand instances is plenty
            params: dict[str, Any] = {"limit": 25}
            if token:
                params["after_token"] = token
            body = self.api.request("GET", "/api/v1/instances/", params=params)
            if not isinstance(body, dict) or not isinstance(body.get("instances"), list):
                raise ProviderError(msg("ProviderError", "Vast.ai sent an answer gpudesk does not understand (no instance list)."))
            out.extend(self._instance(i) for i in body["instances"] if isinstance(i, dict))
            token = body.get("next_token")
            if not token:
                break
        return out

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/api/v0/instances/{instance_id}/", params={"owner": "me"})
        item = body.get("instances") if isinstance(body, dict) else None
        if not isinstance(item, dict):  # {"instances": null} means no such instance
            raise NotFound(msg("ProviderError", "{provider}: no instance '{id}'.", provider="Vast.ai", id=instance_id))
        return self._instance(item)

    def start(self, instance_id: str) -> None:
        self._ok(self.api.request("PUT", f"/api/v0/instances/{instance_id}/", json_body={"state": "running"}))

    def stop(self, instance_id: str) -> None:
        self._ok(self.api.request("PUT", f"/api/v0/instances/{instance_id}/", json_body={"state": "stopped"}))

    def terminate(self, instance_id: str) -> None:
        self._ok(self.api.request("DELETE", f"/api/v0/instances/{instance_id}/", json_body={}))

    def prices(self, gpu_name: str | None = None, limit: int = 50) -> dict[str, float]:
        """Cheapest on-demand $/h per "N× GPU" among rentable verified offers (``POST /api/v0/bundles/``)."""
        query: dict[str, Any] = {
            "verified": {"eq": True},
            "rentable": {"eq": True},
            "order": [["dph_total", "asc"]],
            "type": "on-demand",
            "limit": limit,
        }
        if gpu_name:
            query["gpu_name"] = {"eq": gpu_name}
        body = self.api.request("POST", "/api/v0/bundles/", json_body=query)
        offers = body.get("offers") if isinstance(body, dict) else None
        if isinstance(offers, dict):  # the spec's example shows one object; the CLI reads a list
            offers = [offers]
        out: dict[str, float] = {}
        for offer in offers or []:
            price = to_float(offer.get("dph_total")) if isinstance(offer, dict) else None
            if price is None:
                continue
            key = f"{to_int(offer.get('num_gpus'), 1)}× {offer.get('gpu_name') or '?'}"
            out[key] = min(price, out.get(key, price))
        return out

    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "Stop ends the GPU charges. The instance's disk is kept and keeps billing for storage until you "
            "destroy it; restarting may wait until the GPUs are free again.",
        )

    def terminate_note(self) -> str:
        return msg("ProviderNote", "Destroy deletes the instance with all its data and ends all billing for it.")

    @staticmethod
    def _ok(body: Any) -> None:
        # A 200 with success=false is a failure (as the official CLI treats it).
        if isinstance(body, dict) and body.get("success") is False:
            detail = body.get("msg") or body.get("error") or msg("ProviderError", "request refused")
            raise ProviderError(concat("Vast.ai: ", detail))

    def _instance(self, item: dict[str, Any]) -> Instance:
        raw = item.get("actual_status")
        raw_text = "" if raw is None else str(raw)
        status = "starting" if raw is None else _STATES.get(raw_text.lower(), "unknown")
        host, port = str(item.get("ssh_host") or ""), to_int(item.get("ssh_port"))
        ports = item.get("ports") or {}
        direct = ports.get("22/tcp") if isinstance(ports, dict) else None
        if item.get("public_ipaddr") and isinstance(direct, list) and direct:
            # The CLI's ssh-url prefers the direct mapping when the instance publishes 22/tcp.
            host = str(item["public_ipaddr"]).strip()
            port = to_int(direct[0].get("HostPort"), port)
        return Instance(
            id=str(item.get("id", "")),
            name=str(item.get("label") or ""),
            status=status,
            raw_status=raw_text,
            gpu_type=str(item.get("gpu_name") or ""),
            gpu_count=to_int(item.get("num_gpus"), 0) or 0,
            price_per_hour=to_float(item.get("dph_total")),
            currency="USD",
            ssh_host=host,
            ssh_port=port,
            ssh_user="root",
            started_at=to_float(item.get("start_date")),
            provider=self.name,
        )
