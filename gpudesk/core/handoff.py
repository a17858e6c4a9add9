"""Open a session in VS Code, Cursor, Windsurf or the system's terminal, and see an IDE working on the server.

Launching: each tool is started with an argv list (never a shell string) naming the session's Host alias
from gpudesk's ssh config (``sessions/ssh_export.py``). The editors use their Remote-SSH form
(``code --remote ssh-remote+HOST PATH``; on Windows the ``vscode://vscode-remote/ssh-remote+HOST/PATH`` URI,
as a ``.cmd`` launcher would pass its arguments through ``cmd.exe``).

Watching: an IDE's server on the instance (``~/.vscode-server``, ``~/.cursor-server``, ``~/.windsurf-server``)
is the user at work even when no gpudesk terminal is typed in. :data:`PROBE` lists the user's processes with
their CPU time; :class:`IdeActivity` compares two listings and says which IDE burnt CPU in between.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gpudesk.core import ctrlchars
from gpudesk.core.i18n import Msg, msg

EDITORS = ("code", "cursor", "windsurf")
TOOLS = (*EDITORS, "terminal")
#: URI schemes of the editors (the same Remote-SSH extension protocol).
SCHEMES = {"code": "vscode", "cursor": "cursor", "windsurf": "windsurf"}
TOOL_NAMES = {"code": "VS Code", "cursor": "Cursor", "windsurf": "Windsurf", "terminal": "Terminal"}
_ALIAS = re.compile(r"[a-z0-9][a-z0-9._-]*")


class HandoffError(ValueError):
    """A tool cannot be opened; the text says what to do."""


@dataclass(frozen=True)
class Launch:
    """What will be run: an argv, or a URI to hand to the system (``argv`` empty then)."""

    tool: str
    argv: tuple[str, ...] = ()
    uri: str = ""

    def describe(self) -> str:
        return self.uri or " ".join(self.argv)


def _mac_app_cli(tool: str) -> str | None:
    apps = {
        "code": "/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code",
        "cursor": "/Applications/Cursor.app/Contents/Resources/app/bin/cursor",
        "windsurf": "/Applications/Windsurf.app/Contents/Resources/app/bin/windsurf",
    }
    path = apps.get(tool)
    return path if path and Path(path).exists() else None


def _windows_installed(tool: str) -> bool:
    local = os.environ.get("LOCALAPPDATA", "")
    folders = {"code": "Microsoft VS Code", "cursor": "cursor", "windsurf": "Windsurf"}
    return bool(local) and (Path(local) / "Programs" / folders[tool]).is_dir() or shutil.which(tool) is not None


def check_remote_path(path: str) -> str:
    """A remote folder for an editor: absolute, no control characters (it is one argv word or a URI path)."""
    if not path:
        return ""
    if ctrlchars.has_control(path) or not path.startswith("/"):
        raise HandoffError(
            msg("Handoff", "'{path}' is not an absolute remote folder.", path=ctrlchars.escape(path[:200]))
        )
    return path


def _uri(tool: str, alias: str, path: str) -> str:
    from urllib.parse import quote

    return f"{SCHEMES[tool]}://vscode-remote/ssh-remote+{alias}{quote(path or '/', safe='/')}"


def terminal_argv(alias: str, config: Path | None, platform: str | None = None) -> list[str] | None:
    """The system terminal running ``ssh [-F gpudesk_config] HOST`` (None: no terminal found)."""
    platform = platform or sys.platform
    ssh = ["ssh", *(["-F", str(config)] if config is not None else []), alias]
    if platform == "win32":
        if shutil.which("wt"):
            return ["wt", "new-tab", "--", *ssh]
        return ["cmd", "/c", "start", "", *ssh] if shutil.which("cmd") else None
    if platform == "darwin":
        # Terminal's AppleScript takes one command line: the alias is [a-z0-9._-] only, the -F path quoted.
        line = " ".join(_sh_quote(w) for w in ssh)
        app = "iTerm" if Path("/Applications/iTerm.app").exists() else "Terminal"
        script = (
            f'tell application "iTerm" to create window with default profile command "{line}"'
            if app == "iTerm"
            else f'tell application "Terminal" to do script "{line}"'
        )
        return ["osascript", "-e", script, "-e", f'tell application "{app}" to activate']
    for name, flag in (
        ("x-terminal-emulator", ["-e"]),
        ("gnome-terminal", ["--"]),
        ("konsole", ["-e"]),
        ("xfce4-terminal", ["-x"]),
        ("xterm", ["-e"]),
    ):
        found = shutil.which(name)
        if found:
            return [found, *flag, *ssh]
    return None


def _sh_quote(word: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9_./-]+", word):
        return word
    return "'" + word.replace("\\", "\\\\").replace('"', '\\"').replace("'", "'\\''") + "'"


def available(platform: str | None = None) -> list[str]:
    """The tools found on this computer, in :data:`TOOLS` order."""
    platform = platform or sys.platform
    found = []
    for tool in EDITORS:
        if (
            shutil.which(tool)
            or (platform == "darwin" and _mac_app_cli(tool))
            or (platform == "win32" and _windows_installed(tool))
        ):
            found.append(tool)
    if terminal_argv("gpudesk-x", None, platform) is not None:
        found.append("terminal")
    return found


def plan(tool: str, alias: str, path: str = "", config: Path | None = None, platform: str | None = None) -> Launch:
    """How to open ``alias`` (a gpudesk Host alias) in ``tool``; :class:`HandoffError` when it is not installed.

    ``config``: the ssh config file to name for the terminal (None when ``~/.ssh/config`` includes it).
    """
    platform = platform or sys.platform
    if tool not in TOOLS:
        raise HandoffError(
            msg(
                "Handoff", "Unknown tool '{tool}': use code, cursor, windsurf or terminal.", tool=ctrlchars.escape(tool)
            )
        )
    if not _ALIAS.fullmatch(alias):
        raise HandoffError(msg("Handoff", "'{alias}' is not a safe ssh host name.", alias=ctrlchars.escape(alias)))
    path = check_remote_path(path)
    if tool == "terminal":
        argv = terminal_argv(alias, config, platform)
        if argv is None:
            raise HandoffError(
                msg(
                    "Handoff",
                    "No terminal program was found (x-terminal-emulator, gnome-terminal, konsole, xterm). Run: {command}",
                    command=" ".join(
                        _sh_quote(w) for w in ["ssh", *(["-F", str(config)] if config is not None else []), alias]
                    ),
                )
            )
        return Launch(tool, tuple(argv))
    if platform == "win32":
        if not _windows_installed(tool):
            raise HandoffError(not_installed(tool))
        return Launch(tool, uri=_uri(tool, alias, path))
    cli = shutil.which(tool) or (_mac_app_cli(tool) if platform == "darwin" else None)
    if cli is None:
        raise HandoffError(not_installed(tool))
    return Launch(tool, (cli, "--remote", f"ssh-remote+{alias}", *([path] if path else [])))


def not_installed(tool: str) -> Msg:
    return msg(
        "Handoff",
        "{tool} was not found on this computer (its '{command}' command is not on PATH). Install it with its Remote - SSH extension, or choose another tool.",
        tool=TOOL_NAMES[tool],
        command=tool,
    )


def start(launch: Launch, popen: Callable[..., object] = subprocess.Popen) -> None:
    """Start the tool, detached; its output goes nowhere (it is the user's program now)."""
    if launch.uri:
        if sys.platform == "win32":
            os.startfile(launch.uri)  # type: ignore[attr-defined]
            return
        opener = shutil.which("open" if sys.platform == "darwin" else "xdg-open")
        if opener is None:
            raise HandoffError(msg("Handoff", "No program opens {uri} here.", uri=launch.uri))
        argv: Sequence[str] = (opener, launch.uri)
    else:
        argv = launch.argv
    try:
        popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=sys.platform != "win32",
        )
    except OSError as exc:
        raise HandoffError(
            msg(
                "Handoff",
                "{tool} could not be started: {error}",
                tool=TOOL_NAMES[launch.tool],
                error=exc.strerror or exc.__class__.__name__,
            )
        ) from None


