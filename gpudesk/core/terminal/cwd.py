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

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

MARKER_VAR = "LC_GPUDESK_TERM"

# The processes that carry the marker: the login shell and everything started from it. The one
# whose parent does not carry it is the shell itself. One grep reads every environ file.
_FIND_SHELL = r"""m={marker}
set -- $(grep -l -a -F -e "$m" /proc/[0-9]*/environ 2>/dev/null)
for f in "$@"; do
  d=${{f%/environ}}
  pp=$(sed -n 's/^PPid:[[:space:]]*//p' "$d/status" 2>/dev/null)
  case " $* " in *" /proc/$pp/environ "*) continue ;; esac
  readlink "$d/cwd" && exit 0
done
exit 1"""


def new_marker() -> str:
    """A fresh id for one shell (the value of :data:`MARKER_VAR`)."""
    return secrets.token_hex(8)


def shell_cwd(conn: Connection, tmux_session: str | None = None, marker: str | None = None, timeout: float = 10) -> str | None:
    """The current folder of the terminal's shell, or ``None`` when it cannot be told."""
    if tmux_session:
        target = shlex.quote(f"={tmux_session}:")  # exact session name, its active pane
        result = conn.exec(f"tmux display-message -p -t {target} '#{{pane_current_path}}'", timeout=timeout)
    elif marker:
        result = conn.exec(_FIND_SHELL.format(marker=shlex.quote(f"{MARKER_VAR}={marker}")), timeout=timeout)
    else:
        return None
    path = result.out.strip().splitlines()[0] if result.out.strip() else ""
    return path if result.exit_code == 0 and path.startswith("/") else None
