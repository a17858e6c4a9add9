"""One path for provider actions: start, stop and terminate an instance, with its meter and audit entry.

The command line, the Providers page and the cost bar (its buttons, the idle prompt and the
automatic policy) all call :func:`instance_action`: it asks the provider, then re-reads the
instance (:mod:`gpudesk.core.billing.confirm`): the action is *requested* until the provider's own
state shows it done, and only then is it *confirmed*. The meter of every linked session follows
the state the provider reported, never the click; the audit log says ``requested`` when the
provider accepted and ``ok`` when it confirmed (or ``failed: …``). A request not yet confirmed
stays in the book until a later read settles it (:func:`observe`, called by every reader of
instance states). So a stop from any of them reads the same in ``gpudesk cost``, the audit log
and every view. Blocking (HTTP calls): run it off the GUI thread.

Whoever shows an instance's state hears of every action through :data:`acted`: at once for an
action of this process, and within a second (the live clock's tick) for one another process ran
(``gpudesk instances stop`` while the app is open), read from the audit entry this path writes.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gpudesk.core.billing import audit
from gpudesk.core.billing.confirm import (
    Confirmation,
    InstanceReader,
    Outcome,
    Request,
    book,
    confirm,
    restarted_after,
)
from gpudesk.core.billing.meter import Meter
from gpudesk.core.clock import shared_clock
from gpudesk.core.datafile import JSONObject
from gpudesk.core.events import Event
from gpudesk.core.sessions.store import SessionStore

if TYPE_CHECKING:
    from gpudesk.core.clock import Handle
    from gpudesk.core.provider_model import Instance
    from gpudesk.core.sessions.model import Session

ACTIONS = ("start", "stop", "terminate")


@dataclass(frozen=True)
class Acted:
    """One action the provider accepted (``state`` "requested") or confirmed ("confirmed"), from this
    process (``local``) or another one."""

    account: str
    instance_id: str
    action: str
    session_ids: tuple[str, ...] = ()
    t: float = 0.0
    automatic: bool = False
    local: bool = True
    state: str = Outcome.CONFIRMED
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


#: every accepted action (subscribers run on the acting thread, or on the clock's for other processes)
acted: Event[Acted] = Event("instance acted")


def sessions_for(account: str, instance_id: str, sessions: Iterable[Session] | None = None) -> list[str]:
    """Ids of the saved sessions linked to ``instance_id`` of provider account ``account``.

    ``sessions``: the caller's saved sessions (its store); None reads the sessions file.
    """
    try:
        if sessions is None:
            sessions = SessionStore()
        return [s.id for s in sessions if s.provider == account and s.provider_instance_id == instance_id]
    except Exception:  # noqa: BLE001 - a damaged sessions file must not stop a stop
        return []


@dataclass(frozen=True)
class ActionOutcome:
    """What :func:`instance_action` saw: the sessions it follows, and whether the provider confirmed."""

    session_ids: list[str]
    confirmation: Confirmation
    request: Request

    @property
    def confirmed(self) -> bool:
        return self.confirmation.confirmed

    @property
    def instance(self) -> Instance | None:
        return self.confirmation.instance


def instance_action(
    provider: InstanceReader,
    account: str,
    instance_id: str,
    action: str,
    *,
    reason: str,
    automatic: bool = False,
    meter: Meter | None = None,
    session_ids: list[str] | None = None,
    record: bool = True,
    by: str = "",
    confirm_s: float = 0.0,
    sleep: Callable[[float], None] = time.sleep,
) -> ActionOutcome:
    """Do ``action`` on the instance, re-read it, and follow what the provider reports in the meter and audit log.

    ``session_ids`` defaults to the saved sessions linked to the instance (plus none: an unlinked
    instance is audited under ``account:instance_id``). ``record=False`` leaves the audit entry
    to the caller (the idle guard writes its own, with the prompt it answers). ``confirm_s`` is how
    long to keep re-reading for the confirmation (0: once; the app's live billing polls on). A
    provider error is audited as failed and raised.
    """
    if action not in ACTIONS:
        raise ValueError(f"unknown instance action {action!r}")
    sids = sessions_for(account, instance_id) if session_ids is None else list(session_ids)
    names = sids or [f"{account}:{instance_id}"]
    title = str(getattr(provider, "title", "") or account)
    extra: dict[str, Any] = {"by": by} if by else {}
    try:
        getattr(provider, action)(instance_id)
    except Exception as exc:
        if record:
            for sid in names:
                audit.record(sid, action, reason, f"failed: {exc}", automatic=automatic, **extra)
        raise
    now = time.time()
    request = Request(account, instance_id, action, now, tuple(sids), automatic, by, reason, title)
    if record:
        # The instance is named in the entry so another process's views (and a restart) can tell whose state it is.
        for sid in names:
            entry = audit.record(
                sid, action, reason, "requested", automatic=automatic, t=now, account=account,
                instance=instance_id, provider=title, **extra,
            )  # fmt: skip
            _Watch.mine(entry)
    result = confirm(provider, instance_id, action, wait_s=confirm_s, sleep=sleep)
    meter = meter or Meter()
    if result.confirmed:
        _settled(request, result.instance, result.at, meter, record)
    else:
        book().add(request)
        if not record:  # the caller audits results; the open request itself must survive a restart
            _Watch.mine(audit.record(
                names[0], action, reason, "requested", automatic=automatic, t=now, account=account,
                instance=instance_id, provider=title, session_ids=list(sids), **extra,
            ))  # fmt: skip
        _follow(meter, request.session_ids, result.instance, gone=False)  # what the provider reports, still billing
        acted.emit(Acted(account, instance_id, action, tuple(sids), now, automatic, True, Outcome.REQUESTED))
    return ActionOutcome(sids, result, request)


@dataclass(frozen=True)
class Seen:
    """One read of an instance's state from its provider (any reader's: a server's billing, Providers)."""

    account: str
    instance_id: str
    instance: Instance
    t: float
    source: object = None  # who read it (a server's billing ignores its own reads)


#: every provider answer about an instance: a server's billing takes a newer answer than its own
seen: Event[Seen] = Event("instance seen")


def observe(
    account: str,
    instance_id: str,
    inst: Instance | None,
    *,
    gone: bool = False,
    meter: Meter | None = None,
    source: object = None,
) -> Request | None:
    """A read of the instance (any reader's): settle the request it confirms, if one is open.

    Returns the request it confirmed. Every reader of instance states calls it, so a stop confirmed
    by the Providers page's listing is confirmed for the cost bar too (through :data:`acted`), and
    every open server's billing hears the newest answer (through :data:`seen`).
    """
    request = book().settle(account, instance_id, inst, gone)
    if request is not None:
        meter = meter or Meter()
        if not gone and restarted_after(request, inst):
            # Stopped unseen and started again: the run ends when the provider accepted the stop (the stop
            # followed within seconds), and the next one starts at the provider's start time.
            for sid in request.session_ids:
                entry = meter.entries.get(sid)
                run = entry.open_run if entry is not None else None
                if run is not None and run.start < request.t:
                    meter.stop(sid, request.t)
        _settled(request, inst, time.time(), meter, True)
    if inst is not None:
        seen.emit(Seen(account, instance_id, inst, time.time(), source))
    return request


def _settled(request: Request, inst: Instance | None, at: float, meter: Meter, record: bool) -> None:
    """The provider confirmed ``request``: the meter follows its state, the audit says ``ok``, views hear."""
    was_open = book().drop(request.account, request.instance_id) is not None
    _follow(meter, request.session_ids, inst, gone=inst is None, at=at)
    if record or was_open:  # an open request is in the audit log: its confirmation must be there too
        extra: dict[str, Any] = {"by": request.by} if request.by else {}
        status = inst.raw_status or inst.status if inst is not None else "gone"
        for sid in request.session_ids or (f"{request.account}:{request.instance_id}",):
            entry = audit.record(
                sid, request.action, request.reason, "ok", automatic=request.automatic, t=at,
                account=request.account, instance=request.instance_id, provider=request.title,
                confirmed_after_s=round(max(0.0, at - request.t), 1), provider_state=status, **extra,
            )  # fmt: skip
            _Watch.mine(entry)
    acted.emit(
        Acted(request.account, request.instance_id, request.action, request.session_ids, at, request.automatic, True)
    )


def _follow(meter: Meter, sids: tuple[str, ...], inst: Instance | None, *, gone: bool, at: float | None = None) -> None:
    """Each linked session's meter takes the state the provider reported (None and not gone: nothing read)."""
    if inst is None and not gone:
        return
    for sid in sids:
        meter.sync(sid, inst.billing if inst is not None else False, inst.started_at if inst else None, now=at)


class _Watch:
    """Reads what other processes appended to the audit log, on the live clock's tick."""

    _lock = threading.Lock()
    _handle: Handle | None = None
    _path = ""
    _offset = 0
    _own: set[tuple[float, str, str]] = set()

    @classmethod
    def mine(cls, entry: JSONObject) -> None:
        with cls._lock:
            cls._own.add((float(entry["t"]), str(entry["session"]), str(entry["action"]) + str(entry.get("result"))))

    @classmethod
    def start(cls) -> None:
        path = audit.audit_file()
        with cls._lock:
            if cls._path != str(path):
                # News counts from now (the subscriber's start), however late the clock's next look comes.
                cls._path, cls._offset = str(path), _size(path)
            if cls._handle is not None and cls._handle.active:
                return

            cls._handle = shared_clock().every(1.0, cls.poll)

    @classmethod
    def poll(cls) -> None:
        """New complete lines since the last look; a new data folder (tests) starts at its end."""
        path = audit.audit_file()
        size = _size(path)
        with cls._lock:
            if cls._path != str(path) or size < cls._offset:
                cls._path, cls._offset = str(path), size
                return
            if size == cls._offset:
                return
            with open(path, "rb") as f:
                f.seek(cls._offset)
                chunk = f.read(size - cls._offset)
            complete = chunk[: chunk.rfind(b"\n") + 1]  # a line still being written waits for the next tick
            cls._offset += len(complete)
            found: dict[tuple[str, str, str, float], Acted] = {}
            titles: dict[tuple[str, str], str] = {}
            for line in complete.splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(entry, dict) or entry.get("action") not in ACTIONS:
                    continue
                result = entry.get("result")
                if result not in ("ok", "requested") or not entry.get("instance"):
                    continue
                try:  # another process's file: a wrong type in one line must not hide the lines after it
                    key = (float(entry.get("t") or 0), str(entry.get("session")), str(entry["action"]) + str(result))
                except (TypeError, ValueError):
                    continue
                if key in cls._own:
                    cls._own.discard(key)  # this process told its views already
                    continue
                account, iid = str(entry.get("account") or ""), str(entry["instance"])
                one = (account, iid, str(entry["action"]), key[0])
                known = found.get(one)
                sids = (known.session_ids if known else ()) + ((key[1],) if ":" not in key[1] else ())
                state = Outcome.REQUESTED if result == "requested" else Outcome.CONFIRMED
                titles[(account, iid)] = str(entry.get("provider") or "")[:80]
                found[one] = Acted(account, iid, one[2], sids, key[0], bool(entry.get("automatic")), False, state)
        for event in found.values():
            # Another process's request is open here too until some read confirms it; its confirmation closes it.
            if event.state == Outcome.REQUESTED:
                book().add(
                    Request(
                        event.account,
                        event.instance_id,
                        event.action,
                        event.t,
                        event.session_ids,
                        event.automatic,
                        title=titles.get((event.account, event.instance_id), ""),
                    )
                )
            else:
                book().drop(event.account, event.instance_id)
            acted.emit(event)


def _size(path: str | os.PathLike[str]) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def watch() -> None:
    """Start hearing other processes' actions (idempotent); views call it when they subscribe to :data:`acted`."""
    _Watch.start()
