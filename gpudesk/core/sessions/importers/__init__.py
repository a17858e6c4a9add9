"""Session importers: OpenSSH config, MobaXterm, Xshell and PuTTY → :class:`Session` objects.

Each parser reads one file and returns a :class:`FileResult` (sessions + warnings) or raises
:class:`ImportFileError` with a message for the user. :func:`parse_paths` runs the right parser over
files (and Xshell folders) and never raises: a file that fails carries its ``error`` instead, so one bad
file never hides the others and never lands half-imported. :mod:`.plan` turns results into what will be
created, merged or skipped in a :class:`SessionStore`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gpudesk.core.sessions.importers.common import (
    PASSWORD_NOTE,
    FileResult,
    ImportedSession,
    ImportFileError,
)


@dataclass(frozen=True)
class Format:
    key: str  # the CLI name
    label: str  # what the user sees
    tool: str  # the other program, for messages
    patterns: tuple[str, ...]  # file-dialog name filters
    folders: bool = False  # whether a whole folder can be imported
    saves_passwords: bool = True  # whether the tool keeps (encrypted) passwords we deliberately leave behind

    @property
    def password_note(self) -> str:
        if self.saves_passwords:
            return PASSWORD_NOTE.format(tool=self.tool)
        return (
            f"{self.tool} does not save passwords, so none are imported; gpudesk asks for a password on the "
            "first connect when a session needs one and keeps it in the system keyring."
        )


FORMATS: dict[str, Format] = {
    f.key: f
    for f in (
        Format(
            "ssh-config", "OpenSSH config (~/.ssh/config)", "OpenSSH", ("config", "*.conf", "*"), saves_passwords=False
        ),
        Format(
            "mobaxterm", "MobaXterm (.mxtsessions, MobaXterm.ini)", "MobaXterm", ("*.mxtsessions", "*.moba", "*.ini")
        ),
        Format("xshell", "Xshell (.xsh files or a folder of them)", "Xshell", ("*.xsh",), folders=True),
        Format("putty", "PuTTY (.reg export of its sessions)", "PuTTY", ("*.reg",), saves_passwords=False),
    )
}


def _parser(fmt: str, encoding: str | None) -> Callable[[Path], list[FileResult]]:
    if fmt == "ssh-config":
        from gpudesk.core.sessions.importers.ssh_config import parse_ssh_config

        return lambda p: [parse_ssh_config(p)]
    if fmt == "mobaxterm":
        from gpudesk.core.sessions.importers.mobaxterm import parse_mobaxterm

        return lambda p: [parse_mobaxterm(p, encoding)]
    if fmt == "xshell":
        from gpudesk.core.sessions.importers.xshell import parse_xshell_path

        return lambda p: parse_xshell_path(p, encoding)
    if fmt == "putty":
        from gpudesk.core.sessions.importers.putty import parse_putty_reg

        return lambda p: [parse_putty_reg(p, encoding)]
    raise ValueError(f"Unknown import format '{fmt}'. Choose one of: {', '.join(FORMATS)}.")


def parse_paths(fmt: str, paths: Sequence[str | os.PathLike[str]], encoding: str | None = None) -> list[FileResult]:
    """Parse every path with the ``fmt`` parser; failures become results with ``error`` set."""
    parse = _parser(fmt, encoding)
    results: list[FileResult] = []
    for path in paths:
        p = Path(path)
        if p.is_dir() and not FORMATS[fmt].folders:
            results.append(FileResult(str(p), error=f"{p} is a folder; choose the {FORMATS[fmt].tool} file itself."))
            continue
        try:
            results.extend(parse(p))
        except ImportFileError as exc:
            results.append(FileResult(str(p), error=str(exc)))
        except (RecursionError, MemoryError):
            results.append(FileResult(str(p), error=f"{p} is too deeply nested or too large to import."))
    return results


__all__ = ["FORMATS", "FileResult", "Format", "ImportFileError", "ImportedSession", "parse_paths"]
