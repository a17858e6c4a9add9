"""A server's billing, Qt-free: meter, idle guard, provider link and the guard on the server, on the live clock.

CONTRACT: ``billing.state`` (BillingState), ``billing.changed: Event[LiveBilling]`` (any change a view
shows: instance state, idle minutes, cost, guard), ``billing.close()``.

More events for views: ``state_changed`` (BillingState), ``prompt_changed`` (the guard's Prompt or
None), ``instance_changed`` (the provider's Instance), ``action_done`` / ``auto_failed``
(ActionResult), ``ssh_moved`` ("user@host:port"), ``server_guard_question`` and ``server_guard_news``
(an entry the server guard wrote while the app was away).

The guard is fed directly, by what the server wires in: GPU frames (the feed's ``frame``), activity
(the server's ``activity``) and busy transfers/jobs (the work's ``busy_changed``). It ticks each second
on the server's clock;
blocking work (meter writes, provider calls) runs on this billing's own worker threads. A stop made
anywhere (this app's views, another process such as ``gpudesk instances stop``) goes through
:mod:`gpudesk.core.billing.actions`, whose :data:`~gpudesk.core.billing.actions.acted` news moves
``state`` within a second.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from gpudesk.core import guard as server_guard
from gpudesk.core.billing import actions as billing_actions
from gpudesk.core.billing import config
from gpudesk.core.billing import storage as storage_billing
from gpudesk.core.billing.confirm import Outcome, Request, book
from gpudesk.core.billing.guard import Guard, GuardConfig, Prompt
from gpudesk.core.billing.meter import Meter, shared_meter
from gpudesk.core.billing.price import Price
from gpudesk.core.datafile import JSONObject
from gpudesk.core.events import Event
from gpudesk.core.guard.app import GuardView, connect_sync
from gpudesk.core.handoff import PROBE as IDE_PROBE
from gpudesk.core.handoff import IdeActivity
from gpudesk.core.i18n import msg
from gpudesk.core.live.state import LinkState
from gpudesk.core.live.workers import Workers
from gpudesk.core.providers.accounts import AccountStore, account_gone, provider_for
from gpudesk.core.providers.capabilities import session_actions
from gpudesk.core.providers.errors import BadToken, NotFound, ProviderError, RateLimited

if TYPE_CHECKING:
    from gpudesk.core.billing.storage import BillingNow
    from gpudesk.core.clock import Clock, Handle
    from gpudesk.core.providers.base import BaseProvider, Instance
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.connection import Connection, ExecResult
    from gpudesk.core.telemetry.model import Frame

_log = logging.getLogger("gpudesk.billing")
R = TypeVar("R")

IDE_PROBE_S = 15.0  # how often the IDE probe may run (it rides on telemetry frames)
TICK_S = 1.0  # the guard's clock: countdowns and the cost shown move each second
POLL_S = 60.0  # the provider is asked for the instance's state this often
RETRY_S = 5.0  # after a failed ask: again this soon, doubling up to POLL_S (a 5xx or timeout passes)
HEARTBEAT_S = 60.0  # the server guard waits longer than this (its grace time) before it acts alone


class BillingState(StrEnum):
    """Whether this server costs money now, as far as anyone knows."""

    UNKNOWN = "unknown"  # no price and no provider link: nobody knows
    BILLING = "billing"  # running (or a manual meter running)
    STOPPED = "stopped"  # stopped: compute no longer billed (storage may be)
    TERMINATED = "terminated"  # released: billed no more


#: instance states that stay as they are until someone acts; any other is read again after PENDING_POLL_S
SETTLED_STATES = frozenset({"running", "stopped", "terminated", "error", "unknown"})
PENDING_POLL_S = 3.0  # a request not yet confirmed: the provider is asked again this often (growing to 15 s)


@dataclass(frozen=True)
class ActionResult:
    """How a start/stop/terminate asked through this billing ended; ``message`` is a Msg or an exception.

    ``requested``: the provider accepted but its state does not show it done yet (``message`` says so);
    a later ``action_done`` with ``requested=False`` brings the confirmation, ``unconfirmed`` the alert.
    """

    action: str
    ok: bool
    message: object = ""
    automatic: bool = False
    requested: bool = False


@dataclass(frozen=True)
class Figures:
    """What one tick measured, for views to paint without asking the meter again."""

    now: float
    rate: float | None
    currency: str
    seconds: float
    cost: float
    session_today: float
    running: bool
    idle_s: float


class LiveBilling:
    """One server's billing; made and wired by :class:`~gpudesk.core.live.server.LiveServer`.

    ``connected``/``state_changed`` are the link's news, ``link_state`` and ``connection`` read the link
    now, ``submit`` runs work on its IO thread; ``activity``, ``frames`` and ``busy_changed`` feed the guard.
    ``meter`` is the workspace's; ``saved_sessions`` its saved sessions (an action follows every session
    linked to the same instance; none given: this one).
    """

    def __init__(
        self,
        session: Session,
        clock: Clock,
        *,
        connected: Event[Connection],
        state_changed: Event[LinkState],
        link_state: Callable[[], LinkState],
        connection: Callable[[], Connection | None],
        submit: Callable[[Callable[[Connection], Any]], Future[Any]],
        activity: Event[str],
        frames: Event[Frame] | None = None,
        busy_changed: Event[tuple[str, bool]] | None = None,
        meter: Meter,
        saved_sessions: Callable[[], Iterable[Session]] | None = None,
    ) -> None:
        self.session = session
        self._clock = clock
        self._link_state = link_state
        self._submit_link = submit
        self._saved_sessions = saved_sessions
        self.meter = meter
        self.state = BillingState.UNKNOWN
        self.changed: Event[LiveBilling] = Event("billing changed")
        self.state_changed: Event[BillingState] = Event("billing state")
        self.prompt_changed: Event[Prompt | None] = Event("billing prompt")
        self.instance_changed: Event[Instance] = Event("instance changed")
        self.action_done: Event[ActionResult] = Event("billing action done")
        self.auto_failed: Event[ActionResult] = Event("automatic action failed")
        self.unconfirmed: Event[ActionResult] = Event("action not confirmed")
        self.ssh_moved: Event[str] = Event("ssh moved")
        self.server_guard_question: Event[LiveBilling] = Event("server guard question")
        self.server_guard_news: Event[JSONObject] = Event("server guard news")

        self.price: Price | None = config.price_for(self.session)
        self.guard = Guard(self.session.id, config.guard_config(self.session.id), self.meter, act=self._auto_act)
        self.prompt: Prompt | None = None
        self.figures: Figures | None = None
        self.instance: Instance | None = None
        self.provider_error: BaseException | None = None
        self.actions: frozenset[str] | None = None  # what the provider really offers, once known
        self.server_guard: GuardView | None = None  # the guard on the server as last seen (core.guard.app.GuardView)
        self.server_guard_error: BaseException | None = None
        self.last_beat: float | None = None  # when the app last touched the server guard's heartbeat
        self._provider: BaseProvider | None = None
        self._terminated = False
        self._answered_at = 0.0  # when the provider's answer now shown was read
        self._settle_handle: Handle | None = None
        self._closed = False
        self._lock = threading.Lock()
        self._ticking = False
        # Answers on their way to the guard (its old prompt is not shown again): counted by the answering
        # thread and a worker, read by the tick; the count and the prompt it guards change under one lock.
        self._answer_lock = threading.Lock()
        self._answering = 0
        self._pool = Workers(f"billing {self.session.host}")
        self._beat: Handle | None = None
        self._unsubscribe: list[Callable[[], None]] = []
        self._ide = IdeActivity()  # an IDE's server on the instance (VS Code, Cursor, Windsurf) at work
        self._ide_probe_at = 0.0
        self._ide_probing = False

        self._listen(connected, state_changed, activity, frames, busy_changed)
        self._submit(self._configure_meter)
        self._submit(self._load_actions)
        self._tick_handle = clock.every(TICK_S, self._on_clock, first_s=0.0)
        # Always scheduled: a session may be linked to its instance after it was opened (renting).
        self._poll_handle = clock.every(POLL_S, self.refresh_instance)
        self._retry_handle: Handle | None = None
        self._failures = 0
        self._awaiting: tuple[str, bool] | None = None  # (action, automatic) this billing asked for, unconfirmed
        self._alerted: float | None = None  # the request (by its time) already alerted as unconfirmed
        self._last_ask = 0.0
        if self.linked:
            self.refresh_instance()
        elif link_state() == LinkState.CONNECTED:
            self._on_connected(connection())

    def _listen(
        self,
        connected: Event[Connection],
        state_changed: Event[LinkState],
        activity: Event[str],
        frames: Event[Frame] | None,
        busy_changed: Event[tuple[str, bool]] | None,
    ) -> None:
        subscriptions: list[tuple[Event[Any], Callable[[Any], None]]] = [
            (state_changed, self._on_link_state),
            (connected, self._on_connected),
            (activity, self.note_activity),
            (billing_actions.acted, self._on_acted),
            (billing_actions.seen, self._on_seen),
        ]
        if frames is not None:
            subscriptions.append((frames, self.feed_frame))
        if busy_changed is not None:
            subscriptions.append((busy_changed, self._on_busy))
        self._unsubscribe = [event.subscribe(fn) for event, fn in subscriptions]
        billing_actions.watch()  # another process's stop reaches this server within a second

    # -- plumbing ------------------------------------------------------------------------
    def _submit(
        self,
        fn: Callable[[], R],
        done: Callable[[R], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> Future[R] | None:
        """Run ``fn`` on a billing worker; ``done``/``failed`` run there too (never on a GUI thread)."""
        if self._closed:
            return None

        def run() -> R:
            try:
                result = fn()
            except BaseException as exc:  # noqa: BLE001 - handed to ``failed``, logged otherwise
                if failed is not None and not self._closed:
                    failed(exc)
                else:
                    _log.debug("billing work failed: %s", exc)
                raise
            if done is not None and not self._closed:
                done(result)
            return result

        try:
            return self._pool.submit(run)
        except RuntimeError:  # closed meanwhile
            return None

    def _on_link(
        self,
        fn: Callable[[Connection], R],
        done: Callable[[R], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Run ``fn(connection)`` where the link runs its work (its IO thread), answers on a billing worker."""
        try:
            future = self._submit_link(fn)
        except Exception as exc:  # noqa: BLE001 - not connected, or closing
            if failed is not None:
                error: BaseException = exc
                self._submit(lambda: None, lambda _r: failed(error))
            return

        def finished(fut: Future[R]) -> None:
            if fut.cancelled() or self._closed:
                return
            exc = fut.exception()
            if exc is not None:
                if failed is not None:
                    failed(exc)
            elif done is not None:
                done(fut.result())

        future.add_done_callback(finished)

    def _emit_changed(self) -> None:
        self._derive()
        self.changed.emit(self)

    @property
    def pending(self) -> Request | None:
        """The start/stop/terminate the provider accepted for this server and has not been seen to do."""
        if not self.linked:
            return None
        return book().get(self.session.provider, self.session.provider_instance_id)

    def pending_words(self) -> object:
        """ "stop requested — not yet confirmed by RunPod" (a Msg), or "" when nothing waits."""
        request = self.pending
        if request is None:
            return ""
        inst = self.instance
        return request.words(inst.raw_status or inst.status if inst is not None else "")

    def pending_short(self) -> object:
        """The status-line form of :meth:`pending_words` ("stop requested — not yet confirmed"), or ""."""
        request = self.pending
        return request.short_words() if request is not None else ""

    def _watch_pending(self, now: float) -> None:
        """While a request waits: ask the provider often; once overdue, say so loudly (once per request)."""
        request = self.pending
        if request is None:
            return
        pace = min(15.0, PENDING_POLL_S * (1 + request.age(now) // 20))
        if now - self._last_ask >= pace:
            self.refresh_instance()
        if request.overdue(now) and self._alerted != request.t:
            self._alerted = request.t
            words = self.pending_words()
            awaiting, self._awaiting = self._awaiting, None
            if awaiting is not None and awaiting[0] == request.action:
                # the guard's prompt comes back, and it retries
                self.guard.record_result(request.action, False, str(words), automatic=awaiting[1])
            _log.warning("%s on %s not confirmed after %.0f s", request.action, request.account, request.age(now))
            self.unconfirmed.emit(ActionResult(request.action, False, words, request.automatic, True))

    def _confirmed(self, request: Request) -> None:
        """A read showed the provider did what was asked: the guard and the views hear it."""
        awaiting, self._awaiting = self._awaiting, None
        if awaiting is not None and awaiting[0] == request.action:
            self.guard.record_result(request.action, True, automatic=awaiting[1])
        if request.action == "terminate":
            self._terminated = True
        self.action_done.emit(ActionResult(request.action, True, "", request.automatic))

    @property
    def linked(self) -> bool:
        return bool(self.session.provider and self.session.provider_instance_id)

    @property
    def closed(self) -> bool:
        return self._closed

    def use_meter(self, meter: Meter) -> None:
        """Keep the figures in ``meter`` (a view given its own meter object on the same file)."""
        if meter is self.meter:
            return
        self.meter = meter
        self.guard.meter = meter
        self._submit(self._configure_meter)

    def _configure_meter(self) -> None:
        if self.price is None and not self.linked:
            return  # nothing to meter (yet): no entry for every server ever opened
        source = "api" if self.linked else "manual"
        self.meter.configure(self.session.id, self.session.label, self.price, source)

    def _load_actions(self) -> None:
        actions = session_actions(self.session)
        self.actions = actions
        self.guard.actions = actions  # policies the provider lacks only remind
        self.changed.emit(self)

    # -- inputs ------------------------------------------------------------------------------
    def feed_frame(self, frame: Frame) -> None:
        """One sampling round: every GPU's utilisation and memory, at the frame's time."""
        self.guard.feed_gpu([g.util_gpu for g in frame.gpus], [g.mem_used_mib for g in frame.gpus], frame.t)
        self._probe_ide(frame.t)

    def _probe_ide(self, t: float) -> None:
        """At the telemetry cadence (at most every ``IDE_PROBE_S``): did an IDE's server on the instance work?"""
        # A probe whose answer never came (its work was cancelled by a reconnect) does not block the next ones.
        if t - self._ide_probe_at < IDE_PROBE_S or (self._ide_probing and t - self._ide_probe_at < 4 * IDE_PROBE_S):
            return
        self._ide_probing, self._ide_probe_at = True, t

        def probed(result: ExecResult) -> None:
            self._ide_probing = False
            ide = self._ide.feed(str(result.out))
            if ide:
                self.guard.note_ide(ide)

        def failed(_exc: BaseException) -> None:
            self._ide_probing = False

        self._on_link(lambda conn: conn.exec(IDE_PROBE, timeout=20.0), probed, failed)

    def ide_in_use(self) -> str:
        """The IDE ("code", "cursor", "windsurf") seen at work on the server lately, "" when none."""
        return self.guard.detector.ide_in_use(time.time())

    def note_activity(self, kind: str = "user") -> None:
        self.guard.note_activity(kind or "user")

    def _on_busy(self, value: tuple[str, bool]) -> None:
        kind, busy = value
        self.guard.set_busy(kind, busy)

    def _on_link_state(self, state: LinkState) -> None:
        if state != LinkState.CONNECTED:
            self._stop_beat()

    def _on_connected(self, _connection: object = None) -> None:
        choice = self.guard.config.server_guard
        if choice == "on":
            self.sync_server_guard()
        elif choice == "ask" and self.linked:
            self.server_guard_question.emit(self)  # asked once; the answer is kept per session
        if not self.linked and self.price is not None:
            sid = self.session.id
            # Manual billing starts at first connection; an open run (app restarted) goes on.
            self._submit(lambda: self.meter.start(sid), lambda _r: self._emit_changed())

    def _on_acted(self, acted: billing_actions.Acted) -> None:
        """An action on some instance went through the one path: follow it when it is this server's."""
        mine = (acted.account, acted.instance_id) == (self.session.provider, self.session.provider_instance_id)
        if not (mine and self.linked) and self.session.id not in acted.session_ids:
            return

        def follow() -> None:
            if not acted.local or self.meter is not shared_meter():
                self.meter.reload()  # the other process (or meter object) moved the run
            if acted.state == Outcome.CONFIRMED and acted.action == "terminate":
                self._terminated = True
            elif acted.state == Outcome.CONFIRMED and acted.action == "start":
                self._terminated = False
            self._emit_changed()
            if self.linked:
                self.refresh_instance()

        self._submit(follow)

    def _on_seen(self, news: billing_actions.Seen) -> None:
        """Another reader (Providers, the CLI's listing) got a newer answer about this instance: take it."""
        if news.source is self or not self.linked:
            return
        if (news.account, news.instance_id) != (self.session.provider, self.session.provider_instance_id):
            return
        sid, inst = self.session.id, news.instance

        def take() -> Instance | None:
            if news.t <= self._answered_at:
                return None  # ours is as new
            self._answered_at = news.t
            self.meter.sync(sid, inst.billing, inst.started_at)
            return inst

        self._submit(take, lambda found: self._on_instance(found) if found is not None else None)

    # -- the clock --------------------------------------------------------------------------------
    def _on_clock(self) -> None:
        with self._lock:
            if self._ticking or self._closed:
                return  # a slow disk must not pile ticks up
            self._ticking = True
        if self._submit(self._tick) is None:
            self._ticking = False

    def _tick(self) -> None:
        try:
            now = time.time()
            prompt = self.guard.tick(now)
            with self._answer_lock:
                news = prompt is not self.prompt and not self._answering
                if news:
                    self.prompt = prompt
            if news:
                self.prompt_changed.emit(prompt)
            sid, meter = self.session.id, self.meter
            self._watch_pending(now)
            self.figures = Figures(
                now,
                meter.rate_per_hour(sid),
                meter.currency(sid),
                meter.billed_seconds(sid, now),
                meter.cost(sid, now),
                meter.session_today(sid, now),
                meter.is_running(sid),
                self.guard.detector.idle_seconds(now),
            )
            self._emit_changed()
        finally:
            self._ticking = False

    @property
    def checking(self) -> bool:
        """A linked server whose provider has not answered yet since it was opened: no state is claimed.

        The meter on disk is from before (an app restart, another process); only the provider's
        answer says whether it bills now, so views show "checking…" until it came.
        """
        return self.linked and self.instance is None and self.provider_error is None and not self._terminated

    def _derive(self) -> None:
        inst, sid = self.instance, self.session.id
        if self.checking:
            state = BillingState.UNKNOWN
        elif self._terminated or (inst is not None and inst.status in ("terminated", "terminating")):
            state = BillingState.TERMINATED
        elif self.meter.is_running(sid):
            state = BillingState.BILLING
        else:
            entry = self.meter.entries.get(sid)
            known = inst is not None or bool(entry and entry.runs)
            state = BillingState.STOPPED if known else BillingState.UNKNOWN
        with self._lock:
            news = state != self.state
            self.state = state
        if news:
            self.state_changed.emit(state)

    # -- settings ----------------------------------------------------------------------------------
    def apply(self, price: Price | None, guard_config: GuardConfig) -> None:
        """New settings (the billing dialog): the guard, the meter and the server's guard follow at once."""
        was = self.guard.config.server_guard
        self.guard.config = guard_config
        self.guard.detector.config = guard_config.idle
        self.guard.set_deadline(guard_config.deadline, guard_config.deadline_policy)
        self.price = price or self.price
        sid, label, linked = self.session.id, self.session.label, self.linked
        self._submit(lambda: self.meter.configure(sid, label, price, "api" if linked else "manual"))
        connected = self._link_state() == LinkState.CONNECTED
        if guard_config.server_guard == "on" and connected:
            self.sync_server_guard()  # the new policy goes to the server too
        elif guard_config.server_guard == "off" and was == "on":
            self.set_server_guard(False)
        if price is not None and connected and not linked:
            self._submit(lambda: self.meter.start(sid), lambda _r: self._emit_changed())

    # -- the guard on the server -----------------------------------------------------------------
    def set_server_guard(self, on: bool) -> None:
        """The user's answer (question or billing dialog): kept, and applied at once when connected."""
        self.guard.config.server_guard = "on" if on else "off"
        sid, guard_config = self.session.id, self.guard.config
        self._submit(lambda: config.save(sid, guard=guard_config))
        connected = self._link_state() == LinkState.CONNECTED
        if on and connected:
            self.sync_server_guard()
        elif not on:
            self._stop_beat()
            if self.server_guard is not None and connected:
                self._on_link(server_guard.remove)
            self.server_guard = None
            self.changed.emit(self)

    def sync_server_guard(self) -> None:
        """Install/upgrade the guard with this session's policy, read what it did while away, beat."""
        session, guard_config, price, meter = self.session, self.guard.config, self.price, self.meter
        self._on_link(
            lambda conn: connect_sync(conn, session, guard_config, price, meter), self._guard_synced, self._guard_failed
        )

    def _guard_synced(self, view: GuardView) -> None:
        self.server_guard, self.server_guard_error = view, None
        self.last_beat = time.time()  # connect_sync beat once
        interval = HEARTBEAT_S
        grace_s = view.policy.get("grace_s")
        if isinstance(grace_s, (int, float)) and grace_s > 0:  # three beats within the guard's grace
            interval = min(HEARTBEAT_S, max(1.0, float(grace_s) / 3))
        self._stop_beat()
        if not self._closed:
            self._beat = self._clock.every(interval, self._heartbeat)
        for entry in view.new_actions:
            self.server_guard_news.emit(dict(entry))
        self._emit_changed()

    def _guard_failed(self, exc: BaseException) -> None:
        self.server_guard_error = exc
        self.changed.emit(self)

    def _stop_beat(self) -> None:
        beat, self._beat = self._beat, None
        if beat is not None:
            beat.cancel()

    def _heartbeat(self) -> None:
        # A missed beat only shortens the guard's grace: no news for anyone.
        self._on_link(server_guard.heartbeat, self._beaten, lambda _exc: None)

    def _beaten(self, _result: object = None) -> None:
        self.last_beat = time.time()

    def pause_server_guard(self, seconds: float) -> None:
        """ "Keep 1 h" holds for the guard on the server too (it would act alone once the app is gone)."""
        if self.server_guard is None:
            return
        self._on_link(lambda conn: server_guard.pause(conn, seconds), None, self._guard_failed)

    def extend_deadline(self, seconds: float = 3600.0) -> None:
        """ "Extend by 1 h": the session's deadline moves here and on the server (whose guard would act alone)."""
        if self.guard.extend_deadline(seconds) is None:
            return
        if self.server_guard is not None:
            self._on_link(lambda conn: server_guard.extend(conn, seconds), None, self._guard_failed)
        self._emit_changed()

    # -- the provider ----------------------------------------------------------------------------
    def provider(self) -> BaseProvider:
        """Blocking (keyring): call off the GUI thread."""
        if self._provider is None:
            account = AccountStore().get(self.session.provider)
            if account is None:
                raise account_gone(self.session.provider)  # English in the audit log, translated on screen
            self._provider = provider_for(account)
        return self._provider

    def refresh_instance(self) -> None:
        """Ask the provider for the instance now (off the caller's thread); the meter follows its word."""
        if not self.linked or self._closed:
            return
        sid, iid = self.session.id, self.session.provider_instance_id

        account = self.session.provider
        self._last_ask = time.time()

        def fetch() -> Instance:
            try:
                inst = self.provider().get_instance(iid)
            except NotFound:
                settled = billing_actions.observe(account, iid, None, gone=True, meter=self.meter)
                if settled is not None:
                    self._confirmed(settled)
                raise
            self.meter.sync(sid, inst.billing, inst.started_at)
            self._answered_at = time.time()
            settled = billing_actions.observe(account, iid, inst, meter=self.meter, source=self)
            if settled is not None:
                self._confirmed(settled)
            return inst

        self._submit(fetch, self._on_instance, self._on_provider_error)

    def billing_now(self) -> BillingNow:
        """This server's "billing now" from the one ledger: compute X/h + its disk's storage Y/h (a BillingNow)."""
        return storage_billing.billing_now(
            self.meter,
            [self.session.id],
            account=self.session.provider if self.linked else "",
            instance_id=self.session.provider_instance_id if self.linked else "",
        )

    def _track_storage(self) -> None:
        """Stopped: the disk it keeps bills at its storage rate. Ask the provider for its storage once, into the meter."""
        try:
            items = self.provider().list_storage()
        except (ProviderError, NotImplementedError, OSError) as exc:
            _log.info("storage of %s not listed: %s", self.session.provider, exc)
            return
        storage_billing.track(self.meter, self.session.provider, items)
        self._emit_changed()

    def _on_instance(self, inst: Instance) -> None:
        was = self.instance.status if self.instance is not None else None
        self.instance = inst
        if inst.status == "stopped" and was != "stopped":
            self._submit(self._track_storage)
        self.provider_error = None
        self._failures = 0
        if inst.status in ("running", "starting"):
            self._terminated = False
        if self.price is None and inst.price_per_hour is not None:
            self.price = Price(inst.price_per_hour, "hour", inst.currency)
            self._configure_meter()
        if inst.ssh_host and (inst.ssh_host, inst.ssh_port or 22) != (self.session.host, self.session.port):
            self.ssh_moved.emit(f"{inst.ssh_user}@{inst.ssh_host}:{inst.ssh_port or 22}")
        self.instance_changed.emit(inst)
        self._emit_changed()
        if inst.status not in SETTLED_STATES and not self._closed:
            # On its way somewhere (a start nobody here asked for, such as a demo host waking its pod):
            # read again soon, so no view shows this passing state for a whole poll.
            with self._lock:
                if self._settle_handle is not None:
                    self._settle_handle.cancel()
                self._settle_handle = self._clock.call_later(PENDING_POLL_S, self.refresh_instance)

    def _on_provider_error(self, exc: BaseException) -> None:
        self.provider_error = exc
        _log.info("asking %s for the instance failed: %s", self.session.provider, exc)
        self._retry_after(exc)
        self.changed.emit(self)

    def _retry_after(self, exc: BaseException) -> None:
        """Ask again soon after a failure that may pass, instead of leaving the state unknown for a whole poll."""
        if isinstance(exc, (BadToken, NotFound)) or self._closed:
            return  # a wrong token or a gone instance does not heal by asking again: the next poll will do
        self._failures += 1
        delay = min(POLL_S, RETRY_S * 2 ** (self._failures - 1))
        if isinstance(exc, RateLimited) and exc.retry_after:
            delay = min(POLL_S, max(delay, float(exc.retry_after)))
        with self._lock:
            if self._retry_handle is not None:
                self._retry_handle.cancel()
            self._retry_handle = self._clock.call_later(delay, self.refresh_instance)

    def stop_note(self) -> str:
        try:
            return self._provider.stop_note() if self._provider else ""
        except Exception:  # noqa: BLE001 - a note is a nicety
            return ""

    def terminate_note(self) -> str:
        try:
            return self._provider.terminate_note() if self._provider else ""
        except Exception:  # noqa: BLE001 - a note is a nicety
            return ""

    def can(self, action: str) -> bool:
        if not self.linked:
            return False
        if self.actions is not None:
            return action in self.actions
        return self._provider is None or action in self._provider.actions

    # -- actions ----------------------------------------------------------------------------------
    def answer(self, choice: str) -> Future[str | None] | None:
        """The user's answer to the prompt (or "released"): audited, then the action it asks for is run."""

        def answered(action: str | None) -> None:
            with self._answer_lock:
                self._answering -= 1
            if action:
                self.act(action)
            self._emit_changed()

        def failed(_exc: BaseException) -> None:
            with self._answer_lock:
                self._answering -= 1

        if choice == "keep_1h":
            self.pause_server_guard(3600.0)  # the guard on the server keeps it too, should the app close
            if self.prompt is not None and self.prompt.reason == "deadline" and self.server_guard is not None:
                # A deadline is a hard limit on the server (a pause does not hold it): it moves instead.
                self._on_link(lambda conn: server_guard.extend(conn, 3600.0), None, self._guard_failed)
        # The question is answered now for every view; the guard hears it on a worker (it writes the audit).
        with self._answer_lock:
            self._answering += 1
            cleared = self.prompt is not None
            self.prompt = None
        if cleared:
            self.prompt_changed.emit(None)
        future = self._submit(lambda: self.guard.answer(choice), answered, failed)
        if future is None:  # closed: no worker will count this answer off
            with self._answer_lock:
                self._answering -= 1
        return future

    def _auto_act(self, action: str, _reason: str) -> None:
        # Called by the guard inside its tick: the provider call goes to a worker, never blocks the tick.
        self.act(action, automatic=True)

    def act(self, action: str, automatic: bool = False) -> Future[billing_actions.ActionOutcome] | None:
        """Run ``stop``/``terminate``/``start`` through the one actions path, off the caller's thread.

        A failed automatic action is not an error box (nobody may be there to close it, and it would
        stack on every retry): the guard brings its prompt back with the failure, and ``auto_failed``
        lets views alert the user.
        """
        sid, iid, account = self.session.id, self.session.provider_instance_id, self.session.provider
        if not self.linked:
            message = msg("Billing", "No provider API for this session: stop the server in your provider's console.")
            self._submit(lambda: self.guard.record_result(action, False, "no provider API", automatic=automatic))
            self.action_done.emit(ActionResult(action, False, message, automatic))
            return None

        def call() -> billing_actions.ActionOutcome:
            # The guard writes the audit entry with the prompt it answers.
            saved = list(self._saved_sessions()) if self._saved_sessions is not None else []
            linked = sorted({sid, *billing_actions.sessions_for(account, iid, saved)})
            outcome = billing_actions.instance_action(
                self.provider(),
                account,
                iid,
                action,
                reason="idle guard" if automatic else "cost bar",
                automatic=automatic,
                meter=self.meter,
                session_ids=linked,
                record=False,
            )
            if outcome.confirmed:
                self.guard.record_result(action, True, automatic=automatic)
            else:
                self._awaiting = (action, automatic)  # the guard hears how it ends when a read settles it
            return outcome

        def failed(exc: BaseException) -> None:
            self.guard.record_result(action, False, str(exc), automatic=automatic)
            (self.auto_failed if automatic else self.action_done).emit(ActionResult(action, False, exc, automatic))
            self._emit_changed()

        def done(outcome: billing_actions.ActionOutcome) -> None:
            if outcome.instance is not None:
                self._on_instance(outcome.instance)  # the state the provider reported, for every view at once
            if not outcome.confirmed:
                # Accepted, not done: the meter runs on and every view says so until a read confirms it.
                self.action_done.emit(ActionResult(action, True, outcome.request.words(), automatic, True))
                self._emit_changed()
                return
            if action == "terminate":
                self._terminated = True
            elif action == "start":
                self._terminated = False
            self.action_done.emit(ActionResult(action, True, "", automatic))
            self._emit_changed()
            self.refresh_instance()

        return self._submit(call, done, failed)

    # -- the end ------------------------------------------------------------------------------------
    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for handle in (self._tick_handle, self._poll_handle, self._retry_handle, self._settle_handle):
            if handle is not None:
                handle.cancel()
        self._stop_beat()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
        self._pool.shutdown()
