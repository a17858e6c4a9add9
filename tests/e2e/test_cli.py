"""The command-line contract of DESIGN §3 that the foundation owns."""

from __future__ import annotations

import json
from pathlib import Path

from gpudesk import __version__
from gpudesk.core.sessions import Session, SessionStore
from tests.helpers.cli import gpudesk as run


def test_version(tmp_path: Path) -> None:
    result = run("--version", home=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == f"gpudesk {__version__}"


def test_sessions_list_json_fields(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "config" / "sessions.json")
    store.add(Session(name="A100-node1", host="gpu.example.com", port=34567, username="root", folder="Lab"))
    store.add(Session(name="key box", host="10.1.2.3", auth="agent"))
    result = run("sessions", "list", "--json", home=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data[0] == {
        "name": "key box", "host": "10.1.2.3", "port": 22, "username": "root", "auth": "agent",
        "identity_file": "", "jump_host": "", "folder": "",
    }
    assert data[1]["name"] == "A100-node1" and data[1]["port"] == 34567 and data[1]["folder"] == "Lab"
    plain = run("sessions", "list", home=tmp_path)
    assert "root@gpu.example.com:34567" in plain.stdout


def test_empty_list_explains_what_to_do(tmp_path: Path) -> None:
    result = run("sessions", "list", home=tmp_path)
    assert result.returncode == 0 and "gpudesk --demo" in result.stdout
    assert json.loads(run("sessions", "list", "--json", home=tmp_path).stdout) == []


def test_bad_usage_exits_2(tmp_path: Path) -> None:
    assert run("sessions", home=tmp_path).returncode == 2
    assert run("demo-server", "--load", "volcano", home=tmp_path).returncode == 2
    assert run("--no-such-flag", home=tmp_path).returncode == 2
