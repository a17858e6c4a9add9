"""Exclude rules: built-in defaults, the user's patterns and a ``.gitignore`` (a common subset).

Supported gitignore syntax: ``#`` comments, blank lines, ``!`` to re-include, a leading ``/``
(or any inner ``/``) anchors the pattern to the root, a trailing ``/`` matches folders only,
``*``, ``?``, ``[...]`` (ranges, ``!``/``^``, ``[:alpha:]`` classes) within one path part,
``**`` across parts, ``\\`` escapes and escaped trailing spaces. Later rules win, as in git.
Not supported: ``.gitignore`` files in sub-folders.

Patterns may come from the server (its ``.gitignore``), so matching must not be at their
mercy: a pattern is never handed to a backtracking regex engine. Each path part is matched
by splitting the part's glob at its ``*``s into fixed-length pieces that are found left to
right (the leftmost place is always the right one), and ``**`` is handled the same way one
level up, with path parts for characters. That costs about (path length × pattern length)
at worst, whatever the pattern.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core.i18n import msg

DEFAULT_EXCLUDES: tuple[str, ...] = (".git/", "__pycache__/", ".venv/", "node_modules/", "*.ckpt", "*.gpudesk-part")


class PatternError(ValueError):
    """A pattern that cannot be understood (e.g. ``[`` without ``]``); the text says why."""


_POSIX_CLASSES: dict[str, Callable[[str], bool]] = {
    "alnum": str.isalnum, "alpha": str.isalpha, "digit": lambda c: "0" <= c <= "9",
    "lower": str.islower, "upper": str.isupper, "space": str.isspace,
    "blank": lambda c: c in " \t", "punct": lambda c: c.isprintable() and not c.isalnum() and not c.isspace(),
    "xdigit": lambda c: c in "0123456789abcdefABCDEF", "cntrl": lambda c: ord(c) < 32 or ord(c) == 127,
    "graph": lambda c: c.isprintable() and not c.isspace(), "print": str.isprintable,
}  # fmt: skip


@dataclass(frozen=True)
class _Class:
    """A ``[...]`` bracket expression: single characters, ranges and named classes."""

    chars: frozenset[str]
    ranges: tuple[tuple[str, str], ...]
    named: tuple[Callable[[str], bool], ...]
    negate: bool

    def __call__(self, c: str) -> bool:
        hit = c in self.chars or any(lo <= c <= hi for lo, hi in self.ranges) or any(f(c) for f in self.named)
        return hit != self.negate


Atom = str | _Class | None  # a literal character, a class, or None for "?"


def _parse_class(part: str, i: int, pattern: str) -> tuple[_Class, int]:
    """The bracket expression starting at ``part[i] == "["``; returns it and the index after ``]``."""
    j = i + 1
    negate = part[j : j + 1] in ("!", "^")
    j += negate
    chars: set[str] = set()
    ranges: list[tuple[str, str]] = []
    named: list[Callable[[str], bool]] = []
    first = True
    while True:
        if j >= len(part):
            raise PatternError(msg("SyncError", "The pattern {pattern} has a [ without its ].", pattern=repr(pattern)))
        c = part[j]
        if c == "]" and not first:
            return _Class(frozenset(chars), tuple(ranges), tuple(named), negate), j + 1
        first = False
        if c == "[" and part[j + 1 : j + 2] == ":":
            end = part.find(":]", j + 2)
            name = part[j + 2 : end] if end != -1 else ""
            if name not in _POSIX_CLASSES:
                raise PatternError(msg("SyncError", "The pattern {pattern} names an unknown class [:{name}:].",
                                       pattern=repr(pattern), name=name))  # fmt: skip
            named.append(_POSIX_CLASSES[name])
            j = end + 2
            continue
        if c == "\\":
            j += 1
            if j >= len(part):
                raise PatternError(
                    msg("SyncError", "The pattern {pattern} has a [ without its ].", pattern=repr(pattern))
                )
            c = part[j]
        if part[j + 1 : j + 2] == "-" and part[j + 2 : j + 3] not in ("", "]"):
            hi = part[j + 2]
            k = j + 3
            if hi == "\\":
                if j + 3 >= len(part):
                    raise PatternError(
                        msg("SyncError", "The pattern {pattern} has a [ without its ].", pattern=repr(pattern))
                    )
                hi, k = part[j + 3], j + 4
            ranges.append((c, hi))
            j = k
        else:
            chars.add(c)
            j += 1


class _Part:
    """The glob of one path part (no ``/``), matched without backtracking."""

    def __init__(self, part: str, pattern: str) -> None:
        pieces: list[list[Atom]] = [[]]
        i = 0
        while i < len(part):
            c = part[i]
            if c == "*":
                if pieces[-1] or len(pieces) == 1:
                    pieces.append([])
                i += 1
            elif c == "?":
                pieces[-1].append(None)
                i += 1
            elif c == "[":
                cls, i = _parse_class(part, i, pattern)
                pieces[-1].append(cls)
            elif c == "\\":
                if i + 1 >= len(part):
                    raise PatternError(
                        msg("SyncError", "The pattern {pattern} ends with a lone backslash.", pattern=repr(pattern))
                    )
                pieces[-1].append(part[i + 1])
                i += 2
            else:
                pieces[-1].append(c)
                i += 1
        # pieces[0] is anchored at the start; with a star, the last one is anchored at the end
        # and the ones between float. All-literal pieces become plain strings (fast C compares).
        self.star = len(pieces) > 1
        self.pieces: list[Piece] = [_literal(piece) for piece in pieces]

    def match(self, s: str) -> bool:
        pieces = self.pieces
        if not self.star:
            return len(s) == len(pieces[0]) and _at(pieces[0], s, 0)
        first, last = pieces[0], pieces[-1]
        if len(first) + len(last) > len(s) or not _at(first, s, 0) or not _at(last, s, len(s) - len(last)):
            return False
        pos, end = len(first), len(s) - len(last)
        for piece in pieces[1:-1]:  # the leftmost place for each piece leaves the most room for the rest
            if isinstance(piece, str):
                pos = s.find(piece, pos, end)
                if pos < 0:
                    return False
            else:
                while pos + len(piece) <= end and not _at(piece, s, pos):
                    pos += 1
                if pos + len(piece) > end:
                    return False
            pos += len(piece)
        return True


Piece = str | list[Atom]  # fixed length: a literal, or atoms one character each


def _literal(piece: list[Atom]) -> Piece:
    return "".join(piece) if all(isinstance(a, str) for a in piece) else piece  # type: ignore[arg-type]


def _at(piece: Piece, s: str, pos: int) -> bool:
    """Whether ``piece`` matches ``s`` at ``pos`` (one step per character of the piece)."""
    if isinstance(piece, str):
        return s.startswith(piece, pos)
    if pos + len(piece) > len(s):
        return False
    for k, atom in enumerate(piece):
        if atom is None:
            continue
        c = s[pos + k]
        if (atom != c) if isinstance(atom, str) else not atom(c):
            return False
    return True


@dataclass(frozen=True)
class _Rule:
    # Groups of part globs between "**"s; ``lead``/``tail``: a "**" before the first / after the last.
    groups: tuple[tuple[_Part, ...], ...]
    lead: bool
    tail: bool
    negate: bool
    dir_only: bool

    def matches(self, parts: list[str]) -> bool:
        groups = self.groups
        n = len(parts)

        def group_at(group: tuple[_Part, ...], pos: int) -> bool:
            return all(g.match(parts[pos + k]) for k, g in enumerate(group))

        if not groups:  # only "**"
            return n >= 1
        first, last = groups[0], groups[-1]
        if self.lead and not self.tail and len(groups) == 1 and len(first) == 1:
            return n >= 1 and first[0].match(parts[-1])  # "*.log", "**/build": the last part decides
        if len(groups) == 1 and not self.lead and not self.tail:
            return n == len(first) and group_at(first, 0)
        pos, end = 0, n
        if not self.lead:
            if len(first) > n or not group_at(first, 0):
                return False
            pos, groups = len(first), groups[1:]
        if not self.tail:
            if not groups:
                return pos == n
            if len(last) > end - pos or not group_at(last, n - len(last)):
                return False
            end, groups = n - len(last), groups[:-1]
        else:
            end = n - 1  # a trailing "**" stands for at least one part
        for group in groups:  # leftmost again, now with path parts for characters
            while pos + len(group) <= end and not group_at(group, pos):
                pos += 1
            if pos + len(group) > end:
                return False
            pos += len(group)
        return pos <= end


def _strip_trailing_spaces(line: str) -> str:
    """Trailing spaces go unless escaped with a backslash (as in git)."""
    end = len(line)
    while end > 0 and line[end - 1] == " ":
        k, slashes = end - 2, 0
        while k >= 0 and line[k] == "\\":
            slashes, k = slashes + 1, k - 1
        if slashes % 2:
            break
        end -= 1
    return line[:end]


def compile_pattern(pattern: str) -> _Rule | None:
    """A gitignore-style line as a rule, or ``None`` for blanks and comments.

    Raises:
        PatternError: the pattern cannot be understood (the message names it).
    """
    line = _strip_trailing_spaces(pattern.rstrip("\r\n"))
    if not line or line.startswith("#"):
        return None
    negate = line.startswith("!")
    if negate:
        line = line[1:]
    elif line.startswith("\\") and line[1:2] in ("#", "!"):
        line = line[1:]  # "\#name" and "\!name" are literal
    dir_only = line.endswith("/")
    line = line.rstrip("/") if dir_only else line
    anchored = "/" in line  # a leading or inner "/"
    line = line.lstrip("/")
    if not line:
        return None
    raw = line.split("/")  # an empty part ("a//b") matches nothing, as in git
    groups: list[tuple[_Part, ...]] = []
    current: list[_Part] = []
    lead = not anchored
    tail = False
    for n, part in enumerate(raw):
        if len(part) >= 2 and part.strip("*") == "":  # "***" is "**", as in git
            if n == 0:
                lead = True
            elif n == len(raw) - 1:
                tail = True
            if current:
                groups.append(tuple(current))
                current = []
        else:
            current.append(_Part(part, pattern))
    if current:
        groups.append(tuple(current))
    if not groups and len(raw) == 1:
        lead, tail = False, False  # "**" alone: everything
    return _Rule(tuple(groups), lead, tail, negate, dir_only)


class ExcludeRules:
    """Decides whether a relative POSIX path is left out of a sync.

    A folder that is excluded hides everything under it (as in git, a file inside an excluded
    folder cannot be re-included), so callers can prune whole folders while walking.
    """

    def __init__(self, patterns: list[str] | tuple[str, ...] = ()) -> None:
        self.patterns: list[str] = []
        self.warnings: list[str] = []  # lines of a .gitignore that were skipped, and why
        self._rules: list[_Rule] = []
        self.extend(patterns)

    @classmethod
    def for_sync(
        cls, user: list[str] | tuple[str, ...] = (), gitignore: str | None = None, defaults: bool = True
    ) -> ExcludeRules:
        """Defaults first, then ``.gitignore``, then the user's own patterns (which win).

        Raises:
            PatternError: one of the user's patterns is not valid (``.gitignore`` lines that
                are not valid are skipped with a warning in ``warnings``, as git does).
        """
        rules = cls(DEFAULT_EXCLUDES if defaults else ())
        if gitignore:
            rules.extend_gitignore(gitignore)
        rules.extend(user)
        return rules

    def extend(self, patterns: list[str] | tuple[str, ...]) -> None:
        """Add patterns; raises :class:`PatternError` at the first one that is not valid."""
        for pattern in patterns:
            self._add(pattern, compile_pattern(pattern))

    def extend_gitignore(self, text: str, source: str = ".gitignore") -> None:
        """Add the lines of a ``.gitignore``; a line that is not valid is skipped with a warning."""
        for number, line in enumerate(text.splitlines(), 1):
            try:
                rule = compile_pattern(line)
            except PatternError as exc:
                self.warnings.append(msg("SyncError", "Skipped line {line} of {file}: {error}", line=number,
                                         file=source, error=str(exc)))  # fmt: skip
                continue
            self._add(line, rule)

    def _add(self, pattern: str, rule: _Rule | None) -> None:
        if rule is not None:
            self.patterns.append(pattern.strip())
            self._rules.append(rule)

    def matches(self, rel: str, is_dir: bool) -> bool:
        """Whether ``rel`` itself is excluded; the folders above it are the caller's business
        (a walk that prunes excluded folders checks each folder once)."""
        parts = rel.split("/")
        hit = False
        for rule in self._rules:
            if rule.dir_only and not is_dir:
                continue
            if rule.negate == hit and rule.matches(parts):
                hit = not rule.negate
        return hit

    def excluded(self, rel: str, is_dir: bool = False) -> bool:
        """Whether ``rel`` (or one of the folders above it) is excluded."""
        parts = rel.split("/")
        for n in range(1, len(parts)):
            if self.matches("/".join(parts[:n]), True):
                return True
        return self.matches(rel, is_dir)
