"""Start TensorBoard on the server for a job's log dir (once), bound to the server's loopback.

The UI then opens a local port forward to the port this returns and the browser at it.
TensorBoard runs in the job's own environment (same activation, same working folder).
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING

from gpudesk.core.i18n import msg
from gpudesk.core.jobs import script
from gpudesk.core.jobs.model import JobInfo
from gpudesk.core.jobs.runner import JobError

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

PORTS = range(6006, 6016)

# Runs after the job's cmd.sh preamble (env, cd, activation). Python checks ports because it is
# surely there when TensorBoard is, and ss/netstat often are not.
_START = r"""
logdir=@LOGDIR@
mkdir -p -- "$logdir" 2>/dev/null
logdir=$(cd -- "$logdir" && pwd) || exit 2
existing=$(ps -eo args 2>/dev/null | grep -F tensorboard | grep -F -- "--logdir $logdir " | grep -v grep \
  | sed -n 's/.*--port \([0-9][0-9]*\).*/\1/p' | head -n 1)
if [ -n "$existing" ]; then echo "port=$existing"; exit 0; fi
command -v tensorboard > /dev/null 2>&1 || { echo "tensorboard: command not found. Install it in the job's environment: python -m pip install tensorboard" >&2; exit 127; }
py=$(command -v python3 || command -v python)
busy() { "$py" -c "import socket,sys; s=socket.socket(); s.settimeout(1); sys.exit(0 if s.connect_ex(('127.0.0.1', $1)) == 0 else 1)"; }
for port in @PORTS@; do
  busy "$port" && continue
  setsid nohup tensorboard --logdir "$logdir" --host 127.0.0.1 --port "$port" > @LOGFILE@ 2>&1 < /dev/null &
  i=0
  while [ "$i" -lt 300 ]; do
    busy "$port" && { echo "port=$port"; exit 0; }
    kill -0 $! 2>/dev/null || break
    sleep 0.1; i=$((i+1))
  done
  echo "TensorBoard did not start: $(tail -n 3 @LOGFILE@ 2>/dev/null)" >&2
  exit 4
done
echo "no free port for TensorBoard between @FIRST@ and @LAST@" >&2
exit 4
"""


def start_script(job: JobInfo) -> str:
    logdir = job.log_dir.strip() or "runs"
    spec = job.to_spec(command="")
    preamble = script.build_cmd_script(spec, job.id).rstrip("\n")
    body = (
        _START.replace("@LOGDIR@", shlex.quote(logdir))
        .replace("@PORTS@", " ".join(str(p) for p in PORTS))
        .replace("@LOGFILE@", f"{script.job_dir(job.id)}/tensorboard.log")
        .replace("@FIRST@", str(PORTS[0]))
        .replace("@LAST@", str(PORTS[-1]))
    )
    return preamble + "\n" + body


def ensure_tensorboard(conn: Connection, job: JobInfo) -> int:
    """Start TensorBoard for ``job`` unless one already serves its log dir; returns the server port."""
    shell = "bash --login -s" if conn.exec("command -v bash", timeout=30).exit_code == 0 else "sh -s"
    result = conn.exec(shell, timeout=90, stdin=start_script(job).encode())
    m = re.search(r"^port=(\d+)$", result.out, re.MULTILINE)
    if result.exit_code != 0 or not m:
        lines = (result.err or result.out).strip().splitlines()
        raise JobError(
            lines[-1]
            if lines
            else msg("JobError", "TensorBoard did not start (exit code {code}).", code=result.exit_code)
        )
    return int(m.group(1))
