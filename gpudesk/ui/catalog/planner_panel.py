"""The planner form and its ranked answers (the right-hand side of the Catalog page)."""

from __future__ import annotations

import html

from gpudesk.core.catalog import Catalog, Money, Plan, PlanError, Recommendation, Workload, plan
from gpudesk.core.catalog.estimate import EstimateError, parse_params
from gpudesk.core.i18n import message_of
from gpudesk.ui.catalog.billing_text import mode_name
from gpudesk.ui.fit import keep_rows, scrolling
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QtCore, QtGui, QTimer, QtWidgets, Signal

TASKS = [
    ("training", QT_TRANSLATE_NOOP("PlannerPanel", "AI training (full fine-tune)")),
    ("fine-tuning", QT_TRANSLATE_NOOP("PlannerPanel", "Fine-tuning (LoRA / QLoRA)")),
    ("inference", QT_TRANSLATE_NOOP("PlannerPanel", "Inference (serving a model)")),
    ("rendering", QT_TRANSLATE_NOOP("PlannerPanel", "Rendering / video transcoding")),
    ("science", QT_TRANSLATE_NOOP("PlannerPanel", "Scientific simulation (GROMACS, OpenFOAM)")),
]
HELP = {
    "training": QT_TRANSLATE_NOOP(
        "PlannerPanel",
        "Not sure? Leave the size empty: the planner assumes a full fine-tune of a 7B model in BF16 on 1B tokens. "
        "The model size is in its name (Llama-3-8B → 8B).",
    ),
    "fine-tuning": QT_TRANSLATE_NOOP(
        "PlannerPanel",
        "Not sure? LoRA in BF16 on 100M tokens is assumed; choose 4-bit for QLoRA, which needs about a third of the memory.",
    ),
    "inference": QT_TRANSLATE_NOOP(
        "PlannerPanel",
        "Not sure? A 7B model in BF16 is assumed. 4-bit quantised weights (GPTQ/AWQ/GGUF Q4) need about a quarter of BF16.",
    ),
    "rendering": QT_TRANSLATE_NOOP(
        "PlannerPanel", "GPUs with NVENC encoders only (A100/H100 have none); ranked by price per FP32 TFLOP-hour."
    ),
    "science": QT_TRANSLATE_NOOP(
        "PlannerPanel", "Double-precision (FP64) GPUs with enough CPU cores beside them, for GROMACS, OpenFOAM and similar codes."
    ),
}
PRECISIONS = [("bf16", "BF16"), ("fp16", "FP16"), ("fp8", "FP8"), ("int4", QT_TRANSLATE_NOOP("PlannerPanel", "4-bit"))]
RESULT_COLUMNS = [
    QT_TRANSLATE_NOOP("PlannerPanel", "#"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Configuration"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Provider"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Price/h"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Billing"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Est. total"),
    QT_TRANSLATE_NOOP("PlannerPanel", "Time"),
]


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlannerPanel", text)


INDEX_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2


class PlannerPanel(QtWidgets.QWidget):
    """Workload form → ranked configurations; emits the selected recommendation."""

    selected = Signal(object)  # Recommendation or None
    planned = Signal(object)  # Plan

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog: Catalog | None = None
        self.money = Money()
        self.result: Plan | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)  # re-plan once typing pauses
        self._timer.timeout.connect(self.run_plan)

        box = QtWidgets.QGroupBox(self.tr("Planner"))
        form = QtWidgets.QFormLayout(box)
        self.task = QtWidgets.QComboBox()
        for key, label in TASKS:
            self.task.addItem(_tr(label), key)
        form.addRow(self.tr("Workload"), self.task)
        self.params = QtWidgets.QComboBox()
        self.params.setEditable(True)
        self.params.addItems(["", "1B", "7B", "8B", "13B", "34B", "70B"])
        params_edit = self.params.lineEdit()
        assert params_edit is not None  # editable: it has one
        params_edit.setPlaceholderText(self.tr("e.g. 7B (empty: not sure)"))
        form.addRow(self.tr("Model size"), self.params)
        self.vram = QtWidgets.QSpinBox()
        self.vram.setRange(0, 4096)
        self.vram.setSuffix(" GB")
        self.vram.setSpecialValueText(self.tr("estimate it"))
        form.addRow(self.tr("or VRAM needed"), self.vram)
        self.precision = QtWidgets.QComboBox()
        for key, label in PRECISIONS:
            self.precision.addItem(_tr(label), key)
        form.addRow(self.tr("Precision"), self.precision)
        self.tokens = QtWidgets.QComboBox()
        self.tokens.setEditable(True)
        self.tokens.addItems(["", "100M", "1B", "10B"])
        tokens_edit = self.tokens.lineEdit()
        assert tokens_edit is not None  # editable: it has one
        tokens_edit.setPlaceholderText(self.tr("default for the method"))
        form.addRow(self.tr("Training tokens"), self.tokens)
        self.gpus = QtWidgets.QSpinBox()
        self.gpus.setRange(0, 64)
        self.gpus.setSpecialValueText(self.tr("any"))
        form.addRow(self.tr("GPUs"), self.gpus)
        self.gpu = QtWidgets.QComboBox()
        self.gpu.addItem(self.tr("any model"), "")
        form.addRow(self.tr("GPU model"), self.gpu)
        self.hours_per_day = QtWidgets.QDoubleSpinBox()
        self.hours_per_day.setRange(0.5, 24)
        self.hours_per_day.setValue(8)
        self.hours_per_day.setSuffix(self.tr(" h"))
        form.addRow(self.tr("Hours per day"), self.hours_per_day)
        self.days = QtWidgets.QSpinBox()
        self.days.setRange(1, 3 * 365)
        self.days.setValue(1)
        form.addRow(self.tr("Days"), self.days)
        self.spot = QtWidgets.QCheckBox(self.tr("Allow spot (interruptible) prices"))
        form.addRow("", self.spot)
        self.help = QtWidgets.QLabel()
        self.help.setWordWrap(True)
        self.guide = QtWidgets.QPushButton(self.tr("I don't know: help me choose…"))
        self.guide.clicked.connect(self.open_guide)
        # The help text sits outside the form: a form squeezes a wrapped label to one clipped line.
        form.addRow(self.guide)

        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b;")
        self.error.hide()
        self.memory = QtWidgets.QLabel()
        self.memory.setWordWrap(True)

        # A model + sort proxy (not QTableWidget items with a Python __lt__, which PySide
        # mis-refcounts): numeric columns sort by their number, not their text.
        self.results = QtGui.QStandardItemModel(0, len(RESULT_COLUMNS), self)
        self.results.setHorizontalHeaderLabels([_tr(c) for c in RESULT_COLUMNS])
        self.sorted = QtCore.QSortFilterProxyModel(self)
        self.sorted.setSourceModel(self.results)
        self.sorted.setSortRole(SORT_ROLE)
        self.table = QtWidgets.QTableView()
        self.table.setModel(self.sorted)
        self.table.setAccessibleName(self.tr("Recommended configurations"))
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        # Every column as wide as its content ("8× A100 SXM 80GB (640 GB)", not "1× …"); a narrow
        # window scrolls the table sideways instead.
        self.table.horizontalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setHorizontalScrollMode(QtWidgets.QAbstractItemView.ScrollMode.ScrollPerPixel)
        keep_rows(self.table)
        self.table.setSortingEnabled(True)  # rank, price, total or time: the user's choice
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.reasons = QtWidgets.QTextBrowser()
        self.reasons.setOpenExternalLinks(False)
        self.reasons.setAccessibleName(self.tr("Why this configuration"))
        self.reasons.setMinimumHeight(4 * self.reasons.fontMetrics().lineSpacing())

        # Form, answers and reasons share the height in a splitter: the form scrolls when the window
        # is small (never squeezed unreadable), the answers always show at least four rows.
        form_part = QtWidgets.QWidget()
        form_layout = QtWidgets.QVBoxLayout(form_part)
        form_layout.setContentsMargins(0, 0, 0, 0)
        form_layout.addWidget(box)
        form_layout.addWidget(self.help)
        form_layout.addWidget(self.error)
        form_layout.addWidget(self.memory)
        self.form_area = scrolling(form_part, min_height=3 * self.fontMetrics().lineSpacing())
        self.split = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.split.setChildrenCollapsible(False)
        for part, stretch in ((self.form_area, 0), (self.table, 2), (self.reasons, 1)):
            self.split.addWidget(part)
            self.split.setStretchFactor(self.split.count() - 1, stretch)
        self.split.setSizes([form_part.sizeHint().height(), 260, 140])
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.split)

        for signal in (
            self.task.currentIndexChanged, self.params.editTextChanged, self.vram.valueChanged,
            self.precision.currentIndexChanged, self.tokens.editTextChanged, self.gpus.valueChanged,
            self.gpu.currentIndexChanged, self.hours_per_day.valueChanged, self.days.valueChanged, self.spot.toggled,
        ):  # fmt: skip
            signal.connect(self._changed)
        self.task.currentIndexChanged.connect(self._task_changed)
        self._task_changed()

    # -- inputs -----------------------------------------------------------------
    def set_catalog(self, catalog: Catalog, money: Money) -> None:
        self.catalog = catalog
        self.money = money
        current = self.gpu.currentData()
        self.gpu.blockSignals(True)
        while self.gpu.count() > 1:
            self.gpu.removeItem(1)
        for name in sorted(catalog.gpus):
            self.gpu.addItem(name, name)
        self.gpu.setCurrentIndex(max(0, self.gpu.findData(current)))
        self.gpu.blockSignals(False)
        self.run_plan()

    def set_money(self, money: Money) -> None:
        self.money = money
        self.run_plan()

    def open_guide(self) -> None:
        from gpudesk.ui.catalog.guide import GuideDialog

        dialog = GuideDialog(self)
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            dialog.apply_to(self)
            self.run_plan()

    def _task_changed(self) -> None:
        task = self.task.currentData()
        model_task = task in ("training", "fine-tuning", "inference")
        for widget in (self.params, self.precision):
            widget.setEnabled(model_task)
        self.tokens.setEnabled(task in ("training", "fine-tuning"))
        self.days.setEnabled(task not in ("training", "fine-tuning"))
        self.help.setText(_tr(HELP[task]))

    def _changed(self) -> None:
        self._timer.start()

    def workload(self) -> Workload:
        """The form as a core Workload; raises PlanError with a message for the user."""
        task = self.task.currentData()
        params = None
        text = self.params.currentText().strip()
        if text and task in ("training", "fine-tuning", "inference"):
            try:
                params = parse_params(text)
            except EstimateError as exc:
                raise PlanError(message_of(exc)) from None
        tokens = None
        tokens_text = self.tokens.currentText().strip()
        if tokens_text and task in ("training", "fine-tuning"):
            try:
                tokens = parse_params(tokens_text)
            except EstimateError:
                raise PlanError(self.tr("'%1' is not a token count; write it like 100M or 1B.").replace("%1", tokens_text)) from None
        training = task in ("training", "fine-tuning")
        return Workload(
            task=task,
            params=params,
            precision=self.precision.currentData() if task in ("training", "fine-tuning", "inference") else None,
            gpus=self.gpus.value() or None,
            gpu=self.gpu.currentData() or None,
            tokens=tokens,
            vram_gb=float(self.vram.value()) if self.vram.value() and params is None else None,
            hours_per_day=self.hours_per_day.value(),
            days=None if training else float(self.days.value()),
            allow_spot=self.spot.isChecked(),
            limit=15,
        )

    # -- planning ---------------------------------------------------------------
    def run_plan(self) -> None:
        self._timer.stop()
        if self.catalog is None:
            return
        try:
            result = plan(self.catalog, self.workload(), self.money)
        except PlanError as exc:
            self.error.setText(tr_msg(exc))
            self.error.show()
            return
        self.error.hide()
        self.result = result
        self.memory.setText("<br>".join(html.escape(tr_msg(n)) for n in result.notes))
        self._fill(result)
        self.planned.emit(result)

    def _fill(self, result: Plan) -> None:
        self.table.selectionModel().blockSignals(True)
        self.results.removeRows(0, self.results.rowCount())
        for row, rec in enumerate(result.recommendations):
            cells: list[tuple[str, object]] = [
                (str(row + 1), row),
                (f"{rec.count}× {rec.gpu.model} ({rec.vram_gb:g} GB)", None),
                (rec.offer.provider, None),
                (self.money.format(rec.price_per_hour), rec.price_per_hour),
                (mode_name(rec.billing), None),
                (self.money.format(rec.est_total_cost), rec.est_total_cost),
                (f"{rec.est_hours:,.1f} h", rec.est_hours),
            ]
            items = []
            for text, key in cells:
                item = QtGui.QStandardItem(text)
                item.setEditable(False)
                item.setData(row, INDEX_ROLE)
                item.setData(text if key is None else key, SORT_ROLE)
                if key is not None:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                items.append(item)
            self.results.appendRow(items)
        self.table.selectionModel().blockSignals(False)
        if result.recommendations:
            self.table.selectRow(0)
        else:
            self.reasons.setHtml(f"<p>{html.escape(tr_msg(result.notes[-1]) if result.notes else '')}</p>")
            self.selected.emit(None)

    def row_count(self) -> int:
        return self.sorted.rowCount()

    def cell(self, row: int, column: int) -> str:
        """The text shown at (row, column), in the current sort order."""
        return str(self.sorted.data(self.sorted.index(row, column)) or "")

    def current(self) -> Recommendation | None:
        if self.result is None:
            return None
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        index = self.sorted.data(rows[0], INDEX_ROLE)
        if not isinstance(index, int) or index >= len(self.result.recommendations):
            return None
        return self.result.recommendations[index]

    def _selection_changed(self, *_args: object) -> None:
        rec = self.current()
        if rec is not None:
            items = "".join(f"<li>{html.escape(tr_msg(r))}</li>" for r in rec.reasons)
            parts = [f"{rec.count}× {rec.gpu.model}", rec.offer.provider]
            if rec.gpu.model.lower() not in rec.offer.instance_type.lower():  # "1x H200 SXM" would repeat the model
                parts.append(rec.offer.instance_type)
            head = html.escape(" · ".join(parts))
            self.reasons.setHtml(f"<b>{head}</b><ul>{items}</ul>")
        self.selected.emit(rec)
