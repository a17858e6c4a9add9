""""Run a job": command or script, template, hyper-parameters, GPUs, folder, environment, activation, nodes."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from gpudesk.core.jobs.model import Activation, JobSpec, new_job_id
from gpudesk.core.jobs.templates import TEMPLATES, Node, build_command, multinode_specs
from gpudesk.ui import plaintext
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtWidgets


@dataclass
class NodeChoice:
    """Another connected session that a multi-node job may also start on."""

    label: str
    address: str
    server: object  # its LiveServer: the job starts through the server's own work part


def parse_env(text: str) -> dict[str, str]:
    """``KEY=VALUE`` per line (``#`` comments allowed); raises ValueError naming the bad line."""
    env: dict[str, str] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[7:].strip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ValueError(QCoreApplication.translate("RunJobDialog", "Line %1 is not KEY=VALUE.").replace("%1", str(n)))
        env[key] = value.strip().strip('"').strip("'") if value.strip()[:1] in "\"'" else value.strip()
    return env


class RunJobDialog(QtWidgets.QDialog):
    """Fill in a job; :meth:`specs` gives one JobSpec (or one per node for multi-node)."""

    def __init__(self, this_node: NodeChoice, others: list[NodeChoice] | None = None,
                 prefill: JobSpec | None = None, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Run a job"))
        self.this_node = this_node
        self.others = others or []
        self.param_edits: dict[str, QtWidgets.QLineEdit] = {}

        self.template = QtWidgets.QComboBox()
        for t in TEMPLATES.values():
            self.template.addItem(QCoreApplication.translate("JobTemplates", t.title), t.id)
        self.template_help = QtWidgets.QLabel()  # wrapped by hand: a word-wrapped label in a QFormLayout
        # makes the dialog's minimum height too small, and rows then overlap
        self.template_help.setStyleSheet("color: palette(mid);")
        self.command = QtWidgets.QLineEdit()
        self.command.setPlaceholderText(self.tr("e.g. python train.py --config cfg.yaml"))
        self.script = QtWidgets.QLineEdit("train.py")
        self.args = QtWidgets.QLineEdit()
        self.args.setPlaceholderText(self.tr("more arguments for the script (optional)"))
        self.nproc = QtWidgets.QSpinBox()
        self.nproc.setRange(1, 64)
        self.nproc.setSuffix(self.tr(" GPU process(es)"))
        self.params_box = QtWidgets.QGroupBox(self.tr("Hyper-parameters"))
        self.params_form = QtWidgets.QFormLayout(self.params_box)

        self.name = QtWidgets.QLineEdit()
        self.name.setPlaceholderText(self.tr("optional, e.g. llama-lora-r16"))
        self.workdir = QtWidgets.QLineEdit("~/project")
        self.gpus = QtWidgets.QLineEdit()
        self.gpus.setPlaceholderText(self.tr("all; or e.g. 0 or 0,1,2,3 (sets CUDA_VISIBLE_DEVICES)"))
        self.activation = QtWidgets.QComboBox()
        self.activation.addItem(self.tr("None"), "none")
        self.activation.addItem(self.tr("conda environment"), "conda")
        self.activation.addItem(self.tr("venv folder"), "venv")
        self.activation_value = QtWidgets.QLineEdit()
        self.env = QtWidgets.QPlainTextEdit()
        self.env.setPlaceholderText("WANDB_MODE=offline\nHF_HOME=/data/hf")
        self.env.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Fixed)
        self.env.setFixedHeight(self.env.fontMetrics().lineSpacing() * 3 + 14)
        self.log_dir = QtWidgets.QLineEdit()
        self.log_dir.setPlaceholderText(self.tr("TensorBoard log folder, e.g. runs (optional)"))
        self.results = QtWidgets.QLineEdit("outputs, checkpoints")
        self.results.setToolTip(self.tr("Folders or patterns that \"Collect results\" offers for this job"))

        self.nodes_box = QtWidgets.QGroupBox(self.tr("Nodes (each one runs torchrun; the first hosts the rendezvous)"))
        nodes_form = QtWidgets.QFormLayout(self.nodes_box)
        self.node_checks: list[tuple[QtWidgets.QCheckBox, NodeChoice]] = []
        first = QtWidgets.QCheckBox(self.tr("%1 (this server, rank 0)").replace("%1", this_node.label))
        first.setChecked(True)
        first.setEnabled(False)
        nodes_form.addRow(first)
        for other in self.others:
            box = QtWidgets.QCheckBox(other.label)
            box.setChecked(True)
            nodes_form.addRow(box)
            self.node_checks.append((box, other))
        if not self.others:
            hint = QtWidgets.QLabel(self.tr("Connect the other servers (one tab each) to add them here."))
            hint.setStyleSheet("color: palette(mid);")
            nodes_form.addRow(hint)
        self.rdzv_host = QtWidgets.QLineEdit(this_node.address)
        self.rdzv_host.setToolTip(self.tr("The first node's address as the other nodes reach it (often a private IP)"))
        self.rdzv_port = QtWidgets.QSpinBox()
        self.rdzv_port.setRange(1, 65535)
        self.rdzv_port.setValue(29500)
        nodes_form.addRow(self.tr("Rendezvous address"), self.rdzv_host)
        nodes_form.addRow(self.tr("Rendezvous port"), self.rdzv_port)

        self.preview = plaintext.plain(QtWidgets.QLabel())
        self.preview.setWordWrap(True)
        # Width through the layout, not setMinimumWidth(): an explicit minimum on the dialog would stop the
        # layout from enforcing its minimum height, and rows would overlap.
        self.preview.setMinimumWidth(600)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview.setStyleSheet("font-family: monospace; background: palette(base); padding: 6px; border: 1px solid palette(mid);")
        self.error = plaintext.plain(QtWidgets.QLabel())
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)

        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Template"), self.template)
        form.addRow("", self.template_help)
        form.addRow(self.tr("Command"), self.command)
        form.addRow(self.tr("Script"), self.script)
        form.addRow(self.tr("Arguments"), self.args)
        form.addRow(self.tr("Processes per node"), self.nproc)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Working folder"), self.workdir)
        form.addRow(self.tr("GPUs"), self.gpus)
        act_box = QtWidgets.QWidget()  # a widget, not a nested layout: QFormLayout sizes those rows right
        act = QtWidgets.QHBoxLayout(act_box)
        act.setContentsMargins(0, 0, 0, 0)
        act.addWidget(self.activation)
        act.addWidget(self.activation_value, 1)
        form.addRow(self.tr("Activate"), act_box)
        form.addRow(self.tr("Environment"), self.env)
        form.addRow(self.tr("TensorBoard logs"), self.log_dir)
        form.addRow(self.tr("Results"), self.results)
        self._form = form
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.run_button = buttons.addButton(self.tr("Run"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.params_box)
        layout.addWidget(self.nodes_box)
        layout.addWidget(QtWidgets.QLabel(self.tr("Will run:")))
        layout.addWidget(self.preview)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

        for widget in (self.command, self.script, self.args, self.gpus, self.activation_value, self.rdzv_host):
            widget.textChanged.connect(self._update)
        self.gpus.textChanged.connect(self._gpus_changed)
        self.env.textChanged.connect(self._update)
        self.nproc.valueChanged.connect(self._update)
        self.rdzv_port.valueChanged.connect(self._update)
        self.activation.currentIndexChanged.connect(self._update)
        self.template.currentIndexChanged.connect(self._template_changed)
        for box, _ in self.node_checks:
            box.toggled.connect(self._update)
        self._job_id = new_job_id()
        if prefill is not None:
            self._prefill(prefill)
        else:  # the common case, and one click runs the demo server's ~/project/train.py
            self.template.setCurrentIndex(self.template.findData("single"))
        self._template_changed()

    # -- form state ------------------------------------------------------------
    def _prefill(self, spec: JobSpec) -> None:
        self.template.setCurrentIndex(self.template.findData("custom"))
        self.command.setText(spec.command)
        self.name.setText(spec.name)
        self.workdir.setText(spec.workdir)
        self.gpus.setText(spec.gpus)
        self.activation.setCurrentIndex(max(0, self.activation.findData(spec.activation.kind)))
        self.activation_value.setText(spec.activation.value)
        self.env.setPlainText("\n".join(f"{k}={v}" for k, v in spec.env.items() if k != "PYTHONUNBUFFERED"))
        self.log_dir.setText(spec.log_dir)
        self.results.setText(", ".join(spec.results))

    def _template_changed(self) -> None:
        template = TEMPLATES[self.template.currentData()]
        self.template_help.setText(textwrap.fill(QCoreApplication.translate("JobTemplates", template.description), 72))
        custom = template.id == "custom"
        self._form.setRowVisible(self.command, custom)
        self._form.setRowVisible(self.script, not custom)
        self._form.setRowVisible(self.args, not custom)
        self._form.setRowVisible(self.nproc, template.multi_gpu)
        self.nodes_box.setVisible(template.multi_node)
        old = {k: e.text() for k, e in self.param_edits.items()}  # kept across template changes
        while self.params_form.rowCount():
            self.params_form.removeRow(0)
        self.param_edits = {}
        for param in template.params:
            edit = QtWidgets.QLineEdit(old.get(param.key, ""))
            # Empty means "not passed": the suggestion is an example, never a value sent unasked.
            edit.setPlaceholderText(self.tr("not passed (e.g. %1)").replace("%1", param.suggestion) if param.suggestion else self.tr("(not passed)"))
            edit.setToolTip(param.flag)
            edit.textChanged.connect(self._update)
            self.params_form.addRow(QCoreApplication.translate("JobTemplates", param.label), edit)
            self.param_edits[param.key] = edit
        self.params_box.setVisible(bool(template.params))
        self._gpus_changed()
        # Rows shown/hidden above take effect when the layout next runs: size the dialog after that.
        QtCore.QTimer.singleShot(0, self.adjustSize)
        self._update()

    def _gpus_changed(self) -> None:
        """One process per listed GPU is what DDP wants; the user can still change it."""
        gpus = [g for g in self.gpus.text().split(",") if g.strip()]
        if gpus and TEMPLATES[self.template.currentData()].multi_gpu:
            self.nproc.setValue(len(gpus))

    def params(self) -> dict[str, str]:
        return {k: e.text() for k, e in self.param_edits.items()}

    def base_spec(self) -> JobSpec:
        template = self.template.currentData()
        env = parse_env(self.env.toPlainText())
        kind = self.activation.currentData()
        spec = JobSpec(
            command="",
            name=self.name.text().strip(),
            workdir=self.workdir.text().strip(),
            env=env,
            gpus=self.gpus.text().strip(),
            activation=Activation(kind, self.activation_value.text().strip() if kind != "none" else ""),
            template=template,
            log_dir=self.log_dir.text().strip(),
            results=[r.strip() for r in self.results.text().split(",") if r.strip()],
            job_id=self._job_id,
        )
        if template != "multinode":
            script = self.command.text() if template == "custom" else self.script.text()
            spec.command = build_command(template, script, self.args.text() if template != "custom" else "",
                                         self.params(), self.nproc.value())
        return spec

    def nodes(self) -> list[NodeChoice]:
        chosen = [self.this_node]
        chosen += [node for box, node in self.node_checks if box.isChecked()]
        return chosen

    def specs(self) -> list[tuple[object | None, JobSpec]]:
        """``[(LiveServer or None for this server, spec)]``; raises ValueError with a message for the user."""
        base = self.base_spec()
        if base.template != "multinode":
            if not base.command.strip():
                raise ValueError(self.tr("Say what to run."))
            return [(None, base)]
        nodes = self.nodes()
        first = Node(nodes[0].label, self.rdzv_host.text().strip() or nodes[0].address)
        specs = multinode_specs(base, [first] + [Node(n.label, n.address) for n in nodes[1:]], self.script.text(),
                                self.args.text(), self.params(), self.nproc.value(), self.rdzv_port.value())
        return [(None if i == 0 else nodes[i].server, spec) for i, spec in enumerate(specs)]

    def _update(self) -> None:
        self.activation_value.setEnabled(self.activation.currentData() != "none")
        self.activation_value.setPlaceholderText(
            {"conda": self.tr("environment name, e.g. torch"), "venv": self.tr("folder, e.g. ~/venvs/torch")}.get(
                self.activation.currentData(), "")
        )
        try:
            specs = self.specs()
        except ValueError as exc:
            self.preview.setText("")
            self.error.setText(tr_msg(exc))
            self.run_button.setEnabled(False)
            return
        self.error.setText("")
        self.run_button.setEnabled(True)
        spec = specs[0][1]
        lines = []
        if spec.activation.kind != "none" and spec.activation.value:
            lines.append(("conda activate " if spec.activation.kind == "conda" else ". ") + spec.activation.value
                         + ("" if spec.activation.kind == "conda" else "/bin/activate"))
        if spec.gpus:
            lines.append(f"CUDA_VISIBLE_DEVICES={spec.gpus}")
        lines.append(spec.command)
        if len(specs) > 1:
            lines.append(self.tr("… on %1 servers").replace("%1", str(len(specs))))
        self.preview.setText("\n".join(lines))

    def _accept(self) -> None:
        try:
            self.specs()
        except ValueError as exc:
            self.error.setText(tr_msg(exc))
            return
        self.accept()
