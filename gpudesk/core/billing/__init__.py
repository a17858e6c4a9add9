"""Billing: prices and granularity, the crash-proof cost meter, idle detection and policies."""

from __future__ import annotations

from gpudesk.core.billing.guard import Guard, GuardConfig, Prompt
from gpudesk.core.billing.idle import IdleConfig, IdleDetector
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price, duration, money

__all__ = ["Guard", "GuardConfig", "IdleConfig", "IdleDetector", "Meter", "Price", "Prompt", "duration", "money"]
