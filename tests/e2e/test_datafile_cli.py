"""`gpudesk sessions import` (a real process) against a sessions file the app also has open, or one that is damaged."""

from __future__ import annotations

import json
from pathlib import Path

from gpudesk.core import paths
from gpudesk.core.sessions import Session, SessionStore
from tests.helpers.cli import gpudesk

ROOT = Path(__file__).resolve().parents[2]
SSH_CONFIG = """\
Host gpu-a
    HostName 10.0.0.11
    User root
    Port 2201

Host gpu-b
    HostName 10.0.0.12
    User ubuntu
"""


def test_cli_import_while_the_app_holds_the_store_loses_nothing(tmp_path: Path) -> None:
    config = tmp_path / "ssh_config"
    config.write_text(SSH_CONFIG)
    app = SessionStore()  # the running app's store, loaded before the CLI writes
    app.add(Session(name="lab", host="lab.example", id="lab"))

    result = gpudesk("sessions", "import", "ssh-config", str(config))
    assert result.returncode == 0, result.stderr
    assert {s.name for s in SessionStore()} == {"lab", "gpu-a", "gpu-b"}

    # The app saves a change of its own afterwards: what the CLI imported stays.
    app.add(Session(name="later", host="later.example"))
    lab = app.get("lab")
    lab.port = 2222
    app.update(lab)
    saved = {s.name: s.port for s in SessionStore()}
    assert saved == {"lab": 2222, "gpu-a": 2201, "gpu-b": 22, "later": 22}
    assert {s.name for s in app} == set(saved)  # the app sees the imported sessions too


def test_cli_import_into_a_damaged_store_keeps_it_and_says_so_on_stderr(tmp_path: Path) -> None:
    config = tmp_path / "ssh_config"
    config.write_text(SSH_CONFIG)
    path = paths.sessions_file()
    good = {"name": "lab", "host": "lab.example", "port": 22, "id": "lab"}
    bad = {"name": "typo", "host": "typo.example", "port": "abc", "id": "typo"}
    original = json.dumps({"version": 1, "folders": [], "sessions": [good, bad]}).encode()
    path.write_bytes(original)

    result = gpudesk("sessions", "import", "ssh-config", str(config), "--json")
    assert result.returncode == 0, result.stderr
    assert [s["name"] for s in json.loads(result.stdout)] == ["gpu-a", "gpu-b"]  # stdout stays one JSON document
    (kept,) = path.parent.glob("sessions.json.broken-*")
    assert kept.read_bytes() == original
    assert "damaged" in result.stderr and kept.name in result.stderr
    assert {s.name for s in SessionStore()} == {"lab", "gpu-a", "gpu-b"}
    assert kept.read_bytes() == original  # the save after the import did not touch the kept copy


def test_cli_on_a_file_that_is_not_json_at_all_starts_empty_and_keeps_it(tmp_path: Path) -> None:
    config = tmp_path / "ssh_config"
    config.write_text(SSH_CONFIG)
    path = paths.sessions_file()
    path.write_bytes(b"\x00\x01 not json \xff")
    result = gpudesk("sessions", "import", "ssh-config", str(config))
    assert result.returncode == 0, result.stderr
    (kept,) = path.parent.glob("sessions.json.broken-*")
    assert kept.read_bytes() == b"\x00\x01 not json \xff" and kept.name in result.stderr
    assert {s.name for s in SessionStore()} == {"gpu-a", "gpu-b"}
