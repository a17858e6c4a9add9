"""Everything the app learns from one job's log as it grows: metrics, progress, diagnosis.

Qt-free; the Jobs panel feeds it the bytes its follower receives and redraws from its state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from gpudesk.core.jobs.diagnose import Diagnoser, Finding
from gpudesk.core.jobs.lines import LineSplitter
from gpudesk.core.jobs.metrics import MetricPoint, MetricScanner
from gpudesk.core.jobs.progress import Progress, ProgressTracker


@dataclass
class Update:
    """What one chunk of log changed."""

    points: list[MetricPoint] = field(default_factory=list)
    progress: Progress | None = None
    findings: list[Finding] = field(default_factory=list)


class JobWatch:
    def __init__(self, job_id: str, user_regex: str | None = None) -> None:
        self.job_id = job_id
        self.offset = 0  # bytes of log seen
        self.splitter = LineSplitter()
        self.metrics = MetricScanner(user_regex)
        self.progress = ProgressTracker()
        self.diagnoser = Diagnoser()

    def set_user_regex(self, regex: str | None) -> None:
        """A new regex applies from now on; the series found so far stay."""
        series = self.metrics.series
        self.metrics = MetricScanner(regex or None)
        self.metrics.series = series

    def feed(self, data: bytes, now: float | None = None) -> Update:
        self.offset += len(data)
        return self._scan(self.splitter.feed(data), now)

    def finish(self, exit_code: int | None) -> Update:
        update = self._scan(self.splitter.flush(), None)
        extra = self.diagnoser.finish(exit_code)
        if extra is not None:
            update.findings.append(extra)
        return update

    def _scan(self, lines: list[str], now: float | None) -> Update:
        now = time.monotonic() if now is None else now
        update = Update()
        for line in lines:
            update.points.extend(self.metrics.scan_line(line))
            progress = self.progress.scan_line(line, now)
            if progress is not None:
                update.progress = progress
            finding = self.diagnoser.scan_line(line)
            if finding is not None:
                update.findings.append(finding)
        return update
