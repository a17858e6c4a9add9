"""Vast.ai (``/api/v0`` and the paginated ``/api/v1/instances/`` list, Bearer).

SSH address (reference §5.11): the direct ``public_ipaddr`` + ``ports["22/tcp"]`` mapping when
the instance publishes one, as the official CLI's ``ssh-url`` does; otherwise the proxy
``ssh_host``/``ssh_port`` (``ssh_port + 1`` for Jupyter runtypes, as the CLI's ``_ssh_url``).
When the direct address is used, the proxy is offered as a fallback in
``Instance.extra["ssh_fallback"] = {"host", "port", "user"}``: SkyPilot reports that direct
access can be blocked while the gateway still answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpudesk.core.i18n import concat, msg
from gpudesk.core.providers.base import HOURS_PER_MONTH, Balance, BaseProvider, Instance, Storage, to_float, to_int
from gpudesk.core.providers.errors import NotFound, ProviderError, Unsupported

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
#: normalised states whose instance bills its disk only (stopped, exited, unknown, offline: §5.8, §5.10)
_DISK_ONLY = frozenset({"stopped", "unknown"})
#: enough for any real account; a reply beyond it is cut rather than followed for ever
MAX_INSTANCES = 1000
PAGE_SIZE = 25  # the documented maximum of /api/v1/instances/


class VastProvider(BaseProvider):
    kind = "vast"
    title = "Vast.ai"
    default_url = "https://console.vast.ai"
    actions = frozenset({"start", "stop", "terminate"})

    def check(self) -> None:
        self.api.request("GET", "/api/v0/users/current/")

    # -- instances ---------------------------------------------------------------------
    def list_instances(self) -> list[Instance]:
        return [self._instance(item) for item in self._rows()]

    def get_instance(self, instance_id: str) -> Instance:
        body = self.api.request("GET", f"/api/v0/instances/{instance_id}/", params={"owner": "me"})
        item = body.get("instances") if isinstance(body, dict) else None
        if not isinstance(item, dict):  # {"instances": null} means no such instance
            raise NotFound(msg("ProviderError", "{provider}: no instance '{id}'.", provider="Vast.ai", id=instance_id))
        return self._instance(item)

    def start(self, instance_id: str) -> None:
        self._ok(self._change("PUT", f"/api/v0/instances/{instance_id}/", {"state": "running"}))

    def stop(self, instance_id: str) -> None:
        self._ok(self._change("PUT", f"/api/v0/instances/{instance_id}/", {"state": "stopped"}))

    def terminate(self, instance_id: str) -> None:
        self._ok(self._change("DELETE", f"/api/v0/instances/{instance_id}/", {}))

    # -- storage and credit ------------------------------------------------------------
    def list_storage(self) -> list[Storage]:
        """The disks of stopped, exited, unknown and offline instances, which keep billing (§5.10).

        A running (or frozen) instance's disk is already part of its ``dph_total`` ("Total
        $/hour including storage"), and a loading one is not charged, so neither is listed.
        The rate is ``storage_cost`` × ``disk_space`` / 720 h: ``storage_cost`` is the one
        documented storage price ($/GB/month, search_offers.yaml). ``instance.diskHour`` and
        ``search.diskHour`` carry no description and differ in the spec's own example (0.0013
        vs 0.0021), so they are not used; ``storage_total_cost`` (undocumented, but its example
        equals the product above) is the fallback when the documented fields are missing.
        """
        out: list[Storage] = []
        for item in self._rows():
            inst = self._instance(item)
            if inst.status not in _DISK_ONLY:
                continue
            size = _positive(item.get("disk_space"))
            per_gb_month = _positive(item.get("storage_cost"), zero=True)
            if size is not None and per_gb_month is not None:
                price: float | None = per_gb_month * size / HOURS_PER_MONTH
            else:
                price = _positive(item.get("storage_total_cost"), zero=True)
            out.append(
                Storage(
                    id=f"disk-{inst.id}",
                    kind="instance_disk",
                    name=inst.name or inst.id,
                    size_gb=size,
                    price_per_hour=price,
                    currency="USD",
                    provider=self.name,
                    instance_id=inst.id,
                    region=item.get("geolocation") if isinstance(item.get("geolocation"), str) else "",
                    deletable=True,
                )
            )
        return out

    def delete_storage(self, item: Storage) -> None:
        """A stopped instance's disk goes only with the instance: this destroys the instance."""
        if item.kind != "instance_disk" or not item.instance_id:
            raise Unsupported(msg("ProviderError", "{provider} cannot delete this storage through its API.", provider=self.title))
        self.terminate(item.instance_id)

    def storage_delete_note(self, item: Storage) -> str:
        return msg(
            "ProviderNote",
            "Deleting this disk destroys Vast.ai instance {id}: everything on it is lost for good, and all its billing ends.",
            id=item.instance_id or item.id,
        )

    def balance(self) -> Balance | None:
        """``credit`` (USD) from ``GET /api/v0/users/current/`` (reference §5.1)."""
        body = self.api.request("GET", "/api/v0/users/current/")
        if not isinstance(body, dict):
            raise ProviderError(msg("ProviderError", "Vast.ai sent an answer gpudesk does not understand (no account details)."))
        credit = body.get("credit")
        if credit is None:
            return None
        amount = to_float(credit)
        if amount is None or isinstance(credit, bool) or amount != amount:
            raise ProviderError(msg("ProviderError", "Vast.ai sent a credit balance gpudesk does not understand."))
        return Balance(amount, "USD", self.name)

    # -- prices ------------------------------------------------------------------------
    def prices(self, gpu_name: str | None = None, limit: int | None = None, num_gpus: int | None = None) -> dict[str, float]:
        """Cheapest on-demand $/h per "N× GPU" among rentable verified offers (``POST /api/v0/bundles/``).

        With ``gpu_name`` (one catalog GPU per call) the query filters on it, asks for more
        offers (so the rarer multi-GPU offers are not pushed out by the cheap single ones),
        and drops any offer of another model the server sends anyway.
        """
        query: dict[str, Any] = {
            "verified": {"eq": True},
            "rentable": {"eq": True},
            "rented": {"eq": False},  # the CLI's default: offers someone already rents are not for sale
            "order": [["dph_total", "asc"]],
            "type": "on-demand",
            "limit": limit or (200 if gpu_name else 50),
        }
        if gpu_name:
            query["gpu_name"] = {"eq": gpu_name}
        if num_gpus:
            query["num_gpus"] = {"eq": int(num_gpus)}
        body = self.api.request("POST", "/api/v0/bundles/", json_body=query, idempotent=True)  # a search
        offers = body.get("offers") if isinstance(body, dict) else None
        if isinstance(offers, dict):  # the spec's example shows one object; the CLI reads a list
            offers = [offers]
        if offers is None:
            offers = []
        if not isinstance(offers, list):
            raise ProviderError(msg("ProviderError", "Vast.ai sent offers gpudesk does not understand (no offer list)."))
        out: dict[str, float] = {}
        for offer in offers:
            if not isinstance(offer, dict):
                continue
            price = _positive(offer.get("dph_total"))
            count = _count(offer.get("num_gpus"))
            name = offer.get("gpu_name")
            if price is None or count is None or not isinstance(name, str) or not name.strip():
                continue  # an offer without a price, a GPU count or a model says nothing
            if gpu_name and name.strip().lower() != gpu_name.strip().lower():
                continue
            if num_gpus and count != int(num_gpus):
                continue
            key = f"{count}× {name.strip()}"
            out[key] = min(price, out.get(key, price))
        return out

    # -- notes -------------------------------------------------------------------------
    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "Stop ends the GPU charges. The instance's disk is kept and keeps billing for storage until you "
            "destroy it; restarting may wait until the GPUs are free again.",
        )

    def terminate_note(self) -> str:
        return msg("ProviderNote", "Destroy deletes the instance with all its data and ends all billing for it.")

    # -- helpers -----------------------------------------------------------------------
    def _change(self, method: str, path: str, body: Any) -> Any:
        """Start, stop and destroy: sent once, never repeated after a 5xx (the provider may have done it)."""
        return self.api.request(method, path, json_body=body, idempotent=False)

    def _rows(self) -> Iterator[dict[str, Any]]:
        """Every instance row of every page, once each, at most MAX_INSTANCES."""
        seen_ids: set[str] = set()
        seen_tokens: set[str] = set()
        token: str | None = None
        while True:
            params: dict[str, Any] = {"limit": PAGE_SIZE}
            if token:
                params["after_token"] = token
            body = self.api.request("GET", "/api/v1/instances/", params=params)
            if not isinstance(body, dict) or not isinstance(body.get("instances"), list):
                raise ProviderError(msg("ProviderError", "Vast.ai sent an answer gpudesk does not understand (no instance list)."))
            for item in body["instances"]:
                if not isinstance(item, dict):
                    continue
                key = _ident(item.get("id"))
                if key is None or key in seen_ids:
                    continue  # a row without an id cannot be acted on; a repeated one is already listed
                seen_ids.add(key)
                yield item
                if len(seen_ids) >= MAX_INSTANCES:
                    return
            nxt = body.get("next_token")
            if not isinstance(nxt, str) or not nxt or nxt in seen_tokens:
                return  # last page, or a server that hands out the same cursor again
            seen_tokens.add(nxt)
            token = nxt

    @staticmethod
    def _ok(body: Any) -> None:
        # A 200 with success=false is a failure (as the official CLI treats it).
        if isinstance(body, dict) and body.get("success") is False:
            detail = body.get("msg") or body.get("error") or msg("ProviderError", "request refused")
            raise ProviderError(concat("Vast.ai: ", detail if isinstance(detail, str) else str(detail)))

    def _instance(self, item: dict[str, Any]) -> Instance:
        raw = item.get("actual_status")
        raw_text = "" if raw is None else str(raw)
        status = "starting" if raw is None else _STATES.get(raw_text.lower(), "unknown")
        proxy_host = _text(item.get("ssh_host"))
        proxy_port = to_int(item.get("ssh_port"))
        runtype = item.get("image_runtype")
        if proxy_port is not None and isinstance(runtype, str) and "jupyter" in runtype.lower():
            proxy_port += 1  # the CLI's _ssh_url: Jupyter runtypes answer SSH one port above
        host, port = proxy_host, proxy_port
        extra: dict[str, Any] = {}
        direct = _direct_port(item.get("ports"))
        public = _text(item.get("public_ipaddr"))
        if public and direct is not None:
            host, port = public, direct
            if proxy_host and proxy_port is not None and (proxy_host, proxy_port) != (public, direct):
                extra["ssh_fallback"] = {"host": proxy_host, "port": proxy_port, "user": "root"}
        return Instance(
            id=_ident(item.get("id")) or "",
            name=_text(item.get("label")),
            status=status,
            raw_status=raw_text,
            gpu_type=_text(item.get("gpu_name")),
            gpu_count=_count(item.get("num_gpus")) or 0,
            price_per_hour=_positive(item.get("dph_total"), zero=True),
            currency="USD",
            ssh_host=host,
            ssh_port=port,
            ssh_user="root",
            started_at=_positive(item.get("start_date")),
            provider=self.name,
            extra=extra,
        )


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _ident(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def _positive(value: Any, zero: bool = False) -> float | None:
    """A finite number ≥ 0 (or > 0), from a number or a numeric string; None otherwise."""
    if isinstance(value, bool):
        return None
    number = to_float(value)
    if number is None or number != number or number in (float("inf"), float("-inf")):
        return None
    if number < 0 or (number == 0 and not zero):
        return None
    return number


def _count(value: Any) -> int | None:
    number = _positive(value)
    if number is None or number != int(number) or number > 1024:
        return None
    return int(number)


def _direct_port(ports: Any) -> int | None:
    """``int(ports["22/tcp"][0]["HostPort"])`` when the instance publishes one (HostPort is a string)."""
    if not isinstance(ports, dict):
        return None
    mapping = ports.get("22/tcp")
    if not isinstance(mapping, list) or not mapping or not isinstance(mapping[0], dict):
        return None
    port = to_int(mapping[0].get("HostPort"))
    return port if port is not None and 0 < port < 65536 else None
