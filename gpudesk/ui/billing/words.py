"""A server's billing in the UI language: the words the cost bar shows for a :class:`LiveBilling`'s state.

Plain functions over the live core's billing (``server.billing``), which keeps the state and publishes
its news as events. The texts keep their translation context ("SessionBilling"), so the translations
stay as they are.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gpudesk.core.billing.price import money
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication

if TYPE_CHECKING:
    from gpudesk.core.billing.price import Price
    from gpudesk.core.live.billing import ActionResult, LiveBilling


def say(words: object) -> str:
    """A core text (a Msg, an exception, a str) in the UI language; "" when there is none."""
    return tr_msg(words) if words else ""


def result_text(result: ActionResult) -> str:
    """An action's message in the UI language ("" when it has none)."""
    return say(result.message)


def provider_error(billing: LiveBilling) -> str:
    """Why the provider could not be asked, or ""."""
    exc = billing.provider_error
    return tr_msg(exc) if exc is not None else ""


def server_guard_error(billing: LiveBilling) -> str:
    """Why the guard on the server could not be set up or read, or ""."""
    exc = billing.server_guard_error
    return tr_msg(exc) if exc is not None else ""


def pending_short(billing: LiveBilling) -> str:
    """ "stop requested — not yet confirmed", for the cost bar's line (the tooltip has the whole sentence)."""
    return say(billing.pending_short())


def pending_text(billing: LiveBilling) -> str:
    """ "stop requested — not yet confirmed by RunPod" while the provider has not been seen to do it."""
    return say(billing.pending_words())


def stop_note(billing: LiveBilling) -> str:
    """What stopping means at this server's provider, or ""."""
    return say(billing.stop_note())


def terminate_note(billing: LiveBilling) -> str:
    """What terminating means at this server's provider, or ""."""
    return say(billing.terminate_note())


def server_guard_text(billing: LiveBilling) -> str:
    """One line for the cost bar's tooltip: what the guard on the server does, as it reported itself."""
    error = server_guard_error(billing)
    if error:
        return QCoreApplication.translate("SessionBilling", "Server guard: %1").replace("%1", error)
    view = billing.server_guard
    if view is None:
        return ""
    if view.problems:
        return QCoreApplication.translate("SessionBilling", "Server guard: %1").replace("%1", "; ".join(view.problems))
    if not view.running:
        # Said as the guard reported itself: installed is not the same as watching.
        return QCoreApplication.translate(
            "SessionBilling",
            "Server guard: installed but not running — nothing watches this server while gpudesk is away",
        )
    minutes = int(float(view.policy.get("idle_s") or 0) // 60)
    action = str(view.policy.get("action") or "remind")
    if action not in ("stop", "terminate"):
        return QCoreApplication.translate(
            "SessionBilling",
            "Server guard: only logs a reminder after %1 min idle while gpudesk is away — it does not stop the bill",
        ).replace("%1", str(minutes))
    what = {
        "stop": QCoreApplication.translate("SessionBilling", "stops the server"),
        "terminate": QCoreApplication.translate("SessionBilling", "terminates the server"),
    }[action]
    text = (
        QCoreApplication.translate(
            "SessionBilling", "Guarded on the server: %1 after %2 min idle while gpudesk is away"
        )
        .replace("%1", what)
        .replace("%2", str(minutes))
    )
    beat = billing.last_beat
    if beat is not None:
        ago = QCoreApplication.translate("SessionBilling", "gpudesk's last heartbeat %1 s ago")
        text += " · " + ago.replace("%1", str(max(0, int(time.time() - beat))))
    return text


def guard_news(entry: dict[str, Any], price: Price | None = None) -> str:
    """What the server guard did while gpudesk was away, in words."""
    t = float(entry.get("t") or 0)
    when = datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")
    action = str(entry.get("action") or "")
    if str(entry.get("outcome") or entry.get("result")) == "requested":
        # Accepted by the provider, not seen done: never "did", never money saved.
        text = QCoreApplication.translate(
            "SessionBilling", "While gpudesk was away, the server guard asked for: %1 at %2 — %3. It may still bill."
        )
        words = entry.get("words") or entry.get("detail") or ""
        return text.replace("%1", action).replace("%2", when).replace("%3", say(words))
    if str(entry.get("result")) == "ok":
        text = QCoreApplication.translate(
            "SessionBilling", "While gpudesk was away, the server guard did: %1 at %2 (%3)."
        )
    else:
        text = QCoreApplication.translate(
            "SessionBilling", "While gpudesk was away, the server guard tried: %1 at %2, and it failed (%3)."
        )
    reason = str(entry.get("reason") or "") if str(entry.get("result")) == "ok" else str(entry.get("detail") or "")
    text = text.replace("%1", action).replace("%2", when).replace("%3", reason)
    if str(entry.get("result")) == "ok" and action in ("stop", "terminate") and price is not None:
        saved = price.cost(max(0.0, time.time() - t))  # what the server would have billed since
        if saved >= 0.005:
            saved_text = QCoreApplication.translate("SessionBilling", "Not billed since then: about %1.")
            text += " " + saved_text.replace("%1", money(saved, price.currency))
    return text
