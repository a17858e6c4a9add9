""""I don't know": a few plain questions that fill in the planner for a novice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core.catalog.estimate import format_params, size_from_name
from gpudesk.ui import plaintext
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.catalog.planner_panel import PlannerPanel

JOBS = [
    ("training", QT_TRANSLATE_NOOP("GuideDialog", "Teach a model new things: train or fine-tune it")),
    ("inference", QT_TRANSLATE_NOOP("GuideDialog", "Run a model that is already trained (chat, API, batch answers)")),
    ("rendering", QT_TRANSLATE_NOOP("GuideDialog", "Render 3D scenes or transcode video")),
    ("science", QT_TRANSLATE_NOOP("GuideDialog", "Run a simulation (GROMACS, OpenFOAM, other HPC codes)")),
]


class GuideDialog(QtWidgets.QDialog):
    """Asks what the GPU will do, which model, how, and for how long; ``apply_to`` fills the form."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Help me choose"))
        layout = QtWidgets.QVBoxLayout(self)

        layout.addWidget(plaintext.rich(QtWidgets.QLabel(self.tr("<b>1. What will the GPU do?</b>"))))
        self.jobs = QtWidgets.QButtonGroup(self)
        for i, (_key, label) in enumerate(JOBS):
            button = QtWidgets.QRadioButton(QCoreApplication.translate("GuideDialog", label))
            self.jobs.addButton(button, i)
            layout.addWidget(button)
        self.jobs.button(0).setChecked(True)

        self.model_box = QtWidgets.QGroupBox(self.tr("2. Which model?"))
        model_form = QtWidgets.QFormLayout(self.model_box)
        self.model = QtWidgets.QLineEdit()
        self.model.setPlaceholderText(self.tr("its name, e.g. meta-llama/Llama-3-8B-Instruct, or a size like 13B"))
        model_form.addRow(self.tr("Model"), self.model)
        self.model_hint = QtWidgets.QLabel()
        model_form.addRow(self.model_hint)
        self.full = QtWidgets.QRadioButton(self.tr("Change all its weights (full fine-tune: best, needs the most memory)"))
        self.lora = QtWidgets.QRadioButton(self.tr("Add a small adapter (LoRA: far less memory, usually enough)"))
        self.lora.setChecked(True)
        self.small = QtWidgets.QCheckBox(self.tr("Make it fit the cheapest GPU (4-bit weights: QLoRA for training)"))
        model_form.addRow(self.full)
        model_form.addRow(self.lora)
        model_form.addRow(self.small)
        layout.addWidget(self.model_box)

        time_box = QtWidgets.QGroupBox(self.tr("3. For how long?"))
        time_form = QtWidgets.QFormLayout(time_box)
        self.hours = QtWidgets.QDoubleSpinBox()
        self.hours.setRange(0.5, 24)
        self.hours.setValue(8)
        self.hours.setSuffix(self.tr(" h a day"))
        self.days = QtWidgets.QSpinBox()
        self.days.setRange(1, 3 * 365)
        self.days.setValue(5)
        self.days.setSuffix(self.tr(" days"))
        time_form.addRow(self.tr("Hours a day"), self.hours)
        time_form.addRow(self.tr("Days"), self.days)
        layout.addWidget(time_box)

        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

        self.jobs.idToggled.connect(lambda *_: self._update())
        self.model.textChanged.connect(lambda *_: self._update())
        self.full.toggled.connect(lambda *_: self._update())
        self._update()

    def job(self) -> str:
        return JOBS[max(0, self.jobs.checkedId())][0]

    def task(self) -> str:
        """The planner task the answers mean (training splits into full and LoRA)."""
        job = self.job()
        if job == "training":
            return "training" if self.full.isChecked() else "fine-tuning"
        return job

    def _update(self) -> None:
        ai = self.job() in ("training", "inference")
        self.model_box.setEnabled(ai)
        for widget in (self.full, self.lora):
            widget.setVisible(self.job() == "training")
        size = size_from_name(self.model.text())
        if not self.model.text().strip():
            self.model_hint.setText(self.tr("Not sure? Leave it empty: a 7B model is assumed."))
        elif size is None:
            self.model_hint.setText(self.tr("No size found in that name; a 7B model is assumed. Sizes look like 7B or 70B."))
        else:
            self.model_hint.setText(self.tr("≈%1 parameters").replace("%1", format_params(size)))

    def apply_to(self, panel: PlannerPanel) -> None:
        """Fill the planner form from the answers (it re-plans by itself)."""
        task = self.task()
        panel.task.setCurrentIndex(panel.task.findData(task))
        size = size_from_name(self.model.text())
        panel.params.setEditText(format_params(size) if size and task in ("training", "fine-tuning", "inference") else "")
        four_bit = self.small.isChecked() and task in ("fine-tuning", "inference")
        panel.precision.setCurrentIndex(panel.precision.findData("int4" if four_bit else "bf16"))
        panel.hours_per_day.setValue(self.hours.value())
        panel.days.setValue(self.days.value())
        panel.vram.setValue(0)
        panel.gpus.setValue(0)
        panel.gpu.setCurrentIndex(0)
