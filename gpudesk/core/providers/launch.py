"""Rent a GPU server through a provider's API and wait until it answers SSH: the flow, Qt-free.

The steps, each one call (they block: run them off the GUI thread)::

    provider = provider_for(account)
    quote = launch.quote(provider, LaunchSpec(gpu="RTX 4090", count=1))   # price, resolved offer, notes
    # … the user confirms quote.description at quote.price_per_hour, with quote.notes …
    public = launch_key.ensure()                      # the gpudesk key pair (private half in the keyring)
    ref = launch.register_key(provider, public, "gpudesk")
    inst = launch.launch(provider, quote.spec, public, key_ref=ref, quote=quote)   # sent once
    inst = launch.wait_usable(provider, inst.id, timeout_s=900, on_progress=show, cancel=event)
    session = launch.create_session(inst, quote)      # saved, priced, metered, key login

Failures are typed: :class:`~gpudesk.core.providers.errors.CapacityError` (the provider has no machine
for it now: offer :func:`next_best`), :class:`NeverReachable` (rented, but SSH never answered: offer
to terminate it, ``exc.instance`` says which), :class:`InstanceGone` (it ended while starting, e.g. a
spot instance taken back), :class:`LaunchCancelled`. A launch is never retried by gpudesk after a 5xx or
a broken connection: the provider may have rented it already, and a second request is a second bill.

Every reply from a provider is treated as hostile input: ids, addresses and words are checked
(:mod:`~gpudesk.core.providers.launchspec`) before they reach a URL, a session or the screen.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import paramiko

from gpudesk.core.i18n import Msg, msg
from gpudesk.core.providers.base import BaseProvider, Instance
from gpudesk.core.providers.errors import (
    BadToken,
    CapacityError,
    NotFound,
    ProviderError,
    ProviderTimeout,
    ServerError,
)
from gpudesk.core.providers.launchspec import LaunchSpec, Quote, RentedNotStarted, clean_id, clean_text
from gpudesk.core.ssh.errors import ConnectError

if TYPE_CHECKING:
    from gpudesk.core.billing.guard import GuardConfig
    from gpudesk.core.sessions.model import Session

__all__ = [
    "CapacityError",
    "InstanceGone",
    "InstanceUnseen",
    "LaunchCancelled",
    "LaunchSpec",
    "NeverReachable",
    "Progress",
    "Quote",
    "RentedNotStarted",
    "Offer",
    "Pick",
    "Rentable",
    "address",
    "count_of",
    "create_session",
    "kind_for_title",
    "launch",
    "next_best",
    "offer_of",
    "probe_login",
    "probe_ssh",
    "quote",
    "register_key",
    "spec_from_offer",
    "terminate_confirmed",
    "wait_usable",
]

#: provider kinds whose API can rent (the planner's provider titles map to them)
LAUNCH_KINDS = {"RunPod": "runpod", "Vast.ai": "vast", "Lambda Cloud": "lambda", "Lambda": "lambda"}

#: progress phases, in order ("login": SSH answers but does not take the registered key yet)
PROVISIONING, BOOTING, ADDRESS, LOGIN, READY = "provisioning", "booting", "address", "login", "ready"
#: what :func:`probe_login` found
LOGIN_OK, LOGIN_REFUSED, NO_ANSWER = "ok", "refused", "no answer"
#: raw provider states that mean "no machine yet" (RunPod PROVISIONING, Vast.ai null/created/scheduling)
_PROVISIONING_RAW = frozenset({"", "provisioning", "none", "null", "created", "scheduling", "pending"})


class NeverReachable(ProviderError, ConnectError):
    """Rented, but SSH did not answer within the limit (exit code 3). It may still bill: offer to terminate."""

    kind = "unreachable"
    exit_code = 3

    def __init__(self, message: str, instance: Instance, phase: str) -> None:
        super().__init__(message)
        self.instance = instance
        self.phase = phase


class InstanceUnseen(NeverReachable):
    """The provider has not shown the rented instance for its whole grace period: it may still exist and bill.

    Never a reason to rent again by itself (that would be a second bill): offer to destroy it.
    """

    kind = "unseen"


class InstanceGone(ProviderError):
    """The instance stopped, ended or vanished while it was starting (a spot instance taken back …)."""

    kind = "gone"

    def __init__(self, message: str, instance: Instance | None = None) -> None:
        super().__init__(message)
        self.instance = instance


class LaunchCancelled(ProviderError):
    """The user cancelled the wait. The instance is rented: the caller decides whether to keep it."""

    kind = "cancelled"

    def __init__(self, message: str, instance: Instance | None = None) -> None:
        super().__init__(message)
        self.instance = instance


@dataclass
class Progress:
    """One step of :func:`wait_usable`: ``phase`` is provisioning, booting, address or ready."""

    phase: str
    instance: Instance
    message: Msg | str


class GpuModel(Protocol):
    """The GPU model a catalog offer names (``gpudesk.core.catalog.data.GpuModel``)."""

    @property
    def model(self) -> str: ...


class Offer(Protocol):
    """A catalog offer as renting reads it (``gpudesk.core.catalog.data.Offer``): the one type of an offer here."""

    @property
    def provider(self) -> str: ...
    @property
    def region(self) -> str: ...
    @property
    def gpu_name(self) -> str: ...
    @property
    def gpu(self) -> GpuModel: ...
    @property
    def gpu_count(self) -> int: ...
    @property
    def vram_gb_per_gpu(self) -> float: ...
    @property
    def price_per_hour(self) -> float: ...
    @property
    def currency(self) -> str: ...
    @property
    def billing(self) -> str: ...
    @property
    def instance_type(self) -> str: ...


@runtime_checkable
class Pick(Protocol):
    """The planner's pick (``gpudesk.core.catalog.planner.Recommendation``): an :class:`Offer`, rented ``count`` times."""

    @property
    def offer(self) -> Offer: ...
    @property
    def count(self) -> int: ...
    @property
    def price_per_hour(self) -> float: ...
    @property
    def currency(self) -> str: ...


