"""The shell scripts a job runs as: pure text builders, so they are unit-tested without a server.

On the server a job is a folder ``~/.gpudesk/jobs/<id>/`` with:

- ``cmd.sh``: the user's part: environment, working folder, activation, command;
- ``run.sh``: the wrapper: records start/end/exit code in ``meta.json`` and ``exit``, tees output to ``log``;
- ``pid``: the wrapper's process id (it leads its own process group), ``log`` and ``meta.json``.

The wrapper, not the client, writes the end and the exit code, so they are right even when
nobody was connected when the job finished.
"""

from __future__ import annotations

import json
import secrets
import shlex

from gpudesk.core import ctrlchars
from gpudesk.core.i18n import msg
from gpudesk.core.jobs.model import JOBS_ROOT, JobSpec, valid_job_id
from gpudesk.core.terminal.tmuxdir import prefix as tmux_prefix

KEPT_ENV = (
    "HOME",
    "USER",
    "LOGNAME",
    "SHELL",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "PYTHONPATH",
    "LD_LIBRARY_PATH",
    "CUDA_HOME",
    "GPUDESK_LAUNCH_PATH",
)
CONDA_CANDIDATES = (
    "$HOME/miniconda3/bin/conda",
    "$HOME/anaconda3/bin/conda",
    "$HOME/miniforge3/bin/conda",
    "/opt/conda/bin/conda",
    "/usr/local/miniconda3/bin/conda",
    "/root/miniconda3/bin/conda",
)


def job_dir(job_id: str) -> str:
    """The job's folder as a shell word (``$HOME`` expands on the server)."""
    if not valid_job_id(job_id):
        raise ValueError(f"not a job id: {job_id!r}")
    return f'"$HOME/{JOBS_ROOT}/{job_id}"'


#: Jobs live on their own tmux server (socket name), so ``tmux kill-server`` in a terminal, or the
#: user's tmux settings, never end a training run. Attach with ``tmux -L gpudesk attach -t gpudesk-<id>``.
TMUX_SOCKET = "gpudesk"


def tmux_name(job_id: str) -> str:
    return f"gpudesk-{job_id}"


def attach_command(job_id: str) -> str:
    """What a user types in a terminal to watch a tmux job live."""
    return f"tmux -L {TMUX_SOCKET} attach -t {tmux_name(job_id)}"


def shell_path(path: str) -> str:
    """Quote a remote path for sh; ``~`` and relative paths start at the home folder."""
    path = path.strip()
    if path in ("~", ""):
        return '"$HOME"'
    if path.startswith("~/"):
        return '"$HOME"/' + shlex.quote(path[2:])
    if not path.startswith("/"):  # relative to the home folder, as in a fresh terminal (scripts run elsewhere)
        return '"$HOME"/' + shlex.quote(path)
    return shlex.quote(path)


def _activation_lines(spec: JobSpec) -> list[str]:
    act = spec.activation
    value = act.value.strip()
    if act.kind == "venv" and value:
        activate = (
            shell_path(value.rstrip("/") + "/bin/activate") if not value.endswith("activate") else shell_path(value)
        )
        # dash exits at once when "." cannot read its file, so check first to say why.
        return [
            f"[ -f {activate} ] || {{ echo {shlex.quote('gpudesk: could not activate the venv ' + value + ': no bin/activate there')} >&2; exit 2; }}",
            f". {activate}",
        ]
    if act.kind == "conda" and value:
        candidates = " ".join(f'"{c}"' for c in CONDA_CANDIDATES)
        return [
            '__conda="${CONDA_EXE:-$(command -v conda)}"',
            f'[ -x "$__conda" ] || for c in {candidates}; do [ -x "$c" ] && __conda="$c" && break; done',
            '[ -x "$__conda" ] || { echo "gpudesk: conda: command not found (install Miniconda or pick a venv)" >&2; exit 127; }',
            'eval "$("$__conda" shell.posix hook)"',
            f"conda activate {shlex.quote(value)} || exit 2",
        ]
    return []


