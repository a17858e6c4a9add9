"""One job in detail: status line, progress/ETA, loss chart, diagnosis with remedies, live log."""

from __future__ import annotations

import html
import time

from gpudesk.core.jobs.diagnose import Finding
from gpudesk.core.jobs.model import FAILED, LOST, RUNNING, STOPPED, SUCCEEDED, JobInfo, format_duration
from gpudesk.core.jobs.progress import Progress, format_eta
from gpudesk.core.jobs.script import attach_command
from gpudesk.ui import plaintext
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.jobs.chart import LossChart
from gpudesk.ui.jobs.log_view import LogView
from gpudesk.ui.qt import QCoreApplication, Qt, QtCore, QtWidgets

STATUS_COLOURS = {RUNNING: "#1565c0", SUCCEEDED: "#2e7d32", FAILED: "#c62828", STOPPED: "#6d4c41", LOST: "#757575"}


def status_text(status: str) -> str:
    names = {
        RUNNING: QCoreApplication.translate("Jobs", "running"),
        SUCCEEDED: QCoreApplication.translate("Jobs", "succeeded"),
        FAILED: QCoreApplication.translate("Jobs", "failed"),
        STOPPED: QCoreApplication.translate("Jobs", "stopped"),
        LOST: QCoreApplication.translate("Jobs", "lost (not running, no exit code)"),
    }
    return names.get(status, status)


def money(amount: float | None, currency: str) -> str:
    if amount is None:
        return ""
    symbol = {"USD": "$", "CNY": "¥", "EUR": "€", "GBP": "£"}.get(currency.upper(), "")
    return f"{symbol}{amount:,.2f}" if symbol else f"{amount:,.2f} {currency}".strip()


def run_time(job: JobInfo) -> float | None:
    """How long the job ran, on the server's clock (as its log's times are): to its recorded end, or to now
    while it runs; None for a lost job, whose end was never recorded (counting on would invent hours)."""
    if job.status == LOST:
        return None
    return job.duration_s()


def findings_html(findings: list[Finding]) -> str:
    """The diagnosis as rich text: what happened, the evidence, what to try."""
    parts = []
    tr = QCoreApplication.translate
    log_line = QCoreApplication.translate("Diagnosis", "Log line")  # literal calls outside f-strings: lupdate sees them
    what_to_try = QCoreApplication.translate("Diagnosis", "What to try:")
    for i, f in enumerate(findings):
        title = html.escape(tr("Diagnosis", f.rule.title))
        parts.append(f"<p style='margin:0'><b style='color:#c62828'>{'⚠ ' if i == 0 else ''}{title}</b></p>")
        parts.append(f"<p style='margin:2px 0'>{html.escape(tr('Diagnosis', f.rule.explanation))}</p>")
        evidence = html.escape(f.line if len(f.line) < 160 else f.line[:157] + "…")
        parts.append(f"<p style='margin:2px 0; font-family:monospace; color:#555'>{log_line} "
                     f"{f.line_no}: {evidence}</p>")
        if i == 0:  # remedies for the first failure; later ones are usually its echoes
            items = "".join(f"<li>{html.escape(tr('Diagnosis', r))}</li>" for r in f.rule.remedies)
            parts.append(f"<p style='margin:4px 0 0 0'><b>{what_to_try}</b></p><ul style='margin-top:0'>{items}</ul>")
    return "".join(parts)


