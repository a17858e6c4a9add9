"""What every provider answers in: an instance, a storage item that keeps billing, a credit balance.

Kept below the providers and the billing (which follows these answers); ``gpudesk.core.providers.base``
names them as before.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from gpudesk.core.datafile import JSONObject

#: normalised states; ``raw_status`` keeps the provider's own word
STATES = ("starting", "running", "stopping", "stopped", "terminating", "terminated", "error", "unknown")
#: states in which the provider bills compute
BILLING_STATES = frozenset({"starting", "running", "stopping", "error"})


@dataclass
class Instance:
    id: str
    name: str = ""
    status: str = "unknown"
    raw_status: str = ""
    gpu_type: str = ""
    gpu_count: int = 0
    price_per_hour: float | None = None
    currency: str = "USD"
    ssh_host: str = ""
    ssh_port: int | None = None
    ssh_user: str = "root"
    ssh_password_available: bool = False
    started_at: float | None = None  # epoch seconds
    provider: str = ""  # the account name
    extra: JSONObject = field(default_factory=dict)

    @property
    def billing(self) -> bool:
        return self.status in BILLING_STATES

    def to_json(self) -> JSONObject:
        data = asdict(self)
        data.pop("extra", None)
        return data


#: hours in the month that storage prices are quoted for (the app's "per month" is 30 days)
HOURS_PER_MONTH = 30 * 24.0


@dataclass
class Storage:
    """Something that keeps billing without a running GPU: a volume, a stopped instance's disk.

    ``kind`` is one of ``volume_disk`` (RunPod pod volume, kept on stop), ``network_volume``
    (RunPod), ``instance_disk`` (Vast.ai stopped instance), ``filesystem`` (Lambda persistent
    filesystem), ``data_disk`` (AutoDL). ``price_per_hour`` is what it bills now, in
    ``currency``; None when the provider gives no rate. ``instance_id`` names the instance a
    disk belongs to (deleting it then means terminating that instance).
    """

    id: str
    kind: str
    name: str = ""
    size_gb: float | None = None
    price_per_hour: float | None = None
    currency: str = "USD"
    provider: str = ""  # the account name
    instance_id: str = ""
    region: str = ""
    deletable: bool = True

    @property
    def price_per_month(self) -> float | None:
        return None if self.price_per_hour is None else self.price_per_hour * HOURS_PER_MONTH

    def to_json(self) -> JSONObject:
        data = asdict(self)
        data["price_per_month"] = self.price_per_month
        return data


@dataclass
class Balance:
    """Credit left at the provider (Vast.ai, AutoDL report it)."""

    amount: float
    currency: str
    provider: str = ""

    def low(self, threshold: float) -> bool:
        return self.amount < threshold
