"""How "Edit" opens a downloaded copy: always in a text editor, never by running it.

Handing the file to the desktop's default action (``QDesktopServices.openUrl``) runs it when
it is a program: ``.py``, ``.bat``, ``.cmd``, ``.js``, ``.vbs`` on Windows, ``.command`` on
macOS, a ``.desktop`` file or a script with its execute bit on Linux. So the choice is, in
order: the user's editor command (the ``files.editor`` setting); on Windows the file type's
"edit" verb (Notepad when it has none); on macOS ``open -t`` (the default text editor); on
Linux the default action only for files that cannot run, a text editor found on PATH for the
others, and a refusal when there is none. :func:`choose` decides (Qt-free, per platform);
:func:`launch` carries it out.
"""

from __future__ import annotations

import mimetypes
import os
import shlex
import shutil
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: Types a desktop may run when asked to "open" them (by extension, lower case).
RUNNABLE_EXTENSIONS = frozenset(
    ".bat .cmd .com .exe .scr .pif .msi .msc .cpl .hta .js .jse .vbs .vbe .wsf .wsh .ps1 .psm1 .py .pyw .pyz "  # noqa: SIM905 - a list of words
    ".jar .lnk .url .reg .application .appref-ms .command .tool .app .terminal .workflow .scpt .applescript "
    ".desktop .sh .bash .zsh .csh .ksh .run .bin .appimage .pl .rb .php .out".split()
)
#: MIME types that stand for programs (Linux desktops run some of them).
RUNNABLE_MIME = frozenset({
    "application/x-executable", "application/x-sharedlib", "application/x-pie-executable", "application/x-desktop",
    "application/x-sh", "application/x-shellscript", "application/x-msdownload", "application/x-ms-dos-executable",
    "application/x-msi", "application/x-python-code", "text/x-python", "application/x-perl", "application/java-archive",
})  # fmt: skip
#: Graphical text editors tried on Linux when the file must not go to the default action.
LINUX_EDITORS = ("gnome-text-editor", "gedit", "kate", "kwrite", "mousepad", "xed", "pluma", "featherpad",
                 "code", "codium", "subl")  # fmt: skip

COMMAND = "command"  # start argv
EDIT_VERB = "edit-verb"  # Windows: os.startfile(path, "edit"), argv when the type has no edit verb
DEFAULT = "default"  # the desktop's default action: only for files that cannot run
REFUSE = "refuse"


@dataclass(frozen=True)
class EditPlan:
    kind: str
    argv: tuple[str, ...] = ()


def runnable(path: Path) -> bool:
    """Whether a desktop's "open" could run ``path``: its type, an execute bit, or ``#!``/ELF/MZ inside."""
    if path.suffix.lower() in RUNNABLE_EXTENSIONS:
        return True
    mime, _ = mimetypes.guess_type(path.name, strict=False)
    if mime in RUNNABLE_MIME:
        return True
    try:
        if path.stat().st_mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH):
            return True
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return True  # unknown: the safe side
    return head.startswith((b"#!", b"\x7fELF", b"MZ"))


def choose(path: Path, *, platform: str | None = None, editor: str = "",
           which: Callable[[str], str | None] = shutil.which) -> EditPlan:  # fmt: skip
    """How to open ``path`` for editing on ``platform`` (``sys.platform`` by default)."""
    platform = platform or sys.platform
    if editor.strip():
        try:
            words = shlex.split(editor, posix=platform != "win32")
        except ValueError:
            words = []
        if platform == "win32":  # backslashes are path separators there; only the quotes go
            words = [w[1:-1] if len(w) > 1 and w[0] == w[-1] == '"' else w for w in words]
        if words:
            return EditPlan(COMMAND, (*words, str(path)))
    if platform == "win32":
        return EditPlan(EDIT_VERB, ("notepad.exe", str(path)))
    if platform == "darwin":
        return EditPlan(COMMAND, ("open", "-t", str(path)))  # -t: the default text editor, whatever the type
    if not runnable(path):
        return EditPlan(DEFAULT)
    for name in LINUX_EDITORS:
        if found := which(name):
            return EditPlan(COMMAND, (found, str(path)))
    return EditPlan(REFUSE)


def launch(plan: EditPlan, path: Path, *, start: Callable[[list[str]], bool],
           open_default: Callable[[Path], bool]) -> bool:  # fmt: skip
    """Carry out ``plan``; returns whether an editor was started. ``start`` starts a detached argv."""
    if plan.kind == COMMAND:
        return start(list(plan.argv))
    if plan.kind == EDIT_VERB:
        startfile = getattr(os, "startfile", None)
        if startfile is not None:
            try:
                startfile(str(path), "edit")
                return True
            except OSError:
                pass  # no "edit" verb for this type: Notepad reads anything without running it
        return start(list(plan.argv))
    if plan.kind == DEFAULT:
        return open_default(path)
    return False
