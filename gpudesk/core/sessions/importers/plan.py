"""From parsed files to a plan (create / merge / skip per session) and applying it to a store."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gpudesk.core.sessions.importers.common import FileResult, ImportedSession
from gpudesk.core.sessions.model import Session, ValidationError
from gpudesk.core.sessions.store import SessionStore

CREATE, MERGE, SKIP = "create", "merge", "skip"
ACTIONS = (CREATE, MERGE, SKIP)


def identity(session: Session) -> tuple[str, int, str]:
    """What makes two sessions the same server login: host, port and user."""
    return (session.host.strip().lower(), int(session.port), session.username.strip())


@dataclass
class PlanItem:
    imported: ImportedSession
    action: str = CREATE
    name: str = ""  # the name it will get (unique in the store and in this import)
    existing: Session | None = None  # a saved session with the same host, port and user
    earlier: PlanItem | None = None  # an earlier item of this import for the same server

    @property
    def session(self) -> Session:
        return self.imported.session

    @property
    def is_duplicate(self) -> bool:
        return self.existing is not None or self.earlier is not None

    @property
    def folder(self) -> str:
        return self.session.folder


@dataclass
class ImportPlan:
    items: list[PlanItem] = field(default_factory=list)
    files: list[FileResult] = field(default_factory=list)
    folder_map: dict[str, str] = field(default_factory=dict)  # source folder → folder in gpudesk

    @property
    def errors(self) -> list[FileResult]:
        return [f for f in self.files if not f.ok]

    @property
    def warnings(self) -> list[str]:
        return [w for f in self.files for w in f.warnings]

    @property
    def skipped_non_ssh(self) -> int:
        return sum(f.skipped for f in self.files)

    def count(self, action: str) -> int:
        return sum(1 for item in self.items if item.action == action)

    def target_folder(self, item: PlanItem) -> str:
        return self.folder_map.get(item.folder, item.folder)

    def set_action(self, item: PlanItem, action: str) -> None:
        """Change one item's action; merging needs a saved session to merge into."""
        if action not in ACTIONS:
            raise ValueError(action)
        if action == MERGE and item.existing is None:
            action = SKIP if item.earlier is not None else CREATE
        item.action = action

    def set_duplicate_action(self, action: str) -> None:
        """Merge or skip every duplicate at once (the dialog's one switch)."""
        for item in self.items:
            if item.is_duplicate:
                self.set_action(item, action)


def build_plan(results: Iterable[FileResult], store: SessionStore, duplicate_action: str = SKIP) -> ImportPlan:
    """Decide, for every session found, whether it is new or a duplicate, and give it a unique name."""
    plan = ImportPlan(files=list(results))
    saved = {identity(s): s for s in store}
    taken = {s.name for s in store}
    seen: dict[tuple[str, int, str], PlanItem] = {}
    for result in plan.files:
        if not result.ok:
            continue
        for imported in result.sessions:
            item = PlanItem(imported)
            key = identity(imported.session)
            item.existing = saved.get(key)
            item.earlier = seen.get(key)
            if item.earlier is None:
                seen[key] = item
            item.name = _unique(imported.session.name, taken)
            taken.add(item.name)
            if item.is_duplicate:
                plan.set_action(item, duplicate_action)
            plan.items.append(item)
            if imported.session.folder:
                plan.folder_map.setdefault(imported.session.folder, imported.session.folder)
    return plan


def _unique(base: str, taken: set[str]) -> str:
    base = base.strip() or "session"
    if base not in taken:
        return base
    n = 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


@dataclass
class ApplyReport:
    created: list[Session] = field(default_factory=list)
    merged: list[Session] = field(default_factory=list)
    skipped: int = 0


def prepared(plan: ImportPlan) -> tuple[list[Session], list[Session], int]:
    """The sessions to add and the saved ones to update, all validated before anything is written."""
    new: list[Session] = []
    updated: list[Session] = []
    skipped = 0
    for item in plan.items:
        if item.action == SKIP:
            skipped += 1
            continue
        if item.action == MERGE and item.existing is not None:
            merged = Session.from_json(item.existing.to_json())
            if item.session.jump_host and not merged.jump_host:
                merged.jump_host = item.session.jump_host
            if item.session.auth == "key_file" and merged.auth != "key_file":
                merged.auth, merged.identity_file = "key_file", item.session.identity_file
            updated.append(merged)
            continue
        data = item.session.to_json()
        data.pop("id")
        session = Session.from_json(data)
        session.name = item.name
        session.folder = plan.target_folder(item)
        new.append(session)
    for session in new + updated:
        try:
            session.validate()
        except ValidationError as exc:
            raise ValidationError(exc.field, f"{session.name}: {exc}") from None
    return new, updated, skipped


def apply_plan(plan: ImportPlan, store: SessionStore) -> ApplyReport:
    """Write the plan into ``store``. Everything is validated first, so a bad entry writes nothing."""
    new, updated, skipped = prepared(plan)
    _write_all(store, new + updated)
    return ApplyReport(created=new, merged=updated, skipped=skipped)


def _write_all(store: SessionStore, sessions: list[Session]) -> None:
    """Save all sessions with one file write and one change notice (one fsync, not one per session)."""
    if sessions:
        store.add_many(sessions)
