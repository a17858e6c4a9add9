"""The server guard as POSIX ``sh`` text, and the small scripts that install, read and remove it.

The guard runs on the rented server itself (in its own tmux session on gpudesk's private tmux
socket, or under ``setsid nohup``), so it keeps watching when the app and the laptop are gone.
It needs no Python, no root and no systemd: rented GPUs are mostly containers. Its folder
(``~/.gpudesk/guard`` by default) holds:

- ``guard.sh``, ``config`` (sh assignments written by gpudesk), ``policy.json``;
- ``key`` (mode 600, only when gpudesk was given a per-instance key), ``started_at``;
- ``heartbeat`` (the server time of the app's last heartbeat) and ``pause`` (keep until);
- ``state`` (its own memory), ``status.json`` (what it saw last), ``last_action.json``,
  ``actions.jsonl`` (every action, for the app's billing audit log) and ``guard.log`` (bounded).

The guard itself is the real file ``gpudesk/resources/guard/guard.sh``; the rest are pure text
builders. Unit-tested (shellcheck, dash and bash) without a server.
"""

from __future__ import annotations

import hashlib
import secrets
import shlex
from importlib import resources

from gpudesk.core.guard.alerts import ServerChannel
from gpudesk.core.guard.limits import ServerLimits
from gpudesk.core.terminal import tmuxdir

#: Bumped whenever guard.sh changes: the app re-installs a guard whose version differs.
VERSION = "4"
DEFAULT_ROOT = ".gpudesk/guard"
TMUX_SOCKET = "gpudesk"  # the jobs' private tmux server: a user's ``tmux kill-server`` spares it


def guard_script() -> str:
    """The guard as installed on the server: ``gpudesk/resources/guard/guard.sh`` (package data, so
    shellcheck and editors see a real file) with its version filled in."""
    text = (resources.files("gpudesk") / "resources" / "guard" / "guard.sh").read_text("utf-8")
    # A checkout with Windows line ends must still install a script sh can read.
    return text.replace("\r\n", "\n").replace("@VERSION@", VERSION)


def guard_dir(root: str = DEFAULT_ROOT) -> str:
    """The guard's folder as a shell word (``$HOME`` expands on the server)."""
    root = root.strip().rstrip("/") or DEFAULT_ROOT
    if root.startswith("/"):
        return shlex.quote(root)
    return '"$HOME"/' + shlex.quote(root.removeprefix("~/"))


def session_name(root: str = DEFAULT_ROOT) -> str:
    """The guard's tmux session: one per guard folder (tests use their own folders)."""
    if root == DEFAULT_ROOT:
        return "gpudesk-guard"
    return "gpudesk-guard-" + hashlib.sha1(root.encode()).hexdigest()[:10]


def _marker(*texts: str) -> str:
    marker = "GPUDESK_GUARD_END_" + secrets.token_hex(8)
    while any(marker in t for t in texts):  # pragma: no cover - 64 random bits
        marker = "GPUDESK_GUARD_END_" + secrets.token_hex(8)
    return marker


#: Is $pid the guard of folder $d? (Shared by the install, status and remove scripts.)
_IS_GUARD = (
    'is_guard() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null || return 1; '
    '[ -r "/proc/$1/cmdline" ] || return 0; tr \'\\0\' \' \' < "/proc/$1/cmdline" | grep -qF "$d/guard.sh"; }'
)


def _stop_lines(root: str) -> list[str]:
    return [
        # Where another user took the shared tmux socket folder, the guard's tmux lives in a private one.
        tmuxdir.prefix().strip(),
        'pid=$(cat "$d/pid" 2>/dev/null)',
        'if is_guard "$pid"; then',
        '  kill -TERM "$pid" 2>/dev/null',
        '  i=0; while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i+1)); done',
        '  kill -KILL "$pid" 2>/dev/null',
        "fi",
        f"tmux -L {TMUX_SOCKET} kill-session -t {session_name(root)} 2>/dev/null",
        'rm -f "$d/pid"',
    ]


