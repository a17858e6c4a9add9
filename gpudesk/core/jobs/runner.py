"""Start, list, read, follow and stop jobs on a server over a core Connection.

All functions block; the UI calls them on the connection's IO thread, the CLI directly.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from gpudesk.core import ctrlchars
from gpudesk.core.i18n import message_of, msg
from gpudesk.core.jobs import script
from gpudesk.core.jobs.model import JobInfo, JobSpec, new_job_id, valid_job_id
from gpudesk.core.ssh.errors import RemoteCommandError

if TYPE_CHECKING:
    import paramiko

    from gpudesk.core.ssh.connection import Connection, ExecResult


class JobError(RemoteCommandError):
    """A job could not be started, found or stopped (exit code 4 on the command line)."""


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ..., stdin: bytes | None = ...) -> ExecResult: ...


def start_job(conn: _Execs, spec: JobSpec, runner: str = "auto") -> JobInfo:
    """Start ``spec`` detached on the server and return its first state.

    Args:
        runner: "auto" uses tmux when the server has it, else ``setsid nohup``; "tmux"/"nohup" force one.
    """
    if not spec.command.strip():
        raise JobError(msg("JobError", "The job has no command."))
    # A job name is a label: control characters (a line break, ESC) are replaced by a space.
    spec = dataclasses.replace(spec, name=ctrlchars.clean(spec.name))
    job_id = spec.job_id or new_job_id()
    if not valid_job_id(job_id):
        raise JobError(msg("JobError", "'{id}' is not a valid job id (letters, digits, '-', '_' and '.').", id=job_id))
    try:
        launch = script.build_launch_script(spec, job_id, runner)
    except ValueError as exc:
        raise JobError(message_of(exc)) from None
    result = conn.exec("sh -s", timeout=60, stdin=launch.encode("utf-8"))
    if result.exit_code != 0:
        detail = (result.err or result.out).strip().splitlines()
        if detail:
            raise JobError(msg("JobError", "The job could not start: {error}.", error=detail[-1]))
        raise JobError(msg("JobError", "The job could not start: exit code {code}.", code=result.exit_code))
    info = get_job(conn, job_id)
    if info is None:  # pragma: no cover - the launch script checked the pid file
        raise JobError(msg("JobError", "The job started but its folder cannot be read back."))
    return info


def parse_listing(text: str) -> list[JobInfo]:
    """Parse the output of :data:`script.LIST_SCRIPT` (newest job first)."""
    jobs: list[JobInfo] = []
    m = re.search(r"^@@now (\d+)$", text, re.MULTILINE)
    skew = float(m.group(1)) - time.time() if m else 0.0
    for block in text.split("\n@@gpudesk-job ")[1:]:
        head, _, rest = block.partition("\n")
        meta_text, _, rest = rest.partition("\n@@exit ")
        exit_text, _, rest = rest.partition("\n@@alive ")
        alive_text, _, rest = rest.partition("\n@@size ")
        try:
            data = json.loads(meta_text)
        except ValueError:
            data = {}  # half-written by a crashed wrapper: still list the job
        if not isinstance(data, dict):
            data = {}
        data["id"] = head.strip()
        if not valid_job_id(data["id"]):
            continue  # not a folder gpudesk made: its name must not reach paths or commands here
        info = JobInfo.from_meta(data)
        parts = exit_text.split()
        if parts and parts[0].lstrip("-").isdigit():  # the exit file wins over meta.json
            info.exit_code = int(parts[0])
            if len(parts) > 1 and parts[1].isdigit():
                info.end = float(parts[1])
        info.alive = alive_text.strip() == "1"
        info.clock_skew = skew
        size = rest.strip().split()
        info.log_size = int(size[0]) if size and size[0].isdigit() else 0
        jobs.append(info)
    jobs.sort(key=lambda j: (j.start or 0, j.id), reverse=True)
    return jobs


def list_jobs(conn: _Execs) -> list[JobInfo]:
    result = conn.exec("sh -s", timeout=60, stdin=script.LIST_SCRIPT.encode())
    if result.exit_code != 0:
        if result.err.strip():
            raise JobError(msg("JobError", "Could not list the jobs: {error}.", error=result.err.strip()))
        raise JobError(msg("JobError", "Could not list the jobs: exit code {code}.", code=result.exit_code))
    return parse_listing(result.out)


def get_job(conn: _Execs, job_id: str) -> JobInfo | None:
    return next((j for j in list_jobs(conn) if j.id == job_id), None)


def _check_id(job_id: str) -> None:
    if not valid_job_id(job_id):
        raise JobError(msg("JobError", "'{id}' is not a job id. See 'gpudesk jobs list'.", id=job_id))


def read_log(conn: _Execs, job_id: str, offset: int = 0, max_bytes: int | None = None) -> bytes:
    """The log from byte ``offset`` (at most ``max_bytes``)."""
    _check_id(job_id)
    result = conn.exec(script.build_read_command(job_id, offset, max_bytes), timeout=120)
    if result.exit_code != 0 and not result.stdout:
        raise JobError(msg("JobError", "No log for job {id}: is the id right? See 'gpudesk jobs list'.", id=job_id))
    return bytes(result.stdout)


def stop_job(conn: _Execs, job_id: str) -> None:
    """Send SIGTERM to the job's process group; SIGKILL after 10 s. The exit code says 143 (or 137)."""
    _check_id(job_id)
    result = conn.exec("sh -s", timeout=60, stdin=script.build_stop_script(job_id).encode())
    if result.exit_code != 0:
        reason = result.err.strip() or msg("JobError", "no such job")
        raise JobError(msg("JobError", "Could not stop job {id}: {error}.", id=job_id, error=reason))


