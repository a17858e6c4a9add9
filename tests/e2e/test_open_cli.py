"""``gpudesk sessions export-ssh-config`` and ``gpudesk open``: real CLI processes, a real sshd, real ssh."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpudesk.core import paths
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from tests.helpers.cli import gpudesk

pytestmark = pytest.mark.e2e


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    home = tmp_path / "home"
    bin_dir = tmp_path / "bin"
    home.mkdir()
    bin_dir.mkdir()
    record = tmp_path / "argv.json"
    for tool in ("code", "x-terminal-emulator"):
        fake = bin_dir / tool
        fake.write_text(
            f"#!{sys.executable}\nimport json, sys\nopen({str(record)!r}, 'w').write(json.dumps(sys.argv))\n"
        )
        fake.chmod(0o755)
    monkeypatch.setenv("HOME", str(home))
    return dict(os.environ, HOME=str(home), PATH=f"{bin_dir}:{os.environ['PATH']}", RECORD=str(record))


def _gpudesk(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return gpudesk(*args, env=env, timeout=60)


def _recorded(env: dict[str, str]) -> list[str]:
    import time

    record = Path(env["RECORD"])
    for _ in range(100):  # the tool is started detached
        if record.exists() and record.read_text():
            return list(json.loads(record.read_text()))
        time.sleep(0.05)
    raise AssertionError("the tool was not started")


def test_export_then_open_in_code_and_the_terminal(sshd, env) -> None:
    paths.known_hosts_file().write_text(sshd.known_hosts.read_text())
    SessionStore().add(
        Session(
            name="My Box",
            host=sshd.host,
            port=sshd.port,
            username=sshd.username,
            auth="key_file",
            identity_file=str(sshd.key_path),
        )
    )
    printed = _gpudesk(env, "sessions", "export-ssh-config")
    assert printed.returncode == 0 and "Host gpudesk-my-box" in printed.stdout
    assert not (Path(env["HOME"]) / ".ssh" / "gpudesk_config").exists()  # printing writes nothing

    data = json.loads(_gpudesk(env, "sessions", "export-ssh-config", "--write", "--json").stdout)
    assert data["written"] and data["include"]["present"] is False
    assert [e["host"] for e in data["entries"]] == ["gpudesk-my-box"]

    refused = _gpudesk(env, "open", "My Box", "--with", "code", "--path", "/srv/project")
    assert refused.returncode == 2 and "--add-include" in refused.stderr
    assert not (Path(env["HOME"]) / ".ssh" / "config").exists()

    done = _gpudesk(env, "open", "My Box", "--with", "code", "--path", "/srv/my project", "--add-include")
    assert done.returncode == 0, done.stderr
    assert _recorded(env)[1:] == ["--remote", "ssh-remote+gpudesk-my-box", "/srv/my project"]
    user_config = Path(env["HOME"]) / ".ssh" / "config"
    assert "Include" in user_config.read_text()

    # What VS Code's Remote-SSH does next: OpenSSH through ~/.ssh/config reaches the server.
    reached = subprocess.run(
        ["ssh", "-F", str(user_config), "-o", "BatchMode=yes", "gpudesk-my-box", "echo", "ok"],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert reached.returncode == 0 and reached.stdout.strip() == "ok", reached.stderr

    Path(env["RECORD"]).unlink()
    term = _gpudesk(env, "open", "My Box", "--with", "terminal")
    assert term.returncode == 0, term.stderr
    assert _recorded(env)[1:] == ["-e", "ssh", "gpudesk-my-box"]

    assert _gpudesk(env, "open", "nobody", "--with", "code").returncode == 2
    missing = _gpudesk(env, "open", "My Box", "--with", "cursor")
    assert missing.returncode == 2 and "Cursor was not found" in missing.stderr

    removed = _gpudesk(env, "sessions", "export-ssh-config", "--remove-include")
    assert removed.returncode == 0 and "Include" not in user_config.read_text()


def test_rename_and_delete_reach_the_written_file(sshd, env) -> None:
    store = SessionStore()
    s = store.add(Session(name="old", host=sshd.host, port=sshd.port, username=sshd.username, auth="agent"))
    cfg = Path(env["HOME"]) / ".ssh" / "gpudesk_config"
    store.update(s)
    assert not cfg.exists()  # never written before: a save does not create it
    assert _gpudesk(env, "sessions", "export-ssh-config", "--write").returncode == 0
    s.name = "new name"
    store.update(s)
    assert "Host gpudesk-new-name" in cfg.read_text() and "gpudesk-old" not in cfg.read_text()
    store.remove(s.id)
    assert "gpudesk-new-name" not in cfg.read_text()
