"""The cost bar in the status bar: rate · time billed · money so far · today's total · idle.

A view: each attached server's billing (``server.billing``, on the live clock) measures, guards and
acts; the bar hears its events through the bridge while it holds the server, paints its figures once
a second, sums today's spending (naming what it sums), and shows the guard's idle prompt over the main
window (plus a tray notification where there is a tray). Which server the bar details is the one the
window says is in front (:meth:`CostBar.focus`). The words for a billing's state are in
:mod:`gpudesk.ui.billing.words`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from gpudesk.core import settings
from gpudesk.core.billing.guard import Prompt
from gpudesk.core.billing.idle import idle_minutes
from gpudesk.core.billing.meter import Gap, Meter, shared_meter
from gpudesk.core.billing.price import duration, hourly, money
from gpudesk.core.billing.storage import billing_now
from gpudesk.core.live.billing import ActionResult, LiveBilling
from gpudesk.ui import bridge, plaintext
from gpudesk.ui.background import run_in_background
from gpudesk.ui.billing import words
from gpudesk.ui.billing.prompt import IdlePrompt, place
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QObject, QtCore, QTimer, QtWidgets, shiboken6

if TYPE_CHECKING:
    from gpudesk.core.live.server import LiveServer
    from gpudesk.core.sessions.model import Session

HEARTBEAT_S = 30.0


class Serving(Protocol):  # what the bar attaches: a connection's controller, the view of its live server
    @property
    def server(self) -> LiveServer: ...


class Named(Protocol):  # what the bar lets go of: anything that names its session (a controller, a server)
    @property
    def session(self) -> Session: ...


@dataclass
class Figures:
    """What one tick computed, handed from the pool to the GUI thread."""

    now: float
    per_session: dict[str, dict[str, object]] = field(default_factory=dict)
    prompts: dict[str, Prompt | None] = field(default_factory=dict)
    today: dict[str, float] = field(default_factory=dict)
    today_names: list[str] = field(default_factory=list)  # what "today" sums, by name


class CostBar(QtWidgets.QWidget):
    def __init__(self, main_window: QtWidgets.QMainWindow, meter: Meter | None = None) -> None:
        super().__init__(main_window)
        self.window_ = main_window
        self.meter = meter or shared_meter()
        #: the servers the bar holds, by session id; each one's events reach the bar while its listener lives
        self.servers: dict[str, LiveServer] = {}
        self._listeners: dict[str, QObject] = {}
        self._focus: str | None = None  # the server in front, as the window says
        self.prompts: dict[str, IdlePrompt] = {}
        self.figures: Figures | None = None
        self._busy = False
        self.ticks = 0  # finished ticks (tests wait on it instead of sleeping)
        self._last_heartbeat = 0.0
        self._tray: QtWidgets.QSystemTrayIcon | None = None
        self._notified: set[tuple[str, float, int]] = set()
        self.last_alert = ""
        self.label = QtWidgets.QLabel()
        self.label.setObjectName("costbar-label")
        plaintext.rich(self.label)  # every outside string in it goes through plaintext.escape
        self.menu_button = QtWidgets.QToolButton()
        self.menu_button.setText(self.tr("Costs"))
        self.menu_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QtWidgets.QMenu(self.menu_button)
        self.session_action = menu.addAction(self.tr("Billing for this session…"), self.open_session_billing)
        self.stop_action = menu.addAction(self.tr("Stop this server…"), lambda: self.ask_action("stop"))
        self.terminate_action = menu.addAction(self.tr("Terminate this server…"), lambda: self.ask_action("terminate"))
        self.extend_action = menu.addAction(self.tr("Extend the deadline by 1 h"), self.extend_deadline)
        menu.aboutToShow.connect(self._update_menu)
        menu.addAction(self.tr("I stopped this server (end metering)"), self.mark_released)
        menu.addAction(self.tr("Spending report…"), self.open_report)
        menu.addAction(self.tr("Automatic actions log…"), self.open_audit)
        self.menu_button.setMenu(menu)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.menu_button)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        main_window.installEventFilter(self)
        self.gaps: list[Gap] = []
        run_in_background(lambda: self.meter.recover(time.time()), self._show_gaps)
        self.render()

    # -- connections ----------------------------------------------------------------------
    @property
    def trackers(self) -> dict[str, LiveBilling]:
        """Each held server's billing, by session id (what the window's quit guard reads)."""
        return {sid: server.billing for sid, server in self.servers.items()}

    def attach(self, controller: Serving) -> LiveBilling:
        """Hold this server: the bar shows its billing and hears its news until :meth:`detach`."""
        server = controller.server
        sid = server.id
        self._let_go(sid)
        b = server.billing
        b.use_meter(self.meter)
        # The server's billing news, through the bridge; deleting the listener ends every subscription.
        listener = self._listeners[sid] = QObject(self)
        bridge.connect(b.changed, lambda _b: self.render(), listener)
        bridge.connect(b.ssh_moved, lambda where: self._on_ssh_moved(b, where), listener)
        bridge.connect(b.action_done, lambda result: self._on_result(b, result), listener)
        bridge.connect(b.auto_failed, lambda r: self._on_auto_failed(b, r.action, tr_msg(r.message)), listener)
        bridge.connect(b.unconfirmed, lambda r: self._on_unconfirmed(b, tr_msg(r.message)), listener)
        bridge.connect(b.server_guard_question, lambda _b: self.ask_server_guard(b), listener)
        bridge.connect(
            b.server_guard_news, lambda entry: self._on_guard_news(words.guard_news(entry, b.price)), listener
        )
        bridge.connect(b.prompt_changed, lambda _p: self._sync_prompts(), listener)
        self.servers[sid] = server
        self.render()
        return b

    def focus(self, session_id: str | None) -> None:
        """The window brought this server's view to the front: the bar details its billing."""
        if session_id != self._focus:
            self._focus = session_id
            self.render()

    def detach(self, held: Named) -> None:
        """Let the server go (its billing runs on while the server is open); late news is not heard."""
        sid = held.session.id
        self._let_go(sid)
        self._close_prompt(sid)
        self.render()

    def _let_go(self, sid: str) -> None:
        self.servers.pop(sid, None)
        listener = self._listeners.pop(sid, None)
        if listener is not None:
            shiboken6.delete(listener)  # now, not later: its subscriptions end with it (see bridge.connect)

    def holds(self, billing: LiveBilling) -> bool:
        """Whether ``billing`` is still the billing of a server the bar holds (a late answer is dropped)."""
        server = self.servers.get(billing.session.id)
        return server is not None and server.billing is billing

    def instance_acted(self, account: str, instance_id: str, action: str) -> None:
        """Kept for callers of the Providers page's signal: each server's billing already follows every
        action of the one actions path by itself (core.billing.actions.acted); the bar only repaints."""
        self.render()

    # -- the clock ---------------------------------------------------------------------------
    def tick(self) -> None:
        """Paint what the servers' billings measured; today's total (and a heartbeat) off the GUI thread."""
        if self._busy:
            return  # a slow disk must not pile ticks up
        self._busy = True
        meter = self.meter
        heartbeat = time.time() - self._last_heartbeat >= HEARTBEAT_S

        def work() -> Figures:
            now = time.time()
            if heartbeat:
                meter.heartbeat(now)
            today = datetime.fromtimestamp(now).date()
            rows = [r for r in meter.day_rows(today, now) if r.currency and r.cost > 0]
            names = sorted({r.name or r.session_id for r in rows}, key=str.lower)
            return Figures(now, today=meter.today(now), today_names=names)

        def done(fig: Figures) -> None:
            if not shiboken6.isValid(self):
                return  # the window closed while the tick ran
            self._busy = False
            if heartbeat:
                self._last_heartbeat = fig.now
            for sid, server in self.servers.items():
                billing = server.billing
                measured = billing.figures
                if measured is not None:
                    fig.per_session[sid] = {
                        "rate": measured.rate,
                        "currency": measured.currency,
                        "at": measured.now,  # when the billing measured these (not fig.now)
                        "seconds": measured.seconds,
                        "cost": measured.cost,
                        "session_today": measured.session_today,
                        "running": measured.running,
                        "idle_s": measured.idle_s,
                        "ide": billing.ide_in_use(),
                    }
                fig.prompts[sid] = billing.prompt
            self.figures = fig
            self._sync_prompts()
            self.render()
            self.ticks += 1

        def failed(_exc: BaseException) -> None:
            if shiboken6.isValid(self):
                self._busy = False

        run_in_background(work, done, failed)

    # -- painting ------------------------------------------------------------------------------
    def current(self) -> LiveBilling | None:
        """The billing of the server in front (see :meth:`focus`), else of the one attached last."""
        if self._focus is not None and self._focus in self.servers:
            return self.servers[self._focus].billing
        server = next(reversed(self.servers.values()), None)
        return server.billing if server is not None else None

    def text_parts(self) -> list[str]:
        fig = self.figures
        parts: list[str] = []
        billing = self.current()
        if billing is not None and fig is not None and billing.session.id in fig.per_session:
            s = fig.per_session[billing.session.id]
            currency = str(s["currency"])
            if s["rate"] is None:
                parts.append(self.tr("no price set"))
            else:
                # A linked server stopped at its provider: the ledger's "compute stopped · storage" says what bills, not
                # its price. A manual price (no provider) is shown as set.
                short = words.pending_short(billing)
                if s["running"] or short or not billing.linked:
                    parts.append(self.tr("%1/h").replace("%1", money(float(s["rate"]), currency)))  # type: ignore[arg-type]
                parts.append(tr_msg(duration(float(s["seconds"]))))  # type: ignore[arg-type]
                parts.append(money(float(s["cost"]), currency))  # type: ignore[arg-type]
                if billing.checking:
                    parts.append(self.tr("checking with the provider…"))  # the meter is from before: no state claimed
                elif short:
                    parts.append(short)  # accepted, not done: it bills until the provider shows otherwise
                elif not s["running"]:
                    # The one ledger's word: a stopped server's disk may still bill at its storage rate.
                    left = billing.billing_now()
                    if left.storage:
                        parts.append(self.tr("compute stopped · storage %1").replace("%1", self._rates(left.storage)))
                    else:
                        parts.append(self.tr("not billing"))
            if float(s["idle_s"]) >= 60:  # type: ignore[arg-type]
                parts.append(self.tr("idle %1 min").replace("%1", str(idle_minutes(float(s["idle_s"])))))  # type: ignore[arg-type]
            ide = {"code": "VS Code", "cursor": "Cursor", "windsurf": "Windsurf", "ssh": "ssh"}.get(
                str(s.get("ide") or "")
            )
            if ide:
                parts.append(self.tr("in use from %1").replace("%1", ide))
        if fig is not None and fig.today:
            today = ", ".join(money(v, k) for k, v in sorted(fig.today.items()))
            parts.insert(min(3, len(parts)), self.tr("today %1").replace("%1", today))
        return parts

    def budget_fraction(self) -> float:
        fig = self.figures
        if fig is None:
            return 0.0
        frac = 0.0
        daily = settings.get("billing.daily_budget")
        if daily > 0 and fig.today:
            frac = max(frac, max(fig.today.values()) / daily)
        for sid, server in self.servers.items():
            s = fig.per_session.get(sid)
            cfg = server.billing.guard.config
            if s is None:
                continue
            if cfg.budget_total:
                frac = max(frac, float(s["cost"]) / cfg.budget_total)  # type: ignore[arg-type]
            if cfg.budget_day:
                frac = max(frac, float(s["session_today"]) / cfg.budget_day)  # type: ignore[arg-type]
        return frac

    def render(self) -> None:
        parts = self.text_parts()
        frac = self.budget_fraction()
        colour = "#c62828" if frac >= 1.0 else "#ef6c00" if frac >= 0.8 else ""
        text = plaintext.escape(" · ".join(parts))
        self.label.setText(f'<span style="color:{colour}; font-weight:bold">{text}</span>' if colour else text)
        self.label.setToolTip(plaintext.tooltip(self._tooltip()))
        self.setVisible(bool(self.servers) or bool(self.figures and self.figures.today))

    def _tooltip(self) -> str:
        billing = self.current()
        lines = [self._today_line()] if self.figures is not None and self.figures.today else []
        if billing is None:
            return "\n".join([self.tr("Spending across all sessions"), *lines])
        lines.insert(0, billing.session.label)
        error = words.provider_error(billing)
        if error:
            lines.append(self.tr("Provider: %1").replace("%1", error))
        elif billing.instance is not None:
            lines.append(
                self.tr("Provider status: %1").replace("%1", billing.instance.raw_status or billing.instance.status)
            )
        pending = words.pending_text(billing)
        if pending:
            lines.append(pending)
        if not billing.checking:
            left = billing.billing_now()
            zero = {billing.session.currency or "USD": 0.0}
            lines.append(
                self.tr("Billing now: compute %1 + storage %2")
                .replace("%1", self._rates(left.compute or zero))
                .replace("%2", self._rates(left.storage or zero))
            )
            everything = billing_now(self.meter)  # what Providers and the Guide add up: every server and volume
            if everything.rates != left.rates:
                lines.append(
                    self.tr("Billing now, all servers and storage: compute %1 + storage %2")
                    .replace("%1", self._rates(everything.compute or zero))
                    .replace("%2", self._rates(everything.storage or zero))
                )
        guard = words.server_guard_text(billing)
        if guard:
            lines.append(guard)
        return "\n".join(lines)

    def _rates(self, rates: dict[str, float]) -> str:
        return ", ".join(self.tr("%1/h").replace("%1", hourly(v, k)) for k, v in sorted(rates.items()))

    def _today_line(self) -> str:
        """Which servers (and storage) today's total sums: a total must say what it adds up."""
        fig = self.figures
        if fig is None or not fig.today:
            return ""
        today = ", ".join(money(v, k) for k, v in sorted(fig.today.items()))
        names = ", ".join(fig.today_names) if fig.today_names else self.tr("nothing billed yet")
        return self.tr("Today %1 sums: %2").replace("%1", today).replace("%2", names)

    # -- prompts ----------------------------------------------------------------------------------
    def _sync_prompts(self) -> None:
        now = time.time()
        for sid, server in list(self.servers.items()):
            billing = server.billing
            prompt = billing.prompt
            if prompt is None:
                self._close_prompt(sid)
                continue
            widget = self.prompts.get(sid)
            if widget is None or widget.prompt is not prompt:
                if widget is None:
                    widget = IdlePrompt(billing.session.label, self.window_)
                    widget.answered.connect(lambda choice, s=sid: self.answer(s, choice))
                    self.prompts[sid] = widget
                action = "stop" if billing.can("stop") else "terminate" if billing.can("terminate") else "stop"
                widget.show_prompt(
                    prompt, action, billing.linked and billing.can(action), words.stop_note(billing), now
                )
                widget.show()
                self._notify(billing, widget, prompt)
            else:
                widget.update_countdown(now)
        place(list(self.prompts.values()), self.window_)

    def _close_prompt(self, sid: str) -> None:
        widget = self.prompts.pop(sid, None)
        if widget is not None:
            widget.hide()
            widget.deleteLater()

    def answer(self, sid: str, choice: str) -> None:
        server = self.servers.get(sid)
        billing = server.billing if server is not None else None
        if choice == "terminate" and billing is not None and not self._confirm_terminate(billing):
            return  # the prompt stays up
        self._close_prompt(sid)
        if billing is None:
            return
        # The server's billing audits the answer (off the GUI thread) and runs the action it asks for.
        billing.answer(choice)

    def _confirm_terminate(self, billing: LiveBilling) -> bool:
        """Terminating from the prompt deletes the instance and its disk: one explicit yes first."""
        box = QtWidgets.QMessageBox(self.window_)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Terminate %1?").replace("%1", billing.session.label))
        box.setText(self.tr("Terminate %1 now?").replace("%1", billing.session.label))
        box.setInformativeText(
            words.terminate_note(billing) or self.tr("Terminating deletes the instance and its local disk.")
        )
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box  # tests answer it
        return box.exec() == QtWidgets.QMessageBox.StandardButton.Yes

    def _notify(self, billing: LiveBilling, widget: IdlePrompt, prompt: Prompt) -> None:
        key = (billing.session.id, prompt.opened_at, prompt.attempts)  # a failed retry is news again
        if key in self._notified:
            return
        self._notified.add(key)
        if prompt.failure:
            QtWidgets.QApplication.alert(self.window_)  # flash the taskbar entry / bounce the dock icon
        if not QtWidgets.QSystemTrayIcon.isSystemTrayAvailable():
            return
        self._show_tray(widget.headline.text(), widget.detail.text())

    def _show_tray(self, title: str, text: str) -> None:
        if self._tray is None:
            icon = self.window_.windowIcon()
            if icon.isNull():
                icon = self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
            self._tray = QtWidgets.QSystemTrayIcon(icon, self)
            self._tray.messageClicked.connect(lambda: (self.window_.showNormal(), self.window_.activateWindow()))
            self._tray.show()
        self._tray.showMessage(title, text, QtWidgets.QSystemTrayIcon.MessageIcon.Warning, 30_000)

    def _on_result(self, billing: LiveBilling, result: ActionResult) -> None:
        if result.requested:  # the provider accepted it; its state does not show it done yet
            self._on_requested(billing, tr_msg(result.message))
        else:
            self._on_action(billing, result.action, result.ok, words.result_text(result))

    def _on_auto_failed(self, billing: LiveBilling, action: str, message: str) -> None:
        """Loud at once: the bill is still running. The guard's prompt comes back with a retry countdown."""
        headline = {
            "stop": self.tr("The automatic stop of %1 failed"),
            "terminate": self.tr("The automatic terminate of %1 failed"),
        }.get(action, self.tr("The automatic action on %1 failed")).replace("%1", billing.session.label)
        text = self.tr("%1 It is still billing; gpudesk tries again in a minute.").replace("%1", message)
        self.window_.statusBar().showMessage(f"{headline}: {text}", 120_000)
        self.last_alert = f"{headline}: {text}"
        QtWidgets.QApplication.alert(self.window_)
        if QtWidgets.QSystemTrayIcon.isSystemTrayAvailable():
            self._show_tray(headline, text)
        self.render()

    def _on_requested(self, billing: LiveBilling, words: str) -> None:
        """Accepted by the provider, not yet seen done: said as such, never as 'Stopped'."""
        self.window_.statusBar().showMessage(f"{billing.session.label}: {words}", 60_000)
        self.render()

    def _on_unconfirmed(self, billing: LiveBilling, words: str) -> None:
        """A minute on, the provider still does not show it done: loud, like a failed automatic stop."""
        headline = self.tr("%1 is not confirmed stopped").replace("%1", billing.session.label)
        self.window_.statusBar().showMessage(f"{billing.session.label}: {words}", 300_000)
        self.last_alert = f"{headline}: {words}"
        QtWidgets.QApplication.alert(self.window_)
        if QtWidgets.QSystemTrayIcon.isSystemTrayAvailable():
            self._show_tray(headline, words)
        self.render()

    def _update_menu(self) -> None:
        billing = self.current()
        at = billing.guard.deadline_at if billing is not None else None
        self.extend_action.setVisible(at is not None)
        if at is not None:
            self.extend_action.setText(
                self.tr("Extend the deadline by 1 h (now %1)").replace("%1", time.strftime("%H:%M", time.localtime(at)))
            )
        pending = billing.pending if billing is not None else None
        for action, item in (("stop", self.stop_action), ("terminate", self.terminate_action)):
            item.setEnabled(billing is not None and billing.linked and billing.can(action))
            retry = pending is not None and pending.action == action
            item.setText(
                (self.tr("Retry the stop…") if action == "stop" else self.tr("Retry the terminate…"))
                if retry
                else (self.tr("Stop this server…") if action == "stop" else self.tr("Terminate this server…"))
            )

    def extend_deadline(self) -> None:
        """One more hour before the session's deadline, here and for the guard on the server."""
        billing = self.current()
        if billing is None:
            return
        billing.extend_deadline(3600.0)
        at = billing.guard.deadline_at
        if at is not None:
            self.window_.statusBar().showMessage(
                self.tr("%1: the deadline is now %2.")
                .replace("%1", billing.session.label)
                .replace("%2", time.strftime("%H:%M", time.localtime(at))),
                10000,
            )
        self.render()

    def ask_action(self, action: str) -> None:
        """Stop or terminate the server in front from the bar, through the one action path, after one yes."""
        billing = self.current()
        if billing is None or not billing.linked or not billing.can(action):
            return
        box = QtWidgets.QMessageBox(self.window_)
        box.setIcon(
            QtWidgets.QMessageBox.Icon.Warning if action == "terminate" else QtWidgets.QMessageBox.Icon.Question
        )
        title = (self.tr("Stop %1?") if action == "stop" else self.tr("Terminate %1?")).replace(
            "%1", billing.session.label
        )
        box.setWindowTitle(title)
        box.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        box.setText(title)
        note = words.stop_note(billing) if action == "stop" else words.terminate_note(billing)
        box.setInformativeText(note or "")
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box  # tests answer it
        if box.exec() == QtWidgets.QMessageBox.StandardButton.Yes:
            billing.act(action)

    def _on_action(self, billing: LiveBilling, action: str, ok: bool, message: str) -> None:
        bar = self.window_.statusBar()
        if ok:
            done = {
                "stop": self.tr("Stopped %1."),
                "terminate": self.tr("Terminated %1."),
                "start": self.tr("Started %1."),
            }.get(action, "%1")
            bar.showMessage(done.replace("%1", billing.session.label), 15000)
        else:
            QtWidgets.QMessageBox.warning(
                self.window_,
                {
                    "stop": self.tr("Could not stop"),
                    "terminate": self.tr("Could not terminate"),
                    "start": self.tr("Could not start"),
                }.get(action, action),
                self.tr("%1: %2").replace("%1", billing.session.label).replace("%2", message),
            )
        self.render()

    def ask_server_guard(self, billing: LiveBilling) -> QtWidgets.QMessageBox:
        """Asked once per linked session, without blocking: the answer is kept in its billing settings."""
        box = QtWidgets.QMessageBox(self.window_)
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Guard %1 on the server too?").replace("%1", billing.session.label))
        box.setText(self.tr("Also guard %1 on the server itself?").replace("%1", billing.session.label))
        policy = billing.guard.config.policy
        if policy in ("stop", "terminate") and billing.can(policy):
            promise = self.tr(
                "A small script runs on the server and applies your idle policy when gpudesk is closed (laptop lid "
                "shut, battery dead): it stops the bill even then. No root needed; you can remove it any time in "
                "Billing for this session."
            )
        else:
            # Only what it will really do: a remind-only policy (or a provider without a stop) stops nothing.
            promise = self.tr(
                "A small script runs on the server and applies your idle policy when gpudesk is closed. Your policy "
                "for this session is to remind only, so it will not stop the bill: choose Stop in Billing for this "
                "session first if you want that. No root needed; you can remove it any time."
            )
        box.setInformativeText(promise)
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Yes)
        box.setModal(False)

        def answered(button: int) -> None:
            if self.holds(billing):
                billing.set_server_guard(button == QtWidgets.QMessageBox.StandardButton.Yes)

        box.finished.connect(answered)
        self.server_guard_box = box  # tests answer it
        box.open()
        return box

    def _on_guard_news(self, text: str) -> None:
        self.last_alert = text
        self.window_.statusBar().showMessage(text, 120_000)

    def _on_ssh_moved(self, billing: LiveBilling, where: str) -> None:
        # Not applied silently: a recycled address may carry a new host key, which the
        # connection will then refuse and explain; the user edits the session knowingly.
        self.window_.statusBar().showMessage(
            self.tr(
                "The provider now reports %1 for %2. Edit the session to use it; if the server was recycled, "
                "its host key changed too and gpudesk will show both fingerprints before trusting it."
            )
            .replace("%1", where)
            .replace("%2", billing.session.label),
            60_000,
        )

    def _show_gaps(self, gaps: list[Gap]) -> None:
        if not shiboken6.isValid(self):
            return
        self.gaps = gaps
        if not gaps:
            return
        text = "; ".join(
            self.tr("%1 ran %2 (%3) while gpudesk was closed")
            .replace("%1", g.name or g.session_id)
            .replace("%2", tr_msg(duration(g.seconds)))
            .replace("%3", money(g.cost, g.currency))
            for g in gaps
        )
        self.window_.statusBar().showMessage(text, 60_000)
        self.label.setToolTip(plaintext.tooltip(text))

    # -- dialogs -------------------------------------------------------------------------------------
    def open_report(self) -> None:
        from gpudesk.ui.billing.report import SpendingReport

        dialog = SpendingReport(self.meter, self.window_)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def open_session_billing(self):  # type: ignore[no-untyped-def]
        from gpudesk.ui.billing.session_dialog import BillingDialog

        billing = self.current()
        if billing is None:
            self.window_.statusBar().showMessage(self.tr("Open a connection first."), 5000)
            return None
        # The billing already asked (off the GUI thread) what the provider can do: no second read here.
        dialog = BillingDialog(billing.session, self.window_, actions=billing.actions)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(lambda price, guard, t=billing: self._apply_billing(t, price, guard))
        dialog.show()
        return dialog

    def _apply_billing(self, billing: LiveBilling, price, guard) -> None:  # type: ignore[no-untyped-def]
        if not self.holds(billing):
            return
        billing.apply(price, guard)
        self.render()

    def mark_released(self) -> None:
        """For servers without an API: the user released it in the console; the meter stops."""
        billing = self.current()
        if billing is None:
            return
        answer = QtWidgets.QMessageBox.question(
            self.window_,
            self.tr("End metering"),
            self.tr(
                "Did you stop or release %1 in your provider's console? gpudesk then stops counting its cost."
            ).replace("%1", billing.session.label),
        )
        if answer == QtWidgets.QMessageBox.StandardButton.Yes:
            self.answer(billing.session.id, "released")

    def open_audit(self) -> None:
        from gpudesk.ui.billing.report import AuditLog

        dialog = AuditLog(self.window_)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802 - Qt API
        if obj is self.window_ and event.type() == QtCore.QEvent.Type.Resize and self.prompts:
            place(list(self.prompts.values()), self.window_)
        return False


__all__ = ["CostBar"]
