"""``gpudesk catalog``: recommend GPU configurations and a billing plan for a workload (DESIGN §3)."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.target import UsageError
from gpudesk.core.catalog import Money, Plan, PlanError, Workload, load, plan
from gpudesk.core.catalog.estimate import EstimateError, parse_params


def workload_from_args(args: argparse.Namespace) -> Workload:
    params = None
    if getattr(args, "params", None) is not None:
        try:
            params = parse_params(args.params)
        except EstimateError as exc:
            raise UsageError(str(exc)) from None
    return Workload(
        task=args.task or "training",
        params=params,
        precision=getattr(args, "precision", None),
        gpus=getattr(args, "gpus", None),
        gpu=getattr(args, "gpu", None),
        hours=getattr(args, "hours", None),
    )


def format_text(result: Plan, money: Money) -> str:
    lines = [f"Catalog snapshot {load().snapshot_date}; prices in {money.currency}."]
    lines += [f"  {note}" for note in result.notes]
    if not result.recommendations:
        return "\n".join(lines)
    lines.append("")
    for i, rec in enumerate(result.recommendations, 1):
        lines.append(
            f"{i:>2}. {rec.count}× {rec.gpu.model} ({rec.vram_gb:.0f} GB) at {rec.offer.provider}: "
            f"{money.format(rec.price_per_hour)}/h, {rec.billing}, est. total {money.format(rec.est_total_cost)}"
        )
        lines += [f"      - {reason}" for reason in rec.reasons]
    best = result.recommendations[0]
    lines += ["", f"Billing modes for #1 ({best.count}× {best.gpu.model} at {best.offer.provider}):"]
    for option in best.options:
        total = money.format(option.total) if option.available else "n/a"
        lines.append(f"  {option.mode:<12} {total:>14}  {option.note}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    workload = workload_from_args(args)
    if workload.hours is not None and not workload.hours > 0:
        raise UsageError("--hours must be a positive number of hours.")
    if workload.gpus is not None and workload.gpus < 1:
        raise UsageError("--gpus must be at least 1.")
    money = Money.from_settings()
    try:
        result = plan(load(), workload, money)
    except PlanError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        if not result.recommendations:  # say why on stderr; stdout stays machine-readable
            for note in result.notes[1:]:
                print(f"gpudesk: {note}", file=sys.stderr)
    else:
        print(format_text(result, money))
    return 0
