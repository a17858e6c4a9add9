"""SessionStore: sessions and folders as one JSON file, written atomically."""

from __future__ import annotations

import copy
import json
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path

from gpudesk.core import datafile, paths
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.sessions import ssh_export
from gpudesk.core.sessions.model import Session

FORMAT_VERSION = 1


class SessionStore:
    """Load, change and save sessions. Thread-safe; listeners hear every change."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else paths.sessions_file()
        self._lock = threading.RLock()
        self._sessions: dict[str, Session] = {}
        self._folders: list[str] = []
        self._base: JSONObject = _empty()
        self._listeners: list[Callable[[], None]] = []
        self.load_error: str | None = None
        self._load()

    # -- reading -------------------------------------------------------------
    def _load(self) -> None:
        # A damaged file is kept aside (whole or, with damaged entries, as a copy) and explained.
        loaded = datafile.load(self.path, _check_file, what=_what(), empty=_empty)
        self.load_error = loaded.problem or None
        self._adopt(loaded.data)

    def _adopt(self, data: JSONObject) -> None:
        """Take ``data`` (checked JSON) as the state; Session objects others hold stay the same objects."""
        sessions: dict[str, Session] = {}
        for sid, item in data["sessions"].items():
            new = Session.from_json(item)
            old = self._sessions.get(sid)
            if old is None:
                sessions[sid] = new
                continue
            if old.to_json() != item:
                for f in fields(Session):
                    setattr(old, f.name, getattr(new, f.name))
            sessions[sid] = old
        self._sessions = sessions
        self._folders = list(data["folders"])
        self._base = copy.deepcopy(data)  # what this process last read or wrote: the merge base

    def __iter__(self) -> Iterator[Session]:
        with self._lock:
            return iter(sorted(self._sessions.values(), key=lambda s: (s.folder.lower(), s.name.lower())))

    def __len__(self) -> int:
        return len(self._sessions)

    def get(self, session_id: str) -> Session | None:
        return self._sessions.get(session_id)

    def find(self, name: str) -> Session | None:
        for session in self._sessions.values():
            if session.name == name:
                return session
        return None

    @property
    def folders(self) -> list[str]:
        with self._lock:
            used = {s.folder for s in self._sessions.values() if s.folder}
            return sorted(set(self._folders) | used, key=str.lower)

    # -- changing ------------------------------------------------------------
    def add(self, session: Session) -> Session:
        session.validate()
        with self._lock:
            self._sessions[session.id] = session
            self._save()
        return session

    def add_many(self, sessions: list[Session], validate: bool = True) -> list[Session]:
        """Add several sessions with one write and one change notice (imports); all or nothing.

        ``validate=False`` is for sessions synced from another computer, which may name a key
        file that exists only there: they are kept as they are and explained at connect time.
        """
        if validate:
            for session in sessions:
                session.validate()
        with self._lock:
            for session in sessions:
                self._sessions[session.id] = session
            self._save()
        return sessions

    def update(self, session: Session) -> None:
        self.add(session)

    def remove(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)
            self._save()

    def duplicate(self, session_id: str) -> Session:
        with self._lock:
            original = self._sessions[session_id]
            data = original.to_json()
            data.pop("id")
            copy = Session.from_json(data)
            copy.name = self.unique_name(f"{original.name} (copy)")
            return self.add(copy)

    def move(self, session_id: str, folder: str) -> None:
        with self._lock:
            self._sessions[session_id].folder = folder
            self._save()

    def add_folder(self, folder: str) -> None:
        with self._lock:
            if folder and folder not in self._folders:
                self._folders.append(folder)
                self._save()

    def remove_folder(self, folder: str) -> None:
        """Remove a folder; its sessions move to the top level (nothing is deleted)."""
        with self._lock:
            self._folders = [f for f in self._folders if f != folder]
            for session in self._sessions.values():
                if session.folder == folder:
                    session.folder = ""
            self._save()

    def unique_name(self, base: str) -> str:
        names = {s.name for s in self._sessions.values()}
        if base not in names:
            return base
        n = 2
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _save(self) -> None:
        """Re-read the file under its lock, apply this store's changes to it and write it atomically.

        Another app instance or the CLI may have written meanwhile: sessions and folders this
        store did not touch are taken as they are on disk, so neither side loses the other's.
        """
        mine = {sid: s.to_json() for sid, s in self._sessions.items()}

        def change(disk: datafile.Loaded) -> JSONObject:
            theirs = self._base if disk.damaged else disk.data
            return {
                "version": FORMAT_VERSION,
                "folders": datafile.merge_list(self._base["folders"], self._folders, theirs["folders"]),
                "sessions": list(datafile.merge(self._base["sessions"], mine, theirs["sessions"]).values()),
            }

        written = datafile.update(self.path, _check_file, change, what=_what(), empty=_empty)
        if written.problem:
            self.load_error = written.problem
        self._adopt({"folders": written.data["folders"], "sessions": {s["id"]: s for s in written.data["sessions"]}})
        for listener in list(self._listeners):
            listener()
        # A rename or delete reaches gpudesk's ssh config for VS Code & co., once the user has written it.

        ssh_export.refresh_if_written(list(self._sessions.values()))


def _what() -> str:
    return msg("DataFile", "The session list")


def _empty() -> JSONObject:
    return {"folders": [], "sessions": {}}


_check_session = datafile.record_of(
    Session, host=datafile.nonempty_text, port=datafile.port, proxy_port=datafile.port_or_zero
)


def _check_file(raw: JSON) -> tuple[JSONObject, list[str]]:
    """Sessions by id and folder names; a damaged session or folder name is skipped and reported."""
    top = datafile.mapping(raw, msg("DataFile", "the file"))
    folders, skipped = datafile.entries(datafile.listof(top.get("folders", []), "folders"), datafile.text)
    sessions, bad = datafile.entries(
        datafile.listof(top.get("sessions", []), "sessions"), _session_with_id, key=lambda s: s["id"]
    )
    return {"folders": folders, "sessions": {s["id"]: s for s in sessions}}, skipped + bad


def _session_with_id(value: JSON, where: str = "") -> JSONObject:
    item = _check_session(value, where)
    if "id" not in item:  # written by hand: an id from the content stays the same on every read
        item["id"] = uuid.uuid5(uuid.NAMESPACE_URL, json.dumps(item, sort_keys=True)).hex
    datafile.nonempty_text(item["id"], "id")
    return Session(**{f.name: item[f.name] for f in fields(Session) if f.name in item}).to_json()
