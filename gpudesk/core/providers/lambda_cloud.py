"""Lambda Cloud API v1 (``/api/v1``, Bearer). No stop: an instance bills until terminated.

Persistent filesystems bill "per GiB used per month … even if it's not mounted" (reference
§2.12) and are listed as storage. The spec lists them at ``/file-systems`` but deletes at
``/filesystems/{id}`` (its own inconsistency, §2.2); both paths are used as written.

Renting (reference §2.5, §2.8, §2.9; Lambda's OpenAPI 1.8.3): ``GET /api/v1/instance-types`` gives each
type's price and ``regions_with_capacity_available``; the key is registered with ``POST /api/v1/ssh-keys``
(``{name, public_key}``) unless ``GET /api/v1/ssh-keys`` already has it; ``POST
/api/v1/instance-operations/launch`` takes ``{region_name, instance_type_name, ssh_key_names: [one], name}``
and answers ``{"data": {"instance_ids": [...]}}``. A 400 with ``error.code``
``instance-operations/launch/insufficient-capacity`` is a capacity error. Lambda has no spot market, and
its default image is Lambda Stack (Ubuntu with PyTorch, CUDA and cuDNN); another one goes as ``image:
{family}`` or ``image: {id}`` (``InstanceLaunchRequest``: a machine image, never a Docker image; a Docker
image name is refused in words before anything is rented).
"""

from __future__ import annotations

import hashlib
import re

