"""One server's billing for the Qt views: a thin face of :class:`gpudesk.core.live.billing.LiveBilling`.

The live billing (meter, guard, provider link, its own clock) belongs to the server, not to a widget;
views hear its events through :meth:`SessionBilling.listen` (the bridge, ended when the view lets go
of this face) and read its state here in the UI language.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from gpudesk.core.billing.meter import Meter
from gpudesk.core.events import Event
from gpudesk.core.live.billing import ActionResult, LiveBilling
from gpudesk.ui import bridge
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QObject, Signal

if TYPE_CHECKING:  # requests is imported with the first provider call, not at start-up
    from gpudesk.core.billing.guard import Guard
    from gpudesk.core.billing.price import Price
    from gpudesk.core.providers.base import Instance

T = TypeVar("T")

class SessionBilling(QObject):
    """Made by the cost bar for each attached connection; the work is its server's ``billing``."""

    #: action, ok, message: an action ended (not emitted for one the provider only accepted so far)
    action_done = Signal(str, bool, str)

    def __init__(self, controller, meter: Meter | None = None, parent: QObject | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.controller = controller
        self.session = controller.session
        self.billing: LiveBilling = controller.server.billing
        if meter is not None:
            self.billing.use_meter(meter)
        self._closed = False
        self._ends: list[Callable[[], None]] = []
        self.listen(self.billing.action_done, self._action_done)

    def listen(self, event: Event[T], slot: Callable[[T], Any]) -> None:
        """Hear ``event`` (one of the billing's) on the GUI thread until this face is closed."""
        self._ends.append(bridge.connect(event, slot, self))

    def _action_done(self, result: ActionResult) -> None:
        if not result.requested:
            self.action_done.emit(result.action, result.ok, self.result_text(result))

    @staticmethod
    def result_text(result: ActionResult) -> str:
        """An action's message in the UI language ("" when it has none)."""
        return tr_msg(result.message) if result.message else ""

    def guard_news_text(self, entry: dict) -> str:  # type: ignore[type-arg]
        """What the server guard did while gpudesk was away, in words."""
        return _guard_news(entry, self.billing.price)

    # -- what views read ----------------------------------------------------------------
    @property
    def meter(self) -> Meter:
        return self.billing.meter

    @property
    def guard(self) -> Guard:
        return self.billing.guard

    @property
    def price(self) -> Price | None:
        return self.billing.price

    @property
    def instance(self) -> Instance | None:
        return self.billing.instance

    @property
    def actions(self) -> frozenset[str] | None:
        return self.billing.actions

    @property
    def provider_error(self) -> str:
        exc = self.billing.provider_error
        return tr_msg(exc) if exc is not None else ""

    @property
    def server_guard(self) -> Any:
        return self.billing.server_guard

    @property
    def server_guard_error(self) -> str:
        exc = self.billing.server_guard_error
        return tr_msg(exc) if exc is not None else ""

    @property
    def last_beat(self) -> float | None:
        return self.billing.last_beat

    @property
    def linked(self) -> bool:
        return self.billing.linked

    @property
    def pending_short(self) -> str:
        """ "stop requested — not yet confirmed", for the cost bar's line (the tooltip has the whole sentence)."""
        words = self.billing.pending_short()
        return tr_msg(words) if words else ""

    @property
    def pending_text(self) -> str:
        """ "stop requested — not yet confirmed by RunPod" while the provider has not been seen to do it."""
        words = self.billing.pending_words()
        return tr_msg(words) if words else ""

    def alive(self) -> bool:
        """False once closed: late news is dropped."""
        from gpudesk.ui.qt import shiboken6

        return not self._closed and shiboken6.isValid(self)

    def close(self) -> None:
        """The view goes; the server's billing runs on while the server is open."""
        self._closed = True
        for end in self._ends:
            end()

    # -- what views ask for -------------------------------------------------------------------
    def apply(self, price, guard_config) -> None:  # type: ignore[no-untyped-def]
        self.billing.apply(price, guard_config)

    def set_server_guard(self, on: bool) -> None:
        self.billing.set_server_guard(on)

    def sync_server_guard(self) -> None:
        self.billing.sync_server_guard()

    def pause_server_guard(self, seconds: float) -> None:
        self.billing.pause_server_guard(seconds)

    def refresh_instance(self) -> None:
        self.billing.refresh_instance()

    def act(self, action: str, automatic: bool = False) -> None:
        self.billing.act(action, automatic)

    def answer(self, choice: str) -> None:
        self.billing.answer(choice)

    def can(self, action: str) -> bool:
        return self.billing.can(action)

    def stop_note(self) -> str:
        note = self.billing.stop_note()
        return tr_msg(note) if note else ""

    def terminate_note(self) -> str:
        note = self.billing.terminate_note()
        return tr_msg(note) if note else ""

    def server_guard_text(self) -> str:
        """One line for the cost bar's tooltip."""
        if self.server_guard_error:
            return self.tr("Server guard: %1").replace("%1", self.server_guard_error)
        view = self.server_guard
        if view is None:
            return ""
        if view.problems:
            return self.tr("Server guard: %1").replace("%1", "; ".join(view.problems))
        if not getattr(view, "running", True):
            # Said as the guard reported itself: installed is not the same as watching.
            return self.tr("Server guard: installed but not running — nothing watches this server while gpudesk is away")
        minutes = int(float(view.policy.get("idle_s") or 0) // 60)
        action = str(view.policy.get("action") or "remind")
        if action not in ("stop", "terminate"):
            return self.tr(
                "Server guard: only logs a reminder after %1 min idle while gpudesk is away — it does not stop the bill"
            ).replace("%1", str(minutes))
        what = {"stop": self.tr("stops the server"), "terminate": self.tr("terminates the server")}[action]
        text = self.tr("Guarded on the server: %1 after %2 min idle while gpudesk is away").replace("%1", what).replace(
            "%2", str(minutes)
        )
        beat = self.last_beat
        if beat is not None:
            ago = self.tr("gpudesk's last heartbeat %1 s ago").replace("%1", str(max(0, int(time.time() - beat))))
            text += " · " + ago
        return text


def _guard_news(entry: dict, price=None) -> str:  # type: ignore[type-arg,no-untyped-def]
    from datetime import datetime

    from gpudesk.core.billing.price import money
    from gpudesk.ui.qt import QCoreApplication

    t = float(entry.get("t") or 0)
    when = datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")
    action = str(entry.get("action") or "")
    if str(entry.get("outcome") or entry.get("result")) == "requested":
        # Accepted by the provider, not seen done: never "did", never money saved.
        text = QCoreApplication.translate(
            "SessionBilling", "While gpudesk was away, the server guard asked for: %1 at %2 — %3. It may still bill."
        )
        words = entry.get("words") or entry.get("detail") or ""
        return text.replace("%1", action).replace("%2", when).replace("%3", tr_msg(words) if words else "")
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
