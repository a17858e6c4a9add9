"""One way to read and write gpudesk's JSON data files: type-checked, kept aside when damaged, locked.

``load(path, check, what=..., empty=...)`` parses and checks a file. ``check(raw)`` returns
``(data, skipped)``: the good data and a text for each damaged entry it left out; it raises
:class:`Invalid` when nothing can be used. A damaged file is never replaced silently: when
nothing is usable it is *moved* to ``NAME.broken-YYYYmmdd-HHMMSS`` (the app goes on with
``empty()``); when only some entries are damaged it is *copied* there and the good entries load
(the next save leaves the damaged ones out; the copy keeps them). The kept name is never
overwritten (a counter is added), and :attr:`Loaded.problem` says what happened and names it.

``update(path, check, change, ...)`` is the save: under a lock file it re-reads the file, lets
``change`` apply this process's edit to what is on disk and writes the result atomically, so two
app instances (or the CLI while the app runs) do not lose each other's changes. :func:`merge`
is the usual ``change``: a three-way merge by key.

What each file does with damage (a whole unusable file is always moved aside and the app goes on
empty or with defaults; "skipped" below means the entry is left out, reported and kept in the copy):

- ``sessions.json``: a session with a wrong type (port not an int 1–65535, name not text, no host…),
  a repeated id or a folder name that is not text is skipped; unknown fields are dropped as before.
- ``settings.json``: a known setting of the wrong type is skipped (its default applies); settings
  this version does not know are kept as they are.
- ``providers.json``: an account with a wrong type, no name or a repeated name is skipped.
- ``billing/meter.json`` and ``billing/sessions.json``: a session's entry with a wrong type (a price
  that is no valid price, runs that are not a list of runs…) is skipped; the others load.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import math
import os
import threading
import time
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import filelock

from gpudesk.core import atomic
from gpudesk.core.i18n import msg

log = logging.getLogger(__name__)

LOCK_WAIT_S = 30.0  # a writer holds the lock for milliseconds; this only guards against a hung one
MAX_DETAILS = 3


class Invalid(ValueError):
    """Data (or one entry of it) does not have the expected shape; the message says which field."""


class DataFileError(OSError):
    """A damaged file could not be kept aside, so it is not written over either."""


#: A value as JSON parsing gave it (a data file, a provider's reply): only a check gives it a shape.
JSON = Any
#: A JSON object as parsed, before a check gave its fields a shape.
JSONObject = dict[str, JSON]


class Loaded(NamedTuple):
    data: JSON  # what ``check`` made of the file (or ``empty()``)
    problem: str  # "" when the file was fine or absent; else the message for the user (names the copy)
    damaged: bool = False  # nothing in the file was usable: ``data`` is ``empty()``
    copy: Path | None = None  # where the file as it was is kept


#: a check: the value as parsed and where it is → the value as the program uses it (raises Invalid)
Check = Callable[[JSON, str], Any]


# -- checks -----------------------------------------------------------------------------------------
def anything(value: JSON, where: str = "") -> JSON:
    return value


def text(value: object, where: str = "") -> str:
    if not isinstance(value, str):
        raise Invalid(msg("DataFile", "{field} must be text", field=where))
    return value


def nonempty_text(value: object, where: str = "") -> str:
    checked = text(value, where)
    if not checked.strip():
        raise Invalid(msg("DataFile", "{field} must not be empty", field=where))
    return checked


def integer(value: object, where: str = "", low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Invalid(msg("DataFile", "{field} must be a whole number", field=where))
    if (low is not None and value < low) or (high is not None and value > high):
        raise Invalid(
            msg("DataFile", "{field} must be a whole number from {low} to {high}", field=where, low=low, high=high)
        )
    return value


def port(value: object, where: str = "") -> int:
    return integer(value, where, 1, 65535)


def port_or_zero(value: object, where: str = "") -> int:
    """A port that may be unset (0)."""
    return integer(value, where, 0, 65535)


def number(value: object, where: str = "") -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise Invalid(msg("DataFile", "{field} must be a number", field=where))
    return value


def boolean(value: object, where: str = "") -> bool:
    if not isinstance(value, bool):
        raise Invalid(msg("DataFile", "{field} must be true or false", field=where))
    return value


def listof(value: object, where: str = "") -> list[JSON]:
    if not isinstance(value, list):
        raise Invalid(msg("DataFile", "{field} must be a list", field=where))
    return value


def mapping(value: object, where: str = "") -> JSONObject:
    if not isinstance(value, dict):
        raise Invalid(msg("DataFile", "{field} must be a JSON object", field=where))
    return value


def optional(check: Check) -> Check:
    def checked(value: JSON, where: str = "") -> Any:
        return None if value is None else check(value, where)

    return checked


def items_of(check: Check) -> Check:
    """A list whose every item passes ``check``."""

    def run(value: JSON, where: str = "") -> list[Any]:
        return [check(item, f"{where}[{i}]") for i, item in enumerate(listof(value, where))]

    return run


def record(checks: dict[str, Check], required: Iterable[str] = ()) -> Check:
    """A JSON object whose known fields pass their checks; other fields are kept as they are."""
    needed = tuple(required)

    def run(value: JSON, where: str = "") -> dict[str, Any]:
        data = dict(mapping(value, where or "entry"))
        for name in needed:
            if name not in data:
                raise Invalid(msg("DataFile", "{field} is missing", field=name))
        for name, check in checks.items():
            if name in data:
                data[name] = check(data[name], name)
        return data

    return run


def record_of(cls: type, **overrides: Check) -> Check:
    """The check for a dataclass's JSON form, from its type hints (fields without default are required)."""
    hints = typing.get_type_hints(cls)
    checks: dict[str, Check] = {}
    required = []
    for f in dataclasses.fields(cls):
        checks[f.name] = overrides.get(f.name) or _check_for(hints.get(f.name, Any))
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    return record(checks, required)


