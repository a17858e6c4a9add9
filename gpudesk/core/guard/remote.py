"""Install, read, pause and remove the server guard over a core Connection.

All functions block; the UI calls them on the connection's IO thread, the CLI directly.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from gpudesk.core.datafile import JSONObject
from gpudesk.core.guard import records, script
from gpudesk.core.guard.alerts import ServerChannel
from gpudesk.core.guard.limits import ServerLimits
from gpudesk.core.guard.policy import ProviderAction, ServerPolicy, config_text, policy_json
from gpudesk.core.i18n import msg
from gpudesk.core.ssh.errors import RemoteCommandError

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import ExecResult


class GuardError(RemoteCommandError):
    """The guard could not be installed, read or removed (exit code 4 on the command line)."""


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ..., stdin: bytes | None = ...) -> ExecResult: ...


@dataclass
class InstallResult:
    version: str
    old_version: str | None  # the version replaced (an upgrade), None on a first install
    runner: str  # "tmux" or "nohup"
    pid: int | None
    warnings: list[str] = field(default_factory=list)  # for the user: tmux missing, …

    def to_json(self) -> JSONObject:
        return {
            "version": self.version,
            "old_version": self.old_version,
            "runner": self.runner,
            "pid": self.pid,
            "warnings": self.warnings,
        }


def _warning_text(code: str) -> str:
    if code == "tmux-private":
        return msg(
            "ServerGuard",
            "The shared tmux folder on the server belongs to another user: the guard's tmux runs in a private "
            "folder in ~/.gpudesk/tmux instead.",
        )
    if code == "tmux-missing":
        return msg(
            "ServerGuard",
            "tmux is not installed on the server: the guard runs under nohup "
            "(it survives logouts, not a restart of the server).",
        )
    return code


def install(
    conn: _Execs,
    policy: ServerPolicy,
    action: ProviderAction,
    *,
    root: str = script.DEFAULT_ROOT,
    nvidia_smi: str = "nvidia-smi",
    jobs_dir: str = ".gpudesk/jobs",
    path: str | None = None,
    runner: str = "auto",
    limits: ServerLimits | None = None,
    channels: list[ServerChannel] | None = None,
) -> InstallResult:
    """Write the guard and its policy to the server and (re)start it; an older guard is replaced.

    Raises GuardError when the server cannot hold it (a read-only home) or it does not start.
    """
    text = script.build_install_script(
        config_text(policy, action, nvidia_smi=nvidia_smi, jobs_dir=jobs_dir),
        policy_json(policy, action),
        root=root,
        key=action.key,
        started_at=policy.started_at,
        path=path,
        runner=runner,
        limits=limits,
        channels=channels,
    )
    result = conn.exec("sh -s", timeout=90, stdin=text.encode("utf-8"))
    values: dict[str, str] = {}
    warnings: list[str] = []
    for line in result.out.splitlines():
        name, sep, value = line.partition("=")
        if not sep:
            continue
        if name == "warn":
            warnings.append(_warning_text(value.strip()))
        else:
            values[name] = value.strip()
    if result.exit_code != 0:
        detail = (result.err.strip().splitlines() or [f"exit code {result.exit_code}"])[-1]
        if result.exit_code == 5:
            raise GuardError(
                msg(
                    "ServerGuard",
                    "The guard cannot be installed: the server does not let gpudesk "
                    "write its folder ({error}). Is the home folder read-only?",
                    error=detail,
                )
            )
        raise GuardError(msg("ServerGuard", "The guard could not start on the server: {error}.", error=detail))
    pid = values.get("pid", "")
    return InstallResult(
        version=script.VERSION,
        old_version=values.get("old_version") or None,
        runner=values.get("runner", ""),
        pid=int(pid) if pid.isdigit() else None,
        warnings=warnings,
    )


def _sections(text: str) -> tuple[dict[str, str], dict[str, str]]:
    lines: dict[str, str] = {}
    blocks: dict[str, str] = {}
    head, _, rest = text.partition("\n@@policy\n")
    head, _, blocks["alerts"] = head.partition("@@alerts\n")
    for line in head.splitlines():
        m = re.match(r"^@@(\w+) ?(.*)$", line)
        if m:
            lines[m.group(1)] = m.group(2).strip()
    policy_text, _, rest = rest.partition("\n@@status\n")
    status_text, _, _ = rest.partition("\n@@end")
    blocks["policy"], blocks["status"] = policy_text, status_text
    return lines, blocks


def _json(text: str) -> JSONObject | None:
    try:
        data = json.loads(text) if text.strip() else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def status(conn: _Execs, root: str = script.DEFAULT_ROOT) -> JSONObject:
    """What the guard on this server is, sees and did.

    At least ``installed``, ``running``, ``policy``, ``last_heartbeat_s`` (seconds since the app's
    last heartbeat, server clock; None if never), ``last_action`` (None if none), ``pending`` (the
    action whose confirmation the guard still waits for, or None) and ``problems``
    (things the user must know: no nvidia-smi, no tmux, the guard not running, …).
    """
    result = conn.exec("sh -s", timeout=60, stdin=script.build_status_script(root).encode())
    if result.exit_code != 0:
        raise GuardError(
            msg(
                "ServerGuard",
                "Could not read the guard's state: {error}.",
                error=result.err.strip() or f"exit code {result.exit_code}",
            )
        )
    lines, blocks = _sections(result.out)
    now = int(lines["now"]) if lines.get("now", "").isdigit() else int(time.time())
    installed = lines.get("installed") == "1"
    out: JSONObject = {
        "installed": installed,
        "running": installed and lines.get("running") == "1",
        "version": lines.get("version") or None,
        "current_version": script.VERSION,
        "runner": lines.get("runner") or None,
        "policy": _json(blocks.get("policy", "")) or {},
        "last_heartbeat_s": None,
        "last_check_s": None,
        "checked_at": None,  # the server's clock at the guard's last check
        "decision": None,
        "held_by": [],
        "idle_s": None,
        "gpu_util": None,
        "paused_until": None,
        "spend": None,
        "last_action": None,
        "pending": None,  # a stop or terminate the provider accepted and the guard still waits to see
        "deadline": None,  # when the guard ends this server's bill whoever is there (this computer's clock)
        "deadline_in_s": None,
        "deadline_action": None,
        "day_cap": None,  # {"cap", "spent", "left_s", "action"}: the daily cap across the user's instances
        "alerts": [],  # the last 20 alerts the guard sent from the server: {"event", "channel", "sent_at", "ok", …}
        "alert_channels": [],
        "alerts_config": None,
        "problems": [],
    }
    if not installed:
        return out
    out["up_to_date"] = out["version"] == script.VERSION
    hb = lines.get("heartbeat", "")
    if hb.isdigit():
        out["last_heartbeat_s"] = max(0, now - int(hb))
    state = _json(blocks.get("status", "")) or {}
    # The guard's files are outside input (anyone with the server account can write them): each field checked.
    out.update(records.status_fields(state))
    checked = records.number(state.get("t"), records.EPOCH_MIN, now + records.SKEW_S)
    if checked is not None:
        out["last_check_s"] = max(0, now - int(checked))
        out["checked_at"] = int(checked)
    deadline = lines.get("deadline", "")
    if deadline.isdigit() and len(deadline) <= 12:
        out["deadline_in_s"] = int(deadline) - now
        out["deadline"] = int(time.time()) + out["deadline_in_s"]  # the server's clock may differ from ours
        action = state.get("deadline_action")
        out["deadline_action"] = action if action in records.ACTIONS else None
    cap = records.number(state.get("day_cap"), 0, 1e7)
    if cap:
        out["day_cap"] = {
            "cap": cap,
            "spent": records.number(state.get("day_spent"), 0, 1e7),
            "left_s": records.number(state.get("day_left_s"), 0, 1e9),
        }
    out["alerts"] = records.alert_records(blocks.get("alerts", ""), now)
    # The channels the guard sends through (their names: the files themselves hold secrets) and which set.
    out["alert_channels"] = [records.text(n, 64) for n in lines.get("alert_channels", "").split()[:20]]
    out["alerts_config"] = records.text(lines.get("alerts_config", ""), 64) or None
    raw = state.get("problems")
    problems = [records.text(p) for p in (raw if isinstance(raw, list) else [])[:20] if isinstance(p, str)]
    problems += [_warning_text(w) for w in lines.get("warnings", "").split()]
    if not out["running"]:
        problems.append(
            msg("ServerGuard", "The guard is installed but not running (the server restarted?): install it again.")
        )
    out["problems"] = problems
    return out


def remove(conn: _Execs, root: str = script.DEFAULT_ROOT) -> None:
    """Stop the guard and delete its folder (settings, key, state and log)."""
    result = conn.exec("sh -s", timeout=60, stdin=script.build_remove_script(root).encode())
    if result.exit_code != 0:
        raise GuardError(
            msg(
                "ServerGuard",
                "Could not remove the guard: {error}.",
                error=result.err.strip() or f"exit code {result.exit_code}",
            )
        )


def heartbeat(conn: _Execs, root: str = script.DEFAULT_ROOT) -> None:
    """Tell the guard the app is here (it then leaves asking the user to the app)."""
    result = conn.exec(script.build_heartbeat_command(root), timeout=30)
    if result.exit_code != 0:
        raise GuardError(
            msg(
                "ServerGuard",
                "Could not touch the guard's heartbeat: {error}.",
                error=result.err.strip() or f"exit code {result.exit_code}",
            )
        )


def pause(conn: _Execs, seconds: float | None, root: str = script.DEFAULT_ROOT) -> int | None:
    """Keep the server for ``seconds`` ("keep until tomorrow 9:00"); None resumes. Returns the server epoch."""
    result = conn.exec(script.build_pause_command(None if seconds is None else int(seconds), root), timeout=30)
    if result.exit_code != 0:
        raise GuardError(
            msg(
                "ServerGuard",
                "Could not pause the guard: {error}.",
                error=result.err.strip() or f"exit code {result.exit_code}",
            )
        )
    text = result.out.strip()
    return int(text) if text.isdigit() else None


def extend(conn: _Execs, seconds: float, root: str = script.DEFAULT_ROOT) -> int:
    """Move the deadline ``seconds`` later ("Extend by 1 h"); returns it on this computer's clock."""
    result = conn.exec(script.build_extend_command(int(seconds), root) + "; echo; date +%s", timeout=30)
    if result.exit_code != 0:
        raise GuardError(
            msg(
                "ServerGuard",
                "Could not extend the deadline: {error}.",
                error=result.err.strip() or f"exit code {result.exit_code}",
            )
        )
    values = [v for v in result.out.split() if v.isdigit()]
    if len(values) < 2:
        raise GuardError(msg("ServerGuard", "Could not extend the deadline: the server did not say the new one."))
    return int(time.time()) + int(values[0]) - int(values[1])


