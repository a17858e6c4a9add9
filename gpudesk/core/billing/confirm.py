"""Verify after act: an action that costs or saves money is *requested* until the provider says it happened.

A 2xx from a provider means "accepted", not "done": RunPod's legacy CLI prints ``stop failed; status is
RUNNING`` and exits 0, Vast answers ``200 {"success": false}``, and a stop that was accepted can still
leave the pod running. So the one actions path (:mod:`gpudesk.core.billing.actions`) re-reads the
instance after every start, stop and terminate, and this module holds the rule every caller shares:

* :func:`reached` — does this instance state (as the provider reported it) fulfil the action?
* :func:`confirm` — re-read the instance until it does, or until a wait runs out;
* :class:`Book` — the requests not yet confirmed, by instance, rebuilt from the audit log after a
  restart; :meth:`Book.observe` settles one when any later read (the live billing's poll, the
  Providers page's listing, ``gpudesk instances list``) shows the provider reached it.

The meter never moves on a request: its runs follow the state the provider reports (``Meter.sync``
on every read), so "billing now" stays true while a stop waits for its confirmation.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from gpudesk.core.billing import audit
from gpudesk.core.i18n import Msg, msg
from gpudesk.core.provider_errors import NotFound, ProviderError
from gpudesk.core.provider_model import Instance

#: the provider states in which each action is done
TARGETS: dict[str, frozenset[str]] = {
    "stop": frozenset({"stopped", "terminated"}),
    "terminate": frozenset({"terminated"}),
    # A start is done once the provider is bringing the machine up: from then on it bills.
    "start": frozenset({"starting", "running"}),
}
#: seconds after which a request the provider has not confirmed is an alert, not a wait
ALERT_S = 60.0
#: requests older than this are not carried over from the audit log (the provider was read since)
FORGET_S = 24 * 3600.0


class Outcome(StrEnum):
    CONFIRMED = "confirmed"  # the provider's own state shows it
    REQUESTED = "requested"  # accepted, not (yet) seen in the provider's state


def restarted_after(request: Request, inst: Instance | None) -> bool:
    """A stop the provider accepted, and the instance since started again (its start time is later): the
    stop was carried out in between, though no read saw it stopped (the server guard went down with it, the
    app was closed, and someone started it again)."""
    return (
        request.action == "stop"
        and inst is not None
        and inst.billing
        and inst.started_at is not None
        and inst.started_at > request.t + 1.0
    )


def reached(action: str, inst: Instance | None) -> bool:
    """Whether ``inst`` (None: the provider no longer knows the instance) shows ``action`` done."""
    if inst is None:
        return action in ("stop", "terminate")  # gone: it bills nothing more
    return inst.status in TARGETS[action]


@dataclass(frozen=True)
class Confirmation:
    """How a re-read after an action came out; ``instance`` is the last state read (None: gone or unread)."""

    outcome: Outcome
    instance: Instance | None
    at: float
    error: BaseException | None = None

    @property
    def confirmed(self) -> bool:
        return self.outcome == Outcome.CONFIRMED


class InstanceReader(Protocol):
    """What confirming needs of a provider: one instance's state as it reports it now."""

    def get_instance(self, instance_id: str) -> Instance: ...


def read_state(provider: InstanceReader, instance_id: str) -> tuple[Instance | None, bool, BaseException | None]:
    """One read: ``(instance, gone, error)``; a read that failed is neither a state nor gone."""
    try:
        return provider.get_instance(instance_id), False, None
    except NotFound:
        return None, True, None
    except ProviderError as exc:
        return None, False, exc


def confirm(
    provider: InstanceReader,
    instance_id: str,
    action: str,
    *,
    wait_s: float = 0.0,
    interval_s: float = 2.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.time,
    cancelled: Callable[[], bool] | None = None,
) -> Confirmation:
    """Re-read the instance until the provider shows ``action`` done, for at most ``wait_s`` seconds.

    ``wait_s=0`` reads once. The pace grows from ``interval_s`` to 10 s (providers count requests per
    token). A failed read does not confirm anything; it is kept as ``error`` for the words.
    """
    deadline = clock() + max(0.0, wait_s)
    delay = max(0.1, interval_s)
    last: Instance | None = None
    error: BaseException | None = None
    while True:
        inst, gone, err = read_state(provider, instance_id)
        now = clock()
        if err is None and (gone or inst is not None) and reached(action, None if gone else inst):
            return Confirmation(Outcome.CONFIRMED, inst, now)
        if inst is not None:
            last = inst
        error = err or error
        if now + delay > deadline or (cancelled is not None and cancelled()):
            return Confirmation(Outcome.REQUESTED, last, now, error)
        sleep(delay)
        delay = min(10.0, delay * 1.5)


