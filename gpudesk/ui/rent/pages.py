"""The rent dialog's pages as widgets only: the confirmation form and the progress steps (no IO, no flow)."""

from __future__ import annotations

from gpudesk.core.billing.price import SYMBOLS
from gpudesk.ui import plaintext
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtWidgets

#: the progress steps, in order; the launch phases of core.providers.launch map onto them
STEPS = (
    ("key", QT_TRANSLATE_NOOP("RentDialog", "Register your SSH key with the provider")),
    ("launch", QT_TRANSLATE_NOOP("RentDialog", "Rent the server")),
    ("provisioning", QT_TRANSLATE_NOOP("RentDialog", "The provider finds a machine")),
    ("booting", QT_TRANSLATE_NOOP("RentDialog", "The server boots")),
    ("address", QT_TRANSLATE_NOOP("RentDialog", "SSH answers")),
    ("hostkey", QT_TRANSLATE_NOOP("RentDialog", "Record the server's host key")),
    ("session", QT_TRANSLATE_NOOP("RentDialog", "Save the session and log in")),
    ("check", QT_TRANSLATE_NOOP("RentDialog", "Check the environment (GPUs, driver, CUDA, PyTorch)")),
)
STEP_KEYS = [key for key, _ in STEPS]


def tr(text: str) -> str:
    return QCoreApplication.translate("RentDialog", text)


def price_text(value: float | None, currency: str) -> str:
    """``$0.440/h`` (three decimals below one unit, where cents matter), or words when unknown."""
    if value is None:
        return QCoreApplication.translate("RentDialog", "a price the provider did not say")
    symbol = SYMBOLS.get((currency or "USD").upper())
    amount = f"{value:,.3f}" if value < 1 else f"{value:,.2f}"
    return QCoreApplication.translate("RentDialog", "%1/h").replace("%1", f"{symbol}{amount}" if symbol else f"{amount} {currency}")


def wrapped(text: str = "") -> QtWidgets.QLabel:
    label = plaintext.plain(QtWidgets.QLabel(text))  # provider and server text
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ConfirmPage(QtWidgets.QWidget):
    """What will be rented, editable where the provider allows it; nothing is rented from here."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = wrapped()
        self.heading.setStyleSheet("font-weight: bold;")
        #: what the confirmed rental has that the picked offer had not (another offer, the demo's stand-in)
        self.differs = wrapped()
        self.differs.setObjectName("rent-differs")
        self.differs.setStyleSheet("#rent-differs { color: #b35c00; }")
        self.differs.hide()
        form = QtWidgets.QFormLayout()
        form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.account = QtWidgets.QComboBox()
        self.account.setAccessibleName(self.tr("Account"))
        form.addRow(self.tr("Account"), self.account)
        self.picked = wrapped()
        form.addRow(self.tr("You picked"), self.picked)
        self.provider = wrapped()
        form.addRow(self.tr("Provider"), self.provider)
        self.machine = wrapped()
        form.addRow(self.tr("GPU × count"), self.machine)
        self.region = wrapped()
        form.addRow(self.tr("Region"), self.region)
        self.image = QtWidgets.QLineEdit()
        self.image.setAccessibleName(self.tr("Image"))
        form.addRow(self.tr("Image"), self.image)
        self.disk = QtWidgets.QSpinBox()
        self.disk.setRange(1, 100_000)
        self.disk.setSuffix(" GB")
        self.disk.setAccessibleName(self.tr("Disk size"))
        form.addRow(self.tr("Disk"), self.disk)
        self.on_demand = QtWidgets.QRadioButton(self.tr("On demand"))
        self.spot = QtWidgets.QRadioButton(self.tr("Spot (interruptible)"))
        billing = QtWidgets.QHBoxLayout()
        billing.addWidget(self.on_demand)
        billing.addWidget(self.spot)
        billing.addStretch(1)
        form.addRow(self.tr("Billing"), billing)
        self.bid = QtWidgets.QDoubleSpinBox()
        self.bid.setDecimals(3)
        self.bid.setRange(0.001, 9_999.0)
        self.bid.setSingleStep(0.01)
        self.bid.setPrefix("$")
        self.bid.setSuffix(self.tr(" per hour"))
        self.bid.setAccessibleName(self.tr("Bid"))
        self.bid_label = QtWidgets.QLabel(self.tr("Bid"))
        form.addRow(self.bid_label, self.bid)
        self.price = wrapped()
        self.price.setStyleSheet("font-size: 13pt; font-weight: bold;")
        form.addRow(self.tr("Price"), self.price)
        self.notes = wrapped()
        plaintext.rich(self.notes)  # every outside string in it goes through plaintext.escape
        self.notes.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.busy = wrapped()
        self.busy.setStyleSheet("color: palette(mid);")
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.differs)
        layout.addLayout(form)
        layout.addWidget(self.notes, 1)
        layout.addWidget(self.busy)
        self._form = form

    def show_account_row(self, shown: bool) -> None:
        self._form.setRowVisible(self.account, shown)

    def show_bid_row(self, shown: bool) -> None:
        self._form.setRowVisible(self.bid, shown)


class ProgressPage(QtWidgets.QWidget):
    """The steps from the key to the environment check, each marked pending, current or done."""

    MARKS = {"pending": ("○", "#9e9e9e"), "current": ("➜", "#1565c0"), "done": ("✔", "#2e7d32"), "failed": ("✕", "#c62828")}

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading = wrapped()
        self.heading.setStyleSheet("font-weight: bold;")
        grid = QtWidgets.QGridLayout()
        grid.setColumnStretch(1, 1)
        self.marks: dict[str, QtWidgets.QLabel] = {}
        self.labels: dict[str, QtWidgets.QLabel] = {}
        for row, (key, text) in enumerate(STEPS):
            mark = plaintext.rich(QtWidgets.QLabel())
            mark.setFixedWidth(22)
            label = wrapped(tr(str(text)))
            grid.addWidget(mark, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, row, 1)
            self.marks[key], self.labels[key] = mark, label
        self.status = wrapped()
        self.fingerprint = wrapped()
        self.fingerprint.setObjectName("rent-fingerprint")
        self.fingerprint.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addLayout(grid)
        layout.addSpacing(6)
        layout.addWidget(self.status)
        layout.addWidget(self.fingerprint)
        layout.addStretch(1)
        self.state: dict[str, str] = {}
        self.reset()

    def reset(self) -> None:
        for key in STEP_KEYS:
            self.set(key, "pending")
        self.status.clear()
        self.fingerprint.hide()

    def set(self, key: str, state: str) -> None:
        mark, colour = self.MARKS[state]
        self.state[key] = state
        self.marks[key].setText(f"<span style='font-size:13pt; color:{colour}'>{mark}</span>")
        self.labels[key].setStyleSheet("font-weight: bold;" if state == "current" else "")

    def reach(self, key: str) -> None:
        """``key`` is now current; every step before it is done (a provider may skip one, e.g. Lambda's provisioning)."""
        index = STEP_KEYS.index(key)
        for before in STEP_KEYS[:index]:
            if self.state.get(before) != "done":
                self.set(before, "done")
        self.set(key, "current")

    def fail_current(self) -> None:
        for key in STEP_KEYS:
            if self.state.get(key) == "current":
                self.set(key, "failed")
