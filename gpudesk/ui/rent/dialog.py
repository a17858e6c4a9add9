"""Rent from the Catalog: a confirmation, then the progress until a verified login in a tab.

Pages: asking for the price → no account (say so: add one, or the provider's page as before) or
the confirmation (nothing is rented before "Rent") → the progress (key, launch, provisioning,
booting, SSH, host key, session, environment check) with Cancel at every stage → on a failure the
choice in words: terminate a rented server that is not usable or keep it, the next-best offer after
a capacity refusal, relaunch after an instance ended while starting. Every provider call runs off
the GUI thread (:mod:`gpudesk.core.providers.rent`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gpudesk.core.catalog.table import PROVIDER_URLS
from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
from gpudesk.core.health.model import HealthReport
from gpudesk.core.live.workers import Workers
from gpudesk.core.providers import launch, rent
from gpudesk.core.providers.base import Instance
from gpudesk.core.providers.errors import CapacityError
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Page, Shell
from gpudesk.ui.background import call_in_gui, run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.providers.page import ProvidersPage
from gpudesk.ui.qt import Qt, QTimer, QtWidgets, Signal, shiboken6
from gpudesk.ui.rent.pages import ConfirmPage, ProgressPage, price_text, wrapped

if TYPE_CHECKING:
    from gpudesk.core.live.workspace import Workspace


class RentDialog(QtWidgets.QDialog):
    """``RentDialog(shell, item, store=…)``; ``item`` is a catalog offer or a planner pick.

    ``shell`` is the app's shell (:class:`gpudesk.core.shell.Shell`: it shows the Providers page and
    opens the rented server's tab; None: nowhere to open it), ``store`` the session store the app
    lists (a rented session shows there the moment it is saved), ``demo`` what reads the running
    demo's login (the demo provider stands in while it runs).
    """

    launched = Signal(object)  # rent.Launched, once its tab is open
    #: seconds to wait for SSH, and between provider polls (tests shorten them)
    wait_s = rent.WAIT_S
    poll_s = 3.0

    def __init__(
        self,
        shell: Shell | None,
        item: rent.Rentable,
        *,
        store: SessionStore | None = None,
        demo: Callable[[], rent.DemoLogin | None] | None = None,
        ranked: list[rent.Rentable] | None = None,
        open_site: Callable[[], None] | None = None,
        relaunch: tuple[rent.Choice, Any] | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Rent a GPU server"))
        self.setObjectName("rent-dialog")
        self.shell = shell
        self.store = store
        self.demo = demo
        self.item = item
        self.ranked = list(ranked or [])
        self.open_site_ = open_site
        self.prepared: rent.Prepared | None = None
        self.choice: rent.Choice | None = None
        self.instance: Instance | None = None  # the rented Instance, once the provider said so
        self.result_: rent.Launched | None = None
        self.tried: list[Any] = []
        self.replaced = False  # the confirmation shows the next best, not the offer picked
        self.alternative: rent.Choice | None = None  # the next best after a capacity refusal or a faulty GPU
        self.cancel_event = threading.Event()
        self.running = False  # a launch is in flight
        self._pool: Workers | None = None
        self._quoting = 0

        self.pages = QtWidgets.QStackedWidget()
        # -- asking / messages
        self.wait_page = QtWidgets.QWidget()
        self.wait_label = wrapped()
        QtWidgets.QVBoxLayout(self.wait_page).addWidget(self.wait_label)
        self.message_page = QtWidgets.QWidget()
        self.message = wrapped()
        self.message.setObjectName("rent-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        box = QtWidgets.QVBoxLayout(self.message_page)
        box.addWidget(self.message, 1)
        self.confirm = ConfirmPage()
        self.progress = ProgressPage()
        for page in (self.wait_page, self.message_page, self.confirm, self.progress):
            self.pages.addWidget(page)

        # -- buttons (shown per state)
        self.rent_button = QtWidgets.QPushButton(self.tr("Rent"))
        self.rent_button.setDefault(True)
        self.cancel_button = QtWidgets.QPushButton(self.tr("Cancel"))
        self.add_account_button = QtWidgets.QPushButton(self.tr("Add an account…"))
        self.site_button = QtWidgets.QPushButton(self.tr("Open the provider's page"))
        self.terminate_button = QtWidgets.QPushButton(self.tr("Terminate it so it does not bill"))
        self.keep_button = QtWidgets.QPushButton(self.tr("Keep it"))
        self.next_button = QtWidgets.QPushButton(self.tr("Review the next best…"))
        self.replace_button = QtWidgets.QPushButton(self.tr("Terminate and rent the next best…"))
        self.relaunch_button = QtWidgets.QPushButton(self.tr("Relaunch…"))
        self.close_button = QtWidgets.QPushButton(self.tr("Close"))
        self.buttons = [self.add_account_button, self.site_button, self.terminate_button, self.keep_button,
                        self.next_button, self.replace_button, self.relaunch_button, self.rent_button, self.cancel_button,
                        self.close_button]
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        for button in self.buttons:
            row.addWidget(button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addLayout(row)

        self.rent_button.clicked.connect(self.start_rent)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button.clicked.connect(self.accept)
        self.add_account_button.clicked.connect(self.add_account)
        self.site_button.clicked.connect(self.open_site)
        self.terminate_button.clicked.connect(self.terminate)
        self.keep_button.clicked.connect(self.keep)
        self.next_button.clicked.connect(self.take_next_best)
        self.replace_button.clicked.connect(self.replace_faulty)
        self.relaunch_button.clicked.connect(self.relaunch)
        self.confirm.account.activated.connect(self._account_changed)
        self.confirm.spot.toggled.connect(lambda _on: self._requote())
        self.confirm.bid.editingFinished.connect(self._requote)
        self.resize(640, 470)

        self.confirmed = None  # the spec last sent to the provider
        if relaunch is not None:  # (choice, the spec confirmed then): the same rental again, priced again first
            self.choice, self.confirmed = relaunch
            self.relaunch()
        else:
            title = str(launch.offer_of(item).provider)
            self._ask(self.tr("Asking %1 for the price…").replace("%1", title), lambda: rent.prepare(item, demo=DEMO_ACCOUNT), self._prepared)

    @classmethod
    def for_workspace(cls, workspace: Workspace | None, item: rent.Rentable, **options: Any) -> RentDialog:
        """The dialog for the app's ``workspace``: its shell, its session store and its running demo."""
        if workspace is None:
            return cls(None, item, **options)
        return cls(workspace.shell, item, store=workspace.store, demo=lambda: rent.DemoLogin.of(workspace.demo),
                   **options)

    # -- state helpers ----------------------------------------------------------------------
    def alive(self) -> bool:
        return shiboken6.isValid(self)

    def _show(self, page: QtWidgets.QWidget, *buttons: QtWidgets.QPushButton) -> None:
        self.pages.setCurrentWidget(page)
        for button in self.buttons:
            button.setVisible(button in buttons)
        if buttons:
            buttons[0].setDefault(True)

    def say(self, text: str, *buttons: QtWidgets.QPushButton) -> None:
        self.message.setText(text)
        self._show(self.message_page, *(buttons or (self.close_button,)))

    def _ask(self, text: str, fn: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self.wait_label.setText(text)
        self._show(self.wait_page, self.cancel_button)
        run_in_background(fn, lambda r: done(r) if self.alive() else None,
                          lambda exc: self._quote_failed(exc) if self.alive() else None)

    # -- before renting ----------------------------------------------------------------------
    def _prepared(self, prepared: rent.Prepared) -> None:
        self.prepared = prepared
        if prepared.choice is None:
            self._no_account(prepared)
            return
        self._quoted(prepared.choice)

    def _no_account(self, prepared: rent.Prepared) -> None:
        title = prepared.title
        if prepared.kind is None:
            text = self.tr("gpudesk cannot rent from %1 through its API. Rent it on %1's page, then paste the login line "
                           "into a new session.").replace("%1", title)
            buttons = [self.site_button, self.close_button]
        else:
            text = self.tr("You have no %1 account in gpudesk, so it cannot rent this for you. Add your %1 API token in "
                           "Providers (it goes to the keyring), or rent it on %1's page and paste the login line into a "
                           "new session.").replace("%1", title)
            buttons = [self.add_account_button, self.site_button, self.close_button]
        if not PROVIDER_URLS.get(prepared.title, "") and self.site_button in buttons:
            buttons.remove(self.site_button)
        self.site_button.setText(self.tr("Open %1's page").replace("%1", title))
        self.say(text, *buttons)

    def _quoted(self, choice: rent.Choice) -> None:
        self._quoting = max(0, self._quoting - 1)
        self.choice = choice
        self._fill_confirm(choice)
        self._show(self.confirm, self.rent_button, self.cancel_button)

    def _quote_failed(self, exc: BaseException) -> None:
        self._quoting = max(0, self._quoting - 1)
        if isinstance(exc, CapacityError) and self.choice is not None:
            self._capacity(exc)
            return
        if isinstance(exc, CapacityError) and self.prepared is None:
            self.say(self.tr("The provider has no machine for this right now: %1").replace("%1", tr_msg(exc)))
            return
        self.say(self.tr("Nothing was rented. %1").replace("%1", tr_msg(exc)))

    def _fill_confirm(self, choice: rent.Choice) -> None:
        page, quote, spec, provider = self.confirm, choice.quote, choice.spec, choice.provider
        title = (str(launch.offer_of(choice.item).provider) if choice.item is not None else "") or provider.title
        names = self.prepared.accounts if self.prepared is not None else [choice.account.name]
        page.account.blockSignals(True)
        page.account.clear()
        page.account.addItems(names)
        page.account.setCurrentText(choice.account.name)
        page.account.blockSignals(False)
        page.show_account_row(len(names) > 1)
        page.heading.setText(self.tr("Check what will be rented. Nothing is rented until you press Rent."))
        if choice.demo:
            page.provider.setText(self.tr("The demo provider, standing in for %1: it rents the demo server offline, and "
                                          "nothing is billed.").replace("%1", title))
        else:
            page.provider.setText(f"{provider.title} · {choice.account.name}")
        page.machine.setText(quote.description or f"{spec.count}× {spec.gpu}")
        self._fill_picked(choice)
        page.region.setText(spec.region or self.tr("chosen by the provider"))
        page.image.setText(spec.image or provider.default_image)
        page.image.setPlaceholderText(self.tr("the provider's default image"))
        page.disk.setValue(spec.disk_gb)
        page.disk.setEnabled(choice.provider.kind != "lambda")
        page.disk.setToolTip(self.tr("Lambda Cloud sets the disk by the instance type.") if provider.kind == "lambda" else "")
        for radio in (page.on_demand, page.spot):
            radio.blockSignals(True)
        page.spot.setChecked(spec.spot)
        page.on_demand.setChecked(not spec.spot)
        page.spot.setEnabled(provider.can_spot)
        page.spot.setToolTip("" if provider.can_spot else self.tr("%1's API rents on demand only.").replace("%1", provider.title))
        for radio in (page.on_demand, page.spot):
            radio.blockSignals(False)
        page.show_bid_row(spec.spot)
        if spec.bid is not None:
            page.bid.blockSignals(True)
            page.bid.setValue(spec.bid)
            page.bid.blockSignals(False)
        page.price.setText(price_text(quote.price_per_hour, quote.currency))
        notes = [tr_msg(n) for n in quote.notes]
        if choice.demo:
            notes.insert(0, self.tr("In the demo these are the words of the provider it stands in for: the demo server "
                                    "itself bills nothing."))
        if choice.spot_refused:
            notes.insert(0, self.tr("The row you chose is a spot price; %1 rents on demand only through its API, so this "
                                    "is the on-demand price.").replace("%1", provider.title))
        if spec.spot:
            notes.insert(0, self.tr("Spot: the provider can take the server back at any time (when outbid or when it "
                                    "needs the machine); save checkpoints often."))
        page.notes.setText("<ul>" + "".join(f"<li>{_escape(n)}</li>" for n in notes if n) + "</ul>")
        page.busy.clear()
        self.rent_button.setText(self.tr("Rent for %1").replace("%1", price_text(quote.price_per_hour, quote.currency)))
        self.rent_button.setEnabled(True)

    def offered_text(self, offered: rent.Offered) -> str:
        """ "1× H200 SXM (141 GB each) · Vast.ai · $2.47/h" """
        gpu = f"{offered.count}× {offered.gpu}"
        if offered.memory_gb:
            gpu += " " + self.tr("(%1 GB each)").replace("%1", f"{offered.memory_gb:g}")
        return " · ".join([gpu, offered.provider, price_text(offered.price_per_hour, offered.currency)])

    def _fill_picked(self, choice: rent.Choice) -> None:
        """The offer picked (in the Catalog or the planner) beside what will be rented, and plainly how they differ."""
        page = self.confirm
        picked, rented = rent.picked_of(self.item), rent.rented_of(choice)
        page.picked.setText(self.offered_text(picked))
        found = rent.differences(picked, rented, choice.demo)
        if not found and not self.replaced:
            page.differs.hide()
            return
        words = {
            "provider": self.tr("provider %1 instead of %2").replace("%1", rented.provider).replace("%2", picked.provider),
            "gpu": self.tr("GPU %1 instead of %2").replace("%1", rented.gpu).replace("%2", picked.gpu),
            "count": self.tr("%1 GPU(s) instead of %2").replace("%1", str(rented.count)).replace("%2", str(picked.count)),
            "memory": self.tr("%1 GB per GPU instead of %2 GB").replace("%1", f"{rented.memory_gb or 0:g}")
            .replace("%2", f"{picked.memory_gb or 0:g}"),
            "price": self.tr("%1 instead of %2").replace("%1", price_text(rented.price_per_hour, rented.currency))
            .replace("%2", price_text(picked.price_per_hour, picked.currency)),
        }
        if choice.demo:
            head = self.tr("The demo does not rent the offer you picked: it stands in with its own server and rents %1 "
                           "there (the demo server shows all of its GPUs).").replace("%1", self.offered_text(rented))
        elif set(found) <= {"price", "memory"} and not self.replaced:
            head = self.tr("The provider's answer for this offer differs from the Catalog's: %1.").replace(
                "%1", self.offered_text(rented))
        else:
            head = self.tr("This is not the offer you picked: %1.").replace("%1", self.offered_text(rented))
        if found:
            head += " " + self.tr("Differences: %1.").replace("%1", "; ".join(words[k] for k in found))
        page.differs.setText(head)
        page.differs.show()

    def _account_changed(self, _index: int) -> None:
        name = self.confirm.account.currentText()
        self.rent_button.setEnabled(False)
        self._ask(self.tr("Asking %1 for the price…").replace("%1", name),
                  lambda: rent.prepare(self.item, name, demo=DEMO_ACCOUNT), self._prepared)

    def _requote(self) -> None:
        if self.choice is None or self.pages.currentWidget() is not self.confirm:
            return
        spot = self.confirm.spot.isChecked()
        # Turning spot on asks for the provider's minimum bid; a bid typed afterwards is priced as typed.
        bid = self.confirm.bid.value() if spot and self.choice.spec.spot else None
        if spot == self.choice.spec.spot and (not spot or bid == self.choice.spec.bid):
            return
        choice = self.choice
        self.rent_button.setEnabled(False)  # the price shown must be the one rented
        self.confirm.busy.setText(self.tr("Asking for the new price…"))
        self._quoting += 1
        run_in_background(lambda: rent.requote(choice, spot=spot, bid=bid),
                          lambda c: self._quoted(c) if self.alive() else None,
                          lambda exc: self._quote_failed(exc) if self.alive() else None)

    def open_site(self) -> None:
        if self.open_site_ is not None:
            self.open_site_()
        self.accept()

    def add_account(self) -> None:
        """Open Providers and its account form (after this dialog closes: one modal at a time)."""
        shell = self.shell
        self.accept()
        if shell is None:
            return
        page = shell.show_page(Page.PROVIDERS)
        if isinstance(page, ProvidersPage):
            QTimer.singleShot(0, page.add_account)

    # -- renting -----------------------------------------------------------------------------
    def spec(self) -> Any:
        """The confirmed spec: the quote's, with the image and disk as edited."""
        assert self.choice is not None
        spec = self.choice.spec
        image = self.confirm.image.text().strip() or self.choice.provider.default_image
        return spec.with_(image=image, disk_gb=int(self.confirm.disk.value()))

    def start_rent(self) -> None:
        """The user confirmed: register the key, rent once, wait until it answers SSH."""
        if self.choice is None or self.running or self._quoting:
            return
        choice, spec = self.choice, self.spec()
        self.confirmed = spec
        self.cancel_event = threading.Event()
        self.instance = None
        self.running = True
        self.progress.reset()
        self.progress.heading.setText(self.tr("Renting %1 from %2 at %3.").replace("%1", choice.quote.description or spec.gpu)
                                      .replace("%2", choice.account.name)
                                      .replace("%3", price_text(choice.quote.price_per_hour, choice.quote.currency)))
        self.cancel_button.setEnabled(True)
        self._show(self.progress, self.cancel_button)
        demo_login = self._demo_login() if choice.demo else None
        if self._pool is None:
            self._pool = Workers("gpudesk-rent", size=1)
        cancel = self.cancel_event

        def report(step: str, value: Any) -> None:
            call_in_gui(lambda v: self._report(step, v) if self.alive() else None, value)

        run_in_background(
            lambda: rent.rent(choice, spec, by="rent dialog", report=report, cancel=cancel, demo_login=demo_login,
                              timeout_s=self.wait_s, poll_s=self.poll_s),
            lambda r: self._usable(r) if self.alive() else None,
            lambda exc: self._launch_failed(exc) if self.alive() else None,
            executor=self._pool,
        )

    def _demo_login(self) -> rent.DemoLogin | None:
        return self.demo() if self.demo is not None else None

    def _report(self, step: str, value: Any) -> None:
        page = self.progress
        if step in ("key", "launch"):
            page.reach(step)
            page.status.setText(self.tr("Registering your SSH key…") if step == "key" else self.tr("Sending the rent request (once)…"))
        elif step == "launched":
            self.instance = value
            page.reach("provisioning")
            page.status.setText(self.tr("Rented: instance %1. It bills from now on.").replace("%1", value.id))
        elif step == "saved":
            self.saved_session = value  # listed from now on: it bills, whatever happens to this app
            if self.store is not None and self.store.get(value.id) is None:
                self.store.add(value)
        elif step == "progress":
            self.instance = value.instance
            page.reach({"provisioning": "provisioning", "booting": "booting", "address": "address",
                        "login": "address"}.get(value.phase, "hostkey"))
            page.status.setText(tr_msg(value.message))
        elif step == "hostkey":
            fingerprint, state = value
            page.reach("session")
            words = {
                "recorded": self.tr("Host key recorded on first sight: %1"),
                "known": self.tr("Host key already known: %1"),
                "changed": self.tr("The server presents a host key that differs from the one recorded for its address: %1. "
                                   "The login will ask before trusting it."),
            }
            page.fingerprint.setText(words.get(state, words["recorded"]).replace("%1", fingerprint))
            page.fingerprint.show()
        elif step == "session":
            page.status.setText(self.tr("Session '%1' is saved; logging in…").replace("%1", value.name))

    def _usable(self, launched: rent.Launched) -> None:
        assert launched.session is not None  # the dialog's rent waits until the session exists
        self.running = False
        self.result_ = launched
        self.instance = launched.instance
        if self.cancel_event.is_set():  # Cancel came after the last check: the answer is still the user's
            self._rented_but(self.tr("You stopped the rent. Instance %1 is rented and may be billing.").replace(
                "%1", launched.instance.id))
            return
        self.progress.reach("check")
        self.progress.status.setText(self.tr("Logged in as %1. The environment check runs in the GPUs tab.").replace(
            "%1", f"{launched.session.username}@{launched.session.host}:{launched.session.port}"))
        self._show(self.progress, self.close_button)
        if self.shell is not None:
            from gpudesk.ui.rent.watch import open_rented

            open_rented(self.shell, launched, self.choice, store=self.store, demo=self.demo, on_checked=self._checked,
                        spec=self.confirmed, on_health=self._health)
        self.launched.emit(launched)

    def _checked(self, _report: Any) -> None:
        if self.alive():
            self.progress.set("check", "done")
            self.progress.status.setText(self.tr("Ready: the environment check is done (see the GPUs tab)."))

    def _health(self, report: Any) -> None:
        """A faulty GPU right after the rent: say so, and offer to terminate it and rent the next best."""
        if not self.alive() or not isinstance(report, HealthReport) or not report.faulty or self.instance is None:
            return
        from gpudesk.ui.gpus.health import faulty_lines, report_line

        self.say(self.tr("The GPU health check found a faulty GPU on instance %1:").replace("%1", self.instance.id)
                 + "\n\n" + faulty_lines(report) + "\n\n" + report_line(report) + "\n\n"
                 + self.tr("Terminate it (billing ends) and look for the next best offer, shown for confirmation "
                           "before anything is rented? Keep it to ask the provider first (the GPUs tab lists the findings)."),
                 self.replace_button, self.keep_button)

    def replace_faulty(self) -> None:
        """Terminate the rented instance, then show the next best offer for confirmation."""
        if self.choice is None or self.instance is None:
            return
        choice, inst = self.choice, self.instance
        self.replace_button.setEnabled(False)
        self.keep_button.setEnabled(False)
        self.say(self.tr("Terminating instance %1…").replace("%1", inst.id))

        def found(alt: rent.Choice | None) -> None:
            self.alternative = alt
            if alt is None:
                self.say(self.tr("Terminated instance %1: it no longer bills. No other offer you can rent is left now; "
                                 "pick another GPU in the planner.").replace("%1", inst.id), self.close_button)
                return
            self._quoted(alt)  # shown for confirmation first: another rental at another price

        def terminated(_r: object) -> None:
            self.replace_button.setEnabled(True)
            self.keep_button.setEnabled(True)
            self.tried.append(choice.quote)
            self.say(self.tr("Terminated instance %1: it no longer bills.\n\nLooking for the next best offer…").replace(
                "%1", inst.id))
            run_in_background(lambda: rent.alternative(choice, self.ranked, self.tried, demo=DEMO_ACCOUNT),
                              lambda a: found(a) if self.alive() else None,
                              lambda _e: found(None) if self.alive() else None)

        def failed(exc: BaseException) -> None:
            self.replace_button.setEnabled(True)
            self.keep_button.setEnabled(True)
            self.say(self.tr("Could not terminate instance %1: %2. Terminate it in Providers or the provider's console; it may "
                             "be billing.").replace("%1", inst.id).replace("%2", tr_msg(exc)), self.replace_button, self.keep_button)

        run_in_background(lambda: rent.end(choice, inst.id, "rent dialog: the GPU health check found a faulty GPU"),
                          lambda r: terminated(r) if self.alive() else None, lambda e: failed(e) if self.alive() else None)

    def _launch_failed(self, exc: BaseException) -> None:
        self.running = False
        self.progress.fail_current()
        if isinstance(exc, launch.LaunchCancelled):
            inst = exc.instance or self.instance
            if inst is None:
                self.say(self.tr("Stopped. Nothing was rented."))
                return
            self.instance = inst
            self._rented_but(self.tr("You stopped waiting. Instance %1 is rented and may be billing.").replace("%1", inst.id))
        elif isinstance(exc, launch.RentedNotStarted):
            # Made but not started (a Vast.ai bid too low): no GPU bills, its disk does until it is destroyed.
            self.instance = exc.instance
            self.say(tr_msg(exc) + "\n\n" + self.tr("Terminate destroys it and ends its billing; Keep leaves it in "
                                                     "Providers, where you can start or destroy it later."),
                     self.terminate_button, self.keep_button)
        elif isinstance(exc, launch.NeverReachable):
            self.instance = exc.instance
            self._rented_but(tr_msg(exc))
        elif isinstance(exc, launch.InstanceGone):
            self.instance = exc.instance
            self.say(tr_msg(exc) + "\n\n" + self.tr("Relaunch rents the same configuration again, after you confirm its price."),
                     self.relaunch_button, self.close_button)
        elif isinstance(exc, CapacityError):
            self._capacity(exc)
        elif self.instance is not None:
            self._rented_but(self.tr("Instance %1 is rented, but: %2").replace("%1", self.instance.id).replace("%2", tr_msg(exc)))
        else:
            self.say(self.tr("Nothing was rented. %1").replace("%1", tr_msg(exc)))

    def _rented_but(self, text: str) -> None:
        assert self.instance is not None
        price = self.instance.price_per_hour
        if price is None and self.choice is not None:
            price = self.choice.quote.price_per_hour
        extra = self.tr("It bills about %1 until it is terminated. Terminate it, or keep it (it then shows in Providers, "
                        "where you can stop or terminate it later).").replace("%1", price_text(price, self.instance.currency or "USD"))
        self.say(f"{text}\n\n{extra}", self.terminate_button, self.keep_button)

    def cancel(self) -> None:
        """Cancel at any stage: before the rent nothing happens; after it, the user decides what becomes of it."""
        if self.running:
            self.cancel_event.set()
            self.cancel_button.setEnabled(False)
            self.progress.status.setText(self.tr("Stopping… (a request already sent is answered first)"))
            return
        self.reject()

    def reject(self) -> None:  # Esc and the window's close button
        if self.running:
            self.cancel()
            return
        if self.pages.currentWidget() is self.message_page and (
            self.terminate_button.isVisible() or self.replace_button.isVisible()
        ):
            return  # a rented server waits for the user's answer: terminate or keep
        super().reject()

    def terminate(self) -> None:
        if self.choice is None or self.instance is None:
            return
        choice, inst = self.choice, self.instance
        self.terminate_button.setEnabled(False)
        self.keep_button.setEnabled(False)

        def done(_r: object) -> None:
            self.terminate_button.setEnabled(True)
            self.keep_button.setEnabled(True)
            self.say(self.tr("Terminated instance %1: it no longer bills.").replace("%1", inst.id))

        def failed(exc: BaseException) -> None:
            self.terminate_button.setEnabled(True)
            self.keep_button.setEnabled(True)
            self.say(self.tr("Could not terminate instance %1: %2. Terminate it in Providers or the provider's console; it may "
                             "be billing.").replace("%1", inst.id).replace("%2", tr_msg(exc)), self.terminate_button, self.keep_button)

        run_in_background(lambda: rent.end(choice, inst.id, "rent dialog: the user asked"),
                          lambda r: done(r) if self.alive() else None, lambda e: failed(e) if self.alive() else None)

    def keep(self) -> None:
        inst = self.instance
        self.say(self.tr("Kept instance %1. It bills until you stop or terminate it (Providers lists it).").replace(
            "%1", inst.id if inst is not None else ""))

    # -- capacity: the next best ----------------------------------------------------------------
    def _capacity(self, exc: BaseException) -> None:
        assert self.choice is not None
        failed, ranked, tried = self.choice, self.ranked, self.tried
        tried.append(failed.quote)
        reason = tr_msg(exc)
        self.say(self.tr("%1 has no machine for this right now. Nothing was rented.\n\nLooking for the next best offer…").replace(
            "%1", failed.account.name) + f"\n\n{reason}")

        def found(alt: rent.Choice | None) -> None:
            self.alternative = alt
            head = self.tr("%1 has no machine for this right now. Nothing was rented.").replace("%1", failed.account.name)
            if alt is None:
                self.say(f"{head}\n\n{reason}\n\n" + self.tr("No other offer you can rent is left now. Try again later, or pick "
                                                             "another GPU in the planner."))
                return
            offer = self.tr("The next best: %1 from %2 at %3.").replace("%1", alt.quote.description or alt.spec.gpu).replace(
                "%2", alt.account.name).replace("%3", price_text(alt.quote.price_per_hour, alt.quote.currency))
            self.say(f"{head}\n\n{reason}\n\n{offer}", self.next_button, self.close_button)

        run_in_background(lambda: rent.alternative(failed, ranked, tried, demo=DEMO_ACCOUNT), lambda a: found(a) if self.alive() else None,
                          lambda e: found(None) if self.alive() else None)

    def take_next_best(self) -> None:
        alt = self.alternative
        if alt is not None:
            self.replaced = True  # the offer picked is gone: what follows is another offer, said so
            self._quoted(alt)  # shown for confirmation first: it is another rental at another price

    def relaunch(self) -> None:
        """The same configuration again (GPU, count, region, image, disk, billing), shown for confirmation first."""
        if self.choice is None:
            return
        choice, spec = self.choice, self.confirmed or self.choice.spec
        if choice.provider.kind == "vast" and spec.gpu:
            spec = spec.with_(offer_id="")  # that offer was the lost instance's machine: the cheapest of the same GPU now
        self._ask(self.tr("Asking %1 for the price…").replace("%1", choice.account.name),
                  lambda: rent.requote(choice, spot=spec.spot, bid=spec.bid, spec=spec), self._quoted)

    def done(self, result: int) -> None:  # noqa: D401 - Qt API
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False)
        super().done(result)


def _escape(text: str) -> str:
    import html

    return html.escape(text)