class JobDetail(QtWidgets.QWidget):
    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.job: JobInfo | None = None
        self.title = plaintext.plain(QtWidgets.QLabel())  # the job's name, as the server has it
        self.title.setStyleSheet("font-weight: bold; font-size: 12pt;")
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status = plaintext.rich(QtWidgets.QLabel())  # built with html.escape
        self.facts = plaintext.plain(QtWidgets.QLabel())  # working folder and command
        self.facts.setWordWrap(True)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.facts.setStyleSheet("color: palette(mid);")
        self.progress = QtWidgets.QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(True)
        self.eta = plaintext.plain(QtWidgets.QLabel())
        head = QtWidgets.QGridLayout()
        head.addWidget(self.title, 0, 0)
        head.addWidget(self.status, 0, 1, Qt.AlignmentFlag.AlignRight)
        head.addWidget(self.facts, 1, 0, 1, 2)
        prog = QtWidgets.QHBoxLayout()
        prog.addWidget(self.progress, 1)
        prog.addWidget(self.eta)
        head.addLayout(prog, 2, 0, 1, 2)

        self.chart = LossChart()
        self.diagnosis = QtWidgets.QTextBrowser()
        self.diagnosis.setOpenExternalLinks(True)
        self.diagnosis.setStyleSheet("QTextBrowser { background: #fff8f6; color: #222; border: 1px solid #f0c4bd; }")
        self.diagnosis.hide()
        self.log = LogView()

        upper = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        upper.addWidget(self.chart)
        upper.addWidget(self.diagnosis)
        upper.setSizes([600, 420])
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(upper)
        self.splitter.addWidget(self.log)
        self.splitter.setSizes([260, 380])
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(head)
        layout.addWidget(self.splitter, 1)
        self.hourly_price: float | None = None
        self.currency = ""
        # A running job's run time and cost follow the clock between list refreshes (which may be
        # minutes apart), so they keep up with the log instead of standing still at the last refresh.
        self.clock = QtCore.QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self._tick)
        self.show_job(None)

    def show_job(self, job: JobInfo | None, hourly_price: float | None = None, currency: str = "") -> None:
        self.job = job
        self.hourly_price, self.currency = hourly_price, currency
        if job is not None and job.status == RUNNING:
            self.clock.start()
        else:
            self.clock.stop()
        if job is None:
            self.title.setText(self.tr("No job selected"))
            self.status.setText("")
            self.facts.setText(self.tr("Run a job, or pick one on the left. Jobs keep running on the server when you disconnect."))
            self.progress.hide()
            self.eta.hide()
            return
        self.title.setText(job.name or job.id)
        colour = STATUS_COLOURS.get(job.status, "#000")
        code = "" if job.exit_code is None else self.tr(" · exit code %1").replace("%1", str(job.exit_code))
        self.status.setText(f"<b style='color:{colour}'>{html.escape(status_text(job.status))}</b>{html.escape(code)}")
        started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(job.start)) if job.start else "–"
        ran = run_time(job)
        facts = [
            self.tr("started %1").replace("%1", started),
            self.tr("ran %1").replace("%1", tr_msg(format_duration(ran))),
        ]
        cost = None if ran is None or hourly_price is None else hourly_price * ran / 3600.0
        if cost is not None:
            facts.append(self.tr("cost %1").replace("%1", money(cost, currency)))
        facts.append(self.tr("in %1").replace("%1", job.workdir or "~"))
        facts.append(attach_command(job.id) if job.runner == "tmux" else "nohup · " + job.id)
        self.facts.setText(" · ".join(facts) + "\n$ " + job.command)

    def _tick(self) -> None:
        if self.job is not None and self.job.status == RUNNING:
            self.show_job(self.job, self.hourly_price, self.currency)

    def show_progress(self, progress: Progress | None, running: bool) -> None:
        if progress is None:
            self.progress.hide()
            self.eta.hide()
            return
        self.progress.show()
        self.eta.show()
        self.progress.setValue(int(progress.fraction * 1000))
        self.progress.setFormat(f"{progress.done}/{progress.total}  ({progress.fraction * 100:.0f} %)")
        if running and progress.done < progress.total:
            self.eta.setText(self.tr("ETA %1").replace("%1", format_eta(progress.eta_s)))
        else:
            self.eta.setText("")

    def show_findings(self, findings: list[Finding]) -> None:
        self.diagnosis.setVisible(bool(findings))
        if findings:
            self.diagnosis.setHtml(findings_html(findings))
        self.sync_visibility()

    def sync_visibility(self) -> None:
        """A failed job with no metrics gives the diagnosis the room the empty chart would take."""
        scanner = self.chart.scanner
        has_series = bool(scanner is not None and scanner.series)
        self.chart.setVisible(has_series or self.diagnosis.isHidden())