@dataclass(frozen=True)
class Request:
    """An action the provider accepted and has not been seen to carry out."""

    account: str
    instance_id: str
    action: str
    t: float
    session_ids: tuple[str, ...] = ()
    automatic: bool = False
    by: str = ""
    reason: str = ""
    title: str = ""  # the provider's name for the words ("RunPod")

    def age(self, now: float | None = None) -> float:
        return max(0.0, (time.time() if now is None else now) - self.t)

    def overdue(self, now: float | None = None) -> bool:
        return self.age(now) >= ALERT_S

    def short_words(self, now: float | None = None) -> Msg:
        """The few words a status line has room for: "stop requested — not yet confirmed"."""
        if self.overdue(now):
            return msg("Billing", "{action} not confirmed — may still bill", action=self.action)
        return msg("Billing", "{action} requested — not yet confirmed", action=self.action)

    def words(self, state: str = "", now: float | None = None) -> Msg:
        """ "stop requested — not yet confirmed by RunPod" (and what it still reports, once overdue)."""
        # The account as the user named it, and what kind of provider it is when that name does not say.
        who = self.account if not self.title or self.title == self.account else f"{self.account} ({self.title})"
        if self.overdue(now) and state:
            return msg(
                "Billing",
                "{action} requested {minutes} min ago — not confirmed: {provider} still reports {state}. "
                "It may still bill; try again.",
                action=self.action,
                minutes=max(1, int(self.age(now) // 60)),
                provider=who,
                state=state,
            )
        return msg("Billing", "{action} requested — not yet confirmed by {provider}", action=self.action, provider=who)


class Book:
    """The requests not yet confirmed, one per instance; thread-safe, rebuilt from the audit log once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[tuple[str, str], Request] = {}
        self._loaded_from = ""

    def _load(self) -> None:
        """After a restart: the last entry per instance decides (``requested`` with nothing after it is open)."""
        path = str(audit.audit_file())
        if self._loaded_from == path:
            return
        self._loaded_from = path
        self._open.clear()
        now = time.time()
        for entry in audit.read(limit=2000):
            if not isinstance(entry, dict):
                continue  # another process's damaged line
            account, iid = entry.get("account"), entry.get("instance")
            if not isinstance(account, str) or not isinstance(iid, str) or not iid:
                continue
            key = (account, iid)
            result, action = entry.get("result"), entry.get("action")
            t = entry.get("t")
            if (
                not isinstance(t, (int, float)) or not math.isfinite(t) or t > now + 60
            ):  # NaN or from the future: not ours
                continue
            if result == "requested" and action in TARGETS and now - float(t) < FORGET_S:
                sid = entry.get("session")
                old = self._open.get(key)
                listed = entry.get("session_ids")
                more = [s for s in listed if isinstance(s, str)][:64] if isinstance(listed, list) else []
                sids = (
                    (old.session_ids if old and old.action == action else ())
                    + tuple(more)
                    + ((sid,) if isinstance(sid, str) and ":" not in sid else ())
                )
                self._open[key] = Request(
                    account, iid, str(action), float(t), tuple(dict.fromkeys(sids)),
                    bool(entry.get("automatic")), str(entry.get("by") or ""), str(entry.get("reason") or ""),
                    str(entry.get("provider") or ""),
                )  # fmt: skip
            elif isinstance(result, str) and action in TARGETS:
                self._open.pop(key, None)  # confirmed, failed or unconfirmed: settled either way

    def add(self, request: Request) -> None:
        with self._lock:
            self._load()
            self._open[(request.account, request.instance_id)] = request

    def get(self, account: str, instance_id: str) -> Request | None:
        with self._lock:
            self._load()
            return self._open.get((account, instance_id))

    def all(self) -> list[Request]:
        with self._lock:
            self._load()
            return list(self._open.values())

    def drop(self, account: str, instance_id: str) -> Request | None:
        with self._lock:
            self._load()
            return self._open.pop((account, instance_id), None)

    def settle(self, account: str, instance_id: str, inst: Instance | None, gone: bool = False) -> Request | None:
        """The request this read fulfils, taken off the book (None: nothing open, or not reached yet)."""
        with self._lock:
            self._load()
            request = self._open.get((account, instance_id))
            if request is None or not (gone or inst is not None):
                return None
            if not reached(request.action, None if gone else inst) and not restarted_after(request, inst):
                return None
            del self._open[(account, instance_id)]
            return request


_book = Book()


def book() -> Book:
    """The process's one book of unconfirmed requests."""
    return _book