def build_cmd_script(spec: JobSpec, job_id: str) -> str:
    """``cmd.sh``: what the user asked for, and nothing else."""
    # The name is free text: with a line break in it, the rest would run as a command.
    lines = [
        f"# gpudesk job {job_id}: {ctrlchars.clean(spec.name) or 'unnamed'}",
        '[ -z "$GPUDESK_LAUNCH_PATH" ] || PATH="$PATH:$GPUDESK_LAUNCH_PATH"',
    ]
    for key, value in spec.effective_env().items():
        if not key.isidentifier():
            raise ValueError(msg("JobError", "'{name}' is not a valid environment variable name", name=key))
        lines.append(f"export {key}={shlex.quote(value)}")
    workdir = spec.workdir.strip()
    where = shell_path(workdir)
    lines.append(f"cd -- {where} || exit 2")
    lines.extend(_activation_lines(spec))
    lines.append(spec.command.rstrip())
    return "\n".join(lines) + "\n"


def build_meta_prefix(spec: JobSpec, job_id: str) -> str:
    """``meta.json`` without its closing brace; the wrapper appends runner, start, end and exit code."""
    fields = {
        "id": job_id,
        "name": ctrlchars.clean(spec.name) or job_id,
        "command": spec.command,
        "workdir": spec.workdir,
        "env": spec.env | ({"CUDA_VISIBLE_DEVICES": spec.gpus.strip()} if spec.gpus.strip() else {}),
        "template": spec.template,
        "log_dir": spec.log_dir,
        "results": spec.results,
        "activation": {"kind": spec.activation.kind, "value": spec.activation.value},
    }
    # One line, ASCII only: it sits in a quoted here-document, whose end marker can then never match.
    return json.dumps(fields, ensure_ascii=True)[:-1]


WRAPPER = r"""#!/bin/sh
# gpudesk job wrapper: runs cmd.sh, tees its output to log, records start, end and exit code.
cd "$(dirname "$0")" || exit 1
[ ! -f env.sh ] || . ./env.sh
runner="${1:-nohup}"
prefix=$(cat <<'GPUDESK_META_END'
@PREFIX@
GPUDESK_META_END
)
write_meta() {
  printf '%s, "runner": "%s", "start": %s, "end": %s, "exit_code": %s}\n' "$prefix" "$runner" "$1" "$2" "$3" > meta.json.tmp \
    && mv -f meta.json.tmp meta.json
}
start=$(date +%s)
echo $$ > pid
write_meta "$start" null null
finish() {
  trap - HUP INT TERM
  end=$(date +%s)
  printf '%s %s\n' "$1" "$end" > exit.tmp && mv -f exit.tmp exit
  write_meta "$start" "$end" "$1"
  rm -f code.tmp
  exit "$1"
}
trap 'finish 129' HUP
trap 'finish 130' INT
trap 'finish 143' TERM
# A login shell reads ~/.profile, so PATH additions (CUDA, user bin folders) apply as in a terminal.
{ if command -v bash >/dev/null 2>&1; then bash --login ./cmd.sh; else sh ./cmd.sh; fi; echo $? > code.tmp; } 2>&1 | tee -a log
code=$(cat code.tmp 2>/dev/null)
finish "${code:-1}"
"""


def build_wrapper(spec: JobSpec, job_id: str) -> str:
    return WRAPPER.replace("@PREFIX@", build_meta_prefix(spec, job_id))


def build_launch_script(spec: JobSpec, job_id: str, runner: str = "auto") -> str:
    """The script (fed to ``sh -s``) that writes the job folder and starts the wrapper detached.

    Args:
        runner: "auto" (tmux when present, else ``setsid nohup``), "tmux" or "nohup".
    """
    files = {"run.sh": build_wrapper(spec, job_id), "cmd.sh": build_cmd_script(spec, job_id)}
    marker = "GPUDESK_FILE_END_" + secrets.token_hex(8)
    while any(marker in text for text in files.values()):  # pragma: no cover - 64 random bits
        marker = "GPUDESK_FILE_END_" + secrets.token_hex(8)
    d = job_dir(job_id)
    lines = [
        "set -e",
        "umask 077",
        f"d={d}",
        'mkdir -p "$d"',
        '[ ! -e "$d/pid" ] || { echo "job exists" >&2; exit 3; }',
    ]
    for name, text in files.items():
        lines += [f"cat > \"$d/{name}\" <<'{marker}'", text.rstrip("\n"), marker]
    prefix = build_meta_prefix(spec, job_id)
    lines += [
        # The job gets this login's HOME and locale even when an older tmux server (with its own
        # environment) starts it; this PATH is appended after the login profile's own.
        'GPUDESK_LAUNCH_PATH="$PATH"; export GPUDESK_LAUNCH_PATH',
        "export -p | grep -E '^(export|declare -x) (" + "|".join(KEPT_ENV) + ")=' "
        "| sed 's/^declare -x /export /' > \"$d/env.sh\"",
        'chmod 700 "$d/run.sh" "$d/cmd.sh"',
        ': > "$d/log"',
        f"cat > \"$d/meta.json\" <<'{marker}'",
        prefix + ', "runner": null, "start": null, "end": null, "exit_code": null}',
        marker,
        "set +e",
    ]
    tmux = f'tmux -L {TMUX_SOCKET} new-session -d -s {tmux_name(job_id)} -x 200 -y 50 "exec sh \\"$d/run.sh\\" tmux"'
    lines.append(tmux_prefix())  # another user's tmux-<uid> folder must not push the job to nohup
    nohup = 'setsid nohup sh "$d/run.sh" nohup > /dev/null 2>&1 < /dev/null &'
    if runner == "tmux":
        lines += [tmux + " || exit 4", "echo runner=tmux"]
    elif runner == "nohup":
        lines += [nohup, "echo runner=nohup"]
    else:
        lines += [
            "if command -v tmux > /dev/null 2>&1 && " + tmux + "; then echo runner=tmux; else",
            "  " + nohup,
            "  echo runner=nohup",
            "fi",
        ]
    # Wait (briefly) for the wrapper's pid, so a list right after the start shows the job running.
    lines += [
        "i=0",
        'while [ ! -s "$d/pid" ] && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done',
        '[ -s "$d/pid" ] || { echo "the job did not start" >&2; exit 4; }',
        'echo "pid=$(cat "$d/pid")"',
    ]
    return "\n".join(lines) + "\n"