from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, Storage, as_dict, as_text, to_int
from gpudesk.core.providers.errors import CapacityError, ProviderError, Unsupported
from gpudesk.core.providers.launchspec import LaunchSpec, Quote, clean_id, clean_text, gpu_matches, key_body

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
CAPACITY_CODE = "instance-operations/launch/insufficient-capacity"


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
            msg(
                "ProviderError",
                "Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.",
            )
        )

    def start(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "Lambda Cloud cannot start a terminated instance; launch a new one in its console.")
        )

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
            reason = words or (
                code if isinstance(code, str) and code else msg("ProviderError", "Lambda Cloud gave no reason")
            )
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

    # -- renting -----------------------------------------------------------------------
    def offers(self, spec: LaunchSpec) -> list[Quote]:
        """Instance types that fit ``spec`` and have capacity in a region now, cheapest first."""
        if spec.spot:
            raise Unsupported(msg("ProviderError", "Lambda Cloud has no spot market: rent on demand."))
        _image_spec(spec.image)  # a Docker image is refused before anything is asked or rented
        wanted = (spec.offer_id or spec.gpu).strip()
        if not wanted:
            raise ProviderError(
                msg("ProviderError", "Say which GPU or instance type to rent on Lambda Cloud (e.g. H100).")
            )
        body = self.api.request("GET", "/api/v1/instance-types")
        found: list[Quote] = []
        full: list[str] = []
        for key, entry in _data(body, dict).items():
            itype = entry.get("instance_type") if isinstance(entry, dict) else None
            name = clean_id(itype.get("name") if isinstance(itype, dict) else None) or clean_id(key)
            if not isinstance(itype, dict) or name is None:
                continue
            specs = as_dict(itype.get("specs"))
            gpus = to_int(specs.get("gpus"), 0) or 0
            label = clean_text(itype.get("gpu_description") or itype.get("description"), 80)
            if spec.offer_id:
                if name != spec.offer_id:
                    continue
            elif gpus != spec.count or not gpu_matches(wanted, label, clean_text(itype.get("description"), 80), name):
                continue
            regions = [
                clean_id(r.get("name"))
                for r in entry.get("regions_with_capacity_available") or []
                if isinstance(r, dict)
            ]
            regions = [r for r in regions if r]
            if spec.region and spec.region not in regions or not regions:
                full.append(name)
                continue
            cents = itype.get("price_cents_per_hour")
            price = (
                cents / 100.0
                if isinstance(cents, (int, float)) and not isinstance(cents, bool) and 0 <= cents < 1e7
                else None
            )
            region = spec.region or regions[0]
            found.append(
                Quote(
                    self.name,
                    self.kind,
                    spec.with_(offer_id=name, gpu=label or name, count=gpus or spec.count, region=region, spot=False),
                    price,
                    "USD",
                    f"{gpus}× {label or name} ({name}, {region})",
                    [self.stop_note(), self.terminate_note()],
                )
            )
        if not found:
            what = clean_text(wanted, 80)
            if full:
                where = f" in {clean_text(spec.region, 40)}" if spec.region else ""
                reason = (
                    msg("ProviderError", "no region has capacity for it now")
                    if not spec.region
                    else msg("ProviderError", "no capacity{where} now", where=where)
                )
                raise CapacityError(
                    msg("ProviderError", "Lambda Cloud cannot rent {what}: {reason}.", what=what, reason=reason),
                    str(reason),
                )
            raise ProviderError(
                msg(
                    "ProviderError",
                    "Lambda Cloud lists no instance type with {count}× {what}.",
                    count=spec.count,
                    what=what,
                )
            )
        return sorted(found, key=lambda q: (q.price_per_hour is None, q.price_per_hour or 0.0))

    def quote(self, spec: LaunchSpec) -> Quote:
        return self.offers(spec)[0]

    def register_key(self, public_key: str, name: str) -> str | None:
        """The name Lambda knows ``public_key`` by: an existing entry with the same key, or a new one."""
        body = self.api.request("GET", "/api/v1/ssh-keys")
        taken: set[str] = set()
        for item in _data(body, list):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                continue
            taken.add(item["name"])
            if key_body(item.get("public_key") or "") == key_body(public_key) and clean_id(item["name"]):
                return str(item["name"])
        key_name = clean_id(name) or "gpudesk"
        if key_name in taken:  # the name is used for another key: keep both
            key_name = f"{key_name}-{hashlib.sha256(key_body(public_key).encode()).hexdigest()[:8]}"
        reply = self.api.request("POST", "/api/v1/ssh-keys", json_body={"name": key_name, "public_key": public_key})
        data = reply.get("data") if isinstance(reply, dict) else None
        returned = clean_id(data.get("name")) if isinstance(data, dict) else None
        return returned or key_name

    def launch(self, spec: LaunchSpec, public_key: str, key_ref: str | None = None) -> Instance:
        if spec.spot:
            raise Unsupported(msg("ProviderError", "Lambda Cloud has no spot market: rent on demand."))
        key_name = key_ref or self.register_key(public_key, spec.name)
        body: JSONObject = {
            "region_name": spec.region,
            "instance_type_name": spec.offer_id,
            "ssh_key_names": [key_name],  # "exactly one SSH key must be specified"
            "name": spec.name,
        }
        image = _image_spec(spec.image)
        if image:
            body["image"] = image
        try:
            reply = self.api.request("POST", "/api/v1/instance-operations/launch", json_body=body)
        except ProviderError as exc:
            if exc.code == CAPACITY_CODE:
                reason = exc.detail or "Not enough capacity to fulfill launch request."
                raise CapacityError(
                    msg(
                        "ProviderError",
                        "Lambda Cloud has no {type} free in {region} now: {reason}",
                        type=spec.offer_id,
                        region=spec.region,
                        reason=reason,
                    ),
                    reason,
                    exc.status,
                ) from None
            raise
        data = reply.get("data") if isinstance(reply, dict) else None
        ids = data.get("instance_ids") if isinstance(data, dict) else None
        first = clean_id(ids[0]) if isinstance(ids, list) and ids else None
        if first is None:
            raise ProviderError(
                msg(
                    "ProviderError",
                    "Lambda Cloud accepted the launch but sent an answer gpudesk does not understand: an "
                    "instance may have been rented. Check 'gpudesk instances list' before trying again.",
                )
            )
        return Instance(
            id=first,
            name=spec.name,
            status="starting",
            raw_status="booting",
            gpu_type=spec.gpu,
            gpu_count=spec.count,
            currency="USD",
            ssh_user="ubuntu",
            provider=self.name,
            extra={"region": spec.region},
        )

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
                    name=as_text(item.get("name")),
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
            raise Unsupported(
                msg("ProviderError", "{provider} cannot delete this storage through its API.", provider=self.title)
            )
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
                msg(
                    "ProviderError",
                    "Lambda Cloud did not confirm deleting filesystem '{name}'. Check its console.",
                    name=item.name or item.id,
                )
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

    def _instance(self, item: JSON) -> Instance | None:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"]:
            return None  # a row without an id cannot be acted on
        itype = as_dict(item.get("instance_type"))
        specs = as_dict(itype.get("specs"))
        cents = itype.get("price_cents_per_hour")
        raw = as_text(item.get("status"))
        ip = as_text(item.get("ip"))
        region = as_dict(item.get("region"))
        gpu = next((t for t in (as_text(itype.get(k)) for k in ("gpu_description", "description", "name")) if t), "")
        name = next((t for t in (as_text(item.get(k)) for k in ("name", "hostname")) if t), "")
        return Instance(
            id=item["id"],
            name=name,
            status=_STATES.get(raw, "unknown"),
            raw_status=raw,
            gpu_type=gpu,
            gpu_count=to_int(specs.get("gpus"), 0) or 0,
            price_per_hour=cents / 100.0
            if isinstance(cents, (int, float)) and not isinstance(cents, bool) and cents >= 0
            else None,
            currency="USD",
            ssh_host=ip,
            ssh_port=22 if ip else None,
            ssh_user="ubuntu",
            started_at=None,  # Lambda's Instance object has no start time
            provider=self.name,
            extra={"region": as_text(region.get("name"))},
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


def _data(body: JSON, kind: type) -> JSON:
    data = body.get("data") if isinstance(body, dict) else None
    if not isinstance(data, kind):
        raise _not_understood()
    return data


_FAMILY = re.compile(r"^[a-z0-9][a-z0-9.-]{0,79}$")
_IMAGE_ID = re.compile(r"^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$")


def _image_spec(image: str) -> dict[str, str] | None:
    """Lambda's ``image``: ``{"id": …}`` for an image id, ``{"family": …}`` (e.g. lambda-stack-22-04) otherwise.

    Lambda boots machine images (``GET /api/v1/images``), not containers: a Docker image name
    (``pytorch/pytorch:2.4.0``, ``nvcr.io/…``, ``ubuntu:22.04``) is refused with what to do instead.
    """
    text = (image or "").strip()
    if not text:
        return None
    if _IMAGE_ID.fullmatch(text):
        return {"id": text}
    if _FAMILY.fullmatch(text):
        return {"family": text}
    raise Unsupported(
        msg(
            "ProviderError",
            "Lambda Cloud boots machine images, not Docker images: '{image}' cannot be used. Leave the image "
            "empty for Lambda Stack (PyTorch, CUDA), or give a Lambda image family such as lambda-stack-22-04 "
            "or an image id; run the container with docker on the server once it is up.",
            image=clean_text(text, 120),
        )
    )
