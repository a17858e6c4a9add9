"""Lambda Cloud API v1 (``/api/v1``, Bearer). No stop: an instance bills until terminated.

Persistent filesystems bill "per GiB used per month … even if it's not mounted" (reference
§2.12) and are listed as storage. The spec lists them at ``/file-systems`` but deletes at
``/filesystems/{id}`` (its own inconsistency, §2.2); both paths are used as written.
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, Storage, to_int
from gpudesk.core.providers.errors import ProviderError, Unsupported

_STATES = {
    "booting": "starting",
    "active": "running",
    "unhealthy": "error",
    "terminating": "terminating",
    "terminated": "terminated",
    "preempted": "terminated",
}
#: ``actions.*.reason_code`` values (reference §2.3, ``InstanceActionUnavailableCode``)
_REASONS = {
    "vm-has-not-launched": msg("ProviderError", "it has not finished launching yet"),
    "vm-is-too-old": msg("ProviderError", "it is too old for this operation"),
    "vm-is-terminating": msg("ProviderError", "it is already terminating"),
}
GIB = float(2**30)


class LambdaProvider(BaseProvider):
    kind = "lambda"
    title = "Lambda Cloud"
    default_url = "https://cloud.lambda.ai"
    actions = frozenset({"terminate", "restart"})  # no "stop": v1 has none (§2.7)

    def list_instances(self) -> list[Instance]:
        body = self.api.request("GET", "/api/v1/instances")
        return [inst for inst in (self._instance(item) for item in _data(body, list)) if inst is not None]

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/api/v1/instances/{instance_id}")
        inst = self._instance(_data(body, dict))
        if inst is None:
            raise _not_understood()
        return inst

    def stop(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.")
        )

    def start(self, instance_id: str) -> None:
        raise Unsupported(msg("ProviderError", "Lambda Cloud cannot start a terminated instance; launch a new one in its console."))

    def restart(self, instance_id: str) -> None:
        self.api.request("POST", "/api/v1/instance-operations/restart", json_body={"instance_ids": [instance_id]})

    def terminate(self, instance_id: str) -> None:
        """Terminate, unless the instance's own ``actions.terminate`` says it cannot be now (§2.3)."""
        body = self.api.request("GET", f"/api/v1/instances/{instance_id}")
        data = _data(body, dict)
        actions = data.get("actions")
        action = actions.get("terminate") if isinstance(actions, dict) else None
        if isinstance(action, dict) and action.get("available") is False:
            code = action.get("reason_code")
            words = _REASONS.get(code) if isinstance(code, str) else None
            detail = action.get("reason_description")
            reason = words or (code if isinstance(code, str) and code else msg("ProviderError", "Lambda Cloud gave no reason"))
            if isinstance(detail, str) and detail.strip():
                raise Unsupported(
                    msg(
                        "ProviderError",
                        "Lambda Cloud cannot terminate instance '{id}' now: {reason} ({detail}). Try again in a few minutes.",
                        id=instance_id,
                        reason=reason,
                        detail=detail.strip(),
                    )
                )
            raise Unsupported(
                msg(
                    "ProviderError",
                    "Lambda Cloud cannot terminate instance '{id}' now: {reason}. Try again in a few minutes.",
                    id=instance_id,
                    reason=reason,
                )
            )
        self.api.request("POST", "/api/v1/instance-operations/terminate", json_body={"instance_ids": [instance_id]})

    def prices(self) -> dict[str, float]:
        """Instance type name → USD per hour (``price_cents_per_hour`` / 100)."""
        body = self.api.request("GET", "/api/v1/instance-types")
        out: dict[str, float] = {}
        for name, entry in _data(body, dict).items():
            itype = entry.get("instance_type") if isinstance(entry, dict) else None
            cents = itype.get("price_cents_per_hour") if isinstance(itype, dict) else None
            if isinstance(cents, (int, float)) and not isinstance(cents, bool) and cents >= 0:
                out[str(name)] = cents / 100.0
        return out

    # -- storage -----------------------------------------------------------------------
    def list_storage(self) -> list[Storage]:
        """Persistent filesystems (``GET /api/v1/file-systems``), which bill while they exist.

        ``size_gb`` is ``bytes_used`` in GiB (Lambda bills per GiB used; the API updates the figure
        every few hours). The API gives no rate for filesystems, so ``price_per_hour`` is None.
        A filesystem mounted on an instance (``is_in_use``) cannot be deleted.
        """
        body = self.api.request("GET", "/api/v1/file-systems")
        out: list[Storage] = []
        for item in _data(body, list):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"]:
                continue  # a filesystem without an id cannot be named or deleted
            used = item.get("bytes_used")
            size = used / GIB if isinstance(used, (int, float)) and not isinstance(used, bool) and used >= 0 else None
            region = item.get("region")
            in_use = item.get("is_in_use")
            out.append(
                Storage(
                    id=item["id"],
                    kind="filesystem",
                    name=item.get("name") if isinstance(item.get("name"), str) else "",
                    size_gb=size,
                    price_per_hour=None,
                    currency="USD",
                    provider=self.name,
                    region=str(region.get("name") or "") if isinstance(region, dict) else "",
                    deletable=in_use is False,
                )
            )
        return out

    def delete_storage(self, item: Storage) -> None:
        """``DELETE /api/v1/filesystems/{id}``; refused while the filesystem is mounted."""
        if item.kind != "filesystem":
            raise Unsupported(msg("ProviderError", "{provider} cannot delete this storage through its API.", provider=self.title))
        if not item.deletable:
            raise ProviderError(_in_use(item))
        try:
            body = self.api.request("DELETE", f"/api/v1/filesystems/{item.id}", idempotent=False)
        except ProviderError as exc:
            if exc.status == 400:  # the one documented 400 here: filesystems/filesystem-in-use
                raise ProviderError(_in_use(item), 400) from None
            raise
        data = body.get("data") if isinstance(body, dict) else None
        deleted = data.get("deleted_ids") if isinstance(data, dict) else None
        if isinstance(deleted, list) and item.id not in deleted:
            raise ProviderError(
                msg("ProviderError", "Lambda Cloud did not confirm deleting filesystem '{name}'. Check its console.", name=item.name or item.id)
            )

    def storage_delete_note(self, item: Storage) -> str:
        return msg(
            "ProviderNote",
            "Deleting filesystem '{name}' erases every file on it for good, and its billing ends. "
            "It must not be mounted on any instance.",
            name=item.name or item.id,
        )

    # -- notes -------------------------------------------------------------------------
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

    def _instance(self, item: Any) -> Instance | None:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"]:
            return None  # a row without an id cannot be acted on
        itype = item.get("instance_type") if isinstance(item.get("instance_type"), dict) else {}
        specs = itype.get("specs") if isinstance(itype.get("specs"), dict) else {}
        cents = itype.get("price_cents_per_hour")
        raw = item.get("status") if isinstance(item.get("status"), str) else ""
        ip = item.get("ip") if isinstance(item.get("ip"), str) else ""
        region = item.get("region") if isinstance(item.get("region"), dict) else {}
        gpu = next((itype.get(k) for k in ("gpu_description", "description", "name") if isinstance(itype.get(k), str) and itype.get(k)), "")
        name = next((item.get(k) for k in ("name", "hostname") if isinstance(item.get(k), str) and item.get(k)), "")
        return Instance(
            id=item["id"],
            name=name,
            status=_STATES.get(raw, "unknown"),
            raw_status=raw,
            gpu_type=gpu,
            gpu_count=to_int(specs.get("gpus"), 0) or 0,
            price_per_hour=cents / 100.0 if isinstance(cents, (int, float)) and not isinstance(cents, bool) and cents >= 0 else None,
            currency="USD",
            ssh_host=ip,
            ssh_port=22 if ip else None,
            ssh_user="ubuntu",
            started_at=None,  # Lambda's Instance object has no start time
            provider=self.name,
            extra={"region": region.get("name") if isinstance(region.get("name"), str) else ""},
        )


def _in_use(item: Storage) -> str:
    return msg(
        "ProviderError",
        "Lambda Cloud cannot delete filesystem '{name}' while it is mounted on an instance. "
        "Terminate the instances that use it first.",
        name=item.name or item.id,
    )


def _not_understood() -> ProviderError:
    return ProviderError(msg("ProviderError", "Lambda Cloud sent an answer gpudesk does not understand (no 'data')."))


def _data(body: Any, kind: type) -> Any:
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, kind):
        raise _not_understood()
    return data
