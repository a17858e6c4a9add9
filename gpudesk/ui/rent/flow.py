"""The rent flow's blocking steps (provider HTTP, keyring, SSH): the rent dialog runs them off the GUI thread.

No widgets here. :func:`prepare` finds the account that can rent a catalog row and asks for its quote;
:func:`run_launch` registers the key, rents once, waits until SSH answers, records the host key and
makes the session; :func:`alternative` finds the next-best offer after a capacity refusal. While the
demo runs, its provider stands in for any row the user has no account for, and its session logs in
with the demo server's password (the demo SSH server takes no keys).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpudesk.core.billing import audit
from gpudesk.core.catalog.table import PROVIDER_URLS
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
from gpudesk.core.i18n import msg
from gpudesk.core.providers import launch, launch_key
from gpudesk.core.providers.accounts import KINDS, Account, AccountStore, provider_for
from gpudesk.core.providers.base import BaseProvider, Instance
from gpudesk.core.providers.errors import CapacityError, ProviderError
from gpudesk.core.providers.launchspec import LaunchSpec, Quote, clean_id, clean_text
from gpudesk.core.sessions.model import Session

#: how long the dialog waits for SSH before it offers to terminate (the CLI's default too)
WAIT_S = 900.0


@dataclass
class DemoLogin:
    """The demo SSH server's login, read from the running demo (kept in memory only)."""

    username: str
    password: str
    host_key: Any = None  # the demo server's paramiko key, to check the one the rented pod presents
    host: str = ""  # the demo server's address: a rented demo pod answers there
    port: int = 0


@dataclass
class Choice:
    """One rental as the confirmation shows it: account, provider client, quote, and where it came from."""

    account: Account
    provider: BaseProvider
    quote: Quote
    item: Any  # the catalog offer or planner recommendation it came from
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
        return DEMO_ACCOUNT if self.demo else self.provider.title

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

    @property
    def url(self) -> str:
        return PROVIDER_URLS.get(self.title, "")


@dataclass
class Launched:
    """A usable rented server with its session."""

    session: Session
    instance: Instance
    fingerprint: str
    key_state: str  # recorded | known | changed
    host_keys: Any = None  # the demo's store (its key trusted for this run); None: the app's own file
    password: str | None = None  # the demo's login, never saved


def offer_of(item: Any) -> Any:
    return getattr(item, "offer", item)


@dataclass
class Offered:
    """One rental as a person compares them: provider, GPU × count, memory per GPU, price of the whole."""

    provider: str
    gpu: str
    count: int
    memory_gb: float | None
    price_per_hour: float | None
    currency: str


def picked_of(item: Any) -> Offered:
    """The offer the user picked (a catalog row or a planner recommendation), as the catalog showed it."""
    offer = offer_of(item)
    count = int(getattr(item, "count", 0) or getattr(offer, "gpu_count", 1) or 1)
    price = getattr(item, "price_per_hour", None)
    if price is None:
        price = getattr(offer, "price_per_hour", None)
    memory = getattr(offer, "vram_gb_per_gpu", None)
    return Offered(
        clean_text(str(getattr(offer, "provider", "")), 60),
        clean_text(str(getattr(offer, "gpu_name", "") or getattr(getattr(offer, "gpu", None), "model", "")), 60),
        count,
        float(memory) if isinstance(memory, (int, float)) and memory > 0 else None,
        float(price) if isinstance(price, (int, float)) else None,
        str(getattr(item, "currency", "") or getattr(offer, "currency", "") or "USD"),
    )


def rented_of(choice: Choice) -> Offered:
    """What ``choice`` rents, in the provider's words (the demo: its own server)."""
    spec, quote = choice.spec, choice.quote
    memory = choice.memory_gb
    return Offered(
        choice.provider_title,
        clean_text(choice.gpu_text, 60),
        int(spec.count),
        memory,
        quote.price_per_hour,
        quote.currency,
    )


def _same_name(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum()).replace("nvidia", "")

    return bool(norm(a)) and (norm(a) in norm(b) or norm(b) in norm(a))


