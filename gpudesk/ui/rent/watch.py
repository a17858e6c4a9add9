"""After the rent: the session's tab with its environment check, and a word when the instance is taken back.

:func:`open_rented` opens the new session in a tab (a demo rental logs in with the demo password and
is never saved), brings the GPUs tab forward and makes sure the environment check runs once.
:class:`RentedWatch` listens to the provider status of the rented instance (the cost bar polls it,
and a dropped connection asks once): when the instance is gone or stopped without the user or the
guard asking, it says so and offers to relaunch the same configuration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpudesk.core.providers import rent
from gpudesk.core.providers.launchspec import LaunchSpec
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Shell
from gpudesk.ui import bridge
from gpudesk.ui.background import run_in_background
from gpudesk.ui.connection_tab import ConnectionTab
from gpudesk.ui.gpus.panel import GpuPanel
from gpudesk.ui.qt import QCoreApplication, QObject, QtWidgets, shiboken6

#: provider states that mean the instance no longer runs
ENDED = frozenset({"stopped", "terminating", "terminated"})


def open_rented(shell: Shell, launched: rent.Launched, choice: rent.Choice | None, *,
                store: SessionStore | None = None, demo: Callable[[], rent.DemoLogin | None] | None = None,
                on_checked: Callable[[Any], None] | None = None, spec: LaunchSpec | None = None,
                on_health: Callable[[Any], None] | None = None) -> ConnectionTab | None:
    """Open ``launched``'s session in a tab of the app's ``shell``; returns the tab (None: the shell opened none).

    The GPUs tab's check also judges the GPUs' health against the model that was rented
    (``on_health`` gets the report).
    """
    session = launched.session
    assert session is not None  # the dialog rents until the session exists
    if store is not None:
        store.add(session)  # saved by the launch already (the demo's: with its login); the app's list shows it now
    # The demo logs in with its password and trusts its own host key for this run.
    tab = shell.open_session(session, launched.password, launched.host_keys)
    if not isinstance(tab, ConnectionTab):
        return None
    panel = next((p for p in tab.panels if isinstance(p, GpuPanel)), None)
    if panel is not None:
        gpus = panel
        tab.tabs.setCurrentWidget(gpus)
        if on_checked is not None:
            gpus.report_ready.connect(on_checked)
        if on_health is not None:
            gpus.health_ready.connect(on_health)
        rented = spec or (choice.spec if choice is not None else None)
        gpu = rented.gpu if rented is not None else ""
        if choice is not None and not choice.demo and gpu:
            from gpudesk.core.health.rules import Claim

            gpus.claim = Claim(model=gpu)  # the demo stands in with its own GPU: no claim to hold it to

        def check(state: str) -> None:
            # Step 2's check runs for a rented server whatever the "check on connect" setting says.
            if state == "connected" and shiboken6.isValid(gpus):
                gpus.check_once()

        tab.title_changed.connect(check)  # the tab tells each state of its link
    if choice is not None:
        tab.rent_watch = RentedWatch(  # type: ignore[attr-defined]  # kept with its tab (tests find it there)
            shell, tab, choice, launched, spec, store=store, demo=demo)
    return tab


class RentedWatch(QObject):
    """One rented session's watch for a preemption (a spot instance taken back, an instance gone)."""

    def __init__(self, shell: Shell, tab: Any, choice: rent.Choice, launched: rent.Launched,
                 spec: LaunchSpec | None = None, *, store: SessionStore | None = None,
                 demo: Callable[[], rent.DemoLogin | None] | None = None) -> None:
        super().__init__(tab)
        self.shell = shell
        self.store = store
        self.demo = demo
        self.tab = tab
        self.choice = choice
        self.spec = spec or choice.spec  # as confirmed (image, disk): a relaunch rents the same
        self.instance_id = launched.instance.id
        self.released = False  # the user or the idle guard stopped/terminated it: no news
        self.said: QtWidgets.QMessageBox | None = None
        tab.title_changed.connect(self._state)
        # The server's live billing says what the provider reports and which actions anyone made
        # (cost bar, idle prompt, Providers page, the command line): no cost-bar tracker to look for.
        billing = tab.controller.server.billing
        bridge.connect(billing.instance_changed, self._instance, self)
        bridge.connect(billing.action_done, self._action_done, self)
        # A stop from anywhere else (the Providers page, the command line, another window) is the user's own
        # too, and so is one the server guard made: none of them is the provider taking the instance back.
        from gpudesk.core.billing import actions as billing_actions

        bridge.connect(billing_actions.acted, self._acted, self)
        bridge.connect(billing.server_guard_news, self._guard_news, self)

    def _action_done(self, result: Any) -> None:
        if result.ok and result.action in ("stop", "terminate"):
            self.released = True

    def _acted(self, acted: Any) -> None:
        if (acted.account, acted.instance_id) == (self.choice.account.name, self.instance_id) and acted.action in (
            "stop",
            "terminate",
        ):
            self.released = True

    def _guard_news(self, entry: dict) -> None:  # type: ignore[type-arg]
        if str(entry.get("action")) in ("stop", "terminate"):
            self.released = True

    def _instance(self, inst: Any) -> None:
        if inst.status in ENDED:
            self.preempted(inst)

    def _state(self, state: str) -> None:
        """After a drop, ask the provider once whether the instance is still there."""
        if state not in ("dropped", "failed") or self.released or self.said is not None:
            return
        choice, iid = self.choice, self.instance_id

        def seen(inst: Any) -> None:
            if shiboken6.isValid(self) and (inst is None or inst.status in ENDED):
                self.preempted(inst)

        run_in_background(lambda: rent.instance_state(choice, iid), seen, lambda _exc: None)

    def preempted(self, inst: Any) -> None:
        """Say that the instance ended without being asked to, and offer the same rental again."""
        if self.released or self.said is not None:
            return
        status = (inst.raw_status or inst.status) if inst is not None else QCoreApplication.translate("RentedWatch", "gone")
        if self.spec.spot:
            text = QCoreApplication.translate("RentedWatch", "The spot instance %1 at %2 was taken back by the provider (status: %3). Work since the last checkpoint on it is lost.")
        else:
            text = QCoreApplication.translate("RentedWatch", "Instance %1 at %2 is no longer running (status: %3), and it was not stopped from this window.")
        box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Warning, QCoreApplication.translate("RentedWatch", "Instance taken back"),
                                    text.replace("%1", self.instance_id).replace("%2", self.choice.account.name).replace("%3", status),
                                    parent=self.tab.window())
        box.setInformativeText(QCoreApplication.translate("RentedWatch", "Relaunch the same configuration? You see its price before anything is rented; then resume the job from its last checkpoint folder."))
        self.relaunch_button = box.addButton(QCoreApplication.translate("RentedWatch", "Relaunch…"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QCoreApplication.translate("RentedWatch", "Not now"), QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setModal(False)
        box.buttonClicked.connect(lambda b: self.relaunch() if b is self.relaunch_button else None)
        self.said = box
        box.show()

    def relaunch(self) -> Any:
        from gpudesk.ui.rent.dialog import RentDialog

        assert self.choice.item is not None  # a rent of the dialog's: from a catalog row or a planner pick
        dialog = RentDialog(self.shell, self.choice.item, store=self.store, demo=self.demo,
                            relaunch=(self.choice, self.spec), parent=self.tab.window())
        dialog.open()
        self.dialog = dialog
        return dialog
