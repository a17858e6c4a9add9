"""Quitting while a server still bills: the user sees what bills first, and may stop it all, then quit.

Quitting gpudesk does not stop a bill; where the server guard is on, the server stops an idle instance
by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gpudesk.core.billing.price import hourly, money
from gpudesk.core.billing.storage import billing_now as ledger_now
from gpudesk.ui.qt import QCoreApplication, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


def billing_now(window: MainWindow) -> list[str]:
    """Each server still billing, with its rate ("pod ($2.49/h)")."""
    names = []
    for tracker in window.billing_trackers():
        rate = tracker.meter.rate_per_hour(tracker.session.id)
        currency = tracker.meter.currency(tracker.session.id)
        names.append(f"{tracker.session.label} ({money(rate, currency)}/h)" if rate else tracker.session.label)
    return names


def confirm_quit(window: MainWindow) -> bool:
    """True to quit now: at once when nothing bills, else after the user saw what still bills.

    "Stop and quit" stops every server the app can stop (through its provider) and quits once
    they all stopped; one that fails keeps the app open with the reason in the status bar.
    """
    trackers = window.billing_trackers()
    if not trackers:
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
    stoppable = [t for t in trackers if t.can("stop")]
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


def _stop_then_quit(window: MainWindow, trackers: list[Any]) -> None:
    waiting = {id(t) for t in trackers}
    failures: list[str] = []

    def one_done(tracker: Any, action: str, ok: bool, message: str) -> None:
        if action != "stop" or id(tracker) not in waiting:
            return
        waiting.discard(id(tracker))
        if not ok:
            failures.append(f"{tracker.session.label}: {message}")
        if waiting:
            return
        if failures:
            text = QCoreApplication.translate("MainWindow", "Not quitting: %1").replace("%1", "; ".join(failures))
            window.statusBar().showMessage(text, 60_000)
        else:
            window.quit_confirmed = True
            window.quit_application()

    stopping = QCoreApplication.translate("MainWindow", "Stopping %1 server(s) before quitting…")
    window.statusBar().showMessage(stopping.replace("%1", str(len(trackers))))
    for tracker in trackers:
        tracker.action_done.connect(lambda a, ok, m, t=tracker: one_done(t, a, ok, m))
        tracker.act("stop")
