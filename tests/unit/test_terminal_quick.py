"""Quick commands are saved as JSON in the config dir and filtered per session."""

from __future__ import annotations

import json

from gpudesk.core import paths
from gpudesk.core.terminal.quick import QuickCommand, QuickCommandStore


def test_defaults_then_save_and_reload() -> None:
    store = QuickCommandStore.load()
    assert any(c.command == "nvidia-smi" for c in store.commands)  # a fresh install has useful ones
    store.add(QuickCommand("train", "cd ~/proj && python train.py", session_id="abc"))
    store.add(QuickCommand("gpu", "nvidia-smi -l 1", send_enter=False))
    path = paths.config_dir() / "quick_commands.json"
    saved = json.loads(path.read_text("utf-8"))
    assert {"name": "train", "command": "cd ~/proj && python train.py", "session_id": "abc", "send_enter": True} in saved
    again = QuickCommandStore.load()
    names_abc = [c.name for c in again.for_session("abc")]
    names_other = [c.name for c in again.for_session("other")]
    assert "train" in names_abc and "train" not in names_other
    assert "gpu" in names_abc and "gpu" in names_other
    gpu = next(c for c in again.commands if c.name == "gpu")
    assert gpu.payload() == b"nvidia-smi -l 1"
    assert next(c for c in again.commands if c.name == "train").payload() == b"cd ~/proj && python train.py\r"
    again.remove(gpu)
    assert "gpu" not in [c.name for c in QuickCommandStore.load().commands]


def test_unreadable_file_starts_empty() -> None:
    path = paths.config_dir() / "quick_commands.json"
    path.write_text("{not json", "utf-8")
    assert QuickCommandStore.load().commands == []
