"""What the user asks to rent (:class:`LaunchSpec`) and what the provider says it costs (:class:`Quote`).

Kept apart from :mod:`~gpudesk.core.providers.launch` so the provider classes can use them
without importing the launch flow. See that module for the whole API.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gpudesk.core import ctrlchars
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.provider_model import Instance
from gpudesk.core.providers.errors import ProviderError

#: what a provider's id, name or reason may be before gpudesk shows it or sends it back
MAX_TEXT = 300
_ID = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._:@()+-]| (?! )){0,127}(?<! )$")


@dataclass
class LaunchSpec:
    """One rental as the user confirms it.

    ``gpu`` is the GPU as the provider names it (a RunPod GPU type id such as "NVIDIA GeForce
    RTX 4090" or its short name "RTX 4090", a Vast.ai ``gpu_name``, a Lambda Cloud GPU
    description such as "H100"). ``offer_id`` pins one offer instead: a Vast.ai offer id, a
    Lambda Cloud instance type name (``gpu_1x_h100_sxm5``) or a RunPod GPU type id. ``image``
    "" means the provider's default PyTorch/CUDA image (``provider.default_image``). ``bid``
    is the interruptible price in USD per hour where the provider takes one (Vast.ai); without
    it the offer's minimum bid is used. ``disk_gb`` is the disk that keeps the user's files: RunPod's
    volume at /workspace (kept by a stop), Vast.ai's instance disk (priced in the quote); Lambda Cloud
    instances come with their own disk and ignore it.
    """

    gpu: str = ""
    count: int = 1
    region: str = ""
    image: str = ""
    disk_gb: int = 50
    spot: bool = False
    bid: float | None = None
    offer_id: str = ""
    name: str = "gpudesk"

    def with_(self, **changes: Any) -> LaunchSpec:
        return replace(self, **changes)

    def to_json(self) -> JSONObject:
        return asdict(self)


@dataclass
class Quote:
    """A resolved spec with its price: what the confirmation shows before anything is rented.

    ``spec`` has ``offer_id`` (and ``gpu``, ``region``, ``image``) filled in as the provider will
    be asked. ``price_per_hour`` is for the whole configuration, None when the provider did not
    say. ``notes`` are plain words on what keeps billing after stop and terminate, and the
    interruption risk of a spot rental.
    """

    provider: str  # the account name
    kind: str  # runpod | vast | lambda | …
    spec: LaunchSpec
    price_per_hour: float | None
    currency: str = "USD"
    description: str = ""  # "1× RTX 4090 (offer 2, California)" in the provider's own names
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> JSONObject:
        return {
            "provider": self.provider,
            "kind": self.kind,
            "spec": self.spec.to_json(),
            "price_per_hour": self.price_per_hour,
            "currency": self.currency,
            "description": self.description,
            "notes": [str(n) for n in self.notes],
        }


class RentedNotStarted(ProviderError):
    """The provider made the instance but did not start it; it exists and bills (its disk) until destroyed.

    Vast.ai answers a spot rental whose bid is below what the host asks now with ``success: false``
    and the ``new_contract`` id of an instance it created stopped. ``instance`` (a providers.base
    Instance) is that instance: the caller tells the user and offers to destroy it.
    """

    kind = "rented_not_started"

    def __init__(self, message: str, instance: Instance) -> None:
        super().__init__(message)
        self.instance = instance


def clean_text(value: JSON, limit: int = MAX_TEXT) -> str:
    """A provider string fit to show: control characters replaced, at most ``limit`` characters."""
    if not isinstance(value, str):
        return ""
    text = ctrlchars.clean(value).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clean_id(value: JSON) -> str | None:
    """An instance or offer id from a provider reply, or None when it is not one.

    Ids go back into URL paths and into session fields: only up to 128 letters, digits, single
    spaces (RunPod's GPU type ids have them) and ``._:@()+-`` pass, never ``..`` or a slash (an int
    becomes its decimal text; a bool is not an id).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value) if value >= 0 else None
    if isinstance(value, str) and _ID.fullmatch(value) and ".." not in value:  # no trimming: "x\u2028" is no id
        return value
    return None


def key_body(line: str) -> str:
    """``"ssh-ed25519 AAAA…"`` of an OpenSSH public key line (the comment dropped), for comparing keys."""
    parts = line.split() if isinstance(line, str) else []
    return " ".join(parts[:2])


def _words(text: str) -> list[str]:
    text = text.lower().replace("nvidia", " ").replace("geforce", " ")
    return [w for w in re.split(r"[^a-z0-9]+", text) if w]


def gpu_matches(wanted: str, *names: Any) -> bool:
    """True when every word of ``wanted`` ("RTX 4090", "h100 sxm") is among the words of ``names``."""
    want = _words(wanted)
    have: set[str] = set()
    for name in names:
        if isinstance(name, str):
            have.update(_words(name))

    def found(word: str) -> bool:
        if word in have:
            return True
        # "sxm" names "sxm5" and "pcie" names "pcie4"; "a100" never names "a1000"
        return word[-1].isalpha() and any(h.startswith(word) and h[len(word) :].isdigit() for h in have)

    return bool(want) and all(found(w) for w in want)
