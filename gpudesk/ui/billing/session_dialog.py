"""Billing for one session: price and billing step, the idle guard, budgets and a deadline."""

from __future__ import annotations

from gpudesk.core.billing import config
from gpudesk.core.billing.guard import GuardConfig, effective_policy, parse_hhmm, policies_for
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.billing.price import Price
from gpudesk.core.sessions.model import Session
from gpudesk.ui.background import run_in_background
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, QtWidgets, Signal, shiboken6

UNITS = [
    ("hour", QT_TRANSLATE_NOOP("BillingDialog", "per hour")),
    ("day", QT_TRANSLATE_NOOP("BillingDialog", "per day")),
    ("month", QT_TRANSLATE_NOOP("BillingDialog", "per month (30 days)")),
]
STEPS = [
    ("second", QT_TRANSLATE_NOOP("BillingDialog", "per second")),
    ("minute", QT_TRANSLATE_NOOP("BillingDialog", "per started minute")),
    ("hour", QT_TRANSLATE_NOOP("BillingDialog", "per started hour")),
]
POLICIES = [
    ("remind", QT_TRANSLATE_NOOP("BillingDialog", "Remind only")),
    ("stop", QT_TRANSLATE_NOOP("BillingDialog", "Ask, then stop through the API")),
    ("terminate", QT_TRANSLATE_NOOP("BillingDialog", "Ask, then terminate through the API (local data is lost)")),
]


def _combo(items: list[tuple[str, str]], current: str) -> QtWidgets.QComboBox:
    box = QtWidgets.QComboBox()
    for value, label in items:
        box.addItem(QCoreApplication.translate("BillingDialog", label), value)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


def _spin(value: float, maximum: float, decimals: int = 2, suffix: str = "") -> QtWidgets.QDoubleSpinBox:
    spin = QtWidgets.QDoubleSpinBox()
    spin.setDecimals(decimals)
    spin.setRange(0, maximum)
    spin.setValue(value)
    if suffix:
        spin.setSuffix(suffix)
    return spin


