"""Vast.ai (``/api/v0`` and the paginated ``/api/v1/instances/`` list, Bearer).

SSH address (reference §5.11): the direct ``public_ipaddr`` + ``ports["22/tcp"]`` mapping when
the instance publishes one, as the official CLI's ``ssh-url`` does; otherwise the proxy
``ssh_host``/``ssh_port`` (``ssh_port + 1`` for Jupyter runtypes, as the CLI's ``_ssh_url``).
When the direct address is used, the proxy is offered as a fallback in
``Instance.extra["ssh_fallback"] = {"host", "port", "user"}``: SkyPilot reports that direct
access can be blocked while the gateway still answers.

Renting (reference §5.2, §5.5–5.7; vast-ai/vast-cli ``vastai/api/instances.py`` ``create_instance`` and
``vastai/api/keys.py``): an offer from ``POST /api/v0/bundles/`` is rented with ``PUT
/api/v0/asks/{offer_id}/`` and ``{client_id: "me", image, disk, label, env, runtype: "ssh_direc ssh_proxy"
(the CLI's --ssh --direct), price (the bid, interruptible only)}`` → ``{"success": true, "new_contract":
ID}``. The key goes to the account (``POST /api/v0/ssh/`` ``{ssh_key}``, unless ``GET /api/v0/ssh/``
lists it: a bare list or ``{"ssh_keys": [...]}``, both seen) and to the new instance (``POST
/api/v0/instances/{id}/ssh/``). An offer someone else took answers 404/410 ``no_such_ask``
("… is no longer available"): a capacity error.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import concat, msg
from gpudesk.core.providers.base import (
    HOURS_PER_MONTH,
    Balance,
    BaseProvider,
    Instance,
    Storage,
    as_text,
    to_float,
    to_int,
)
from gpudesk.core.providers.errors import CapacityError, NotFound, ProviderError, Unsupported
from gpudesk.core.providers.launchspec import (
    LaunchSpec,
    Quote,
    RentedNotStarted,
    clean_id,
    clean_text,
    key_body,
)

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
    #: the image of Vast.ai's own quick-start (hello-world.mdx): PyTorch 2.4 on CUDA 12.4
    default_image = "pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime"
    can_spot = True
    #: one look at an instance per 2 s: show_instance.yaml's x-rate-limit threshold (reference §5.9)
    min_poll_s = 2.0
    #: a new instance can answer {"instances": null} for a while (the CLI's show_instance returns None then;
    #: dstack's vastai compute keeps provisioning while get_instance is None): tolerated this long
    unseen_grace_s = 300.0

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
                    region=as_text(item.get("geolocation")),
                    deletable=True,
                )
            )
        return out

    def delete_storage(self, item: Storage) -> None:
        """A stopped instance's disk goes only with the instance: this destroys the instance."""
        if item.kind != "instance_disk" or not item.instance_id:
            raise Unsupported(
                msg("ProviderError", "{provider} cannot delete this storage through its API.", provider=self.title)
            )
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
            raise ProviderError(
                msg("ProviderError", "Vast.ai sent an answer gpudesk does not understand (no account details).")
            )
        credit = body.get("credit")
        if credit is None:
            return None
        amount = to_float(credit)
        if amount is None or isinstance(credit, bool) or amount != amount:
            raise ProviderError(msg("ProviderError", "Vast.ai sent a credit balance gpudesk does not understand."))
        return Balance(amount, "USD", self.name)

    # -- prices ------------------------------------------------------------------------
    def prices(
        self, gpu_name: str | None = None, limit: int | None = None, num_gpus: int | None = None
    ) -> dict[str, float]:
        """Cheapest on-demand $/h per "N× GPU" among rentable verified offers (``POST /api/v0/bundles/``).

        With ``gpu_name`` (one catalog GPU per call) the query filters on it, asks for more
        offers (so the rarer multi-GPU offers are not pushed out by the cheap single ones),
        and drops any offer of another model the server sends anyway.
        """
        query: JSONObject = {
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
            raise ProviderError(
                msg("ProviderError", "Vast.ai sent offers gpudesk does not understand (no offer list).")
            )
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

    # -- renting -----------------------------------------------------------------------
    def offers(self, spec: LaunchSpec) -> list[Quote]:
        """Rentable offers that fit ``spec`` (one offer when ``offer_id`` names it), cheapest first."""
        query: JSONObject = {
            "rentable": {"eq": True},
            "rented": {"eq": False},
            "order": [["dph_total", "asc"]],
            "type": "bid" if spec.spot else "on-demand",
            "limit": 20,
            # the disk being rented: search_offers.yaml "sets the disk size … affects pricing"
            "allocated_storage": float(spec.disk_gb),
        }
        if spec.offer_id:
            offer = _ident(spec.offer_id)
            if offer is None or not offer.isdigit():
                raise ProviderError(
                    msg(
                        "ProviderError",
                        "'{id}' is not a Vast.ai offer id (a number).",
                        id=clean_text(spec.offer_id, 40),
                    )
                )
            query["id"] = {"eq": int(offer)}
        elif spec.gpu.strip():
            query.update(
                {"verified": {"eq": True}, "gpu_name": {"eq": spec.gpu.strip()}, "num_gpus": {"eq": int(spec.count)}}
            )
        else:
            raise ProviderError(msg("ProviderError", "Say which GPU (e.g. RTX 4090) or offer to rent on Vast.ai."))
        body = self.api.request("POST", "/api/v0/bundles/", json_body=query, idempotent=True)  # a search
        offers = body.get("offers") if isinstance(body, dict) else None
        offers = [offers] if isinstance(offers, dict) else offers if isinstance(offers, list) else []
        found: list[Quote] = []
        for item in offers:
            quote = self._quote(spec, item) if isinstance(item, dict) else None
            if quote is not None:
                found.append(quote)
        if not found:
            if spec.offer_id:
                raise CapacityError(
                    msg(
                        "ProviderError",
                        "Vast.ai offer {id} is no longer available: someone else rented it or the host withdrew it.",
                        id=clean_text(spec.offer_id, 40),
                    ),
                    "no_such_ask",
                )
            raise CapacityError(
                msg(
                    "ProviderError",
                    "Vast.ai has no rentable offer of {count}× {gpu} now.",
                    count=spec.count,
                    gpu=clean_text(spec.gpu, 80),
                ),
                "no offers",
            )
        return sorted(found, key=lambda q: q.price_per_hour if q.price_per_hour is not None else float("inf"))

    def _quote(self, spec: LaunchSpec, item: JSONObject) -> Quote | None:
        offer = _ident(item.get("id"))
        count = _count(item.get("num_gpus"))
        name = _text(item.get("gpu_name"))
        if offer is None or clean_id(offer) is None or count is None or not name:
            return None  # an offer without an id, a GPU count or a model cannot be rented or shown
        if spec.offer_id and offer != _ident(spec.offer_id):
            return None
        if not spec.offer_id and (name.lower() != spec.gpu.strip().lower() or count != spec.count):
            return None  # a server that ignores the filter must not rent another model
        place = clean_text(item.get("geolocation"), 60)
        if spec.region and spec.region.lower() not in place.lower():
            return None
        notes = [self.stop_note(), self.terminate_note()]
        # The disk being rented bills by the GB-month (storage_cost, search_offers.yaml) on top of the GPU.
        per_gb_month = _positive(item.get("storage_cost"), zero=True)
        disk_hour = per_gb_month * spec.disk_gb / HOURS_PER_MONTH if per_gb_month is not None else None
        base = _positive(item.get("dph_base"))
        if disk_hour is not None:
            notes.append(
                msg(
                    "ProviderNote",
                    "The price includes the {disk} GB disk ({rate} USD/h at {per_gb} USD per GB-month), which keeps "
                    "billing while the instance is stopped.",
                    disk=spec.disk_gb,
                    rate=f"{disk_hour:.4f}",
                    per_gb=f"{per_gb_month:g}",
                )
            )
        if spec.spot:
            floor = _positive(item.get("min_bid"))
            bid = spec.bid if spec.bid is not None else floor
            if bid is None or (floor is not None and bid < floor):
                return None  # below the host's minimum bid: it would not run
            price: float | None = bid + disk_hour if disk_hour is not None else bid
            notes.append(
                msg(
                    "ProviderNote",
                    "Interruptible: Vast.ai stops the instance when someone bids more or rents it on "
                    "demand; its disk is kept (and billed) until it runs again.",
                )
            )
        elif base is not None and disk_hour is not None:
            price = base + disk_hour  # dph_base (GPU and machine) plus the disk asked for, not the default one
        else:
            price = _positive(item.get("dph_total"))
        resolved = spec.with_(
            offer_id=offer,
            gpu=name,
            count=count,
            image=spec.image or self.default_image,
            bid=bid if spec.spot else None,
        )
        where = f", {place}" if place else ""
        return Quote(
            self.name,
            self.kind,
            resolved,
            price,
            "USD",
            f"{count}× {clean_text(name, 80)} (offer {offer}{where})",
            notes,
        )

    def quote(self, spec: LaunchSpec) -> Quote:
        return self.offers(spec)[0]

    def register_key(self, public_key: str, name: str) -> str | None:
        """The account's key id for ``public_key``: an existing one, or a new ``POST /api/v0/ssh/``.

        An account without any key answers ``GET /api/v0/ssh/`` with 404 ("No SSH keys found for the
        user", show_ssh_keys.yaml, reference §5.7): that is an empty list, and the key is registered.
        """
        try:
            body: JSON = self.api.request("GET", "/api/v0/ssh/")
        except NotFound:
            body = []
        items = body.get("ssh_keys") if isinstance(body, dict) else body
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and key_body(item.get("ssh_key") or item.get("key") or "") == key_body(
                public_key
            ):
                return _ident(item.get("id"))
        reply = self._change("POST", "/api/v0/ssh/", {"ssh_key": public_key})
        self._ok(reply)
        key = reply.get("key") if isinstance(reply, dict) else None
        return _ident(key.get("id")) if isinstance(key, dict) else None

    def launch(self, spec: LaunchSpec, public_key: str, key_ref: str | None = None) -> Instance:
        offer = _ident(spec.offer_id)
        if offer is None or not offer.isdigit():
            raise ProviderError(
                msg(
                    "ProviderError",
                    "Renting on Vast.ai needs an offer id; get one from 'gpudesk instances launch --gpu'.",
                )
            )
        body: JSONObject = {
            "client_id": "me",
            "image": spec.image or self.default_image,
            "env": {},
            "disk": int(spec.disk_gb),
            "label": spec.name,
            "runtype": "ssh_direc ssh_proxy",
        }
        if spec.spot:
            body["price"] = spec.bid  # the bid per machine-hour; without it the offer rents on demand
        try:
            reply = self._change("PUT", f"/api/v0/asks/{offer}/", body)
        except ProviderError as exc:
            if exc.code == "no_such_ask" or exc.status == 410 or "no_such_ask" in exc.detail:
                raise _gone(offer, exc.detail, exc.status) from None
            raise
        if isinstance(reply, dict) and reply.get("success") is False:
            detail = clean_text(reply.get("msg") or reply.get("error"))
            made = clean_id(_ident(reply.get("new_contract")))
            if made is not None:
                # A spot bid below the host's price now: Vast.ai made the instance, stopped. Its disk bills.
                raise RentedNotStarted(_made_not_started(made, detail, spec.bid), self._stopped(made, spec, offer))
            if reply.get("error") == "no_such_ask" or "no longer available" in detail or "not available" in detail:
                raise _gone(offer, detail, None)
            self._ok(reply)
        new_id = clean_id(_ident(reply.get("new_contract")) if isinstance(reply, dict) else None)
        if new_id is None:
            raise ProviderError(
                msg(
                    "ProviderError",
                    "Vast.ai accepted the rental but sent an answer gpudesk does not understand: an instance "
                    "may have been rented. Check 'gpudesk instances list' before trying again.",
                )
            )
        extra: dict[str, Any] = {"offer": offer}
        try:  # account keys reach new instances; attaching it too covers an account that had none before
            self._change("POST", f"/api/v0/instances/{new_id}/ssh/", {"ssh_key": public_key})
        except ProviderError as exc:
            extra["key_note"] = str(exc)
        return self._rented(new_id, spec, "starting", "", extra)

    def _stopped(self, instance_id: str, spec: LaunchSpec, offer: str) -> Instance:
        return self._rented(instance_id, spec, "stopped", "stopped", {"offer": offer, "not_started": True})

    def _rented(self, instance_id: str, spec: LaunchSpec, status: str, raw: str, extra: dict[str, Any]) -> Instance:
        """A just-created instance as far as the rent answer tells (its price and address come with the first read)."""
        return Instance(
            id=instance_id,
            name=spec.name,
            status=status,
            raw_status=raw,
            gpu_type=spec.gpu,
            gpu_count=spec.count,
            price_per_hour=None,
            currency="USD",
            ssh_user="root",
            provider=self.name,
            extra=extra,
        )

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
    def _change(self, method: str, path: str, body: JSON) -> JSON:
        """Start, stop and destroy: sent once, never repeated after a 5xx (the provider may have done it)."""
        return self.api.request(method, path, json_body=body, idempotent=False)

    def _rows(self) -> Iterator[JSONObject]:
        """Every instance row of every page, once each, at most MAX_INSTANCES."""
        seen_ids: set[str] = set()
        seen_tokens: set[str] = set()
        token: str | None = None
        while True:
            params: JSONObject = {"limit": PAGE_SIZE}
            if token:
                params["after_token"] = token
            body = self.api.request("GET", "/api/v1/instances/", params=params)
            if not isinstance(body, dict) or not isinstance(body.get("instances"), list):
                raise ProviderError(
                    msg("ProviderError", "Vast.ai sent an answer gpudesk does not understand (no instance list).")
                )
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
    def _ok(body: object) -> None:
        # A 200 with success=false is a failure (as the official CLI treats it).
        if isinstance(body, dict) and body.get("success") is False:
            detail = body.get("msg") or body.get("error") or msg("ProviderError", "request refused")
            raise ProviderError(concat("Vast.ai: ", detail if isinstance(detail, str) else str(detail)))

    def _instance(self, item: JSONObject) -> Instance:
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


def _gone(offer: str, detail: str, status: int | None) -> CapacityError:
    reason = detail or "no_such_ask"
    return CapacityError(
        msg(
            "ProviderError",
            "Vast.ai offer {id} is no longer available ({reason}): someone else rented it or the host withdrew it.",
            id=offer,
            reason=reason,
        ),
        reason,
        status,
    )


def _made_not_started(instance_id: str, detail: str, bid: float | None) -> str:
    return msg(
        "ProviderError",
        "Vast.ai created instance {id} but did not start it ({reason}): the bid of {bid} USD/h is below what the "
        "host asks now. The instance exists, stopped, and bills for its disk until you destroy it.",
        id=instance_id,
        reason=detail or "success: false",
        bid="?" if bid is None else f"{bid:g}",
    )


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _ident(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def _positive(value: JSON, zero: bool = False) -> float | None:
    """A finite number ≥ 0 (or > 0), from a number or a numeric string; None otherwise."""
    if isinstance(value, bool):
        return None
    number = to_float(value)
    if number is None or number != number or number in (float("inf"), float("-inf")):
        return None
    if number < 0 or (number == 0 and not zero):
        return None
    return number


def _count(value: JSON) -> int | None:
    number = _positive(value)
    if number is None or number != int(number) or number > 1024:
        return None
    return int(number)


def _direct_port(ports: object) -> int | None:
    """``int(ports["22/tcp"][0]["HostPort"])`` when the instance publishes one (HostPort is a string)."""
    if not isinstance(ports, dict):
        return None
    mapping = ports.get("22/tcp")
    if not isinstance(mapping, list) or not mapping or not isinstance(mapping[0], dict):
        return None
    port = to_int(mapping[0].get("HostPort"))
    return port if port is not None and 0 < port < 65536 else None