# ---- the IDE on the server -------------------------------------------------------------------------------

#: The user's processes with their CPU time, then the server's clock and when each of the user's terminals
#: (``/dev/pts``) last read a key — as ``w`` shows it — all capped (a hostile or busy server cannot flood the app).
PROBE = (
    'ps -u "$(id -u)" -o pid= -o time= -o args= 2>/dev/null | head -n 2000; echo "--now $(date +%s)"; '
    'for f in /dev/pts/[0-9]*; do [ -O "$f" ] && stat -c "--tty %X %n" "$f"; done 2>/dev/null | head -n 200'
)
IDE_MARKERS = (("/.vscode-server", "code"), ("/.cursor-server", "cursor"), ("/.windsurf-server", "windsurf"))
_PS_LINE = re.compile(r"\s*(\d+)\s+(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)\s+(.*)")


def parse_probe(text: str) -> dict[int, tuple[str, float]]:
    """``ps`` lines → pid → (IDE, CPU seconds) for the IDE servers' processes only."""
    out: dict[int, tuple[str, float]] = {}
    for line in text.splitlines()[:2000]:
        m = _PS_LINE.match(line)
        if not m:
            continue
        args = m.group(6)
        ide = next((name for marker, name in IDE_MARKERS if marker in args), None)
        if ide is None:
            continue
        days, hours, mins, secs = (int(g) if g else 0 for g in m.group(2, 3, 4, 5))
        out[int(m.group(1))] = (ide, days * 86400.0 + hours * 3600.0 + mins * 60.0 + secs)
    return out


