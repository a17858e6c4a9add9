"""Import sessions from OpenSSH, MobaXterm, Xshell or PuTTY: choose files, preview, then import.

Files are parsed off the GUI thread; the preview shows what will be created, duplicates (same host,
port and user as a saved session, or twice in the import) with merge/skip, the folder mapping, and
every file's warnings or the reason it cannot be imported. Nothing is written before "Import".
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gpudesk.core.sessions.importers import FORMATS, FileResult, parse_paths
from gpudesk.core.sessions.importers.plan import CREATE, MERGE, SKIP, ApplyReport, ImportPlan, apply_plan, build_plan
from gpudesk.core.sessions.model import ValidationError
from gpudesk.core.sessions.store import SessionStore
from gpudesk.ui.background import run_in_background
from gpudesk.ui.fit import keep_rows, resize_within_screen
from gpudesk.ui.importer.preview import FolderMapTable, PreviewTable
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QtCore, QtWidgets

ENCODINGS = (
    ("", QT_TRANSLATE_NOOP("ImportDialog", "Detect automatically")),
    ("utf-8", "UTF-8"),
    ("gbk", QT_TRANSLATE_NOOP("ImportDialog", "GBK (Chinese Windows)")),
    ("cp1252", QT_TRANSLATE_NOOP("ImportDialog", "Windows-1252 (Western Windows)")),
    ("utf-16", "UTF-16"),
)

# The format labels live in core (FORMATS[...].label); listed here so lupdate offers them to translators.
FORMAT_LABELS = (
    QT_TRANSLATE_NOOP("ImportDialog", "OpenSSH config (~/.ssh/config)"),
    QT_TRANSLATE_NOOP("ImportDialog", "MobaXterm (.mxtsessions, MobaXterm.ini)"),
    QT_TRANSLATE_NOOP("ImportDialog", "Xshell (.xsh files or a folder of them)"),
    QT_TRANSLATE_NOOP("ImportDialog", "PuTTY (.reg export of its sessions)"),
)


class ImportDialog(QtWidgets.QDialog):
    """Choose a format and files, look at the preview, import."""

    preview_ready = QtCore.Signal()
    imported = QtCore.Signal(object)  # ApplyReport

    def __init__(self, store: SessionStore, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.plan: ImportPlan | None = None
        self.report: ApplyReport | None = None
        self.paths: list[str] = []
        self._generation = 0
        self.setWindowTitle(self.tr("Import sessions"))
        resize_within_screen(self, 1240, 700)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(self._source_row())
        layout.addWidget(self._paths_box())

        self.table = PreviewTable()
        self.table.actions_changed.connect(self._update_summary)
        self.folders = FolderMapTable()
        keep_rows(self.folders)
        self.folders.mapping_changed.connect(self.table.refresh_folders)
        self.messages = QtWidgets.QPlainTextEdit()
        self.messages.setReadOnly(True)

        side = QtWidgets.QWidget()
        side_layout = QtWidgets.QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(QtWidgets.QLabel(self.tr("Duplicates (same host, port and user):")))
        self.skip_duplicates = QtWidgets.QRadioButton(self.tr("Skip them"))
        self.merge_duplicates = QtWidgets.QRadioButton(self.tr("Merge into the saved session (adds key, jump host)"))
        self.skip_duplicates.setChecked(True)
        self.skip_duplicates.toggled.connect(self._duplicate_policy)
        side_layout.addWidget(self.skip_duplicates)
        side_layout.addWidget(self.merge_duplicates)
        side_layout.addWidget(QtWidgets.QLabel(self.tr("Folders:")))
        side_layout.addWidget(self.folders, 1)
        side_layout.addWidget(QtWidgets.QLabel(self.tr("Messages:")))
        side_layout.addWidget(self.messages, 2)

        self.details = QtWidgets.QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAlignment(QtCore.Qt.AlignmentFlag.AlignTop | QtCore.Qt.AlignmentFlag.AlignLeft)
        # Room for a long hint (Xshell's key export steps) without the table jumping on every click.
        self.details.setMinimumHeight(self.fontMetrics().lineSpacing() * 4 + 4)
        self.table.itemSelectionChanged.connect(self._show_details)
        left = QtWidgets.QWidget()
        left_layout = QtWidgets.QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.details)

        split = QtWidgets.QSplitter()
        split.addWidget(left)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([920, 320])
        layout.addWidget(split, 1)

        self.summary = QtWidgets.QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(self.tr("Import"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setDefault(True)
        self.import_button.setEnabled(False)
        self.buttons.accepted.connect(self.do_import)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._update_format()
        self._update_summary()

    # -- building ------------------------------------------------------------------------------------------
    def _source_row(self) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel(self.tr("Import from:")))
        self.format_combo = QtWidgets.QComboBox()
        for fmt in FORMATS.values():
            self.format_combo.addItem(QtCore.QCoreApplication.translate("ImportDialog", fmt.label), fmt.key)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        row.addWidget(self.format_combo, 1)
        row.addWidget(QtWidgets.QLabel(self.tr("Text encoding:")))
        self.encoding_combo = QtWidgets.QComboBox()
        for key, label in ENCODINGS:
            self.encoding_combo.addItem(QtCore.QCoreApplication.translate("ImportDialog", label), key)
        self.encoding_combo.setToolTip(
            self.tr("MobaXterm and older Xshell files use the Windows code page; pick it if names look garbled.")
        )
        self.encoding_combo.currentIndexChanged.connect(self.reparse)
        row.addWidget(self.encoding_combo)
        return row

    def _paths_box(self) -> QtWidgets.QWidget:
        box = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.paths_list = QtWidgets.QListWidget()
        self.paths_list.setMaximumHeight(72)
        row.addWidget(self.paths_list, 1)
        column = QtWidgets.QVBoxLayout()
        self.add_files_button = QtWidgets.QPushButton(self.tr("Add files…"))
        self.add_files_button.clicked.connect(self._pick_files)
        self.add_folder_button = QtWidgets.QPushButton(self.tr("Add folder…"))
        self.add_folder_button.clicked.connect(self._pick_folder)
        remove = QtWidgets.QPushButton(self.tr("Remove"))
        remove.clicked.connect(self._remove_selected)
        for button in (self.add_files_button, self.add_folder_button, remove):
            column.addWidget(button)
        row.addLayout(column)
        return box

    # -- choosing --------------------------------------------------------------------------------------------
    @property
    def format_key(self) -> str:
        return str(self.format_combo.currentData())

    def set_format(self, key: str) -> None:
        self.format_combo.setCurrentIndex(self.format_combo.findData(key))

    def set_paths(self, paths: Sequence[str | Path]) -> None:
        self.paths = [str(p) for p in paths]
        self.paths_list.clear()
        self.paths_list.addItems(self.paths)
        self.reparse()

    def _format_changed(self) -> None:
        self._update_format()
        self.reparse()

    def _update_format(self) -> None:
        self.add_folder_button.setEnabled(FORMATS[self.format_key].folders)

    def _pick_files(self) -> None:
        fmt = FORMATS[self.format_key]
        start = str(Path.home() / ".ssh") if fmt.key == "ssh-config" else str(Path.home())
        name_filter = f"{QtCore.QCoreApplication.translate('ImportDialog', fmt.label)} ({' '.join(fmt.patterns)})"
        files, _ = QtWidgets.QFileDialog.getOpenFileNames(self, self.tr("Choose files to import"), start, name_filter)
        if files:
            self.set_paths(self.paths + [f for f in files if f not in self.paths])

    def _pick_folder(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(self, self.tr("Choose the Xshell sessions folder"), str(Path.home()))
        if folder and folder not in self.paths:
            self.set_paths([*self.paths, folder])

    def _remove_selected(self) -> None:
        rows = sorted((i.row() for i in self.paths_list.selectedIndexes()), reverse=True)
        paths = list(self.paths)
        for row in rows:
            del paths[row]
        self.set_paths(paths)

    # -- parsing (off the GUI thread) -----------------------------------------------------------------------
    def reparse(self) -> None:
        self._generation += 1
        generation = self._generation
        fmt, paths, encoding = self.format_key, list(self.paths), self.encoding_combo.currentData() or None
        self.import_button.setEnabled(False)
        if not paths:
            self._show([])
            return
        self.summary.setText(self.tr("Reading %n file(s)…", "", len(paths)))
        run_in_background(
            lambda: parse_paths(fmt, paths, encoding),
            lambda results: self._parsed(generation, results),
            lambda exc: self._parse_failed(generation, exc),
        )

    def _parsed(self, generation: int, results: list[FileResult]) -> None:
        if generation == self._generation:  # a newer choice supersedes this result
            self._show(results)

    def _parse_failed(self, generation: int, exc: BaseException) -> None:
        if generation == self._generation:
            self._show([FileResult(", ".join(self.paths), error=str(exc) or exc.__class__.__name__)])

    def _show(self, results: list[FileResult]) -> None:
        policy = MERGE if self.merge_duplicates.isChecked() else SKIP
        self.plan = build_plan(results, self.store, duplicate_action=policy)
        self.table.show_plan(self.plan)
        self._show_details()
        self.folders.show_plan(self.plan)
        self._show_messages()
        self._update_summary()
        self.preview_ready.emit()

    def _show_messages(self) -> None:
        plan = self.plan
        lines: list[str] = []
        if plan is not None:
            for result in plan.errors:
                lines.append("✗ " + self.tr("Not imported: %1").replace("%1", result.error))
            for warning in plan.warnings:
                lines.append("⚠ " + warning)
            if plan.files:
                lines.append("ℹ " + FORMATS[self.format_key].password_note)
        self.messages.setPlainText("\n\n".join(lines))

    def _show_details(self) -> None:
        """The full notes of the selected session (the table shows the first line only)."""
        rows = {index.row() for index in self.table.selectedIndexes()}
        if len(rows) != 1:
            self.details.setText(self.tr("Select a session to read all its notes."))
            return
        lines = self.table.notes_for_row(min(rows))
        self.details.setText("\n".join("• " + line for line in lines) or self.tr("Nothing to note for this session."))

    def _duplicate_policy(self) -> None:
        if self.plan is None:
            return
        self.plan.set_duplicate_action(SKIP if self.skip_duplicates.isChecked() else MERGE)
        self.table.refresh_actions()
        self._update_summary()

    def _update_summary(self) -> None:
        plan = self.plan
        if plan is None or not plan.files:
            self.summary.setText(self.tr("Choose the format and add the files (or, for Xshell, the sessions folder)."))
            self.import_button.setEnabled(False)
            return
        create, merge, skip = plan.count(CREATE), plan.count(MERGE), plan.count(SKIP)
        parts = [
            self.tr("%n to create", "", create),
            self.tr("%n to merge", "", merge),
            self.tr("%n skipped", "", skip),
        ]
        if plan.skipped_non_ssh:
            parts.append(self.tr("%n non-SSH entries left out", "", plan.skipped_non_ssh))
        if plan.errors:
            parts.append(self.tr("%n file(s) cannot be imported (see Messages)", "", len(plan.errors)))
        self.summary.setText(" · ".join(parts))
        self.import_button.setText(self.tr("Import %n session(s)", "", create + merge))
        self.import_button.setEnabled(create + merge > 0)

    # -- importing -----------------------------------------------------------------------------------------
    def do_import(self) -> None:
        if self.plan is None:
            return
        try:
            # One atomic write of the session file (see plan._write_all); listeners refresh on this thread.
            self.report = apply_plan(self.plan, self.store)
        except ValidationError as exc:
            QtWidgets.QMessageBox.warning(self, self.tr("Nothing was imported"), str(exc))
            return
        self.imported.emit(self.report)
        self.accept()