def actions(conn: _Execs, root: str = script.DEFAULT_ROOT) -> list[JSONObject]:
    """Everything the guard did (newest last), for the app's billing audit log."""
    result = conn.exec(script.build_actions_command(root), timeout=30)
    # Checked one by one: a forged time in the future, a 400-digit number or control characters never get in.
    return records.records(result.out[-4_000_000:])


def ensure(conn: _Execs, policy: ServerPolicy, action: ProviderAction, **kwargs: Any) -> InstallResult | None:
    """Install (or upgrade) the guard unless this very version runs with this very policy."""
    root = kwargs.get("root", script.DEFAULT_ROOT)
    now = status(conn, root)
    wanted = json.loads(policy_json(policy, action))
    limits: ServerLimits | None = kwargs.get("limits")
    channels: list[ServerChannel] | None = kwargs.get("channels")
    if (
        now["running"]
        and now.get("up_to_date")
        and now["policy"] == wanted
        and not action.key
        and (limits is None or limits_hold(now, limits))
        and (channels is None or now.get("alerts_config") == script.channels_digest(channels))
    ):
        return None
    return install(conn, policy, action, **kwargs)


def limits_hold(now: JSONObject, limits: ServerLimits) -> bool:
    """Does the guard's status show these limits already (a deadline within two minutes of the wanted one)?"""
    left = now.get("deadline_in_s")
    if limits.deadline_in_s is None:
        if left is not None and left > 0:
            return False
    elif left is None or abs(left - limits.deadline_in_s) > 120 or now.get("deadline_action") != limits.deadline_action:
        return False
    cap = (now.get("day_cap") or {}).get("cap")
    wanted = round(limits.day_cap, 3) if limits.day_cap is not None else None
    return (round(cap, 3) if cap else None) == wanted
