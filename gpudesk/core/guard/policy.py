"""What the server guard does, and how: the user's billing policy in the guard's terms.

:class:`ServerPolicy` is built from the app's :class:`~gpudesk.core.billing.guard.GuardConfig`
(the same threshold, idle time, policy and budget the user set in the app) with the same
rule: an action the server cannot take, or an unconfirmed terminate, only reminds.
:class:`ProviderAction` says how the guard stops this server from inside it.
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from gpudesk.core.billing.guard import POLICIES, GuardConfig, effective_policy, policies_for
from gpudesk.core.i18n import msg

#: method -> (title, the actions it can take from inside the instance). See docs/server-guard.md.
METHODS: dict[str, tuple[str, frozenset[str]]] = {
    "runpod": ("RunPod", frozenset({"stop", "terminate"})),  # runpodctl / the pod-scoped key
    "vast": ("Vast.ai", frozenset({"stop", "terminate"})),  # CONTAINER_ID + CONTAINER_API_KEY
    "autodl": ("AutoDL", frozenset({"stop"})),  # `shutdown` in the instance stops the meter
    "command": ("your command", frozenset({"stop", "terminate"})),  # gets the action as $1
    "poweroff": ("power off", frozenset({"stop"})),  # only where the user confirmed it ends billing
    "none": ("no way configured", frozenset()),
}
#: provider account kinds whose in-instance way is built in
KIND_METHODS = {"runpod": "runpod", "vast": "vast", "autodl": "autodl"}
HEARTBEAT_EVERY_S = 60.0  # how often the app touches the heartbeat while it runs
DEFAULT_GRACE_S = 300.0  # no heartbeat for this long: the app is gone
DEFAULT_INTERVAL_S = 60.0


class ImpossibleAction(ValueError):
    """The chosen action cannot be taken on this server (exit code 2 on the command line)."""


@dataclass
class ProviderAction:
    """How the guard stops this server: the provider's own in-instance way, a command, or power-off."""

    method: str = "none"
    instance_id: str = ""  # empty: the guard reads RUNPOD_POD_ID / CONTAINER_ID on the server
    api_url: str = ""  # an API root other than the provider's (a proxy, a test stub)
    key: str | None = field(default=None, repr=False)  # a per-instance key; kept in a mode-600 file
    command: str = ""  # method "command": run by sh, the action ("stop"/"terminate") as $1
    poweroff_stops_billing: bool = False

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"unknown guard method {self.method!r}")
        if self.method == "command" and not self.command.strip():
            raise ValueError(msg("ServerGuard", "Say which command stops this server."))
        if self.method == "poweroff" and not self.poweroff_stops_billing:
            raise ImpossibleAction(
                msg("ServerGuard", "Powering off ends the bill only on some providers: confirm it does here first.")
            )

    @property
    def actions(self) -> frozenset[str]:
        return METHODS[self.method][1]

    @property
    def title(self) -> str:
        return METHODS[self.method][0]


def provider_action_for(
    kind: str = "",
    instance_id: str = "",
    stop_command: str = "",
    poweroff_stops_billing: bool = False,
) -> ProviderAction:
    """The best way for this server: the provider's own, else the user's command, else power-off, else none."""
    if kind in KIND_METHODS:
        return ProviderAction(KIND_METHODS[kind], instance_id=instance_id)
    if stop_command.strip():
        return ProviderAction("command", command=stop_command)
    if poweroff_stops_billing:
        return ProviderAction("poweroff", poweroff_stops_billing=True)
    return ProviderAction("none")


