"""RunPod REST v2 (``https://api.runpod.io/v2``, Bearer): pods, their actions and network volumes.

REST v1 (``rest.runpod.io/v1``) was retired on 15 Nov 2026 and answers 410 Gone; an account
saved with the old address is moved to v2 here. Shapes follow RunPod's v2 OpenAPI file
(``runpod/docs`` ``api-reference-v2/openapi.json``, reference §3.9):

* ``GET /v2/pods`` → ``{"pods": [Pod], "pagination": {"nextCursor", "hasNextPage"}}``: pages, the next one
  asked for with ``?cursor=``; one paged read (``_pods``) serves the instance list and the storage list. The
  stored spec shows no pagination: the shape is the live API's as reported in issue #31 (SkyPilot's v2 client
  also follows a cursor, PR #10846); a top-level ``nextCursor`` is accepted too
* ``POST /v2/pods/{id}/action`` ``{"action": "start"|"stop"|"restart"|"terminate"}`` → 200 Pod, 204, or
  409 when the action is not valid for the pod's status
* Pod: ``status`` PROVISIONING → STARTING → RUNNING, EXITED, ERROR, TERMINATED; ``actions`` (valid now);
  ``cost`` (USD/h, 0 when EXITED); ``gpu {id, count}``; ``startedAt``; ``ssh {proxy, direct}`` (direct is
  null until RUNNING with 22/tcp published); ``runtime.ports[]``; ``mounts.persistent {size, path}``
* ``GET /v2/network-volumes`` → ``{"networkVolumes": [{id, name, size, dataCenter, type}]}``

Renting (v2 spec ``createPod``, ``CreatePodRequest``, runpod/docs @ 081392fe1efc029efd36cb9d6f2c504694588d97):
``POST /v2/pods`` with ``{name, image, gpu: {id, count}, cloud, dataCenterIds, disk, mounts: {persistent: {size,
path: "/workspace"}}, ports, env, startSsh}`` (the disk asked for is that volume, which a stop keeps)
→ 201 Pod in PROVISIONING. The key goes in the pod's ``PUBLIC_KEY`` env, which RunPod's images put in
``authorized_keys`` ("startSsh … injects a PUBLIC_KEY environment variable … unless the request already
sets one"); account keys (``PUT /v2/account/ssh-keys``) replace the whole set, so gpudesk leaves them
alone. The spec's create body has no interruptible field: spot pods cannot be rented over v2. Per the
spec, 400 is "a rule violation, or this GPU and data center combination could not be placed" (capacity
has no code of its own), 402 is "insufficient balance". Prices: ``GET /v2/catalog/gpus`` (per GPU-hour).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import Msg, msg
from gpudesk.core.providers.base import (
    HOURS_PER_MONTH,
    BaseProvider,
    Instance,
    Storage,
    as_dict,
    parse_time,
    to_float,
    to_int,
)
from gpudesk.core.providers.errors import CapacityError, Conflict, ProviderError, Unsupported
from gpudesk.core.providers.launchspec import LaunchSpec, Quote, clean_id, clean_text, gpu_matches

_STATES = {
    "PROVISIONING": "starting",
    "STARTING": "starting",
    "RUNNING": "running",
    "EXITED": "stopped",
    "ERROR": "error",
    "TERMINATED": "terminated",
}
# Storage rates from RunPod's pricing page (reference §3.7, runpod/docs pods/pricing.mdx, Aug 2026);
# the v2 API publishes no storage price. USD per GB per month.
VOLUME_STOPPED_PER_GB_MONTH = 0.20
NETWORK_VOLUME_PER_GB_MONTH = 0.07  # under 1 TB; 0.05 above
NETWORK_VOLUME_LARGE_PER_GB_MONTH = 0.05
MAX_PAGES = 50
#: the container disk of a rented pod (GB): RunPod's console default for its PyTorch template; files go to /workspace
CONTAINER_DISK_GB = 20


def v2_base(url: str) -> str:
    """The API root for v2 paths: an old v1 address (or one ending in /v1 or /v2) is moved to it."""
    url = (url or RunPodProvider.default_url).rstrip("/")
    parts = urlsplit(url)
    path = parts.path
    for suffix in ("/v1", "/v2"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
    netloc = "api.runpod.io" if parts.netloc == "rest.runpod.io" else parts.netloc
    return urlunsplit((parts.scheme, netloc, path, "", "")).rstrip("/")


class RunPodProvider(BaseProvider):
    kind = "runpod"
    title = "RunPod"
    default_url = "https://api.runpod.io"
    actions = frozenset({"start", "stop", "terminate", "restart"})
    #: the v2 spec's own create example: RunPod's PyTorch 2.8 image on CUDA 12.8.1, Ubuntu 24.04
    default_image = "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404"

    def __init__(self, name: str, token: str = "", base_url: str = "", **kwargs: Any) -> None:
        super().__init__(name, token, v2_base(base_url), **kwargs)

    # -- pods ------------------------------------------------------------------------------
    def list_instances(self) -> list[Instance]:
        return [self._instance(p) for p in self._pods()]

    def _pods(self) -> list[JSONObject]:
        """Every pod of every page of ``GET /v2/pods``, once each: the one read list and storage share.

        The list is paged under ``pagination`` (``nextCursor``, ``hasNextPage``); the next page is asked
        for with ``?cursor=``. A cursor also accepted at the top level (older answers). A hostile or
        broken server is bounded: a cursor seen before, a page with no new pod, or more than
        ``MAX_PAGES`` pages ends the read (what was read is kept).
        """
        pods: dict[str, JSONObject] = {}
        seen: set[str] = set()
        params: JSONObject = {}
        for _ in range(MAX_PAGES):
            body = self.api.request("GET", "/v2/pods", params=params or None)
            if not isinstance(body, dict) or not isinstance(body.get("pods"), list):
                raise ProviderError(
                    msg("ProviderError", "RunPod sent an answer gpudesk does not understand (expected a list of pods).")
                )
            new = 0
            for pod in body["pods"]:
                pod_id = clean_id(pod.get("id")) if isinstance(pod, dict) else None
                if pod_id is not None and pod_id not in pods:
                    pods[pod_id] = pod
                    new += 1
            cursor = _next_cursor(body)
            if cursor is None or cursor in seen or not new:
                break
            seen.add(cursor)
            params = {"cursor": cursor}
        return list(pods.values())

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/v2/pods/{_quote(instance_id)}")
        if not isinstance(body, dict):
            raise ProviderError(
                msg("ProviderError", "RunPod sent an answer gpudesk does not understand (expected a pod).")
            )
        return self._instance(body)

    def start(self, instance_id: str) -> None:
        pod = self._action(instance_id, "start")
        if isinstance(pod, dict):
            gpu = pod.get("gpu")
            count = to_int(gpu.get("count"), None) if isinstance(gpu, dict) else None
            if isinstance(gpu, dict) and count == 0:
                # Capacity changed on the host: RunPod resumes the pod without GPUs (reference §3.9).
                raise ProviderError(
                    msg(
                        "ProviderError",
                        "RunPod started the pod without any GPU: the GPUs of its host are taken. Your files are "
                        "there, but nothing runs on a GPU. Stop it and try later, or copy the data off.",
                    )
                )

    def stop(self, instance_id: str) -> None:
        self._action(instance_id, "stop")

    def restart(self, instance_id: str) -> None:
        self._action(instance_id, "restart")

    def terminate(self, instance_id: str) -> None:
        self.api.request("DELETE", f"/v2/pods/{_quote(instance_id)}")

    def _action(self, instance_id: str, action: str) -> JSON:
        try:
            return self.api.request("POST", f"/v2/pods/{_quote(instance_id)}/action", json_body={"action": action})
        except Conflict as exc:
            raise Conflict(
                msg(
                    "ProviderError",
                    "RunPod refused to {action} the pod in its current state ({detail}). Refresh to see its state.",
                    action=action,
                    detail=str(exc),
                ),
                exc.status,
            ) from None
        except ProviderError as exc:
            if action == "start" and _no_free_gpus(str(exc)):
                raise ProviderError(
                    msg(
                        "ProviderError",
                        "RunPod could not start the pod: there are not enough free GPUs on its host right now. "
                        "Try again later; the volume disk (/workspace) is kept meanwhile.",
                    ),
                    exc.status,
                ) from None
            raise

    # -- renting ---------------------------------------------------------------------------
    def offers(self, spec: LaunchSpec) -> list[Quote]:
        """GPU types of ``GET /v2/catalog/gpus`` that match ``spec``, cheapest Secure Cloud price first."""
        if spec.spot:
            raise Unsupported(_NO_SPOT)
        wanted = (spec.offer_id or spec.gpu).strip()
        if not wanted:
            raise ProviderError(msg("ProviderError", "Say which GPU to rent on RunPod (a GPU type such as RTX 4090)."))
        body = self.api.request("GET", "/v2/catalog/gpus")
        types = body.get("gpus") if isinstance(body, dict) else None
        found: list[Quote] = []
        for item in types if isinstance(types, list) else []:
            gpu_id = clean_id(item.get("id")) if isinstance(item, dict) else None
            if gpu_id is None or not isinstance(item, dict):
                continue
            name = clean_text(item.get("name"), 80)
            exact = wanted.lower() in (gpu_id.lower(), name.lower())
            if not exact and (spec.offer_id or not gpu_matches(wanted, gpu_id, name)):
                continue
            limits = as_dict(item.get("maxCount"))
            most = to_int(limits.get("secure"))
            if most is not None and 0 < most < spec.count:
                continue  # no RunPod machine has that many of them
            price = as_dict(item.get("price"))
            per_gpu = to_float(price.get("secure"))
            per_gpu = per_gpu if per_gpu is not None and per_gpu == per_gpu and 0 < per_gpu < 1e4 else None
            resolved = spec.with_(offer_id=gpu_id, gpu=gpu_id, image=spec.image or self.default_image)
            quote = Quote(
                self.name,
                self.kind,
                resolved,
                per_gpu * spec.count if per_gpu is not None else None,
                "USD",
                _describe(spec.count, name or gpu_id, spec.region),
                [self.stop_note(), self.terminate_note()],
            )
            if exact:
                return [quote]
            found.append(quote)
        if not found:
            raise ProviderError(
                msg(
                    "ProviderError",
                    "RunPod lists no GPU type '{gpu}' for {count} GPUs. See its GPU types (e.g. RTX 4090, H100 SXM).",
                    gpu=clean_text(wanted, 80),
                    count=spec.count,
                )
            )
        return sorted(found, key=lambda q: (q.price_per_hour is None, q.price_per_hour or 0.0))

    def quote(self, spec: LaunchSpec) -> Quote:
        return self.offers(spec)[0]

    def launch(self, spec: LaunchSpec, public_key: str, key_ref: str | None = None) -> Instance:
        """``POST /v2/pods``: sent once (a 5xx is not retried: the pod may exist); 400 is a capacity error."""
        if spec.spot:
            raise Unsupported(_NO_SPOT)
        body: JSONObject = {
            "name": spec.name,
            "image": spec.image or self.default_image,
            "gpu": {"id": spec.offer_id or spec.gpu, "count": int(spec.count)},
            "cloud": "SECURE",
            # The disk asked for is the volume at /workspace, which a stop keeps (the stop note says so); the
            # container disk (image, system files) is erased on stop and stays small. v2 CreatePodRequest
            # ``mounts.persistent {size ≥ 10, path}`` (v1 called it volumeInGb / volumeMountPath).
            "disk": CONTAINER_DISK_GB,
            "mounts": {"persistent": {"size": max(10, int(spec.disk_gb)), "path": "/workspace"}},
            "ports": ["22/tcp"],  # ssh.direct needs 22/tcp published
            "env": {"PUBLIC_KEY": public_key},
            "startSsh": True,
        }
        if spec.region:
            body["dataCenterIds"] = [spec.region]
        try:
            pod = self.api.request("POST", "/v2/pods", json_body=body)
        except ProviderError as exc:
            if exc.status == 400:
                reason = exc.detail or msg("ProviderError", "no machine could be placed")
                raise CapacityError(
                    msg(
                        "ProviderError",
                        "RunPod could not place {count}× {gpu} now: {reason}",
                        count=spec.count,
                        gpu=spec.offer_id or spec.gpu,
                        reason=reason,
                    ),
                    reason,
                    exc.status,
                ) from None
            if exc.status == 402:
                raise ProviderError(
                    msg(
                        "ProviderError",
                        "RunPod refused: the account's balance is too low to rent this ({reason}). Add credit and try again.",
                        reason=exc.detail or "402",
                    ),
                    exc.status,
                ) from None
            raise
        if not isinstance(pod, dict) or clean_id(pod.get("id")) is None:
            raise ProviderError(_maybe_rented())
        inst = self._instance(pod)
        inst.id = clean_id(pod.get("id")) or inst.id
        return inst

    # -- storage ---------------------------------------------------------------------------
    def list_storage(self) -> list[Storage]:
        """Volume disks of stopped pods and every network volume: they bill without a GPU.

        A running pod's ``cost`` already includes its disks, so only stopped (EXITED/ERROR)
        pods' persistent volumes are listed. Prices are RunPod's published storage rates.
        """
        out: list[Storage] = []
        for pod in self._pods():
            if _STATES.get(str(pod.get("status") or "")) not in ("stopped", "error"):
                continue
            mounts = as_dict(pod.get("mounts"))
            persistent = mounts.get("persistent") if isinstance(mounts, dict) else None
            size = to_float(persistent.get("size")) if isinstance(persistent, dict) else None
            if size is None:
                size = to_float(pod.get("volumeInGb"))  # pods created under v1 may still carry it
            if not size or size <= 0:
                continue
            out.append(
                Storage(
                    id=f"volume:{pod.get('id')}",
                    kind="volume_disk",
                    name=str(pod.get("name") or pod.get("id") or ""),
                    size_gb=size,
                    price_per_hour=size * VOLUME_STOPPED_PER_GB_MONTH / HOURS_PER_MONTH,
                    currency="USD",
                    provider=self.name,
                    instance_id=str(pod.get("id") or ""),
                    region=str(pod.get("dataCenterId") or ""),
                )
            )
        body = self.api.request("GET", "/v2/network-volumes")
        volumes = body.get("networkVolumes") if isinstance(body, dict) else None
        for vol in volumes if isinstance(volumes, list) else []:
            if not isinstance(vol, dict) or not vol.get("id"):
                continue
            size = to_float(vol.get("size"))
            rate: float | None = None
            if size is not None and str(vol.get("type") or "STANDARD") == "STANDARD":
                per_gb = NETWORK_VOLUME_LARGE_PER_GB_MONTH if size > 1000 else NETWORK_VOLUME_PER_GB_MONTH
                rate = size * per_gb / HOURS_PER_MONTH
            out.append(
                Storage(
                    id=str(vol["id"]),
                    kind="network_volume",
                    name=str(vol.get("name") or vol["id"]),
                    size_gb=size,
                    price_per_hour=rate,  # HIGH_PERFORMANCE has no published rate in the sources
                    currency="USD",
                    provider=self.name,
                    region=str(vol.get("dataCenter") or ""),
                )
            )
        return out

    def delete_storage(self, item: Storage) -> None:
        if item.kind == "volume_disk":
            self.terminate(item.instance_id)  # a pod's volume disk goes only with the pod
        else:
            self.api.request("DELETE", f"/v2/network-volumes/{_quote(item.id)}")

    def storage_delete_note(self, item: Storage) -> str:
        if item.kind == "volume_disk":
            return msg(
                "ProviderNote",
                "The volume disk belongs to the stopped pod '{name}': deleting it terminates the pod, and every file "
                "in /workspace is lost for good.",
                name=item.name,
            )
        return msg(
            "ProviderNote",
            "Deleting the network volume '{name}' erases every file on it for good; pods that mount it lose it.",
            name=item.name,
        )

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

    def _instance(self, pod: JSONObject) -> Instance:
        raw = str(pod.get("status") or "")
        status = _STATES.get(raw, "unknown")
        host, port, user = _ssh_address(pod)
        gpu = as_dict(pod.get("gpu"))
        actions = pod.get("actions")
        extra: dict[str, Any] = {
            "actions": [a for a in actions if isinstance(a, str)] if isinstance(actions, list) else None,
            "data_center": str(pod.get("dataCenterId") or ""),
        }
        ssh = as_dict(pod.get("ssh"))
        proxy = ssh.get("proxy") if isinstance(ssh, dict) else None
        if isinstance(proxy, dict) and proxy.get("host"):
            # The proxy gives a shell only (no SFTP): a fallback, never the session's address.
            extra["ssh_proxy"] = {
                "host": str(proxy["host"]),
                "port": to_int(proxy.get("port"), 22),
                "user": str(proxy.get("username") or ""),
            }
        if status in ("starting", "running") and not host:
            extra["waiting_for_ssh"] = True
        return Instance(
            id=str(pod.get("id", "")),
            name=str(pod.get("name") or ""),
            status=status,
            raw_status=raw,
            gpu_type=str(gpu.get("id") or ""),
            gpu_count=to_int(gpu.get("count"), 0) or 0,
            price_per_hour=to_float(pod.get("cost")),
            currency="USD",
            ssh_host=host,
            ssh_port=port,
            ssh_user=user,
            started_at=parse_time(pod.get("startedAt")),
            provider=self.name,
            extra=extra,
        )


def _ssh_address(pod: JSONObject) -> tuple[str, int | None, str]:
    """``ssh.direct`` when RunPod assigned it, else the runtime port mapped from private 22."""
    ssh = pod.get("ssh")
    direct = ssh.get("direct") if isinstance(ssh, dict) else None
    if isinstance(direct, dict) and direct.get("host") and to_int(direct.get("port")):
        return str(direct["host"]), to_int(direct.get("port")), str(direct.get("username") or "root")
    runtime = pod.get("runtime")
    ports = runtime.get("ports") if isinstance(runtime, dict) else None
    for entry in ports if isinstance(ports, list) else []:
        if (
            isinstance(entry, dict)
            and to_int(entry.get("private")) == 22
            and entry.get("ip")
            and to_int(entry.get("public"))
        ):
            return str(entry["ip"]), to_int(entry.get("public")), "root"
    return "", None, "root"


_NO_SPOT = msg(
    "ProviderError",
    "RunPod's current API (v2) cannot rent interruptible (spot) pods. Rent on demand, or use RunPod's console for spot.",
)


def _describe(count: int, gpu: str, region: str) -> str:
    where = f", {region}" if region else ""
    return f"{count}× {gpu} (RunPod Secure Cloud{where})"


def _maybe_rented() -> Msg:
    return msg(
        "ProviderError",
        "RunPod accepted the request but sent an answer gpudesk does not understand: a pod may have been "
        "rented. Check 'gpudesk instances list' before trying again.",
    )


def _next_cursor(body: JSONObject) -> str | None:
    """The cursor of the next page: ``pagination.nextCursor`` while ``hasNextPage`` is not false."""
    paging = body.get("pagination")
    if isinstance(paging, dict):
        if paging.get("hasNextPage") is False:
            return None
        cursor = paging.get("nextCursor")
    else:
        cursor = body.get("nextCursor")
    return cursor if isinstance(cursor, str) and cursor and len(cursor) <= 1024 else None


def _no_free_gpus(text: str) -> bool:
    lowered = text.lower()
    return "not enough free gpu" in lowered or "no longer any instances available" in lowered


def _quote(value: str) -> str:
    return quote(str(value), safe="")
