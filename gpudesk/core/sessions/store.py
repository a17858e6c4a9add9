"""SessionStore: sessions and folders as one JSON file, written atomically."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from gpudesk.core import atomic, paths
from gpudesk.core.sessions.model import Session

FORMAT_VERSION = 1


class SessionStore:
    """Load, change and save sessions. Thread-safe; listeners hear every change."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else paths.sessions_file()
        self._lock = threading.RLock()
        self._sessions: dict[str, Session] = {}
        self._folders: list[str] = []
        self._listeners: list[Callable[[], None]] = []
        self.load_error: str | None = None
        self._load()

    # -- reading -------------------------------------------------------------
    def _load(self) -> None:
        try:
            raw = self.path.read_text("utf-8")
        except FileNotFoundError:
            return
        try:
            data = json.loads(raw)
            sessions = [Session.from_json(item) for item in data.get("sessions", [])]
        except (ValueError, TypeError, AttributeError) as exc:
            # Keep the unreadable file for the user instead of overwriting it.
            backup = self.path.with_suffix(".json.broken")
            self.path.replace(backup)
            self.load_error = f"The session file was damaged ({exc}); it was kept as {backup.name}."
            return
        self._sessions = {s.id: s for s in sessions}
        self._folders = [f for f in data.get("folders", []) if isinstance(f, str)]

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
        data = {
            "version": FORMAT_VERSION,
            "folders": self._folders,
            "sessions": [s.to_json() for s in self._sessions.values()],
        }
        atomic.write_text(self.path, json.dumps(data, indent=2, ensure_ascii=False))
        for listener in list(self._listeners):
            listener()