#: what a person can rent: a catalog offer, or the planner's pick of one
Rentable = Offer | Pick
_Found = TypeVar("_Found", bound="Offer | Pick | Quote")


# -- quote, key, launch -------------------------------------------------------------------
def quote(provider: BaseProvider, spec: LaunchSpec) -> Quote:
    """The offer ``spec`` resolves to, with its price and billing notes. Rents nothing."""
    _check_spec(spec)
    return provider.quote(spec)


def register_key(provider: BaseProvider, public_key_openssh: str, name: str = "gpudesk") -> str | None:
    """Make the public key known to the provider (Lambda ssh-keys, Vast.ai account keys).

    Returns what :func:`launch` passes on (Lambda's key name); None where the key travels with the
    launch itself (RunPod: the pod's ``PUBLIC_KEY`` env). Registering twice reuses the entry.
    """
    return provider.register_key(public_key_openssh.strip(), name)


def launch(
    provider: BaseProvider,
    spec: LaunchSpec,
    public_key: str,
    *,
    key_ref: str | None = None,
    quote: Quote | None = None,
) -> Instance:
    """Rent what ``spec`` says (resolve it with :func:`quote` first); returns the new instance.

    The request is sent once. A 5xx or a connection lost after sending is reported with the
    warning that the instance may exist anyway; a capacity refusal raises :class:`CapacityError`
    with the provider's reason. ``quote`` fills in the price when the reply lacks it.
    """
    _check_spec(spec)
    if not public_key.strip():
        raise ProviderError(msg("ProviderError", "No public key to log in with: gpudesk needs one to rent a server."))
    try:
        inst = provider.launch(spec, public_key.strip(), key_ref)
    except (ServerError, ProviderTimeout) as exc:
        warning = msg(
            "ProviderError",
            "{error} The server may have been rented anyway: check 'gpudesk instances list' (or the provider's "
            "console) before trying again.",
            error=str(exc),
        )
        raise type(exc)(warning, exc.status) from None
    inst.provider = provider.name
    if inst.price_per_hour is None and quote is not None:
        inst.price_per_hour, inst.currency = quote.price_per_hour, quote.currency
    inst.extra.setdefault("launched_at", time.time())
    return inst