def _check_for(hint: Any) -> Check:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return optional(_check_for(inner[0])) if len(inner) == 1 and len(args) == 2 else anything
    if hint is str:
        return text
    if hint is bool:
        return boolean
    if hint is int:
        return integer
    if hint is float:
        return number
    if hint is list or origin is list:
        return items_of(_check_for(args[0])) if args else listof
    if hint is dict or origin is dict:
        return mapping
    return anything


def entries(
    items: list[JSON] | JSONObject, check: Check, key: Callable[[Any], str] | None = None
) -> tuple[Any, list[str]]:
    """Check every entry of a list (or every value of an object): ``(good ones, texts for the skipped)``.

    ``key`` names a list entry (e.g. a session's id); a second entry with the same key is skipped.
    """
    skipped: list[str] = []
    if isinstance(items, dict):
        good_map: dict[str, Any] = {}
        for name, value in items.items():
            try:
                good_map[name] = check(value, "entry")
            except Invalid as exc:
                skipped.append(msg("DataFile", "'{entry}': {error}", entry=name, error=exc.args[0]))
        return good_map, skipped
    good: list[Any] = []
    seen: set[str] = set()
    for index, value in enumerate(items, 1):
        label = value.get("name") if isinstance(value, dict) and isinstance(value.get("name"), str) else ""
        where = (
            msg("DataFile", "entry {n} '{name}'", n=index, name=label)
            if label
            else msg("DataFile", "entry {n}", n=index)
        )
        try:
            item = check(value, "entry")
            if key is not None:
                k = key(item)
                if k in seen:
                    raise Invalid(msg("DataFile", "it repeats an earlier entry's id"))
                seen.add(k)
        except Invalid as exc:
            skipped.append(msg("DataFile", "{entry}: {error}", entry=where, error=exc.args[0]))
            continue
        good.append(item)
    return good, skipped


# -- merging ----------------------------------------------------------------------------------------
def merge(base: JSONObject, mine: JSONObject, disk: JSONObject) -> JSONObject:
    """Three-way merge by key: what this process changed since ``base`` wins, the rest is as on ``disk``.

    Added or edited here: my version. Removed here: removed. Untouched here: whatever another
    process wrote (or removed) meanwhile. Values are compared as JSON data.
    """
    out = dict(disk)
    for key in list(base) + [k for k in mine if k not in base]:
        if key in mine:
            if key not in base or mine[key] != base[key]:
                out[key] = mine[key]
        else:
            out.pop(key, None)
    return out


