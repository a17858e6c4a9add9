"""``gpudesk instances list|start|stop|terminate|storage``: provider instances from scripts and cron."""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.target import UsageError
from gpudesk.core import ctrlchars
from gpudesk.core.billing import storage
from gpudesk.core.billing.meter import Meter
from gpudesk.core.providers.accounts import Account, AccountStore, provider_for
from gpudesk.core.providers.base import Instance, Storage
from gpudesk.core.providers.errors import ProviderError, Unsupported

PAST = {"start": "Started", "stop": "Stopped", "terminate": "Terminated"}


def _row(*fields: object) -> str:
    """One table line: a provider's text never carries a tab, a line break or an escape sequence."""
    return "\t".join(ctrlchars.escape(str(f)) for f in fields)


def _accounts(name: str | None) -> list[Account]:
    store = AccountStore()
    if store.load_error:
        # A damaged file was kept aside (and a bad entry skipped): say so, and go on with what loaded.
        print(f"gpudesk: {store.load_error}", file=sys.stderr)
    accounts = list(store)
    if name:
        found = store.get(name)
        if found is None:
            known = ", ".join(a.name for a in accounts) or "none yet"
            raise UsageError(
                f"No provider account is called '{name}' (accounts: {known}). Add one in the app's Providers page."
            )
        return [found]
    return accounts


def run_list(args: argparse.Namespace) -> int:
    accounts = _accounts(args.provider)
    found: list[Instance] = []
    failures: list[ProviderError] = []
    from gpudesk.core.billing.actions import observe
    from gpudesk.core.billing.confirm import book

    for account in accounts:
        try:
            listed = provider_for(account).list_instances()
            found.extend(listed)
            # A stop requested earlier (here or in the app) is confirmed by the first listing that shows it done.
            seen = {i.id for i in listed}
            for inst in listed:
                observe(account.name, inst.id, inst)
            for request in book().all():
                if request.account == account.name and request.instance_id not in seen and request.action != "start":
                    observe(account.name, request.instance_id, None, gone=True)
        except ProviderError as exc:
            failures.append(exc)
            print(f"gpudesk: {ctrlchars.escape(account.name)}: {ctrlchars.escape(str(exc))}", file=sys.stderr)
    if args.json:
        print(ctrlchars.escape_json(json.dumps([i.to_json() for i in found], ensure_ascii=False, indent=2)))
    elif not accounts:
        print("No provider accounts yet. Add one in the app (Providers), then try again.")
    elif not found and not failures:
        print("No instances.")
    else:
        for i in found:
            price = f"{i.price_per_hour:.3f} {i.currency}/h" if i.price_per_hour is not None else "price unknown"
            ssh = f"{i.ssh_user}@{i.ssh_host}:{i.ssh_port}" if i.ssh_host else "-"
            gpus = f"{i.gpu_count}× {i.gpu_type}" if i.gpu_count else i.gpu_type or "-"
            print(_row(i.provider, i.id, i.name or "-", i.status, gpus, price, ssh))
    if failures and len(failures) == len(accounts):
        return max(int(getattr(f, "exit_code", 4)) for f in failures)
    return 4 if failures else 0


