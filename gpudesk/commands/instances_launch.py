"""``gpudesk instances launch``: rent a server through the provider's API, from scripts.

Without ``--yes`` nothing is rented: it prints what it would rent and the price, and exits 2.
With ``--yes`` it rents once (never repeated after an error), and with ``--wait`` it returns when
the server's SSH answers and a session for it exists (price, provider link, key login). Prints
``{"id", "provider", "status", "price_per_hour", "currency", "ssh": {"host", "port", "user"} | null,
"session": NAME | null}`` with ``--json``. Exit codes: 0 rented, 2 usage (or not confirmed), 3 auth or
connection (also: rented but SSH never answered), 4 the provider refused (its reason in words; a
capacity refusal names the next-best offer).
"""

from __future__ import annotations

import argparse
import json
import sys

from gpudesk.commands.instances_launch_args import DEFAULT_WAIT_S
from gpudesk.commands.target import UsageError
from gpudesk.core import secrets
from gpudesk.core.providers import launch, launch_key, rent
from gpudesk.core.providers.accounts import AccountStore, provider_for
from gpudesk.core.providers.base import BaseProvider, Instance
from gpudesk.core.providers.errors import CapacityError
from gpudesk.core.providers.launchspec import LaunchSpec, Quote


def run(args: argparse.Namespace) -> int:
    store = AccountStore()
    account = store.get(args.provider)
    if account is None:
        known = ", ".join(a.name for a in store) or "none yet"
        raise UsageError(
            f"No provider account is called '{args.provider}' (accounts: {known}). Add one in the app's Providers page."
        )
    provider = provider_for(account)
    if not provider.can_launch:
        raise UsageError(
            f"{account.title} cannot rent servers through its API. Rent in its console, then add the server as a session."
        )
    _check_args(args, provider)
    spec = LaunchSpec(
        gpu=args.gpu or "",
        count=args.count,
        region=args.region or "",
        image=args.image or "",
        disk_gb=args.disk,
        spot=args.spot,
        bid=args.bid,
        offer_id=args.offer or "",
        name=args.name or "gpudesk",
    )
    quote = launch.quote(provider, spec)
    if not args.yes:
        notes = " ".join(str(n) for n in quote.notes)
        raise UsageError(
            f"Would rent {quote.description} from {account.name} at {_price(quote.price_per_hour, quote.currency)}. {notes} "
            "Nothing was rented: add --yes to rent it."
        )
    try:
        public = launch_key.ensure()
    except secrets.SecretsUnavailable as exc:
        raise UsageError(f"gpudesk needs a keyring for the server's login key, and has none: {exc}") from None
    choice = rent.Choice(account, provider, quote, None, "")
    rented: list[Instance] = []

    def report(step: str, value: object) -> None:
        if step == "launched" and isinstance(value, Instance):
            rented.append(value)
            _say(
                args,
                f"Rented {value.id} on {account.name}: {quote.description} at "
                f"{_price(value.price_per_hour, value.currency)}.",
            )
        elif step == "progress" and isinstance(value, launch.Progress):
            _say(args, str(value.message))

    try:
        launched = rent.rent(
            choice,
            quote.spec,
            by="command line",
            report=report,
            public_key=public,
            name=args.name or "",
            wait=args.wait,
            save_early=False,  # the command line saves a session once the server answers, as it always did
            read_host_key=False,  # the session's first connection checks the host key
            timeout_s=args.timeout,
        )
    except CapacityError:
        _suggest(provider, spec, quote, args)
        raise
    except launch.RentedNotStarted as exc:
        _made_not_started(args, choice, exc)
        raise
    except launch.NeverReachable as exc:
        inst = exc.instance
        if args.terminate_on_timeout:
            gone = rent.end(choice, inst.id, "command line: never became usable", automatic=True, strict=False)
            exc.instance.status = "terminating"
            print(
                f"gpudesk: terminated {inst.id}: it never became usable."
                if gone
                else f"gpudesk: asked {account.name} to terminate {inst.id}, but it is still listed: it may bill.",
                file=sys.stderr,
            )
        else:
            print(
                f"gpudesk: to end its billing: gpudesk instances terminate {inst.id} --provider {account.name} --yes",
                file=sys.stderr,
            )
        _print(args, exc.instance, None)
        raise
    except KeyboardInterrupt:
        if rented:
            print(
                f"\ngpudesk: stopped waiting; {rented[0].id} is rented. End it with: gpudesk instances terminate "
                f"{rented[0].id} --provider {account.name} --yes",
                file=sys.stderr,
            )
        raise
    session = launched.session
    if session is not None:
        _say(args, f"Session '{session.name}' is saved: gpudesk check '{session.name}' runs the environment check.")
    _print(args, launched.instance, session.name if session is not None else None)
    return 0


