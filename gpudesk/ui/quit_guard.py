"""Quitting while a server still bills: the user sees what bills first, and may stop it all, then quit.

Quitting gpudesk does not stop a bill; where the server guard is on, the server stops an idle instance
by itself. The window's ``billing_trackers()`` are the billings (``server.billing``) of the servers
the cost bar holds whose meter runs; their news reaches the guard through the bridge.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from gpudesk.core.billing.price import hourly, money
from gpudesk.core.billing.storage import billing_now as ledger_now
from gpudesk.ui import bridge
from gpudesk.ui.billing.words import result_text
from gpudesk.ui.qt import QCoreApplication, QObject, QtWidgets

if TYPE_CHECKING:
    from gpudesk.core.live.billing import ActionResult, LiveBilling
    from gpudesk.ui.main_window import MainWindow


def billing_now(window: MainWindow) -> list[str]:
    """Each server still billing, with its rate ("pod ($2.49/h)")."""
    names = []
    for billing in window.billing_trackers():
        rate = billing.meter.rate_per_hour(billing.session.id)
        currency = billing.meter.currency(billing.session.id)
        names.append(f"{billing.session.label} ({money(rate, currency)}/h)" if rate else billing.session.label)
    return names


def confirm_quit(window: MainWindow) -> bool:
    """True to quit now: at once when nothing bills, else after the user saw what still bills.

    "Stop and quit" stops every server the app can stop (through its provider) and quits once
    they all stopped; one that fails keeps the app open with the reason in the status bar.
    """
    billings: list[LiveBilling] = window.billing_trackers()
    if not billings:
        return True
    box = QtWidgets.QMessageBox(window)
    box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
    box.setWindowTitle(QCoreApplication.translate("MainWindow", "Quit gpudesk"))
    text = QCoreApplication.translate("MainWindow", "Still billing: %1.").replace("%1", ", ".join(billing_now(window)))
    if window.costbar is not None:  # the one ledger's words, as the cost bar, the Guide and Providers say them
        ledger = ledger_now(window.costbar.meter)

        def each(found: dict[str, float], bill: str = min(ledger.rates or {"USD": 0.0})) -> str:
            found = found or {bill: 0.0}  # nothing: a zero in the bill's currency, as the cost bar says it
            per_hour = QCoreApplication.translate("MainWindow", "%1/h")
            return ", ".join(per_hour.replace("%1", hourly(v, k)) for k, v in sorted(found.items()))

        now = QCoreApplication.translate("MainWindow", "Billing now: compute %1 + storage %2")
        text += "\n" + now.replace("%1", each(ledger.compute)).replace("%2", each(ledger.storage))
    box.setText(text)
    box.setInformativeText(
        QCoreApplication.translate(
            "MainWindow",
            "Quitting gpudesk does not stop the bill. Stop the server first, or quit anyway: where the guard on the server is on, it stops an idle server by itself.",
        )
    )
    stoppable = [b for b in billings if b.can("stop")]
    stop_quit = None
    if stoppable:
        stop_quit = box.addButton(
            QCoreApplication.translate("MainWindow", "Stop and quit"), QtWidgets.QMessageBox.ButtonRole.AcceptRole
        )
    quit_anyway = box.addButton(
        QCoreApplication.translate("MainWindow", "Quit anyway"), QtWidgets.QMessageBox.ButtonRole.DestructiveRole
    )
    box.addButton(QtWidgets.QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
    window._confirm_box = box  # tests answer it
    box.exec()
    if stop_quit is not None and box.clickedButton() is stop_quit:
        _stop_then_quit(window, stoppable)
        return False
    return box.clickedButton() is quit_anyway


def _stop_then_quit(window: MainWindow, billings: list[LiveBilling]) -> None:
    waiting = {id(b) for b in billings}
    failures: list[str] = []
    listener = QObject(window)  # hears the stops while they run; deleted (its subscriptions with it) once all ended

    def one_done(billing: LiveBilling, result: ActionResult) -> None:
        if result.requested:
            return  # accepted by the provider, not seen done: the confirmation (or the failure) follows
        if result.action != "stop" or id(billing) not in waiting:
            return
        waiting.discard(id(billing))
        if not result.ok:
            failures.append(f"{billing.session.label}: {result_text(result)}")
        if waiting:
            return
        listener.deleteLater()
        if failures:
            text = QCoreApplication.translate("MainWindow", "Not quitting: %1").replace("%1", "; ".join(failures))
            window.statusBar().showMessage(text, 60_000)
        else:
            window.quit_confirmed = True
            window.quit_application()

    stopping = QCoreApplication.translate("MainWindow", "Stopping %1 server(s) before quitting…")
    window.statusBar().showMessage(stopping.replace("%1", str(len(billings))))
    for billing in billings:
        bridge.connect(billing.action_done, partial(one_done, billing), listener)
        billing.act("stop")
