"""Where is the terminal's shell? Its current folder, so the file browser can follow it.

Three sources, best first, none needing any server configuration:

1. OSC 7 (``ESC ] 7 ; file://host/path BEL``), which many shells print at each prompt
   (Fedora's vte.sh, fish, the demo server's shell); the screen model keeps it as ``cwd``.
2. In a persistent terminal, tmux knows each pane's folder: ``#{pane_current_path}``.
3. A plain shell is found by a marker in its environment: the app sends
   ``LC_GPUDESK_TERM=<random id>`` with the shell request (``LC_*`` passes the stock
   ``AcceptEnv LANG LC_*`` of Debian/Ubuntu servers; glibc ignores the unknown category), then
   finds the topmost process carrying it under ``/proc`` and reads its ``cwd`` link.
"""

from __future__ import annotations

import secrets
import shlex
from typing import TYPE_CHECKING

from gpudesk.core import ctrlchars
from gpudesk.core.terminal.tmuxdir import prefix

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

MARKER_VAR = "LC_GPUDESK_TERM"

# The processes that carry the marker: the login shell and everything started from it. Candidates are
# those whose parent does not carry it: the shell, but also anything that detached (nohup, setsid, a
# hand-started tmux or ssh-agent, now children of init). The shell is the one sshd started; failing
# that (another SSH server), the oldest candidate. One grep reads every environ file.
_FIND_SHELL = r"""m={marker} P={proc}
set -- $(grep -l -a -F -e "$m" "$P"/[0-9]*/environ 2>/dev/null)
best= oldest=
for f in "$@"; do
  d=${{f%/environ}}
  pp=$(sed -n 's/^PPid:[[:space:]]*//p' "$d/status" 2>/dev/null)
  case " $* " in *" $P/$pp/environ "*) continue ;; esac
  case "$(cat "$P/$pp/comm" 2>/dev/null)" in sshd*) readlink "$d/cwd" && exit 0 ;; esac
  start=$(sed 's/.*) //' "$d/stat" 2>/dev/null | cut -d' ' -f20)
  if [ -n "$start" ] && {{ [ -z "$oldest" ] || [ "$start" -lt "$oldest" ]; }}; then oldest=$start best=$d; fi
done
[ -n "$best" ] && readlink "$best/cwd" && exit 0
exit 1"""


def find_shell_script(marker: str, proc: str = "/proc") -> str:
    """The shell script that prints the marked shell's folder (``proc`` is replaceable for tests)."""
    return _FIND_SHELL.format(marker=shlex.quote(f"{MARKER_VAR}={marker}"), proc=shlex.quote(proc))


def usable_folder(path: str) -> bool:
    """A folder the file pane may adopt from the terminal, and one a ``cd`` may be typed for.

    Absolute, and without control characters (:mod:`gpudesk.core.ctrlchars`): typed into a shell,
    Ctrl-U (``\\x15``) wipes the ``cd`` already typed and the rest of the name runs as a command;
    ESC starts a key sequence, a line break ends the line. A hostile OSC 7 report could name such
    a folder (or a relative one, read against some other folder) just as a hostile folder name can.
    """
    return path.startswith("/") and not ctrlchars.has_control(path)


def cd_line(path: str) -> bytes | None:
    """The keystrokes that change the shell to ``path``, or ``None`` when ``path`` must not be typed.

    The path is one quoted argument; a leading space keeps the line out of most shells' history.
    A name with control characters is refused rather than typed in some escaped form: the escape
    would depend on the shell (bash's ``$'…'`` is not POSIX sh, fish quotes differently), and the
    user is told why, so they can rename the folder.
    """
    if not usable_folder(path):
        return None
    return f" cd -- {shlex.quote(path)}\r".encode()


def new_marker() -> str:
    """A fresh id for one shell (the value of :data:`MARKER_VAR`)."""
    return secrets.token_hex(8)


def shell_cwd(
    conn: Connection, tmux_session: str | None = None, marker: str | None = None, timeout: float = 10
) -> str | None:
    """The current folder of the terminal's shell, or ``None`` when it cannot be told."""
    if tmux_session:
        target = shlex.quote(f"={tmux_session}:")  # exact session name, its active pane
        command = f"tmux display-message -p -t {target} '#{{pane_current_path}}'"
        result = conn.exec(prefix() + command, timeout=timeout)  # the socket folder the terminal used
    elif marker:
        result = conn.exec(find_shell_script(marker), timeout=timeout)
    else:
        return None
    path = result.out.strip().splitlines()[0] if result.out.strip() else ""
    return path if result.exit_code == 0 and path.startswith("/") else None