@dataclass
class ServerPolicy:
    """The guard's settings. Times in seconds so tests can make them small."""

    threshold_pct: float = 5.0
    idle_s: float = 900.0
    action: str = "remind"  # when idle for idle_s and the app is gone
    budget: float | None = None  # act when this instance's spend since started_at passes this
    budget_action: str = "remind"
    rate_per_hour: float | None = None
    started_at: int | None = None  # epoch on the server; None keeps the one already there (or now)
    grace_s: float = DEFAULT_GRACE_S
    interval_s: float = DEFAULT_INTERVAL_S
    retry_s: float = 300.0  # after a failure; doubled after each further one, at most 1 h
    verify_s: float = 120.0  # how long a stop the provider accepted may take to show in its state
    recheck_s: float = 20.0  # how often the guard reads the state again meanwhile
    watch: str = "tty transfer"  # besides the GPU and jobs, what counts as work: typing, transfers

    def __post_init__(self) -> None:
        if set(self.watch.split()) - {"tty", "transfer"}:
            raise ValueError("watch may name only tty and transfer.")
        self._check()

    def _check(self) -> None:
        for name in ("action", "budget_action"):
            if getattr(self, name) not in POLICIES:
                raise ValueError(f"{name} must be one of {', '.join(POLICIES)}.")
        if (
            self.idle_s <= 0
            or self.interval_s <= 0
            or self.grace_s < 0
            or self.threshold_pct < 0
            or self.recheck_s <= 0
        ):
            raise ValueError(msg("ServerGuard", "Idle time and check interval must be positive."))
        if self.budget is not None and not self.rate_per_hour:
            raise ValueError(msg("ServerGuard", "A budget needs the server's price per hour."))

    @classmethod
    def from_config(
        cls,
        config: GuardConfig,
        action: ProviderAction,
        rate_per_hour: float | None = None,
        started_at: int | None = None,
        interval_s: float = DEFAULT_INTERVAL_S,
        grace_s: float = DEFAULT_GRACE_S,
        watch: str = "tty transfer",
        verify_s: float = 120.0,
        recheck_s: float = 20.0,
    ) -> ServerPolicy:
        """The app's policy on this server. Nobody is there to answer, so the guard waits the
        idle minutes plus the answer time the app would have waited, then acts."""
        budget = config.budget_total if rate_per_hour else None
        return cls(
            threshold_pct=config.idle.threshold_pct,
            idle_s=(config.idle.minutes + config.answer_minutes) * 60.0,
            action=effective_policy(config.policy, action.actions, config.terminate_confirmed),
            budget=budget,
            budget_action=effective_policy(config.budget_policy, action.actions, config.terminate_confirmed)
            if budget is not None
            else "remind",
            rate_per_hour=rate_per_hour,
            started_at=started_at,
            grace_s=grace_s,
            interval_s=interval_s,
            watch=watch,
            verify_s=verify_s,
            recheck_s=recheck_s,
        )

    def check(self, action: ProviderAction, terminate_confirmed: bool, also: Iterable[str] = ()) -> None:
        """Raise :class:`ImpossibleAction` when a chosen action (``also``: the limits' too) cannot happen here."""
        possible = policies_for(action.actions)
        for chosen in {self.action, self.budget_action, *also}:
            if chosen == "terminate" and not terminate_confirmed:
                raise ImpossibleAction(
                    msg(
                        "ServerGuard",
                        "An automatic terminate deletes the server and its disk: confirm it first "
                        "(in the billing settings, or with --terminate-confirmed).",
                    )
                )
            if chosen not in possible:
                raise ImpossibleAction(
                    msg(
                        "ServerGuard",
                        "The guard cannot {action} this server ({how}): it can only {possible}.",
                        action=chosen,
                        how=action.title,
                        possible=" / ".join(possible),
                    )
                )

    def to_json(self, action: ProviderAction) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        data.update(
            method=action.method,
            instance_id=action.instance_id,
            api_url=action.api_url,
            command=action.command,
            key_file=bool(action.key),
        )
        return data


def _seconds(value: float) -> int:
    return max(1, int(math.ceil(value)))


def config_text(
    policy: ServerPolicy,
    action: ProviderAction,
    nvidia_smi: str = "nvidia-smi",
    jobs_dir: str = ".gpudesk/jobs",
) -> str:
    """The guard's ``config``: sh assignments, every value quoted (the guard sources the file)."""
    jobs = shlex.quote(jobs_dir) if jobs_dir.startswith("/") else '"$HOME"/' + shlex.quote(jobs_dir.removeprefix("~/"))
    values: dict[str, str] = {
        "INTERVAL_S": str(_seconds(policy.interval_s)),
        "IDLE_S": str(_seconds(policy.idle_s)),
        # Utilisations are whole percents: "below 5.5" is "below 6".
        "THRESHOLD": str(max(0, int(math.ceil(policy.threshold_pct)))),
        "GRACE_S": str(int(math.ceil(policy.grace_s))),
        "RETRY_S": str(_seconds(policy.retry_s)),
        "VERIFY_S": str(_seconds(policy.verify_s)),
        "RECHECK_S": str(_seconds(policy.recheck_s)),
        # The first read of the state comes this long after the provider accepted the stop.
        "SETTLE_S": str(min(2, _seconds(policy.recheck_s))),
        "ACTION": policy.action,
        "BUDGET_ACTION": policy.budget_action,
        "BUDGET_MILLI": str(int(round((policy.budget or 0) * 1000))),
        "RATE_MILLI": str(int(round((policy.rate_per_hour or 0) * 1000)) if policy.budget is not None else "0"),
        "METHOD": action.method,
        "INSTANCE_ID": action.instance_id,
        "API_URL": action.api_url.rstrip("/"),
        "STOP_COMMAND": action.command,
        "NVIDIA_SMI": nvidia_smi,
        "WATCH": " ".join(policy.watch.split()),
    }
    lines = ["# gpudesk server guard settings (written by gpudesk; 'gpudesk guard install' rewrites them)"]
    lines += [f"{k}={shlex.quote(v)}" for k, v in values.items()]
    lines.append(f"JOBS_DIR={jobs}")
    return "\n".join(lines) + "\n"


def policy_json(policy: ServerPolicy, action: ProviderAction) -> str:
    return json.dumps(policy.to_json(action), ensure_ascii=True, sort_keys=True)
