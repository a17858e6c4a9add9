"""tmux's socket folder on a shared server: another user must not be able to take it.

tmux keeps its sockets in ``${TMUX_TMPDIR:-/tmp}/tmux-<uid>``. On a shared server another user can
create that folder first (or a link by that name); tmux then refuses it, so every persistent
terminal exits at once and jobs drop to ``nohup``. Every tmux command gpudesk runs starts with
:func:`prefix`: where that folder is not a real folder of this user, tmux uses a private one in
the user's own home instead (``~/.gpudesk/tmux``, mode 0700) and, for a terminal, says so.
"""

from __future__ import annotations

import shlex

#: the private socket folder, under $HOME
PRIVATE = ".gpudesk/tmux"

NOTE = (
    "gpudesk: the tmux folder {folder} belongs to another user (or is a link): "
    "tmux uses a private folder in ~/" + PRIVATE + " instead."
)


def prefix(note: bool = False) -> str:
    """Shell text that switches ``TMUX_TMPDIR`` to a private folder when the shared one is not ours.

    ``note``: print one line saying so (for a terminal, where the user reads it before tmux starts).
    """
    say = ""
    if note:
        text = shlex.quote(NOTE.replace("{folder}", "%s") + "\r\n")
        say = f' printf {text} "$gd_t";'
    return (
        'gd_t="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)"; '
        'if [ -L "$gd_t" ] || { [ -e "$gd_t" ] && [ ! -O "$gd_t" ]; }; then '
        f'TMUX_TMPDIR="$HOME/{PRIVATE}"; export TMUX_TMPDIR; '
        'mkdir -p "$TMUX_TMPDIR" && chmod 700 "$TMUX_TMPDIR";'
        f"{say} fi; "
    )