def terminate_confirmed(
    provider: BaseProvider, instance_id: str, *, looks: int = 3, sleep: Callable[[float], None] = time.sleep
) -> bool:
    """Terminate (Vast.ai: destroy) the instance, then read it again: True once the provider no longer has it.

    A provider that still lists it as running or stopped after ``looks`` reads answers False: the caller
    says it may still bill. Terminating or terminated counts as gone (billing has ended or is ending).
    """
    provider.terminate(instance_id)
    for n in range(max(1, looks)):
        try:
            inst = provider.get_instance(instance_id)
        except NotFound:
            return True
        except ProviderError:
            inst = None  # a passing error: read again
        if inst is not None and inst.status in ("terminating", "terminated"):
            return True
        if n + 1 < looks:
            sleep(1.0)
    return False


# -- waiting until SSH answers --------------------------------------------------------------
def probe_ssh(host: str, port: int, timeout_s: float = 5.0) -> str | None:
    """The SSH identification line ("SSH-2.0-…") the address sends, or None when it sends none in time."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s) as sock:
            sock.settimeout(timeout_s)
            data = b""
            deadline = time.monotonic() + timeout_s
            while b"\n" not in data and len(data) < 255 and time.monotonic() < deadline:
                chunk = sock.recv(255 - len(data))
                if not chunk:
                    break
                data += chunk
    except (OSError, ValueError):
        return None
    line = data.split(b"\n", 1)[0].rstrip(b"\r")
    if not line.startswith(b"SSH-"):
        return None
    return clean_text(line.decode("ascii", "replace"), 255)


def probe_login(host: str, port: int, user: str, key: paramiko.PKey, timeout_s: float = 10.0) -> str:
    """Log in as ``user`` with ``key`` (SSH public-key auth, nothing run): LOGIN_OK, LOGIN_REFUSED or NO_ANSWER.

    The host key is not checked here: the login only proves the server takes the key gpudesk
    registered (no secret is sent; the session's first connection checks the host key).
    """
    try:
        with socket.create_connection((host, port), timeout=timeout_s) as sock:
            transport = paramiko.Transport(sock)
            try:
                transport.start_client(timeout=timeout_s)
                transport.auth_timeout = timeout_s
                try:
                    transport.auth_publickey(user, key)
                except paramiko.AuthenticationException:
                    return LOGIN_REFUSED
                return LOGIN_OK if transport.is_authenticated() else LOGIN_REFUSED
            finally:
                transport.close()
    except (OSError, EOFError, paramiko.SSHException, ValueError):
        return NO_ANSWER


def wait_usable(
    provider: BaseProvider,
    instance_id: str,
    timeout_s: float = 900.0,
    on_progress: Callable[[Progress], None] | None = None,
    cancel: threading.Event | None = None,
    *,
    poll_s: float = 3.0,
    probe_timeout_s: float = 5.0,
    clock: Callable[[], float] = time.monotonic,
    login_key: paramiko.PKey | None = None,
) -> Instance:
    """Follow the instance until it is usable: its SSH answers and, with ``login_key``, takes that key.

    A provider's SSH proxy (Vast.ai) answers with a banner before the instance has the key: with
    ``login_key`` (the key gpudesk registered; the CLI and the app always pass it) only a real
    login counts, and a server that refuses the key is waited for (phase "login"). Without it a
    banner is enough (the demo server, which takes its password only).

    Phases, each reported once to ``on_progress``: provisioning (no machine yet), booting (the
    machine starts, no SSH address yet), address (the address is known; gpudesk knocks), ready
    (an SSH banner answered, ``instance.extra["ssh_banner"]``). ``cancel`` set stops the wait
    with :class:`LaunchCancelled`. Past ``timeout_s`` it raises :class:`NeverReachable` with the
    instance, so the caller can offer to terminate it. Passing errors of the API (5xx, 429, a
    timeout) are waited out; a refused token is not.
    """
    cancel = cancel or threading.Event()
    deadline = clock() + max(0.0, timeout_s)
    reported = ""
    misses = 0
    # A provider may ask for a slower pace (Vast.ai: one look at an instance per 2 s) and may not show a new
    # instance for a while (Vast.ai answers {"instances": null}): it gets that grace before "unseen".
    pace = max(poll_s, float(getattr(provider, "min_poll_s", 0.0) or 0.0))
    grace = float(getattr(provider, "unseen_grace_s", 0.0) or 0.0)
    unseen_since: float | None = None
    inst = Instance(id=instance_id, provider=provider.name, status="starting")
    while True:
        if cancel.is_set():
            raise LaunchCancelled(
                msg(
                    "ProviderError",
                    "Stopped waiting for instance {id}. It is rented and may be billing.",
                    id=instance_id,
                ),
                inst,
            )
        try:
            inst = provider.get_instance(instance_id)
            misses, unseen_since = 0, None
        except BadToken:
            raise
        except NotFound:
            misses += 1
            unseen_since = clock() if unseen_since is None else unseen_since
            if grace > 0 and clock() - unseen_since >= grace:
                raise InstanceUnseen(_unseen(provider, instance_id, grace), inst, PROVISIONING) from None
            if grace <= 0 and misses >= 3:  # a new instance can be missing for a moment; three times is gone
                raise InstanceGone(
                    msg(
                        "ProviderError",
                        "{provider} no longer knows instance {id}: it ended while starting.",
                        provider=provider.title,
                        id=instance_id,
                    ),
                    inst,
                ) from None
        except ProviderError:
            pass  # a 5xx, a 429, a slow answer: ask again at the next poll
        phase = _phase(inst)
        if inst.status in ("stopped", "terminating", "terminated"):
            raise InstanceGone(
                msg(
                    "ProviderError",
                    "Instance {id} is {status} at {provider} before it became usable (a spot instance can be "
                    "taken back). Nothing of it is usable.",
                    id=instance_id,
                    status=inst.raw_status or inst.status,
                    provider=provider.title,
                ),
                inst,
            )
        if phase == ADDRESS:
            banner = probe_ssh(inst.ssh_host, int(inst.ssh_port or 22), probe_timeout_s)
            if banner is not None:
                inst.extra["ssh_banner"] = banner
                login = LOGIN_OK
                if login_key is not None:
                    user = clean_text(inst.ssh_user, 32) or "root"
                    login = probe_login(inst.ssh_host, int(inst.ssh_port or 22), user, login_key, probe_timeout_s)
                if login == LOGIN_OK:
                    inst.extra["ssh_login"] = login_key is not None
                    _report(on_progress, READY, inst, reported, provider.title)
                    return inst
                if login == LOGIN_REFUSED:
                    phase = LOGIN
        if phase != reported:
            _report(on_progress, phase, inst, reported, provider.title)
            reported = phase
        remaining = deadline - clock()
        if remaining <= 0:
            raise NeverReachable(_unreachable(provider, inst, phase, timeout_s), inst, phase)
        cancel.wait(min(pace, remaining))


def _unseen(provider: BaseProvider, instance_id: str, grace_s: float) -> Msg:
    return msg(
        "Launch",
        "{provider} has not shown instance {id} for {n:g} min since it was rented. It may still exist and bill: "
        "destroy it (or check the provider's console) before renting again.",
        provider=provider.title,
        id=instance_id,
        n=round(grace_s / 60.0, 1),
    )


def _phase(inst: Instance) -> str:
    if address(inst) is not None:
        return ADDRESS
    raw = (inst.raw_status or "").strip().lower()
    return PROVISIONING if raw in _PROVISIONING_RAW else BOOTING


def address(inst: Instance) -> tuple[str, int] | None:
    """The SSH address, when the provider gave a usable one (a host name or IP and a port 1–65535)."""
    from gpudesk.core.sessions.model import ValidationError, check_host

    host = inst.ssh_host.strip() if isinstance(inst.ssh_host, str) else ""
    port = inst.ssh_port if isinstance(inst.ssh_port, int) and not isinstance(inst.ssh_port, bool) else None
    if not host or port is None or not 0 < port < 65536:
        return None
    try:
        check_host("host", host)
    except ValidationError:
        return None  # "-oProxyCommand=…" or a line break is never an address
    return host, port


def _words(phase: str, title: str, inst: Instance) -> Msg:
    if phase == PROVISIONING:
        return msg("Launch", "{provider} is finding a machine for instance {id}…", provider=title, id=inst.id)
    if phase == BOOTING:
        return msg(
            "Launch",
            "Instance {id} is starting ({status}); no SSH address yet…",
            id=inst.id,
            status=inst.raw_status or inst.status,
        )
    if phase == LOGIN:
        return msg(
            "Launch",
            "SSH answers on {host}:{port} but does not take gpudesk's key yet (the server is still setting up); "
            "waiting…",
            host=inst.ssh_host,
            port=inst.ssh_port or 22,
        )
    if phase == ADDRESS:
        return msg(
            "Launch",
            "Instance {id} has the address {host}:{port}; waiting for SSH to answer…",
            id=inst.id,
            host=inst.ssh_host,
            port=inst.ssh_port or 22,
        )
    if inst.extra.get("ssh_login"):
        return msg(
            "Launch", "Logged in on {host}:{port} with gpudesk's key.", host=inst.ssh_host, port=inst.ssh_port or 22
        )
    return msg("Launch", "SSH answers on {host}:{port}.", host=inst.ssh_host, port=inst.ssh_port or 22)


def _report(
    on_progress: Callable[[Progress], None] | None, phase: str, inst: Instance, before: str, title: str
) -> None:
    if on_progress is None or phase == before:
        return
    on_progress(Progress(phase, inst, _words(phase, title, inst)))


def _unreachable(provider: BaseProvider, inst: Instance, phase: str, timeout_s: float) -> Msg:
    where = {
        PROVISIONING: msg("Launch", "the provider never found a machine for it"),
        BOOTING: msg("Launch", "it never got an SSH address"),
        ADDRESS: msg("Launch", "nothing answered SSH on {host}:{port}", host=inst.ssh_host, port=inst.ssh_port or 22),
        LOGIN: msg(
            "Launch",
            "SSH on {host}:{port} never accepted gpudesk's key",
            host=inst.ssh_host,
            port=inst.ssh_port or 22,
        ),
    }.get(phase, msg("Launch", "it never became usable"))
    waited = (
        msg("Launch", "{n:g} s", n=round(timeout_s, 1))
        if timeout_s < 120
        else msg("Launch", "{n:g} min", n=round(timeout_s / 60.0, 1))
    )
    return msg(
        "Launch",
        "Instance {id} at {provider} was not usable after {waited}: {where}. It is rented and may be billing: "
        "terminate it unless you want to wait longer.",
        id=inst.id,
        provider=provider.title,
        waited=waited,
        where=where,
    )


# -- the planner's offers ----------------------------------------------------------------------
def kind_for_title(title: str) -> str | None:
    """The provider kind ("runpod", "vast", "lambda") that rents what the catalog calls ``title``."""
    return LAUNCH_KINDS.get(title.strip())


def offer_of(item: Rentable) -> Offer:
    """The catalog offer of a row or of a planner pick (which holds one)."""
    return item.offer if isinstance(item, Pick) else item


def count_of(item: Rentable) -> int:
    """How many GPUs the row or the pick rents (a pick may rent several of its offer)."""
    return item.count if isinstance(item, Pick) else item.gpu_count


def _key(item: Rentable | Quote) -> tuple[Any, ...]:
    """What makes two offers the same rental, for the planner's rows and for quotes alike."""
    if isinstance(item, Quote):
        s = item.spec
        return (item.kind, s.offer_id or s.gpu, s.count, s.region, s.spot)
    offer = offer_of(item)
    return (offer.provider, offer.gpu.model, count_of(item), offer.region, offer.instance_type, offer.billing)


def next_best(
    offers: Sequence[_Found],
    failed_offer: Rentable | Quote,
    tried: Iterable[Rentable | Quote] = (),
    *,
    launchable_only: bool = True,
) -> _Found | None:
    """The best-ranked offer after a capacity error, or None when none is left.

    ``offers`` is the planner's ranked list (``plan.recommendations``), catalog offers, or quotes
    from ``provider.offers(spec)``; the first one that is neither ``failed_offer`` nor one of
    ``tried`` wins. With ``launchable_only`` (the default) planner rows of providers gpudesk cannot
    rent through (AWS, AutoDL …) are skipped.
    """
    skip = {_key(failed_offer)} | {_key(t) for t in tried}
    for item in offers:
        if _key(item) in skip:
            continue
        if launchable_only and not isinstance(item, Quote) and kind_for_title(offer_of(item).provider) is None:
            continue
        return item
    return None


def spec_from_offer(item: Rentable, name: str = "gpudesk") -> tuple[str, LaunchSpec]:
    """(provider kind, spec) for a planner recommendation or catalog offer, ready for :func:`quote`.

    Lambda Cloud rows carry the instance type (``gpu_1x_h100_sxm5``); Vast.ai rows from a live
    refresh carry "(offer N)"; RunPod rows are matched by GPU name against its catalog.
    """
    import re

    offer = offer_of(item)
    title = str(offer.provider)
    kind = kind_for_title(title)
    if kind is None:
        raise ProviderError(
            msg("ProviderError", "gpudesk cannot rent from {provider} through its API yet.", provider=title)
        )
    count = int(count_of(item) or 1)
    region = str(offer.region or "")
    region = "" if region.startswith("(") or not clean_id(region) else region
    itype = str(offer.instance_type or "")
    spec = LaunchSpec(
        gpu=str(offer.gpu_name or ""),
        count=count,
        spot=offer.billing == "spot",
        name=name,
    )
    if kind == "lambda":
        spec.offer_id, spec.region = (clean_id(itype) or ""), region
    elif kind == "vast":
        found = re.search(r"\(offer (\d+)\)", itype)
        spec.offer_id = found.group(1) if found else ""
    elif kind == "runpod":
        spec.gpu = spec.gpu or str(offer.gpu.model)
    return kind, spec


# -- after it answers: the session ----------------------------------------------------------
#: the address of a rented session until the provider gives one (``.invalid`` never resolves)
PENDING_HOST_SUFFIX = ".pending.invalid"


def save_rented(
    inst: Instance,
    quote: Quote | None = None,
    name: str = "",
    provider: BaseProvider | None = None,
    *,
    account: str = "",
    login: tuple[str, int, str, str | None] | None = None,
) -> Session:
    """Save the session of an instance the moment the provider gave its id, and start its meter.

    A rented instance bills from then on: its session is listed (and survives any crash) before
    the rent returns. Until the provider gives an address, the session's host is
    ``<id>.pending.invalid``; :func:`create_session` fills it in. ``login`` (host, port, user,
    password) is the demo's: a password login, the password kept in the keyring.
    """
    from gpudesk.core import secrets
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.sessions.store import SessionStore

    price = inst.price_per_hour if inst.price_per_hour is not None else (quote.price_per_hour if quote else None)
    currency = inst.currency or (quote.currency if quote else "USD") or "USD"
    store = SessionStore()
    where = address(inst)
    session = Session(
        name=store.unique_name(clean_text(name, 80) or clean_text(inst.name, 80) or f"{inst.provider}-{inst.id}"),
        host=where[0] if where else f"{clean_text(inst.id, 40) or 'instance'}{PENDING_HOST_SUFFIX}",
        port=where[1] if where else 22,
        username=clean_text(inst.ssh_user, 32) or "root",
        auth="stored_key",
        hourly_price=price,
        currency=currency,
        provider=account or inst.provider,
        provider_instance_id=inst.id,
    )
    if login is not None:
        session.host, session.port, session.username = login[0], int(login[1]), login[2]
        session.auth = "password"
    session.validate()
    if login is not None and login[3] is not None:
        secrets.set_secret(session.secret_key, session.username, login[3])
    elif login is None:
        from gpudesk.core.providers import launch_key

        launch_key.adopt(session)  # before the session exists: a session without its key cannot log in
    store.add(session)
    _meter_from_launch(session, inst, provider, price, currency)
    return session


def forget_rented(account: str, instance_id: str) -> None:
    """An instance confirmed gone before it was ever used: its session goes from the list (its meter's runs stay)."""
    from gpudesk.core.billing.meter import shared_meter
    from gpudesk.core.sessions.store import SessionStore

    store = SessionStore()
    for session in list(store):
        if session.provider == account and session.provider_instance_id == instance_id:
            shared_meter().stop(session.id)
            store.remove(session.id)


def create_session(
    inst: Instance,
    quote: Quote | None = None,
    name: str = "",
    provider: BaseProvider | None = None,
    existing: Session | None = None,
) -> Session:
    """Save a session for the usable instance: address, price, provider link, key login, cost meter.

    The session logs in with the gpudesk launch key (copied to the session's keyring entry), is
    linked to the account and instance (so stop/terminate and the idle guard act on it), has the
    instance's price, and its cost meter starts at the launch time. The idle guard's automatic
    action is one the provider has (Lambda has no stop: it reminds). Returns the saved Session.
    """
    from gpudesk.core.providers import launch_key
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.sessions.store import SessionStore

    where = address(inst)
    if where is None:
        raise ProviderError(
            msg("ProviderError", "Instance {id} has no SSH address yet: no session can be made.", id=inst.id)
        )
    price = inst.price_per_hour if inst.price_per_hour is not None else (quote.price_per_hour if quote else None)
    currency = inst.currency or (quote.currency if quote else "USD")
    store = SessionStore()
    if existing is not None:  # saved when the provider gave the id: now its address (its meter runs already)
        session = store.get(existing.id) or existing
        session.host, session.port = where
        session.username = clean_text(inst.ssh_user, 32) or session.username
        session.validate()
        if session.auth == "stored_key":
            launch_key.adopt(session)  # the key is kept under the login name, which the provider may give only now
        store.update(session)
        return session
    session = Session(
        name=store.unique_name(clean_text(name, 80) or clean_text(inst.name, 80) or f"{inst.provider}-{inst.id}"),
        host=where[0],
        port=where[1],
        username=clean_text(inst.ssh_user, 32) or "root",
        auth="stored_key",
        hourly_price=price,
        currency=currency,
        provider=inst.provider,
        provider_instance_id=inst.id,
    )
    session.validate()
    launch_key.adopt(session)  # before the session exists: a session without its key cannot log in
    store.add(session)
    _meter_from_launch(session, inst, provider, price, currency or "USD")
    return session


def _meter_from_launch(
    session: Session, inst: Instance, provider: BaseProvider | None, price: float | None, currency: str
) -> None:
    """The rented session's price, guard and meter: the run counts from the launch (``launched_at``), not the login."""
    from gpudesk.core.billing import config
    from gpudesk.core.billing.meter import shared_meter
    from gpudesk.core.billing.price import Price

    started = inst.extra.get("launched_at")
    started = float(started) if isinstance(started, (int, float)) else time.time()
    inst.extra["launched_at"] = started
    if price is not None:
        priced = Price(float(price), currency=currency)
        config.save(session.id, price=priced, guard=_guard_for(provider))
        # The process's one meter: a second one would be overwritten by it (the app's views would date the run
        # from the first time they saw the instance running, not from the launch).
        meter = shared_meter()
        meter.configure(session.id, session.name, priced, source="api")
        meter.start(session.id, started)
    else:
        config.save(session.id, guard=_guard_for(provider))


def _guard_for(provider: BaseProvider | None) -> GuardConfig:
    """The default idle guard, with an automatic action the provider really has."""
    from gpudesk.core.billing import config

    guard = config.default_guard()
    actions = provider.actions if provider is not None else frozenset()
    if guard.policy not in ("remind",) and guard.policy not in actions:
        guard.policy = "remind"  # Lambda has no stop; a terminate needs the user's explicit yes
    return guard


def _check_spec(spec: LaunchSpec) -> None:
    if not isinstance(spec.count, int) or isinstance(spec.count, bool) or not 1 <= spec.count <= 64:
        raise ProviderError(
            msg("ProviderError", "The GPU count must be between 1 and 64, not {count}.", count=spec.count)
        )
    if not isinstance(spec.disk_gb, int) or isinstance(spec.disk_gb, bool) or not 1 <= spec.disk_gb <= 100_000:
        raise ProviderError(
            msg("ProviderError", "The disk size must be between 1 and 100000 GB, not {disk}.", disk=spec.disk_gb)
        )
    if spec.bid is not None and (not spec.spot or not 0 < float(spec.bid) < 10_000):
        raise ProviderError(msg("ProviderError", "A bid goes with a spot rental and must be above 0 USD per hour."))
    for text in (spec.gpu, spec.region, spec.image, spec.offer_id, spec.name):
        if not isinstance(text, str) or len(text) > 200 or clean_text(text, 200) != text.strip():
            raise ProviderError(
                msg("ProviderError", "The rental details hold a line break or another control character.")
            )