def differences(picked: Offered, rented: Offered, demo: bool) -> list[str]:
    """What differs between the picked offer and the one that will be rented: "provider", "gpu", "count", "memory", "price"."""
    found = []
    if demo or not _same_name(picked.provider, rented.provider):
        found.append("provider")
    if demo or (picked.gpu and rented.gpu and not _same_name(picked.gpu, rented.gpu)):
        found.append("gpu")
    if picked.count != rented.count:
        found.append("count")
    if picked.memory_gb and rented.memory_gb and abs(picked.memory_gb - rented.memory_gb) >= 1:
        found.append("memory")
    if picked.price_per_hour is not None and rented.price_per_hour is not None and (
        abs(picked.price_per_hour - rented.price_per_hour) > max(0.005, 0.02 * picked.price_per_hour)
        or picked.currency != rented.currency
    ):
        found.append("price")
    return found


def _launchable(kind: str) -> bool:
    cls = KINDS.get(kind)
    return cls is not None and cls.launch is not BaseProvider.launch


def accounts_for(title: str, store: AccountStore | None = None) -> list[str]:
    """Accounts that can rent a row of ``title``; the demo's provider last, while the demo runs."""
    store = store or AccountStore()
    kind = launch.kind_for_title(title)
    names = [a.name for a in store if kind and a.kind == kind and _launchable(a.kind) and not store.is_transient(a.name)]
    if store.is_transient(DEMO_ACCOUNT):
        names.append(DEMO_ACCOUNT)
    return names


def prepare(item: Any, account: str | None = None, *, spot: bool | None = None, bid: float | None = None) -> Prepared:
    """Blocking: the accounts for ``item``'s provider and the quote of ``account`` (the first one by default)."""
    offer = offer_of(item)
    title = str(getattr(offer, "provider", ""))
    store = AccountStore()
    names = accounts_for(title, store)
    prepared = Prepared(title, launch.kind_for_title(title), names)
    if not names:
        return prepared
    found = store.get(account if account in names else names[0])
    assert found is not None
    prepared.choice = quote_for(item, found, spot=spot, bid=bid)
    return prepared


def quote_for(item: Any, account: Account, *, spot: bool | None = None, bid: float | None = None,
              provider: BaseProvider | None = None) -> Choice:
    """Blocking: the quote for ``item`` at ``account``; a spot row falls back to on demand where spot is not rented."""
    provider = provider or provider_for(account)
    demo = account.name == DEMO_ACCOUNT and AccountStore().is_transient(DEMO_ACCOUNT)
    if demo:
        provider.title = DEMO_ACCOUNT  # type: ignore[misc]  # its progress names the demo, not the provider it imitates
    offer = offer_of(item)
    memory: float | None = None
    if demo:
        spec, memory = demo_spec_and_memory(provider, int(getattr(item, "count", getattr(offer, "gpu_count", 1)) or 1))
    else:
        _kind, spec = launch.spec_from_offer(item)
    if spot is not None:
        spec.spot = spot
    refused = spec.spot and not provider.can_spot
    if refused:
        spec.spot = False
    spec.bid = float(bid) if spec.spot and bid else None
    quote = launch.quote(provider, spec)
    label = clean_text(str(getattr(offer, "gpu_name", "") or getattr(getattr(offer, "gpu", None), "model", "")), 60)
    if demo:
        label = clean_text(quote.spec.gpu.removeprefix("NVIDIA "), 60)  # what the demo rents, never the row's GPU
    else:
        vram = getattr(offer, "vram_gb_per_gpu", None)
        memory = float(vram) if isinstance(vram, (int, float)) and vram > 0 else None
    return Choice(account, provider, quote, item, label or clean_text(quote.spec.gpu, 60), demo, refused, memory)


def requote(choice: Choice, *, spot: bool, bid: float | None, spec: LaunchSpec | None = None) -> Choice:
    """Blocking: the same rental (or ``spec``, e.g. the one confirmed before) with spot or a bid changed, priced again."""
    from dataclasses import replace

    spec = (spec or choice.spec).with_(spot=spot, bid=float(bid) if spot and bid else None)
    return replace(choice, quote=launch.quote(choice.provider, spec), spot_refused=choice.spot_refused and not spot)


