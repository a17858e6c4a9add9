"""Lambda Cloud API v1 (``/api/v1``, Bearer). No stop: an instance bills until terminated."""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, to_int
from gpudesk.core.providers.errors import ProviderError, Unsupported

_STATES = {
    "booting": "starting",
    "active": "running",
    "unhealthy": "error",
    "terminating": "terminating",
    "terminated": "terminated",
    "preempted": "terminated",
}


class LambdaProvider(BaseProvider):
    kind = "lambda"
    title = "Lambda Cloud"
    default_url = "https://cloud.lambda.ai"
    actions = frozenset({"terminate", "restart"})

    def list_instances(self) -> list[Instance]:
        body = self.api.request("GET", "/api/v1/instances")
        return [self._instance(item) for item in _data(body, list)]

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/api/v1/instances/{instance_id}")
        return self._instance(_data(body, dict))

    def stop(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.")
        )

    def start(self, instance_id: str) -> None:
        raise Unsupported(msg("ProviderError", "Lambda Cloud cannot start a terminated instance; launch a new one in its console."))

    def restart(self, instance_id: str) -> None:
        self.api.request("POST", "/api/v1/instance-operations/restart", json_body={"instance_ids": [instance_id]})

    def terminate(self, instance_id: str) -> None:
        self.api.request("POST", "/api/v1/instance-operations/terminate", json_body={"instance_ids": [instance_id]})

    def prices(self) -> dict[str, float]:
        """Instance type name → USD per hour (``price_cents_per_hour`` / 100)."""
        body = self.api.request("GET", "/api/v1/instance-types")
        out: dict[str, float] = {}
        for name, entry in _data(body, dict).items():
            cents = (entry.get("instance_type") or {}).get("price_cents_per_hour")
            if isinstance(cents, (int, float)):
                out[name] = cents / 100.0
        return out

    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "Lambda Cloud has no stop. The instance keeps billing by the minute until you terminate it; "
            "terminating deletes it with its local disk (persistent filesystems remain and keep billing).",
        )

    def terminate_note(self) -> str:
        return msg(
            "ProviderNote",
            "Terminate deletes the instance and everything on its local disk, and ends its billing. "
            "Attached persistent filesystems remain and keep billing per GB.",
        )

    def _instance(self, item: dict[str, Any]) -> Instance:
        itype = item.get("instance_type") or {}
        specs = itype.get("specs") or {}
        cents = itype.get("price_cents_per_hour")
        raw = str(item.get("status") or "")
        return Instance(
            id=str(item.get("id", "")),
            name=str(item.get("name") or item.get("hostname") or ""),
            status=_STATES.get(raw, "unknown"),
            raw_status=raw,
            gpu_type=str(itype.get("gpu_description") or itype.get("description") or itype.get("name") or ""),
            gpu_count=to_int(specs.get("gpus"), 0) or 0,
            price_per_hour=cents / 100.0 if isinstance(cents, (int, float)) else None,
            currency="USD",
            ssh_host=str(item.get("ip") or ""),
            ssh_port=22 if item.get("ip") else None,
            ssh_user="ubuntu",
            started_at=None,  # Lambda's Instance object has no start time
            provider=self.name,
            extra={"region": (item.get("region") or {}).get("name", "")},
        )


def _data(body: Any, kind: type) -> Any:
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, kind):
        raise ProviderError(msg("ProviderError", "Lambda Cloud sent an answer gpudesk does not understand (no 'data')."))
    return data
