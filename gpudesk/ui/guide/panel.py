"""The guide dock: four steps, where the user is, the next action as a button, and troubleshooting notes.

It points at the places that do the work (planner, session editor, Files/GPUs/Jobs tabs, providers)
and never duplicates them. State comes from the live workspace (saved sessions, servers, jobs): the
guide re-reads it when the workspace says progress changed or a server changed, never by polling
widgets. What it asks of the window (show a page, bring a panel forward) goes through the app's
:class:`~gpudesk.core.shell.Shell` (a :class:`GuideShell`: the shell and the three more things the guide uses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from gpudesk.core.live.workspace import Workspace
from gpudesk.core.shell import Page, Shell
from gpudesk.ui import bridge, plaintext
from gpudesk.ui.guide.flow import FlowLayout
from gpudesk.ui.guide.steps import CHOOSE, COLLECT, LOGIN, RUN, STEPS, TROUBLESHOOTING, read_progress
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtWidgets, shiboken6

if TYPE_CHECKING:
    from gpudesk.core.billing.meter import Meter
    from gpudesk.ui.guide.release import ReleaseCheck


class GuideShell(Shell, Protocol):
    """The app's shell as the guide's buttons use it: the :class:`Shell`, and three more."""

    def new_session(self) -> None:
        """Open the session editor."""

    def start_demo(self) -> None:
        """Start (or bring forward) the demo server."""

    def meter(self) -> Meter | None:
        """The billing meter, when billing is shown."""


def tr(text: str) -> str:
    return QCoreApplication.translate("Guide", text)


class StepCard(QtWidgets.QFrame):
    def __init__(self, title: str, why: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("step")
        self.mark = plaintext.rich(QtWidgets.QLabel())
        self.mark.setFixedWidth(26)
        self.mark.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.title = QtWidgets.QLabel(title)
        self.title.setWordWrap(True)
        self.why = QtWidgets.QLabel(why)
        self.why.setWordWrap(True)
        self.state = QtWidgets.QLabel()
        self.state.setWordWrap(True)
        self.buttons = FlowLayout()
        text = QtWidgets.QVBoxLayout()
        text.setSpacing(3)
        text.addWidget(self.title)
        text.addWidget(self.state)
        text.addWidget(self.why)
        text.addLayout(self.buttons)
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(8, 8, 8, 8)
        row.addWidget(self.mark)
        row.addLayout(text, 1)
        self._actions: list[tuple[str, Callable[[], object]]] = []
        self._primary: bool | None = None

    def set_status(self, kind: str, state_text: str) -> None:
        """kind: done | current | later."""
        marks = {"done": ("✔", "#2e7d32"), "current": ("➜", "#1565c0"), "later": ("○", "#9e9e9e")}
        mark, colour = marks[kind]
        self.mark.setText(f"<span style='font-size:15pt; color:{colour}'>{mark}</span>")
        weight = "bold"
        self.title.setStyleSheet(f"font-weight: {weight}; color: {'palette(text)' if kind != 'later' else 'palette(mid)'};")
        self.state.setText(state_text)
        self.state.setStyleSheet(f"color: {colour if kind != 'later' else 'palette(text)'};")  # a later step's text is news
        self.why.setVisible(kind == "current")
        border = "#1565c0" if kind == "current" else "transparent"
        background = "palette(alternate-base)" if kind == "current" else "transparent"
        self.setStyleSheet(f"#step {{ border: 1px solid {border}; border-radius: 6px; background: {background}; }}")

    def set_actions(self, actions: list[tuple[str, Callable[[], object]]], primary: bool) -> None:
        if [a for a, _ in actions] == [a for a, _ in self._actions] and primary == self._primary:
            self._actions = actions  # same buttons: only the callbacks may have new targets
            return
        self._actions = actions
        self._primary = primary
        while self.buttons.count():
            item = self.buttons.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for i, (label, _) in enumerate(actions):
            button = QtWidgets.QPushButton(label)
            button.setObjectName(f"action-{i}")
            button.setDefault(primary and i == 0)
            if primary and i == 0:
                button.setStyleSheet("font-weight: bold;")
            button.clicked.connect(lambda _=False, n=i: self._actions[n][1]())
            self.buttons.addWidget(button)

    def action_buttons(self) -> list[QtWidgets.QPushButton]:
        items = (self.buttons.itemAt(i) for i in range(self.buttons.count()))
        return [w for w in (item.widget() if item is not None else None for item in items) if isinstance(w, QtWidgets.QPushButton)]


class GuidePanel(QtWidgets.QWidget):
    """Shown in a dock from the toolbar's Guide button; experts simply leave it closed."""

    def __init__(self, workspace: Workspace, shell: GuideShell, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.shell = shell
        # Its text wraps and its column scrolls: a narrow guide leaves the pages room at 1024 px.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 40))
        heading = QtWidgets.QLabel(self.tr("From zero to a trained model in four steps"))
        heading.setWordWrap(True)
        heading.setStyleSheet("font-size: 12pt; font-weight: bold;")
        self.summary = QtWidgets.QLabel()
        self.summary.setWordWrap(True)
        self.cards: dict[str, StepCard] = {}
        content = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(content)
        column.addWidget(heading)
        column.addWidget(self.summary)
        for step in STEPS:
            card = StepCard(tr(step.title), tr(step.why))
            self.cards[step.key] = card
            column.addWidget(card)
        trouble = QtWidgets.QLabel(self.tr("When something goes wrong"))
        trouble.setStyleSheet("font-weight: bold; margin-top: 8px;")
        column.addWidget(trouble)
        self.troubles = QtWidgets.QToolBox()
        for title, text in TROUBLESHOOTING:
            label = QtWidgets.QLabel(tr(text))
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setMargin(6)
            self.troubles.addItem(label, tr(title))
        self.troubles.setMinimumHeight(230)
        column.addWidget(self.troubles)
        column.addStretch(1)
        scroll = QtWidgets.QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # text wraps instead
        scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        # Step 4 asks the providers themselves whether a server gpudesk launched still runs.
        self.release: ReleaseCheck | None = None  # the last release check
        self.release_running = False
        self._release_asked = False
        # Re-read on news only: progress (sessions saved, connected, a job ran, collected) and any
        # server's change (its billing feeds step 4's text).
        self._watched: dict[str, Callable[[], None]] = {}
        bridge.connect(workspace.progress_changed, lambda _p: self.refresh(), self)
        bridge.connect(workspace.opened, self._watch, self)
        bridge.connect(workspace.closed, self._unwatch, self)
        for server in workspace.servers:
            self._watch(server)
        # A start, stop or terminate (anywhere, through the one path) or any newer read of an instance makes the
        # last answer of "Check with the providers" old: ask again, so step 4 never says an older word than the ledger.
        from gpudesk.core.billing import actions as billing_actions

        bridge.connect(billing_actions.acted, lambda _a: self._recheck_release(), self)
        self.refresh()

    def _recheck_release(self) -> None:
        if self.release is not None and not self.release_running:
            self.check_release()

    def _watch(self, server: Any) -> None:
        if server.id not in self._watched:
            self._watched[server.id] = bridge.connect(server.changed, lambda _s: self.refresh(), self)

    def _unwatch(self, server: Any) -> None:
        end = self._watched.pop(server.id, None)
        if end is not None:
            end()
        self.refresh()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 - Qt API
        return QtCore.QSize(390, 720)  # a side panel: the connection tabs keep most of the window

    # -- state ---------------------------------------------------------------
    def refresh(self) -> None:
        progress = read_progress(self.workspace)
        self.progress = progress
        done = progress.done
        current = progress.current
        states = {
            CHOOSE: (self.tr("A server is saved."), self.tr("Pick a GPU and a price plan.")),
            LOGIN: (self.tr("Connected."), self.tr("Connect and check the environment.")),
            RUN: (self.tr("A job has run on the server."), self.tr("Upload your project and start a job.")),
            COLLECT: (self.tr("Results collected. Release the server when you are done."), self.tr("Download results, then release the server.")),
        }
        billing = self.billing_text()
        for key, card in self.cards.items():
            kind = "done" if done[key] else "current" if key == current else "later"
            text = states[key][0] if done[key] else states[key][1] if kind == "current" else ""
            if key == COLLECT:
                # What bills, and what the providers answered, whatever the step: a stopped server's disk bills
                # before step 4 too, and "Check with the providers" must answer where it was pressed.
                bills = bool(billing) and (kind != "later" or self._bills_now())
                extra = [billing if bills else "", self.release_text() if kind != "later" or self._release_asked else ""]
                text = "\n".join(t for t in (text, *extra) if t)
            if key == COLLECT and kind != "later" and not self._release_asked:
                self.check_release()  # once on reaching step 4; its button asks again
            card.set_status(kind, text)
            card.set_actions(self._actions(key), primary=kind == "current")
        count = sum(done.values())
        if count < 4:
            self.summary.setText(self.tr("%1 of 4 steps done. Next: %2").replace("%1", str(count)).replace(
                "%2", tr(next(s.title for s in STEPS if s.key == current))))
        else:
            done_text = self.tr("All four steps done.")
            self.summary.setText(f"{done_text} {billing}".strip())

    def check_release(self) -> None:
        """Ask every provider account, off the GUI thread, whether a server launched from gpudesk still runs."""
        if self.release_running:
            return
        from gpudesk.ui.background import run_in_background
        from gpudesk.ui.guide import release

        self._release_asked = True
        self.release_running = True

        def done(result: release.ReleaseCheck) -> None:
            self.release_running = False
            self.release = result
            self.refresh()

        def failed(_exc: BaseException) -> None:
            self.release_running = False

        run_in_background(release.check, lambda r: done(r) if shiboken6.isValid(self) else None,
                          lambda e: failed(e) if shiboken6.isValid(self) else None)

    def release_text(self) -> str:
        """What the providers said about servers launched from gpudesk ("" before any account answered)."""
        from gpudesk.core.billing.price import money
        from gpudesk.ui.i18n import tr_msg

        if self.release_running:
            return self.tr("Asking the providers whether a server launched from gpudesk still runs…")
        result = self.release
        if result is None:
            return ""
        lines = []
        if result.running:
            names = []
            for item in result.running:
                price = f", {money(item.price_per_hour, item.currency)}/h" if item.price_per_hour is not None else ""
                names.append(f"'{item.name or item.id}' ({item.id}, {item.account}, {item.status}{price})")
            lines.append(self.tr("Still running at the provider, launched from gpudesk: %1. Stop or terminate it with "
                                 "Costs ▸ Stop this server… in its session's cost bar, or in Providers.").replace(
                "%1", "; ".join(names)))
        elif result.asked:
            lines.append(self.tr("The providers confirm: nothing launched from gpudesk is running (%1).").replace(
                "%1", ", ".join(result.asked)))
        for account, error in result.errors.items():
            lines.append(self.tr("%1 could not be asked: %2").replace("%1", account).replace("%2", tr_msg(error)))
        return "\n".join(lines)

    def _bills_now(self) -> bool:
        """Whether the one ledger (or the providers' last answer) has anything billing."""
        if self.release is not None and self.release.running:
            return True
        meter = self.shell.meter()
        if meter is None:
            return False
        from gpudesk.core.billing.storage import billing_now

        return not billing_now(meter).nothing

    def billing_text(self) -> str:
        """Step 4 ends with "nothing is billing" only when the meter (servers and storage) and the providers say so."""
        if self.release is not None and self.release.running:
            names = ", ".join(r.name or r.id for r in self.release.running)
            return self.tr("Still billing at the provider: %1.").replace("%1", names)
        meter = self.shell.meter()
        if meter is None:
            return ""
        from gpudesk.core.billing.price import hourly
        from gpudesk.core.billing.storage import billing_now

        left = billing_now(meter)  # the one ledger, as the cost bar and Providers say it
        if left.nothing:
            return self.tr("Nothing of yours is billing any more.")

        def rates(found: dict[str, float]) -> str:
            found = found or {min(left.rates or {"USD": 0.0}): 0.0}  # nothing: a zero, as the cost bar says it
            return ", ".join(self.tr("%1/h").replace("%1", hourly(v, k)) for k, v in sorted(found.items()))

        all_names = [*left.compute_names, *left.storage_names]
        names = ", ".join(all_names[:3]) + (" …" if len(all_names) > 3 else "")
        return (
            self.tr("Billing now: compute %1 + storage %2 (%3). Stop or delete it in Providers.")
            .replace("%1", rates(left.compute)).replace("%2", rates(left.storage)).replace("%3", names)
        )

    def _actions(self, key: str) -> list[tuple[str, Callable[[], object]]]:
        w = self.shell
        if key == CHOOSE:
            actions = []
            actions.append((self.tr("Open the planner"), lambda: w.show_page(Page.CATALOG)))
            actions.append((self.tr("I have a server: add it…"), w.new_session))
            return actions
        if key == LOGIN:
            actions = [(self.tr("New session…"), w.new_session), (self.tr("Try the demo server"), w.start_demo)]
            if self.progress.connected:
                actions = [(self.tr("Show the environment check"), lambda: self.show_subtab("gpus"))] + actions[:1]
            return actions
        if key == RUN:
            return [(self.tr("Run a job"), self.run_job), (self.tr("Upload files"), lambda: self.show_subtab("files"))]
        actions = [(self.tr("Collect results"), self.collect)]
        actions.append((self.tr("Release the server"), self.release_server))
        actions.append((self.tr("Check with the providers"), self.check_release))
        return actions

    # -- actions ---------------------------------------------------------------
    def release_server(self) -> None:
        """Providers, with the server to release selected: the one still running, else the one in front."""
        w = self.shell
        target: tuple[str, str] | None = None
        if self.release is not None and self.release.running:
            item = self.release.running[0]
            target = (item.account, item.id)
        else:
            for server in self.workspace.servers:
                session = server.session
                if session.provider and session.provider_instance_id:
                    target = (session.provider, session.provider_instance_id)
                    if server.billing.state == "billing":
                        break
        if target is not None:
            w.show_instance(*target)
        else:
            w.show_page(Page.PROVIDERS)

    def show_subtab(self, name: str) -> Any:
        """Bring a connection's sub-tab ("files", "gpus", "jobs") to the front; returns the panel."""
        if not self.workspace.connected():
            self.shell.say(self.tr("Connect to a server first (step 2)."))
            return None
        return self.shell.show_panel(name)

    def run_job(self) -> None:
        panel = self.show_subtab("jobs")
        if panel is not None:
            panel.run_dialog()

    def collect(self) -> None:
        panel = self.show_subtab("jobs")
        if panel is None:
            return
        if panel.job(panel.selected_id) is None:
            self.shell.say(self.tr("Pick a job in the Jobs tab first."))
            return
        panel.collect_selected()

    def current_card(self) -> StepCard:
        return self.cards[self.progress.current]


__all__ = ["GuidePanel", "GuideShell"]
