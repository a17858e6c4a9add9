"""Remote jobs: a tmux runner that survives disconnects, log scanners, diagnosis and the results archive.

Everything here is Qt-free and driven by a core :class:`~gpudesk.core.ssh.connection.Connection`,
so the CLI (``gpudesk jobs …``), the Jobs panel and the tests share one implementation.
"""

from gpudesk.core.jobs.model import JobInfo, JobSpec
from gpudesk.core.jobs.runner import JobError, list_jobs, read_log, start_job, stop_job

__all__ = ["JobError", "JobInfo", "JobSpec", "list_jobs", "read_log", "start_job", "stop_job"]
