"""Hostile session files: names, hosts, users, key paths and jump hosts must not write lines into an
exported ssh config, become ssh options, or drive the terminal when printed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import paramiko
import pytest

from gpudesk.core.ctrlchars import has_control
from gpudesk.core.sessions.export import export_ssh_config
from gpudesk.core.sessions.importers import parse_paths
from gpudesk.core.sessions.importers.plan import apply_plan, build_plan
from gpudesk.core.sessions.model import Session, ValidationError
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.sessions.syncfolder import FILE_NAME, FORMAT, SyncFolder
from tests.helpers.cli import gpudesk

PUTTY_HEAD = "Windows Registry Editor Version 5.00\r\n\r\n"
PUTTY_KEY = "[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\{name}]\r\n"
# A session name is %-escaped in the registry key: %0A is a line feed, %20 a space.
EVIL_NAME = "evil%0AHost%20*%0A%20%20ProxyCommand%20touch%20/tmp/gpudesk-pwned%0A%23"


def putty_reg(tmp_path: Path, sessions: dict[str, dict[str, str]]) -> Path:
    text = PUTTY_HEAD
    for name, values in sessions.items():
        text += PUTTY_KEY.format(name=name)
        text += "".join(f'"{k}"={v}\r\n' for k, v in values.items()) + "\r\n"
    path = tmp_path / "putty.reg"
    path.write_text(text, "utf-8")
    return path


def import_all(fmt: str, path: Path, store: SessionStore) -> list[str]:
    """Import like the dialog does; returns the warnings shown in the preview."""
    results = parse_paths(fmt, [path])
    assert all(r.ok for r in results), [r.error for r in results]
    plan = build_plan(results, store)
    apply_plan(plan, store)
    return plan.warnings


def ssh_hosts(text: str) -> dict[str, dict]:  # type: ignore[type-arg]
    """Every Host block paramiko reads from an exported config, with its options."""
    config = paramiko.SSHConfig()
    config.parse(io.StringIO(text))
    return {" ".join(block["host"]): block["config"] for block in config._config if block.get("host")}


def assert_only_own_lines(text: str, hosts: set[str]) -> None:
    blocks = ssh_hosts(text)
    assert set(blocks) == {"*"} | hosts  # paramiko's implicit global block is "*"
    assert blocks["*"] == {}, "options outside any Host block"
    assert not any("proxycommand" in options for options in blocks.values())
    assert not any(has_control(line) for line in text.splitlines())


def test_putty_name_with_encoded_newline_cannot_inject_into_the_export(tmp_path: Path) -> None:
    reg = putty_reg(tmp_path, {
        EVIL_NAME: {"HostName": '"10.0.0.9"', "UserName": '"root"', "Protocol": '"ssh"'},
        "good": {"HostName": '"10.0.0.1"', "UserName": '"ubuntu"', "Protocol": '"ssh"'},
    })
    store = SessionStore(tmp_path / "sessions.json")
    import_all("putty", reg, store)
    names = {s.name for s in store}
    assert "good" in names and len(names) == 2
    assert not any(has_control(n) for n in names)
    text = export_ssh_config(list(store))
    assert_only_own_lines(text, {"good", "evil-Host-ProxyCommand-touch-/tmp/gpudesk-pwned"})
    assert "\nHost *" not in text and "\n  ProxyCommand" not in text


def test_xshell_continuation_line_in_user_name_is_refused(tmp_path: Path) -> None:
    # INI readers join an indented line to the value before it: "root\nProxyCommand …".
    folder = tmp_path / "Sessions"
    folder.mkdir()
    (folder / "evil.xsh").write_text(
        "[CONNECTION]\nHost=10.0.0.9\nPort=22\n[CONNECTION:AUTHENTICATION]\nUserName=root\n"
        "  ProxyCommand touch /tmp/gpudesk-pwned\n"
    )
    (folder / "good.xsh").write_text("[CONNECTION]\nHost=10.0.0.1\n[CONNECTION:AUTHENTICATION]\nUserName=ubuntu\n")
    results = parse_paths("xshell", [folder])
    sessions = [i.session for r in results for i in r.sessions]
    assert [s.name for s in sessions] == ["good"]
    assert any("evil.xsh" in (r.error + " ".join(r.warnings)) for r in results)
    text = export_ssh_config(sessions)
    assert_only_own_lines(text, {"good"})


def test_option_like_and_shell_hosts_users_and_jumps_are_refused_but_good_ones_kept(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.write_text(
        "Host dash-host\n  HostName -oProxyCommand=touch\n"
        "Host dash-user\n  HostName 10.0.0.2\n  User -oProxyCommand=touch\n"
        "Host dash-jump\n  HostName 10.0.0.3\n  ProxyJump -oProxyCommand=touch\n"
        "Host shell-host\n  HostName a;touch${IFS}x\n"
        "Host good\n  HostName 10.0.0.1\n  User ubuntu\n"
    )
    store = SessionStore(tmp_path / "sessions.json")
    warnings = import_all("ssh-config", config, store)
    assert [s.name for s in store] == ["good"]
    for alias in ("dash-host", "dash-user", "dash-jump", "shell-host"):
        assert any(w.startswith(f"Host {alias} skipped:") for w in warnings), (alias, warnings)

    reg = putty_reg(tmp_path, {
        "via-dash": {"HostName": '"10.0.0.4"', "ProxyMethod": "dword:00000006", "ProxyHost": '"-oProxyCommand=x"'},
        "at-dash": {"HostName": '"-x@-oProxyCommand=x"'},
        "fine": {"HostName": '"10.0.0.5"', "UserName": '"me"'},
    })
    results = parse_paths("putty", [reg])
    assert [i.session.name for i in results[0].sessions] == ["fine"]
    assert sum("skipped" in w for w in results[0].warnings) == 2

    moba = tmp_path / "s.mxtsessions"
    moba.write_text(
        "[Bookmarks]\nSubRep=\nImgNum=42\n"
        "bad= #109#0%-oProxyCommand=x%22%root%%-1%-1%%%%%0%0%0%%%-1%0%0%0%%1080%%0%0%1#MobaFont%10#0# #-1\n"
        "ok= #109#0%10.0.0.6%22%root%%-1%-1%%%%%0%0%0%%%-1%0%0%0%%1080%%0%0%1#MobaFont%10#0# #-1\n"
    )
    results = parse_paths("mobaxterm", [moba])
    assert [i.session.name for i in results[0].sessions] == ["ok"]
    assert any(w.startswith("bad skipped:") for w in results[0].warnings)


def test_control_characters_in_names_and_folders_become_spaces(tmp_path: Path) -> None:
    moba = tmp_path / "s.mxtsessions"
    moba.write_bytes(
        "[Bookmarks]\nSubRep=Lab\x1b[31m\\GPU\u009b\nImgNum=42\n"
        "node\x1b]0;owned\x07 1= #109#0%10.0.0.6%22%root%%-1%-1%%%%%0%0%0%%%-1%0%0%0%%1080%%0%0%1#F%10#0# #-1\n".encode()
    )
    (item,) = parse_paths("mobaxterm", [moba])[0].sessions
    assert not has_control(item.session.name) and not has_control(item.session.folder)
    assert item.session.name == "node ]0;owned  1" and item.session.folder == "Lab [31m/GPU"

    # A file name (the Xshell session name) and a folder name may hold a line break on Linux.
    folder = tmp_path / "xs" / "team\nHost *"
    folder.mkdir(parents=True)
    (folder / "box\r\nProxyCommand x.xsh").write_text("[CONNECTION]\nHost=10.0.0.7\n[CONNECTION:AUTHENTICATION]\nUserName=u\n")
    (item,) = parse_paths("xshell", [tmp_path / "xs"])[0].sessions
    assert (item.session.name, item.session.folder) == ("box ProxyCommand x", "team Host *")

    config = tmp_path / "config"
    config.write_text("Host tab\tx esc\x1bname\n  HostName 10.0.0.8\nHost cr\rname\n  HostName 10.0.0.9\n")
    names = sorted(i.session.name for i in parse_paths("ssh-config", [config])[0].sessions)
    # ESC is part of a word (shown as a space); tab and CR separate words, as OpenSSH splits them.
    assert names == ["cr", "esc name", "name", "tab", "x"]


def test_validation_cleans_labels_and_refuses_control_characters_in_fields() -> None:
    s = Session(name="a\nb\x85c\x7f", host="10.0.0.1", username="root", folder="f\x1b[2J")
    s.validate()
    assert (s.name, s.folder) == ("a b c", "f [2J")
    bad = {
        "host": {"host": "10.0.0.1\x1b"},
        "username": {"username": "root\nProxyCommand touch x"},
        "identity_file": {"identity_file": "~/.ssh/id\nProxyCommand touch x", "auth": "agent"},
        "jump_host": {"jump_host": "ok@b,-oProxyCommand=x"},
        "proxy_command": {"proxy_kind": "command", "proxy_command": "nc %h %p\ntouch x"},
    }
    for field, change in bad.items():
        fields = {"name": "x", "host": "10.0.0.1", "username": "root", **change}
        with pytest.raises(ValidationError) as info:
            Session(**fields).validate()
        assert info.value.field == field
        assert not has_control(str(info.value))


def test_export_leaves_out_unvalidated_hostile_sessions(tmp_path: Path) -> None:
    # Sessions from the sync folder are stored without validation (another computer's key path).
    store = SessionStore(tmp_path / "sessions.json")
    evil = Session(name="evil", host="10.0.0.9", username="root\nHost *\n  ProxyCommand touch /tmp/x")
    jump = Session(name="jump", host="10.0.0.8", jump_host="-oProxyCommand=touch")
    good = Session(name="good", host="10.0.0.1", username="u")
    store.add_many([evil, jump, good], validate=False)
    text = export_ssh_config(list(store))
    assert_only_own_lines(text, {"good"})
    assert "# session evil is left out" in text and "# session jump is left out" in text


def test_sync_folder_names_are_cleaned_on_read(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    session = Session(name="a\nHost *\x1b[2J", host="10.0.0.1", username="u", folder="team\x9b1m").to_json()
    (folder / FILE_NAME).write_text(json.dumps({
        "format": FORMAT, "version": 1, "folders": ["team\x9b1m", "ok"],
        "sessions": {session["id"]: {"modified": 1.0, "session": session}}, "tombstones": {},
    }))
    store = SessionStore(tmp_path / "sessions.json")
    SyncFolder(store, folder, clock=lambda: 100.0).pull()
    (got,) = list(store)
    assert (got.name, got.folder) == ("a Host * [2J", "team 1m")
    assert not any(has_control(f) for f in store.folders)


def test_cli_prints_hostile_names_escaped(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # A session file written by something else (an old version, another tool): not validated on load.
    store = SessionStore(home / "config" / "sessions.json")
    store.add_many([Session(name="title\x1b]0;owned\x07 csi\u009b2J", host="10.0.0.1", folder="f\rx")], validate=False)
    listed = gpudesk("sessions", "list", home=home)
    assert listed.returncode == 0, listed.stderr
    assert not any(has_control(line) for line in listed.stdout.splitlines())
    assert "title\\x1b]0;owned\\x07 csi\\x9b2J" in listed.stdout and "[f\\rx]" in listed.stdout
    as_json = gpudesk("sessions", "list", "--json", home=home)
    assert not any(has_control(line) for line in as_json.stdout.splitlines())
    assert json.loads(as_json.stdout)[0]["name"] == "title\x1b]0;owned\x07 csi\u009b2J"

    reg = putty_reg(tmp_path, {
        EVIL_NAME: {"HostName": '"10.0.0.9"', "UserName": '"root"'},
        "jumpy": {"HostName": '"10.0.0.4"', "ProxyMethod": "dword:00000006", "ProxyHost": '"-oProxyCommand=x"'},
    })
    dry = gpudesk("sessions", "import", "putty", str(reg), "--dry-run", home=tmp_path / "other")
    assert dry.returncode == 0, dry.stderr
    lines = dry.stdout.splitlines()
    assert not any(has_control(line) for line in lines)
    assert not any(line.lstrip().startswith(("Host ", "ProxyCommand")) for line in lines)
    assert any(line.startswith("warning: jumpy skipped:") for line in lines)
