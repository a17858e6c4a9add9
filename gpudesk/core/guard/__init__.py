"""The server guard: a small POSIX sh watchdog on the rented server that stops its bill when the
server sits idle and the app is gone (laptop closed). See docs/server-guard.md."""

from __future__ import annotations

from gpudesk.core.guard.limits import LimitError, ServerLimits, parse_deadline
from gpudesk.core.guard.policy import ImpossibleAction, ProviderAction, ServerPolicy, provider_action_for
from gpudesk.core.guard.remote import (
    GuardError,
    InstallResult,
    actions,
    ensure,
    extend,
    heartbeat,
    install,
    pause,
    remove,
    status,
)
from gpudesk.core.guard.script import DEFAULT_ROOT, VERSION, guard_script

__all__ = [
    "DEFAULT_ROOT",
    "VERSION",
    "GuardError",
    "ImpossibleAction",
    "InstallResult",
    "LimitError",
    "ProviderAction",
    "ServerLimits",
    "ServerPolicy",
    "actions",
    "ensure",
    "extend",
    "guard_script",
    "heartbeat",
    "install",
    "parse_deadline",
    "pause",
    "provider_action_for",
    "remove",
    "status",
]
