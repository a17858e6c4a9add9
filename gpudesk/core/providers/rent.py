"""Rent a GPU server, once, for the rent dialog and ``gpudesk instances launch`` alike: Qt-free, blocking.

:func:`prepare` finds the account that can rent a catalog row and asks for its quote;
:func:`rent` registers the key, rents once, waits until SSH answers, records the host key and
makes the session (the dialog follows its steps through ``report``, and stops it through
``cancel``); :func:`alternative` finds the next-best offer after a capacity refusal; :func:`end`
terminates what was rented and is not wanted (the user's answer, a faulty GPU, a server that never
answered SSH) through :func:`gpudesk.core.billing.actions.instance_action`, so its meter stops and
every view hears of it. While the demo runs, its provider stands in for any row the user has no
account for (the caller names the demo's account), and its session logs in with the demo server's
password (the demo SSH server takes no keys).

Offers are typed by :class:`~gpudesk.core.providers.launch.Offer` (a catalog row) and
:class:`~gpudesk.core.providers.launch.Pick` (the planner's pick of one).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

import paramiko

from gpudesk.core.billing import audit
from gpudesk.core.billing.actions import instance_action
from gpudesk.core.billing.meter import shared_meter
from gpudesk.core.i18n import msg
from gpudesk.core.providers import launch, launch_key
from gpudesk.core.providers.accounts import KINDS, Account, AccountStore, provider_for
from gpudesk.core.providers.base import BaseProvider, Instance
from gpudesk.core.providers.errors import NotFound, ProviderError
from gpudesk.core.providers.launch import Offer, Pick, Rentable, count_of, offer_of
from gpudesk.core.providers.launchspec import LaunchSpec, Quote, clean_id, clean_text
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore, Verdict, fetch_server_key
from gpudesk.core.ssh.keys import fingerprint as key_fingerprint
from gpudesk.core.ssh.keys import generate_ed25519

__all__ = [
    "END_CONFIRM_S",
    "WAIT_S",
    "Choice",
    "DemoLogin",
    "DemoServer",
    "Launched",
    "Offer",
    "Offered",
    "Pick",
    "Prepared",
    "Rentable",
    "accounts_for",
    "alternative",
    "demo_spec_and_memory",
    "differences",
    "end",
    "instance_state",
    "next_best_quote",
    "picked_of",
    "prepare",
    "quote_for",
    "rent",
    "rented_of",
    "requote",
]

#: how long the dialog waits for SSH before it offers to terminate (the CLI's default too)
WAIT_S = 900.0
#: how long an end of a rental re-reads the instance for the provider's confirmation
END_CONFIRM_S = 2.0


class DemoServer(Protocol):
    """The running demo as renting reads it (``gpudesk.core.demo``'s server in this process, or its host)."""

    @property
    def username(self) -> str: ...
    @property
    def password(self) -> str: ...
    @property
    def host_key(self) -> paramiko.PKey | None: ...
    @property
    def host(self) -> str: ...
    @property
    def port(self) -> int: ...


@dataclass
class DemoLogin:
    """The demo SSH server's login, read from the running demo (kept in memory only)."""

    username: str
    password: str
    host_key: paramiko.PKey | None = None  # the demo server's key, to check the one the rented pod presents
    host: str = ""  # the demo server's address: a rented demo pod answers there
    port: int = 0

    @classmethod
    def of(cls, server: DemoServer | None) -> DemoLogin | None:
        """The login of the running demo ``server``; None while no demo runs."""
        if server is None:
            return None
        return cls(server.username, server.password, server.host_key, str(server.host or ""), int(server.port or 0))


@dataclass
class Choice:
    """One rental as the confirmation shows it: account, provider client, quote, and where it came from."""

    account: Account
    provider: BaseProvider
    quote: Quote
    item: Rentable | None  # the catalog offer or planner pick it came from (None: the command line's flags)
    label: str  # the GPU as the catalog names it ("RTX 4090"), for the session's name
    demo: bool = False
    spot_refused: bool = False  # the row was spot; this provider rents on demand only
    memory_gb: float | None = None  # per GPU, where the provider says (the demo: its own GPU's)

    @property
    def spec(self) -> LaunchSpec:
        return self.quote.spec

    @property
    def provider_title(self) -> str:
        """The provider that rents it: the demo provider while the demo stands in."""
        return self.account.name if self.demo else self.provider.title

    @property
    def gpu_text(self) -> str:
        """The GPU as the provider names it (the demo: its own GPU, never the row's)."""
        return self.label or self.spec.gpu


@dataclass
class Prepared:
    """The answer to "Rent" on a row: the accounts that can rent it, and the quote of the chosen one."""

    title: str  # the provider as the catalog names it
    kind: str | None  # None: gpudesk cannot rent from it through an API
    accounts: list[str] = field(default_factory=list)
    choice: Choice | None = None


@dataclass
class Launched:
    """A rented server: with its session once it answered SSH (None: not waited for)."""

    session: Session | None
    instance: Instance
    fingerprint: str = ""
    key_state: str = ""  # recorded | known | changed ("": not read)
    host_keys: HostKeyStore | None = None  # the demo's store (its key trusted for this run); None: the app's own file
    password: str | None = None  # the demo's login, never saved


@dataclass
class Offered:
    """One rental as a person compares them: provider, GPU × count, memory per GPU, price of the whole."""

    provider: str
    gpu: str
    count: int
    memory_gb: float | None
    price_per_hour: float | None
    currency: str


def _gpu_label(offer: Offer) -> str:
    return clean_text(str(offer.gpu_name or offer.gpu.model), 60)


def _memory(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def picked_of(item: Rentable) -> Offered:
    """The offer the user picked (a catalog row or a planner pick), as the catalog showed it."""
    offer = offer_of(item)
    price: float | None = item.price_per_hour if isinstance(item, Pick) else None
    if price is None:
        price = offer.price_per_hour
    return Offered(
        clean_text(str(offer.provider), 60),
        _gpu_label(offer),
        int(count_of(item) or 1),
        _memory(offer.vram_gb_per_gpu),
        float(price) if isinstance(price, (int, float)) else None,
        str(item.currency or offer.currency or "USD"),
    )


def rented_of(choice: Choice) -> Offered:
    """What ``choice`` rents, in the provider's words (the demo: its own server)."""
    spec, quote = choice.spec, choice.quote
    return Offered(
        choice.provider_title,
        clean_text(choice.gpu_text, 60),
        int(spec.count),
        choice.memory_gb,
        quote.price_per_hour,
        quote.currency,
    )


def _same_name(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum()).replace("nvidia", "")

    return bool(norm(a)) and (norm(a) in norm(b) or norm(b) in norm(a))


def differences(picked: Offered, rented: Offered, demo: bool) -> list[str]:
    """What differs between the picked offer and the one rented: "provider", "gpu", "count", "memory", "price"."""
    found = []
    if demo or not _same_name(picked.provider, rented.provider):
        found.append("provider")
    if demo or (picked.gpu and rented.gpu and not _same_name(picked.gpu, rented.gpu)):
        found.append("gpu")
    if picked.count != rented.count:
        found.append("count")
    if picked.memory_gb and rented.memory_gb and abs(picked.memory_gb - rented.memory_gb) >= 1:
        found.append("memory")
    if (
        picked.price_per_hour is not None
        and rented.price_per_hour is not None
        and (
            abs(picked.price_per_hour - rented.price_per_hour) > max(0.005, 0.02 * picked.price_per_hour)
            or picked.currency != rented.currency
        )
    ):
        found.append("price")
    return found


def _launchable(kind: str) -> bool:
    cls = KINDS.get(kind)
    return cls is not None and cls.launch is not BaseProvider.launch


def accounts_for(title: str, store: AccountStore | None = None, *, demo: str = "") -> list[str]:
    """Accounts that can rent a row of ``title``; the demo's account ``demo`` last, while the demo runs."""
    store = store or AccountStore()
    kind = launch.kind_for_title(title)
    names = [
        a.name for a in store if kind and a.kind == kind and _launchable(a.kind) and not store.is_transient(a.name)
    ]
    if demo and store.is_transient(demo):
        names.append(demo)
    return names


def prepare(
    item: Rentable, account: str | None = None, *, spot: bool | None = None, bid: float | None = None, demo: str = ""
) -> Prepared:
    """Blocking: the accounts for ``item``'s provider and the quote of ``account`` (the first one by default)."""
    title = str(offer_of(item).provider)
    store = AccountStore()
    names = accounts_for(title, store, demo=demo)
    prepared = Prepared(title, launch.kind_for_title(title), names)
    if not names:
        return prepared
    found = store.get(account if account in names else names[0])
    assert found is not None
    prepared.choice = quote_for(item, found, spot=spot, bid=bid, demo=demo)
    return prepared


def quote_for(
    item: Rentable,
    account: Account,
    *,
    spot: bool | None = None,
    bid: float | None = None,
    provider: BaseProvider | None = None,
    demo: str = "",
) -> Choice:
    """Blocking: the quote for ``item`` at ``account``; a spot row falls back to on demand where spot is not rented."""
    provider = provider or provider_for(account)
    is_demo = bool(demo) and account.name == demo and AccountStore().is_transient(demo)
    if is_demo:
        provider.title = demo  # type: ignore[misc]  # its progress names the demo, not the provider it imitates
    offer = offer_of(item)
    memory: float | None = None
    if is_demo:
        spec, memory = demo_spec_and_memory(provider, int(count_of(item) or 1))
    else:
        _kind, spec = launch.spec_from_offer(item)
    if spot is not None:
        spec.spot = spot
    refused = spec.spot and not provider.can_spot
    if refused:
        spec.spot = False
    spec.bid = float(bid) if spec.spot and bid else None
    quote = launch.quote(provider, spec)
    label = _gpu_label(offer)
    if is_demo:
        label = clean_text(quote.spec.gpu.removeprefix("NVIDIA "), 60)  # what the demo rents, never the row's GPU
    else:
        memory = _memory(offer.vram_gb_per_gpu)
    return Choice(account, provider, quote, item, label or clean_text(quote.spec.gpu, 60), is_demo, refused, memory)


def requote(choice: Choice, *, spot: bool, bid: float | None, spec: LaunchSpec | None = None) -> Choice:
    """Blocking: the same rental (or ``spec``, e.g. the one confirmed before) with spot or a bid changed, priced again."""
    spec = (spec or choice.spec).with_(spot=spot, bid=float(bid) if spot and bid else None)
    return replace(choice, quote=launch.quote(choice.provider, spec), spot_refused=choice.spot_refused and not spot)


def demo_spec_and_memory(provider: BaseProvider, count: int) -> tuple[LaunchSpec, float | None]:
    """The demo provider has one GPU type (its own): rent that, as many as the row asks and the demo has.

    Also returns the demo GPU's memory in GB.
    """
    body = provider.api.request("GET", "/v2/catalog/gpus")
    gpus = body.get("gpus") if isinstance(body, dict) else None
    first = gpus[0] if isinstance(gpus, list) and gpus and isinstance(gpus[0], dict) else {}
    gpu_id = clean_id(first.get("id"))
    if gpu_id is None:
        raise ProviderError(msg("ProviderError", "The demo provider lists no GPU to rent."))
    limits = first.get("maxCount")
    secure = limits.get("secure") if isinstance(limits, dict) else None
    most = secure if isinstance(secure, int) else 1
    return LaunchSpec(gpu=gpu_id, count=max(1, min(count, most)), name="gpudesk-demo"), _memory(first.get("memory"))


# -- after a capacity refusal ------------------------------------------------------------------
def alternative(
    choice: Choice, ranked: list[Rentable], tried: list[Rentable | Quote], *, demo: str = ""
) -> Choice | None:
    """Blocking: the next-best rental after ``choice`` was refused for capacity, or None.

    From the planner's ranked list (rows the user has an account for) when the rental came from
    it, else the same provider's other offers. ``tried`` (items and quotes) are skipped; what is
    returned is appended to it.
    """
    store = AccountStore()
    if ranked and choice.item is not None and choice.item in ranked and not choice.demo:
        rentable = [
            r for r in ranked if any(n != demo for n in accounts_for(str(offer_of(r).provider), store, demo=demo))
        ]
        for _ in range(5):  # a few rows may fail to quote (no such GPU at the provider now): try the next
            alt = launch.next_best(rentable, choice.item, tried)
            if alt is None:
                break
            tried.append(alt)
            try:
                found = prepare(alt, demo=demo)
            except ProviderError:  # a capacity refusal (CapacityError) too
                continue
            if found.choice is not None:
                tried.append(found.choice.quote)
                return found.choice
    if choice.demo:
        return None
    spec = choice.spec
    try:
        offers = choice.provider.offers(spec.with_(offer_id="") if spec.gpu else spec)
    except ProviderError:
        return None
    quote = launch.next_best(offers, choice.quote, [t for t in tried if isinstance(t, Quote)])
    if quote is None:
        return None
    tried.append(quote)
    return Choice(choice.account, choice.provider, quote, choice.item, choice.label, False, choice.spot_refused)


def next_best_quote(provider: BaseProvider, spec: LaunchSpec, failed: Quote) -> Quote | None:
    """Blocking: the same provider's next-best offer after ``failed`` was refused for capacity (nothing rented)."""
    try:
        offers = provider.offers(spec.with_(offer_id="") if spec.gpu else spec)
    except ProviderError:
        return None
    return launch.next_best(offers, failed)


# -- renting -------------------------------------------------------------------------------------
Report = Callable[[str, object], None]


def _quiet(_step: str, _value: object) -> None:
    return None


def rent(
    choice: Choice,
    spec: LaunchSpec,
    *,
    by: str,
    report: Report = _quiet,
    cancel: threading.Event | None = None,
    public_key: str | None = None,
    name: str | None = None,
    wait: bool = True,
    save_early: bool = True,
    read_host_key: bool = True,
    demo_login: DemoLogin | None = None,
    timeout_s: float = WAIT_S,
    poll_s: float = 3.0,
) -> Launched:
    """Blocking: key, launch (sent once), wait until SSH answers, host key, session.

    ``by`` names the caller in the audit log ("rent dialog", "command line"); ``name`` the session
    (None: "1× RTX 4090 · account"; "": the provider's name for the instance). ``public_key`` is
    the key the server is to take (default: the launch key, made when there is none; the demo's
    server takes its password only). ``report(step, value)`` is called from this thread with:
    "key", "launch", "launched" (the Instance), "saved" (the session saved the moment the
    provider gave the id, with ``save_early``), "progress" (a launch.Progress), "hostkey"
    ((fingerprint, state), with ``read_host_key``), "session". Without ``wait`` it returns once
    rented, with no session. A set ``cancel`` raises :class:`launch.LaunchCancelled` (with the
    instance once one is rented); nothing is terminated here: the caller asks :func:`end`.
    """
    cancel = cancel or threading.Event()
    provider, account = choice.provider, choice.account
    if name is None:
        name = f"{spec.count}× {choice.label} · {account.name}"
    report("key", None)
    if public_key is None:
        # the demo server takes its password only: a throw-away key, never the launch key
        public_key = generate_ed25519(comment="gpudesk-demo")[1] if choice.demo else launch_key.ensure()
    key_ref = launch.register_key(provider, public_key, "gpudesk")
    if cancel.is_set():
        raise launch.LaunchCancelled(msg("Launch", "Stopped before renting: nothing was rented."), None)
    report("launch", None)
    try:
        inst = launch.launch(provider, spec, public_key, key_ref=key_ref, quote=choice.quote)
    except launch.RentedNotStarted as exc:  # made but not started (a Vast.ai bid too low): it exists and bills its disk
        audit.record(
            f"{account.name}:{exc.instance.id}", "launch", f"{by}: created, not started", "ok", automatic=False
        )
        raise
    audit.record(f"{account.name}:{inst.id}", "launch", by, "ok", automatic=False, price_per_hour=inst.price_per_hour)
    report("launched", inst)
    demo = demo_login is not None and choice.demo
    early: Session | None = None
    if save_early:
        # It bills from now on: its session is saved (and its meter runs) before anything else can go wrong.
        login = None
        if demo and demo_login is not None:
            login = (
                demo_login.host or inst.ssh_host,
                demo_login.port or int(inst.ssh_port or 22),
                demo_login.username,
                demo_login.password,
            )
        early = launch.save_rented(
            inst, choice.quote, name, provider, account=account.name if demo else "", login=login
        )
        report("saved", early)
    if not wait:
        return Launched(None, inst)
    _stop_if(cancel, inst)
    # Usable once the registered key logs in (a provider's SSH proxy answers before the instance has the key);
    # the demo server takes its password only, so a banner is enough there.
    login_key = None if choice.demo else launch_key.private_key()
    inst = launch.wait_usable(
        provider,
        inst.id,
        timeout_s,
        on_progress=lambda p: report("progress", p),
        cancel=cancel,
        poll_s=poll_s,
        login_key=login_key,
    )
    inst.extra.setdefault("launched_at", time.time())
    fingerprint, state, store = "", "", None
    if read_host_key:
        fingerprint, state, store = _host_key(inst, demo_login)
        report("hostkey", (fingerprint, state))
    _stop_if(cancel, inst)
    if demo and demo_login is not None and early is not None:
        launched = Launched(early, inst, fingerprint, state, store, demo_login.password)
    else:
        session = launch.create_session(inst, choice.quote, name=name, provider=provider, existing=early)
        launched = Launched(session, inst, fingerprint, state)
    report("session", launched.session)
    return launched


def _stop_if(cancel: threading.Event, inst: Instance) -> None:
    if cancel.is_set():
        raise launch.LaunchCancelled(
            msg("ProviderError", "Stopped waiting for instance {id}. It is rented and may be billing.", id=inst.id),
            inst,
        )


def _host_key(inst: Instance, demo_login: DemoLogin | None) -> tuple[str, str, HostKeyStore | None]:
    """Read the server's host key and record it on first sight: (fingerprint, state, store for the demo)."""
    host, port = inst.ssh_host, int(inst.ssh_port or 22)
    key = fetch_server_key(host, port)
    if demo_login is not None and demo_login.host_key is not None:
        # The demo's server is ours: its key is known without asking, and trusted for this run only.
        store = HostKeyStore()
        same = key.asbytes() == demo_login.host_key.asbytes()
        if same:
            store.trust_once(host, port, key)
        return key_fingerprint(key), "recorded" if same else "changed", store
    store = HostKeyStore()
    verdict, _expected = store.check(host, port, key)
    if verdict is Verdict.UNKNOWN:
        store.add(host, port, key)  # first sight of a server we just rented: recorded, and shown to the user
        return key_fingerprint(key), "recorded", None
    return key_fingerprint(key), "known" if verdict is Verdict.KNOWN else "changed", None


# -- ending what was rented ------------------------------------------------------------------------
def end(choice: Choice, instance_id: str, reason: str, *, automatic: bool = False, strict: bool = True) -> bool:
    """Blocking: terminate the rented instance through the one action path, and read it again: True once gone.

    :func:`instance_action` asks the provider, re-reads the instance, stops the meter of its
    session and tells every view (``acted``). Terminating counts as gone (its billing is ending).
    A rental confirmed gone before it was used loses its session (saved when it was rented). Not
    gone: with ``strict`` it raises, else it answers False (the caller says it may bill).
    """
    outcome = instance_action(
        choice.provider,
        choice.account.name,
        instance_id,
        "terminate",
        reason=reason,
        automatic=automatic,
        meter=shared_meter(),
        confirm_s=END_CONFIRM_S,
    )
    last = outcome.instance
    gone = outcome.confirmed or (last is not None and last.status in ("terminating", "terminated"))
    if gone:  # confirmed gone before it was used: its session (saved when it was rented) goes too
        launch.forget_rented(choice.account.name, instance_id)
        launch.forget_rented(choice.provider.title, instance_id)
    elif strict:
        raise ProviderError(
            msg(
                "Launch",
                "{provider} was asked to end instance {id} but still lists it: it may bill.",
                provider=choice.account.name,
                id=instance_id,
            )
        )
    return gone


def instance_state(choice: Choice, instance_id: str) -> Instance | None:
    """Blocking: the instance as the provider sees it now; None when the provider no longer knows it."""
    try:
        return choice.provider.get_instance(instance_id)
    except NotFound:
        return None
