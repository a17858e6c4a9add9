"""``gpudesk notify {add,remove,test,list}``: where gpudesk's alerts go (DESIGN §3, "Alerts").

A channel's secret is read from the environment variable ``--secret-env`` names and stored in the
keyring only; a URL that carries its own key (DingTalk ``access_token``, WeCom ``key``, a Feishu
hook) is kept in the keyring too, and files and lists show it with the key hidden.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from gpudesk.commands.target import UsageError
from gpudesk.core.alerts.model import EVENTS, KINDS, ChannelError, parse_events

EXIT_REMOTE = 4


def add_arguments(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``notify`` command's actions, for cli.py."""
    notify = sub.add_parser("notify", help="where alerts go when you are away (ntfy, email, Telegram, group bots …)")
    nsub = notify.add_subparsers(dest="notify_command", metavar="ACTION", required=True)
    nadd = nsub.add_parser("add", help="add (or replace) an alert channel")
    nadd.add_argument("name", metavar="NAME")
    nadd.add_argument("--kind", required=True, choices=KINDS)
    nadd.add_argument("--url", default="", help="where to send (smtp: smtps://user@host:465?to=you@example.com)")
    nadd.add_argument(
        "--secret-env",
        metavar="VAR",
        help="read the token, password or signing key from this environment variable (kept in the keyring)",
    )
    nadd.add_argument(
        "--events", default="all", metavar="E,…", help="which news: " + ",".join(EVENTS) + " (default all)"
    )
    nadd.set_defaults(handler="gpudesk.commands.notify:run_add")
    nremove = nsub.add_parser("remove", help="remove an alert channel and its secrets")
    nremove.add_argument("name", metavar="NAME")
    nremove.set_defaults(handler="gpudesk.commands.notify:run_remove")
    ntest = nsub.add_parser("test", help="send a test message now (exit 4 unless every channel accepted it)")
    ntest.add_argument("--channel", metavar="NAME", help="only this channel")
    ntest.add_argument("--json", action="store_true", help="machine-readable output")
    ntest.set_defaults(handler="gpudesk.commands.notify:run_test")
    ncredit = nsub.add_parser("credit", help="alert when a provider account's credit falls below an amount")
    group = ncredit.add_mutually_exclusive_group()
    group.add_argument("--below", type=_amount, metavar="AMOUNT", help="in each account's own currency")
    group.add_argument("--off", action="store_true", help="no credit alerts")
    ncredit.add_argument("--check", action="store_true", help="read every account's credit now and alert if low")
    ncredit.set_defaults(handler="gpudesk.commands.notify:run_credit")
    nstock = nsub.add_parser(
        "stock", help="alert when a GPU you want is in stock at or under a price (checked while the app runs)"
    )
    nstock.add_argument("--gpu", metavar="MODEL", help="the GPU, as the catalog names it (H100, H200 SXM, A100 80GB)")
    nstock.add_argument("--max-price", type=float, metavar="USD", help="per GPU-hour, in US dollars")
    nstock.add_argument("--count", type=int, default=1, metavar="N", help="at least N GPUs in one machine (default 1)")
    nstock.add_argument("--remove", metavar="MODEL", help="stop watching this GPU")
    nstock.add_argument("--check", action="store_true", help="read the providers' live prices now and alert on matches")
    nstock.add_argument("--json", action="store_true", help="machine-readable output")
    nstock.set_defaults(handler="gpudesk.commands.notify:run_stock")
    nlist = nsub.add_parser("list", help="list alert channels (secrets hidden)")
    nlist.add_argument("--json", action="store_true", help="machine-readable output")
    nlist.set_defaults(handler="gpudesk.commands.notify:run_list")


def run_add(args: argparse.Namespace) -> int:
    from gpudesk.core.alerts.store import ChannelStore
    from gpudesk.core.secrets import SecretsUnavailable

    secret = None
    if args.secret_env:
        secret = os.environ.get(args.secret_env)
        if not secret:
            raise UsageError(f"the environment variable {args.secret_env} is not set or empty.")
    try:
        events = parse_events(args.events)
        channel = ChannelStore().add(args.name, args.kind, args.url, events, secret)
    except ChannelError as exc:
        raise UsageError(str(exc)) from None
    except SecretsUnavailable as exc:
        raise UsageError(str(exc)) from None
    where = f" → {channel.url}" if channel.url else ""
    print(f"Added alert channel '{channel.name}' ({channel.kind}){where}.")
    print("Try it: gpudesk notify test --channel " + channel.name)
    return 0


def run_remove(args: argparse.Namespace) -> int:
    from gpudesk.core.alerts.store import ChannelStore

    if not ChannelStore().remove(args.name):
        raise UsageError(f"there is no alert channel named '{args.name}' (gpudesk notify list shows them).")
    print(f"Removed alert channel '{args.name}'.")
    return 0