class BillingDialog(QtWidgets.QDialog):
    saved = Signal(object, object)  # Price | None, GuardConfig

    def __init__(
        self, session: Session, parent: QtWidgets.QWidget | None = None, actions: frozenset[str] | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("BillingDialog")
        self.setWindowTitle(self.tr("Billing for %1").replace("%1", session.label))
        self.session = session
        price = config.price_for(session)
        guard = config.guard_config(session.id)
        if actions is None:
            from gpudesk.core.providers.capabilities import session_actions

            actions = session_actions(session)
        self.actions = actions
        # Only the choices the provider really has (Lambda: no stop; no API: remind only).
        offered = [(v, label) for v, label in POLICIES if v in policies_for(actions)]
        self.terminate_confirmed = guard.terminate_confirmed
        self.amount = _spin(price.amount if price else 0.0, 1_000_000, 3)
        self.unit = _combo(UNITS, price.unit if price else "hour")
        self.currency = QtWidgets.QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(price.currency if price else (session.currency or "USD"))
        self.step = _combo(STEPS, price.granularity if price else "second")
        self.threshold = _spin(guard.idle.threshold_pct, 100, 1, " %")
        self.minutes = _spin(guard.idle.minutes, 24 * 60, 1, self.tr(" min"))
        self.policy = _combo(offered, effective_policy(guard.policy, actions, True))
        self.answer = _spin(guard.answer_minutes, 24 * 60, 1, self.tr(" min"))
        self.budget_total = _spin(guard.budget_total or 0.0, 1_000_000)
        self.budget_day = _spin(guard.budget_day or 0.0, 1_000_000)
        self.budget_policy = _combo(offered, effective_policy(guard.budget_policy, actions, True))
        self.deadline = QtWidgets.QLineEdit(guard.deadline)
        self.deadline.setPlaceholderText(self.tr("HH:MM, e.g. 23:00 (empty: none)"))
        self.deadline_policy = _combo(offered, effective_policy(guard.deadline_policy, actions, True))
        self.after_job = QtWidgets.QCheckBox(self.tr("Ask to stop when the running job ends"))
        self.after_job.setChecked(guard.stop_after_job)
        self.server_guard = QtWidgets.QCheckBox(self.tr("Guard on the server too (works while gpudesk is closed)"))
        self.server_guard.setChecked(guard.server_guard == "on")
        self.server_guard.setToolTip(
            self.tr("A small script on the server applies this policy when gpudesk is not running. Unchecked: it is removed.")
        )
        self._server_guard_was = guard.server_guard
        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        self.actions_note = QtWidgets.QLabel(self._actions_text(actions))
        self.actions_note.setWordWrap(True)

        form = QtWidgets.QFormLayout()
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.amount)
        row.addWidget(self.currency)
        row.addWidget(self.unit)
        form.addRow(self.tr("Price (0: not metered)"), row)
        form.addRow(self.tr("Billed"), self.step)
        form.addRow(self.tr("Idle when every GPU is below"), self.threshold)
        form.addRow(self.tr("… and nobody used it for"), self.minutes)
        form.addRow(self.tr("When idle"), self.policy)
        form.addRow(self.tr("Wait for an answer"), self.answer)
        form.addRow(self.tr("Budget in total (0: none)"), self.budget_total)
        form.addRow(self.tr("Budget per day (0: none)"), self.budget_day)
        form.addRow(self.tr("When over budget"), self.budget_policy)
        form.addRow(self.tr("Stop at"), self.deadline)
        form.addRow(self.tr("At that time"), self.deadline_policy)
        form.addRow("", self.after_job)
        form.addRow("", self.server_guard)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.actions_note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _actions_text(self, actions: frozenset[str]) -> str:
        if "stop" in actions:
            return ""
        if "terminate" in actions:
            return self.tr(
                "This provider has no stop: an instance bills until it is terminated, and terminating deletes its "
                "local disk. Automatic choices are to remind you, or to terminate after you confirm that warning."
            )
        return self.tr("gpudesk has no provider API for this server: it can remind you, but you stop it in the console.")

    def _confirm_terminate(self) -> bool:
        """An automatic terminate deletes data: ask once, with that warning, before saving it."""
        wants = "terminate" in (
            self.policy.currentData(),
            self.budget_policy.currentData(),
            self.deadline_policy.currentData(),
        )
        if not wants:
            return True
        if self.terminate_confirmed:
            return True
        box = QtWidgets.QMessageBox(self)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Terminate automatically?"))
        box.setText(self.tr("Let gpudesk terminate %1 when nobody answers?").replace("%1", self.session.label))
        box.setInformativeText(
            self.tr(
                "Terminating deletes the instance and everything on its local disk. It cannot be undone. "
                "Download what you need first, or keep \"Remind only\"."
            )
        )
        box.setStandardButtons(QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Cancel)
        self._confirm_box = box  # tests answer it
        if box.exec() != QtWidgets.QMessageBox.StandardButton.Yes:
            return False
        self.terminate_confirmed = True
        return True

    def values(self) -> tuple[Price | None, GuardConfig]:
        """Raises ValueError with a message for the first bad field."""
        price = None
        if self.amount.value() > 0:
            price = Price(
                self.amount.value(),
                self.unit.currentData(),
                self.currency.currentText().strip().upper() or "USD",
                self.step.currentData(),
            )
        deadline = self.deadline.text().strip()
        if deadline:
            parse_hhmm(deadline)
        guard = GuardConfig(
            idle=IdleConfig(threshold_pct=self.threshold.value(), minutes=max(0.1, self.minutes.value())),
            policy=self.policy.currentData(),
            answer_minutes=self.answer.value(),
            budget_total=self.budget_total.value() or None,
            budget_day=self.budget_day.value() or None,
            budget_policy=self.budget_policy.currentData(),
            deadline=deadline,
            deadline_policy=self.deadline_policy.currentData(),
            stop_after_job=self.after_job.isChecked(),
            terminate_confirmed=self.terminate_confirmed,
            server_guard=self._server_guard_choice(),
        )
        return price, guard

    def _server_guard_choice(self) -> str:
        if self.server_guard.isChecked():
            return "on"
        return "ask" if self._server_guard_was == "ask" else "off"  # an unanswered question stays open

    def save(self) -> None:
        if not self._confirm_terminate():
            self.error.setText(self.tr("Not saved: choose another action, or confirm the terminate."))
            return
        try:
            price, guard = self.values()
        except ValueError as exc:
            self.error.setText(tr_msg(exc))
            return
        sid = self.session.id

        def done(_r: object) -> None:
            if shiboken6.isValid(self):
                self.saved.emit(price, guard)
                self.accept()

        run_in_background(
            lambda: config.save(sid, price, guard),
            done,
            lambda exc: self.error.setText(tr_msg(exc)) if shiboken6.isValid(self) else None,
        )
