"""RunPod REST v1 (``https://rest.runpod.io/v1``, Bearer): pods with stop/start/delete."""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, parse_time, to_float, to_int
from gpudesk.core.providers.errors import ProviderError


class RunPodProvider(BaseProvider):
    kind = "runpod"
    title = "RunPod"
    default_url = "https://rest.runpod.io/v1"
    actions = frozenset({"start", "stop", "terminate"})

    def list_instances(self) -> list[Instance]:
        body = self.api.request("GET", "/pods")
        if isinstance(body, dict) and isinstance(body.get("pods"), list):
            body = body["pods"]  # the v2 shape, in case the base URL points there
        if not isinstance(body, list):
            raise ProviderError(msg("ProviderError", "RunPod sent an answer gpudesk does not understand (expected a list of pods)."))
        return [self._instance(p) for p in body if isinstance(p, dict)]

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/pods/{instance_id}")
        if not isinstance(body, dict):
            raise ProviderError(msg("ProviderError", "RunPod sent an answer gpudesk does not understand (expected a pod)."))
        return self._instance(body)

    def start(self, instance_id: str) -> None:
        self.api.request("POST", f"/pods/{instance_id}/start")

    def stop(self, instance_id: str) -> None:
        self.api.request("POST", f"/pods/{instance_id}/stop")

    def terminate(self, instance_id: str) -> None:
        self.api.request("DELETE", f"/pods/{instance_id}")

    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "Stop releases the GPU and ends compute billing. The volume disk (/workspace) is kept and still "
            "bills while stopped (about $0.20 per GB per month); the container disk is erased.",
        )

    def terminate_note(self) -> str:
        return msg(
            "ProviderNote",
            "Terminate deletes the pod and its volume disk and ends their billing. A network volume survives and keeps billing.",
        )

    def _instance(self, pod: dict[str, Any]) -> Instance:
        raw = str(pod.get("desiredStatus") or pod.get("status") or "")
        ip = str(pod.get("publicIp") or "")
        mappings = pod.get("portMappings") or {}
        port = to_int(mappings.get("22")) if isinstance(mappings, dict) else None
        if raw == "RUNNING":
            # v1 has no provisioning state: an initialising pod has no IP or port mapping yet.
            status = "running" if ip and port else "starting"
        else:
            status = {
                "EXITED": "stopped",
                "TERMINATED": "terminated",
                "PROVISIONING": "starting",
                "STARTING": "starting",
                "ERROR": "error",
            }.get(raw, "unknown")
        gpu = pod.get("gpu") or {}
        price = to_float(pod.get("adjustedCostPerHr"))
        if price is None:
            price = to_float(pod.get("costPerHr"))
        return Instance(
            id=str(pod.get("id", "")),
            name=str(pod.get("name") or ""),
            status=status,
            raw_status=raw,
            gpu_type=str(gpu.get("displayName") or gpu.get("id") or pod.get("gpuTypeId") or ""),
            gpu_count=to_int(gpu.get("count"), None) or to_int(pod.get("gpuCount"), 0) or 0,
            price_per_hour=price,
            currency="USD",
            ssh_host=ip,
            ssh_port=port,
            ssh_user="root",
            started_at=parse_time(pod.get("lastStartedAt")),
            provider=self.name,
        )
