"""A generic REST provider: URL templates plus a bearer token, for the seed's own automation.

Options (all in the account's JSON, no secret among them):
``status_url`` (required, may hold ``{id}``), ``start_url``, ``stop_url``, ``terminate_url``,
``list_url`` (answers a list or ``{"instances": [...]}``), ``instance_ids`` (when there is no
list), ``method`` (default POST), ``status_field`` (default ``status``), ``price_per_hour``,
``currency``, ``stop_note``. Relative URLs are joined to the base URL.
"""

from __future__ import annotations

from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance, parse_time, to_float, to_int
from gpudesk.core.providers.errors import ProviderError, Unsupported

_RUNNING = {"running", "active", "on", "started", "up"}
_STOPPED = {"stopped", "exited", "off", "halted", "down", "shutdown"}
_STARTING = {"starting", "booting", "pending", "provisioning", "loading"}
_STOPPING = {"stopping", "shutting_down"}
_TERMINATED = {"terminated", "deleted", "destroyed", "released"}


def normalise_status(raw: str) -> str:
    word = raw.strip().lower()
    for group, state in (
        (_RUNNING, "running"),
        (_STOPPED, "stopped"),
        (_STARTING, "starting"),
        (_STOPPING, "stopping"),
        (_TERMINATED, "terminated"),
    ):
        if word in group:
            return state
    return "unknown"


class GenericRestProvider(BaseProvider):
    kind = "generic"
    title = "REST API"

    @property
    def actions(self) -> frozenset[str]:  # type: ignore[override]
        return frozenset(a for a in ("start", "stop", "terminate") if self.options.get(f"{a}_url"))

    def check(self) -> None:
        if self.options.get("list_url"):
            self.list_instances()
        else:
            ids = self._ids()
            if ids:
                self.get_instance(ids[0])

    def list_instances(self) -> list[Instance]:
        url = self.options.get("list_url")
        if url:
            body = self.api.request("GET", self._url(url, ""))
            items = body.get("instances") if isinstance(body, dict) else body
            if not isinstance(items, list):
                raise ProviderError(
                    msg("ProviderError", "{name}: the list URL did not answer a list of instances.", name=self.name)
                )
            return [self._instance(i) for i in items if isinstance(i, dict)]
        return [self.get_instance(i) for i in self._ids()]

    def get_instance(self, instance_id: str) -> Instance:
        if not self.options.get("status_url"):
            raise Unsupported(msg("ProviderError", "{name}: no status URL is configured.", name=self.name))
        body = self.api.request("GET", self._url(self.options["status_url"], instance_id))
        if not isinstance(body, dict):
            body = {"status": str(body or "")}
        body.setdefault("id", instance_id)
        return self._instance(body)

    def start(self, instance_id: str) -> None:
        self._act("start", instance_id)

    def stop(self, instance_id: str) -> None:
        self._act("stop", instance_id)

    def terminate(self, instance_id: str) -> None:
        self._act("terminate", instance_id)

    def stop_note(self) -> str:
        custom = self.options.get("stop_note")
        return str(custom) if custom else super().stop_note()  # the user's own words, or ours (translatable)

    def _act(self, action: str, instance_id: str) -> None:
        url = self.options.get(f"{action}_url")
        if not url:
            raise Unsupported(
                msg("ProviderError", "{name}: no {action} URL is configured.", name=self.name, action=action)
            )
        self.api.request(str(self.options.get("method") or "POST").upper(), self._url(url, instance_id))

    def _ids(self) -> list[str]:
        ids = self.options.get("instance_ids") or []
        return [str(i) for i in ids] if isinstance(ids, list) else []

    def _url(self, template: str, instance_id: str) -> str:
        url = str(template).replace("{id}", instance_id).replace("{base}", self.base_url)
        if url.startswith(("http://", "https://")):
            return url
        return f"{self.base_url}/{url.lstrip('/')}"

    def _instance(self, item: JSONObject) -> Instance:
        field = str(self.options.get("status_field") or "status")
        raw = str(item.get(field) or item.get("state") or "")
        price = to_float(item.get("price_per_hour"))
        return Instance(
            id=str(item.get("id", "")),
            name=str(item.get("name") or item.get("id") or ""),
            status=normalise_status(raw),
            raw_status=raw,
            gpu_type=str(item.get("gpu_type") or item.get("gpu") or ""),
            gpu_count=to_int(item.get("gpu_count"), 0) or 0,
            price_per_hour=price if price is not None else to_float(self.options.get("price_per_hour")),
            currency=str(item.get("currency") or self.options.get("currency") or "USD"),
            ssh_host=str(item.get("ssh_host") or item.get("host") or ""),
            ssh_port=to_int(item.get("ssh_port") or item.get("port")),
            ssh_user=str(item.get("ssh_user") or item.get("user") or "root"),
            started_at=parse_time(item.get("started_at")),
            provider=self.name,
        )