def demo_spec(provider: BaseProvider, count: int) -> LaunchSpec:
    """The demo provider has one GPU type (its own): rent that, as many as the row asks and the demo has."""
    return demo_spec_and_memory(provider, count)[0]


def demo_spec_and_memory(provider: BaseProvider, count: int) -> tuple[LaunchSpec, float | None]:
    """:func:`demo_spec` and the demo GPU's memory in GB."""
    body = provider.api.request("GET", "/v2/catalog/gpus")
    gpus = body.get("gpus") if isinstance(body, dict) else None
    first = gpus[0] if isinstance(gpus, list) and gpus and isinstance(gpus[0], dict) else {}
    gpu_id = clean_id(first.get("id"))
    if gpu_id is None:
        raise ProviderError(msg("ProviderError", "The demo provider lists no GPU to rent."))
    limits = first.get("maxCount") if isinstance(first.get("maxCount"), dict) else {}
    most = limits.get("secure") if isinstance(limits.get("secure"), int) else 1
    memory = first.get("memory")
    memory_gb = float(memory) if isinstance(memory, (int, float)) and not isinstance(memory, bool) and memory > 0 else None
    return LaunchSpec(gpu=gpu_id, count=max(1, min(count, most)), name="gpudesk-demo"), memory_gb


# -- after a capacity refusal ------------------------------------------------------------------
def alternative(choice: Choice, ranked: list[Any], tried: list[Any]) -> Choice | None:
    """Blocking: the next-best rental after ``choice`` was refused for capacity, or None.

    From the planner's ranked list (rows the user has an account for) when the rental came from
    it, else the same provider's other offers. ``tried`` (items and quotes) are skipped; what is
    returned is appended to it.
    """
    store = AccountStore()
    if ranked and choice.item in ranked and not choice.demo:
        rentable = [r for r in ranked if any(n != DEMO_ACCOUNT for n in accounts_for(str(offer_of(r).provider), store))]
        for _ in range(5):  # a few rows may fail to quote (no such GPU at the provider now): try the next
            alt = launch.next_best(rentable, choice.item, tried)
            if alt is None:
                break
            tried.append(alt)
            try:
                found = prepare(alt)
            except CapacityError:
                continue
            except ProviderError:
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
    alt = launch.next_best(offers, choice.quote, [t for t in tried if isinstance(t, Quote)])
    if alt is None:
        return None
    tried.append(alt)
    return Choice(choice.account, choice.provider, alt, choice.item, choice.label, False, choice.spot_refused)


# -- renting -------------------------------------------------------------------------------------
Report = Callable[[str, Any], None]


