"""Quick commands: saved snippets sent to a terminal with one click (global or per session).

Stored as JSON in ``quick_commands.json`` under the config dir, written atomically.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gpudesk.core import atomic, paths
from gpudesk.core.terminal.paste import clean

DEFAULTS = [
    ("GPU status", "nvidia-smi"),
    ("Watch GPUs", "watch -n 1 nvidia-smi"),
    ("Disk space", "df -h"),
    ("tmux sessions", "tmux ls"),
]


@dataclass
class QuickCommand:
    name: str
    command: str
    session_id: str = ""  # empty: offered for every session
    send_enter: bool = True

    def payload(self) -> bytes:
        """What to type into the terminal: the text as a paste is cleaned (no ESC or other control
        character from a hand-edited or imported file), then Enter when asked."""
        return (clean(self.command) + ("\r" if self.send_enter else "")).encode("utf-8")


@dataclass
class QuickCommandStore:
    path: Path = field(default_factory=lambda: paths.config_dir() / "quick_commands.json")
    commands: list[QuickCommand] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path | None = None) -> QuickCommandStore:
        store = cls(path) if path else cls()
        try:
            raw = json.loads(store.path.read_text("utf-8"))
            store.commands = [
                QuickCommand(
                    str(item["name"]),
                    str(item["command"]),
                    str(item.get("session_id", "")),
                    bool(item.get("send_enter", True)),
                )
                for item in raw
                if isinstance(item, dict) and "name" in item and "command" in item
            ]
        except FileNotFoundError:
            store.commands = [QuickCommand(n, c) for n, c in DEFAULTS]
        except (OSError, ValueError, TypeError):
            store.commands = []  # unreadable: start empty rather than crash
        return store

    def for_session(self, session_id: str) -> list[QuickCommand]:
        return [c for c in self.commands if not c.session_id or c.session_id == session_id]

    def add(self, command: QuickCommand) -> None:
        self.commands.append(command)
        self.save()

    def remove(self, command: QuickCommand) -> None:
        self.commands = [c for c in self.commands if c is not command]
        self.save()

    def save(self) -> None:
        atomic.write_text(self.path, json.dumps([asdict(c) for c in self.commands], indent=2, ensure_ascii=False))
