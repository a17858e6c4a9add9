"""One session's billing, seen from the UI: meter, guard, provider link, automatic actions."""

from __future__ import annotations

import contextlib
import re
import time
from typing import TYPE_CHECKING

from gpudesk.core.billing import config, hub
from gpudesk.core.billing.guard import Guard
from gpudesk.core.billing.meter import Meter
from gpudesk.core.billing.price import Price
from gpudesk.ui.background import call_in_gui, run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QObject, QTimer, Signal

if TYPE_CHECKING:  # requests is imported with the first provider call, not at start-up
    from gpudesk.core.providers.base import BaseProvider, Instance

HEARTBEAT_MS = 60_000  # the server guard waits longer than this (its grace time) before it acts alone
_SUMMARY = re.compile(r"(\d+)×.*?·\s*(\d+(?:\.\d+)?)%(?:\s*·\s*(\d+(?:\.\d+)?)\s*GB)?")
POLL_MS = 60_000


class SessionBilling(QObject):
    """Created by the cost bar for each attached connection."""

    instance_changed = Signal(object)  # Instance
    ssh_moved = Signal(str)  # "user@host:port" the provider now reports, when it differs from the session
    action_done = Signal(str, bool, str)  # action, ok, message
    auto_failed = Signal(str, str)  # action, message: an automatic action failed; the guard retries it
    server_guard_question = Signal()  # first connection of a linked session: install the guard on the server?
    server_guard_news = Signal(str)  # what the server guard did while gpudesk was away, in words
    changed = Signal()

    def __init__(self, controller, meter: Meter, parent: QObject | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.controller = controller
        self.session = controller.session
        self.meter = meter
        self.price: Price | None = config.price_for(self.session)
        self.guard = Guard(self.session.id, config.guard_config(self.session.id), meter, act=self._auto_act)
        self.instance: Instance | None = None
        self.provider_error = ""
        self.actions: frozenset[str] | None = None  # what the provider really offers, once known
        self._provider: BaseProvider | None = None
        self._telemetry_seen = False
        self._summary_sample: tuple[list[float | None], list[float | None]] | None = None
        self._closed = False
        hub.register(self.guard)
        linked = self.linked
        sid, label, price = self.session.id, self.session.label, self.price
        run_in_background(lambda: meter.configure(sid, label, price, "api" if linked else "manual"))
        controller.state_changed.connect(self._on_state)
        controller.activity.connect(self._on_activity)
        controller.summary_changed.connect(self._on_summary)
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self.refresh_instance)
        self.server_guard = None  # the guard on the server as last seen (core.guard.app.GuardView)
        self.last_beat: float | None = None  # when the app last touched the guard's heartbeat
        self.server_guard_error = ""
        self._beat = QTimer(self)
        self._beat.setInterval(int(HEARTBEAT_MS))
        self._beat.timeout.connect(self._heartbeat)
        if linked:
            self._poll.start()
            self.refresh_instance()
        elif controller.state == "connected":
            self._on_state("connected")
        session = self.session

        def actions() -> frozenset[str]:
            from gpudesk.core.providers.capabilities import session_actions

            return session_actions(session)

        run_in_background(actions, self._set_actions)

    def _set_actions(self, actions: frozenset[str]) -> None:
        if not self.alive():
            return
        self.actions = actions
        self.guard.actions = actions  # policies the provider lacks only remind

    @property
    def linked(self) -> bool:
        return bool(self.session.provider and self.session.provider_instance_id)

    def apply(self, price: Price | None, guard_config) -> None:  # type: ignore[no-untyped-def]
        """New settings from the billing dialog: the guard, the meter and the server's guard follow at once."""
        was = self.guard.config.server_guard
        self.guard.config = guard_config
        self.guard.detector.config = guard_config.idle
        self.guard.set_deadline(guard_config.deadline, guard_config.deadline_policy)
        self.price = price or self.price
        sid, label, linked = self.session.id, self.session.label, self.linked
        run_in_background(lambda: self.meter.configure(sid, label, price, "api" if linked else "manual"))
        if guard_config.server_guard == "on" and self.controller.state == "connected":
            self.sync_server_guard()  # the new policy goes to the server too
        elif guard_config.server_guard == "off" and was == "on":
            self.set_server_guard(False)
        if price is not None and self.controller.state == "connected" and not self.linked:
            sid = self.session.id
            run_in_background(lambda: self.meter.start(sid), lambda _r: self.changed.emit() if self.alive() else None)

    def alive(self) -> bool:
        """False once closed: background answers that arrive later are dropped."""
        import shiboken6

        return not self._closed and shiboken6.isValid(self)

    def close(self) -> None:
        self._closed = True
        self._poll.stop()
        self._beat.stop()
        hub.unregister(self.session.id)
        for signal, slot in (
            (self.controller.state_changed, self._on_state),
            (self.controller.activity, self._on_activity),
            (self.controller.summary_changed, self._on_summary),
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)

    # -- inputs ------------------------------------------------------------------------
    def _on_state(self, state: str) -> None:
        if state == "connected":
            choice = self.guard.config.server_guard
            if choice == "on":
                self.sync_server_guard()
            elif choice == "ask" and self.linked:
                self.server_guard_question.emit()  # asked once; the answer is kept per session
        else:
            self._beat.stop()
        if state == "connected" and not self.linked and self.price is not None:
            sid = self.session.id
            # Manual billing starts at first connection; an open run (app restarted) goes on.
            run_in_background(lambda: self.meter.start(sid), lambda _r: self.changed.emit() if self.alive() else None)

    # -- the guard on the server --------------------------------------------------------
    def set_server_guard(self, on: bool) -> None:
        """The user's answer (question or billing dialog): kept, and applied at once when connected."""
        from gpudesk.core.billing import config as billing_config

        self.guard.config.server_guard = "on" if on else "off"
        sid, guard_config = self.session.id, self.guard.config
        run_in_background(lambda: billing_config.save(sid, guard=guard_config))
        if on and self.controller.state == "connected":
            self.sync_server_guard()
        elif not on:
            self._beat.stop()
            if self.server_guard is not None and self.controller.state == "connected":
                from gpudesk.core.guard import remove

                self.controller.submit(remove)
            self.server_guard = None
            self.changed.emit()

    def sync_server_guard(self) -> None:
        """Install/upgrade the guard with this session's policy, read what it did while away, beat."""
        from gpudesk.core.guard.app import connect_sync

        session, config, price, meter = self.session, self.guard.config, self.price, self.meter
        self.controller.submit(
            lambda conn: connect_sync(conn, session, config, price, meter), self._guard_synced, self._guard_failed
        )

    def _guard_synced(self, view) -> None:  # type: ignore[no-untyped-def]
        if not self.alive():
            return
        self.server_guard, self.server_guard_error = view, ""
        self.last_beat = time.time()  # connect_sync beat once
        grace_s = view.policy.get("grace_s")
        if isinstance(grace_s, (int, float)) and grace_s > 0:  # three beats within the guard's grace
            self._beat.setInterval(int(min(HEARTBEAT_MS, max(1000.0, float(grace_s) * 1000 / 3))))
        self._beat.start()
        for entry in view.new_actions:
            self.server_guard_news.emit(_guard_news(entry, self.price))
        self.changed.emit()

    def _guard_failed(self, exc: BaseException) -> None:
        if not self.alive():
            return
        self.server_guard_error = tr_msg(exc)
        self.changed.emit()

    def pause_server_guard(self, seconds: float) -> None:
        """"Keep 1 h" holds for the guard on the server too (it would act alone once the app is gone)."""
        if self.server_guard is None:
            return
        from gpudesk.core.guard import pause

        self.controller.submit(lambda conn: pause(conn, seconds), None, self._guard_failed)

    def _heartbeat(self) -> None:
        from gpudesk.core.guard import heartbeat

        self.controller.submit(heartbeat, self._beaten, lambda exc: None)  # a missed beat only shortens the grace

    def _beaten(self, _result=None) -> None:  # type: ignore[no-untyped-def]
        self.last_beat = time.time()

    def server_guard_text(self) -> str:
        """One line for the cost bar's tooltip."""
        if self.server_guard_error:
            return self.tr("Server guard: %1").replace("%1", self.server_guard_error)
        view = self.server_guard
        if view is None:
            return ""
        if view.problems:
            return self.tr("Server guard: %1").replace("%1", "; ".join(view.problems))
        minutes = int(float(view.policy.get("idle_s") or 0) // 60)
        action = str(view.policy.get("action") or "remind")
        what = {"stop": self.tr("stops the server"), "terminate": self.tr("terminates the server")}.get(
            action, self.tr("logs a reminder")
        )
        text = self.tr("Guarded on the server: %1 after %2 min idle while gpudesk is away").replace("%1", what).replace(
            "%2", str(minutes)
        )
        beat = self.last_beat
        if beat is not None:
            ago = self.tr("last heartbeat %1 s ago").replace("%1", str(max(0, int(time.time() - beat))))
            text += " · " + ago
        return text

    def _on_activity(self) -> None:
        self.guard.note_activity("user")

    def _on_summary(self, text: str) -> None:
        # Until the telemetry sampler feeds the hub per GPU, read the summary line. Its mean
        # times the GPU count bounds the busiest GPU from above, so "idle" stays conservative.
        if self._telemetry_seen or self.guard.detector_fed_by_hub:
            self._telemetry_seen = True
            return
        m = _SUMMARY.search(text)
        if not m:
            return
        count, mean = int(m.group(1)), float(m.group(2))
        mem = float(m.group(3)) * 1024 if m.group(3) else 0.0
        self._summary_sample = ([min(100.0, mean * count)], [mem])
        self.guard.feed_gpu(*self._summary_sample, time.time())

    def refeed(self, now: float) -> None:
        """Called each second: the summary only changes on change, yet a steady one is still news."""
        if self._summary_sample is None or self.guard.detector_fed_by_hub:
            return
        if self.controller.state != "connected":
            self._summary_sample = None  # no connection, no telemetry: say nothing
            return
        self.guard.feed_gpu(*self._summary_sample, now)

    # -- the provider --------------------------------------------------------------------
    def provider(self) -> BaseProvider:
        """Blocking (keyring): call off the GUI thread."""
        from gpudesk.core.providers.accounts import AccountStore, account_gone, provider_for

        if self._provider is None:
            account = AccountStore().get(self.session.provider)
            if account is None:
                raise account_gone(self.session.provider)  # English in the audit log, translated on screen
            self._provider = provider_for(account)
        return self._provider

    def refresh_instance(self) -> None:
        if not self.linked or not self.alive():
            return
        sid, iid = self.session.id, self.session.provider_instance_id

        def fetch() -> Instance:
            inst = self.provider().get_instance(iid)
            self.meter.sync(sid, inst.billing, inst.started_at)
            return inst

        run_in_background(fetch, self._on_instance, self._on_provider_error)

    def _on_instance(self, inst: Instance) -> None:
        if not self.alive():
            return
        self.instance = inst
        self.provider_error = ""
        if self.price is None and inst.price_per_hour is not None:
            self.price = Price(inst.price_per_hour, "hour", inst.currency)
            sid, label, price = self.session.id, self.session.label, self.price
            run_in_background(lambda: self.meter.configure(sid, label, price, "api"))
        if inst.ssh_host and (inst.ssh_host, inst.ssh_port or 22) != (self.session.host, self.session.port):
            self.ssh_moved.emit(f"{inst.ssh_user}@{inst.ssh_host}:{inst.ssh_port or 22}")
        self.instance_changed.emit(inst)
        self.changed.emit()

    def _on_provider_error(self, exc: BaseException) -> None:
        if not self.alive():
            return
        self.provider_error = tr_msg(exc)
        self.changed.emit()

    def stop_note(self) -> str:
        try:
            return tr_msg(self._provider.stop_note()) if self._provider else ""
        except Exception:  # noqa: BLE001
            return ""

    def terminate_note(self) -> str:
        try:
            return tr_msg(self._provider.terminate_note()) if self._provider else ""
        except Exception:  # noqa: BLE001
            return ""

    def can(self, action: str) -> bool:
        if not self.linked:
            return False
        if self.actions is not None:
            return action in self.actions
        return self._provider is None or action in self._provider.actions

    # -- actions ----------------------------------------------------------------------------
    def _auto_act(self, action: str, reason: str) -> None:
        # Called by the guard on the tick thread: hop to the GUI, which starts the HTTP call.
        call_in_gui(lambda _v: self.act(action, automatic=True) if self.alive() else None, None)

    def act(self, action: str, automatic: bool = False) -> None:
        """Run ``stop``/``terminate``/``start`` through the provider, off the GUI thread.

        A failed automatic action is not a modal box (nobody may be there to close it, and it
        would stack on every retry): the guard brings its prompt back with the failure, and
        ``auto_failed`` lets the window alert the user (status bar, tray, taskbar).
        """
        sid, iid = self.session.id, self.session.provider_instance_id
        if not self.linked:
            message = self.tr("No provider API for this session: stop the server in your provider's console.")
            run_in_background(lambda: self.guard.record_result(action, False, "no provider API"))
            self.action_done.emit(action, False, message)
            return

        account = self.session.provider

        def call() -> None:
            from gpudesk.core.billing.actions import instance_action, sessions_for

            # The one path every view uses; the guard writes the audit entry with the prompt it answers.
            linked = sorted({sid, *sessions_for(account, iid)})
            instance_action(self.provider(), account, iid, action, reason="cost bar", automatic=automatic,
                            meter=self.meter, session_ids=linked, record=False)
            self.guard.record_result(action, True)

        def failed(exc: BaseException) -> None:
            run_in_background(lambda: self.guard.record_result(action, False, str(exc)))
            if not self.alive():
                return
            if automatic:
                self.auto_failed.emit(action, tr_msg(exc))
            else:
                self.action_done.emit(action, False, tr_msg(exc))

        def done(_r: object) -> None:
            if self.alive():
                self.action_done.emit(action, True, "")
                self.refresh_instance()

        run_in_background(call, done, failed)


def _guard_news(entry: dict, price=None) -> str:  # type: ignore[type-arg,no-untyped-def]
    from datetime import datetime

    from gpudesk.core.billing.price import money
    from gpudesk.ui.qt import QCoreApplication

    t = float(entry.get("t") or 0)
    when = datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")
    action = str(entry.get("action") or "")
    if str(entry.get("result")) == "ok":
        text = QCoreApplication.translate("SessionBilling", "While gpudesk was away, the server guard did: %1 at %2 (%3).")
    else:
        text = QCoreApplication.translate("SessionBilling", "While gpudesk was away, the server guard tried: %1 at %2, and it failed (%3).")
    reason = str(entry.get("reason") or "") if str(entry.get("result")) == "ok" else str(entry.get("detail") or "")
    text = text.replace("%1", action).replace("%2", when).replace("%3", reason)
    if str(entry.get("result")) == "ok" and action in ("stop", "terminate") and price is not None:
        saved = price.cost(max(0.0, time.time() - t))  # what the server would have billed since
        if saved >= 0.005:
            saved_text = QCoreApplication.translate("SessionBilling", "Not billed since then: about %1.")
            text += " " + saved_text.replace("%1", money(saved, price.currency))
    return text