def _made_not_started(args: argparse.Namespace, choice: rent.Choice, exc: launch.RentedNotStarted) -> None:
    """The provider made an instance it did not start (a Vast.ai bid too low): it exists and bills its disk."""
    inst, account = exc.instance, choice.account.name
    print(f"gpudesk: {exc}", file=sys.stderr)
    if args.terminate_on_timeout:
        gone = rent.end(choice, inst.id, "command line: created, not started", automatic=True, strict=False)
        inst.status = "terminated" if gone else inst.status
        print(
            f"gpudesk: destroyed {inst.id}: {account} no longer lists it."
            if gone
            else f"gpudesk: asked {account} to destroy {inst.id}, but it is still listed: it may bill; check "
            f"'gpudesk instances list --provider {account}'.",
            file=sys.stderr,
        )
    else:
        print(
            f"gpudesk: to destroy it: gpudesk instances terminate {inst.id} --provider {account} --yes",
            file=sys.stderr,
        )
    _print(args, inst, None)


def _check_args(args: argparse.Namespace, provider: BaseProvider) -> None:
    if not 1 <= args.count <= 64:
        raise UsageError(f"--count must be between 1 and 64, not {args.count}.")
    if not 1 <= args.disk <= 100_000:
        raise UsageError(f"--disk must be between 1 and 100000 GB, not {args.disk}.")
    if args.bid is not None and not args.spot:
        raise UsageError("--bid goes with --spot.")
    if args.bid is not None and not 0 < args.bid < 10_000:
        raise UsageError("--bid must be a price per hour above 0.")
    if args.spot and not provider.can_spot:
        raise UsageError(
            f"{provider.title} cannot rent spot (interruptible) servers through its API: leave out --spot."
        )
    if args.timeout <= 0:
        raise UsageError("--timeout must be above 0 seconds.")
    if args.timeout != DEFAULT_WAIT_S and not args.wait:
        raise UsageError("--timeout goes with --wait.")


def _suggest(provider: BaseProvider, spec: LaunchSpec, failed: Quote, args: argparse.Namespace) -> None:
    """After a capacity refusal: name the next-best offer of the same provider (nothing is rented)."""
    alt = rent.next_best_quote(provider, spec, failed)
    if alt is not None:
        print(
            f"gpudesk: next best: {alt.description} at {_price(alt.price_per_hour, alt.currency)}: "
            f"gpudesk instances launch --provider {args.provider} --offer '{alt.spec.offer_id}' --yes",
            file=sys.stderr,
        )


def _price(value: float | None, currency: str) -> str:
    return f"{value:.3f} {currency}/h" if value is not None else "a price the provider did not say"


def _say(args: argparse.Namespace, text: str) -> None:
    print(f"gpudesk: {text}", file=sys.stderr if args.json else sys.stdout)


def _print(args: argparse.Namespace, inst: Instance, session: str | None) -> None:
    address = launch.address(inst)
    data = {
        "id": inst.id,
        "provider": inst.provider,
        "status": inst.status,
        "price_per_hour": inst.price_per_hour,
        "currency": inst.currency,
        "ssh": {"host": address[0], "port": address[1], "user": inst.ssh_user} if address else None,
        "session": session,
    }
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    elif address:
        print(f"{inst.id}\t{inst.status}\t{inst.ssh_user}@{address[0]}:{address[1]}\t{session or '-'}")
    else:
        print(f"{inst.id}\t{inst.status}\tno SSH address yet: 'gpudesk instances list' shows it when it has one")