def run_list(args: argparse.Namespace) -> int:
    from gpudesk.core.alerts.store import ChannelStore

    store = ChannelStore()
    rows = [{"name": c.name, "kind": c.kind, "url": c.url, "events": c.to_json()["events"]} for c in store.channels()]
    if store.problem:
        print(f"gpudesk: {store.problem}", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print("No alert channels. Add one: gpudesk notify add NAME --kind ntfy --url https://ntfy.sh/your-topic")
        return 0
    for r in rows:
        events = "all events" if sorted(r["events"]) == sorted(EVENTS) else ", ".join(r["events"])
        print(f"{r['name']}  {r['kind']}  {r['url'] or '-'}  ({events})")
    return 0


def run_test(args: argparse.Namespace) -> int:
    from gpudesk.core.alerts.sender import send_test
    from gpudesk.core.alerts.store import ChannelStore

    store = ChannelStore()
    names = None
    if args.channel:
        if store.get(args.channel) is None:
            raise UsageError(f"there is no alert channel named '{args.channel}' (gpudesk notify list shows them).")
        names = [args.channel]
    elif not store.channels():
        raise UsageError("there are no alert channels to test; add one with gpudesk notify add.")
    results = send_test(store, names)
    rows = [{"channel": name, "ok": answer.ok, "detail": str(answer.detail)} for name, answer in results]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for r in rows:
            print(f"{r['channel']}: {'ok' if r['ok'] else 'FAILED'} — {r['detail']}")
    if not rows:
        print("gpudesk: no channel to test (desktop channels are tested from the app).", file=sys.stderr)
        return EXIT_REMOTE
    return 0 if all(r["ok"] for r in rows) else EXIT_REMOTE


def _amount(text: str) -> float:
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not an amount") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"'{text}': give an amount of 0 or more")
    return value


def run_credit(args: argparse.Namespace) -> int:
    from gpudesk.core.alerts.credit import credit_threshold, set_credit_threshold

    if args.below is not None or args.off:
        set_credit_threshold(None if args.off else args.below)
    limit = credit_threshold()
    print("Credit alerts: off." if limit is None else f"Credit alerts below {limit:g} (each account's currency).")
    if not args.check or limit is None:
        return 0
    from gpudesk.core.alerts.credit import check_once
    from gpudesk.core.alerts.dispatch import AlertDispatcher
    from gpudesk.core.alerts.sender import Sender

    sender = Sender()
    dispatcher = AlertDispatcher(None, sender)
    try:
        balances = check_once(dispatcher, limit)
        sender.flush(30)
    finally:
        sender.close()
    for balance in balances:
        low = " (low: alert sent)" if balance.low(limit) else ""
        print(f"{balance.provider}: {balance.amount:.2f} {balance.currency}{low}")
    return 0


def run_stock(args: argparse.Namespace) -> int:
    """``notify stock``: add (--gpu --max-price), remove (--remove) or list the GPUs watched; --check reads now.

    JSON: ``{"wants": [{"gpu", "max_price", "count"}], "found": [{"gpu", "provider", "gpu_count",
    "price_per_gpu_hour", "region", "source"}]}`` (found only with --check)."""
    from gpudesk.core.alerts import stock
    from gpudesk.core.i18n import message_of

    try:
        if args.remove:
            if not stock.remove_want(args.remove):
                raise UsageError(f"{args.remove} was not watched.")
        elif args.gpu or args.max_price is not None:
            if not args.gpu or args.max_price is None:
                raise UsageError("Give both --gpu MODEL and --max-price USD.")
            stock.add_want(args.gpu, args.max_price, args.count)
    except stock.StockError as exc:
        raise UsageError(message_of(exc)) from None
    found: list[stock.Match] = []
    if args.check:
        from gpudesk.core.alerts.sender import Sender

        sender = Sender()
        try:
            watch = stock.StockWatch(sender, interval_s=1e9, first_s=1e9)
            found = watch.check_once()
            watch.close()
            sender.flush(30.0)
        finally:
            sender.close()
    wanted = stock.wants()
    if args.json:
        print(
            json.dumps(
                {
                    "wants": [w.to_json() for w in wanted],
                    "found": [
                        {
                            "gpu": m.want.gpu,
                            "provider": m.provider,
                            "gpu_count": m.gpu_count,
                            "price_per_gpu_hour": round(m.per_gpu, 4),
                            "region": m.region,
                            "source": m.source,
                        }
                        for m in found
                    ],
                },
                indent=2,
            )
        )
        return 0
    if not wanted:
        print("No GPU is watched. Add one: gpudesk notify stock --gpu H200 --max-price 2.5")
    for w in wanted:
        print(f"{w.count}× {w.gpu} at or under ${w.max_price:.2f}/GPU-h")
    for m in found:
        print(f"In stock: {m.gpu_count}× {m.gpu_name} at {m.provider} ({m.region}) ${m.per_gpu:.2f}/GPU-h")
    return 0
