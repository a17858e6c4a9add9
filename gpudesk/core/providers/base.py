"""The provider model: what an instance looks like and what a provider can do with it."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import ClassVar, Protocol, runtime_checkable

from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.provider_model import BILLING_STATES as BILLING_STATES
from gpudesk.core.provider_model import HOURS_PER_MONTH as HOURS_PER_MONTH
from gpudesk.core.provider_model import STATES as STATES
from gpudesk.core.provider_model import Balance as Balance
from gpudesk.core.provider_model import Instance as Instance
from gpudesk.core.provider_model import Storage as Storage
from gpudesk.core.providers.errors import NotFound, Unsupported
from gpudesk.core.providers.http import ApiClient
from gpudesk.core.providers.launchspec import LaunchSpec, Quote


@runtime_checkable
class Provider(Protocol):
    """What the app needs from a provider. Implementations raise :mod:`~.errors` types."""

    kind: str
    name: str
    actions: frozenset[str]

    def check(self) -> None:
        """One cheap authenticated call: raises BadToken when the token is refused."""

    def list_instances(self) -> list[Instance]: ...

    def get_instance(self, instance_id: str) -> Instance: ...

    def start(self, instance_id: str) -> None: ...

    def stop(self, instance_id: str) -> None: ...

    def terminate(self, instance_id: str) -> None: ...

    def stop_note(self) -> str:
        """What stop keeps billing, in plain words (shown before the user confirms)."""

    def terminate_note(self) -> str: ...


class BaseProvider:
    """Shared plumbing; subclasses fill in the API calls they have."""

    kind: ClassVar[str] = "base"
    title: ClassVar[str] = "Provider"
    default_url: ClassVar[str] = ""
    actions: frozenset[str] = frozenset({"start", "stop", "terminate"})
    currency: ClassVar[str] = "USD"

    def __init__(
        self,
        name: str,
        token: str = "",
        base_url: str = "",
        *,
        timeout: float = 15.0,
        retries: int = 3,
        backoff_s: float = 0.5,
        options: JSONObject | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.name = name
        self.base_url = (base_url or self.default_url).rstrip("/")
        self.options = dict(options or {})
        self._token = token
        self.api = ApiClient(
            self.base_url,
            self.auth_headers(token) if token else {},
            provider=self.title,
            secret=token,
            timeout=timeout,
            retries=retries,
            backoff_s=backoff_s,
            sleep=sleep,
        )

    def auth_headers(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def check(self) -> None:
        self.list_instances()

    def list_instances(self) -> list[Instance]:
        raise Unsupported(msg("ProviderError", "{provider} has no API to list instances.", provider=self.title))

    def get_instance(self, instance_id: str) -> Instance:
        for inst in self.list_instances():
            if inst.id == instance_id:
                return inst
        raise NotFound(msg("ProviderError", "{provider}: no instance '{id}'.", provider=self.title, id=instance_id))

    def start(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "{provider} cannot start instances through its API.", provider=self.title)
        )

    def stop(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "{provider} cannot stop instances through its API.", provider=self.title)
        )

    def terminate(self, instance_id: str) -> None:
        raise Unsupported(
            msg("ProviderError", "{provider} cannot terminate instances through its API.", provider=self.title)
        )

    def stop_note(self) -> str:
        return msg(
            "ProviderNote", "What a stopped instance still costs depends on your provider; check its pricing page."
        )

    def terminate_note(self) -> str:
        return msg("ProviderNote", "Terminating deletes the instance and its disk; billing for it ends.")

    def list_storage(self) -> list[Storage]:
        """Volumes, filesystems and stopped instances' disks that still bill; [] when none or unknown."""
        return []

    def delete_storage(self, item: Storage) -> None:
        raise Unsupported(
            msg("ProviderError", "{provider} cannot delete this storage through its API.", provider=self.title)
        )

    def storage_delete_note(self, item: Storage) -> str:
        """What deleting ``item`` loses, in plain words (shown before the user confirms)."""
        return msg("ProviderNote", "Deleting it erases every file on it for good, and its billing ends.")

    def balance(self) -> Balance | None:
        """The account's credit, where the API reports one."""
        return None

    # -- renting (see gpudesk.core.providers.launch for the flow) ----------------------
    #: the image a launch uses when the user names none; "" where the provider picks its own
    default_image: ClassVar[str] = ""
    #: whether the API can rent spot/interruptible capacity (with a bid where it takes one)
    can_spot: ClassVar[bool] = False

    @property
    def can_launch(self) -> bool:
        """True where the provider's API can rent a new instance."""
        return type(self).launch is not BaseProvider.launch

    def quote(self, spec: LaunchSpec) -> Quote:
        """Resolve ``spec`` to one offer and its price; rents nothing."""
        raise Unsupported(msg("ProviderError", "{provider} cannot rent servers through its API.", provider=self.title))

    def offers(self, spec: LaunchSpec) -> list[Quote]:
        """The offers that fit ``spec``, best first (the next-best offer after a capacity error)."""
        return [self.quote(spec)]

    def register_key(self, public_key: str, name: str) -> str | None:
        """Make ``public_key`` known to the provider before a launch; returns what ``launch`` needs (a key name)."""
        return None

    def launch(self, spec: LaunchSpec, public_key: str, key_ref: str | None = None) -> Instance:
        """Rent what ``spec`` (a resolved one, from :meth:`quote`) says; sent once, never repeated."""
        raise Unsupported(msg("ProviderError", "{provider} cannot rent servers through its API.", provider=self.title))

    def close(self) -> None:
        self.api.close()

    def __repr__(self) -> str:  # never show the token
        return f"<{type(self).__name__} {self.name!r} {self.base_url}>"


def parse_time(value: object) -> float | None:
    """Epoch seconds from an ISO 8601 string or a number; None when absent or unreadable."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        text = str(value).replace("Z", "+00:00")
        return datetime.fromisoformat(text).timestamp()
    except ValueError:
        return None


def to_float(value: JSON) -> float | None:
    """RunPod's ``costPerHr`` arrives as a string in examples and a number in others."""
    if value is None or value == "":
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def as_dict(value: object) -> JSONObject:
    """A JSON object from a reply, or an empty one where the provider sent something else."""
    return value if isinstance(value, dict) else {}


def as_text(value: object) -> str:
    """A JSON string from a reply, or "" where the provider sent something else."""
    return value if isinstance(value, str) else ""


def to_int(value: JSON, default: int | None = None) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default
