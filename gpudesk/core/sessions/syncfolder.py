"""Mirror the session store to a folder the user chooses (a cloud-drive folder, a USB stick).

The folder holds one JSON file, ``gpudesk-sessions.json``, with every session (never a secret:
passwords, passphrases and stored keys live in the keyring of each computer), the time each
one last changed, and tombstones for deleted ones. Two computers that share the folder merge
by session id: the newer change wins, and a deletion wins over an older edit.

Change times are kept in the sync file; a small state file next to the local session store
remembers what was last synced, so a local edit is recognised (its content changed) without
touching the session model.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core import atomic, ctrlchars, settings
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import message_of, msg
from gpudesk.core.sessions.model import Session, ValidationError
from gpudesk.core.sessions.store import SessionStore

FILE_NAME = "gpudesk-sessions.json"
FORMAT = "gpudesk-sessions-sync"
VERSION = 1
#: Tombstones older than this are dropped: every computer has seen the deletion by then.
TOMBSTONE_DAYS = 180
#: Keys that must never reach the shared file, at any depth (defence in depth: the store holds none).
SECRET_KEYS = frozenset({"password", "passphrase", "key_text", "secret", "token", "api_key", "private_key"})


class SyncError(Exception):
    """The sync file cannot be read or written; the message says what to do."""


@dataclass
class Merged:
    """The result of a merge: live sessions (id → (modified, data)) and tombstones (id → deleted at)."""

    sessions: dict[str, tuple[float, JSONObject]] = field(default_factory=dict)
    tombstones: dict[str, float] = field(default_factory=dict)
    folders: list[str] = field(default_factory=list)


def _digest(data: JSONObject) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _scrub(value: JSON) -> JSON:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if str(k).lower() not in SECRET_KEYS}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _clean_labels(data: JSONObject) -> JSONObject:
    """Another computer's (or anyone's) names and folders with control characters replaced by a space.

    Sessions from the folder may be stored without validation (a key path of that computer), so
    their labels are cleaned here, on reading, instead.
    """
    for key in ("name", "folder"):
        if isinstance(data.get(key), str):
            data[key] = ctrlchars.clean(data[key])
    return data


def session_data(session: Session) -> JSONObject:
    """What of a session goes to the shared file."""
    data: JSONObject = _scrub(session.to_json())
    return data


class SyncFolder:
    """Sync ``store`` with ``folder``.

    Args:
        store: the local sessions.
        folder: the shared folder (created when missing).
        clock: seconds since the epoch (tests pass their own).
    """

    def __init__(self, store: SessionStore, folder: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.folder = Path(folder).expanduser()
        self.path = self.folder / FILE_NAME
        self.state_path = store.path.with_name(store.path.stem + ".sync-state.json")
        self.clock = clock
        self.last_error: str = ""
        self.skipped: list[str] = []  # remote sessions this computer could not take, with why
        self._lock = threading.RLock()
        self._applying = False
        self._attached = False
        self._wake = threading.Condition()
        self._requested = 0
        self._done = 0
        self._worker: threading.Thread | None = None

    # -- files ------------------------------------------------------------------------
    def read_remote(self) -> Merged:
        """The shared file as a :class:`Merged`; empty when there is none yet."""
        try:
            raw = self.path.read_text("utf-8")
        except FileNotFoundError:
            return Merged()
        except OSError as exc:
            raise SyncError(
                msg(
                    "SyncFolder",
                    "Could not read the sync file {path}: {error}.",
                    path=str(self.path),
                    error=exc.strerror or str(exc),
                )
            ) from None
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a gpudesk sessions file")
            if int(data.get("version", 0)) > VERSION:
                raise SyncError(
                    msg("SyncFolder", "The sync file {path} was written by a newer gpudesk. Update gpudesk on this computer.",
                        path=str(self.path))
                )  # fmt: skip
            sessions = {
                str(sid): (float(entry["modified"]), _clean_labels(dict(entry["session"])))
                for sid, entry in dict(data.get("sessions", {})).items()
            }
            tombstones = {str(sid): float(t) for sid, t in dict(data.get("tombstones", {})).items()}
            folders = [ctrlchars.clean(f) for f in data.get("folders", []) if isinstance(f, str)]
        except SyncError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise SyncError(
                msg(
                    "SyncFolder",
                    "The sync file {path} is damaged ({error}). It was left as it is: "
                    "restore it from your cloud drive's history, or move it away to start afresh.",
                    path=str(self.path),
                    error=str(exc),
                )
            ) from None
        return Merged(sessions, tombstones, folders)

    def _write_remote(self, merged: Merged) -> None:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "written_at": self.clock(),
            "folders": merged.folders,
            "sessions": {
                sid: {"modified": modified, "session": _scrub(session)}
                for sid, (modified, session) in sorted(merged.sessions.items())
            },
            "tombstones": dict(sorted(merged.tombstones.items())),
        }
        try:
            atomic.write_text(self.path, json.dumps(data, indent=2, ensure_ascii=False))
        except OSError as exc:
            raise SyncError(
                msg(
                    "SyncFolder",
                    "Could not write the sync file {path}: {error}.",
                    path=str(self.path),
                    error=exc.strerror or str(exc),
                )
            ) from None

    def _read_state(self) -> JSONObject:
        try:
            state = json.loads(self.state_path.read_text("utf-8"))
        except (OSError, ValueError):
            return {"file": str(self.path), "sessions": {}, "tombstones": {}}
        if not isinstance(state, dict) or state.get("file") != str(self.path):
            # A different folder: nothing of it was synced from here yet.
            return {"file": str(self.path), "sessions": {}, "tombstones": {}}
        state.setdefault("sessions", {})
        state.setdefault("tombstones", {})
        return state

    def _write_state(self, state: JSONObject) -> None:
        atomic.write_text(self.state_path, json.dumps(state, indent=2, sort_keys=True))

    # -- merging ----------------------------------------------------------------------
    def _local(self, state: JSONObject, now: float) -> Merged:
        """The store as a :class:`Merged`: change times from the state, ``now`` for what changed since."""
        out = Merged(folders=list(self.store.folders))
        known: JSONObject = state["sessions"]
        for session in self.store:
            data = session_data(session)
            prev = known.get(session.id)
            if prev is None:
                # Never synced from here: an old copy must not beat the folder's, so it counts
                # as changed at the dawn of time (a session new to the folder is still added).
                modified = 0.0
            elif prev.get("digest") == _digest(data):
                modified = float(prev.get("modified", 0.0))
            else:
                modified = now
            out.sessions[session.id] = (modified, data)
        out.tombstones = {sid: float(t) for sid, t in state["tombstones"].items()}
        for sid in known:
            if sid not in out.sessions and sid not in out.tombstones:
                out.tombstones[sid] = now  # deleted here since the last sync
        return out

    @staticmethod
    def _merge(local: Merged, remote: Merged, now: float) -> Merged:
        merged = Merged(folders=sorted(set(local.folders) | set(remote.folders), key=str.lower))
        for sid in set(local.sessions) | set(remote.sessions) | set(local.tombstones) | set(remote.tombstones):
            best: tuple[float, JSONObject] | None = None
            for side in (remote, local):  # on a tie the remote copy stays: fewer rewrites
                entry = side.sessions.get(sid)
                if entry is not None and (best is None or entry[0] > best[0]):
                    best = entry
            deleted = max(local.tombstones.get(sid, -1.0), remote.tombstones.get(sid, -1.0))
            if deleted >= 0 and (best is None or deleted >= best[0]):
                if now - deleted < TOMBSTONE_DAYS * 86400:
                    merged.tombstones[sid] = deleted
            elif best is not None:
                merged.sessions[sid] = best
        return merged

    # -- the two directions -----------------------------------------------------------
    def pull(self, remote: Merged | None = None) -> list[str]:
        """Bring the folder's changes into the store; returns the names of sessions changed here.

        The store's listeners run on the calling thread, so the app calls this on the GUI
        thread, with ``remote`` read beforehand in the background (:meth:`read_remote`: the
        folder may be a slow network drive).
        """
        if remote is None:
            remote = self.read_remote()
        with self._lock:
            now = self.clock()
            state = self._read_state()
            local = self._local(state, now)
            merged = self._merge(local, remote, now)
            changed = self._apply(local, merged)
            self._write_state(self._state_for(merged, local))
            return changed

    def push(self) -> None:
        """Write the store's changes into the folder, keeping newer changes made elsewhere."""
        with self._lock:
            now = self.clock()
            state = self._read_state()
            local = self._local(state, now)
            merged = self._merge(local, self.read_remote(), now)
            self._write_remote(merged)
            self._write_state(self._state_for(merged, local))
            self.last_error = ""

    def sync(self) -> list[str]:
        """Pull then push: what the app does at start-up."""
        changed = self.pull()
        self.push()
        return changed

    def _state_for(self, merged: Merged, local: Merged) -> JSONObject:
        """What the store holds now, with the change times the merge settled on."""
        sessions = {}
        for session in self.store:
            data = session_data(session)
            entry = merged.sessions.get(session.id)
            if entry is not None and _digest(entry[1]) == _digest(data):
                modified = entry[0]
            else:  # the folder has an older copy of it (a push is due), or a skipped one
                modified = local.sessions.get(session.id, (0.0, data))[0]
            sessions[session.id] = {"digest": _digest(data), "modified": modified}
        return {"file": str(self.path), "sessions": sessions, "tombstones": merged.tombstones}

    def _apply(self, local: Merged, merged: Merged) -> list[str]:
        """Make the store match ``merged`` where the folder's copy won."""
        upserts: list[Session] = []
        removals: list[str] = []
        self.skipped = []
        for sid, (_, data) in merged.sessions.items():
            mine = local.sessions.get(sid)
            if mine is not None and _digest(mine[1]) == _digest(data):
                continue
            try:
                upserts.append(Session.from_json(data))
            except (TypeError, ValueError) as exc:
                self.skipped.append(
                    msg("SyncFolder", "{name}: {error}", name=str(data.get("name", sid)), error=message_of(exc))
                )
        for sid in merged.tombstones:
            if self.store.get(sid) is not None:
                removals.append(sid)
        changed = [s.name for s in upserts] + [self.store.get(sid).name for sid in removals]  # type: ignore[union-attr]
        self._applying = True  # our own store writes must not start a push each
        try:
            valid, unchecked = [], []
            for session in upserts:
                try:
                    session.validate()
                    valid.append(session)
                except ValidationError:
                    # Typically a key file at another computer's path: keep the session, so the
                    # user can point it at the key here, rather than lose it.
                    unchecked.append(session)
            if valid:
                self.store.add_many(valid)
            if unchecked:
                _put_unvalidated(self.store, unchecked)
            for sid in removals:
                self.store.remove(sid)
            for folder in merged.folders:
                if folder not in self.store.folders:
                    self.store.add_folder(folder)
        finally:
            self._applying = False
        return changed

    # -- following the store --------------------------------------------------------------
    def attach(self, push_now: bool = False) -> SyncFolder:
        """Push after every change of the store, on a background thread (the folder may be slow).

        ``push_now`` also pushes once right away (after a :meth:`pull` at start-up).
        """
        if not self._attached:
            self._attached = True
            self.store.subscribe(self._on_store_change)
            self._worker = threading.Thread(target=self._push_loop, name="gpudesk-session-sync", daemon=True)
            self._worker.start()
        if push_now:
            self.request_push()
        return self

    def request_push(self) -> None:
        """Ask the background thread for a push (many requests in a row make one push)."""
        with self._wake:
            self._requested += 1
            self._wake.notify_all()

    def detach(self) -> None:
        self._attached = False
        with self._wake:
            self._wake.notify_all()

    def _on_store_change(self) -> None:
        if self._attached and not self._applying:
            self.request_push()

    def _push_loop(self) -> None:
        while True:
            with self._wake:
                while self._attached and self._done >= self._requested:
                    self._wake.wait()
                if not self._attached:
                    return
                target = self._requested  # one push covers every change asked for so far
            try:
                self.push()
            except (SyncError, OSError) as exc:
                self.last_error = message_of(exc)  # keeps the Msg, so the UI can translate it
            with self._wake:
                self._done = target
                self._wake.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every change so far is in the folder (for tests and a clean exit)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._wake:
            while self._done < self._requested:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._wake.wait(left)
        return True


def _put_unvalidated(store: SessionStore, sessions: list[Session]) -> None:
    """Store sessions that fail validation only on this computer (e.g. a key file path)."""
    store.add_many(sessions, validate=False)


def attach(store: SessionStore, folder: str | Path | None = None) -> SyncFolder | None:
    """Start syncing ``store`` with ``folder`` (default: the ``sessions.sync_folder`` setting).

    Pulls the folder's changes, pushes the store's, then pushes after every change. Returns
    ``None`` when no folder is set. Raises :class:`SyncError` when the file is unusable.
    """
    if folder is None:
        folder = settings.get("sessions.sync_folder")
    if not folder:
        return None
    sync = SyncFolder(store, folder)
    sync.sync()
    return sync.attach()