LIST_SCRIPT = r"""
printf '@@now %s\n' "$(date +%s)"
cd "$HOME/.gpudesk/jobs" 2>/dev/null || exit 0
for d in */; do
  d=${d%/}
  [ -f "$d/meta.json" ] || continue
  printf '\n@@gpudesk-job %s\n' "$d"
  cat "$d/meta.json"
  printf '\n@@exit '
  cat "$d/exit" 2>/dev/null
  printf '\n@@alive '
  alive=0
  pid=$(cat "$d/pid" 2>/dev/null)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    alive=1
    # A pid from before a reboot may belong to someone else: check it runs this job's wrapper.
    if [ -r "/proc/$pid/cmdline" ] && ! tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF "$d/run.sh"; then alive=0; fi
  fi
  echo "$alive"
  printf '@@size '
  wc -c < "$d/log" 2>/dev/null || echo 0
done
"""


def build_stop_script(job_id: str) -> str:
    d = job_dir(job_id)
    return (
        "\n".join(
            [
                f"d={d}",
                'pid=$(cat "$d/pid" 2>/dev/null)',
                '[ -n "$pid" ] || { echo "no such job" >&2; exit 3; }',
                '[ ! -f "$d/exit" ] || exit 0',
                # The wrapper leads its process group (setsid / tmux pane): signal the whole group.
                'kill -TERM "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null',
                "i=0",
                # Up to 10 s for the wrapper's own exit record; not a moment longer once nothing of the job is left
                # (a job whose wrapper was killed outright, "lost", has nobody to write one).
                'while [ ! -f "$d/exit" ] && [ "$i" -lt 100 ]; do',
                '  kill -0 "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null || break',
                "  sleep 0.1; i=$((i+1))",
                "done",
                tmux_prefix() + f"tmux -L {TMUX_SOCKET} kill-session -t {tmux_name(job_id)} 2>/dev/null",
                'if [ ! -f "$d/exit" ]; then kill -KILL "-$pid" 2>/dev/null; printf "137 %s\\n" "$(date +%s)" > "$d/exit"; fi',
                "exit 0",
            ]
        )
        + "\n"
    )


def build_read_command(job_id: str, offset: int = 0, max_bytes: int | None = None) -> str:
    cmd = f"tail -c +{max(0, offset) + 1} {job_dir(job_id)}/log"
    if max_bytes is not None:
        cmd += f" | head -c {int(max_bytes)}"
    return cmd


def build_follow_command(job_id: str, offset: int = 0) -> str:
    """Print the log from ``offset`` and keep printing until the job's wrapper exits."""
    d = job_dir(job_id)
    start = max(0, offset) + 1
    return (
        f'd={d}; pid=$(cat "$d/pid" 2>/dev/null); '
        f'if [ ! -f "$d/exit" ] && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && '
        f'tail -c +{start} --pid="$pid" -F "$d/log" 2>/dev/null; then exit 0; fi; '
        f'exec tail -c +{start} "$d/log"'
    )
