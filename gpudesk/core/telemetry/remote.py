"""The remote side of sampling: one small POSIX shell script per stream, and its line protocol.

The script runs ONE looping ``nvidia-smi --query-gpu … -lms N`` (never one process per
sample: without persistence mode each start re-initialises the GPU) and, beside it, a slow
loop that lists compute processes and their owners. Every output line carries a tag:

``V`` version text · ``G`` a query line (or nvidia-smi's error text) · ``P`` a compute-app
line · ``U`` ``pid user`` from ps · ``P.`` end of one process listing · ``X rc`` the query
loop ended with exit code rc · ``E missing`` nvidia-smi is not installed.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable

from gpudesk.core.telemetry.model import (
    APP_FIELDS,
    QUERY_FIELDS,
    Frame,
    GpuProcess,
    GpuSample,
    SmiState,
    SmiStatus,
    Versions,
)
from gpudesk.core.telemetry.parse import classify, is_lost_line, parse_app_line, parse_query_line, parse_versions

# What the decoder keeps of lines that are not samples: enough to explain, bounded against a flood.
MAX_KEPT_LINES = 32
MAX_KEPT_CHARS = 4096

_PRELUDE = r"""
export LC_ALL=C
tag() { while IFS= read -r l; do printf '%s %s\n' "$1" "$l"; done; }
command -v nvidia-smi >/dev/null 2>&1 || { echo "E missing"; exit 127; }
# Drivers before 520 have no --version: their table header carries the same numbers.
# Every one-off answer is capped: a broken (or hostile) nvidia-smi may print without end.
v=$( { nvidia-smi --version 2>&1 || nvidia-smi 2>&1 | head -n 6; } | head -c 16384)
printf '%s\n' "$v" | tag V
apps() {
  a=$(nvidia-smi --query-compute-apps=__APPS__ --format=csv,noheader,nounits 2>/dev/null | head -c 262144)
  [ -n "$a" ] && printf '%s\n' "$a" | tag P
  p=$(printf '%s\n' "$a" | cut -d, -f2 | tr -d ' ' | grep -E '^[0-9]+$' | paste -sd, -)
  [ -n "$p" ] && ps -o pid=,user= -p "$p" 2>/dev/null | tag U
  echo "P."
}
"""

_STREAM = r"""
trap 'kill 0 2>/dev/null' EXIT
( while :; do apps; sleep __APPS_S__; done ) &
exec 3>&1
{ nvidia-smi --query-gpu=__FIELDS__ --format=csv,noheader,nounits -lms __MS__ 2>&1; echo "X $?" >&3; } | tag G
"""

_ONCE = r"""
exec 3>&1
{ nvidia-smi --query-gpu=__FIELDS__ --format=csv,noheader,nounits 2>&1; echo "X $?" >&3; } | cut -c 1-4096 | head -c 262144 | tag G
apps
"""


def _fill(body: str, interval_ms: int = 1000, apps_s: int = 5) -> str:
    script = (_PRELUDE + body).replace("__FIELDS__", ",".join(QUERY_FIELDS)).replace("__APPS__", ",".join(APP_FIELDS))
    script = script.replace("__MS__", str(max(100, int(interval_ms)))).replace("__APPS_S__", str(max(1, int(apps_s))))
    return "sh -c " + shlex.quote(script)


def stream_command(interval_ms: int = 1000, apps_s: int = 5) -> str:
    """The command of the long-lived sampler channel."""
    return _fill(_STREAM, interval_ms, apps_s)


def snapshot_command() -> str:
    """The command of a one-shot snapshot (``gpudesk gpus``, the environment check)."""
    return _fill(_ONCE)


class Decoder:
    """Turns tagged lines into frames, process lists, versions and states (no IO, no threads).

    A frame is complete when a GPU index repeats, when it holds as many GPUs as the previous
    frame did, or when the stream ends, so a GPU that falls off shows up one interval later.
    """

    def __init__(
        self,
        on_frame: Callable[[Frame], None],
        on_processes: Callable[[list[GpuProcess]], None] | None = None,
        on_versions: Callable[[Versions], None] | None = None,
        on_status: Callable[[SmiStatus], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.on_frame = on_frame
        self.on_processes = on_processes
        self.on_versions = on_versions
        self.on_status = on_status
        self.clock = clock
        self.versions = Versions()
        self.status: SmiStatus | None = None
        self._frame: list[GpuSample] = []
        self._lost: list[str] = []
        self._seen: set[int] = set()
        self._expected = 0
        self._version_text: list[str] = []
        self._errors: list[str] = []
        self._procs: list[GpuProcess] = []
        self._users: dict[int, str] = {}
        self._rc: int | None = None  # exit code of the last query loop ("X" line)
        # The exit code travels on its own and may arrive before the last error lines: those still
        # belong to the run that ended, and are explained with its exit code as they come.
        self._ended = False

    def feed(self, line: str) -> None:
        tag, _, rest = line.partition(" ")
        if tag == "G":
            self._query_line(rest)
        elif tag == "P":
            proc = parse_app_line(rest)
            if proc is not None:
                self._procs.append(proc)
        elif tag == "U":
            parts = rest.split()
            if len(parts) == 2 and parts[0].isdigit():
                self._users[int(parts[0])] = parts[1]
        elif tag == "P.":
            self._flush_procs()
        elif tag == "V":
            if self._ended:  # a new run starts (the sampler restarts its stream)
                self._ended, self._errors, self._rc = False, [], None
            if len(self._version_text) < MAX_KEPT_LINES:
                self._version_text.append(rest[:MAX_KEPT_CHARS])
        elif tag == "X":
            self._end(rest)
        elif tag == "E":
            self._set_status(classify("", 127))

    def _query_line(self, text: str) -> None:
        if self._version_text:
            self._flush_versions()
        sample = parse_query_line(text)
        if sample is None:
            if not text.strip():
                return
            if is_lost_line(text):
                if len(self._lost) < MAX_KEPT_LINES:
                    self._lost.append(text.strip()[:MAX_KEPT_CHARS])
            elif len(self._errors) < MAX_KEPT_LINES:
                self._errors.append(text[:MAX_KEPT_CHARS])
                if self._ended:
                    self._set_status(classify("\n".join(self._errors), self._rc))
            return
        self._errors.clear()
        self._ended = False
        if sample.index in self._seen:
            self.flush()
        self._frame.append(sample)
        self._seen.add(sample.index)
        if self._expected and len(self._frame) + len(self._lost) >= self._expected:
            self.flush()

    def flush(self) -> None:
        """Hand over the frame being collected (if any)."""
        if not self._frame and not self._lost:
            return
        frame = Frame(self.clock(), self._frame, self._lost)
        self._expected = len(self._frame) + len(self._lost)
        self._frame, self._lost, self._seen = [], [], set()
        if frame.lost:
            self._set_status(classify("\n".join(frame.lost)))
        elif frame.gpus:
            self._set_status(SmiStatus(SmiState.OK))
        self.on_frame(frame)

    def _flush_versions(self) -> None:
        self.versions = parse_versions("\n".join(self._version_text))
        self._version_text.clear()
        if self.on_versions:
            self.on_versions(self.versions)

    def _flush_procs(self) -> None:
        procs, self._procs = self._procs, []
        for proc in procs:
            proc.user = self._users.get(proc.pid)
        self._users = {}
        if self.on_processes:
            self.on_processes(procs)

    def _end(self, rc_text: str) -> None:
        self.flush()
        if self._version_text:
            self._flush_versions()
        try:
            rc: int | None = int(rc_text.strip())
        except ValueError:
            rc = None
        self._rc, self._ended = rc, True
        if rc not in (0, None) or self._errors:
            self._set_status(classify("\n".join(self._errors), rc))

    def finish(self) -> None:
        """The output is complete: hand over the last frame and explain error lines no exit code followed."""
        self.flush()
        if self._errors and not self._ended:
            self._set_status(classify("\n".join(self._errors), self._rc))

    def _set_status(self, status: SmiStatus) -> None:
        if status != self.status:
            self.status = status
            if self.on_status:
                self.on_status(status)