def run_launch(
    choice: Choice,
    spec: LaunchSpec,
    cancel: threading.Event,
    report: Report,
    *,
    demo_login: DemoLogin | None = None,
    timeout_s: float = WAIT_S,
    poll_s: float = 3.0,
) -> Launched:
    """Blocking: key, launch (sent once), wait until SSH answers, host key, session.

    ``report(step, value)`` is called from this thread with: "key", "launch", "launched" (the
    Instance), "progress" (a launch.Progress), "hostkey", "session". A set ``cancel`` raises
    :class:`launch.LaunchCancelled` (with the instance once one is rented); nothing is terminated here.
    """
    provider, account = choice.provider, choice.account
    report("key", None)
    if choice.demo:
        from gpudesk.core.ssh.keys import generate_ed25519

        public = generate_ed25519(comment="gpudesk-demo")[1]  # the demo server takes its password only
    else:
        public = launch_key.ensure()
    key_ref = launch.register_key(provider, public, "gpudesk")
    if cancel.is_set():
        raise launch.LaunchCancelled(msg("Launch", "Stopped before renting: nothing was rented."), None)
    report("launch", None)
    try:
        inst = launch.launch(provider, spec, public, key_ref=key_ref, quote=choice.quote)
    except launch.RentedNotStarted as exc:  # made but not started (a Vast.ai bid too low): it exists and bills its disk
        audit.record(f"{account.name}:{exc.instance.id}", "launch", "rent dialog: created, not started", "ok",
                     automatic=False)
        raise
    audit.record(f"{account.name}:{inst.id}", "launch", "rent dialog", "ok", automatic=False,
                 price_per_hour=inst.price_per_hour)
    report("launched", inst)
    # It bills from now on: its session is saved (and its meter runs) before anything else can go wrong.
    name = f"{spec.count}× {choice.label} · {account.name}"
    demo = demo_login is not None and choice.demo
    login = None
    if demo and demo_login is not None:
        login = (demo_login.host or inst.ssh_host, demo_login.port or int(inst.ssh_port or 22), demo_login.username,
                 demo_login.password)
    early = launch.save_rented(inst, choice.quote, name, provider, account=account.name if demo else "", login=login)
    report("saved", early)
    if cancel.is_set():
        raise launch.LaunchCancelled(msg("ProviderError", "Stopped waiting for instance {id}. It is rented and may be billing.",
                                         id=inst.id), inst)
    # Usable once the registered key logs in (a provider's SSH proxy answers before the instance has the key);
    # the demo server takes its password only, so a banner is enough there.
    login_key = None if choice.demo else launch_key.private_key()
    inst = launch.wait_usable(provider, inst.id, timeout_s, on_progress=lambda p: report("progress", p), cancel=cancel,
                              poll_s=poll_s, login_key=login_key)
    inst.extra.setdefault("launched_at", time.time())
    fingerprint, state, store = _host_key(inst, demo_login)
    report("hostkey", (fingerprint, state))
    if cancel.is_set():
        raise launch.LaunchCancelled(msg("ProviderError", "Stopped waiting for instance {id}. It is rented and may be billing.",
                                         id=inst.id), inst)
    if demo and demo_login is not None:
        session = early
        launched = Launched(session, inst, fingerprint, state, store, demo_login.password)
    else:
        session = launch.create_session(inst, choice.quote, name=name, provider=provider, existing=early)
        launched = Launched(session, inst, fingerprint, state)
    report("session", session)
    return launched


def _host_key(inst: Instance, demo_login: DemoLogin | None) -> tuple[str, str, Any]:
    """Read the server's host key and record it on first sight: (fingerprint, state, store for the demo)."""
    from gpudesk.core.ssh.hostkeys import HostKeyStore, Verdict, fetch_server_key
    from gpudesk.core.ssh.keys import fingerprint

    host, port = inst.ssh_host, int(inst.ssh_port or 22)
    key = fetch_server_key(host, port)
    if demo_login is not None and demo_login.host_key is not None:
        # The demo's server is ours: its key is known without asking, and trusted for this run only.
        store = HostKeyStore()
        same = key.asbytes() == demo_login.host_key.asbytes()
        if same:
            store.trust_once(host, port, key)
        return fingerprint(key), "recorded" if same else "changed", store
    store = HostKeyStore()
    verdict, _expected = store.check(host, port, key)
    if verdict is Verdict.UNKNOWN:
        store.add(host, port, key)  # first sight of a server we just rented: recorded, and shown to the user
        return fingerprint(key), "recorded", None
    return fingerprint(key), "known" if verdict is Verdict.KNOWN else "changed", None


def terminate(choice: Choice, instance_id: str, reason: str) -> None:
    """Blocking: end the rented instance's billing (the user asked for it), then read it again to confirm it is gone."""
    gone = launch.terminate_confirmed(choice.provider, instance_id)
    audit.record(f"{choice.account.name}:{instance_id}", "terminate", reason, "ok", automatic=False)
    if gone:  # confirmed gone before it was used: its session (saved when it was rented) goes too
        launch.forget_rented(choice.account.name, instance_id)
        launch.forget_rented(choice.provider.title, instance_id)
    if not gone:
        raise ProviderError(msg("Launch", "{provider} was asked to end instance {id} but still lists it: it may bill.",
                                provider=choice.account.name, id=instance_id))


def instance_state(choice: Choice, instance_id: str) -> Instance | None:
    """Blocking: the instance as the provider sees it now; None when the provider no longer knows it."""
    from gpudesk.core.providers.errors import NotFound

    try:
        return choice.provider.get_instance(instance_id)
    except NotFound:
        return None