def run_action(args: argparse.Namespace) -> int:
    action: str = args.action
    account, provider = _resolve(args)
    if action not in provider.actions:
        # A usage error, not a remote failure: the provider has no such action (Lambda: no
        # stop; manual: no API). Its own reason says what to do instead; nothing is sent.
        try:
            getattr(provider, action)(args.id)
        except Unsupported as exc:
            raise UsageError(str(exc)) from None
        raise UsageError(f"{account.title} has no '{action}' action.")
    if not args.yes:
        note = provider.stop_note() if action == "stop" else provider.terminate_note() if action == "terminate" else ""
        if not sys.stdin.isatty():
            raise UsageError(f"Confirm with --yes to {action} '{args.id}' without a terminal. {note}".strip())
        print(f"{action.capitalize()} instance {args.id} on {account.name}? {note}")
        if input("Type yes to continue: ").strip().lower() not in ("y", "yes"):
            print("Nothing done.")
            return 0
    from gpudesk.core.billing.actions import instance_action

    wait_s = float(getattr(args, "confirm_timeout", 120.0))
    if wait_s > 0:
        print(f"{action.capitalize()} requested; waiting for {account.name} to confirm it (up to {wait_s:g} s)…",
              file=sys.stderr, flush=True)  # fmt: skip
    # provider, then its state read back, meter and audit: done only when the provider reports it
    outcome = instance_action(provider, account.name, args.id, action, reason="command line", confirm_s=wait_s)
    if not outcome.confirmed:
        inst = outcome.instance
        state = (
            f"it still reports {inst.raw_status or inst.status}" if inst is not None else "its state could not be read"
        )
        print(
            f"gpudesk: {action} of {args.id} was accepted by {account.name}, but not confirmed after {wait_s:g} s: "
            f"{state}. It may still bill. Check with 'gpudesk instances list' (a later look confirms it) "
            f"or try again.",
            file=sys.stderr,
        )
        return 4
    print(f"{PAST[action]} {args.id} on {account.name} (confirmed by the provider).")
    if action == "start":
        inst = outcome.instance  # the read that confirmed it: no second ask
        if inst is not None and not inst.ssh_host:
            print(
                f"It is {inst.raw_status or inst.status}: no SSH address yet. Run 'gpudesk instances list' in a minute."
            )
    return 0


def run_storage(args: argparse.Namespace) -> int:
    """Volumes, filesystems and stopped instances' disks that keep billing without a GPU."""
    accounts = _accounts(args.provider)
    found: list[Storage] = []
    failures = 0
    meter = Meter()
    for account in accounts:
        try:
            items = provider_for(account).list_storage()
        except ProviderError as exc:
            failures += 1
            print(f"gpudesk: {ctrlchars.escape(account.name)}: {ctrlchars.escape(str(exc))}", file=sys.stderr)
            continue
        found.extend(items)
        storage.track(meter, account.name, items)  # so 'gpudesk cost' counts what keeps billing
    if args.json:
        print(ctrlchars.escape_json(json.dumps([s.to_json() for s in found], ensure_ascii=False, indent=2)))
    elif not found and not failures:
        print("Nothing of yours is billing for storage.")
    else:
        totals: dict[str, float] = {}
        for s in found:
            size = f"{s.size_gb:g} GB" if s.size_gb is not None else "size unknown"
            if s.price_per_hour is None:
                rate = "rate unknown"
            else:
                rate = f"{s.price_per_hour:.4f} {s.currency}/h ({s.price_per_month:.2f}/month)"
                totals[s.currency] = totals.get(s.currency, 0.0) + s.price_per_hour
            print(_row(s.provider, s.id, s.kind, s.name or "-", size, rate))
        for currency, hourly in sorted(totals.items()):
            print(f"Storage bills {hourly:.4f} {currency}/h in total.")
    if failures and failures == len(accounts):
        return 4
    return 4 if failures else 0


def _resolve(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    accounts = _accounts(args.provider)
    if not accounts:
        raise UsageError("No provider accounts yet. Add one in the app (Providers), then try again.")
    if len(accounts) == 1:
        return accounts[0], provider_for(accounts[0])
    holders = []
    for account in accounts:
        provider = provider_for(account)
        try:
            if any(i.id == args.id for i in provider.list_instances()):
                holders.append((account, provider))
        except ProviderError as exc:
            print(f"gpudesk: {ctrlchars.escape(account.name)}: {ctrlchars.escape(str(exc))}", file=sys.stderr)
    if len(holders) != 1:
        what = "No account has" if not holders else "Several accounts have"
        raise UsageError(f"{what} an instance '{args.id}'. Say which with --provider NAME.")
    return holders[0]