def remove_job(conn: _Execs, job_id: str) -> None:
    """Delete a finished job's folder on the server."""
    _check_id(job_id)
    d = script.job_dir(job_id)
    result = conn.exec(
        f'd={d}; [ -f "$d/exit" ] || [ ! -f "$d/pid" ] || {{ echo "still running" >&2; exit 3; }}; rm -rf -- "$d"'
    )
    if result.exit_code != 0:
        raise JobError(msg("JobError", "Could not remove job {id}: {error}.", id=job_id, error=result.err.strip()))


class LogFollower:
    """Streams a job's log from ``offset`` until the job ends (``tail --pid -F`` on one channel).

    ``open()`` opens the channel (call it on the connection's IO thread); a reader thread
    then calls ``on_data(bytes)`` for each chunk and ``on_end(error_or_None)`` once.
    """

    def __init__(
        self,
        conn: Connection,
        job_id: str,
        offset: int,
        on_data: Callable[[bytes], None],
        on_end: Callable[[str | None], None] | None = None,
    ) -> None:
        _check_id(job_id)
        self.conn = conn
        self.job_id = job_id
        self.offset = offset
        self.on_data = on_data
        self.on_end = on_end
        self._chan: paramiko.Channel | None = None
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def open(self) -> LogFollower:
        chan = self.conn.open_channel()
        chan.exec_command(script.build_follow_command(self.job_id, self.offset))
        self._chan = chan
        self._thread = threading.Thread(target=self._read, name=f"job-log {self.job_id}", daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        chan = self._chan
        assert chan is not None  # open() set it before it started this thread
        error: str | None = None
        try:
            while not self._stopped.is_set():
                data = chan.recv(65536)
                if not data:
                    break
                self.offset += len(data)
                self.on_data(data)
        except (OSError, EOFError) as exc:
            error = str(exc) or type(exc).__name__
        finally:
            with contextlib.suppress(Exception):  # closing must never raise
                chan.close()
        if self.on_end is not None and not self._stopped.is_set():
            self.on_end(error)

    def stop(self) -> None:
        self._stopped.set()
        chan = self._chan
        if chan is not None:
            with contextlib.suppress(Exception):
                chan.close()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