def build_install_script(
    config_text: str,
    policy_json: str,
    *,
    root: str = DEFAULT_ROOT,
    key: str | None = None,
    started_at: int | None = None,
    path: str | None = None,
    runner: str = "auto",
    limits: ServerLimits | None = None,
    channels: list[ServerChannel] | None = None,
) -> str:
    """The script (fed to ``sh -s``) that writes the guard's folder and (re)starts it.

    ``limits`` None keeps the limits (and the deadline) already on the server; ``channels`` None
    keeps its alert channels, ``[]`` removes them. It prints ``old_version=…``, ``runner=…``,
    ``warn=…`` and ``pid=…`` lines; exit 5 means the folder cannot be written (a read-only home),
    4 that the guard did not start.
    """
    script = guard_script()
    files = {"guard.sh.new": script, "config.new": config_text, "policy.json": policy_json}
    if key:
        files["key"] = key
    if limits is not None:
        files["limits"] = limits.limits_text()
    for channel in channels or []:
        files[f"alerts/{channel.name}.ch"] = channel.spec
        files[f"alerts/{channel.name}.body"] = channel.body
    marker = _marker(*files.values())
    lines = ["set -u", "umask 077", f"d={guard_dir(root)}", _IS_GUARD]
    if path is not None:
        lines.append(f"PATH={shlex.quote(path)}; export PATH")
    else:
        # Where GPU images keep nvidia-smi and shutdown when a non-login shell's PATH lacks them.
        lines.append('PATH="$PATH:/usr/local/nvidia/bin:/usr/sbin:/sbin"; export PATH')
    lines += [
        'err=$(mkdir -p "$d" 2>&1) || { echo "cannot create $d: $err" >&2; exit 5; }',
        'err=$( (: > "$d/.write-test") 2>&1) || { echo "cannot write in $d: $err" >&2; exit 5; }',
        'rm -f "$d/.write-test"',
        'old=$(sed -n "s/^GUARD_VERSION=\'\\(.*\\)\'$/\\1/p" "$d/guard.sh" 2>/dev/null | head -n 1)',
        'echo "old_version=$old"',
        *_stop_lines(root),
        # A fresh start: a new policy begins a new idle episode (the old one's memory is dropped).
        'rm -f "$d/state" "$d/status.json" "$d/key" "$d/warnings"',
        # Said, never silent: the shared tmux folder was not ours, so the guard's tmux uses a private one.
        f'[ "${{TMUX_TMPDIR:-}}" != "$HOME/{tmuxdir.PRIVATE}" ] || {{ echo warn=tmux-private; '
        'echo tmux-private >> "$d/warnings"; }',
    ]
    if limits is not None:
        lines.append('rm -f "$d/limits" "$d/deadline"')
        if limits.deadline_in_s is not None:
            lines.append(f'echo $(( $(date +%s) + {int(limits.deadline_in_s)} )) > "$d/deadline"')
        lines.append(limits.day_line_script())
    if channels is not None:
        # The outbox keeps what waits to be sent; a removed channel's queue is dropped by the sender.
        lines.append('rm -rf "$d/alerts"')
        if channels:
            lines.append('mkdir -p "$d/alerts" "$d/outbox" && chmod 700 "$d/alerts" "$d/outbox" || exit 5')
    for name, text in files.items():
        lines += [f"cat > \"$d/{name}\" <<'{marker}' || exit 5", text.rstrip("\n"), marker]
    if channels is not None:
        lines.append(f'mkdir -p "$d/alerts" && echo {channels_digest(channels)} > "$d/alerts/digest"')
    if channels:
        lines.append('chmod 600 "$d"/alerts/*')
    if started_at is not None:
        lines.append(f'echo {int(started_at)} > "$d/started_at"')
    lines += [
        'sa=$(cat "$d/started_at" 2>/dev/null)',
        'case $sa in ""|*[!0-9]*) sa=$(date +%s); echo "$sa" > "$d/started_at" ;; esac',
        'printf "STARTED_AT=%s\\n" "$sa" >> "$d/config.new"',
        # The guard keeps this login's PATH (where nvidia-smi, tmux and curl were found).
        'case $PATH in *"\'"*) ;; *) printf "GUARD_PATH=\'%s\'\\n" "$PATH" >> "$d/config.new" ;; esac',
        'chmod 600 "$d/config.new" "$d/policy.json"',
        '[ ! -f "$d/limits" ] || chmod 600 "$d/limits"',
        '[ ! -f "$d/key" ] || chmod 600 "$d/key"',
        'mv -f "$d/config.new" "$d/config" && mv -f "$d/guard.sh.new" "$d/guard.sh" || exit 5',
        'chmod 700 "$d/guard.sh"',
    ]
    tmux = f'tmux -L {TMUX_SOCKET} new-session -d -s {session_name(root)} -x 120 -y 20 "exec sh \\"$d/guard.sh\\""'
    nohup = (
        'if command -v setsid > /dev/null 2>&1; then setsid nohup sh "$d/guard.sh" > /dev/null 2>&1 < /dev/null & '
        'else nohup sh "$d/guard.sh" > /dev/null 2>&1 < /dev/null & fi'
    )
    if runner == "nohup":
        lines += [nohup, "runner='nohup'"]
    else:
        lines += [
            "if command -v tmux > /dev/null 2>&1 && " + tmux + "; then runner=tmux; else",
            '  command -v tmux > /dev/null 2>&1 || { echo warn=tmux-missing; echo tmux-missing >> "$d/warnings"; }',
            "  " + nohup,
            "  runner='nohup'",
            "fi",
        ]
    lines += [
        'echo "$runner" > "$d/runner"',
        'echo "runner=$runner"',
        "i=0",
        'while [ ! -s "$d/pid" ] && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done',
        '[ -s "$d/pid" ] || { echo "the guard did not start: $(tail -n 2 "$d/guard.log" 2>/dev/null)" >&2; exit 4; }',
        'echo "pid=$(cat "$d/pid")"',
    ]
    return "\n".join(lines) + "\n"


