"""Exclude rules: built-in defaults, the user's patterns and a ``.gitignore`` (a common subset).

Supported gitignore syntax: ``#`` comments, blank lines, ``!`` to re-include, a leading ``/``
(or any inner ``/``) anchors the pattern to the root, a trailing ``/`` matches folders only,
``*``, ``?``, ``[...]`` within one path part and ``**`` across parts. Later rules win, as in git.
Not supported: ``.gitignore`` files in sub-folders and escaped trailing spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_EXCLUDES: tuple[str, ...] = (".git/", "__pycache__/", ".venv/", "node_modules/", "*.ckpt", "*.gpudesk-part")


@dataclass(frozen=True)
class _Rule:
    regex: re.Pattern[str]
    negate: bool
    dir_only: bool


def _part_regex(part: str) -> str:
    """One path part (no ``/``) of a glob as a regex."""
    out: list[str] = []
    i = 0
    while i < len(part):
        c = part[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = part.find("]", i + 2 if part[i + 1 : i + 2] in ("!", "]") else i + 1)
            if end == -1:
                out.append(re.escape(c))
            else:
                body = part[i + 1 : end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = end
        elif c == "\\" and i + 1 < len(part):
            i += 1
            out.append(re.escape(part[i]))
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def compile_pattern(pattern: str) -> _Rule | None:
    """A gitignore-style line as a rule, or ``None`` for blanks and comments."""
    line = pattern.rstrip("\n").rstrip()
    if not line or line.startswith("#"):
        return None
    negate = line.startswith("!")
    if negate:
        line = line[1:]
    elif line.startswith("\\"):
        line = line[1:]  # "\#name" and "\!name" are literal
    dir_only = line.endswith("/")
    line = line.strip("/") if dir_only else line
    anchored = line.startswith("/") or "/" in line
    line = line.lstrip("/")
    if not line:
        return None
    parts = line.split("/")
    pieces: list[str] = []
    for n, part in enumerate(parts):
        last = n == len(parts) - 1
        if part == "**":
            pieces.append("(?:.*/)?" if not last else ".*")
        else:
            pieces.append(_part_regex(part) + ("" if last else "/"))
    body = "".join(pieces)
    prefix = "" if anchored else "(?:.*/)?"
    return _Rule(re.compile(f"^{prefix}{body}$", re.DOTALL), negate, dir_only)


class ExcludeRules:
    """Decides whether a relative POSIX path is left out of a sync.

    A folder that is excluded hides everything under it (as in git, a file inside an excluded
    folder cannot be re-included), so callers can prune whole folders while walking.
    """

    def __init__(self, patterns: list[str] | tuple[str, ...] = ()) -> None:
        self.patterns: list[str] = []
        self._rules: list[_Rule] = []
        self.extend(patterns)

    @classmethod
    def for_sync(
        cls, user: list[str] | tuple[str, ...] = (), gitignore: str | None = None, defaults: bool = True
    ) -> ExcludeRules:
        """Defaults first, then ``.gitignore``, then the user's own patterns (which win)."""
        rules = cls(DEFAULT_EXCLUDES if defaults else ())
        if gitignore:
            rules.extend(gitignore.splitlines())
        rules.extend(user)
        return rules

    def extend(self, patterns: list[str] | tuple[str, ...]) -> None:
        for pattern in patterns:
            rule = compile_pattern(pattern)
            if rule is not None:
                self.patterns.append(pattern.strip())
                self._rules.append(rule)

    def matches(self, rel: str, is_dir: bool) -> bool:
        """Whether ``rel`` itself is excluded; the folders above it are the caller's business
        (a walk that prunes excluded folders checks each folder once)."""
        hit = False
        for rule in self._rules:
            if rule.dir_only and not is_dir:
                continue
            if rule.negate == hit and rule.regex.match(rel):
                hit = not rule.negate
        return hit

    def excluded(self, rel: str, is_dir: bool = False) -> bool:
        """Whether ``rel`` (or one of the folders above it) is excluded."""
        parts = rel.split("/")
        for n in range(1, len(parts)):
            if self.matches("/".join(parts[:n]), True):
                return True
        return self.matches(rel, is_dir)