TTY_STEP_S = 8.0


#: an interactive SSH login's process title names its terminal ("sshd: user@pts/3"; "sshd-session: …" since 9.8)
_SSH_TTY = re.compile(r"\bsshd(?:-session)?: [^@\s]+@(pts/\d+)")


def tty_inputs(text: str) -> tuple[float | None, list[float]]:
    """The server's clock and the last-key times of the user's SSH login terminals, from a probe's output.

    Only a terminal an ``sshd`` login holds counts: a tmux pane (the guard's own, a job's) is a terminal of
    the user's too, and its read time moves whenever the program in it reads, with nobody typing.
    """
    now: float | None = None
    stamped: list[tuple[float, str]] = []
    logins: set[str] = set()
    lines = text.splitlines()
    for line in lines[-2400:]:
        found = _SSH_TTY.search(line)
        if found:
            logins.add("/dev/" + found.group(1))
            continue
        word, _, rest = line.partition(" ")
        value, _, path = rest.partition(" ")
        if word in ("--now", "--tty") and value.isdigit():
            if word == "--now":
                now = float(value)
            else:
                stamped.append((float(value), path.strip()))
    return now, [t for t, path in stamped if path in logins][:200]


class IdeActivity:
    """Compares probes: an IDE whose server processes used at least ``min_cpu_s`` of CPU since the last one is active.

    ``ps`` counts CPU time in whole seconds, so one second is the smallest step it can see.
    """

    def __init__(self, min_cpu_s: float = 1.0) -> None:
        self.min_cpu_s = min_cpu_s
        self._last: dict[int, tuple[str, float]] | None = None
        self._clock: float | None = None

    def feed(self, probe_text: str) -> str | None:
        """One probe's output → the IDE that worked since the previous probe (None: none did, or first probe).

        "ssh" when no IDE worked but a terminal of the user's (an ``ssh HOST`` from the system terminal) read
        a key since the previous probe.
        """
        now = parse_probe(probe_text)
        clock, ttys = tty_inputs(probe_text)
        last, self._last = self._last, now
        last_clock, self._clock = self._clock, clock
        if last is None:
            return None
        used: dict[str, float] = {}
        for pid, (ide, cpu) in now.items():
            before = last.get(pid, (ide, 0.0))[1]
            used[ide] = used.get(ide, 0.0) + max(0.0, cpu - before)
        busy = [(cpu, ide) for ide, cpu in used.items() if cpu >= self.min_cpu_s]
        if busy:
            return max(busy)[1]
        # Linux stamps a terminal's read time in 8-second steps (tty_update_time): a key read since the previous
        # probe shows a time up to 8 s before it.
        if last_clock is not None and any(t > last_clock - TTY_STEP_S for t in ttys):
            return "ssh"
        return None