def channels_digest(channels: list[ServerChannel]) -> str:
    """Which alert channels, exactly, a guard has: the app re-installs only when they change."""
    h = hashlib.sha256()
    for channel in sorted(channels, key=lambda c: c.name):
        h.update(f"{channel.name}\0{channel.spec}\0{channel.body}\0".encode())
    return h.hexdigest()[:32]


def build_status_script(root: str = DEFAULT_ROOT) -> str:
    """Prints ``@@name value`` lines and the JSON files, for :func:`gpudesk.core.guard.remote.status`."""
    return (
        "\n".join(
            [
                f"d={guard_dir(root)}",
                _IS_GUARD,
                'echo "@@now $(date +%s)"',
                '[ -f "$d/guard.sh" ] || { echo "@@installed 0"; exit 0; }',
                'echo "@@installed 1"',
                'echo "@@version $(sed -n "s/^GUARD_VERSION=\'\\(.*\\)\'$/\\1/p" "$d/guard.sh" | head -n 1)"',
                'pid=$(cat "$d/pid" 2>/dev/null)',
                'if is_guard "$pid"; then echo "@@running 1"; else echo "@@running 0"; fi',
                'echo "@@runner $(cat "$d/runner" 2>/dev/null)"',
                'echo "@@heartbeat $(cat "$d/heartbeat" 2>/dev/null)"',
                "echo \"@@warnings $(tr '\\n' ' ' < \"$d/warnings\" 2>/dev/null)\"",
                'echo "@@deadline $(cat "$d/deadline" 2>/dev/null)"',
                'echo "@@alerts_config $(head -c 64 "$d/alerts/digest" 2>/dev/null)"',
                'printf "@@alert_channels"; for f in "$d"/alerts/*.ch; do [ -f "$f" ] || continue; n=${f##*/}; '
                'printf " %s" "${n%.ch}"; done; echo',
                'printf "@@alerts\\n"; tail -n 20 "$d/alerts.jsonl" 2>/dev/null | head -c 65536',
                'printf "\\n@@policy\\n"; cat "$d/policy.json" 2>/dev/null',
                'printf "\\n@@status\\n"; cat "$d/status.json" 2>/dev/null',
                'printf "\\n@@end\\n"',
            ]
        )
        + "\n"
    )


def build_remove_script(root: str = DEFAULT_ROOT) -> str:
    return "\n".join([f"d={guard_dir(root)}", _IS_GUARD, *_stop_lines(root), 'rm -rf -- "$d"', "exit 0"]) + "\n"


def build_heartbeat_command(root: str = DEFAULT_ROOT) -> str:
    """The app's heartbeat: the server's own clock, so a skewed laptop clock does not matter."""
    d = guard_dir(root)
    return f'd={d}; mkdir -p "$d" && date +%s > "$d/heartbeat.tmp" && mv -f "$d/heartbeat.tmp" "$d/heartbeat"'


def build_pause_command(seconds: int | None, root: str = DEFAULT_ROOT) -> str:
    """Keep the server (no guard action) for ``seconds`` from now on the server's clock; None resumes."""
    d = guard_dir(root)
    if seconds is None:
        return f"rm -f {d}/pause"
    return (
        f'd={d}; [ -d "$d" ] || {{ echo "the guard is not installed" >&2; exit 3; }}; '
        f'echo $(( $(date +%s) + {int(seconds)} )) > "$d/pause.tmp" && mv -f "$d/pause.tmp" "$d/pause" && cat "$d/pause"'
    )


def build_extend_command(seconds: int, root: str = DEFAULT_ROOT) -> str:
    """Move the deadline ``seconds`` later (from now, when it has passed); prints the new one (server epoch)."""
    d = guard_dir(root)
    return (
        f'd={d}; t=$(cat "$d/deadline" 2>/dev/null); case $t in ""|*[!0-9]*) echo "no deadline is set" >&2; exit 3 ;; esac; '
        f'n=$(date +%s); [ "$t" -gt "$n" ] || t=$n; echo $((t + {int(seconds)})) > "$d/deadline.tmp" && '
        f'mv -f "$d/deadline.tmp" "$d/deadline" && cat "$d/deadline"'
    )


def build_actions_command(root: str = DEFAULT_ROOT) -> str:
    # Bounded: the file is outside input (the last MiB holds far more than the guard keeps).
    return f"tail -c 1048576 {guard_dir(root)}/actions.jsonl 2>/dev/null; exit 0"