def merge_list(base: list[JSON], mine: list[JSON], disk: list[JSON]) -> list[JSON]:
    """:func:`merge` for a list of plain values (e.g. folder names): my additions and removals win."""
    removed = [v for v in base if v not in mine]
    added = [v for v in mine if v not in base]
    return [v for v in disk if v not in removed] + [v for v in added if v not in disk]


# -- locking ----------------------------------------------------------------------------------------
_held = threading.local()


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold ``NAME.lock`` beside ``path`` (other processes and threads wait; the same thread may nest)."""
    lock_path = Path(path).with_name(Path(path).name + ".lock")
    held: dict[str, int] = _held.__dict__.setdefault("paths", {})
    key = str(lock_path)
    if held.get(key):
        held[key] += 1
        try:
            yield
        finally:
            held[key] -= 1
        return
    # One lock object per holding: each opens its own descriptor, so two threads wait for each other too.
    lock = filelock.FileLock(lock_path, timeout=LOCK_WAIT_S, mode=0o600, thread_local=False)
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(poll_interval=0.02)
        got = True
    except filelock.Timeout:
        log.warning("%s stayed locked for %.0f s; going on without the lock", lock_path, LOCK_WAIT_S)
        got = False
    except OSError as exc:  # a read-only folder: nothing can be written there anyway
        log.warning("no lock file %s: %s", lock_path, exc)
        yield
        return
    held[key] = 1
    try:
        yield
    finally:
        held[key] = 0
        if got:
            with contextlib.suppress(OSError):
                lock.release()


# -- loading and saving -----------------------------------------------------------------------------
def load(path: Path, check: Callable[[JSON], tuple[Any, list[str]]], *, what: str, empty: Callable[[], Any]) -> Loaded:
    """Read and check ``path``; a damaged file is kept aside and explained (see the module docstring)."""
    path = Path(path)
    if not os.path.lexists(path):
        return Loaded(empty(), "")
    with locked(path):
        return _load_locked(path, check, what, empty)


def update(
    path: Path,
    check: Callable[[JSON], tuple[Any, list[str]]],
    change: Callable[[Loaded], Any],
    *,
    what: str,
    empty: Callable[[], Any],
    indent: int | None = 2,
    sort_keys: bool = False,
) -> Loaded:
    """Under the lock: re-read ``path``, ``change(what is on disk)``, write the result atomically."""
    path = Path(path)
    with locked(path):
        current = _load_locked(path, check, what, empty)
        if current.damaged and current.copy is None and os.path.lexists(path):
            raise DataFileError(current.problem)
        data = change(current)
        save(path, data, indent=indent, sort_keys=sort_keys)
        return current._replace(data=data)


def save(path: Path, data: JSON, *, indent: int | None = 2, sort_keys: bool = False) -> None:
    """Write ``data`` as JSON atomically (callers that share the file use :func:`update`)."""
    atomic.write_text(Path(path), json.dumps(data, indent=indent, sort_keys=sort_keys, ensure_ascii=False))


def _load_locked(
    path: Path, check: Callable[[JSON], tuple[Any, list[str]]], what: str, empty: Callable[[], Any]
) -> Loaded:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Loaded(empty(), "")
    except IsADirectoryError:
        return _whole(path, None, what, msg("DataFile", "a folder stands where the file should be"), empty)
    except OSError as exc:  # no permission, an I/O error: keep it aside rather than write over it later
        reason = msg("DataFile", "it cannot be read: {error}", error=exc.strerror or exc.__class__.__name__)
        return _whole(path, None, what, reason, empty)
    try:
        parsed = json.loads(raw.decode("utf-8-sig"))
        data, skipped = check(parsed)
    except UnicodeDecodeError:
        return _whole(path, raw, what, msg("DataFile", "it is not UTF-8 text"), empty)
    except json.JSONDecodeError as exc:
        reason = msg(
            "DataFile",
            "not valid JSON: {error} at line {line}, column {column}",
            error=exc.msg,
            line=exc.lineno,
            column=exc.colno,
        )
        return _whole(path, raw, what, reason, empty)
    except RecursionError:
        return _whole(path, raw, what, msg("DataFile", "it is nested too deeply"), empty)
    except Invalid as exc:
        return _whole(path, raw, what, exc.args[0], empty)
    if not skipped:
        return Loaded(data, "")
    details = "; ".join(str(s) for s in skipped[:MAX_DETAILS]) + ("; …" if len(skipped) > MAX_DETAILS else "")
    try:
        copy = keep_aside(path, raw)
    except OSError as exc:
        problem = msg(
            "DataFile",
            "{what} {path} was damaged: {count} entries were skipped ({details}), and the file could not be "
            "copied aside ({error}); the other entries were loaded.",
            what=what,
            path=path,
            count=len(skipped),
            details=details,
            error=exc.strerror or exc,
        )
        log.warning("%s", problem)
        return Loaded(data, problem)
    problem = msg(
        "DataFile",
        "{what} {path} was damaged: {count} entries were skipped ({details}); the file as it was is kept as "
        "{copy}; the other entries were loaded, and the next save leaves the skipped ones out (copy back "
        "what you need from the kept file).",
        what=what,
        path=path,
        count=len(skipped),
        details=details,
        copy=copy,
    )
    log.warning("%s", problem)
    return Loaded(data, problem, False, copy)


def _whole(path: Path, raw: bytes | None, what: str, reason: str, empty: Callable[[], Any]) -> Loaded:
    try:
        copy = keep_aside(path, None)
    except OSError as exc:
        problem = msg(
            "DataFile",
            "{what} {path} was damaged ({error}) and could not be moved aside ({reason}); gpudesk goes on "
            "without it and will not write over it.",
            what=what,
            path=path,
            error=reason,
            reason=exc.strerror or exc,
        )
        log.warning("%s", problem)
        return Loaded(empty(), problem, True, None)
    problem = msg(
        "DataFile",
        "{what} {path} was damaged ({error}); it was kept as {copy}; gpudesk goes on without it "
        "(empty or default values) and never writes over the kept file.",
        what=what,
        path=path,
        error=reason,
        copy=copy,
    )
    log.warning("%s", problem)
    return Loaded(empty(), problem, True, copy)


def keep_aside(path: Path, raw: bytes | None) -> Path:
    """Keep the damaged ``path`` as ``NAME.broken-YYYYmmdd-HHMMSS[-N]``, never over an existing name.

    ``raw`` None: move it (the app goes on without it). ``raw`` given: copy those bytes, unless an
    identical copy was kept before (a file reloaded unchanged does not pile up copies).
    """
    if raw is not None:
        for old in sorted(path.parent.glob(f"{glob_escape(path.name)}.broken-*")):
            with contextlib.suppress(OSError):
                if old.is_file() and old.stat().st_size == len(raw) and old.read_bytes() == raw:
                    return old
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10000):
        target = path.with_name(f"{path.name}.broken-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            if raw is not None:
                _write_new(target, raw)
            elif path.is_dir() or not hasattr(os, "link"):
                os.rename(path, target)  # checked free just above; POSIX rename would replace a file
            else:
                try:
                    os.link(path, target)  # fails if the name was taken meanwhile: never overwrites
                except FileExistsError:
                    raise
                except OSError:  # no hard links here (FAT, some network drives)
                    os.rename(path, target)
                else:
                    os.unlink(path)
            return target
        except FileExistsError:
            continue
    raise FileExistsError(str(path))


def _write_new(target: Path, raw: bytes) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(raw)
        fh.flush()
        os.fsync(fh.fileno())


def glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


__all__ = [
    "DataFileError",
    "Invalid",
    "Loaded",
    "anything",
    "boolean",
    "entries",
    "integer",
    "items_of",
    "keep_aside",
    "listof",
    "load",
    "locked",
    "mapping",
    "merge",
    "merge_list",
    "nonempty_text",
    "number",
    "optional",
    "port",
    "port_or_zero",
    "record",
    "record_of",
    "save",
    "text",
    "update",
]
