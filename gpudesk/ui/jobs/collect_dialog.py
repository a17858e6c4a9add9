""""Collect results" (step 4): pick folders/patterns, download them into one zip named after the job,
with its log, command, code (script files, git commit and diff), environment report and cost; then
offer to release the server. The zip goes where the user says; the folder is remembered."""

from __future__ import annotations

from pathlib import Path

from gpudesk.core import settings
from gpudesk.core.jobs.collect import (
    CollectResult,
    archive_name,
    archive_path,
    collect_results,
    cost_report,
    default_patterns,
    environment_report,
)
from gpudesk.core.jobs.model import JobInfo
from gpudesk.core.live.server import LiveServer
from gpudesk.core.shell import Page
from gpudesk.ui import plaintext
from gpudesk.ui.background import call_in_gui, run_in_background
from gpudesk.ui.fit import grow_to_contents
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.jobs.detail import money
from gpudesk.ui.panels import submit
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets, Signal


def _size(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)


class CollectDialog(QtWidgets.QDialog):
    collected = Signal(object)  # CollectResult

    def __init__(self, job: JobInfo, server: LiveServer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.server = server
        self.result: CollectResult | None = None  # type: ignore[assignment]  # hides QDialog.result(), never called here
        self.setWindowTitle(self.tr("Collect results of %1").replace("%1", job.name or job.id))
        self.setMinimumWidth(560)
        intro = QtWidgets.QLabel(self.tr(
            "Folders and patterns are relative to the job's working folder (%1). Everything goes into one zip named "
            "after the job, with its log, command, code (the script files it names; in a git repository the commit "
            "and the uncommitted changes), an environment report and the cost, so the run can be reproduced later."
        ).replace("%1", job.workdir or "~"))
        intro.setWordWrap(True)
        self.patterns = QtWidgets.QPlainTextEdit("\n".join(default_patterns(job)))
        self.patterns.setFixedHeight(110)
        self.with_env = QtWidgets.QCheckBox(self.tr("Add an environment report (GPUs, Python, pip freeze)"))
        self.with_env.setChecked(True)
        # Where the zip goes: the folder chosen last time (a setting), else one per server in the data folder.
        self.dest = self.default_destination()
        self.chosen = False  # the user picked the place: remember its folder for the next job
        self.dest_edit = QtWidgets.QLineEdit(str(self.dest))
        self.dest_edit.setAccessibleName(self.tr("Save the zip as"))
        self.dest_edit.textEdited.connect(self._typed_destination)
        self.choose_button = QtWidgets.QPushButton(self.tr("Choose…"))
        self.choose_button.setToolTip(self.tr("Choose the folder and name of the zip"))
        self.choose_button.clicked.connect(self.choose_destination)
        self.file_dialog: QtWidgets.QFileDialog | None = None
        dest_row = QtWidgets.QHBoxLayout()
        dest_row.addWidget(QtWidgets.QLabel(self.tr("Save as")))
        dest_row.addWidget(self.dest_edit, 1)
        dest_row.addWidget(self.choose_button)
        self.bar = QtWidgets.QProgressBar()
        self.bar.hide()
        self.status = plaintext.plain(QtWidgets.QLabel())
        self.status.setWordWrap(True)
        # What the patterns did not find: information about the job's folder, not a failure.
        self.skipped = plaintext.plain(QtWidgets.QLabel())
        self.skipped.setWordWrap(True)
        self.skipped.hide()
        self.bill = plaintext.rich(QtWidgets.QLabel())  # its numbers are ours; the rest is a translated text
        self.bill.setWordWrap(True)
        self.bill.hide()
        self.buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        self.collect_button = self.buttons.addButton(self.tr("Collect"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.collect_button.setDefault(True)
        self.collect_button.clicked.connect(self.start)
        self.open_button = self.buttons.addButton(self.tr("Show the zip"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.hide()
        self.open_button.clicked.connect(lambda: QtGui.QDesktopServices.openUrl(QtCore.QUrl.fromLocalFile(str(self.dest.parent))))
        self.release_button = self.buttons.addButton(self.tr("Release the server…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.release_button.setToolTip(self.tr("Stop or terminate the instance through your provider, so billing stops"))
        self.release_button.hide()
        self.release_button.clicked.connect(self.release)
        self.buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.patterns)
        layout.addWidget(self.with_env)
        layout.addLayout(dest_row)
        layout.addWidget(self.bar)
        layout.addWidget(self.status)
        layout.addWidget(self.skipped)
        layout.addWidget(self.bill)
        layout.addWidget(self.buttons)

    def default_destination(self) -> Path:
        folder = settings.get("jobs.results_folder")
        if folder and Path(folder).expanduser().is_dir():
            return archive_path(self.job, folder=Path(folder).expanduser())
        return archive_path(self.job, self.server.session.label)

    def choose_destination(self) -> QtWidgets.QFileDialog:
        """Ask where to save the zip (window-modal, not blocking); the answer goes to set_destination."""
        dialog = QtWidgets.QFileDialog(self, self.tr("Save the results as"), str(self.dest))
        dialog.setAcceptMode(QtWidgets.QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(self.tr("Zip archives (*.zip)"))
        dialog.setDefaultSuffix("zip")
        dialog.selectFile(str(self.dest))
        dialog.fileSelected.connect(self.set_destination)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def set_destination(self, path: str) -> None:
        if path:
            self.dest = self._zip_path(Path(path).expanduser())
            self.chosen = True
            self.dest_edit.setText(str(self.dest))

    def _zip_path(self, dest: Path) -> Path:
        if dest.is_dir():  # a folder: the job's name inside it
            return dest / archive_name(self.job)
        return dest if dest.suffix.lower() == ".zip" else dest.with_name(dest.name + ".zip")

    def _typed_destination(self, text: str) -> None:
        if text.strip():
            self.dest = Path(text.strip()).expanduser()
            self.chosen = True

    def pattern_list(self) -> list[str]:
        return [p.strip() for p in self.patterns.toPlainText().splitlines() if p.strip()]

    def start(self) -> None:
        patterns = self.pattern_list()
        self.dest = self._zip_path(self.dest)
        self.dest_edit.setText(str(self.dest))
        job, dest = self.job, self.dest
        session = self.server.session
        with_env = self.with_env.isChecked()
        if self.chosen:
            folder = str(dest.parent)
            run_in_background(lambda: settings.set("jobs.results_folder", folder))  # a file write: off the GUI thread
        self.collect_button.setEnabled(False)
        self.skipped.hide()
        self.bar.show()
        self.bar.setRange(0, 0)
        self.status.setText(self.tr("Collecting…"))

        def progress(done: int, total: int | None, name: str) -> None:
            call_in_gui(self._progress, (done, total, name))

        def work(conn):  # type: ignore[no-untyped-def]
            from gpudesk.core.jobs.costs import price_of

            report = environment_report(conn, job) if with_env else None
            price, currency = price_of(session.id, session.hourly_price, session.currency, job.id)
            return collect_results(conn, job, patterns, dest, price, currency, report, progress)

        if submit(self.server, work, self._done, self._failed, owner=self) is None:
            return

    def _progress(self, value: tuple[int, int | None, str]) -> None:
        done, total, name = value
        if total:
            self.bar.setRange(0, 1000)
            self.bar.setValue(min(1000, int(done * 1000 / total)))
        self.status.setText(self.tr("Downloading %1 (%2)").replace("%1", name or "…").replace("%2", _size(done)))
        self.server.activity.emit("user")

    def _done(self, result: CollectResult) -> None:
        self.result = result
        self.bar.setRange(0, 1)
        self.bar.setValue(1)
        text = self.tr("Saved %1 result file(s), %2, with the job's log, command and cost, to %3.").replace(
            "%1", str(result.files)).replace("%2", _size(result.bytes)).replace("%3", str(result.path))
        text += "\n" + self._code_text(result)
        self.status.setText(text)
        if not result.matched and result.missing:
            self.skipped.setText(self.tr("None of the folders and patterns is in the job's working folder, so the zip "
                                         "holds the job's record only; add a pattern above and collect again for more."))
        elif result.missing:
            self.skipped.setText(self.tr("Not in this job's folder, skipped: %1").replace("%1", ", ".join(result.missing)))
        self.skipped.setVisible(bool(result.missing))
        self.open_button.setToolTip(plaintext.tooltip(str(result.path.parent)))
        from gpudesk.core.jobs.costs import price_of

        session = self.server.session
        price, currency = price_of(session.id, session.hourly_price, session.currency, self.job.id)
        report = cost_report(self.job, price, currency)
        if report["cost"] is not None:
            self.bill.setText(self.tr("This run: %1 at %2/h = <b>%3</b>. Stop or terminate the server when you are done, "
                                      "or billing runs on.").replace("%1", tr_msg(report["duration"]))
                              .replace("%2", money(price, currency))
                              .replace("%3", money(report["cost"], currency)))
        else:
            self.bill.setText(self.tr("This run took %1. Stop or terminate the server when you are done, or billing runs on.")
                              .replace("%1", tr_msg(report["duration"])))
        self.bill.show()
        self.open_button.show()
        self.release_button.setVisible(True)
        self.collect_button.setEnabled(True)
        self.collect_button.setText(self.tr("Collect again"))
        self._grow()
        self.collected.emit(result)

    def _code_text(self, result) -> str:  # type: ignore[no-untyped-def]
        """What the zip keeps of the job's code: its script files and, in a git repository, commit and diff."""
        parts = []
        if result.code:
            parts.append(self.tr("Code: %1 (job/code)").replace("%1", ", ".join(result.code)))
        if result.git_commit:
            commit = self.tr("git commit %1").replace("%1", result.git_commit[:12])
            if result.git_changes:
                commit = self.tr("%1 and its uncommitted changes (job/git.diff)").replace("%1", commit)
            parts.append(commit)
        if not parts:
            return self.tr("The command names no script file found in the working folder; job/command.sh holds the command.")
        return "; ".join(parts) + "."

    def _failed(self, exc: BaseException) -> None:
        self.bar.hide()
        self.collect_button.setEnabled(True)
        self.status.setText(self.tr("Collecting failed: %1").replace("%1", tr_msg(exc)))
        self._grow()

    def _grow(self) -> None:
        # Word-wrapped texts give a dialog no minimum height: without this, the result text that
        # appears after collecting is squeezed over the progress bar and the patterns.
        QtCore.QTimer.singleShot(0, lambda: grow_to_contents(self))

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._grow()

    def release(self) -> None:
        """Hand over to the provider page (it owns stop/terminate); without one, say how."""
        from gpudesk.core.live.workspace import Workspace

        workspace = Workspace.of(self.server)
        if workspace is not None and workspace.shell is not None:
            workspace.shell.show_page(Page.PROVIDERS)  # the window opens it
            self.accept()
            return
        QtWidgets.QMessageBox.information(
            self, self.tr("Release the server"),
            self.tr("Stop or terminate the instance in your provider's console (or with 'gpudesk instances stop ID'). "
                    "A stopped instance may still bill for its disk."),
        )
