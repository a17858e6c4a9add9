"""Sync pairs saved per session: ``sync-pairs.json`` in the config dir, keyed by session id.

A pair holds folders and options only; nothing in it is secret.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gpudesk.core import atomic, paths


@dataclass
class SyncPair:
    local: str
    remote: str
    direction: str = "upload"
    excludes: list[str] = field(default_factory=list)
    use_gitignore: bool = True
    delete: bool = False

    @classmethod
    def from_json(cls, data: dict[str, object]) -> SyncPair:
        excludes = data.get("excludes")
        return cls(
            local=str(data.get("local", "")),
            remote=str(data.get("remote", "")),
            direction="download" if data.get("direction") == "download" else "upload",
            excludes=[str(x) for x in excludes] if isinstance(excludes, list) else [],
            use_gitignore=bool(data.get("use_gitignore", True)),
            delete=bool(data.get("delete", False)),
        )


class SyncPairStore:
    """Loads and saves the pairs of every session (atomic writes)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.config_dir() / "sync-pairs.json"

    def _load(self) -> dict[str, list[dict[str, object]]]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def pairs(self, session_id: str) -> list[SyncPair]:
        raw = self._load().get(session_id, [])
        return [SyncPair.from_json(p) for p in raw if isinstance(p, dict)] if isinstance(raw, list) else []

    def save(self, session_id: str, pair: SyncPair) -> None:
        """Add ``pair``, or update the one with the same folders; the latest comes first."""
        data = self._load()
        others = [p for p in self.pairs(session_id) if (p.local, p.remote) != (pair.local, pair.remote)]
        data[session_id] = [asdict(p) for p in [pair, *others]]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(self.path, json.dumps(data, indent=2, sort_keys=True))

    def remove(self, session_id: str, pair: SyncPair) -> None:
        data = self._load()
        data[session_id] = [
            asdict(p) for p in self.pairs(session_id) if (p.local, p.remote) != (pair.local, pair.remote)
        ]
        atomic.write_text(self.path, json.dumps(data, indent=2, sort_keys=True))
