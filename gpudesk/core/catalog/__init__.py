"""GPU catalog and planner: bundled GPU specs and offers, VRAM and cost estimates, recommendations."""

from __future__ import annotations

from gpudesk.core.catalog.data import Catalog, GpuModel, Offer, load
from gpudesk.core.catalog.money import Money
from gpudesk.core.catalog.planner import Plan, PlanError, Recommendation, Workload, plan

__all__ = ["Catalog", "GpuModel", "Money", "Offer", "Plan", "PlanError", "Recommendation", "Workload", "load", "plan"]
