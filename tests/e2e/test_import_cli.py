"""`gpudesk sessions import …` and `gpudesk sessions export` as users' scripts run them (subprocesses)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sessions import SessionStore
from tests.helpers.cli import gpudesk

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"
FIELDS = {"name", "host", "port", "username", "auth", "identity_file", "jump_host", "folder"}


def saved(home: Path) -> SessionStore:
    return SessionStore(home / "config" / "sessions.json")


def test_dry_run_changes_nothing_and_json_has_the_contract_shape(tmp_path: Path) -> None:
    result = gpudesk("sessions", "import", "xshell", str(FIX / "xshell7" / "Sessions"), "--dry-run", "--json", home=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [d["name"] for d in data] == ["a100-01", "a100-02", "h800"]
    assert all(set(d) == FIELDS for d in data)
    assert data[0]["folder"] == "GPU 集群" and data[1]["port"] == 10022 and data[1]["username"] == "训练"
    assert "User Key Manager" in result.stderr and "not imported" in result.stderr  # notes go to stderr
    assert not (tmp_path / "config" / "sessions.json").exists()


def test_import_then_reimport_finds_duplicates(tmp_path: Path) -> None:
    first = gpudesk("sessions", "import", "mobaxterm", str(FIX / "mobaxterm_gbk_chinese.mxtsessions"), home=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "+ 推理节点 1" in first.stdout and "2 non-SSH entries skipped" in first.stdout
    assert "Passwords saved in MobaXterm are not imported" in first.stdout
    store = saved(tmp_path)
    assert {s.name for s in store} == {"训练机-A100", "推理节点 1"}
    node = store.find("推理节点 1")
    assert node.jump_host == "jump@bastion.lab.cn,ops@10.0.0.1:2200" and node.folder == "实验室/GPU服务器"

    again = gpudesk("sessions", "import", "mobaxterm", str(FIX / "mobaxterm_gbk_chinese.mxtsessions"), "--json", home=tmp_path)
    assert again.returncode == 0 and json.loads(again.stdout) == []
    assert "skipped, same server as '推理节点 1'" in again.stderr
    assert len(saved(tmp_path)) == 2


def test_a_bad_file_imports_nothing_and_exits_2(tmp_path: Path) -> None:
    truncated = tmp_path / "cut.reg"
    data = (FIX / "putty_utf16_crlf.reg").read_bytes()
    truncated.write_bytes(data[:-7])  # odd length: cut inside a UTF-16 character
    result = gpudesk("sessions", "import", "putty", str(FIX / "putty_sessions_export.reg"), str(truncated),
                     str(tmp_path / "missing.reg"), home=tmp_path)
    assert result.returncode == 2
    assert "cut.reg is cut off" in result.stderr and "missing.reg does not exist" in result.stderr
    assert "nothing was imported" in result.stderr
    assert not (tmp_path / "config" / "sessions.json").exists()


def test_ssh_config_import_and_export_agree_with_openssh(tmp_path: Path) -> None:
    result = gpudesk("sessions", "import", "ssh-config", str(FIX / "openssh_config_examples.conf"), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(saved(tmp_path)) == 6
    exported = gpudesk("sessions", "export", home=tmp_path)
    assert exported.returncode == 0
    snippet = tmp_path / "exported_config"
    snippet.write_text(exported.stdout)
    assert "Host leibniz" in exported.stdout and "ProxyJump vsc50005@login.hpc.kuleuven.be" in exported.stdout
    if shutil.which("ssh") is None:
        pytest.skip("OpenSSH client not installed")
    out = subprocess.run(["ssh", "-G", "-F", str(snippet), "internal"], capture_output=True, text=True, check=True).stdout
    assert "hostname 10.0.0.5" in out and "user internaluser" in out
    assert "proxyjump bastionuser@bastion.example.com" in out


def test_unknown_format_is_usage_error(tmp_path: Path) -> None:
    result = gpudesk("sessions", "import", "winscp", "x.ini", home=tmp_path)
    assert result.returncode == 2 and "invalid choice" in result.stderr
